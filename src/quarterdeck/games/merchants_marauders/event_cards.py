"""MM-3.2 the Event step and MM-4.13–4.14, MM-D.8: what each Event card does."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import LEADERSHIP, SEAMANSHIP, fortune_window, skill_dice, skill_roll, successes
from .components import CREW, MODIFICATIONS
from .damage import hit_player, roll_locations, sunk
from .death import kill
from .npcs import in_play, move_npcs
from .phases import (
    HAZARD_REINFORCE,
    HAZARDS,
    ROLL_DISEASE,
    ROLL_STORM,
    SKULL_HIT,
    STORM_HIT,
)
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
        captains_roll(ctx, ROLL_STORM, 0)
    elif e.kind == "tropical_disease":
        captains_roll(ctx, ROLL_DISEASE, 0)
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


def captains_roll(ctx: Ctx, roll_name: int, start: int) -> None:
    """MM-D.8 Storm (a player ship at sea in its zones) or Tropical Disease (a captain
    at sea): the next captain concerned, from place ``start`` in turn order, rolls
    (MM-1.10: one after another, each seeing the earlier choices)."""
    t = ctx.table
    order = turn_order(ctx)
    for place in range(start, len(order)):
        p = t.players[order[place]]
        if in_play(p) and not p.docked and (roll_name == ROLL_DISEASE or p.zone in t.storm):
            hazard_roll(ctx, order[place], roll_name, place)
            return


def hazard_roll(ctx: Ctx, seat: int, roll_name: int, place: int) -> None:
    """The captain's roll; a failed die may open the Fortune's Favour window (G12), and
    the outcome waits for it."""
    p = ctx.table.players[seat]
    skill, why = (
        (SEAMANSHIP, "storm") if roll_name == ROLL_STORM else (LEADERSHIP, "tropical disease")
    )
    faces = skill_roll(ctx, seat, skill, skill_dice(ctx, p, skill), why)
    if not fortune_window(ctx, seat, skill, faces, roll_name, place):
        hazard_result(ctx, seat, roll_name, place, faces)


def hazard_result(ctx: Ctx, seat: int, roll_name: int, place: int, faces: list[int]) -> None:
    """The roll, kept or re-rolled, takes effect; then the next captain rolls. This
    captain's decisions (a skull, the Reinforced Hull, a new captain) stay above the
    next ones, so they are decided first (MM-1.10)."""
    pending = ctx.table.pending
    mark = len(pending)
    if roll_name == ROLL_STORM:
        storm_outcome(ctx, seat, faces)
    else:
        disease_outcome(ctx, seat, faces)
    held = pending[mark:]
    del pending[mark:]
    captains_roll(ctx, roll_name, place + 1)
    pending.extend(held)


def disease_outcome(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """MM-D.8 Tropical Disease: with no success, the ship loses 1 Crew."""
    p = ctx.table.players[seat]
    if not successes(faces) and p.values[CREW] > 0:
        p.values[CREW] -= 1
        ctx.log(Event("hit", {"seat": seat, "location": "crew", "why": "tropical disease"}))


def storm_outcome(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """MM-D.8 Storm: with no success the ship takes 1 hit (a skull lets its owner
    choose, by a pending decision)."""
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
