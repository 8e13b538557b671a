"""The decision table (STYLE.md section 3): one entry per kind of decision, read by
``current_player``, the legal actions, ``pending()``, the settling loop and the
tensor's phase index; and one handler per automatic step. Both are dicts built at
import time, so every call is visible to grep and the type checker.

PW-22.3: a decision with a single legal option is still asked (so the sequence of
decisions never depends on hidden cards); ``public`` only documents which kinds
show nothing hidden in their options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from quarterdeck.engine import Event

from . import cards, combat, movement, ports, render, scoring, setup, turn
from . import phases as ph
from .damage import (
    check_overflow,
    free_space,
    gain_crew,
    gain_gold,
    has_ship,
    items,
    lose_crew_now,
    lose_ship,
    repair,
)
from .table import Decision, Meaning, Play, ask, schedule, step

Options = Callable[[Play, Decision], list[Meaning]]
Apply = Callable[[Play, Decision, str, tuple[int, ...]], None]
Due = Callable[[Play, Decision], bool]


@dataclass(frozen=True)
class Entry:
    options: Options
    apply: Apply
    prompt: Callable[[Play, Decision], str]
    due: Due  # false: the decision lapsed (its ship is gone) and is dropped unasked
    public: bool  # its options show nothing hidden
    index: int  # its place in the tensor's one-hot of pending decisions


def _always(p: Play, d: Decision) -> bool:
    return True


def _ship(p: Play, d: Decision) -> bool:
    return has_ship(p.table, d.seat)


# -- setup ----------------------------------------------------------------------------------


def _race_options(p: Play, d: Decision) -> list[Meaning]:
    return [("race", (r,)) for r in setup.race_options(p)]


def _race_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    p.table.race[d.seat] = args[0]
    p.log(Event("race", {"seat": d.seat, "race": args[0]}))


def _site_options(p: Play, d: Decision) -> list[Meaning]:
    return [("site", (s,)) for s in setup.site_options(p)]


def _site_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    p.table.site[d.seat] = args[0]
    p.log(Event("home-port", {"seat": d.seat, "site": args[0] + 1}))


def _mount_options(p: Play, d: Decision) -> list[Meaning]:
    return [("mount", (m,)) for m in p.comp.races[p.table.race[d.seat]].mounts]


def _mount_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    p.table.weapons[d.seat][0] = args[0]
    p.log(Event("mount", {"seat": d.seat, "mount": args[0]}))


def _mount_due(p: Play, d: Decision) -> bool:
    return has_ship(p.table, d.seat) and bool(p.table.weapons[d.seat])


# -- cards and windows ----------------------------------------------------------------------


def _wind_options(p: Play, d: Decision) -> list[Meaning]:
    return [("wind", (w,)) for w in range(1, 7)]


def _wind_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    turn.set_wind(p, args[0], "Change wind (any)")


def _captives_options(p: Play, d: Decision) -> list[Meaning]:
    crew = [("captives", (0,))] if free_space(p.table, d.seat) else []
    return [*crew, ("captives", (1,))]


def _captives_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if args[0] == 0:
        gain_crew(p, d.seat, "Captives")
    else:
        gain_gold(p, d.seat, p.rng.randint(1, 6), "Captives")


def _window_options(p: Play, d: Decision) -> list[Meaning]:
    return [("pass", ()), *(("play", (c,)) for c in cards.window_cards(p, d.seat, d.args[0]))]


def _window_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """Pass, or play a fitting card: it cancels the step just below the window."""
    t = p.table
    if kind == "pass":
        p.log(Event("pass", {"seat": d.seat, "window": d.args[0]}))
        return
    cards.play_card(p, d.seat, args[0], f"W{d.args[0]}")
    cancelled = t.pending.pop()
    p.log(Event("cancelled", {"seat": d.seat, "what": cancelled.kind}))
    if d.args[0] == ph.W4 and cancelled.kind in (ph.FIRE, ph.BOARDING):
        t.escaped.append(d.seat)  # no firing at or boarding of it this phase


def _window_due(p: Play, d: Decision) -> bool:
    # PW-22.3: a player whose ship is lost is asked only in W2.
    return d.args[0] == ph.W2 or has_ship(p.table, d.seat)


def _board_card_options(p: Play, d: Decision) -> list[Meaning]:
    return [("pass", ()), *(("play", (c,)) for c in combat.boarding_cards(p, d.seat))]


def _board_card_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "pass":
        return
    cards.play_card(p, d.seat, args[0], "boarding")
    bonus = p.comp.card(args[0]).bonus
    for record in reversed(p.table.pending):
        if record.kind == ph.BOARD_ROLL:
            record.args[2 + d.args[2]] += bonus
            return
        if record.kind == ph.EVENT_ROLL:
            record.args[2] += bonus
            return


def _board_card_due(p: Play, d: Decision) -> bool:
    att, dfn = d.args[0], d.args[1]
    t = p.table
    return has_ship(t, att) and (dfn < 0 or has_ship(t, dfn))


# -- movement -------------------------------------------------------------------------------


def _mode_options(p: Play, d: Decision) -> list[Meaning]:
    return [("mode", (m,)) for m in movement.modes(p, d.seat)]


def _mode_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    movement.begin(p, d.seat, args[0])


def _run_options(p: Play, d: Decision) -> list[Meaning]:
    return [("run", (0,)), ("run", (1,))]


def _run_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    movement.declare_run(p, d.seat, bool(args[0]))


def _move_options(p: Play, d: Decision) -> list[Meaning]:
    return movement.move_options(p, d.seat)


def _move_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    movement.take_step(p, d.seat, kind, args)


# -- battle ---------------------------------------------------------------------------------


def _main_options(p: Play, d: Decision) -> list[Meaning]:
    """PW-12.1, PW-22.3: only main actions that can be carried out."""
    t, seat = p.table, d.seat
    out: list[Meaning] = [("main", (ph.NO_MAIN,))]
    if combat.fire_targets(p, seat) or combat.boarding_targets(p, seat):
        out.append(("main", (ph.ATTACK,)))
    if ports.can_trade(p, seat):
        out.append(("main", (ph.TRADE,)))
    if ports.plunder_site(p, seat) >= 0:
        out.append(("main", (ph.PLUNDER,)))
        out += [
            ("play", (c,)) for c in sorted(t.hands[seat]) if p.comp.card(c).effect == "plunder-2"
        ]
    if p.board.at_island[t.hex[seat]]:
        out += [
            ("play", (c,)) for c in sorted(t.hands[seat]) if p.comp.card(c).effect == "treasure-map"
        ]
    return out


def _main_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t, seat = p.table, d.seat
    if kind == "play":
        info = p.comp.card(args[0])
        cards.play_card(p, seat, args[0], "main action")
        if info.effect == "treasure-map":  # PW-18.1
            t.main = ph.DIG
            ports.dig(p, seat, info.dice)
        else:  # PW-15.5: a plunder without the roll; the forts fire first
            t.main = ph.PLUNDER
            site = ports.plunder_site(p, seat)
            t.pending.append(step(ph.PLUNDER_GAIN, seat, site, info.treasures))
            ports.provoke(p, seat, site, once_per_phase=True)
        return
    t.main = args[0]
    if args[0] != ph.NO_MAIN:  # "none" is in the record; the log keeps what happens
        p.log(Event("main-action", {"seat": seat, "action": ph.MAIN_NAMES[args[0]]}))
    if args[0] == ph.ATTACK:
        schedule(t, [ask(ph.FIRE_TARGET, seat), ask(ph.BOARD_TARGET, seat)])
    elif args[0] == ph.TRADE:
        ports.trade(p, seat)
    elif args[0] == ph.PLUNDER:
        site = ports.plunder_site(p, seat)
        t.pending.append(step(ph.PLUNDER_ROLL, seat, site))
        ports.provoke(p, seat, site, once_per_phase=True)


def _fire_target_options(p: Play, d: Decision) -> list[Meaning]:
    return [*(("fire-at", (s,)) for s in combat.fire_targets(p, d.seat)), ("hold-fire", ())]


def _fire_target_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "fire-at":
        target = args[0]
        p.log(Event("attack", {"seat": d.seat, "target": target, "how": "fire"}))
        schedule(p.table, [*combat.open_w4(p.table, target), step(ph.FIRE, d.seat, target)])


def _firing_due(p: Play, d: Decision) -> bool:
    t, target = p.table, d.args[0]
    return (
        has_ship(t, d.seat)
        and has_ship(t, target)
        and t.crew[d.seat] > 0
        and combat.reaching(p, d.seat, target) > 0
    )


def _fire_card_options(p: Play, d: Decision) -> list[Meaning]:
    return [("pass", ()), *(("play", (c,)) for c in combat.battle_cards(p, d.seat, d.args[0]))]


def _fire_card_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    card = 0
    if kind == "play":
        card = args[0]
        cards.play_card(p, d.seat, card, "battle")
    p.table.pending.append(ask(ph.FIRE_WEAPONS, d.seat, d.args[0], card))


def _weapons_options(p: Play, d: Decision) -> list[Meaning]:
    """PW-12.3 step 5, PW-4.8: how many of the reaching weapons fire (they are alike),
    no more than the crew."""
    most = min(p.table.crew[d.seat], combat.reaching(p, d.seat, d.args[0]))
    return [("fire", (n,)) for n in range(1, most + 1)]


def _weapons_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    combat.fire(p, d.seat, d.args[0], args[0], d.args[1])


def _board_target_options(p: Play, d: Decision) -> list[Meaning]:
    return [*(("board", (s,)) for s in combat.boarding_targets(p, d.seat)), ("no-boarding", ())]


def _board_target_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    if kind == "board":
        target = args[0]
        p.log(Event("attack", {"seat": d.seat, "target": target, "how": "boarding"}))
        schedule(p.table, [*combat.open_w4(p.table, target), step(ph.BOARDING, d.seat, target)])


def _loot_options(p: Play, d: Decision) -> list[Meaning]:
    return [("loot", (k,)) for k in combat.loot_options(p, d.seat, d.args[0])]


def _loot_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    combat.take_loot(p, d.seat, d.args[0], args[0] == 0)


def _lose_options(p: Play, d: Decision) -> list[Meaning]:
    treasure = [("lose", (0,))] if p.table.aboard[d.seat] > 0 else []
    return [*treasure, ("lose", (1,))]


def _lose_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    ports.lose_treasure_or_gold(p, d.seat, args[0] == 0)


def _services_options(p: Play, d: Decision) -> list[Meaning]:
    return [*ports.service_options(p, d.seat), ("done", ())]


def _services_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    t, prices, seat = p.table, p.comp.prices, d.seat
    if kind == "done":
        return
    if kind == "repair":
        t.gold[seat] -= prices.repair
        repair(p, seat, 1, "service")
    elif kind == "hire":
        t.gold[seat] -= prices.crew
        gain_crew(p, seat, "service")
    elif kind == "buy":
        t.gold[seat] -= prices.weapon
        t.weapons[seat].append(args[0])
        p.log(Event("weapon", {"seat": seat, "mount": args[0], "gold": t.gold[seat]}))
    elif kind == "store":
        scoring.store_treasure(p, seat)
        if t.over:
            return
    t.pending.append(ask(ph.SERVICES, seat))


def _services_due(p: Play, d: Decision) -> bool:
    return ports.services_due(p, d.seat)


def _overflow_options(p: Play, d: Decision) -> list[Meaning]:
    t, seat = p.table, d.seat
    out: list[Meaning] = [("throw-crew", ())] if t.crew[seat] else []
    out += [("throw-weapon", (m,)) for m in sorted(set(t.weapons[seat]))]
    if t.aboard[seat]:
        out.append(("throw-treasure", ()))
    return out


def _overflow_apply(p: Play, d: Decision, kind: str, args: tuple[int, ...]) -> None:
    """PW-4.5: one item overboard; crew thrown to 0 loses the ship (PW-4.7)."""
    t, seat = p.table, d.seat
    if kind == "throw-crew":
        t.crew[seat] -= 1
    elif kind == "throw-weapon":
        t.weapons[seat].remove(args[0])
    else:
        t.aboard[seat] -= 1
    p.log(Event("overboard", {"seat": seat, "item": kind[len("throw-") :], "args": list(args)}))
    if t.crew[seat] == 0:
        lose_ship(p, seat, "no crew")
    else:
        check_overflow(t, seat)


def _overflow_due(p: Play, d: Decision) -> bool:
    t = p.table
    return has_ship(t, d.seat) and items(t, d.seat) > t.hull[d.seat]


def _entry(
    options: Options, apply: Apply, due: Due = _always, public: bool = True
) -> Callable[[int], Entry]:
    return lambda i: Entry(options, apply, render.prompt, due, public, i)


_ENTRIES: dict[str, Callable[[int], Entry]] = {
    ph.RACE: _entry(_race_options, _race_apply),
    ph.SITE: _entry(_site_options, _site_apply),
    ph.MOUNT: _entry(_mount_options, _mount_apply, _mount_due),
    ph.WIND: _entry(_wind_options, _wind_apply),
    ph.CAPTIVES: _entry(_captives_options, _captives_apply),
    ph.WINDOW: _entry(_window_options, _window_apply, _window_due, public=False),
    ph.BOARD_CARD: _entry(_board_card_options, _board_card_apply, _board_card_due, public=False),
    ph.MODE: _entry(_mode_options, _mode_apply, _ship),
    ph.RUN: _entry(_run_options, _run_apply, _ship),
    ph.MOVE: _entry(_move_options, _move_apply, _ship),
    ph.MAIN: _entry(_main_options, _main_apply, _ship, public=False),
    ph.FIRE_TARGET: _entry(_fire_target_options, _fire_target_apply, _ship),
    ph.FIRE_CARD: _entry(_fire_card_options, _fire_card_apply, _firing_due, public=False),
    ph.FIRE_WEAPONS: _entry(_weapons_options, _weapons_apply, _firing_due),
    ph.BOARD_TARGET: _entry(_board_target_options, _board_target_apply, _ship),
    ph.LOOT: _entry(_loot_options, _loot_apply),
    ph.LOSE_ONE: _entry(_lose_options, _lose_apply),
    ph.SERVICES: _entry(_services_options, _services_apply, _services_due),
    ph.OVERFLOW: _entry(_overflow_options, _overflow_apply, _overflow_due),
}
DECISIONS: dict[str, Entry] = {kind: _ENTRIES[kind](i) for i, kind in enumerate(ph.DECISION_KINDS)}


# -- automatic steps --------------------------------------------------------------------------


def _move_start(p: Play, d: Decision) -> None:
    seat = d.args[0]
    if not has_ship(p.table, seat):
        return
    modes = movement.modes(p, seat)
    if len(modes) > 1:
        p.table.pending.append(ask(ph.MODE, seat))
    else:
        movement.begin(p, seat, modes[0])


def _battle(p: Play, d: Decision) -> None:
    t, seat = p.table, d.args[0]
    if not has_ship(t, seat):
        return
    t.main = ph.NO_MAIN
    t.forts_fired = []
    t.escaped = []
    schedule(t, [ask(ph.MAIN, seat), step(ph.SERVICES_START, seat)])


def _fire(p: Play, d: Decision) -> None:
    """PW-12.3 step 3: the target's harbour forts fire at the firer first."""
    t, (att, target) = p.table, d.args
    if not (has_ship(t, att) and has_ship(t, target)):
        return
    t.pending.append(ask(ph.FIRE_CARD, att, target))
    site = ports.harbour_of(p, target)
    if site >= 0:
        ports.provoke(p, att, site, once_per_phase=True)


