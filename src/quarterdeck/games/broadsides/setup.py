"""Setting up (rulebook: Setting up; Player setup; Zero In): the officers, the
Crewmen, the secret cannons, loading shots, the first player, Zeroing In and the
starting hands.

Loading and Zeroing In come back later in the game (a Reload loads, Changing Targets
and Firing end with a Zero In): ``state.after`` says where play resumes.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from .decks import draw_aim, draw_shots, draw_target
from .phases import (
    ACTION_DONE,
    AFT,
    FIRST_MATE,
    FIRST_TURN,
    FORE,
    LOAD,
    MOUNT,
    SEA_ZERO_IN_OPEN,
    SETUP_LOAD,
    SETUP_ZERO_IN,
    START_STAGE2,
    START_STAGE3,
    THEN_STAGE2,
    ZERO_IN_MAN,
    ZERO_IN_SIGHT,
)
from .ship import capacity, foe, room
from .table import Position


def set_up(s: Position) -> None:
    """Shuffle both Aim decks, the Disaster tokens and the Target deck."""
    c = s.c
    for deck in s.decks:
        s.rng.shuffle(deck)
    for p in range(2):
        tokens = [d.index for d in c.disasters]
        s.rng.shuffle(tokens)
        for zone, token in zip(s.disasters[p], tokens, strict=True):
            s.disasters[p][zone] = token
    s.rng.shuffle(s.target_deck)


# -- the officers and the Crewmen ---------------------------------------------------------


def officer_options(s: Position) -> list[int]:
    a = s.game.ids
    officer = 0 if s.officers[s.seat][0] is None else 1
    return [a["officer", officer, z] for z in s.c.zones_of("deck")]


def place_officer(s: Position, officer: int, zone: int) -> None:
    p = s.seat
    s.officers[p][officer] = zone
    s.log(Event("officer", {"seat": p, "officer": officer, "zone": zone}))
    if officer == FIRST_MATE:
        fill_crew(s, p)
        if p == 0:
            s.seat = 1
        else:
            begin_mounting(s, 0)


def fill_crew(s: Position, p: int) -> None:
    """Crewmen fill the Deck spaces the officers left."""
    for z in s.c.zones_of("deck"):
        s.markers[p][z] = s.c.zones[z].spaces - sum(1 for o in s.officers[p] if o == z)
        s.supply[1] -= s.markers[p][z]


# -- the cannons, chosen in secret ----------------------------------------------------------


def cannons_drawn(s: Position, p: int) -> bool:
    """A variant for experiments (option ``random``): ``p``'s cannons are drawn, not
    chosen."""
    return bool(s.game.options[("red", "blue")[p] + "_cannons"] == "random")


def begin_mounting(s: Position, p: int) -> None:
    """Captain ``p`` (then the next) mounts cannons. A captain whose pair is drawn
    (option ``random``) makes no choice: the pair is drawn from the game's own random
    generator, each legal pair alike, and mounted openly, like a pair set by option."""
    while p < 2 and cannons_drawn(s, p):
        pairs = sorted(s.game.cannon_pairs().values())
        s.cannons[p] = list(s.rng.choice(pairs))
        for position, kind in enumerate(s.cannons[p]):
            s.log(Event("mount", {"seat": p, "position": position, "cannon": kind}))
        p += 1
    if p < 2:
        s.phase, s.seat = MOUNT, p
    else:
        reveal_cannons(s)


def reveal_cannons(s: Position) -> None:
    s.log(Event("reveal-cannons", {"cannons": [list(s.cannons[0]), list(s.cannons[1])]}))
    start_loading(s, 0, SETUP_LOAD)


def mount_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    position = 0 if s.cannons[p][0] is None else 1
    fore = s.cannons[p][0]
    preset = s.game.preset_cannons[p]
    if preset:  # a variant: the cannons are set by option, openly
        return [a["mount", position, preset[position]]]
    # Each player has `tiles` Cannon tiles of each kind.
    return [
        a["mount", position, k.index]
        for k in s.c.cannons
        if position == 0 or k.index != fore or k.tiles >= 2
    ]


def mount(s: Position, position: int, kind: int) -> None:
    p = s.seat
    s.cannons[p][position] = kind
    # The choice is secret until both have chosen.
    s.log(Event("mount", {"seat": p, "position": position}, {p: {"cannon": kind}}))
    if position == AFT:
        if p == 0:
            begin_mounting(s, 1)
        else:
            reveal_cannons(s)


# -- loading shots --------------------------------------------------------------------------


def start_loading(s: Position, p: int, after: str) -> None:
    """Draw discs to fill the empty spots, then load them where the player likes."""
    drawn = draw_shots(s, room(s, p))
    s.tray.extend(drawn)
    s.log(Event("draw-shots", {"seat": p, "shots": sorted(drawn)}))
    s.seat = p
    s.phase = LOAD
    s.after = after
    continue_loading(s)


def load_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    return [
        a["load", shot, pos]
        for shot in set(s.tray)
        for pos in (FORE, AFT)
        if len(s.loaded[p][pos]) < capacity(s, p, pos)
    ]


def load(s: Position, shot: int, position: int) -> None:
    p = s.seat
    s.tray.remove(shot)
    s.loaded[p][position].append(shot)
    s.loaded[p][position].sort()
    continue_loading(s)


def continue_loading(s: Position) -> None:
    p = s.seat
    if s.tray and room(s, p) == 0:  # no room: the rest go back to the bag
        for shot in s.tray:
            s.bag[shot] += 1
        s.tray.clear()
    if s.tray:
        return
    s.log(Event("loaded", {"seat": p, "loaded": [list(x) for x in s.loaded[p]]}))
    after = s.after
    s.after = ""
    if after == SETUP_LOAD:
        if p == 0:
            start_loading(s, 1, SETUP_LOAD)
        else:
            choose_first_player(s)
    else:  # a Reload (with the Sea Dog module, perhaps Powder Boy's)
        s.proceed(after or ACTION_DONE)


def choose_first_player(s: Position) -> None:
    first = s.rng.below(2)
    s.first_player = s.turn_player = first
    s.log(Event("first-player", {"seat": first}))
    start_zero_in(s, first, SETUP_ZERO_IN)


# -- Zero In -----------------------------------------------------------------------------------


def start_zero_in(s: Position, p: int, after: str) -> None:
    s.seat = p
    s.phase = ZERO_IN_MAN
    s.after = after


def man_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["man", FORE], a["man", AFT]]


def man(s: Position, position: int) -> None:
    s.gunner[s.seat] = position
    s.phase = ZERO_IN_SIGHT


def sight_options(s: Position) -> list[int]:
    a = s.game.ids
    # Changing Targets means a different zone; after Firing the same one may do.
    old = s.sight[s.seat] if s.after == THEN_STAGE2 else None
    return [a["sight", z.index] for z in s.c.zones if z.index != old]


def sight(s: Position, zone: int) -> None:
    """Put the Gunsight on a zone of the foe's ship and draw as many Target cards as
    the zone shows."""
    p = s.seat
    s.sight[p] = zone
    if s.sea is not None and s.after != SETUP_ZERO_IN:  # OWN_ZERO_IN: Crow's Nest
        s.proceed(SEA_ZERO_IN_OPEN)
        return
    drawn = [draw_target(s) for _ in range(s.c.zones[zone].targets)]
    s.targets[p] = [[t, None, None, None, None] for t in drawn if t is not None]
    s.log(Event("zero-in", {"seat": p, "cannon": s.gunner[p], "zone": zone, "targets": drawn}))
    after = s.after
    s.after = ""
    if after == SETUP_ZERO_IN:
        if p == s.first_player:
            start_zero_in(s, foe(p), SETUP_ZERO_IN)
        else:
            if s.game.sea_dog is None:  # with the module the draft comes first
                for q in (s.first_player, p):
                    assert q is not None
                    draw_aim(s, q, s.c.starting_hand)
            s.proceed(FIRST_TURN)
    elif after == THEN_STAGE2:  # Changing Targets
        s.proceed(START_STAGE2)
    else:  # after Firing
        s.proceed(START_STAGE3)
