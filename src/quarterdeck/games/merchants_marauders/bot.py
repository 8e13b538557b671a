"""A heuristic Merchants & Marauders captain.

It reads only its seat's view (``bot_view``), the legal actions and the game's
components and map: never the table, so never another seat's gold, stash, glory cards
or rumor, nor a face-down token. It trades for demand (buys goods demanded elsewhere,
sells where they are demanded, three at a time for glory), stashes its gold at home
for stash points, takes missions and rumors it is offered, repairs, buys a Frigate or
Galleon when it can, raids merchants and fights when its ship is the stronger, and
flees when it is the weaker. One handler per decision kind, found in ``DECIDE`` (a
test checks that every kind of the decision table has one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Bot, State

from .components import CANNONS, CARGO, CREW, HULL, MASTS, Components
from .map import SeaMap
from .phases import (
    ACTION,
    AMMO,
    BOARD,
    BUY,
    CARPENTER,
    CHOOSE_SHIP,
    CHOOSE_WEAPON,
    DECLARE,
    DISCARD_CARGO,
    DISCARD_GLORY,
    DISCARD_RUMOR,
    FLEE,
    FORTUNE,
    FRIGATE_OR_GOLD,
    GRAPPLE,
    HAZARD_REINFORCE,
    HIDDEN_COVE,
    KEEP_CAPTAIN,
    KEEP_CARGO,
    KEEP_MODIFICATIONS,
    MERCHANT_NATION,
    MISSION,
    PILOT,
    PLACE_MODIFICATION,
    PORT_FEE,
    RAID_OR_PEACE,
    RAID_REINFORCE,
    RAID_SPEND,
    RAID_WEAPON,
    RECRUIT,
    REINFORCE,
    REROLL,
    RETURN_BOUNTY,
    REWARD_NATION,
    RUMOR,
    SELL,
    SHIPYARD,
    SHOOT,
    SKULL_HIT,
    STASH,
    TAKE_SHIP,
    TARGET_CAPTAIN,
    TARGET_MERCHANT,
    TARGET_NPC,
    TARGET_RUMOR,
)

JSON = Any
ByKind = dict[str, list[Action]]

#: Gold kept on board for repairs, crew and the next load of goods.
WORKING_GOLD = 8
#: Gold that buys a Frigate or Galleon (35, less the old ship's price) and leaves some.
BIG_SHIP_GOLD = 32


def strength(values: list[int]) -> int:
    """A ship's fighting value from its public values: guns, crew and hull."""
    return 2 * values[CANNONS] + values[CREW] + values[HULL] + values[MASTS] // 2


def damaged(me: JSON) -> bool:
    values, maxima = me["values"], me["maxima"]
    return any(values[loc] < maxima[loc] for loc in (CANNONS, MASTS, HULL)) or (
        values[CREW] < maxima[CREW]
    )


class _Data(Protocol):
    """What the bot reads of the game: its components and map (never the state)."""

    components: Components
    sea: SeaMap


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        view = state.bot_view(seat)
        by_kind: ByKind = {}
        for action in state.legal_actions():
            by_kind.setdefault(action.kind, []).append(action)
        if len(by_kind) == 1 and len(next(iter(by_kind.values()))) == 1:
            return next(iter(by_kind.values()))[0]
        game = cast(_Data, state.game)
        return DECIDE[view["decision"]](Seen(view, seat, game.components, game.sea), by_kind)


