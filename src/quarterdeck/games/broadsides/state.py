"""BroadSides' state: a position (``table.py``) that keeps the engine's contract
through the decision table (``decisions.py``).

A turn is a chain of small decisions. ``phase`` names the decision being asked and
``seat`` who asks it; the foe's decisions inside your turn (discarding Aim cards,
losing markers, Evading) are phases of their own. The rules live in the chapters
(``setup.py``, ``turn.py``, ``sets.py``, ``stage1.py``, ``firing.py``,
``losses.py``, ``stage3.py``); the questions about a ship in ``ship.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Pending, Rng

from . import ship
from .decisions import DECISIONS, STEPS
from .losses import win
from .phases import AFT, FORE, LOST
from .render import SEATS
from .setup import set_up
from .table import Position
from .view import resample, view

JSON = Any
__all__ = ["LOST", "BroadSidesState"]


# Open to interpreted subclasses (``clone``: see ``Position``).
@mypyc_attr(allow_interpreted_subclasses=True)
class BroadSidesState(Position):
    __slots__ = ()

    # -- the contract, through the decision table -----------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.seat if self.phase in DECISIONS else None

    def _legal_actions(self) -> Sequence[Action]:
        decision = DECISIONS.get(self.phase)
        if decision is None:  # the game is over
            return []
        space = self.game.action_space
        return [space[i] for i in sorted(set(decision.options(self)))]

    def pending(self) -> Pending | None:
        decision = DECISIONS.get(self.phase)
        if decision is None:
            return None
        return Pending(self.seat, self.phase, decision.prompt(self, SEATS[self.seat]))

    def _apply(self, action: Action) -> None:
        DECISIONS[self.phase].rules[action.kind](self, *action.args)
        self._settle()

    def _settle(self) -> None:
        """Make every forced choice of a public decision at once."""
        space = self.game.action_space
        while True:
            decision = DECISIONS.get(self.phase)
            if decision is None or not decision.public:
                break
            self._legal = None
            options = decision.options(self)
            if len(options) != 1:
                return
            action = space[options[0]]
            decision.rules[action.kind](self, *action.args)
        self._legal = None

    def proceed(self, step: str) -> None:
        STEPS[step](self)

    def set_up(self) -> None:
        """Shuffle both Aim decks, the Disaster tokens and the Target deck."""
        set_up(self)

    # -- questions about the ships (ship.py), for tests and tools ----------------------------

    def zone_count(self, p: int, z: int) -> int:
        return ship.zone_count(self, p, z)

    def zone_counts(self, p: int) -> list[int]:
        return ship.zone_counts(self, p)

    def exposed(self, p: int, z: int) -> Sequence[str]:
        return ship.exposed(self, p, z)

    def penalty(self, p: int, icon: str, zones: Sequence[int] | None = None) -> int:
        return ship.penalty(self, p, icon, zones)

    def can_use_cannon(self, p: int, position: int) -> bool:
        return ship.can_use_cannon(self, p, position)

    def hand_limit(self, p: int) -> int:
        return ship.hand_limit(self, p)

    def missing_planks(self, p: int) -> int:
        return ship.missing_planks(self, p)

    def capacity(self, p: int, position: int) -> int:
        return ship.capacity(self, p, position)

    def ship_markers(self, p: int) -> int:
        return ship.ship_markers(self, p)

    def target_result(self, cannon: int, t: Sequence[int | None]) -> str:
        return ship.target_result(self, cannon, t)

    def _win(self, winner: int, reason: str) -> None:
        win(self, winner, reason)

    # -- results -------------------------------------------------------------------------------

    def first_seat(self) -> int | None:
        return self.first_player

    def turns_played(self) -> int:
        return self.turns

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    # -- information -----------------------------------------------------------------------------

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        return view(self, seat, reveal)

    def bot_view(self, seat: int) -> dict[str, JSON]:
        """``view(seat, log=False)``, its ships drawn part by part as a bot reads them
        (the heuristic captain reads a few parts, thousands of times a second)."""
        self._check_seat(seat)
        return self._envelope(seat, view(self, seat, False, lazy=True), [], lazy=True)

    def _resample(self, seat: int | None, rng: Rng) -> BroadSidesState:
        return resample(self, seat, rng)

    # -- conservation ----------------------------------------------------------------------------

    def components(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for p in range(2):
            for pile in (self.hands[p], self.decks[p], self.discards[p]):
                for card in pile:
                    counts[f"aim {p}:{card}"] += 1
            for slot in self.targets[p]:
                counts[f"target {slot[0]}"] += 1
                for played in (slot[1], slot[3]):
                    if played is not None:
                        counts[f"aim {p}:{played}"] += 1
            for pos in (FORE, AFT):
                for shot in self.loaded[p][pos]:
                    counts[f"shot {shot}"] += 1
            for z, zone in enumerate(self.c.zones):
                counts[f"marker {zone.kind}"] += self.markers[p][z]
            counts[f"officer {p}"] += len(self.officers[p])
            counts[f"disaster {p}"] += len(self.disaster_done[p]) + sum(
                1 for t in self.disasters[p].values() if t is not None
            )
        for target in (*self.target_deck, *self.target_discards):
            counts[f"target {target}"] += 1
        for shot, n in enumerate(self.bag):
            counts[f"shot {shot}"] += n
        for shot in self.tray:
            counts[f"shot {shot}"] += 1
        for kind, n in zip(("rigging", "deck", "hull"), self.supply, strict=True):
            counts[f"marker {kind}"] += n
        return +counts
