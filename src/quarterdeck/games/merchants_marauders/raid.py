"""MM-6 Merchants and merchant raids; MM-7.1 the raid's bounty; MM-18 raid rules of
Havana, San Juan and Cartagena."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import (
    SEAMANSHIP,
    SPANISH,
    cargo_limit,
    draw_cargo,
    fortune_window,
    gain_glory,
    maneuverability,
    skill_dice,
    skill_roll,
    successes,
    take_bounty,
)
from .components import HULL, LOCATIONS, MODIFICATIONS
from .damage import damage, fit_cargo_at_random, sunk
from .death import kill
from .phases import (
    KEEP_CARGO,
    MERCHANT_NATION,
    RAID_CARDS,
    RAID_GLORY,
    RAID_OR_PEACE,
    RAID_REINFORCE,
    RAID_SPEND,
    RAID_WEAPON,
    ROLL_RAID,
)
from .table import Ctx, Decision, Raid

HAVANA, SAN_JUAN = "Havana", "San Juan"
SAN_JUAN_BONUS = 3
REINFORCED = MODIFICATIONS.index("reinforced_hull")
TREASURE_FLEET_BONUS = 4


def merchant_found(ctx: Ctx, seat: int, declared: int | None) -> None:
    """MM-6.1: the token leaves the zone for the merchant track; only the raider sees
    its nation. ``declared``: Cartagena's Spanish merchant, found without a roll."""
    t = ctx.table
    zone = t.players[seat].zone
    token = t.merchants[zone]
    t.merchants[zone] = -1
    t.track.append(token)
    ctx.log(
        Event(
            "merchant-found",
            {"seat": seat, "zone": ctx.sea.names[zone]},
            {seat: {"token": ctx.c.nations[token].name}},
        )
    )
    if declared is not None:
        announce(ctx, seat, declared)
    else:
        t.pending.append(Decision(MERCHANT_NATION, seat, [zone]))


def nation_options(ctx: Ctx, zone: int) -> list[int]:
    """The token's nation (the last token on the track) or the zone's (MM-6.1)."""
    token = ctx.table.track[-1]
    own = ctx.sea.nations[zone]
    return sorted({token} | ({own} if own is not None else set()))


def announce(ctx: Ctx, seat: int, nation: int) -> None:
    t = ctx.table
    zone = t.players[seat].zone
    ctx.log(Event("merchant-nation", {"seat": seat, "nation": ctx.c.nations[nation].name}))
    t.pending.append(Decision(RAID_OR_PEACE, seat, [zone, nation]))


def may_raid(ctx: Ctx, seat: int) -> bool:
    """MM-6.2: only if none of the ship's hit locations is destroyed."""
    return all(v > 0 for v in ctx.table.players[seat].values)


def start_raid(ctx: Ctx, seat: int, zone: int, nation: int) -> None:
    """MM-6.3 steps 1–3: bounty, 3 cards (Havana: a 4th kept only with a hit icon),
    the Seamanship roll."""
    t = ctx.table
    p = t.players[seat]
    take_bounty(ctx, seat, nation, "raid")
    raid = t.raid = Raid(zone, nation)
    for _ in range(RAID_CARDS):
        draw_to_raid(ctx, raid)
    if ctx.sea.names[zone] == HAVANA and nation == SPANISH:
        card = draw_cargo(ctx)
        if card is not None:
            if ctx.c.cargo[card].hit is None:
                t.cargo_discard.append(card)
                ctx.log(Event("raid-discard", {"seat": seat, "card": card}))
            else:
                raid.cards.append(card)
                ctx.log(Event("raid-card", {"seat": seat, "card": card}))
    faces = skill_roll(ctx, seat, SEAMANSHIP, skill_dice(ctx, p, SEAMANSHIP), "raid")
    if not fortune_window(ctx, seat, SEAMANSHIP, faces, ROLL_RAID):
        raid_roll_result(ctx, seat, faces)


