"""MM-5 Actions: Move, Scout, Port; port entry limits (MM-5.2, MM-4.13, MM-18)."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import (
    ENGLISH,
    INFLUENCE,
    SCOUTING,
    SEAMANSHIP,
    SPANISH,
    at_war,
    fortune_window,
    home_port,
    is_pirate,
    nation_of,
    ship_name,
    skill_dice,
    skill_roll,
    successes,
)
from .combat import start_combat
from .components import CARGO, HULL
from .damage import hit_player, sunk
from .death import kill
from .event_cards import may_reinforce, storm_outcome
from .missions import investigate_rumor
from .npcs import in_play, npc_attacks
from .phases import (
    CAPTAINS,
    DISCARD_CARGO,
    HAZARD_REINFORCE,
    HIDDEN_COVE,
    NPC_SIDE,
    PORT_FEE,
    REEFS_HIT,
    ROLL_BRIDGETOWN,
    ROLL_PORT_ROYAL,
    ROLL_SAIL_STORM,
    ROLL_SCOUT,
    TARGET_CAPTAIN,
    TARGET_MERCHANT,
    TARGET_NPC,
    TARGET_RUMOR,
)
from .raid import merchant_found
from .table import Ctx, Decision

PORT_ROYAL, BRIDGETOWN, CARTAGENA = "Port Royal", "Bridgetown", "Cartagena"
PORT_ROYAL_FEE = 2
BIG_SHIPS = ("Frigate", "Galleon", "Man-o-War")

# What entering a port takes (MM-5.2).
OPEN, FEE, CLOSED, FORGED = "open", "fee", "closed", "forged"


def entry(ctx: Ctx, seat: int, zone: int) -> str:
    """MM-5.2: the home port is always open; a bounty of the port's nation closes it
    (Port Royal lets a pirate with an English bounty in for 2 gold or an Influence
    success, MM-18); a war closes the enemy's ports (MM-4.13)."""
    p = ctx.table.players[seat]
    nation = ctx.sea.nations[zone]
    if not ctx.sea.has_port[zone] or nation is None:
        return CLOSED
    if zone == home_port(ctx, p):
        return OPEN
    own = nation_of(ctx, p)
    if own != nation and at_war(ctx, own, nation):
        return CLOSED
    if p.bounties[nation]:
        if ctx.sea.names[zone] == PORT_ROYAL and nation == ENGLISH and is_pirate(p):
            return FEE
        return CLOSED
    return OPEN


def move_targets(ctx: Ctx, seat: int) -> list[int]:
    """MM-5.1: an adjacent zone; from a port, its own zone or a neighbour."""
    p = ctx.table.players[seat]
    nbs = list(ctx.sea.neighbours[p.zone])
    return sorted([p.zone, *nbs]) if p.docked else nbs


def scout_targets(ctx: Ctx, seat: int) -> list[int]:
    """MM-5.4: targets at sea in the same zone, none twice a turn (target codes)."""
    t = ctx.table
    p = t.players[seat]
    if p.docked:
        return []
    out = []
    if t.merchants[p.zone] >= 0:
        out.append(TARGET_MERCHANT)
    for other, q in enumerate(t.players):
        if other != seat and in_play(q) and not q.docked and q.zone == p.zone:
            out.append(TARGET_CAPTAIN + other)
    out += [TARGET_NPC + n for n, z in enumerate(t.npc_zone) if z == p.zone]
    if p.rumor >= 0:
        r = ctx.c.rumors[p.rumor]
        if r.at_sea and r.zone == p.zone:
            out.append(TARGET_RUMOR)
    return [target for target in out if target not in t.scouted]


def spend_action(ctx: Ctx, move: bool) -> None:
    t = ctx.table
    t.acted = True
    if move and t.extra_moves:
        t.extra_moves -= 1
    else:
        t.actions_left -= 1


