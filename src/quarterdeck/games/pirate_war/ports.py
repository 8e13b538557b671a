"""PW-14 (ports and forts), PW-15 (trading and plunder), PW-16 (services) and
PW-18 (the deserted island and the treasure map)."""

from __future__ import annotations

from quarterdeck.engine import Event

from . import phases as ph
from .combat import resolve_hits
from .damage import (
    crew_loss,
    damage,
    free_space,
    gain_gold,
    gain_treasures,
    has_ship,
    lose_gold,
    max_hull,
)
from .table import Decision, Play, Table, ask
from .turn import miss_records


def owner(t: Table, site: int) -> int:
    """The seat whose home port ``site`` is, or -1 for a neutral port (PW-2.4)."""
    return t.site.index(site) if site in t.site else -1


def anchorage_site(p: Play, seat: int) -> int:
    """The site whose anchorage the ship is on (PW-14.1), or -1."""
    h = p.table.hex[seat]
    site = p.board.harbour_site[h] if h >= 0 else -1
    return site if site >= 0 and p.board.site_anchorage[site] == h else -1


def at_free_port_anchorage(p: Play, seat: int) -> bool:
    h = p.table.hex[seat]
    return h >= 0 and p.board.free_port_at[h] >= 0


def at_port(p: Play, seat: int) -> bool:
    """Anchored at a free port or on any home-port anchorage (services, PW-16)."""
    return at_free_port_anchorage(p, seat) or anchorage_site(p, seat) >= 0


def can_trade(p: Play, seat: int) -> bool:
    """PW-14.7: at a free port, another player's home port or a neutral port."""
    site = anchorage_site(p, seat)
    return at_free_port_anchorage(p, seat) or (site >= 0 and owner(p.table, site) != seat)


def plunder_site(p: Play, seat: int) -> int:
    """PW-14.7: the home port (another player's or neutral) the ship may plunder, or -1."""
    site = anchorage_site(p, seat)
    return site if site >= 0 and owner(p.table, site) != seat else -1


def at_own_anchorage(p: Play, seat: int) -> bool:
    return anchorage_site(p, seat) == p.table.site[seat] >= 0


# -- forts (PW-14.4 - PW-14.6) -------------------------------------------------------------


def fort_volley(p: Play, site: int, fort: int, seat: int) -> None:
    """One fort fires its cannons at a ship as one attack (hits 4-6, saves, doubles)."""
    p.log(Event("fort-fires", {"site": site + 1, "fort": fort, "target": seat}))
    total = resolve_hits(p, seat, p.comp.fort_cannons, ph.HIT_ON, 1)
    damage(p, seat, total, "fort")


def provoke(p: Play, seat: int, site: int, once_per_phase: bool) -> None:
    """PW-14.5: the ship declared plunder at, or an attack into the harbour of,
    ``site``: it becomes hostile and each fort within range fires at it now (at most
    once per battle phase, or once per ram). Never at the port's owner."""
    t = p.table
    if owner(t, site) == seat or not has_ship(t, seat):
        return
    if all(h[0] != site for h in t.hostile[seat]):
        t.hostile[seat].append([site, 1])
        p.log(Event("hostile", {"seat": seat, "site": site + 1}))
    for fort in p.board.forts_within(site, t.hex[seat], p.comp.fort_range):
        key = site * 2 + fort
        if once_per_phase:
            if key in t.forts_fired:
                continue
            t.forts_fired.append(key)
        if not has_ship(t, seat):
            return
        fort_volley(p, site, fort, seat)


def harbour_of(p: Play, seat: int) -> int:
    """The site whose harbour the ship is in, or -1."""
    h = p.table.hex[seat]
    return p.board.harbour_site[h] if h >= 0 else -1


def end_of_turn_fire(p: Play, seat: int) -> None:
    """PW-14.6 step 1: forts of ports the ship became hostile to in an earlier turn
    fire once each, in site order."""
    t = p.table
    for site, fresh in sorted(t.hostile[seat]):
        if fresh:
            continue
        for fort in p.board.forts_within(site, t.hex[seat], p.comp.fort_range):
            if has_ship(t, seat):
                fort_volley(p, site, fort, seat)


def end_of_turn_peace(p: Play, seat: int) -> None:
    """PW-14.6 step 2: hostility ends once the ship is out of both forts' range."""
    t = p.table
    if not has_ship(t, seat):
        t.hostile[seat] = []
        return
    kept = []
    for site, _ in sorted(t.hostile[seat]):
        if p.board.forts_within(site, t.hex[seat], p.comp.fort_range):
            kept.append([site, 0])
        else:
            p.log(Event("hostility-ends", {"seat": seat, "site": site + 1}))
    t.hostile[seat] = kept


