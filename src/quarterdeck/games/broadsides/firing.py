"""Stage 2: Firing (rulebook: Firing, steps 1–7; the Cannons; Double Shot; Evasion).

The manned cannon may fire one shot at the zone under the Gunsight: the potential
damage is the markers there; the shot's colour, the firing Deck's Cannon penalties
and every Target card move the damage track (never below 0, ruling 5); a Carronade
may add a Double Shot; the defender may Evade; the defender removes what is left,
and the attacker Zeroes In anew.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from .components import card_suit, is_wild
from .decks import discard_targets
from .losses import queue
from .phases import (
    AFTER_FIRE,
    DOUBLE,
    EVADE,
    FIRE_SHOT,
    STAGE2,
    THEN_DOUBLE,
    THEN_STAGE3,
    UNAIM,
    ZONE,
)
from .sets import sel_cards, start_pick
from .setup import start_zero_in
from .ship import can_use_cannon, exposed, foe, penalty, target_result, zone_count
from .stage3 import start_stage3
from .table import JSON, Position


def start_stage2(s: Position) -> None:
    """Firing is offered if the manned cannon is loaded and may fire."""
    p = s.turn_player
    s.seat = p
    position = s.gunner[p]
    assert position is not None
    if s.loaded[p][position] and can_use_cannon(s, p, position):
        s.phase = STAGE2
    else:
        start_stage3(s)


def fire_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["fire", 1], a["fire", 0]]


def fire(s: Position, fire: int) -> None:
    p = s.seat
    if not fire:
        s.log(Event("hold-fire", {"seat": p}))
        start_stage3(s)
        return
    zone = s.sight[p]
    position = s.gunner[p]
    assert zone is not None and position is not None
    potential = zone_count(s, foe(p), zone)
    s.attack = [zone, potential, potential, position]
    s.log(Event("fire", {"seat": p, "zone": zone, "cannon": position, "potential": potential}))
    s.phase = FIRE_SHOT


def track(s: Position, change: int) -> None:
    """The damage track never goes below 0 (ruling 5)."""
    s.attack[2] = max(0, s.attack[2] + change)


def fire_shot_options(s: Position) -> list[int]:
    a = s.game.ids
    position = s.attack[3]
    return [a["fire-shot", x] for x in set(s.loaded[s.seat][position])]


def fire_shot(s: Position, shot: int) -> None:
    p = s.seat
    zone, _, _, position = s.attack
    s.loaded[p][position].remove(shot)
    s.bag[shot] += 1
    c = s.c
    steps: list[JSON] = []
    if c.shots[shot].hits != c.zones[zone].kind:
        track(s, -1)
        steps.append(["colour", -1])
    # Only the firing cannon's own Deck counts its cannon penalties.
    firing_deck = c.deck_of(("fore", "aft")[position])
    cannon_penalty = exposed(s, p, firing_deck).count("cannon")
    for _ in range(cannon_penalty):
        track(s, -1)
    if cannon_penalty:
        steps.append(["cannon", -cannon_penalty])
    kind = c.cannons[s.cannons[p][position]]  # type: ignore[index]
    early = 0
    for t in s.targets[p]:
        result = target_result(s, kind.index, t)
        track(s, c.results[result])
        steps.append([result, c.results[result], t[0]])
        early += result == "early"
    s.log(Event("shot", {"seat": p, "shot": shot, "steps": steps, "damage": s.attack[2]}))
    # An Early Target makes the defender discard an Aim card.
    tasks = [[foe(p), UNAIM, early, -1, -1]] if early else []
    queue(s, tasks, THEN_DOUBLE)


def after_target_checks(s: Position) -> None:
    p = s.turn_player
    s.seat = p
    position = s.attack[3]
    kind = s.c.cannons[s.cannons[p][position]]  # type: ignore[index]
    if kind.double_shot and s.loaded[p][position]:
        s.phase = DOUBLE
    else:
        offer_evasion(s)


def double_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["double-shot", 1], a["double-shot", 0]]


def double_shot(s: Position, fire: int) -> None:
    p = s.seat
    if fire:
        zone, potential, _, position = s.attack
        shot = s.loaded[p][position].pop()
        s.bag[shot] += 1
        bonus = 2 if s.c.shots[shot].hits == s.c.zones[zone].kind else 1
        s.attack[2] = min(potential, s.attack[2] + bonus)  # never above the potential
        s.log(Event("double-shot", {"seat": p, "shot": shot, "damage": s.attack[2]}))
    offer_evasion(s)


def offer_evasion(s: Position) -> None:
    if s.attack[2] > 0:
        s.seat = foe(s.turn_player)
        start_pick(s, EVADE)
    else:
        apply_damage(s)


def evade(s: Position) -> None:
    """The defender's straight: −1 per two cards, or per card for a straight flush,
    less the Rigging penalties."""
    p = s.seat  # the defender
    values = [x[1] for x in s.sel]
    if values:
        for v in values:
            s.covered[p]["evasion"][v - 1] = True
        n = max(0, len(values) - penalty(s, p, "rigging"))
        suits = {card_suit(x[0]) for x in s.sel if not is_wild(x[0])}
        flush = len(suits) <= 1
        evaded = n if flush else n // 2
        track(s, -evaded)
        s.log(
            Event(
                "evade",
                {
                    "seat": p,
                    "cards": sel_cards(s),
                    "values": values,
                    "straight_flush": flush,
                    "evaded": evaded,
                    "damage": s.attack[2],
                },
            )
        )
    else:
        s.log(Event("no-evasion", {"seat": p}))
    s.sel = []
    apply_damage(s)


def apply_damage(s: Position) -> None:
    p = s.turn_player
    zone, _, damage, _ = s.attack
    s.log(Event("damage", {"seat": p, "zone": zone, "damage": damage}))
    tasks = [[foe(p), ZONE, damage, zone, -1]] if damage else []
    queue(s, tasks, AFTER_FIRE)


def after_fire(s: Position) -> None:
    p = s.turn_player
    s.attack = []
    discard_targets(s, p)
    start_zero_in(s, p, THEN_STAGE3)
