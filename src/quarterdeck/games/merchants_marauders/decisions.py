"""The decision table: for every kind of pending decision, its options, what applying
one does, its prompt and its tensor index. ``current_player``, legal actions,
``pending()``, settling and the tensor all read ``DECISIONS``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from quarterdeck.engine import Event

from . import combat, death, event_cards, glory, missions, port, raid, render, sailing
from .basics import ability, has_specialist, nation_of, skill_roll
from .components import CREW, HULL
from .damage import hit_player, sunk
from .phases import (
    ACTION,
    AMMO,
    BUY,
    CARPENTER,
    CHOOSE_SHIP,
    CHOOSE_WEAPON,
    DECLARE,
    DISCARD_CARGO,
    DISCARD_GLORY,
    DISCARD_RUMOR,
    FORTUNE,
    FRIGATE_OR_GOLD,
    GRAPPLE,
    HAND_LIMIT,
    HAZARD_REINFORCE,
    HIDDEN_COVE,
    KEEP_CAPTAIN,
    KEEP_CARGO,
    KEEP_MODIFICATIONS,
    MERCHANT_NATION,
    MISSION,
    OVER,
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
    ROLL_BRIDGETOWN,
    ROLL_CONTEST,
    ROLL_CREW,
    ROLL_DISEASE,
    ROLL_MISSION,
    ROLL_PORT_ROYAL,
    ROLL_RAID,
    ROLL_RECRUIT,
    ROLL_RUMOR_SEEK,
    ROLL_RUMOR_TEST,
    ROLL_SAIL_STORM,
    ROLL_SCOUT,
    ROLL_STORM,
    RUMOR,
    SELL,
    SHIPYARD,
    SKULL_HIT,
    STASH,
    STORM_HIT,
    TAKE_SHIP,
    TARGET_MERCHANT,
)
from .table import Ctx, Decision, Option
from .turn import advance

Options = Callable[[Ctx, Decision], list[Option]]
Apply = Callable[[Ctx, Decision, str, tuple[int, ...]], None]


@dataclass(frozen=True)
class Kind:
    options: Options
    apply: Apply
    prompt: Callable[[Ctx, Decision], str]
    index: int = 0  # its place in the observation tensor's phase one-hot


# -- setup and death ------------------------------------------------------------------


def choose_ship_options(ctx: Ctx, d: Decision) -> list[Option]:
    """MM-2.7: a Sloop or a Flute."""
    return [("ship", (ctx.c.ship_index(name),)) for name in ("Sloop", "Flute")]


def choose_ship_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    death.choose_ship(ctx, d.seat, args[0])


def keep_captain_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("keep-captain", ()), ("redraw-captain", ())]


def keep_captain_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "redraw-captain":
        death.redraw_captain(ctx, d.seat)


def place_modification_options(ctx: Ctx, d: Decision) -> list[Option]:
    split = d.args.index(-1)
    chosen = d.args[split + 1 :]
    t = ctx.table
    return [
        ("place-modification", (z,)) for z in ctx.c.ports if t.mod_at[z] < 0 and z not in chosen
    ]


def place_modification_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """MM-13.4: the owner picks the ports; the tokens are dealt to them at random."""
    t = ctx.table
    split = d.args.index(-1)
    tokens, chosen = d.args[:split], [*d.args[split + 1 :], args[0]]
    if len(chosen) < len(tokens):
        t.pending.append(Decision(d.kind, d.seat, [*tokens, -1, *chosen]))
        return
    dealt = list(tokens)
    ctx.rng.shuffle(dealt)
    for zone, token in zip(chosen, dealt, strict=True):
        t.mod_at[zone] = token
        t.mod_up[zone] = False
    ctx.log(
        Event("modifications-placed", {"seat": d.seat, "ports": [ctx.sea.names[z] for z in chosen]})
    )


# -- the turn's actions ------------------------------------------------------------------


def action_options(ctx: Ctx, d: Decision) -> list[Option]:
    """MM-3.3, MM-5: Move, Scout, Port; retiring first (MM-16.5); specialists played
    on your own turn (MM-14.3); ending the turn early (house)."""
    t = ctx.table
    seat = d.seat
    p = t.players[seat]
    out: list[Option] = []
    if not t.acted and p.docked:
        out.append(("retire", ()))
    if t.actions_left > 0 or t.extra_moves:
        out += [("move", (z,)) for z in sailing.move_targets(ctx, seat)]
        if ability(ctx, p) == "coast_pilot" and not t.pilot_used:  # C04
            out += [("pilot", (z,)) for z in sailing.move_targets(ctx, seat)]
    if t.actions_left > 0:
        targets = sailing.scout_targets(ctx, seat)
        out += [("scout", (target,)) for target in targets]
        if TARGET_MERCHANT in targets and ctx.sea.names[p.zone] == sailing.CARTAGENA:
            out.append(("scout-spanish", ()))
        entry = sailing.may_take_port(ctx, seat)
        if entry in (sailing.OPEN, sailing.FORGED):
            out.append(("port", ()))
        elif entry == sailing.FEE:
            out.append(("port-roll", ()))
            if p.gold >= sailing.PORT_ROYAL_FEE:
                out.append(("port-pay", ()))
    types = sorted({ctx.c.glory[g] for g in p.hand})
    out += [
        ("play-specialist", (g,))
        for g in types
        if ctx.c.glory_types[g].kind == "specialist"
        and not has_specialist(ctx, p, ctx.c.glory_types[g].key)
    ]
    out += [("play-glory", (g,)) for g in types if glory.playable_on_turn(ctx, seat, g)]
    out.append(("end-turn", ()))
    return out


def action_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t = ctx.table
    seat = d.seat
    if kind == "move":
        sailing.move(ctx, seat, args[0])
    elif kind == "pilot":
        t.pilot_used = t.pilot_on = True
        sailing.move(ctx, seat, args[0])
    elif kind == "scout":
        sailing.scout(ctx, seat, args[0])
    elif kind == "scout-spanish":
        sailing.scout(ctx, seat, TARGET_MERCHANT, spanish=True)
    elif kind in ("port", "port-pay", "port-roll"):
        how = {"port": "", "port-pay": "pay", "port-roll": "roll"}[kind]
        if kind == "port" and sailing.may_take_port(ctx, seat) == sailing.FORGED:
            how = "forged"
        if sailing.enter_port(ctx, seat, how):
            port.open_visit(ctx, seat)
    elif kind == "retire":
        t.acted = True
        ctx.log(Event("retire", {"seat": seat}))
        death.kill(ctx, seat, "retired")
    elif kind == "play-specialist":
        p = t.players[seat]
        card = next(g for g in p.hand if ctx.c.glory[g] == args[0])
        p.hand.remove(card)
        p.specialists.append(card)
        ctx.log(Event("specialist", {"seat": seat, "card": ctx.c.glory_types[args[0]].name}))
    elif kind == "play-glory":
        glory.play(ctx, seat, args[0])
    elif kind == "end-turn":
        t.actions_left = 0
        t.extra_moves = 0


# -- merchants and raids (MM-6) ------------------------------------------------------


def nation_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("nation", (n,)) for n in raid.nation_options(ctx, d.args[0])]


def nation_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    raid.announce(ctx, d.seat, args[0])


def raid_or_peace_options(ctx: Ctx, d: Decision) -> list[Option]:
    out: list[Option] = [("raid", ())] if raid.may_raid(ctx, d.seat) else []
    return [*out, ("let-go", ())]


def raid_or_peace_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "raid":
        raid.start_raid(ctx, d.seat, d.args[0], d.args[1])
    else:
        ctx.log(Event("merchant-let-go", {"seat": d.seat}))


def raid_weapon_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    return [("done", ())] + [("use-weapon", (w,)) for w, n in enumerate(p.weapons) if n]


def raid_weapon_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "use-weapon":
        raid.use_weapon(ctx, d.seat, args[0])
    ctx.table.pending.append(Decision(RAID_SPEND, d.seat))


def raid_spend_options(ctx: Ctx, d: Decision) -> list[Option]:
    t = ctx.table
    r = t.raid
    assert r is not None
    out: list[Option] = [("done", ())]
    if r.successes <= 0:
        return out
    drawable = bool(t.cargo_deck or t.cargo_discard)
    if drawable:
        out.append(("raid-draw", ()))
    out += [("raid-discard", (c,)) for c in sorted(r.cards)]
    if drawable:
        out += [("raid-exchange", (c,)) for c in sorted(r.cards)]
    return out


def raid_spend_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    r = ctx.table.raid
    assert r is not None
    if kind == "done" or r.successes <= 0:
        raid.finish_raid(ctx, d.seat)
        return
    raid.spend(ctx, d.seat, kind.removeprefix("raid-"), args[0] if args else -1)
    ctx.table.pending.append(Decision(RAID_SPEND, d.seat))


def keep_cargo_options(ctx: Ctx, d: Decision) -> list[Option]:
    if ctx.table.raid is None:
        return []
    keep, unload = raid.keep_options(ctx, d.seat)
    out: list[Option] = [("done", ())]
    return out + [("keep", (c,)) for c in sorted(keep)] + [("unload", (c,)) for c in sorted(unload)]


def keep_cargo_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "done":
        raid.done_keeping(ctx)
        return
    (raid.keep if kind == "keep" else raid.unload)(ctx, d.seat, args[0])
    ctx.table.pending.append(Decision(KEEP_CARGO, d.seat))


# -- limits: cargo, glory cards, rumors (MM-12.4, MM-14.2, MM-12.7) -------------


def discard_cargo_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    limit = p.values[1] if d.args and d.args[0] >= 0 else (6 if p.docked else p.values[1])
    if len(p.cargo) <= limit:
        return []
    return [("discard-cargo", (c,)) for c in sorted(p.cargo)]


def discard_cargo_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t = ctx.table
    p = t.players[d.seat]
    p.cargo.remove(args[0])
    t.cargo_discard.append(args[0])
    ctx.log(Event("cargo-discarded", {"seat": d.seat, "card": args[0]}))
    if discard_cargo_options(ctx, d):
        t.pending.append(Decision(d.kind, d.seat, list(d.args)))
    elif d.args and d.args[0] >= 0:
        sailing.sail(ctx, d.seat, d.args[0])  # MM-5.1: now the ship leaves port


def discard_glory_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    if len(p.hand) <= HAND_LIMIT:
        return []
    return [("discard-glory", (g,)) for g in sorted({ctx.c.glory[card] for card in p.hand})]


def discard_glory_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """MM-14.2; the discarded card is shown (house)."""
    t = ctx.table
    p = t.players[d.seat]
    card = next(g for g in p.hand if ctx.c.glory[g] == args[0])
    p.hand.remove(card)
    t.glory_discard.append(card)
    ctx.log(Event("glory-discarded", {"seat": d.seat, "card": ctx.c.glory_types[args[0]].name}))
    t.pending.append(Decision(DISCARD_GLORY, d.seat))


def discard_rumor_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    if p.rumor < 0 or p.rumor2 < 0:
        return []
    return [("keep-rumor", (r,)) for r in sorted((p.rumor, p.rumor2))]


def discard_rumor_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """MM-12.7: only one rumor is held; the other is shown and discarded (house)."""
    t = ctx.table
    p = t.players[d.seat]
    other = p.rumor2 if args[0] == p.rumor else p.rumor
    p.rumor, p.rumor2 = args[0], -1
    t.rumor_discard.append(other)
    ctx.log(Event("rumor-discarded", {"seat": d.seat, "rumor": ctx.c.rumors[other].name}))


# -- combat (MM-8 – MM-11) ----------------------------------------------------------------


def declare_options(ctx: Ctx, d: Decision) -> list[Option]:
    cb = ctx.table.combat
    assert cb is not None
    return [("declare", (x,)) for x in combat.declarations(ctx, cb, d.args[0])]


def declare_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    cb = ctx.table.combat
    assert cb is not None
    combat.declare(ctx, cb, d.args[0], args[0])
    combat.after_declaration(cb, d.args[0])


def skull_options(ctx: Ctx, d: Decision) -> list[Option]:
    """MM-9.1: any location, Hull included (a destroyed one would pass it to Hull)."""
    t = ctx.table
    if d.args[0] < 0:
        values = t.players[d.seat].values
    else:
        cb = t.combat
        assert cb is not None
        values = combat.values(ctx, cb, d.args[0])
    return [("skull", (loc,)) for loc in range(5) if values[loc] > 0 or loc == HULL]


def skull_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t = ctx.table
    if d.args[0] < 0:  # a storm's hit, outside combat
        hit_player(ctx, d.seat, args[0], "storm")
        if sunk(t.players[d.seat].values):
            death.kill(ctx, d.seat, "sunk by the storm")
        return
    cb = t.combat
    assert cb is not None
    combat.place_skull(ctx, cb, d.args[0], args[0])


def grapple_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("done", ()), ("grapple", ())]


def grapple_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    cb = ctx.table.combat
    assert cb is not None
    if kind == "grapple":
        combat.grapple(ctx, cb, d.args[0])


def ammo_options(ctx: Ctx, d: Decision) -> list[Option]:
    cb = ctx.table.combat
    assert cb is not None
    out: list[Option] = [("done", ())]
    return out + [("ammo", (w,)) for w in combat.ammo_options(ctx, cb, d.args[0])]


def ammo_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    cb = ctx.table.combat
    assert cb is not None
    if kind == "ammo":
        combat.load(ctx, cb, d.args[0], args[0])


def reinforce_options(ctx: Ctx, d: Decision) -> list[Option]:
    cb = ctx.table.combat
    assert cb is not None
    i = d.args[0]
    out: list[Option] = [("done", ())]
    out += [("absorb", (loc,)) for loc in sorted(set(cb.landing[i]))]
    return out + ([("absorb", (-1,))] if cb.skulls[i] else [])


def reinforce_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    cb = ctx.table.combat
    assert cb is not None
    combat.absorb(ctx, cb, d.args[0], args[0] if kind == "absorb" else None)


def raid_reinforce_options(ctx: Ctx, d: Decision) -> list[Option]:
    out: list[Option] = [("done", ())]
    return out + [("absorb", (loc,)) for loc in sorted(set(raid.raid_hits(ctx, d.seat)))]


def raid_reinforce_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    r = ctx.table.raid
    assert r is not None
    if kind == "absorb":
        r.absorbed = args[0]
        ctx.table.players[d.seat].reinforced_used = True
        ctx.log(Event("reinforced-hull", {"seat": d.seat}))
    raid.finish_raid(ctx, d.seat)


def hazard_reinforce_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("done", ()), ("absorb", (d.args[0],))]


def hazard_reinforce_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """MM-13.1 against a storm's hit (a skull declined goes to its placement) or
    Bridgetown's reefs (MM-18: the entry then goes on, if the ship still floats)."""
    t = ctx.table
    location, cause = d.args
    if kind == "absorb":
        t.players[d.seat].reinforced_used = True
        ctx.log(Event("reinforced-hull", {"seat": d.seat}))
    elif location < 0:
        t.pending.append(Decision(SKULL_HIT, d.seat, [-1]))
    elif not event_cards.land_hazard_hit(ctx, d.seat, location, cause):
        return
    if cause == STORM_HIT:
        return
    p = t.players[d.seat]
    p.docked = True
    ctx.log(Event("port", {"seat": d.seat, "port": ctx.sea.names[p.zone]}))
    port.open_visit(ctx, d.seat)


