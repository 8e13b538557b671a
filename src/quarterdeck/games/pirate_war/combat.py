"""PW-12 (battle phase: firing, saves and doubles) and PW-13 (boarding actions)."""

from __future__ import annotations

from collections import Counter

from quarterdeck.engine import Event, roll

from . import phases as ph
from .damage import crew_loss, damage, free_space, has_ship, holds_cards, lose_gold
from .map import in_arc
from .table import Decision, Play, Table, ask, step


def at_free_port(p: Play, seat: int) -> bool:
    """PW-14.2: a ship at a free port is on neutral ground (option free_port_sanctuary)."""
    return p.options["free_port_sanctuary"] is True and p.board.free_port_at[p.table.hex[seat]] >= 0


def reaches(p: Play, seat: int, mount: int, target_hex: int) -> bool:
    """PW-5: a weapon on ``mount`` reaches a hex within its range and its arc."""
    t, board = p.table, p.board
    weapon = p.comp.weapons[p.comp.races[t.race[seat]].weapon]
    d = board.distance(t.hex[seat], target_hex)
    arc = p.comp.mounts[mount].arc
    return (
        weapon.min_range <= d <= weapon.max_range
        and board.in_arc(t.hex[seat], t.facing[seat], target_hex, arc)
        and board.line_of_fire(t.hex[seat], target_hex)
    )


def reaching(p: Play, seat: int, target: int) -> int:
    """How many of the ship's weapons reach ``target``'s ship: as many as ``reaches``
    counts, with the range and line of fire checked once, since a ship carries only its
    race's kind of weapon (PW-5.5) and only the mounts' arcs differ."""
    t, board = p.table, p.board
    frm, to = t.hex[seat], t.hex[target]
    weapon = p.comp.weapons[p.comp.races[t.race[seat]].weapon]
    if not weapon.min_range <= board.distance(frm, to) <= weapon.max_range:
        return 0
    if not board.line_of_fire(frm, to):
        return 0
    a, b = board.offset(frm, to)
    facing, mounts = t.facing[seat], p.comp.mounts
    return sum(in_arc(mounts[m].arc, a, b, facing) for m in t.weapons[seat])


def fire_targets(p: Play, seat: int) -> list[int]:
    """PW-12.3 step 1: enemy ships some weapon reaches; neither at a free port."""
    t = p.table
    if not has_ship(t, seat) or t.crew[seat] < 1 or at_free_port(p, seat):
        return []
    # Range and arc first: they rule out most ships.
    return [
        s
        for s in range(p.num_players)
        if s != seat and has_ship(t, s) and reaching(p, seat, s) and not at_free_port(p, s)
    ]


def boarding_targets(p: Play, seat: int) -> list[int]:
    """PW-13.1: an adjacent enemy ship; neither at a free port; not one that escaped."""
    t = p.table
    if not has_ship(t, seat) or at_free_port(p, seat):
        return []
    return [
        s
        for s in range(p.num_players)
        if s != seat
        and has_ship(t, s)
        and s not in t.escaped
        and not at_free_port(p, s)
        and p.board.distance(t.hex[seat], t.hex[s]) == 1
    ]


def battle_cards(p: Play, seat: int, target: int) -> list[int]:
    """PW-12.5: held battle cards whose range limit the target's distance meets (all
    weapons that fire reach that distance, so the card fits one of them)."""
    t, c = p.table, p.comp
    d = p.board.distance(t.hex[seat], t.hex[target])
    return sorted(
        {n for n in t.hands[seat] if c.card(n).effect == "battle" and d <= c.card(n).within}
    )


def resolve_hits(p: Play, target: int, dice: int, hit_on: int, per_hit: int) -> int:
    """PW-12.3 steps 6-7 and PW-12.4: roll to hit (in weapon-list order), then take the
    hits in the same order with saves and the doubles rule; returns the damage. Every
    die is logged."""
    t, c = p.table, p.comp
    save = c.races[t.race[target]].save
    faces = roll(p.rng, dice)
    hits = [f for f in faces if f >= hit_on]
    groups = Counter(hits)
    failed: set[int] = set()
    saves: list[int | None] = []
    total = 0
    for face in hits:
        if groups[face] > 1 and face in failed:
            saves.append(None)  # a double after a failed save: no save roll
            total += per_hit
            continue
        s = p.rng.randint(1, 6)
        saves.append(s)
        if s < save:
            total += per_hit
            if groups[face] > 1:
                failed.add(face)
    p.log(Event("dice", {"target": target, "to_hit": faces, "hit_on": hit_on, "saves": saves}))
    return total


def fire(p: Play, seat: int, target: int, n: int, card: int) -> None:
    """PW-12.3 steps 6-7 with ``n`` weapons and battle card ``card`` (0: none)."""
    hit_on = ph.HIT_ON - (1 if card else 0)
    per_hit = 2 if card else 1
    p.log(Event("fire", {"seat": seat, "target": target, "weapons": n, "card": card}))
    total = resolve_hits(p, target, n, hit_on, per_hit)
    damage(p, target, total, "fire")