class Seen:
    """What the bot knows: its view, its seat, the components and the map."""

    def __init__(self, view: JSON, seat: int, c: Components, sea: SeaMap) -> None:
        self.view = view
        self.seat = seat
        self.c = c
        self.sea = sea
        self.me: JSON = view["captains"][seat]
        self.zone = sea.names.index(self.me["zone"])

    # -- what it reads of the board ------------------------------------------------

    def demand(self) -> dict[int, int]:
        """Zone -> the good demanded there."""
        goods = self.c.goods
        return {
            z: goods.index(zone["demand"])
            for z, zone in enumerate(self.view["zones"])
            if zone["demand"] is not None
        }

    def demanded_elsewhere(self, good: int) -> bool:
        return any(g == good for z, g in self.demand().items() if z != self.zone)

    def wanted_at(self, zone: int) -> bool:
        """A bounty of the port's nation keeps us out (MM-5.2; home stays open)."""
        nation = self.sea.nations[zone]
        if nation is None or zone == self.home():
            return False
        return bool(self.me["bounties"].get(self.c.nations[nation].name, 0))

    def gold(self) -> int:
        return int(self.me.get("gold", 0))

    def home(self) -> int:
        nation = next(n for n in self.c.nations if n.name == self.me["nation"])
        return nation.home_port

    def my_goods(self) -> list[int]:
        return [self.good_of_name(name) for name in self.me["cargo"]]

    def good_of_name(self, name: str) -> int:
        return self.c.goods.index(name.rsplit("-", 1)[0].lower())

    def my_strength(self) -> int:
        return strength(self.me["values"])

    def enemy_values(self) -> list[int]:
        """The other side's values in the combat under way."""
        cb = self.view["combat"]
        sides = cb["sides"]
        other = sides[1] if sides[0] == self.seat else sides[0]
        if isinstance(other, int):
            return list(self.view["captains"][other]["values"])
        return list(cb["npc_values"])

    def my_combat_values(self) -> list[int]:
        """Our side's values: our ship, or the NPC we decide for."""
        cb = self.view["combat"]
        if self.seat in cb["sides"]:
            return list(self.me["values"])
        return list(cb["npc_values"])

    def their_combat_values(self) -> list[int]:
        cb = self.view["combat"]
        if self.seat in cb["sides"]:
            return self.enemy_values()
        side = next(s for s in cb["sides"] if isinstance(s, int))
        return list(self.view["captains"][side]["values"])

    def step_towards(self, moves: list[Action], target: int) -> Action | None:
        best = min(moves, key=lambda a: (self.sea.distances[a.args[0]][target], a.args[0]))
        if self.sea.distances[best.args[0]][target] < self.sea.distances[self.zone][target]:
            return best
        return None


def first(by_kind: ByKind, *kinds: str) -> Action | None:
    for kind in kinds:
        if kind in by_kind:
            return by_kind[kind][0]
    return None


def done_or_first(by_kind: ByKind) -> Action:
    return first(by_kind, "done") or next(iter(by_kind.values()))[0]


# -- the turn ------------------------------------------------------------------------


def take_action(s: Seen, by_kind: ByKind) -> Action:
    """MM-3.3: specialists first, then port business, a fight worth having, a trade
    route; else end the turn."""
    me = s.me
    if "play-specialist" in by_kind:
        return by_kind["play-specialist"][0]
    gold = s.gold()
    goods = s.my_goods()
    demand = s.demand()
    here_wants = demand.get(s.zone)
    port = first(by_kind, "port", "port-pay")
    if port is not None:
        sells = here_wants is not None and here_wants in goods
        wants_stash = s.zone == s.home() and gold > WORKING_GOLD + 5
        needs_fix = damaged(me) and gold >= 4
        buys = not goods and gold >= 4
        if sells or wants_stash or needs_fix or buys or gold >= BIG_SHIP_GOLD:
            return port
    scouts = {a.args[0]: a for a in by_kind.get("scout", [])}
    if TARGET_RUMOR in scouts:
        return scouts[TARGET_RUMOR]
    mine = s.my_strength()
    if (
        TARGET_MERCHANT in scouts
        and me["values"][CANNONS] >= 2
        and len(goods) < me["values"][CARGO]
    ):
        return first(by_kind, "scout-spanish") or scouts[TARGET_MERCHANT]
    for target, action in sorted(scouts.items()):
        if TARGET_CAPTAIN <= target < TARGET_NPC:
            other = s.view["captains"][target - TARGET_CAPTAIN]
            if mine >= strength(other["values"]) + 4 and other["cargo"]:
                return action
        elif TARGET_NPC <= target < TARGET_RUMOR:
            npc = s.c.npcs[target - TARGET_NPC]
            if npc.pirate and mine >= 12:
                return action
    moves = by_kind.get("move", [])
    if moves:
        goal = destination(s)
        if goal is not None:
            step = s.step_towards(moves, goal)
            if step is not None:
                return step
    if "play-glory" in by_kind:
        return by_kind["play-glory"][0]
    return by_kind["end-turn"][0]