def reroll_options(ctx: Ctx, d: Decision) -> list[Option]:
    cb = ctx.table.combat
    assert cb is not None
    out: list[Option] = [("done", ())]
    return out + [("reroll", (f,)) for f in sorted(set(cb.volley[d.args[0]]))]


def reroll_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    cb = ctx.table.combat
    assert cb is not None
    combat.reroll(ctx, cb, d.args[0], args[0] if kind == "reroll" else None)


def take_ship_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("done", ()), ("take-ship", ())]


def take_ship_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "take-ship":
        combat.take_ship(ctx, d.seat, list(d.args))


def reward_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("reward", (n,)) for n in combat.reward_options(ctx, d.seat, list(d.args))]


def reward_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    combat.reward(ctx, d.seat, args[0], list(d.args))


# -- rewards of missions and rumors (MM-15) ------------------------------------------


def weapon_options(ctx: Ctx, d: Decision) -> list[Option]:
    t = ctx.table
    p = t.players[d.seat]
    return [
        ("weapon", (w,)) for w in range(len(p.weapons)) if t.weapon_bank[w] and not p.weapons[w]
    ]


def weapon_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t = ctx.table
    t.weapon_bank[args[0]] -= 1
    t.players[d.seat].weapons[args[0]] = 1
    ctx.log(Event("weapon", {"seat": d.seat, "weapon": args[0]}))
    if d.args[0] > 1:
        t.pending.append(Decision(CHOOSE_WEAPON, d.seat, [d.args[0] - 1]))


