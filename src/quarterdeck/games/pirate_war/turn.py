"""PW-7 (rounds and turns), PW-8 (wind) and PW-20 (missed and extra turns)."""

from __future__ import annotations

from quarterdeck.engine import Event

from . import phases as ph
from .damage import has_ship, holds_cards, place_new_ship
from .map import turn as turn_side
from .table import Decision, Play, Table, ask, schedule, step


def order_by_roll(p: Play, seats: list[int], why: str) -> list[int]:
    """PW-2.2, PW-7.2: each rolls 1D6, highest first; ties roll again among themselves."""
    rolls = {s: p.rng.randint(1, 6) for s in seats}
    p.log(
        Event("order-roll", {"why": why, "seats": list(seats), "dice": [rolls[s] for s in seats]})
    )
    out: list[int] = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == face]
        out += tied if len(tied) == 1 else order_by_roll(p, tied, why)
    return out


def wind_change(a: int, b: int) -> int:
    """PW-8.2: different dice change nothing; an even double turns the wind one side
    clockwise, an odd double one side counter-clockwise."""
    if a != b:
        return 0
    return 1 if a % 2 == 0 else -1


def roll_wind(p: Play) -> None:
    t = p.table
    a, b = p.rng.randint(1, 6), p.rng.randint(1, 6)
    before = t.wind
    t.wind = turn_side(t.wind, wind_change(a, b))
    p.log(Event("wind-roll", {"dice": [a, b], "from": before, "wind": t.wind}))


def set_wind(p: Play, side: int, why: str) -> None:
    p.table.wind = side
    p.log(Event("wind", {"wind": side, "why": why}))


def start_round(p: Play) -> None:
    """PW-7.2: from round 2, roll the wind, then initiative; round 1 keeps the setup
    order (PW-2.9)."""
    t = p.table
    t.round += 1
    if t.round > 1:
        roll_wind(p)
        t.order = order_by_roll(p, list(range(p.num_players)), "initiative")
    else:
        t.order = list(t.setup_order)
    p.log(Event("round", {"round": t.round, "order": list(t.order)}))
    schedule(t, [step(ph.TURN, seat, 0) for seat in t.order])


def start_turn(p: Play, seat: int, extra: int) -> None:
    """PW-7.3 step 1: a new ship if the player has none, then a missed turn is
    skipped to its end (PW-20.1)."""
    t = p.table
    t.active = seat
    t.go_again = False
    p.log(Event("turn", {"seat": seat, "round": t.round, "extra": extra}))
    records: list[Decision] = []
    if not has_ship(t, seat):
        place_new_ship(p, seat)
        records.append(ask(ph.MOUNT, seat, 1))
    if t.miss[seat]:
        t.miss[seat] = False
        p.log(Event("turn-missed", {"seat": seat}))
        records.append(step(ph.END_TURN, seat, extra))
    else:
        records += [
            step(ph.DRAW, seat),
            step(ph.MOVE_START, seat),
            step(ph.BATTLE, seat),
            step(ph.END_TURN, seat, extra),
        ]
    schedule(t, records)


def extra_turn(p: Play, seat: int, extra: int) -> None:
    """PW-20.3: a turn that earned "go again" is followed by one more, at most
    ``extra_turn_limit`` after one regular turn."""
    t = p.table
    if t.go_again and extra < p.options["extra_turn_limit"]:
        t.pending.append(step(ph.TURN, seat, extra + 1))
    elif t.go_again:
        p.log(Event("no-extra-turn", {"seat": seat}))
    t.go_again = False


def miss_records(t: Table, seat: int) -> list[Decision]:
    """A "miss next turn" received: window W2 (Sextant, Charts, Spyglass) first if the
    player holds any card (PW-20.2, PW-22.2)."""
    records = [ask(ph.WINDOW, seat, ph.W2)] if holds_cards(t, seat) else []
    return [*records, step(ph.MARK_MISS, seat)]


def mark_miss(p: Play, seat: int) -> None:
    """PW-20.2: the mark does not stack."""
    p.table.miss[seat] = True
    p.log(Event("miss-next-turn", {"seat": seat}))