def move(ctx: Ctx, seat: int, to: int) -> None:
    """MM-5.1: cargo over the Cargo value is discarded (owner's choice) as the ship
    leaves port, before it enters the new zone."""
    t = ctx.table
    p = t.players[seat]
    spend_action(ctx, move=True)
    if p.docked and len(p.cargo) > p.values[CARGO]:
        t.pending.append(Decision(DISCARD_CARGO, seat, [to]))
        return
    sail(ctx, seat, to)


def sail(ctx: Ctx, seat: int, to: int) -> None:
    """Into a sea zone: this turn's storm, then every hostile NPC there scouts (MM-5.3)."""
    t = ctx.table
    p = t.players[seat]
    was = p.zone
    p.zone = to
    p.docked = False
    ctx.log(Event("move", {"seat": seat, "from": ctx.sea.names[was], "to": ctx.sea.names[to]}))
    if to in t.storm:
        faces = skill_roll(ctx, seat, SEAMANSHIP, skill_dice(ctx, p, SEAMANSHIP), "storm")
        if not fortune_window(ctx, seat, SEAMANSHIP, faces, ROLL_SAIL_STORM):
            storm_weathered(ctx, seat, faces)
        return
    npc_attacks(ctx, seat)


def storm_weathered(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """The storm's roll on entering, kept or re-rolled (G12), takes effect (MM-D.8);
    then the NPCs there scout a ship still afloat (MM-5.3)."""
    p = ctx.table.players[seat]
    storm_outcome(ctx, seat, faces)
    if ctx.table.players[seat] is p:  # not sunk by the storm
        npc_attacks(ctx, seat)


def scout(ctx: Ctx, seat: int, target: int, spanish: bool = False) -> None:
    """MM-5.4: roll Scouting (Cartagena: a merchant declared Spanish is found without a
    roll, MM-18); a success finds a merchant, starts a combat, or tests a rumor."""
    t = ctx.table
    p = t.players[seat]
    spend_action(ctx, move=False)
    t.scouted.append(target)
    if target == TARGET_RUMOR:
        investigate_rumor(ctx, seat)
        return
    ctx.log(Event("scout", {"seat": seat, "target": target_words(ctx, target)}))
    if not spanish:
        faces = skill_roll(ctx, seat, SCOUTING, skill_dice(ctx, p, SCOUTING), "scout")
        if fortune_window(ctx, seat, SCOUTING, faces, ROLL_SCOUT, target):
            return
        scout_result(ctx, seat, target, faces)
        return
    scout_found(ctx, seat, target, spanish)


def scout_result(ctx: Ctx, seat: int, target: int, faces: list[int]) -> None:
    """The scout's roll, kept or re-rolled (G12): a success finds the target."""
    if successes(faces):
        scout_found(ctx, seat, target, False)


def scout_found(ctx: Ctx, seat: int, target: int, spanish: bool) -> None:
    if target == TARGET_MERCHANT:
        merchant_found(ctx, seat, SPANISH if spanish else None)
    elif target >= TARGET_NPC:
        start_combat(ctx, seat, NPC_SIDE + target - TARGET_NPC)
    else:
        found(ctx, seat, target - TARGET_CAPTAIN)


def found(ctx: Ctx, aggressor: int, seat: int) -> None:
    """A scout for a captain's ship succeeded: a captain holding glory cards gets the
    reaction window (MM-14.4, G08 Hidden Cove); it opens whatever the cards are, so
    it tells nobody what they hold. Otherwise the combat starts."""
    if ctx.table.players[seat].hand:
        ctx.table.pending.append(Decision(HIDDEN_COVE, seat, [aggressor]))
    else:
        start_combat(ctx, aggressor, seat)


def target_words(ctx: Ctx, target: int) -> str:
    if target == TARGET_MERCHANT:
        return "the merchant"
    if target == TARGET_RUMOR:
        return "the rumor"
    if target >= TARGET_NPC:
        return ctx.c.npcs[target - TARGET_NPC].name
    return f"the {CAPTAINS[target - TARGET_CAPTAIN]} captain"


def may_take_port(ctx: Ctx, seat: int) -> str:
    """MM-5.5: the Port action once a turn, entering from the zone or staying docked
    (a docked ship needs the port not to be closed now)."""
    t = ctx.table
    p = t.players[seat]
    if t.port_used or t.actions_left <= 0 or not ctx.sea.has_port[p.zone]:
        return CLOSED
    state = entry(ctx, seat, p.zone)
    if state != OPEN and t.forged:
        return FORGED  # G10 Forged Papers: one port despite bounties or war
    return OPEN if p.docked and state != CLOSED else state


def enter_port(ctx: Ctx, seat: int, how: str) -> bool:
    """Enter (or stay in) the port: Port Royal's fee or roll, Bridgetown's hull hit
    for big ships (MM-18). Returns whether the ship is now docked."""
    t = ctx.table
    p = t.players[seat]
    spend_action(ctx, move=False)
    t.port_used = True
    name = ctx.sea.names[p.zone]
    if how == "forged":
        t.forged = False
        ctx.log(Event("forged-papers", {"seat": seat, "port": name}))
    if not p.docked:
        if how == "pay":
            p.gold -= PORT_ROYAL_FEE
            ctx.log(Event("port-fee", {"seat": seat, "gold": PORT_ROYAL_FEE}))
        elif how == "roll":
            faces = skill_roll(
                ctx, seat, INFLUENCE, skill_dice(ctx, p, INFLUENCE), "enter Port Royal"
            )
            if fortune_window(ctx, seat, INFLUENCE, faces, ROLL_PORT_ROYAL):
                return False  # the entry goes on after the window (port_royal_result)
            return port_royal_result(ctx, seat, faces)
        if name == BRIDGETOWN and ship_name(ctx, p.ship) in BIG_SHIPS:
            faces = skill_roll(
                ctx, seat, SEAMANSHIP, skill_dice(ctx, p, SEAMANSHIP), "enter Bridgetown"
            )
            if fortune_window(ctx, seat, SEAMANSHIP, faces, ROLL_BRIDGETOWN):
                return False  # the entry goes on after the window (bridgetown_result)
            return bridgetown_result(ctx, seat, faces)
    return dock(ctx, seat)


def dock(ctx: Ctx, seat: int) -> bool:
    p = ctx.table.players[seat]
    p.docked = True
    ctx.log(Event("port", {"seat": seat, "port": ctx.sea.names[p.zone]}))
    return True


def port_royal_result(ctx: Ctx, seat: int, faces: list[int]) -> bool:
    """MM-18 Port Royal's Influence roll, kept or re-rolled (G12): a success enters;
    after a failure the fee may still be paid. Returns whether the ship is docked."""
    p = ctx.table.players[seat]
    if successes(faces):
        return dock(ctx, seat)
    ctx.log(Event("refused-entry", {"seat": seat, "port": ctx.sea.names[p.zone]}))
    if p.gold >= PORT_ROYAL_FEE:  # MM-18: the fee may still be paid
        ctx.table.pending.append(Decision(PORT_FEE, seat))
    return False  # MM-5.5: else the Port action is spent, the ship stays out


def bridgetown_result(ctx: Ctx, seat: int, faces: list[int]) -> bool:
    """MM-18 Bridgetown's Seamanship roll for a big ship, kept or re-rolled (G12): with
    no success it takes 1 hit to Hull, then enters if afloat. Returns whether the ship
    is docked."""
    p = ctx.table.players[seat]
    if not successes(faces):
        if may_reinforce(ctx, seat):
            # MM-13.1: the captain may flip the Reinforced Hull; the entry goes on in
            # that decision.
            ctx.table.pending.append(Decision(HAZARD_REINFORCE, seat, [HULL, REEFS_HIT]))
            return False
        hit_player(ctx, seat, HULL, "Bridgetown's reefs")
        if sunk(p.values):
            kill(ctx, seat, "sunk entering Bridgetown")
            return False
    return dock(ctx, seat)