def _boarding(p: Play, d: Decision) -> None:
    """PW-13.2: the defender's harbour forts fire first (once per phase)."""
    t, (att, dfn) = p.table, d.args
    if not (has_ship(t, att) and has_ship(t, dfn)):
        return
    t.pending.append(step(ph.BOARD_ROUND, att, dfn))
    site = ports.harbour_of(p, dfn)
    if site >= 0:
        ports.provoke(p, att, site, once_per_phase=True)


def _board_round(p: Play, d: Decision) -> None:
    t, (att, dfn) = p.table, d.args
    if has_ship(t, att) and has_ship(t, dfn):
        schedule(t, combat.boarding_round(att, dfn))


def _services_start(p: Play, d: Decision) -> None:
    seat = d.args[0]
    if ports.services_due(p, seat):
        p.table.pending.append(ask(ph.SERVICES, seat))


def _end_turn(p: Play, d: Decision) -> None:
    """PW-7.3 step 5: continuing fort fire (PW-14.6), then peace, then step 6."""
    seat, extra = d.args
    p.table.pending.append(step(ph.END_TURN_2, seat, extra))
    if has_ship(p.table, seat):
        ports.end_of_turn_fire(p, seat)


def _end_turn_2(p: Play, d: Decision) -> None:
    seat, extra = d.args
    ports.end_of_turn_peace(p, seat)
    turn.extra_turn(p, seat, extra)