def frigate_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("frigate", ()), ("gold-reward", ())]


def frigate_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """R11: an undamaged Frigate (MM-11.3: your crew stays), or the gold."""
    if kind == "frigate":
        frigate = ctx.c.ship_index("Frigate")
        combat.take_ship(ctx, d.seat, [frigate, *ctx.c.ships[frigate].values])
    else:
        ctx.table.players[d.seat].gold += d.args[0]
        ctx.log(Event("gold", {"seat": d.seat, "gold": d.args[0], "why": "rumor"}))


def return_bounty_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    return [("return-bounty", (n,)) for n, count in enumerate(p.bounties) if count]


def return_bounty_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t = ctx.table
    t.players[d.seat].bounties[args[0]] -= 1
    t.bounty_bank[args[0]] += 1
    ctx.log(Event("bounty-returned", {"seat": d.seat, "nation": ctx.c.nations[args[0]].name}))


# -- port activities (MM-12) ------------------------------------------------------------


def carpenter_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    return [("repair", (loc,)) for loc in range(5) if loc != CREW and p.values[loc] < p.maxima[loc]]


def carpenter_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """G11 Ship's Carpenter: 2 damage points, one decision each."""
    ctx.table.players[d.seat].values[args[0]] += 1
    ctx.log(Event("repair", {"seat": d.seat, "location": args[0], "why": "Ship's Carpenter"}))
    if d.args[0] > 1:
        ctx.table.pending.append(Decision(CARPENTER, d.seat, [d.args[0] - 1]))


