"""PW-10 (movement under sail, oars and steam) and PW-11 (ramming)."""

from __future__ import annotations

from quarterdeck.engine import Event

from . import phases as ph
from .combat import at_free_port, open_w4
from .damage import damage, halved, has_ship, lose_gold
from .map import NO_HEX, OPPOSITE, opposite
from .map import turn as turn_side
from .ports import at_port, harbour_of, provoke
from .table import Play, ask, step

Meaning = tuple[str, tuple[int, ...]]


def upwind(wind: int) -> int:
    """PW-8.1: facing into the wind is wind + 3."""
    return opposite(wind)


def modes(p: Play, seat: int) -> list[int]:
    race = p.comp.races[p.table.race[seat]]
    return [
        m
        for m, rate in ((ph.OARS, race.oars), (ph.SAIL, race.sail), (ph.STEAM, race.steam))
        if rate
    ]


def rate(p: Play, seat: int, mode: int) -> int:
    """PW-10.2: the mode's rate, halved (rounded down) at half hull or less."""
    race = p.comp.races[p.table.race[seat]]
    base = {ph.OARS: race.oars, ph.SAIL: race.sail, ph.STEAM: race.steam}[mode]
    return base // 2 if halved(p, seat) else base


def ignores_wind(p: Play, seat: int) -> bool:
    """PW-10.6: Elves ignore the into-the-wind rule; oars and steam ignore the wind."""
    t = p.table
    return t.mode != ph.SAIL or p.comp.races[t.race[seat]].ignores_upwind_stop


def begin(p: Play, seat: int, mode: int) -> None:
    """Start the movement phase in ``mode``: MP, and the downwind-run choice."""
    t = p.table
    t.mode, t.mp = mode, rate(p, seat, mode)
    t.moved = t.free_used = t.run = False
    t.turns = t.straight = t.backs = t.port_run = 0
    # PW-10.6's exemption belongs to the rule Elves ignore entirely.
    t.upwind_start = t.facing[seat] == upwind(t.wind) and not ignores_wind(p, seat)
    t.start_mp = t.mp
    t.path = []
    if mode == ph.SAIL and t.facing[seat] == t.wind:
        t.pending.append(ask(ph.RUN, seat))
    else:
        t.pending.append(ask(ph.MOVE, seat))


def declare_run(p: Play, seat: int, run: bool) -> None:
    """PW-10.5: +2 MP after halving; from now on only forward, ram or stop."""
    t = p.table
    if run:
        t.run = True
        t.mp += 2
        t.start_mp = t.mp
    t.pending.append(ask(ph.MOVE, seat))


def occupied(p: Play, h: int) -> bool:
    return h in p.table.hex


def ahead(p: Play, seat: int) -> int:
    t = p.table
    return p.board.neighbour(t.hex[seat], t.facing[seat])


def turn_cost(p: Play, seat: int) -> int | None:
    """PW-10.4: the MP a turn (not a port turn) costs now, or None if not allowed."""
    t = p.table
    if t.run:
        return None
    if t.mode == ph.SAIL:
        # A turn needs a forward move first, except the free first turn of a ship that
        # started the phase facing upwind (PW-10.6); at most 2 sides.
        if t.turns >= 2 or not (t.moved or (t.turns == 0 and t.upwind_start)):
            return None
        cost = 0 if t.turns == 0 else 1
    elif t.mode == ph.OARS:
        cost = 0 if t.moved and not t.free_used else 1
    else:
        cost = 0 if t.turns == 0 else 1
    return cost if t.mp >= cost else None


def ram_target(p: Play, seat: int) -> int:
    """PW-11.2: the enemy ship a ram would strike, or -1 if a ram is not legal."""
    t = p.table
    race = p.comp.races[t.race[seat]]
    if not race.can_ram or t.straight < 2 or t.mp < 1:
        return -1
    h = ahead(p, seat)
    if h == NO_HEX or h not in t.hex:
        return -1
    target = t.hex.index(h)
    return -1 if at_free_port(p, target) else target


#: The steps as action meanings, made once (half of all decisions are steps).
FORWARD: Meaning = ("forward", ())
TURNS: tuple[Meaning, ...] = (("turn", (0,)), ("turn", (1,)))
PORT_TURNS: tuple[Meaning, ...] = (("port-turn", (0,)), ("port-turn", (1,)))
BACK: Meaning = ("back", ())
RAM: Meaning = ("ram", ())
STOP: Meaning = ("stop", ())


