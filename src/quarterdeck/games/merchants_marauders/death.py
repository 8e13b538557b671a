"""MM-16 Death and retirement; MM-2.7 setting up a captain; MM-13.4 modifications
going to ports."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import gain_glory_card, home_port, ship_type
from .components import CREW
from .phases import CHOOSE_SHIP, KEEP_CAPTAIN, PLACE_MODIFICATION, START_GOLD
from .table import Ctx, Decision, Player


def draw_captain(ctx: Ctx, seat: int) -> bool:
    """Draw a captain card for ``seat``; False if none is left (MM-16.6)."""
    t = ctx.table
    if not t.captain_deck:
        return False
    p = t.players[seat]
    p.card = t.captain_deck.pop()
    ctx.log(Event("captain", {"seat": seat, "captain": ctx.c.captains[p.card].name}))
    return True


def equip(ctx: Ctx, seat: int, ship: int) -> None:
    """MM-2.7: the chosen ship, undamaged, full crew (house), docked in the home port."""
    p = ctx.table.players[seat]
    values = list(ship_type(ctx, ship).values)
    p.ship = ship
    p.maxima = values
    p.values = list(values)
    p.mods = []
    p.zone = home_port(ctx, p)
    p.docked = True
    ctx.log(
        Event(
            "ship", {"seat": seat, "ship": ship_type(ctx, ship).name, "port": ctx.sea.names[p.zone]}
        )
    )


def place_modifications(ctx: Ctx, seat: int, mods: list[int]) -> None:
    """MM-13.4: the owner picks ports with no token; the tokens are dealt to them at
    random, face down. One decision per port; the tokens travel in the decision."""
    if mods:
        ctx.table.pending.append(Decision(PLACE_MODIFICATION, seat, [*mods, -1]))


def kill(ctx: Ctx, seat: int, why: str) -> None:
    """MM-16.1: the captain loses everything but the glory track and the stash;
    MM-16.2: a new captain is set up (ship chosen by a pending decision)."""
    t = ctx.table
    p = t.players[seat]
    ctx.log(Event("death", {"seat": seat, "captain": ctx.c.captains[p.card].name, "why": why}))
    if seat == t.active:  # MM-5.6: the remaining actions are lost
        t.actions_left = 0
        t.extra_moves = 0
        t.pilot_on = False
        t.battles.clear()
        t.visit = None
    retire_belongings(ctx, seat)
    new_captain(ctx, seat)


def retire_belongings(ctx: Ctx, seat: int) -> None:
    t = ctx.table
    p = t.players[seat]
    t.cargo_discard.extend(p.cargo)
    t.glory_discard.extend(p.hand)
    t.glory_discard.extend(p.specialists)
    t.rumor_discard.extend(p.kept_rumors)
    t.rumor_discard.extend(r for r in (p.rumor, p.rumor2) if r >= 0)
    if p.mission >= 0:
        t.mission_discard.append(p.mission)
    for n, count in enumerate(p.bounties):
        t.bounty_bank[n] += count
    for w, count in enumerate(p.weapons):
        t.weapon_bank[w] += count
    mods = list(p.mods)
    t.captain_discard.append(p.card)  # out of the game
    t.players[seat] = Player(card=-1, glory=p.glory, stash=p.stash, zone=p.zone)
    place_modifications(ctx, seat, mods)


def new_captain(ctx: Ctx, seat: int) -> None:
    """MM-16.2: draw a captain; gold from the stash (less than 10: take it all and the
    bank tops it up to 10; 10 or more: take nothing); 1 glory card; a ship to choose."""
    t = ctx.table
    p = t.players[seat]
    if not draw_captain(ctx, seat):
        ctx.log(Event("no-captain", {"seat": seat}))
        return  # MM-16.6: the game ends once the current action is resolved
    if p.stash < START_GOLD:
        p.gold = START_GOLD
        p.stash = 0
    # (10 or more stashed: no gold; the stash moves to the new home port.)
    p.zone = home_port(ctx, p)
    p.docked = True
    t.pending.append(Decision(CHOOSE_SHIP, seat))
    gain_glory_card(ctx, seat)
    if pirate_at_home(ctx, seat) and t.captain_deck:
        t.pending.append(Decision(KEEP_CAPTAIN, seat))


def pirate_at_home(ctx: Ctx, seat: int) -> bool:
    """MM-16.3: an NPC pirate in the sea zone of the new captain's home port."""
    t = ctx.table
    zone = home_port(ctx, t.players[seat])
    return any(t.npc_zone[n] == zone for n, npc in enumerate(ctx.c.npcs) if npc.pirate)


def redraw_captain(ctx: Ctx, seat: int) -> None:
    """MM-16.3: the refused captain is shuffled back and another drawn (once)."""
    t = ctx.table
    p = t.players[seat]
    refused = p.card
    ctx.log(Event("captain-refused", {"seat": seat, "captain": ctx.c.captains[refused].name}))
    draw_captain(ctx, seat)
    t.captain_deck.append(refused)
    ctx.rng.shuffle(t.captain_deck)
    p.zone = home_port(ctx, p)


def choose_ship(ctx: Ctx, seat: int, ship: int) -> None:
    equip(ctx, seat, ship)


def crew_destroyed(p: Player) -> bool:
    return p.values[CREW] == 0