def hidden_cove_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    cove = glory.glory_type(ctx, "hidden_cove")
    out: list[Option] = [("done", ())]
    return out + ([("play-glory", (cove,))] if any(ctx.c.glory[g] == cove for g in p.hand) else [])


def hidden_cove_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """G08: the scout counts as failed; else the combat starts."""
    if kind == "play-glory":
        glory.play_card(ctx, d.seat, args[0])
        ctx.log(Event("scout-foiled", {"seat": d.seat}))
    else:
        combat.start_combat(ctx, d.args[0], d.seat)


def fortune_options(ctx: Ctx, d: Decision) -> list[Option]:
    """MM-D.9 G12: keep the roll, or play Fortune's Favour to re-roll all its dice."""
    p = ctx.table.players[d.seat]
    favour = glory.glory_type(ctx, "fortunes_favour")
    out: list[Option] = [("done", ())]
    return out + (
        [("play-glory", (favour,))] if any(ctx.c.glory[g] == favour for g in p.hand) else []
    )


def fortune_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    roll, skill, extra, *faces = d.args
    if kind == "play-glory":
        glory.play_card(ctx, d.seat, args[0])
        faces = skill_roll(ctx, d.seat, skill, len(faces), "Fortune's Favour")
    AFTER_ROLL[roll](ctx, d.seat, extra, faces)


