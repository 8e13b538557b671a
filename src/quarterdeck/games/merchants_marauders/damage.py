"""MM-9 Hits and hit locations: the location roll, damage, and its effects on cargo."""

from __future__ import annotations

from quarterdeck.engine import Event

from .components import CANNONS, CARGO, CREW, HULL, LOCATIONS, MASTS
from .table import Ctx

#: MM-9.1 (house mapping): 1 Cargo, 2 Masts, 3 Crew, 4 Cannons; a skull is the target's choice.
LOCATION_BY_FACE = {1: CARGO, 2: MASTS, 3: CREW, 4: CANNONS}


def damage(values: list[int], location: int, stay: bool = False) -> int:
    """One hit on ``location`` (MM-9.2): a destroyed location passes it to Hull, unless
    ``stay`` (Chain-shot or Grapeshot, MM-13.2). Returns where it landed."""
    if values[location] == 0 and not stay:
        location = HULL
    if values[location] > 0:
        values[location] -= 1
    return location


def roll_locations(ctx: Ctx, hits: int) -> tuple[list[int], int, list[int]]:
    """Roll a location die per hit: numbered locations, the number of skulls, the faces."""
    faces = [ctx.rng.randint(1, 6) for _ in range(hits)]
    return [LOCATION_BY_FACE[f] for f in faces if f < 5], sum(1 for f in faces if f >= 5), faces


def fit_cargo_at_random(ctx: Ctx, seat: int) -> None:
    """MM-9.3: Cargo damage discards excess cargo cards at random at once (at sea)."""
    t = ctx.table
    p = t.players[seat]
    while not p.docked and len(p.cargo) > p.values[CARGO]:
        card = p.cargo.pop(ctx.rng.below(len(p.cargo)))
        t.cargo_discard.append(card)
        ctx.log(Event("cargo-lost", {"seat": seat, "card": card}))


def hit_player(ctx: Ctx, seat: int, location: int, why: str, stay: bool = False) -> int:
    """One hit on a player's ship; logs it and fits the cargo. Returns the location hit."""
    p = ctx.table.players[seat]
    landed = damage(p.values, location, stay)
    ctx.log(Event("hit", {"seat": seat, "location": LOCATIONS[landed], "why": why}))
    if landed == CARGO:
        fit_cargo_at_random(ctx, seat)
    return landed


def npc_skull_location(values: list[int]) -> int:
    """MM-4.12: skull hits on an NPC go to the highest non-Hull location (ties: Cargo,
    Cannons, Masts, Crew); Hull only when all are 0."""
    order = (CARGO, CANNONS, MASTS, CREW)
    best = max(order, key=lambda loc: (values[loc], -order.index(loc)))
    return best if values[best] > 0 else HULL


def sunk(values: list[int]) -> bool:
    return values[HULL] == 0
