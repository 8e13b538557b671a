"""Quarterdeck's games inside the research frameworks: OpenSpiel, PettingZoo and
Gymnasium.

Each adapter follows every game registered in the engine, through the contract only:
the fixed action space, ``legal_actions``/``apply``, ``resample``, ``to_json`` and the
observation tensor (``Game.observation_layout``, ``State.write_observation``). The
frameworks are optional extras; import an adapter only where its framework is
installed.
"""

from __future__ import annotations

import re
from typing import Any

from quarterdeck.engine import Game, State

JSON = Any


def env_name(game: Game | type[Game]) -> str:
    """A game's name in CamelCase for environment ids: ``BroadSides``,
    ``LetterOfMarque``."""
    words = re.findall(r"[A-Za-z0-9]+", game.title)
    return "".join(w if w[:1].isupper() else w.title() for w in words)


def utility(players: int) -> tuple[float, float, float]:
    """(minimum, maximum, sum) of the returns, by the engine's contract: ±1 and a
    zero sum for two players; winners share 1 otherwise."""
    return (-1.0, 1.0, 0.0) if players == 2 else (0.0, 1.0, 1.0)


def legal_ids(state: State) -> list[int]:
    """The current player's legal action ids, ascending (none once the game is over)."""
    return [] if state.is_terminal() else [a.id for a in state.legal_actions()]
