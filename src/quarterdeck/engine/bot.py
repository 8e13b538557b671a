"""The bot contract: a bot chooses the current player's action.

A bot may read only what its seat may know: ``state.view(seat)``,
``state.legal_actions()``, ``state.pending()`` and ``state.resample(seat, rng)``. It
never reads a state's fields directly, so it cannot see hidden information.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from mypy_extensions import mypyc_attr

from .actions import Action
from .game import State
from .rng import Rng


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's bot, in the compiled build
class Bot(ABC):
    """A player that chooses actions. ``seed`` makes its choices reproducible."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action the bot takes for ``state.current_player``."""

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
