"""The State of Pirate War: it holds one :class:`Table` and implements the engine's
hooks by reading the decision table (``decisions.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Pending, Rng

from . import decisions, scoring, view
from .table import PirateWarGame, Play, Table

JSON = Any
#: The event that starts a turn (``turn.start_turn``).
TURN_EVENT = "turn"


#: Legal actions are listed in id order.
_BY_ID = attrgetter("id")


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class PirateWarState(Play):
    __slots__ = ()

    # -- the contract ------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        t = self.table
        return None if t.over or not t.pending else t.pending[-1].seat

    def _legal_actions(self) -> Sequence[Action]:
        if self.table.over:
            return []
        action_of = self.game.action_of
        legal = [action_of[meaning] for meaning in decisions.options(self)]
        legal.sort(key=_BY_ID)
        return legal

    def pending(self) -> Pending | None:
        t = self.table
        if t.over or not t.pending:
            return None
        d = t.pending[-1]
        return Pending(d.seat, d.kind, decisions.DECISIONS[d.kind].prompt(self, d))

    def _apply(self, action: Action) -> None:
        decisions.decide(self, action.kind, action.args)

    def returns(self) -> list[float]:
        return scoring.returns(self.table, self.num_players)

    def first_seat(self) -> int | None:
        """The winner of the setup roll (PW-2.2): first to choose a race, and first to
        take a turn, since round 1 keeps the setup order (PW-2.9)."""
        order = self.table.setup_order
        return order[0] if order else None

    def turns_played(self) -> int:
        """Turns taken so far, each player's turn in a round (PW-7.1) and every extra
        turn (PW-20.3) counting one; a missed turn counts too (PW-20.1: it is skipped
        to its end, but it is that player's turn). A turn counts from its start (the
        log's "turn" event), so the turn the game ends in is counted."""
        return sum(1 for event in self.events if event.kind == TURN_EVENT)

    # -- information -------------------------------------------------------------------

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        return view.view(self, seat, reveal)

    def _resample(self, seat: int | None, rng: Rng) -> PirateWarState:
        state = self.clone()
        view.redeal(state.table, self.comp, seat, rng)
        return state

    def components(self) -> Counter[str]:
        """The 42 cards, wherever they are (deck, discard, hands, face up)."""
        t = self.table
        counts: Counter[str] = Counter()
        for card in t.deck.draw_pile + t.deck.discards + [c for hand in t.hands for c in hand]:
            counts[f"card {card}"] += 1
        wws = self.comp.card_with("wine-women-song")
        counts[f"card {wws}"] += sum(t.wws)
        return counts

    # -- copies and JSON ---------------------------------------------------------------

    def clone(self) -> PirateWarState:
        other = type(self).__new__(type(self))
        self._clone_base(other)
        other._game_parts(self.game)
        other.table = self.table.clone()
        return other

    def _state_json(self) -> dict[str, JSON]:
        return self.table.to_json()

    @classmethod
    def from_state_json(
        cls, game: PirateWarGame, data: Mapping[str, JSON], players: int
    ) -> PirateWarState:
        state = cls(game, players, 0)
        state.table = Table.from_json(data)
        return state