def destination(s: Seen) -> int | None:
    """Where the captain is heading: a port demanding its cargo, home with gold to
    stash, a port to repair or buy in, or a merchant to raid."""
    me = s.me
    gold = s.gold()
    goods = s.my_goods()
    distances = s.sea.distances[s.zone]
    open_ports = [z for z in range(len(s.sea)) if s.sea.has_port[z] and not s.wanted_at(z)]
    if damaged(me) and me["values"][HULL] <= 1 and gold >= 2:
        ports = [z for z in open_ports if z != s.zone] or open_ports
        return min(ports, key=lambda z: (distances[z], z)) if ports else None
    demand = s.demand()
    selling = [z for z, g in demand.items() if g in goods and z in open_ports]
    if selling:
        return min(selling, key=lambda z: (distances[z], z))
    if gold > WORKING_GOLD + 10 and s.home() in open_ports:
        return s.home()
    merchants = [z for z, zone in enumerate(s.view["zones"]) if zone["merchant"]]
    if me["values"][CANNONS] >= 2 and merchants and len(goods) < me["values"][CARGO]:
        return min(merchants, key=lambda z: (distances[z], z))
    if open_ports:
        others = [z for z in open_ports if z != s.zone] or open_ports
        return min(others, key=lambda z: (distances[z], z))
    return None


# -- merchants ---------------------------------------------------------------------------


def merchant_nation(s: Seen, by_kind: ByKind) -> Action:
    """Announce a nation other than our own if we may (no bounty from our own)."""
    own = next(n for n, nation in enumerate(s.c.nations) if nation.name == s.me["nation"])
    options = by_kind["nation"]
    return next((a for a in options if a.args[0] != own), options[0])


def raid_or_peace(s: Seen, by_kind: ByKind) -> Action:
    if "raid" in by_kind and s.me["values"][CANNONS] >= 1 and s.me["values"][HULL] >= 2:
        return by_kind["raid"][0]
    return by_kind["let-go"][0]


def raid_spend(s: Seen, by_kind: ByKind) -> Action:
    """Draw more cards while successes last; cheap cards are exchanged."""
    if "raid-draw" in by_kind and len(s.view["raid"]["cards"]) < 5:
        return by_kind["raid-draw"][0]
    return done_or_first(by_kind)


def keep_cargo(s: Seen, by_kind: ByKind) -> Action:
    """Keep cards of goods demanded elsewhere."""
    for action in by_kind.get("keep", []):
        if s.demanded_elsewhere(s.c.cargo[action.args[0]].good):
            return action
    return done_or_first(by_kind)


def discard_cargo(s: Seen, by_kind: ByKind) -> Action:
    """Throw away the card no port wants, else the first."""
    options = by_kind["discard-cargo"]
    return min(options, key=lambda a: (s.demanded_elsewhere(s.c.cargo[a.args[0]].good), a.id))


# -- combat ------------------------------------------------------------------------------


def declare(s: Seen, by_kind: ByKind) -> Action:
    """Shoot when the guns are the better, Board when the crew is, Flee when weak."""
    options = {a.args[0]: a for a in by_kind["declare"]}
    mine, theirs = s.my_combat_values(), s.their_combat_values()
    weak = strength(mine) + 2 < strength(theirs) or mine[HULL] <= 1
    if weak and FLEE in options:
        return options[FLEE]
    if BOARD in options and mine[CREW] > theirs[CREW] and mine[CANNONS] <= theirs[CANNONS]:
        return options[BOARD]
    if SHOOT in options:
        return options[SHOOT]
    return next(iter(options.values()))


