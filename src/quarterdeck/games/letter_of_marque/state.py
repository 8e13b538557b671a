"""The State of Letter of Marque: the table (``table.py``) with the engine's hooks.

Each hook reads the decision table (``decisions.py``) or hands the work to the module
that owns it: the rules (``turn.py``, ``scoring.py``), the view (``view.py``). What is
left here is the state's own business: resampling what a seat cannot know, and
counting the components.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Pending, Rng

from . import scoring, turn, view
from .decisions import APPLY, AT_ONCE, DECISIONS, OPTIONS, WHO, settle
from .phases import AT_SEA, LAUNCHED, OVER, SAIL
from .table import Position, components_of

JSON = Any


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class LetterOfMarqueState(Position):
    __slots__ = ()

    def set_up(self) -> None:
        """Shuffle every treasure deck; everybody turns up their top treasure at once."""
        turn.set_up(self)

    # -- the contract: read from the decision table ------------------------------------

    @property
    def current_player(self) -> int | None:
        who = WHO[self.phase]
        return None if who is None else who(self)

    def _legal_actions(self) -> Sequence[Action]:
        return OPTIONS[self.phase](self)

    def pending(self) -> Pending | None:
        decision = DECISIONS.get(self.phase)
        if decision is None:
            return None
        seat = decision.who(self)
        return Pending(seat, decision.name, decision.prompt(self, seat))

    def _apply(self, action: Action) -> None:
        APPLY[self.phase](self, action)
        if self.phase in AT_ONCE:
            settle(self)

    # -- results --------------------------------------------------------------------------

    def points(self) -> list[int]:
        return scoring.points(self)

    def tiebreak_cannons(self) -> list[int]:
        return scoring.tiebreak_cannons(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def first_seat(self) -> int | None:
        return self.first_player

    def turns_played(self) -> int:
        return self.turns

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.num_players)]

    # -- information ----------------------------------------------------------------------

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        return view.view(self, seat, reveal)

    def _resample(self, seat: int | None, rng: Rng) -> LetterOfMarqueState:
        """Redraw what ``seat`` cannot know: every deck's order (nobody knows it) and,
        for every other player, which of their unrevealed ships are armed."""
        state = self.clone()
        for deck in state.decks:
            # Sorted first, so that the result depends only on what the seat knows.
            deck.sort()
            rng.shuffle(deck)
        for p in range(self.num_players):
            if p != seat:
                state._redraw_bases(p, rng)
        state._rewrite_launches()
        return state

    def _rewrite_launches(self) -> None:
        """Keep the history true of the redrawn bases: every launch decision names the
        kind of ship that sailed, in the order of the launch events."""
        space = self.game.action_space
        launches = (e for e in self.events if e.kind == LAUNCHED)
        for n, action_id in enumerate(self.history):
            if space[action_id].kind == SAIL:
                event = next(launches)
                ship = self.fleets[event.data["seat"]][event.data["ship"]]
                self.history[n] = space.get(SAIL, int(ship.armed)).id

    def _redraw_bases(self, p: int, rng: Rng) -> None:
        unknown = [ship for ship in self.fleets[p] if not ship.revealed]
        reserve = sum(self.reserves[p])
        armed_left = components_of(self.game).armed_ships - sum(
            ship.armed for ship in self.fleets[p] if ship.revealed
        )
        slots = len(unknown) + reserve  # one slot per physical ship, reserve ships last
        armed_slots = set(rng.sample(range(slots), armed_left))
        for i, ship in enumerate(unknown):
            ship.armed = i in armed_slots
        reserve_armed = sum(1 for i in armed_slots if i >= len(unknown))
        self.reserves[p] = [reserve_armed, reserve - reserve_armed]
        # The owner's log said which ships were armed: the engine strips those secrets
        # from the log of the guess.

    # -- conservation ---------------------------------------------------------------------

    def components(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for p in range(self.num_players):
            for value in self.decks[p]:
                counts[f"treasure {p}:{value}"] += 1
            if self.drawn[p] is not None:
                counts[f"treasure {p}:{self.drawn[p]}"] += 1
            for ship in self.fleets[p]:
                counts[f"ship {p}"] += 1
                counts[f"armed ship {p}"] += ship.armed
                if ship.status == AT_SEA:
                    counts[f"treasure {p}:{ship.treasure}"] += 1
            counts[f"ship {p}"] += sum(self.reserves[p])
            counts[f"armed ship {p}"] += self.reserves[p][0]
            for owner, value in self.treasure_piles[p]:
                counts[f"treasure {owner}:{value}"] += 1
            for owner in self.cannon_piles[p]:
                counts[f"cannon {owner}"] += 1
            counts[f"cannon {p}"] += self.cannons[p] + self.removed_cannons[p]
        return +counts
