"""PW-2: players and setup (setup roll, races, home ports, ships, gold, deck, wind)."""

from __future__ import annotations

from quarterdeck.engine import Deck, Event

from . import phases as ph
from .table import Play, ask, schedule, step
from .turn import order_by_roll


def set_up(p: Play) -> None:
    """PW-2.2 - PW-2.8 up to the players' choices, which go on the pending stack:
    races in setup order, home ports in reverse setup order, then starting mounts."""
    t, n = p.table, p.num_players
    t.race = [-1] * n
    t.site = [-1] * n
    t.hex = [-1] * n
    t.facing = [1] * n
    t.hull = [0] * n
    t.crew = [0] * n
    t.weapons = [[] for _ in range(n)]
    t.aboard = [0] * n
    t.gold = [int(p.options["starting_gold"])] * n  # PW-2.7
    t.store = [0] * n
    t.hands = [[] for _ in range(n)]
    t.wws = [False] * n
    t.miss = [False] * n
    t.hostile = [[] for _ in range(n)]
    t.setup_order = order_by_roll(p, list(range(n)), "setup")  # PW-2.2
    t.deck = Deck(c.card for c in p.comp.cards for _ in range(p.comp.copies))
    t.deck.shuffle(p.rng)  # PW-2.8
    t.wind = p.rng.randint(1, 6)  # PW-8.1
    p.log(Event("setup", {"order": list(t.setup_order), "wind": t.wind}))
    schedule(
        t,
        [
            *(ask(ph.RACE, s) for s in t.setup_order),
            *(ask(ph.SITE, s) for s in reversed(t.setup_order)),
            step(ph.PLACE_SHIPS),
            step(ph.SETUP_MOUNTS),
        ],
    )


def race_options(p: Play) -> list[int]:
    """PW-2.3: no two players pick the same race."""
    return [r for r in range(len(p.comp.races)) if r not in p.table.race]


def site_options(p: Play) -> list[int]:
    """PW-2.4: the sites used with this many players, not yet taken (0-based)."""
    used = p.comp.sites_by_players[p.num_players]
    return sorted(s - 1 for s in used if s - 1 not in p.table.site)


def place_ships(p: Play) -> None:
    """PW-2.5 - PW-2.6: each ship on its anchorage facing out, full hull, its race's
    crew and one weapon (forward by default)."""
    t, c, board = p.table, p.comp, p.board
    for s in range(p.num_players):
        race = c.races[t.race[s]]
        t.hex[s] = board.site_anchorage[t.site[s]]
        t.facing[s] = board.site_out[t.site[s]]
        t.hull[s] = race.hull
        t.crew[s] = race.crew
        t.weapons[s] = [race.mounts[0]]
    p.log(Event("ships-placed", {"hexes": list(t.hex)}))


def setup_mounts(p: Play) -> None:
    """PW-2.6: in setup order, players whose race allows two mounts choose one."""
    t = p.table
    schedule(
        t,
        [ask(ph.MOUNT, s, 0) for s in t.setup_order if len(p.comp.races[t.race[s]].mounts) > 1],
    )