def skull_hit(s: Seen, by_kind: ByKind) -> Action:
    """A skull is placed by the target's side (MM-9.1): where it hurts least, cargo
    and masts first, never the hull while anything else can take it."""
    options = by_kind["skull"]
    cb = s.view.get("combat")
    values = s.me["values"] if cb is None or s.seat in cb["sides"] else cb["npc_values"]
    order = (CARGO, MASTS, CANNONS, CREW, HULL)
    return min(options, key=lambda a: (order.index(a.args[0]), -values[a.args[0]]))


def reinforce(s: Seen, by_kind: ByKind) -> Action:
    """Absorb a hit on the Hull first, then any."""
    absorbs = by_kind.get("absorb", [])
    for action in absorbs:
        if action.args[0] == HULL:
            return action
    return absorbs[0] if absorbs else done_or_first(by_kind)


def take_ship(s: Seen, by_kind: ByKind) -> Action:
    """Keep our ship (the other's damage comes with theirs)."""
    return done_or_first(by_kind)


# -- the port ------------------------------------------------------------------------------


def sell(s: Seen, by_kind: ByKind) -> Action:
    """Sell what is demanded here; sell the rest when no other port wants it."""
    here = s.demand().get(s.zone)
    for action in by_kind.get("sell", []):
        good = s.c.cargo[action.args[0]].good
        if good == here or not s.demanded_elsewhere(good):
            return action
    return done_or_first(by_kind)


def buy(s: Seen, by_kind: ByKind) -> Action:
    """Draw, then buy goods demanded elsewhere while there is room and gold."""
    if "buy-goods" in by_kind:
        if s.gold() >= 3 and len(s.me["cargo"]) < s.me["values"][CARGO]:
            return by_kind["buy-goods"][0]
        return done_or_first(by_kind)
    if len(s.me["cargo"]) < s.me["values"][CARGO]:
        wanted = [
            a for a in by_kind.get("buy", []) if s.demanded_elsewhere(s.c.cargo[a.args[0]].good)
        ]
        if wanted:
            goods = s.my_goods()
            return max(wanted, key=lambda a: (goods.count(s.c.cargo[a.args[0]].good), -a.id))
    return done_or_first(by_kind)


def shipyard(s: Seen, by_kind: ByKind) -> Action:
    """A Frigate or Galleon when affordable, then repairs, then a weapon if rich."""
    for action in by_kind.get("buy-ship", []):
        if s.c.ships[action.args[0]].name in ("Frigate", "Galleon") and (
            s.c.ships[action.args[0]].name != s.me["ship"]
        ):
            return action
    repairs = by_kind.get("repair", [])
    if repairs:
        values, maxima = s.me["values"], s.me["maxima"]
        return max(
            repairs, key=lambda a: (a.args[0] == HULL, maxima[a.args[0]] - values[a.args[0]])
        )
    if "refresh" in by_kind and s.gold() > WORKING_GOLD:
        return by_kind["refresh"][0]
    if "buy-modification" in by_kind and s.gold() > WORKING_GOLD + 4:
        return by_kind["buy-modification"][0]
    return done_or_first(by_kind)


def recruit(s: Seen, by_kind: ByKind) -> Action:
    if s.me["values"][CREW] < s.me["maxima"][CREW]:
        return first(by_kind, "recruit", "hire") or done_or_first(by_kind)
    return done_or_first(by_kind)


def rumor(s: Seen, by_kind: ByKind) -> Action:
    if "investigate" in by_kind:
        return by_kind["investigate"][0]
    if "try-rumor" in by_kind and s.gold() >= WORKING_GOLD:
        return by_kind["try-rumor"][0]
    return done_or_first(by_kind)


def mission(s: Seen, by_kind: ByKind) -> Action:
    return first(by_kind, "mission") or done_or_first(by_kind)