#: What each skill roll that Fortune's Favour may re-roll goes on to do: (ctx, seat,
#: the roll's extra argument, the faces).
AFTER_ROLL: dict[int, Callable[[Ctx, int, int, list[int]], None]] = {
    ROLL_SCOUT: lambda ctx, seat, target, faces: sailing.scout_result(ctx, seat, target, faces),
    ROLL_RECRUIT: lambda ctx, seat, _, faces: port.recruit_result(ctx, seat, faces),
    ROLL_RUMOR_TEST: lambda ctx, seat, card, faces: missions.rumor_result(ctx, seat, card, faces),
    ROLL_RUMOR_SEEK: lambda ctx, seat, _, faces: port.rumor_sought(ctx, seat, faces),
    ROLL_MISSION: lambda ctx, seat, slot, faces: missions.mission_result(ctx, seat, slot, faces),
    ROLL_RAID: lambda ctx, seat, _, faces: raid.raid_roll_result(ctx, seat, faces),
    ROLL_CONTEST: lambda ctx, _, side, faces: combat.fortune_result(ctx, side, faces),
    ROLL_CREW: lambda ctx, _, side, faces: combat.fortune_result(ctx, side, faces),
    ROLL_STORM: lambda ctx, seat, place, faces: event_cards.hazard_result(
        ctx, seat, ROLL_STORM, place, faces
    ),
    ROLL_DISEASE: lambda ctx, seat, place, faces: event_cards.hazard_result(
        ctx, seat, ROLL_DISEASE, place, faces
    ),
    ROLL_SAIL_STORM: lambda ctx, seat, _, faces: sailing.storm_weathered(ctx, seat, faces),
    ROLL_PORT_ROYAL: lambda ctx, seat, _, faces: enter_on(
        ctx, seat, sailing.port_royal_result(ctx, seat, faces)
    ),
    ROLL_BRIDGETOWN: lambda ctx, seat, _, faces: enter_on(
        ctx, seat, sailing.bridgetown_result(ctx, seat, faces)
    ),
}