STEPS: dict[str, Callable[[Play, Decision], None]] = {
    ph.PLACE_SHIPS: lambda p, d: setup.place_ships(p),
    ph.SETUP_MOUNTS: lambda p, d: setup.setup_mounts(p),
    ph.ROUND: lambda p, d: turn.start_round(p),
    ph.TURN: lambda p, d: turn.start_turn(p, d.args[0], d.args[1]),
    ph.DRAW: lambda p, d: cards.draw(p, d.args[0]) if has_ship(p.table, d.args[0]) else None,
    ph.STORM: lambda p, d: cards.storm(p, d.args[0], d.args[1]),
    ph.MARK_MISS: lambda p, d: turn.mark_miss(p, d.args[0]),
    ph.CREW_LOSS: lambda p, d: lose_crew_now(p, d.args[0], "crew loss"),
    ph.EVENT_BOARDING: lambda p, d: cards.event_boarding(p, d.args[0], d.args[1]),
    ph.EVENT_ROLL: lambda p, d: combat.event_roll(p, d.args[0], d.args[1], d.args[2]),
    ph.MOVE_START: _move_start,
    ph.MOVE_END: lambda p, d: movement.end_movement(p, d.args[0]),
    ph.RAM: lambda p, d: movement.ram(p, d.args[0], d.args[1]),
    ph.BATTLE: _battle,
    ph.FIRE: _fire,
    ph.BOARDING: _boarding,
    ph.BOARD_ROUND: _board_round,
    ph.BOARD_ROLL: lambda p, d: combat.board_roll(p, *d.args),
    ph.HOOKS: lambda p, d: combat.hooks(p, d.args[0], d.args[1]),
    ph.PLUNDER_ROLL: lambda p, d: ports.plunder_roll(p, d.args[0], d.args[1]),
    ph.PLUNDER_GAIN: lambda p, d: ports.plunder_gain(p, d.args[0], d.args[1], d.args[2]),
    ph.SERVICES_START: _services_start,
    ph.END_TURN: _end_turn,
    ph.END_TURN_2: _end_turn_2,
}


def settle(p: Play) -> None:
    """Run automatic steps and drop lapsed decisions until a seat must decide or the
    game is over; an empty stack starts the next round, or ends the game after round
    ``round_limit`` (PW-17.4)."""
    t = p.table
    while not t.over:
        if not t.pending:
            if t.round >= p.options["round_limit"]:
                scoring.finish(p, scoring.cap_winners(t), "round limit")
                return
            t.pending.append(step(ph.ROUND))
            continue
        top = t.pending[-1]
        if top.seat < 0:
            t.pending.pop()
            STEPS[top.kind](p, top)
        elif not DECISIONS[top.kind].due(p, top):
            t.pending.pop()
        else:
            return


def options(p: Play) -> list[Meaning]:
    """The current decision's options, as action meanings."""
    d = p.table.pending[-1]
    return DECISIONS[d.kind].options(p, d)


def decide(p: Play, kind: str, args: tuple[int, ...]) -> None:
    """Apply a legal choice of the current decision, then settle."""
    d = p.table.pending.pop()
    DECISIONS[d.kind].apply(p, d, kind, args)
    settle(p)