def raid_roll_result(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """The raid's Seamanship roll, kept or re-rolled (G12, MM-14.6)."""
    t = ctx.table
    p = t.players[seat]
    raid = t.raid
    assert raid is not None
    raid.successes = successes(faces)
    raid.failures = len(faces) - raid.successes
    if raid.failures and any(p.weapons):
        t.pending.append(Decision(RAID_WEAPON, seat))
    else:
        t.pending.append(Decision(RAID_SPEND, seat))


def raid_hits(ctx: Ctx, seat: int) -> list[int]:
    """The hit icons' locations of the raid's cards (C10 ignores one)."""
    raid = ctx.table.raid
    assert raid is not None
    hits = [ctx.c.cargo[c].hit for c in raid.cards]
    out = [h for h in hits if h is not None]
    if out and ctx.c.captains[ctx.table.players[seat].card].ability == "buccaneer":
        out.remove(HULL if HULL in out else out[0])
    return out


def draw_to_raid(ctx: Ctx, raid: Raid) -> None:
    card = draw_cargo(ctx)
    if card is not None:
        raid.cards.append(card)
        ctx.log(Event("raid-card", {"card": card}))


def use_weapon(ctx: Ctx, seat: int, weapon: int) -> None:
    """MM-6.3 step 3 / MM-13.2: discard one special weapon to turn a failed die."""
    t = ctx.table
    raid = t.raid
    assert raid is not None
    t.players[seat].weapons[weapon] -= 1
    t.weapon_bank[weapon] += 1
    raid.failures -= 1
    raid.successes += 1
    ctx.log(Event("raid-weapon", {"seat": seat, "weapon": weapon}))


def spend(ctx: Ctx, seat: int, kind: str, card: int = -1) -> None:
    """MM-6.3 step 4: one success draws, discards or exchanges a card."""
    t = ctx.table
    raid = t.raid
    assert raid is not None
    raid.successes -= 1
    if kind in ("discard", "exchange"):
        raid.cards.remove(card)
        t.cargo_discard.append(card)
        ctx.log(Event("raid-discard", {"seat": seat, "card": card}))
    if kind in ("draw", "exchange"):
        draw_to_raid(ctx, raid)


def finish_raid(ctx: Ctx, seat: int) -> None:
    """MM-6.3 steps 5–6 and MM-6.4: hits, escape, then plunder and glory."""
    t = ctx.table
    raid = t.raid
    assert raid is not None
    p = t.players[seat]
    cards = [ctx.c.cargo[c] for c in raid.cards]
    hits = raid_hits(ctx, seat)
    if hits and not raid.reinforce_asked and REINFORCED in p.mods and not p.reinforced_used:
        raid.reinforce_asked = True  # MM-6.3 step 5: Reinforced Hull may absorb one
        t.pending.append(Decision(RAID_REINFORCE, seat))
        return
    if raid.absorbed >= 0:
        hits.remove(raid.absorbed)
    destroyed = False
    for loc in hits:
        before = list(p.values)
        landed = damage(p.values, loc)
        ctx.log(Event("hit", {"seat": seat, "location": LOCATIONS[landed], "why": "raid"}))
        destroyed = destroyed or (before[landed] > 0 and p.values[landed] == 0)
        if sunk(p.values):
            t.cargo_discard.extend(raid.cards)
            t.raid = None
            kill(ctx, seat, "sunk raiding a merchant")
            return
    fit_cargo_at_random(ctx, seat)
    escapes = sum(card.escape for card in cards)
    escaped = escapes >= maneuverability(ctx, p)
    if escaped or destroyed:
        ctx.log(Event("raid-failed", {"seat": seat, "escaped": escaped, "escape_icons": escapes}))
        t.cargo_discard.extend(raid.cards)
        t.raid = None
        return
    plunder = sum(card.plunder for card in cards)
    if raid.nation == SPANISH and ctx.sea.names[raid.zone] == SAN_JUAN:
        plunder += SAN_JUAN_BONUS
    if raid.nation == SPANISH and t.treasure_fleet:
        plunder += TREASURE_FLEET_BONUS
    p.gold += plunder
    ctx.log(Event("raid-success", {"seat": seat, "gold": plunder}))
    t.pending.append(Decision(KEEP_CARGO, seat))
    if plunder >= RAID_GLORY:
        gain_glory(ctx, seat, "raid")


def keep_options(ctx: Ctx, seat: int) -> tuple[list[int], list[int]]:
    """Cards that may be kept now, and cargo aboard that may go to make room."""
    t = ctx.table
    p = t.players[seat]
    raid = t.raid
    assert raid is not None
    room = len(p.cargo) < cargo_limit(p)
    return (list(raid.cards) if room else [], list(p.cargo) if raid.cards and not room else [])


def keep(ctx: Ctx, seat: int, card: int) -> None:
    t = ctx.table
    raid = t.raid
    assert raid is not None
    raid.cards.remove(card)
    t.players[seat].cargo.append(card)
    ctx.log(Event("cargo-kept", {"seat": seat, "card": card}))


def unload(ctx: Ctx, seat: int, card: int) -> None:
    t = ctx.table
    t.players[seat].cargo.remove(card)
    t.cargo_discard.append(card)
    ctx.log(Event("cargo-discarded", {"seat": seat, "card": card}))


def done_keeping(ctx: Ctx) -> None:
    t = ctx.table
    raid = t.raid
    assert raid is not None
    t.cargo_discard.extend(raid.cards)
    t.raid = None