# -- boarding (PW-13) ---------------------------------------------------------------------


def boarding_round(att: int, dfn: int) -> list[Decision]:
    """PW-13.3: cards (attacker, then defender), then the roll."""
    return [
        ask(ph.BOARD_CARD, att, att, dfn, 0),
        ask(ph.BOARD_CARD, dfn, att, dfn, 1),
        step(ph.BOARD_ROLL, att, dfn, 0, 0),
    ]


def boarding_cards(p: Play, seat: int) -> list[int]:
    c = p.comp
    return sorted(n for n in p.table.hands[seat] if c.card(n).effect == "boarding")


def board_roll(p: Play, att: int, dfn: int, att_bonus: int, dfn_bonus: int) -> None:
    """PW-13.3 steps 2-4: 1D6 + crew + card each; ties roll again with the same cards.
    The winner chooses the loot, then the loser loses 1 crew; then Orc hooks."""
    t = p.table
    if not (has_ship(t, att) and has_ship(t, dfn)):
        return
    while True:
        a, d = p.rng.randint(1, 6), p.rng.randint(1, 6)
        ta, td = a + t.crew[att] + att_bonus, d + t.crew[dfn] + dfn_bonus
        p.log(
            Event(
                "boarding-roll",
                {"attacker": att, "defender": dfn, "dice": [a, d], "totals": [ta, td]},
            )
        )
        if ta != td:
            break
    winner, loser = (att, dfn) if ta > td else (dfn, att)
    records = [ask(ph.LOOT, winner, loser), *crew_loss(t, loser)]
    races = p.comp.races
    orcs = [s for s in (att, dfn) if races[t.race[s]].grappling_hooks]
    if len(orcs) == 1:  # PW-13.6: between an Orc ship and a non-Orc one
        other = dfn if orcs[0] == att else att
        records.append(step(ph.HOOKS, orcs[0], other))
    t.pending.extend(reversed(records))


def loot_options(p: Play, winner: int, loser: int) -> list[int]:
    """0: one treasure (the loser carries one, the winner has a free space); 1: gold."""
    t = p.table
    can_treasure = has_ship(t, loser) and t.aboard[loser] > 0 and free_space(t, winner) > 0
    return [0, 1] if can_treasure else [1]


def take_loot(p: Play, winner: int, loser: int, treasure: bool) -> None:
    t = p.table
    if treasure:
        t.aboard[loser] -= 1
        t.aboard[winner] += 1
        p.log(Event("loot", {"seat": winner, "from": loser, "treasures": 1}))
    else:
        moved = lose_gold(p, loser, ph.LOOT_GOLD, "boarding")
        t.gold[winner] += moved
        p.log(Event("loot", {"seat": winner, "from": loser, "gold": moved}))


def hooks(p: Play, orc: int, other: int) -> None:
    """PW-13.6: the non-Orc player rolls; on 1-3 another round, the Orc attacking
    (window W5 first: Narrow Escape ends it)."""
    t = p.table
    if not (has_ship(t, orc) and has_ship(t, other)):
        return
    die = p.rng.randint(1, 6)
    again = die <= 3
    p.log(Event("hooks", {"seat": other, "orc": orc, "die": die, "another_round": again}))
    if again:
        records = [ask(ph.WINDOW, other, ph.W5)] if holds_cards(t, other) else []
        t.pending.extend(reversed([*records, step(ph.BOARD_ROUND, orc, other)]))


def event_roll(p: Play, seat: int, card: int, bonus: int) -> None:
    """PW-13.5: a boarding by Mutiny, Buccaneers or Hostile Natives."""
    t, c = p.table, p.comp
    if not has_ship(t, seat):
        return
    mutiny = c.card(card).effect == "mutiny"
    strength = 1 if mutiny else c.card(card).strength
    crew = t.crew[seat] - (1 if mutiny else 0)
    while True:
        a, d = p.rng.randint(1, 6), p.rng.randint(1, 6)
        ta, td = a + strength, d + crew + bonus
        p.log(
            Event(
                "event-boarding-roll",
                {"seat": seat, "card": card, "dice": [a, d], "totals": [ta, td]},
            )
        )
        if ta != td:
            break
    records: list[Decision] = []
    if td > ta:
        if mutiny:  # the mutineer is killed
            records = crew_loss(t, seat)
    else:
        if t.aboard[seat] > 0:
            t.aboard[seat] -= 1
            p.log(Event("treasure", {"seat": seat, "gained": -1, "of": 1, "why": "boarded"}))
        else:
            lose_gold(p, seat, ph.LOOT_GOLD, "boarded")
        records = crew_loss(t, seat)
    t.pending.extend(reversed(records))


def open_w4(t: Table, target: int) -> list[Decision]:
    """Window W4 for the target's owner, if they hold any card (PW-22.2)."""
    return [ask(ph.WINDOW, target, ph.W4)] if holds_cards(t, target) else []
