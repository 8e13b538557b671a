"""MM-4 NPCs: hunting targets and priorities, movement, hostility, scouting, entry
and defeat; MM-18.3 invisibility."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import FRENCH, SCOUTING, is_pirate, nation_of, roll, successes
from .components import HULL
from .table import Ctx, Player

TORTUGA, TRINIDAD, NASSAU, BASSE_TERRE = "Tortuga", "Trinidad", "Nassau", "Basse-Terre"


def npc_nation(ctx: Ctx, npc: int) -> int | None:
    return ctx.c.npcs[npc].nation


def npc_skills(ctx: Ctx, npc: int) -> tuple[int, int, int]:
    """Seamanship, Scouting, Leadership of the NPC's top card (MM-4.9)."""
    cards = ctx.table.npc_cards[npc]
    return ctx.c.events[cards[-1]].skills if cards else (1, 1, 1)


def in_play(p: Player) -> bool:
    """A captain with a ship on the board: not one whose player has no captain left
    (MM-16.6) or is still choosing a new ship."""
    return p.card >= 0 and p.maxima[HULL] > 0


def invisible(ctx: Ctx, p: Player, npc: int) -> bool:
    """MM-18.3: Trinidad hides every captain from naval ships; Tortuga hides pirates
    without a French bounty from the French navy, and French captains from NPC pirates."""
    zone = ctx.c.zones[p.zone].name
    nation = npc_nation(ctx, npc)
    if nation is not None and zone == TRINIDAD:
        return True
    if zone == TORTUGA:
        if nation == FRENCH and is_pirate(p) and p.bounties[FRENCH] == 0:
            return True
        if nation is None and nation_of(ctx, p) == FRENCH:
            return True
    return False


def is_target(ctx: Ctx, npc: int, p: Player) -> bool:
    """MM-4.5 engine form: who the NPC hunts; MM-4.6: the same captains it is hostile to."""
    if not in_play(p) or invisible(ctx, p, npc):
        return False
    nation = npc_nation(ctx, npc)
    if nation is None:
        return not is_pirate(p)
    if is_pirate(p):
        return True
    war = ctx.table.war
    return nation in war and nation_of(ctx, p) in war and nation_of(ctx, p) != nation


def hunt_key(ctx: Ctx, npc: int, p: Player, zone: int) -> tuple[int, ...]:
    """MM-4.5 engine form: smaller sorts first (exact secret amounts, outcome only)."""
    same = 0 if p.zone == zone else 1
    nation = npc_nation(ctx, npc)
    if nation is None:
        return (-p.gold, -len(p.cargo), same)
    own = p.bounties[nation]
    war = ctx.table.war
    enemy = 1 if nation in war and nation_of(ctx, p) in war and nation_of(ctx, p) != nation else 0
    return (-own, -(sum(p.bounties) - own), -enemy, same)


def choose_target(ctx: Ctx, npc: int) -> int | None:
    """The seat the NPC hunts from its zone (MM-4.4), ties at random; None: no target."""
    t = ctx.table
    zone = t.npc_zone[npc]
    reach = ctx.sea.within(zone)
    seats = [s for s, p in enumerate(t.players) if p.zone in reach and is_target(ctx, npc, p)]
    if not seats:
        return None
    keys = {s: hunt_key(ctx, npc, t.players[s], zone) for s in seats}
    best = min(keys.values())
    tied = [s for s in seats if keys[s] == best]
    return tied[ctx.rng.below(len(tied))] if len(tied) > 1 else tied[0]


def move_npcs(ctx: Ctx, strip: tuple[tuple[int, int], ...]) -> None:
    """MM-4.2–4.4: each NPC of the strip on the board moves one zone, in order: toward
    a target if it has one in reach (or stays with it), else in the printed direction
    turning clockwise when blocked."""
    t = ctx.table
    for npc, direction in strip:
        zone = t.npc_zone[npc]
        if zone < 0:
            continue
        target = choose_target(ctx, npc)
        if target is not None:
            to = t.players[target].zone
            why = "hunts"
        else:
            to = ctx.sea.step(zone, direction)
            why = "patrols"
        t.npc_zone[npc] = to
        ctx.log(
            Event(
                "npc-move",
                {
                    "npc": ctx.c.npcs[npc].name,
                    "from": ctx.sea.names[zone],
                    "to": ctx.sea.names[to],
                    "why": why,
                },
            )
        )


