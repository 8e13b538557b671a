"""An action: a small immutable value with a stable integer id and a unique text
(``actions.py`` builds a game's whole space of them).

Apart from the space, in a module the compiled build leaves interpreted: a caller may
build an ``Action`` by hand with any id (a NumPy integer, a float), which ``apply``
must refuse as malformed with the documented error; a compiled class would refuse the
wrong type itself, with a ``TypeError``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``kind`` and ``args`` say what it means; ``text`` is for people."""

    id: int
    kind: str
    args: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.id}, {self.text!r})"


def given_id(action: Action) -> object:
    """``action``'s id as its maker gave it, of any type (``ActionSpace`` checks it):
    read here, in interpreted code, since compiled code reading ``action.id`` would
    first insist that it is an ``int``."""
    return action.id
