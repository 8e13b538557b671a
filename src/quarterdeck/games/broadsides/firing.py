"""Stage 2: Firing (rulebook: Firing, steps 1–7; the Cannons; Double Shot; Evasion).

The manned cannon may fire one shot at the zone under the Gunsight: the potential
damage is the markers there; the shot's colour, the firing Deck's Cannon penalties
and every Target card move the damage track (never below 0, ruling 5); a Carronade
may add a Double Shot; the defender may Evade; the defender removes what is left,
and the attacker Zeroes In anew.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from . import sea_dog
from .components import card_suit
from .decks import discard_targets
from .losses import queue
from .phases import (
    AFTER_FIRE,
    DOUBLE,
    EVADE,
    FIRE_SHOT,
    SEA_COLOUR,
    SEA_EVASION,
    SEA_F4_END,
    SEA_FOE_F2,
    SEA_FOE_F5,
    SEA_STEP6,
    SLIPPERY,
    STAGE2,
    THEN_DOUBLE,
    THEN_STAGE3,
    UNAIM,
    ZONE,
)
from .sets import sel_cards, start_pick, wild_like
from .setup import start_zero_in
from .ship import (
    can_use_cannon,
    counted_penalty,
    exposed,
    foe,
    reputation,
    target_result,
    zone_count,
)
from .stage3 import start_stage3
from .table import JSON, Position


def start_stage2(s: Position) -> None:
    """Firing is offered if the manned cannon is loaded and may fire. With the Sea
    Dog module the decision also holds OWN_S2 (and OWN_S1 after the second action),
    and is asked of a captain holding a secret trick even when Firing is not open
    (SD23)."""
    p = s.turn_player
    s.seat = p
    if can_fire(s, p) or (sea_dog.on(s) and sea_dog.sea(s).tricks[p]):
        s.phase = STAGE2
    else:
        start_stage3(s)


def can_fire(s: Position, p: int) -> bool:
    position = s.gunner[p]
    assert position is not None
    return bool(s.loaded[p][position]) and can_use_cannon(s, p, position)


def fire_options(s: Position) -> list[int]:
    a = s.game.ids
    if not sea_dog.on(s):
        return [a["fire", 1], a["fire", 0]]
    p = s.seat
    codes = ("OWN_S2", "OWN_S1") if sea_dog.stage1_taken(s) else ("OWN_S2",)
    tricks = sea_dog.trick_options(s, p, *codes)
    return [*([a["fire", 1]] if can_fire(s, p) else []), a["fire", 0], *tricks]


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
    """Step 2: the disc is spent; with the module the shooter's OWN_F2 and the foe's
    FOE_F2 windows come before its colour is checked."""
    p = s.seat
    position = s.attack[3]
    s.loaded[p][position].remove(shot)
    s.bag[shot] += 1
    if sea_dog.on(s):
        sea_dog.sea(s).effects["shot"] = shot
        sea_dog.open_window(s, "OWN_F2", [p], SEA_FOE_F2)
    else:
        check_colour(s, shot)


def foe_f2(s: Position) -> None:
    sea_dog.open_window(s, "FOE_F2", [foe(s.turn_player)], SEA_COLOUR)


def colour_after_windows(s: Position) -> None:
    check_colour(s, sea_dog.sea(s).effects["shot"])


def check_colour(s: Position, shot: int) -> None:
    """Steps 2–4: the colour, the firing Deck's Cannon penalties, the Targets."""
    p = s.turn_player
    s.seat = p
    zone, _, _, position = s.attack
    c = s.c
    steps: list[JSON] = []
    if not sea_dog.matching(s, shot, zone):
        track(s, -1)
        steps.append(["colour", -1])
    # Only the firing cannon's own Deck counts its cannon penalties.
    firing_deck = c.deck_of(("fore", "aft")[position])
    cannon_penalty = (
        counted_penalty(s, p, "cannon", [firing_deck])
        if sea_dog.on(s)
        else exposed(s, p, firing_deck).count("cannon")
    )
    for _ in range(cannon_penalty):
        track(s, -1)
    if cannon_penalty:
        steps.append(["cannon", -cannon_penalty])
    if sea_dog.on(s):  # OWN_F4_START: Close Quarters, Deadeye Gunner
        sea_dog.sea(s).steps = steps
        sea_dog.targets_step(s)
        return
    read_targets(s, shot, steps)


def targets_after_choices(s: Position) -> None:
    """Sea Dog: OWN_F4_START's choices are made; step 4 reads the Targets."""
    sp = sea_dog.sea(s)
    steps, sp.steps = sp.steps, []
    read_targets(s, sp.effects["shot"], steps)