def stash(s: Seen, by_kind: ByKind) -> Action:
    """Stash all but the working gold, the largest transfer first."""
    spare = s.gold() - WORKING_GOLD
    ins = [a for a in by_kind.get("stash", []) if 0 < a.args[0] <= spare]
    if ins:
        return max(ins, key=lambda a: a.args[0])
    return done_or_first(by_kind)


# -- small choices ------------------------------------------------------------------------


def choose_ship(s: Seen, by_kind: ByKind) -> Action:
    """The Flute: twice the hold, for trade."""
    ships = by_kind["ship"]
    return next((a for a in ships if s.c.ships[a.args[0]].name == "Flute"), ships[0])


def keep_captain(s: Seen, by_kind: ByKind) -> Action:
    return by_kind["keep-captain"][0]


def use_it(kind: str) -> Callable[[Seen, ByKind], Action]:
    """Take the ``kind`` option when offered, else done."""

    def handler(s: Seen, by_kind: ByKind) -> Action:
        return first(by_kind, kind) or done_or_first(by_kind)

    return handler


def decline(s: Seen, by_kind: ByKind) -> Action:
    return done_or_first(by_kind)


def any_first(s: Seen, by_kind: ByKind) -> Action:
    return min((a for options in by_kind.values() for a in options), key=lambda a: a.id)


def hidden_cove(s: Seen, by_kind: ByKind) -> Action:
    """Foil the scout when our ship is the weaker."""
    if "play-glory" in by_kind and s.my_strength() < 10:
        return by_kind["play-glory"][0]
    return done_or_first(by_kind)


def carpenter(s: Seen, by_kind: ByKind) -> Action:
    values, maxima = s.me["values"], s.me["maxima"]
    return max(
        by_kind["repair"], key=lambda a: (a.args[0] == HULL, maxima[a.args[0]] - values[a.args[0]])
    )


def port_fee(s: Seen, by_kind: ByKind) -> Action:
    if "port-pay" in by_kind and s.gold() >= WORKING_GOLD:
        return by_kind["port-pay"][0]
    return done_or_first(by_kind)


def keep_modifications(s: Seen, by_kind: ByKind) -> Action:
    return first(by_kind, "keep-modification") or done_or_first(by_kind)


#: What the captain does for each kind of decision (a test checks every kind of
#: ``decisions.DECISIONS`` has its handler).
DECIDE: dict[str, Callable[[Seen, ByKind], Action]] = {
    CHOOSE_SHIP: choose_ship,
    KEEP_CAPTAIN: keep_captain,
    ACTION: take_action,
    MERCHANT_NATION: merchant_nation,
    RAID_OR_PEACE: raid_or_peace,
    RAID_WEAPON: decline,
    RAID_SPEND: raid_spend,
    KEEP_CARGO: keep_cargo,
    DISCARD_CARGO: discard_cargo,
    DISCARD_GLORY: any_first,
    DISCARD_RUMOR: any_first,
    DECLARE: declare,
    SKULL_HIT: skull_hit,
    GRAPPLE: use_it("grapple"),
    AMMO: use_it("ammo"),
    REINFORCE: reinforce,
    REROLL: decline,
    RAID_REINFORCE: reinforce,
    HAZARD_REINFORCE: reinforce,
    TAKE_SHIP: take_ship,
    REWARD_NATION: any_first,
    PLACE_MODIFICATION: any_first,
    CHOOSE_WEAPON: any_first,
    FRIGATE_OR_GOLD: use_it("frigate"),
    RETURN_BOUNTY: any_first,
    CARPENTER: carpenter,
    PILOT: decline,
    HIDDEN_COVE: hidden_cove,
    FORTUNE: use_it("play-glory"),
    PORT_FEE: port_fee,
    KEEP_MODIFICATIONS: keep_modifications,
    SELL: sell,
    BUY: buy,
    SHIPYARD: shipyard,
    RECRUIT: recruit,
    RUMOR: rumor,
    MISSION: mission,
    STASH: stash,
}