# -- trading and plunder (PW-15) -------------------------------------------------------------


def trade(p: Play, seat: int) -> None:
    """PW-15.1: the trading table."""
    t = p.table
    die = p.rng.randint(1, 6)
    p.log(Event("trade", {"seat": seat, "die": die}))
    records: list[Decision] = []
    if die == 1:
        records = [ask(ph.LOSE_ONE, seat), *crew_loss(t, seat), *miss_records(t, seat)]
    elif die == 2:
        lose_gold(p, seat, p.rng.randint(1, 6), "trade")
        records = miss_records(t, seat)
    elif die in (3, 4, 5):
        gain_gold(p, seat, p.rng.randint(1, 6) + (2 if die == 5 else 0), "trade")
        if die == 3:
            records = miss_records(t, seat)
    else:
        gain_treasures(p, seat, 1, "trade")
    t.pending.extend(reversed(records))


def plunder_roll(p: Play, seat: int, site: int) -> None:
    """PW-15.2 step 3: the plunder table (nothing if the forts sank the ship)."""
    t = p.table
    if not has_ship(t, seat):
        return
    die = p.rng.randint(1, 6)
    p.log(Event("plunder", {"seat": seat, "site": site + 1, "die": die}))
    records: list[Decision] = []
    if die == 1:
        records = [ask(ph.LOSE_ONE, seat), *crew_loss(t, seat), *miss_records(t, seat)]
    elif die == 2:
        records = [*crew_loss(t, seat), *miss_records(t, seat)]
    elif die == 3:
        records = crew_loss(t, seat)
    else:
        plunder_gain(p, seat, site, die - 3)
    t.pending.extend(reversed(records))


def plunder_gain(p: Play, seat: int, site: int, n: int) -> None:
    """PW-15.3: from the owner's store first (option plunder_source), then the bank;
    only as many as the plunderer has free spaces."""
    t = p.table
    if not has_ship(t, seat):
        return
    n = min(n, free_space(t, seat))
    victim = owner(t, site)
    from_store = 0
    if victim >= 0 and p.options["plunder_source"] == "store_first":
        from_store = min(n, t.store[victim])
        t.store[victim] -= from_store
    t.aboard[seat] += n
    p.log(
        Event(
            "plundered",
            {"seat": seat, "site": site + 1, "treasures": n, "from_store": from_store},
        )
    )


def lose_treasure_or_gold(p: Play, seat: int, treasure: bool) -> None:
    """PW-15.4: a treasure aboard, or 10 gold; to the bank."""
    t = p.table
    if treasure and t.aboard[seat] > 0:
        t.aboard[seat] -= 1
        p.log(Event("treasure", {"seat": seat, "gained": -1, "of": 1, "why": "lost"}))
    else:
        lose_gold(p, seat, ph.LOOT_GOLD, "lost")


# -- services (PW-16) and storing (PW-17.2) ------------------------------------------------


def service_options(p: Play, seat: int) -> list[tuple[str, tuple[int, ...]]]:
    """What the ship may do now in the services step, as action meanings."""
    t, c = p.table, p.comp
    out: list[tuple[str, tuple[int, ...]]] = []
    if not has_ship(t, seat):
        return out
    if t.main not in (ph.ATTACK, ph.PLUNDER) and at_port(p, seat):
        if t.hull[seat] < max_hull(p, seat) and t.gold[seat] >= c.prices.repair:
            out.append(("repair", ()))
        if free_space(t, seat) and t.gold[seat] >= c.prices.crew:
            out.append(("hire", ()))
        if free_space(t, seat) and t.gold[seat] >= c.prices.weapon:
            out += [("buy", (m,)) for m in c.races[t.race[seat]].mounts]
    if at_own_anchorage(p, seat) and t.aboard[seat] > 0:
        out.append(("store", ()))
    return out


def services_due(p: Play, seat: int) -> bool:
    """Services are asked only while anchored at a port (PW-16)."""
    return has_ship(p.table, seat) and at_port(p, seat)


def dig(p: Play, seat: int, dice: int) -> None:
    """PW-18.1: dig up 4D6 gold."""
    gold = sum(p.rng.randint(1, 6) for _ in range(dice))
    gain_gold(p, seat, gold, "dig")