def read_targets(s: Position, shot: int, steps: list[JSON]) -> None:
    """Step 4: each Target card moves the damage track; an Early one makes the
    defender discard an Aim card."""
    p = s.turn_player
    s.seat = p
    c = s.c
    position = s.attack[3]
    kind = c.cannons[s.cannons[p][position]]  # type: ignore[index]
    early = 0
    for slot in s.targets[p]:
        t = sea_dog.read_as(s, slot) if sea_dog.on(s) else slot
        if t is None:  # Close Quarters: no effect at all (SD18)
            continue
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
        s.phase = DOUBLE  # with the module, merged with OWN_F4_END (SD23)
    elif sea_dog.on(s):
        sea_dog.open_window(s, "OWN_F4_END", [p], SEA_F4_END)
    else:
        offer_evasion(s)


def double_options(s: Position) -> list[int]:
    a = s.game.ids
    tricks = sea_dog.trick_options(s, s.seat, "OWN_F4_END")  # Double-Shotted
    return [a["double-shot", 1], a["double-shot", 0], *tricks]


def double_shot(s: Position, fire: int) -> None:
    p = s.seat
    if fire:
        zone, potential, _, position = s.attack
        shot = s.loaded[p][position].pop()
        s.bag[shot] += 1
        bonus = 2 if sea_dog.matching(s, shot, zone) else 1  # SD12
        s.attack[2] = min(potential, s.attack[2] + bonus)  # never above the potential
        s.log(Event("double-shot", {"seat": p, "shot": shot, "damage": s.attack[2]}))
    offer_evasion(s)


def offer_evasion(s: Position) -> None:
    """Step 5. With the module, the shooter's OWN_F5 and the foe's FOE_F5 windows
    open first (while there is damage to evade)."""
    if s.attack[2] > 0 and sea_dog.on(s):
        sea_dog.open_window(s, "OWN_F5", [s.turn_player], SEA_FOE_F5)
    elif s.attack[2] > 0:
        s.seat = foe(s.turn_player)
        start_pick(s, EVADE)
    else:
        apply_damage(s)


def foe_f5(s: Position) -> None:
    """FOE_F5 is merged with the Evasion decision (SD23): Hard a-Port, Weather Gauge
    are played in the Evasion's pick before its first card. With Sea Dragon there is
    no Evasion, so FOE_F5 is a window of its own."""
    defender = foe(s.turn_player)
    if sea_dog.sea(s).effects.get("sea_dragon"):
        sea_dog.open_window(s, "FOE_F5", [defender], SEA_EVASION)
    else:
        s.seat = defender
        start_pick(s, EVADE)


def evasion_after_windows(s: Position) -> None:
    """Sea Dragon Figurehead forbids the Evasion (DT01); Hard a-Port may have left
    nothing to evade."""
    if s.attack[2] > 0 and not sea_dog.sea(s).effects.get("sea_dragon"):
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
        n = max(0, len(values) - counted_penalty(s, p, "rigging"))
        # a Wild, or a card a Lucky Doubloon turned into one (SD9), fits any suit
        suits = {card_suit(x[0]) for x in s.sel if not wild_like(s, x[0])}
        # Weather Gauge: as if the straight were a straight flush (DT10)
        flush = len(suits) <= 1 or bool(s.sea and s.sea.effects.get("weather_gauge"))
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
        if slippery(s, p, values):
            return
    else:
        s.log(Event("no-evasion", {"seat": p}))
    s.sel = []
    apply_damage(s)


def slippery(s: Position, p: int, values: list[int]) -> bool:
    """Slippery as an Eel (REP4): after the reduction, one number played is left
    uncovered (SD20, SD27)."""
    rep = reputation(s, p)
    if rep is None or rep.id != "REP4" or len(values) < rep.param("min_cards"):
        return False
    s.sel = []
    sea_dog.sea(s).pending = sorted(values)
    s.phase = SLIPPERY
    return True


def slippery_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["uncover", v] for v in sea_dog.sea(s).pending]


def uncover(s: Position, value: int) -> None:
    p = s.seat
    s.covered[p]["evasion"][value - 1] = False
    sea_dog.sea(s).pending = []
    s.log(Event("sea-slippery", {"seat": p, "value": value}))
    apply_damage(s)


def apply_damage(s: Position) -> None:
    """Step 6. With the module: Stout Oak Hull, then the foe's FOE_F6 window while
    markers are still to be removed (SD7)."""
    p = s.turn_player
    zone, _, damage, _ = s.attack
    s.log(Event("damage", {"seat": p, "zone": zone, "damage": damage}))
    if sea_dog.on(s) and damage:
        sea_dog.stout_oak_hull(s)
        if s.attack[2]:
            sea_dog.open_window(s, "FOE_F6", [foe(p)], SEA_STEP6)
            return
    remove_markers(s)


def remove_markers(s: Position) -> None:
    p = s.turn_player
    zone, _, damage, _ = s.attack
    tasks = [[foe(p), ZONE, damage, zone, -1]] if damage else []
    queue(s, tasks, AFTER_FIRE)


def after_fire(s: Position) -> None:
    p = s.turn_player
    s.attack = []
    discard_targets(s, p)
    start_zero_in(s, p, THEN_STAGE3)