def move_options(p: Play, seat: int) -> list[Meaning]:
    """PW-10.3: the steps the ship may take now."""
    t, board = p.table, p.board
    here, facing = t.hex[seat], t.facing[seat]
    out: list[Meaning] = []
    facing_upwind = facing == OPPOSITE[t.wind] and not ignores_wind(p, seat)
    if t.mp >= 1 and not facing_upwind:
        h = board.neighbours[here][facing]
        if board.enterable(h) and h not in t.hex:
            out.append(FORWARD)
    if turn_cost(p, seat) is not None:
        out += TURNS
    if not t.run and board.port_hex[here] and t.port_run < 5:
        out += PORT_TURNS
    if t.mode == ph.OARS and t.backs < 2 and t.mp >= 1 and p.comp.races[t.race[seat]].can_back:
        back = board.neighbours[here][OPPOSITE[facing]]
        if board.enterable(back) and back not in t.hex:
            out.append(BACK)
    if t.straight >= 2 and ram_target(p, seat) >= 0:  # a ram needs two forward steps
        out.append(RAM)
    out.append(STOP)
    return out


def take_step(p: Play, seat: int, kind: str, args: tuple[int, ...]) -> None:
    """Carry out one movement step, then ask for the next unless movement ended."""
    t = p.table
    go_on = True
    if kind == "forward":
        t.hex[seat] = ahead(p, seat)
        t.path.append(t.hex[seat])
        t.mp -= 1
        t.moved = True
        t.straight += 1
        t.port_run = 0
    elif kind == "back":
        t.hex[seat] = p.board.neighbour(t.hex[seat], opposite(t.facing[seat]))
        t.path.append(t.hex[seat])
        t.mp -= 1
        t.backs += 1
        t.straight = t.port_run = 0
    elif kind in ("turn", "port-turn"):
        if kind == "turn":
            cost = turn_cost(p, seat) or 0
            if t.mode == ph.OARS and cost == 0:
                t.free_used = True
            t.mp -= cost
            t.turns += 1
        else:
            t.port_run += 1
        t.facing[seat] = turn_side(t.facing[seat], 1 if args[0] else -1)
        t.straight = 0
        # PW-10.6: under sail, turning to face upwind ends the movement at once.
        if t.facing[seat] == upwind(t.wind) and not ignores_wind(p, seat):
            go_on = False
    elif kind == "ram":
        target = ram_target(p, seat)
        t.mp -= 1
        p.log(Event("ram-declared", {"seat": seat, "target": target}))
        t.pending.append(step(ph.MOVE_END, seat))
        t.pending.append(step(ph.RAM, seat, target))
        t.pending.extend(reversed(open_w4(t, target)))
        return
    else:
        go_on = False
    t.pending.append(ask(ph.MOVE, seat) if go_on else step(ph.MOVE_END, seat))


def ram(p: Play, seat: int, target: int) -> None:
    """PW-11.3 - PW-11.4: the target's harbour forts fire first, then the ram die;
    the target's damage first, then the rammer's; no saves."""
    t = p.table
    if not (has_ship(t, seat) and has_ship(t, target)):
        return
    site = harbour_of(p, target)
    if site >= 0:
        provoke(p, seat, site, once_per_phase=False)
        if not has_ship(t, seat):
            return
    die = p.rng.randint(1, 6)
    to_target, to_rammer = ph.RAM_TABLE[die]
    p.log(Event("ram", {"seat": seat, "target": target, "die": die}))
    damage(p, target, to_target, "ram")
    damage(p, seat, to_rammer, "ram")


def end_movement(p: Play, seat: int) -> None:
    """The ship is anchored where it stopped (PW-1.2). Wine, Women & Song takes its
    gold at the first port the ship ends a movement phase at (PW-14.8)."""
    t = p.table
    # One event for the whole phase (the steps are the mover's decisions in the
    # record): the log stays short, and views and information states with it.
    moved: dict[str, object] = {
        "seat": seat,
        "mode": ph.MODE_NAMES[t.mode],
        "mp": t.start_mp,
        "run": t.run,
        "path": list(t.path),
    }
    t.mode = ph.NO_MODE
    t.path = []
    if not has_ship(t, seat):
        p.log(Event("moved", {**moved, "hex": None, "facing": None}))
        return
    p.log(Event("moved", {**moved, "hex": t.hex[seat], "facing": t.facing[seat]}))
    if t.wws[seat] and at_port(p, seat):
        lose_gold(p, seat, p.rng.randint(1, 6), "Wine, Women & Song")
        t.wws[seat] = False
        t.deck.discard(p.comp.card_with("wine-women-song"))


def blown_off_course(p: Play, seat: int) -> None:
    """Card 14: D6 hexes in the wind's direction, facing unchanged, stopping before any
    hex it may not enter (PW-6.3, PW-6.10)."""
    t = p.table
    die = p.rng.randint(1, 6)
    moved = 0
    for _ in range(die):
        nxt = p.board.neighbour(t.hex[seat], t.wind)
        if not p.board.enterable(nxt) or occupied(p, nxt):
            break
        t.hex[seat] = nxt
        moved += 1
    p.log(Event("blown", {"seat": seat, "die": die, "moved": moved, "hex": t.hex[seat]}))
