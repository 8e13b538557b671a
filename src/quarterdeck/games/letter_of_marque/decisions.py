"""The decision table: every kind of decision of Letter of Marque, in one place.

One entry per kind (``phases.DECISIONS``): who decides, the options, how the choice
is carried out, the prompt's words, whether a single option is taken at once, and
the decision's index in the observation tensor's ``phase`` field. The state reads
it for ``current_player``, ``legal_actions``, ``pending`` and settling forced
choices; the tensor lists the kinds in the same order (``phases.PHASES``), and the
heuristic bot keeps one handler per kind (``bot.py``). A test checks that the table,
the bot and the action space cover every kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from quarterdeck.engine import Action

from . import render, turn
from .phases import CHOOSE_SHIP, LAUNCH, OVER, PHASES, PRELIMINARY, TAKE_TURN, TURN
from .table import Position


def whose_turn(s: Position) -> int:
    """The player whose turn it is (in the preliminary turn, the seat choosing)."""
    return s.turn_player


@dataclass(frozen=True)
class Decision:
    """One kind of decision: a row of the table."""

    #: The kind of decision (``phases.DECISIONS``): the state's ``phase`` while it is asked.
    kind: str
    #: What ``Pending.decision`` calls it (public words for people and clients).
    name: str
    #: Who decides.
    who: Callable[[Position], int]
    #: The legal options, in ascending id order.
    options: Callable[[Position], list[Action]]
    #: Carry out one option (a legal action of the deciding seat).
    apply: Callable[[Position, Action], None]
    #: The prompt's words (``render.py``) for the deciding seat.
    prompt: Callable[[Position, int], str]
    #: Whether a single option is taken at once, without asking. Only a decision whose
    #: options tell nothing hidden may be; Letter of Marque takes none at once (see
    #: the entries).
    at_once: bool

    @property
    def tensor(self) -> int:
        """The decision's index in the observation tensor's ``phase`` field."""
        return PHASES.index(self.kind)


DECISIONS: dict[str, Decision] = {
    d.kind: d
    for d in (
        # Asked even when one kind of ship is left: skipping it would tell everybody
        # what the reserve holds.
        Decision(
            PRELIMINARY,
            CHOOSE_SHIP,
            whose_turn,
            turn.ship_options,
            turn.choose_first_ship,
            render.ask_first_ship,
            at_once=False,
        ),
        Decision(
            LAUNCH,
            CHOOSE_SHIP,
            whose_turn,
            turn.ship_options,
            turn.choose_ship,
            render.ask_ship,
            at_once=False,
        ),
        # Public, but a turn is the player's action in the rulebook, and every record
        # of rules version 1 holds it, even a lone pass.
        Decision(
            TURN,
            TAKE_TURN,
            whose_turn,
            turn.turn_options,
            turn.take_turn,
            render.ask_turn,
            at_once=False,
        ),
    )
}

# What the state reads on every step, per phase (``OVER`` included: nobody decides),
# made from the table once: one lookup, then the call.


def _nothing(s: Position) -> list[Action]:
    return []


#: Who decides (``current_player``); ``None`` once the game is over.
WHO: dict[str, Callable[[Position], int] | None] = {
    **{kind: d.who for kind, d in DECISIONS.items()},
    OVER: None,
}
#: The legal options (``legal_actions``); none once the game is over.
OPTIONS: dict[str, Callable[[Position], list[Action]]] = {
    **{kind: d.options for kind, d in DECISIONS.items()},
    OVER: _nothing,
}
#: How a choice is carried out (``apply``).
APPLY: dict[str, Callable[[Position, Action], None]] = {
    kind: d.apply for kind, d in DECISIONS.items()
}
#: The kinds whose single option is taken at once.
AT_ONCE = frozenset(kind for kind, d in DECISIONS.items() if d.at_once)


def settle(s: Position) -> None:
    """Take every single option of a decision taken at once, until a decision is
    asked (or the game is over). Such steps are not recorded: replaying the record
    takes them again."""
    while s.phase in AT_ONCE:
        d = DECISIONS[s.phase]
        options = d.options(s)
        if len(options) != 1:
            break
        d.apply(s, options[0])
