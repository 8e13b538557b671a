"""MM-15 Missions and rumors: attempts, investigations and their rewards."""

from __future__ import annotations

from collections.abc import Mapping

from quarterdeck.engine import Event

from .basics import (
    INFLUENCE,
    draw,
    draw_cargo,
    fortune_window,
    gain_glory,
    has_specialist,
    is_pirate,
    skill_dice,
    skill_roll,
    successes,
)
from .components import CANNONS, CREW, SPECIAL_WEAPONS
from .phases import (
    CHOOSE_WEAPON,
    FRIGATE_OR_GOLD,
    KEEP_CARGO,
    RETURN_BOUNTY,
    ROLL_MISSION,
    ROLL_RUMOR_SEEK,
    ROLL_RUMOR_TEST,
)
from .setup import refill_mission
from .table import Ctx, Decision, Raid

CHAIN_SHOT = SPECIAL_WEAPONS.index("chain_shot")


def apply_reward(ctx: Ctx, seat: int, reward: Mapping[str, int | str], why: str) -> None:
    """A mission's or rumor's reward (MM-D.10, MM-D.11)."""
    t = ctx.table
    p = t.players[seat]
    for key, value in reward.items():
        if key == "gold":
            p.gold += int(value)
            ctx.log(Event("gold", {"seat": seat, "gold": int(value), "why": why}))
        elif key == "repair_all":
            for loc in range(5):
                if loc != CREW:
                    p.values[loc] = p.maxima[loc]
        elif key == "repair_cannons":
            p.values[CANNONS] = p.maxima[CANNONS]
        elif key == "chain_shot":
            if t.weapon_bank[CHAIN_SHOT] and not p.weapons[CHAIN_SHOT]:
                t.weapon_bank[CHAIN_SHOT] -= 1
                p.weapons[CHAIN_SHOT] = 1
        elif key == "cargo":
            haul = Raid(-1, -1)
            for _ in range(int(value)):
                card = draw_cargo(ctx)
                if card is not None:
                    haul.cards.append(card)
            ctx.log(Event("haul", {"seat": seat, "cards": list(haul.cards)}))
            t.raid = haul
            t.pending.append(Decision(KEEP_CARGO, seat))
        elif key in ("special_weapons", "special_weapon"):
            t.pending.append(Decision(CHOOSE_WEAPON, seat, [int(value)]))
        elif key == "frigate_or_gold":
            t.pending.append(Decision(FRIGATE_OR_GOLD, seat, [int(value)]))
        elif key == "return_bounty" and any(p.bounties):
            t.pending.append(Decision(RETURN_BOUNTY, seat))
        # "specialist": the card itself is kept as the specialist (see the callers)


# -- rumors (MM-15.3, MM-15.4) ----------------------------------------------------------


def investigate_rumor(ctx: Ctx, seat: int) -> None:
    """Roll the rumor's test; true: reward, +1 glory and a glory card; either way the
    card is shown and discarded (a specialist card is kept as the specialist)."""
    t = ctx.table
    p = t.players[seat]
    card = p.rumor
    r = ctx.c.rumors[card]
    skill = r.test[0]
    p.rumor = -1
    ctx.log(Event("rumor-investigated", {"seat": seat, "rumor": r.name}))
    faces = skill_roll(ctx, seat, skill, skill_dice(ctx, p, skill), "rumor")
    if not fortune_window(ctx, seat, skill, faces, ROLL_RUMOR_TEST, card):
        rumor_result(ctx, seat, card, faces)


def rumor_result(ctx: Ctx, seat: int, card: int, faces: list[int]) -> None:
    """The rumor's test, kept or re-rolled (G12)."""
    t = ctx.table
    p = t.players[seat]
    r = ctx.c.rumors[card]
    true = successes(faces) >= r.test[1]
    ctx.log(Event("rumor-result", {"seat": seat, "rumor": r.name, "true": true}))
    keep = (
        true
        and "specialist" in r.reward
        and not has_specialist(ctx, p, str(r.reward["specialist"]))
    )
    if keep:
        p.kept_rumors.append(card)  # MM-15.4: it becomes the specialist
    else:
        t.rumor_discard.append(card)
    if true:
        apply_reward(ctx, seat, r.reward, "rumor")
        gain_glory(ctx, seat, "rumor")


