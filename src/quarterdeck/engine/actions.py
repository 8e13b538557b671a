"""Actions: small immutable values with a stable integer id and a unique text.

Every game builds its whole action space once, as a tuple indexed by id; an id is
given by what an action means (a card, a seat, a number), never by a position in a
hand or a list, so the same id means the same thing in every state of the game.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import SupportsIndex

from .action import Action, given_id
from .errors import MalformedActionError

__all__ = ["Action", "ActionSpace"]


class ActionSpace:
    """A game's fixed action space: every action it can ever offer, by id."""

    __slots__ = ("_by_text", "actions", "by_meaning")

    def __init__(self, actions: Iterable[tuple[str, tuple[int, ...], str]]) -> None:
        self.actions: tuple[Action, ...] = tuple(
            Action(i, kind, args, text) for i, (kind, args, text) in enumerate(actions)
        )
        #: Each action by its meaning: (kind, args).
        self.by_meaning = {(a.kind, a.args): a for a in self.actions}
        self._by_text = {a.text: a for a in self.actions}
        if len(self._by_text) != len(self.actions) or len(self.by_meaning) != len(self.actions):
            raise ValueError("every action needs a unique meaning and a unique text")

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, action_id: int) -> Action:
        return self.actions[action_id]

    def get(self, kind: str, *args: int) -> Action:
        """The action that means ``kind(*args)``."""
        return self.by_meaning[(kind, args)]

    def from_id(self, action_id: object) -> Action:
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise MalformedActionError(f"an action id must be an integer, not {action_id!r}")
        if not 0 <= action_id < len(self.actions):
            raise MalformedActionError(
                f"action id {action_id} is outside this game's action space "
                f"(0..{len(self.actions) - 1})"
            )
        return self.actions[action_id]

    def from_text(self, text: str) -> Action:
        try:
            return self._by_text[text]
        except KeyError:
            raise MalformedActionError(f"no action of this game reads {text!r}") from None

    def coerce(self, action: object) -> Action:
        """Accept an :class:`Action` of this space, its id, or its text."""
        if isinstance(action, Action):
            # The space's own action is returned, so that a hand-built one whose id is
            # a NumPy integer or True never reaches the history (it must stay JSON).
            own = self._own(given_id(action))
            if own is None or (own is not action and own != action):
                raise MalformedActionError(f"{action!r} is not an action of this game")
            return own
        if isinstance(action, str):
            return self.from_text(action)
        return self.from_id(action)

    def _own(self, action_id: object) -> Action | None:
        """The space's action of a whole-number id (a NumPy integer too), else None."""
        if type(action_id) is int:  # the common case, first: checking a Protocol is slow
            i = action_id
        elif isinstance(action_id, bool) or not isinstance(action_id, SupportsIndex):
            return None
        else:
            i = operator.index(action_id)
        return self.actions[i] if 0 <= i < len(self.actions) else None

    def ids(self, actions: Sequence[Action]) -> list[int]:
        return [a.id for a in actions]