def hostile_npcs_in(ctx: Ctx, seat: int) -> list[int]:
    """Hostile NPCs in the captain's zone (MM-4.6); none scout a ship in port (MM-5.3)."""
    t = ctx.table
    p = t.players[seat]
    if p.docked or not in_play(p):
        return []
    return [n for n, z in enumerate(t.npc_zone) if z == p.zone and is_target(ctx, n, p)]


def npc_scout_dice(ctx: Ctx, npc: int, p: Player) -> int:
    """MM-4.7: the higher of its Scouting and the captain's bounties of its nation."""
    dice = npc_skills(ctx, npc)[SCOUTING]
    nation = npc_nation(ctx, npc)
    if nation is not None:
        dice = max(dice, p.bounties[nation])
    if ctx.table.fog:
        dice -= 1  # Fog Banks (MM-D.8)
    return max(1, dice)


def npc_scouts(ctx: Ctx, npc: int, seat: int) -> bool:
    """One NPC scouts for a captain (MM-5.3), with Basse-Terre's re-roll and Nassau's
    two rolls for naval ships (MM-18)."""
    t = ctx.table
    p = t.players[seat]
    nation = npc_nation(ctx, npc)
    zone = ctx.sea.names[p.zone]
    rolls = 2 if nation is not None and zone == NASSAU else 1
    found = True
    for _ in range(rolls):
        dice = npc_scout_dice(ctx, npc, p)
        faces = roll(ctx, dice)
        if not successes(faces) and nation == FRENCH and zone == BASSE_TERRE:
            faces = roll(ctx, dice)  # French naval ships re-roll here (once per roll)
        ctx.log(
            Event(
                "npc-scout",
                {
                    "npc": ctx.c.npcs[npc].name,
                    "seat": seat,
                    "dice": faces,
                    "successes": successes(faces),
                },
            )
        )
        found = found and successes(faces) > 0
    return found


def npc_attacks(ctx: Ctx, seat: int) -> None:
    """MM-4.8: every hostile NPC in the zone rolls its scout; the successful ones fight
    the captain one after another in random order (queued in ``table.battles``)."""
    found = [n for n in hostile_npcs_in(ctx, seat) if npc_scouts(ctx, n, seat)]
    ctx.rng.shuffle(found)
    ctx.table.battles.extend(found)


def enter_npcs(ctx: Ctx) -> None:
    """MM-4.9: at the end of the turn each entry card drawn puts its NPC in play (on top
    of its old cards), at the card's zone, in the order drawn."""
    t = ctx.table
    for card in t.entries:
        e = ctx.c.events[card]
        assert e.npc is not None and e.zone is not None
        t.npc_cards[e.npc].append(card)
        t.npc_zone[e.npc] = e.zone
        ctx.log(
            Event(
                "npc-enter",
                {
                    "npc": ctx.c.npcs[e.npc].name,
                    "captain": e.captain,
                    "zone": ctx.sea.names[e.zone],
                },
            )
        )
    t.entries.clear()


def defeat_npc(ctx: Ctx, npc: int) -> None:
    """MM-4.10: the top card leaves the game; a random card beneath becomes the top and
    the NPC returns to its entry zone; with none left the miniature leaves the board."""
    t = ctx.table
    cards = t.npc_cards[npc]
    t.event_discard.append(cards.pop())  # out of the game
    if cards:
        pick = ctx.rng.below(len(cards))
        cards.append(cards.pop(pick))
        zone = ctx.c.events[cards[-1]].zone
        assert zone is not None
        t.npc_zone[npc] = zone
    else:
        t.npc_zone[npc] = -1
    where = ctx.sea.names[t.npc_zone[npc]] if t.npc_zone[npc] >= 0 else None
    ctx.log(Event("npc-defeated", {"npc": ctx.c.npcs[npc].name, "returns_to": where}))
