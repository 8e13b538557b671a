"""MM-3.2 the Event step and MM-4.13–4.14, MM-D.8: what each Event card does."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import LEADERSHIP, SEAMANSHIP, skill_dice, skill_roll, successes
from .components import CREW, MODIFICATIONS
from .damage import hit_player, roll_locations, sunk
from .death import kill
from .npcs import in_play, move_npcs
from .phases import HAZARD_REINFORCE, HAZARDS, SKULL_HIT, STORM_HIT
from .table import Ctx, Decision


def draw_demand(ctx: Ctx) -> int:
    """A random token from the face-down demand reserve (MM-2.1)."""
    reserve = ctx.table.reserve
    return reserve.pop(ctx.rng.below(len(reserve)))


def resolve_event(ctx: Ctx, card: int) -> None:
    """MM-4.2: the movement strip first, then the card's effect."""
    t = ctx.table
    e = ctx.c.events[card]
    t.event = card
    ctx.log(Event("event", {"card": e.key, "kind": e.kind, "name": e.name}))
    if e.kind == "npc_entry":
        t.entries.append(card)  # MM-4.9: enters at the end of the turn
        return
    t.event_discard.append(card)
    move_npcs(ctx, e.strip)
    if e.kind == "war":
        t.war = list(e.nations)  # MM-4.13: replaces any current war
        ctx.log(Event("war", {"nations": [ctx.c.nations[n].name for n in e.nations]}))
    elif e.kind == "peace":
        if t.war:
            ctx.log(Event("peace", {"nations": [ctx.c.nations[n].name for n in t.war]}))
        t.war = []
    elif e.kind == "storm":
        assert e.zone is not None
        t.storm = list(ctx.sea.within(e.zone))
        for seat in turn_order(ctx):
            p = t.players[seat]
            if in_play(p) and not p.docked and p.zone in t.storm:
                weather_storm(ctx, seat)
    elif e.kind == "tropical_disease":
        for seat in turn_order(ctx):
            p = t.players[seat]
            if in_play(p) and not p.docked:
                faces = skill_roll(
                    ctx, seat, LEADERSHIP, skill_dice(ctx, p, LEADERSHIP), "tropical disease"
                )
                if not successes(faces) and p.values[CREW] > 0:
                    p.values[CREW] -= 1
                    ctx.log(
                        Event("hit", {"seat": seat, "location": "crew", "why": "tropical disease"})
                    )
    elif e.kind == "trade_winds":
        t.trade_winds = True
    elif e.kind == "fog_banks":
        t.fog = True
    elif e.kind == "market_shift":
        for zone in range(len(ctx.sea)):
            if ctx.sea.has_port[zone] and ctx.sea.nations[zone] in e.nations:
                t.reserve.append(t.demand[zone])
                t.demand[zone] = draw_demand(ctx)
                ctx.log(
                    Event(
                        "demand", {"port": ctx.sea.names[zone], "good": ctx.c.goods[t.demand[zone]]}
                    )
                )
    elif e.kind == "treasure_fleet":
        t.treasure_fleet = True
    elif e.kind == "too_quiet" and t.event_deck:
        resolve_event(ctx, t.event_deck.pop())  # the next card too, strip and effect


def turn_order(ctx: Ctx) -> list[int]:
    t = ctx.table
    n = ctx.num_players
    return [(t.first + i) % n for i in range(n)]


def weather_storm(ctx: Ctx, seat: int) -> None:
    """MM-D.8 Storm: roll Seamanship; with no success the ship takes 1 hit (a skull lets
    its owner choose, by a pending decision)."""
    p = ctx.table.players[seat]
    faces = skill_roll(ctx, seat, SEAMANSHIP, skill_dice(ctx, p, SEAMANSHIP), "storm")
    if successes(faces):
        return
    located, skulls, _ = roll_locations(ctx, 1)
    for loc in located:
        hazard_hit(ctx, seat, loc, STORM_HIT)
    if skulls:
        hazard_hit(ctx, seat, -1, STORM_HIT)


REINFORCED_HULL = MODIFICATIONS.index("reinforced_hull")


def may_reinforce(ctx: Ctx, seat: int) -> bool:
    """MM-13.1: a Reinforced Hull token face up on the ship."""
    p = ctx.table.players[seat]
    return REINFORCED_HULL in p.mods and not p.reinforced_used


def hazard_hit(ctx: Ctx, seat: int, location: int, cause: int) -> None:
    """One hit from a storm or Bridgetown's reefs on ``location`` (-1: a skull, the
    owner's choice). A captain whose Reinforced Hull is face up is asked first whether
    to flip it (MM-13.1, "after locations are rolled"); else it lands."""
    if may_reinforce(ctx, seat):
        ctx.table.pending.append(Decision(HAZARD_REINFORCE, seat, [location, cause]))
    elif location < 0:
        ctx.table.pending.append(Decision(SKULL_HIT, seat, [-1]))
    else:
        land_hazard_hit(ctx, seat, location, cause)


def land_hazard_hit(ctx: Ctx, seat: int, location: int, cause: int) -> bool:
    """The hit lands; False if it sank the ship (the captain dies, MM-16.1)."""
    p = ctx.table.players[seat]
    hit_player(ctx, seat, location, HAZARDS[cause])
    if sunk(p.values):
        kill(ctx, seat, "sunk by the storm" if cause == STORM_HIT else "sunk entering Bridgetown")
        return False
    return True
