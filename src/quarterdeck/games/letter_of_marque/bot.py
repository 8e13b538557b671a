"""A heuristic Letter of Marque captain that plays like a sensible person.

It reads only its own seat's view: it guards its richest treasures with armed ships,
brings rich defenceless ships home before they are raided, and fires only where the
odds that a ship is defenceless make the shot worth a cannon card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quarterdeck.engine import Action, Bot, State

from .phases import ARRIVE, AT_SEA, ATTACK, LAUNCH, LEAVE, PASS, PRELIMINARY, SAIL, TURN

JSON = Any

# A shot is taken when (chance defenceless × treasure) − (chance armed × the point
# it gives away) reaches this much.
GOOD_SHOT = 2.0
# A defenceless ship on at least this much treasure hurries home.
RICH = 5


def chance_armed(fleet: JSON, armed_ships: int) -> float:
    """Chance that one of this fleet's unrevealed ships is armed, from public facts."""
    ships = fleet["ships"]
    unknown = fleet["reserve"] + sum(1 for s in ships if not s["revealed"])
    armed_left = armed_ships - sum(1 for s in ships if s["revealed"] and s["armed"])
    return armed_left / unknown if unknown else 0.0


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

    def _choose_ship(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], state: State
    ) -> Action:
        """Armed ships go with the richest treasures still to sail."""
        launches = by_kind[SAIL]
        if len(launches) == 1:
            return launches[0]
        me = view["fleets"][seat]
        to_sail = sorted([me["drawn"], *me["deck_treasures"]], reverse=True)
        armed_left = me["reserve_armed"]
        want_armed = me["drawn"] in to_sail[:armed_left]
        # Now and then do the unexpected, so the others cannot read the bases.
        if self.rng.below(8) == 0:
            want_armed = not want_armed
        return next(a for a in launches if a.args == ((1,) if want_armed else (0,)))

    def _take_turn(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], state: State
    ) -> Action:
        fleets = view["fleets"]
        armed_ships = (
            sum(1 for s in fleets[seat]["ships"] if s["armed"]) + fleets[seat]["reserve_armed"]
        )
        shots = []
        for action in by_kind.get(ATTACK, []):
            target, treasure = action.args
            ship = next(
                s
                for s in fleets[target]["ships"]
                if s["status"] == AT_SEA and s["treasure"] == treasure
            )
            p_armed = 1.0 if ship["revealed"] else chance_armed(fleets[target], armed_ships)
            shots.append(((1 - p_armed) * treasure - p_armed, action))
        best_shot = max(shots, key=lambda s: s[0], default=None)
        if best_shot and best_shot[0] >= GOOD_SHOT:
            return best_shot[1]
        mine = {s["treasure"]: s for s in fleets[seat]["ships"] if s["status"] == AT_SEA}
        arrivals = sorted(by_kind.get(ARRIVE, []), key=lambda a: -a.args[0])
        at_risk = [a for a in arrivals if not mine[a.args[0]]["armed"] and a.args[0] >= RICH]
        if at_risk:
            return at_risk[0]
        if LEAVE in by_kind:
            return by_kind[LEAVE][0]
        # Nothing left to send out: bring the most exposed ship home, keeping
        # unrevealed armed ships at sea as bait while anyone still has cannons.
        someone_can_shoot = any(f["cannons"] for f in fleets if f["seat"] != seat)
        for action in arrivals:
            ship = mine[action.args[0]]
            if not ship["armed"] or ship["revealed"] or not someone_can_shoot:
                return action
        if best_shot and best_shot[0] > 0:
            return best_shot[1]
        if arrivals:
            return arrivals[-1]
        if PASS in by_kind:
            return by_kind[PASS][0]
        return state.legal_actions()[0]


#: What the captain does for each kind of decision (``phases.DECISIONS``; a test checks
#: that every kind of the decision table has its handler).
DECIDE: dict[str, Callable[[HeuristicBot, JSON, int, dict[str, list[Action]], State], Action]] = {
    PRELIMINARY: HeuristicBot._choose_ship,
    LAUNCH: HeuristicBot._choose_ship,
    TURN: HeuristicBot._take_turn,
}
