"""Letter of Marque's heuristic captain: one that reads the table.

It reads only its own seat's view (``bot_view``), the legal actions and the components;
what it believes of a foe's bases comes from public facts (``belief.py``).

- **Its own bases** follow no fixed pattern: each ship's kind is drawn with its own
  generator, guarding a treasure just often enough that no ship of its fleet is a
  better target than another (``belief.unreadable``).
- **Shots** are worth what they are expected to bring under the belief: the treasure
  (won, and lost to its owner) if the ship is defenceless, a cannon card given away
  if it is armed. A cannon card is spent on the best shot at sea only if that shot is
  among the best its cannons can still expect (ships still to sail count, discounted)
  and worth more than keeping the card; otherwise the cards are kept.
- **Its own ships**: defenceless ships hurry home; armed ones stay at sea as bait until
  there is nothing else to do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Bot, State

from .belief import (
    FleetBelief,
    Style,
    at_random,
    chance_armed,
    coin,
    fleet_belief,
    guards_the_rich,
    unreadable,
)
from .components import Components
from .phases import ARRIVE, AT_SEA, ATTACK, LAUNCH, LEAVE, PASS, PRELIMINARY, SAIL, TURN
from .table import components_of

JSON = Any

# What the captain expects of a foe's placement before it has seen a base, by style:
# at random, even odds, guarding the rich, unreadable (as it plays itself).
PRIOR = (0.25, 0.1, 0.4, 0.25)
# A ship still to sail is a shot we may never get (it comes home first, or another
# captain takes it): such shots count for this much of their worth. In trials against
# the old heuristic (4 players, 600 games), 0.6 fired on 95% of its first turns and won
# 33% of its seats; 0.8 to 1.0 fired on 40-60% and won 38-39%.
LATER = 0.9
# An unfired cannon card's own worth: it breaks ties, and covers shots not foreseen.
KEEP = 0.5
# The chance that each foe holding cannon cards fires at a given defenceless ship of
# ours during one round: what leaving it at sea one more round risks.
RAID = 0.12


@dataclass(frozen=True)
class Shot:
    action: Action
    treasure: int
    defenceless: float  # the chance under the belief
    worth: float


def shot_worth(defenceless: float, treasure: int, rivals: int) -> float:
    """Points over the average rival a shot is expected to bring: if the ship is
    defenceless, its treasure goes to us (and is lost to its owner, one of our rivals);
    if armed, its owner keeps our cannon card, a point."""
    share = 1 / rivals
    return defenceless * treasure * (1 + share) - (1 - defenceless) * share


def styles_of(c: Components) -> tuple[Style, ...]:
    return (at_random, coin, guards_the_rich, unreadable(c.treasure_values, c.armed_ships))


def belief_of(fleet: JSON, c: Components) -> FleetBelief:
    """What this seat may believe of ``fleet``'s bases: from its launches (treasure,
    and the base if revealed) and its treasures still to sail."""
    launches = tuple((s["treasure"], s["armed"] if s["revealed"] else None) for s in fleet["ships"])
    to_sail = tuple(
        sorted(fleet["deck_treasures"] + [t for t in [fleet["drawn"]] if t is not None])
    )
    return fleet_belief(launches, to_sail, c.armed_ships, styles_of(c), PRIOR)


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        view = state.bot_view(seat)
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions():
            by_kind.setdefault(action.kind, []).append(action)
        return DECIDE[view["phase"]](self, view, seat, by_kind, state)

    # -- A ship leaves (and the preliminary turn): which ship sails ----------------------

    def _choose_ship(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], state: State
    ) -> Action:
        """Drawn with our own generator, so that no pattern can be read from our launches."""
        launches = by_kind[SAIL]
        if len(launches) == 1:
            return launches[0]
        c = components_of(state.game)
        me = view["fleets"][seat]
        to_sail = tuple(sorted([me["drawn"], *me["deck_treasures"]]))
        style = unreadable(c.treasure_values, c.armed_ships)
        p = chance_armed(style, me["drawn"], to_sail, me["reserve_armed"])
        armed = self.rng.next_u32() < p * 2**32
        return next(a for a in launches if a.args == ((1,) if armed else (0,)))

    # -- A player's turn ----------------------------------------------------------------

    def _take_turn(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], state: State
    ) -> Action:
        fleets = view["fleets"]
        mine = [s for s in fleets[seat]["ships"] if s["status"] == AT_SEA]
        exposed = sorted(
            (s["treasure"] for s in mine if not s["armed"] and not s["revealed"]), reverse=True
        )
        if ATTACK in by_kind:
            shot = self._shot_worth_firing(fleets, seat, by_kind[ATTACK], exposed, state)
            if shot is not None:
                return shot
        arrivals = {a.args[0]: a for a in by_kind.get(ARRIVE, [])}
        if exposed:  # a defenceless ship hurries home, the richest first
            return arrivals[exposed[0]]
        if LEAVE in by_kind:
            return by_kind[LEAVE][0]
        # Nothing to sail and nothing exposed: the bait comes home one by one, then we
        # pass (holding our cannon cards for the ships still to sail).
        if arrivals:
            return arrivals[self._bait_to_bring_home(mine)]
        return by_kind[PASS][0]

    def _shot_worth_firing(
        self, fleets: JSON, seat: int, attacks: list[Action], exposed: list[int], state: State
    ) -> Action | None:
        """The best shot at sea, if it beats keeping the card and the risk to our own
        exposed ship, and is among the best shots our cannons can still expect."""
        c = components_of(state.game)
        rivals = len(fleets) - 1
        beliefs = {f["seat"]: belief_of(f, c) for f in fleets if f["seat"] != seat}
        best = max(self._shots(fleets, beliefs, attacks, rivals), key=lambda s: s.worth)
        # Firing now leaves our richest exposed ship at sea one more round.
        raiders = sum(1 for f in fleets if f["seat"] != seat and f["cannons"])
        risk = min(1.0, RAID * raiders) * exposed[0] * (1 + 1 / rivals) if exposed else 0.0
        if best.worth <= KEEP + risk:
            return None
        better_later = sum(1 for worth in self._shots_later(beliefs, rivals) if worth > best.worth)
        return best.action if better_later < fleets[seat]["cannons"] else None

    @staticmethod
    def _shots(
        fleets: JSON, beliefs: dict[int, FleetBelief], attacks: list[Action], rivals: int
    ) -> list[Shot]:
        """Every legal attack, with its target's chance of being defenceless."""
        shots = []
        for action in attacks:
            target, treasure = action.args
            ships = fleets[target]["ships"]
            i = next(
                i
                for i, s in enumerate(ships)
                if s["status"] == AT_SEA and s["treasure"] == treasure
            )
            defenceless = 1 - beliefs[target].armed[i]
            shots.append(
                Shot(action, treasure, defenceless, shot_worth(defenceless, treasure, rivals))
            )
        return shots

    @staticmethod
    def _shots_later(beliefs: dict[int, FleetBelief], rivals: int) -> list[float]:
        """The worth of a shot at each foe ship still to sail, discounted (``LATER``)."""
        return [
            LATER * shot_worth(1 - armed, t, rivals)
            for belief in beliefs.values()
            for t, armed in belief.next_armed
        ]

    @staticmethod
    def _bait_to_bring_home(mine: list[JSON]) -> int:
        """Which armed ship comes home first: one already revealed (nobody will fire at
        it again), else the poorest (a rich ship is the better bait)."""
        ship = min(mine, key=lambda s: (not s["revealed"], s["treasure"]))
        treasure: int = ship["treasure"]
        return treasure


#: What the captain does for each kind of decision (``phases.DECISIONS``; a test checks
#: that every kind of the decision table has its handler).
DECIDE: dict[str, Callable[[HeuristicBot, JSON, int, dict[str, list[Action]], State], Action]] = {
    PRELIMINARY: HeuristicBot._choose_ship,
    LAUNCH: HeuristicBot._choose_ship,
    TURN: HeuristicBot._take_turn,
}
