"""Losses (rulebook: Damage Effects; Disasters; Winning): Aim cards lost from the
Targets and markers lost from the ship, each chosen by its owner, one at a time.

Losses wait in ``state.tasks`` as [seat, what, count, zone, last option]: ``what`` is
"unaim" (Aim cards off one's Targets), "zone" (markers off the zone under fire) or a
zone kind (markers of that kind anywhere). They are resolved before play resumes at
``state.after`` (phases.py). An emptied Hull zone flips its Disaster; ten missing
Planks sink the ship; losing both officers loses the game.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.engine import Event

from .phases import (
    CAPTAIN,
    DISASTER_TASK,
    FIRST_MATE,
    LOST,
    OVER,
    SEA_DISASTER_OPEN,
    TASKS,
    UNAIM,
    ZONE,
)
from .sets import ordered_options
from .ship import foe, missing_planks
from .table import Position


def queue(s: Position, tasks: list[list[Any]], after: str) -> None:
    """Losses to take before play resumes at ``after``."""
    s.tasks = tasks + s.tasks
    s.after = after
    run_tasks(s)


def task_units(s: Position) -> list[int]:
    """What the first task can take, one entry per marker or Aim card, as action
    ids in the order they are taken (so the same losses are not offered twice in
    different orders)."""
    a = s.game.ids
    seat, what, _, zone, last = s.tasks[0]
    if what == UNAIM:
        units = [
            a["unaim", t[0], side]
            for t in s.targets[seat]
            for side in (0, 1)
            if t[1 + 2 * side] is not None
        ]
        return sorted(u for u in units if u > last)
    units = []
    for z in [zone] if what == ZONE else s.c.zones_of(what):
        units += [a["lose", z]] * s.markers[seat][z]
        units += [
            a["lose-officer", officer]
            for officer in (CAPTAIN, FIRST_MATE)
            if s.officers[seat][officer] == z
        ]
    return sorted(u for u in units if u >= last)


def task_options(s: Position) -> list[int]:
    """A marker of a colour that is gone is simply not lost (ruling 4)."""
    units = task_units(s)
    return ordered_options(units, min(s.tasks[0][2], len(units)), -1)


def run_tasks(s: Position) -> None:
    """Resolve waiting losses; stop at the first real choice."""
    while s.tasks and s.phase != OVER:
        seat, what, count, zone, _ = s.tasks[0]
        if what == DISASTER_TASK:  # Sea Dog: the DISASTER window comes first
            s.tasks.pop(0)
            assert s.sea is not None
            s.sea.effects["disaster_seat"], s.sea.effects["disaster_zone"] = seat, zone
            s.proceed(SEA_DISASTER_OPEN)
            return
        if count <= 0 or not task_units(s):
            s.tasks.pop(0)
            continue
        s.seat = seat
        s.phase = TASKS
        return
    if s.phase == OVER:
        return
    after = s.after
    s.after = ""
    s.phase = after
    s.proceed(after)


def unaim(s: Position, target: int, side: int) -> None:
    seat = s.seat
    slot = next(t for t in s.targets[seat] if t[0] == target)
    card = slot[1 + 2 * side]
    assert card is not None
    slot[1 + 2 * side] = None
    slot[2 + 2 * side] = None
    s.discards[seat].append(card)
    s.log(Event("unaim", {"seat": seat, "card": card, "target": target, "side": side}))
    task_step(s, s.game.ids["unaim", target, side])


def lose(s: Position, zone: int) -> None:
    seat = s.seat
    s.markers[seat][zone] -= 1
    s.supply[("rigging", "deck", "hull").index(s.c.zones[zone].kind)] += 1
    s.log(Event("lose", {"seat": seat, "zone": zone}))
    damage_effects(s, seat, zone)
    task_step(s, s.game.ids["lose", zone])


def lose_officer(s: Position, officer: int) -> None:
    seat = s.seat
    zone = s.officers[seat][officer]
    s.officers[seat][officer] = LOST
    s.log(Event("lose-officer", {"seat": seat, "officer": officer, "zone": zone}))
    if s.officers[seat][CAPTAIN] == LOST and s.officers[seat][FIRST_MATE] == LOST:
        win(s, foe(seat), "both officers lost")
    task_step(s, s.game.ids["lose-officer", officer])


def task_step(s: Position, chosen: int) -> None:
    if s.phase == OVER:
        return
    task = s.tasks[0]
    task[2] -= 1
    task[4] = chosen
    run_tasks(s)


def damage_effects(s: Position, seat: int, zone: int) -> None:
    """An empty Hull zone flips its Disaster (once per zone); 10 missing Planks sink the ship."""
    c = s.c
    if c.zones[zone].kind != "hull":
        return
    if missing_planks(s, seat) >= c.sinking_planks:
        win(s, foe(seat), "sunk")
        return
    if s.markers[seat][zone] == 0 and zone not in s.disaster_done[seat]:
        if s.sea is not None:  # Sea Dog: the token is about to flip; DISASTER opens
            waiting = [seat, DISASTER_TASK, 1, zone, -1]
            if waiting not in s.tasks:
                s.tasks.insert(1, waiting)  # once the loss that caused it is done
            return
        # It is resolved once the loss that caused it is done.
        flip_disaster(s, seat, zone, 1)


def flip_disaster(s: Position, seat: int, zone: int, at: int) -> None:
    """The zone's Disaster token flips; its loss waits at ``at`` in the tasks."""
    s.disaster_done[seat].append(zone)
    token = s.disasters[seat][zone]
    s.disasters[seat][zone] = None
    assert token is not None
    disaster = s.c.disasters[token]
    s.log(Event("disaster", {"seat": seat, "zone": zone, "disaster": token}))
    s.tasks.insert(at, [seat, disaster.lose, disaster.count, -1, -1])


def win(s: Position, winner: int, reason: str) -> None:
    s.result = [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
    s.phase = OVER
    s.tasks = []
    s.log(Event("game-end", {"winner": winner, "reason": reason}))
