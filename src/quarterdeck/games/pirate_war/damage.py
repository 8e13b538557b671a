"""PW-4 (hull, hold, crew and gold) and PW-19 (damage, loss and the new ship)."""

from __future__ import annotations

from quarterdeck.engine import Event

from . import phases as ph
from .map import NO_HEX
from .table import Decision, Play, Table, ask, step


def has_ship(t: Table, seat: int) -> bool:
    return t.hex[seat] != NO_HEX


def items(t: Table, seat: int) -> int:
    """PW-4.3: crew, weapons and treasures each fill a hold space; gold fills none."""
    return t.crew[seat] + len(t.weapons[seat]) + t.aboard[seat]


def free_space(t: Table, seat: int) -> int:
    """PW-4.2 (house): the hold has as many spaces as the ship's current hull."""
    return max(0, t.hull[seat] - items(t, seat)) if has_ship(t, seat) else 0


def max_hull(p: Play, seat: int) -> int:
    return p.comp.races[p.table.race[seat]].hull


def halved(p: Play, seat: int) -> bool:
    """PW-4.6: at half its maximum hull or less, a ship's movement is halved."""
    return 2 * p.table.hull[seat] <= max_hull(p, seat)


def gain_gold(p: Play, seat: int, amount: int, why: str) -> None:
    p.table.gold[seat] += amount
    p.log(Event("gold", {"seat": seat, "change": amount, "gold": p.table.gold[seat], "why": why}))


def lose_gold(p: Play, seat: int, amount: int, why: str) -> int:
    """PW-4.9: gold never goes below 0; returns what was really lost."""
    t = p.table
    lost = min(amount, t.gold[seat])
    t.gold[seat] -= lost
    p.log(Event("gold", {"seat": seat, "change": -lost, "gold": t.gold[seat], "why": why}))
    return lost


def gain_treasures(p: Play, seat: int, n: int, why: str) -> int:
    """PW-4.4: a treasure that finds no space stays in the bank; returns the number gained."""
    t = p.table
    got = min(n, free_space(t, seat))
    t.aboard[seat] += got
    p.log(Event("treasure", {"seat": seat, "gained": got, "of": n, "why": why}))
    return got


def gain_crew(p: Play, seat: int, why: str) -> None:
    t = p.table
    if free_space(t, seat):
        t.crew[seat] += 1
        p.log(Event("crew", {"seat": seat, "change": 1, "crew": t.crew[seat], "why": why}))
    else:
        p.log(Event("no-space", {"seat": seat, "item": "crew", "why": why}))


def damage(p: Play, seat: int, n: int, why: str) -> None:
    """PW-19.1: hull damage takes effect at once; 0 hull sinks (PW-4.7); otherwise the
    owner throws items overboard until they fit (PW-4.5)."""
    t = p.table
    if not has_ship(t, seat) or n <= 0:
        return
    t.hull[seat] = max(0, t.hull[seat] - n)
    p.log(Event("damage", {"seat": seat, "damage": n, "hull": t.hull[seat], "why": why}))
    if t.hull[seat] == 0:
        lose_ship(p, seat, "sank")
    else:
        check_overflow(t, seat)


def repair(p: Play, seat: int, n: int, why: str) -> int:
    """PW-4.1: never above the maximum; returns the points repaired."""
    t = p.table
    done = max(0, min(n, max_hull(p, seat) - t.hull[seat]))
    t.hull[seat] += done
    p.log(Event("repair", {"seat": seat, "repaired": done, "hull": t.hull[seat], "why": why}))
    return done


def check_overflow(t: Table, seat: int) -> None:
    """PW-4.5: ask the owner to throw an item overboard while the items outnumber the
    hull (one decision per item, so it is asked again after each throw)."""
    if has_ship(t, seat) and items(t, seat) > t.hull[seat]:
        top = t.pending[-1] if t.pending else None
        if top is None or top.kind != ph.OVERFLOW or top.seat != seat:
            t.pending.append(ask(ph.OVERFLOW, seat))


def lose_ship(p: Play, seat: int, how: str) -> None:
    """PW-19.2: the ship goes with everything aboard (to the bank); the player keeps
    gold, held cards, the store and any "miss next turn"; its hostilities end."""
    t = p.table
    p.log(
        Event(
            ph.EV_LOST,
            {
                "seat": seat,
                "how": how,
                "hex": t.hex[seat],
                "treasures": t.aboard[seat],
            },
        )
    )
    t.hex[seat] = NO_HEX
    t.hull[seat] = 0
    t.crew[seat] = 0
    t.weapons[seat] = []
    t.aboard[seat] = 0
    t.hostile[seat] = []


def lose_crew_now(p: Play, seat: int, why: str) -> None:
    """One crew is killed; at 0 crew the ship is lost (PW-4.7)."""
    t = p.table
    if not has_ship(t, seat):
        return
    t.crew[seat] = max(0, t.crew[seat] - 1)
    p.log(Event("crew", {"seat": seat, "change": -1, "crew": t.crew[seat], "why": why}))
    if t.crew[seat] == 0:
        lose_ship(p, seat, "no crew")


def holds_cards(t: Table, seat: int) -> bool:
    return bool(t.hands[seat])


def crew_loss(t: Table, seat: int) -> list[Decision]:
    """A single crew loss: window W3 (Medicinals) first if the owner holds any card
    (PW-22.2: asked whatever the cards, so being asked tells nothing)."""
    records = [ask(ph.WINDOW, seat, ph.W3)] if holds_cards(t, seat) else []
    return [*records, step(ph.CREW_LOSS, seat)]


def place_new_ship(p: Play, seat: int) -> None:
    """PW-19.3: pay 20 gold (or all one has), full hull, 1 crew, 1 weapon; placed on the
    anchorage facing out, else inner, mouth, nearest empty sea hex (lowest row, col)."""
    t, board, c = p.table, p.board, p.comp
    race = c.races[t.race[seat]]
    paid = min(c.prices.new_ship, t.gold[seat])
    t.gold[seat] -= paid
    where = place_at_home(p, seat)
    t.hex[seat] = where
    t.facing[seat] = board.site_out[t.site[seat]]
    t.hull[seat] = race.hull
    t.crew[seat] = 1
    t.weapons[seat] = [race.mounts[0]]
    t.aboard[seat] = 0
    p.log(Event("new-ship", {"seat": seat, "paid": paid, "hex": where, "gold": t.gold[seat]}))


def place_at_home(p: Play, seat: int) -> int:
    t, board = p.table, p.board
    taken = set(t.hex)
    for h in board.site_harbour[t.site[seat]]:
        if h not in taken:
            return h
    home = board.site_anchorage[t.site[seat]]
    free = [i for i in board.hexes if board.enterable(i) and i not in taken]
    # Row-major indices: sorting by (distance, index) breaks ties by row, then column.
    return min(free, key=lambda i: (board.distance(home, i), i))