def may_try_rumor(ctx: Ctx, seat: int, fee: int) -> bool:
    """MM-12.7, MM-1.9: the fee must be payable and a rumor card must be drawable."""
    t = ctx.table
    return t.players[seat].gold >= fee and bool(t.rumor_deck or t.rumor_discard)


def try_rumor(ctx: Ctx, seat: int, fee: int, bonus: int) -> None:
    """MM-12.7: pay, roll Influence; a success draws a rumor (its face is secret)."""
    t = ctx.table
    p = t.players[seat]
    p.gold -= fee
    faces = skill_roll(ctx, seat, INFLUENCE, skill_dice(ctx, p, INFLUENCE) + bonus, "rumor")
    if not fortune_window(ctx, seat, INFLUENCE, faces, ROLL_RUMOR_SEEK):
        seek_rumor_result(ctx, seat, faces)


def seek_rumor_result(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """The Influence roll for a rumor, kept or re-rolled (G12)."""
    t = ctx.table
    p = t.players[seat]
    if not successes(faces):
        return
    card = draw(ctx, t.rumor_deck, t.rumor_discard)
    if card is None:
        return
    ctx.log(Event("rumor", {"seat": seat}, {seat: {"rumor": ctx.c.rumors[card].name}}))
    if p.rumor >= 0:
        p.rumor2 = card
    else:
        p.rumor = card


def port_rumor_here(ctx: Ctx, seat: int) -> bool:
    p = ctx.table.players[seat]
    if p.rumor < 0:
        return False
    r = ctx.c.rumors[p.rumor]
    return not r.at_sea and r.zone == p.zone


# -- missions (MM-15.1, MM-15.2) -------------------------------------------------------


def mission_allowed(ctx: Ctx, seat: int, card: int) -> bool:
    """At this port, for this kind of captain, requirements met (gold, goods, Cannons)."""
    p = ctx.table.players[seat]
    m = ctx.c.missions[card]
    if m.port != p.zone:
        return False
    if (m.who == "pirates" and not is_pirate(p)) or (m.who == "non_pirates" and is_pirate(p)):
        return False
    if p.values[CANNONS] < m.min_cannons or p.gold < m.pay:
        return False
    goods = [ctx.c.cargo[c].good for c in p.cargo]
    return all(goods.count(good) >= count for good, count in m.deliver)


def attempt_mission(ctx: Ctx, seat: int, slot: int) -> None:
    t = ctx.table
    p = t.players[seat]
    card = t.board_missions[slot]
    m = ctx.c.missions[card]
    ctx.log(Event("mission-attempt", {"seat": seat, "mission": m.name}))
    p.gold -= m.pay
    for good, count in m.deliver:
        cards = sorted(
            (c for c in p.cargo if ctx.c.cargo[c].good == good),
            key=lambda c: ctx.c.cargo[c].plunder,
        )
        for c in cards[:count]:  # the least valuable cards go (house)
            p.cargo.remove(c)
            t.cargo_discard.append(c)
    if m.test is not None:
        skill = m.test[0]
        dice = skill_dice(ctx, p, skill) + (ctx.c.captains[p.card].ability == "court_favourite")
        faces = skill_roll(ctx, seat, skill, dice, "mission")
        if not fortune_window(ctx, seat, skill, faces, ROLL_MISSION, slot):
            mission_result(ctx, seat, slot, faces)
        return
    mission_done(ctx, seat, slot)


def mission_result(ctx: Ctx, seat: int, slot: int, faces: list[int]) -> None:
    """The mission's test, kept or re-rolled (G12)."""
    m = ctx.c.missions[ctx.table.board_missions[slot]]
    assert m.test is not None
    if successes(faces) < m.test[1]:
        ctx.log(Event("mission-failed", {"seat": seat, "mission": m.name}))
        return
    mission_done(ctx, seat, slot)


def mission_done(ctx: Ctx, seat: int, slot: int) -> None:
    t = ctx.table
    p = t.players[seat]
    card = t.board_missions[slot]
    m = ctx.c.missions[card]
    ctx.log(Event("mission-done", {"seat": seat, "mission": m.name}))
    if p.mission >= 0:
        t.mission_discard.append(p.mission)
    p.mission = card
    t.board_missions[slot] = -1
    refill_mission(ctx, slot)
    apply_reward(ctx, seat, m.reward, "mission")
    gain_glory(ctx, seat, "mission")