def enter_on(ctx: Ctx, seat: int, docked: bool) -> None:
    """A Port action whose entry roll was kept or re-rolled (G12): once docked, the
    activities follow (MM-12.1)."""
    if docked:
        port.open_visit(ctx, seat)


def pilot_options(ctx: Ctx, d: Decision) -> list[Option]:
    """C04 Coast Pilot: the same Move crosses a second zone (NPCs there scout too)."""
    p = ctx.table.players[d.seat]
    out: list[Option] = [("done", ())]
    return out + [("pilot-on", (z,)) for z in ctx.sea.neighbours[p.zone]]


def pilot_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    ctx.table.pilot_on = False
    if kind == "pilot-on":
        sailing.sail(ctx, d.seat, args[0])


def port_fee_options(ctx: Ctx, d: Decision) -> list[Option]:
    return [("done", ()), ("port-pay", ())]


def port_fee_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """MM-18 Port Royal: after a failed roll the captain may still pay 2 gold."""
    if kind == "port-pay":
        p = ctx.table.players[d.seat]
        p.gold -= sailing.PORT_ROYAL_FEE
        p.docked = True
        ctx.log(Event("port-fee", {"seat": d.seat, "gold": sailing.PORT_ROYAL_FEE}))
        ctx.log(Event("port", {"seat": d.seat, "port": ctx.sea.names[p.zone]}))
        port.open_visit(ctx, d.seat)


def keep_modifications_options(ctx: Ctx, d: Decision) -> list[Option]:
    p = ctx.table.players[d.seat]
    out: list[Option] = [("done", ())]
    if p.gold < 1:
        return out
    return out + [
        ("keep-modification", (m,)) for m in sorted(set(d.args)) if port.allowed_on(ctx, p, m)
    ]


def keep_modifications_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    port.keep_modification(
        ctx, d.seat, list(d.args), args[0] if kind == "keep-modification" else None
    )


def port_options(ctx: Ctx, d: Decision) -> list[Option]:
    if ctx.table.visit is None:
        return []
    return [("done", ()), *port.step_options(ctx, d.seat)]


def port_apply(ctx: Ctx, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "done":
        port.next_step(ctx, d.seat)
    else:
        port.do_step(ctx, d.seat, kind, args)


DECISIONS: dict[str, Kind] = {
    CHOOSE_SHIP: Kind(choose_ship_options, choose_ship_apply, render.prompt),
    KEEP_CAPTAIN: Kind(keep_captain_options, keep_captain_apply, render.prompt),
    ACTION: Kind(action_options, action_apply, render.prompt),
    MERCHANT_NATION: Kind(nation_options, nation_apply, render.prompt),
    RAID_OR_PEACE: Kind(raid_or_peace_options, raid_or_peace_apply, render.prompt),
    RAID_WEAPON: Kind(raid_weapon_options, raid_weapon_apply, render.prompt),
    RAID_SPEND: Kind(raid_spend_options, raid_spend_apply, render.prompt),
    KEEP_CARGO: Kind(keep_cargo_options, keep_cargo_apply, render.prompt),
    DISCARD_CARGO: Kind(discard_cargo_options, discard_cargo_apply, render.prompt),
    DISCARD_GLORY: Kind(discard_glory_options, discard_glory_apply, render.prompt),
    DISCARD_RUMOR: Kind(discard_rumor_options, discard_rumor_apply, render.prompt),
    DECLARE: Kind(declare_options, declare_apply, render.prompt),
    SKULL_HIT: Kind(skull_options, skull_apply, render.prompt),
    GRAPPLE: Kind(grapple_options, grapple_apply, render.prompt),
    AMMO: Kind(ammo_options, ammo_apply, render.prompt),
    REINFORCE: Kind(reinforce_options, reinforce_apply, render.prompt),
    REROLL: Kind(reroll_options, reroll_apply, render.prompt),
    RAID_REINFORCE: Kind(raid_reinforce_options, raid_reinforce_apply, render.prompt),
    HAZARD_REINFORCE: Kind(hazard_reinforce_options, hazard_reinforce_apply, render.prompt),
    TAKE_SHIP: Kind(take_ship_options, take_ship_apply, render.prompt),
    REWARD_NATION: Kind(reward_options, reward_apply, render.prompt),
    PLACE_MODIFICATION: Kind(place_modification_options, place_modification_apply, render.prompt),
    CHOOSE_WEAPON: Kind(weapon_options, weapon_apply, render.prompt),
    FRIGATE_OR_GOLD: Kind(frigate_options, frigate_apply, render.prompt),
    RETURN_BOUNTY: Kind(return_bounty_options, return_bounty_apply, render.prompt),
    CARPENTER: Kind(carpenter_options, carpenter_apply, render.prompt),
    PILOT: Kind(pilot_options, pilot_apply, render.prompt),
    HIDDEN_COVE: Kind(hidden_cove_options, hidden_cove_apply, render.prompt),
    FORTUNE: Kind(fortune_options, fortune_apply, render.prompt),
    PORT_FEE: Kind(port_fee_options, port_fee_apply, render.prompt),
    KEEP_MODIFICATIONS: Kind(keep_modifications_options, keep_modifications_apply, render.prompt),
    SELL: Kind(port_options, port_apply, render.prompt),
    BUY: Kind(port_options, port_apply, render.prompt),
    SHIPYARD: Kind(port_options, port_apply, render.prompt),
    RECRUIT: Kind(port_options, port_apply, render.prompt),
    RUMOR: Kind(port_options, port_apply, render.prompt),
    MISSION: Kind(port_options, port_apply, render.prompt),
    STASH: Kind(port_options, port_apply, render.prompt),
}
#: The tensor's phase index of each kind, in the table's order.
PHASE_INDEX = {kind: i for i, kind in enumerate(DECISIONS)}


def options(ctx: Ctx) -> list[Option]:
    t = ctx.table
    if not t.pending:
        return []
    d = t.pending[-1]
    return DECISIONS[d.kind].options(ctx, d)


class Settled(NamedTuple):
    """The decision settling stopped at and its options (None: the game is over)."""

    decision: Decision | None
    options: list[Option]


def settle(ctx: Ctx) -> Settled:
    """Run the automatic flow until a decision with options is pending or the game is
    over; a decision left with no option (a limit already met) is dropped. Returns the
    decision it stops at with its options, so that the state need not work them out
    again."""
    t = ctx.table
    while True:
        if t.pending:
            d = t.pending[-1]
            found = DECISIONS[d.kind].options(ctx, d)
            if found:
                return Settled(d, found)
            t.pending.pop()
            continue
        if t.stage == OVER:
            return Settled(None, [])
        advance(ctx)


def apply(ctx: Ctx, kind: str, args: tuple[int, ...]) -> Settled:
    """Carry out the decision on top of the stack, then settle; returns the options of
    the next decision (``settle``)."""
    t = ctx.table
    d = t.pending.pop()
    DECISIONS[d.kind].apply(ctx, d, kind, args)
    return settle(ctx)


__all__ = [
    "CREW",
    "DECISIONS",
    "PHASE_INDEX",
    "ability",
    "apply",
    "missions",
    "nation_of",
    "options",
    "settle",
]
