"""The observation tensor of Pirate War: what one seat may know, as numbers in [0, 1].

Two parts, laid end to end. **The map as planes**: each plane is the hex grid of the
map (``map.ROWS`` × ``map.WIDTH``, 17 × 27; a hex at (col, row) is the cell
[row][col], odd rows pushed half a hex right as on the board, PW-6.1, and the cells
that are no hex of an odd row stay 0): the terrain, each captain's home port, each
captain's ship and the ships' facings. **A flat part**: the pending decision, the
wind, the round, the movement and battle phase under way, and one row per captain
(race, hull, crew, weapons, treasures, gold, store, cards held, marks, hostility), then
my hand and the discard pile.

Seats are told relative to the observer: row or plane 0 is "me", then the next seats
in seat order, so one agent can play any seat. Everything comes from the public
position plus the observer's own hand (PW-4.10): another captain's hand only as a
count, the deck only as its size; its order and the other hands never enter it. The
wind is one number for the whole map, so it is told once in the flat part rather than
as planes.

Speed: :class:`Encoder` (the game's layout, worked out once per player count) holds
every offset, the terrain planes as ready-made floats (copied in one go into an array
of floats, the adapters' buffer) and each home port's cells; the writer sets only the
non-zero numbers.
"""

from __future__ import annotations

import array
from typing import Any

from quarterdeck.engine import Buffer, TensorField, TensorLayout

from . import phases as ph
from .components import Components
from .decisions import DECISIONS
from .map import ROWS, WIDTH, Board
from .table import Play

#: The terrain planes: (name, the map marks it covers, what it is).
TERRAIN = (
    ("sea", ".:Ah", "a hex a ship may enter: open sea, anchorages and harbours (PW-6.3)"),
    ("rocks", "R", "rocks (PW-6.7)"),
    ("coast", "#", "coast: land with no rules of its own"),
    ("town", "123456", "a home-port site's town (land; the digit is its site)"),
    ("harbour", "Ah", "a home-port site's anchorage and harbour hexes (PW-6.5)"),
    ("free_port", "P:", "a free port (land) and its anchorages (PW-6.4)"),
    ("fort", "X", "a shore fort (PW-6.5)"),
    ("island", "I", "the deserted island (PW-6.6)"),
)
#: The columns of a captain's row in the ``captains`` field.
ROW = (
    "has a ship on the map",
    "hull / the race's hull",
    "crew / the largest hull of any race (every item fills a hold space, PW-4.2)",
    "treasures aboard / the largest hull",
    "gold / 100 (at most 1)",
    "treasures stored at home / victory_treasures (at most 1)",
    "cards held / 16 (at most 1)",
    "miss next turn (PW-20.1)",
    "Wine, Women & Song in front (PW-14.8)",
    "is the active player (PW-1.2)",
    "still to take a regular turn this round (PW-7.1)",
)
GOLD_SCALE = 100
HAND_SCALE = 16
MODES = len(ph.MODE_NAMES)  # none, oars, sail, steam
MAINS = len(ph.MAIN_NAMES)  # none, attack, trade, plunder, dig
WINDOWS = len(ph.WINDOW_WHY)
#: Decisions whose args name other captains: the indices of those args.
NAMED_SEATS = {ph.FIRE_CARD: (0,), ph.FIRE_WEAPONS: (0,), ph.LOOT: (0,), ph.BOARD_CARD: (0, 1)}


class Encoder(TensorLayout):
    """The layout of a seat's observation for one player count, with what the writer
    needs worked out once: it is the game's ``observation_layout``."""

    __slots__ = (
        "board",
        "by_site",
        "cells",
        "comp",
        "dense_d",
        "dense_f",
        "flat",
        "hull_scale",
        "mp_scale",
        "players",
        "terrain_ones",
    )

    def __init__(self, c: Components, board: Board, players: int) -> None:
        super().__init__(_fields(c, players))
        self.comp, self.board, self.players = c, board, players
        self.cells = ROWS * WIDTH
        self.hull_scale = max(r.hull for r in c.races)
        self.mp_scale = max(max(r.oars, r.sail, r.steam) for r in c.races) + 2  # a run: +2
        start = self.offset["terrain"]
        self.terrain_ones = [
            start + k * self.cells + i
            for k, (_, marks, _) in enumerate(TERRAIN)
            for i in board.hexes
            if board.marks[i] in marks
        ]
        span = self.cells * len(TERRAIN)
        self.dense_f = array.array("f", bytes(4 * span))
        for i in self.terrain_ones:
            self.dense_f[i - start] = 1.0
        self.dense_d = array.array("d", self.dense_f)
        #: Each site's cells: its town, anchorage, harbour and forts.
        self.by_site = [
            sorted({*board.site_towns[s], *board.site_harbour[s], *board.site_forts[s]})
            for s in range(len(c.sites))
        ]
        at = self.offset
        self.flat = (
            at["decision"],
            at["deciding"],
            at["wind"],
            at["round"],
            at["captains"],
            at["races"],
            at["hostile"],
        )


def layout(c: Components, players: int) -> Encoder:
    """The fields of a seat's observation with ``players`` players, and their writer's
    tables (the game keeps one per player count)."""
    return Encoder(c, Board(c), players)


def _fields(c: Components, n: int) -> list[TensorField]:
    rows = "relative: me first, then the next seats in seat order"
    planes = f"{ROWS}×{WIDTH} (row, column) cells of the hex map"
    terrain = "; ".join(f"[{k}] {name}: {text}" for k, (name, _, text) in enumerate(TERRAIN))
    kinds = ", ".join(ph.DECISION_KINDS)
    races = ", ".join(r.name for r in c.races)
    cols = "; ".join(f"[{k}] {text}" for k, text in enumerate(ROW))
    sides = "1-6 (E, SE, SW, W, NW, NE: PW-6.2)"
    f = TensorField
    return [
        # -- the map as planes ------------------------------------------------------
        f(
            "terrain",
            (len(TERRAIN), ROWS, WIDTH),
            f"the map's terrain, one plane each over {planes}: {terrain}",
        ),
        f(
            "home_ports",
            (n, ROWS, WIDTH),
            f"each captain's home port ({rows}): its town, anchorage, harbour and forts; "
            "all 0 until the port is chosen (PW-2.4)",
        ),
        f(
            "ships",
            (n, ROWS, WIDTH),
            f"each captain's ship ({rows}): 1 at the hex it is in; all 0 while it has none (PW-19)",
        ),
        f(
            "facing",
            (6, ROWS, WIDTH),
            f"every ship's facing: 1 at the ship's hex in the plane of the side it faces, {sides} (one ship a hex, PW-6.10)",
        ),
        # -- the flat part ----------------------------------------------------------
        f(
            "decision",
            (len(ph.DECISION_KINDS) + 1,),
            f"the pending decision, one-hot: {kinds}, then 'game over'",
        ),
        f("deciding", (n,), f"who decides now, one-hot, {rows}; all 0 once the game is over"),
        f(
            "decision_seats",
            (n,),
            f"the captains the pending decision names ({rows}): the target of a fire "
            "attack (battle card, weapons), the loser of a boarding (loot), the two sides "
            "of a boarding (boarding card)",
        ),
        f("decision_window", (WINDOWS,), "a reaction window's cause, one-hot W1-W5 (PW-22.2)"),
        f(
            "decision_new_ship",
            (1,),
            "1 if a mount is chosen for a new ship's weapon (PW-19.3), 0 at setup",
        ),
        f("wind", (6,), f"the side the wind blows toward, one-hot {sides} (PW-8)"),
        f("round", (1,), "round / round_limit (0 during setup)"),
        f(
            "movement_mode",
            (MODES,),
            "the movement phase under way: its mode, one-hot none, oars, sail, steam (PW-10.1)",
        ),
        f(
            "movement",
            (4,),
            "[0] movement points left / (the fastest race's best rate + 2); [1] a downwind "
            "run declared (PW-10.5); [2] moved forward this phase; [3] the free turn after a "
            "forward move used (oars)",
        ),
        f(
            "main_action",
            (MAINS,),
            "the battle phase's main action, one-hot none, attack, trade, plunder, dig (PW-12.1)",
        ),
        f(
            "races",
            (n, len(c.races)),
            f"each captain's race, one-hot ({races}); {rows}; all 0 until chosen",
        ),
        f("captains", (n, len(ROW)), f"one row per captain, {rows}: {cols}"),
        f(
            "weapons",
            (n, len(c.mounts)),
            f"each captain's weapons by mount ({', '.join(m.name for m in c.mounts)}) / the largest hull; {rows}",
        ),
        f(
            "hostile",
            (n, len(c.sites), 2),
            f"each captain ({rows}) × home-port site 1-{len(c.sites)}: [0] hostile to that "
            "port (PW-14.5); [1] became hostile this turn (its forts do not fire at the "
            "end of this turn, PW-14.6)",
        ),
        f(
            "my_hand",
            (len(c.cards),),
            "the cards in my hand by card number 1-42: copies / copies of each card",
        ),
        f(
            "discard",
            (len(c.cards),),
            "the discard pile by card number 1-42: copies / copies of each card",
        ),
        f("deck", (1,), "cards left in the deck / the cards in the game"),
    ]


def write(p: Play, seat: int, lay: TensorLayout, out: Buffer) -> None:
    """Write ``seat``'s observation of ``p`` into the zero-filled ``out``."""
    assert isinstance(lay, Encoder)
    view = _float_view(out)
    if view is None:
        for i in lay.terrain_ones:
            out[i] = 1.0
        _write(p, seat, lay, out)
        return
    at = lay.offset["terrain"]
    dense = lay.dense_f if view.format == "f" else lay.dense_d
    view[at : at + len(dense)] = dense  # the terrain in one go
    _write(p, seat, lay, view)
    view.release()


def _float_view(out: Buffer) -> memoryview | None:
    """A writable one-dimensional memoryview of ``out`` if it is an array of floats
    (an ``array.array``, a NumPy array): set item by item, it is quicker than the
    array itself, and it takes a block of floats in one go."""
    try:
        view = memoryview(out)  # type: ignore[arg-type]
    except TypeError:
        return None
    if view.ndim != 1 or view.readonly or view.format not in ("f", "d"):
        view.release()
        return None
    return view


def _write(p: Play, seat: int, e: Encoder, w: Any) -> None:
    t, c = p.table, e.comp
    n, cells = e.players, e.cells
    at = e.offset
    decision, deciding, wind, round_at, captains, races, hostile = e.flat
    top = t.pending[-1] if t.pending and not t.over else None
    if top is None:
        w[decision + len(DECISIONS)] = 1.0
    else:
        w[decision + DECISIONS[top.kind].index] = 1.0
        if top.seat >= 0:
            w[deciding + (top.seat - seat) % n] = 1.0
        for k in NAMED_SEATS.get(top.kind, ()):
            if top.args[k] >= 0:
                w[at["decision_seats"] + (top.args[k] - seat) % n] = 1.0
        if top.kind == ph.WINDOW:
            w[at["decision_window"] + top.args[0] - 1] = 1.0
        elif top.kind == ph.MOUNT and top.args[0]:
            w[at["decision_new_ship"]] = 1.0
    w[wind + t.wind - 1] = 1.0
    if t.round:
        w[round_at] = min(1.0, t.round / p.options["round_limit"])
    if t.mode:
        w[at["movement_mode"] + t.mode] = 1.0
        w[at["movement"]] = min(1.0, t.mp / e.mp_scale)
        w[at["movement"] + 1] = float(t.run)
        w[at["movement"] + 2] = float(t.moved)
        w[at["movement"] + 3] = float(t.free_used)
    if t.main:
        w[at["main_action"] + t.main] = 1.0
    to_play = {d.args[0] for d in t.pending if d.kind == ph.TURN and not d.args[1]}
    width, hull_scale = len(ROW), e.hull_scale
    ships, homes, facing = at["ships"], at["home_ports"], at["facing"]
    weapons, mounts = at["weapons"], len(c.mounts)
    for s in range(n):
        rel = (s - seat) % n
        row = captains + rel * width
        if t.race[s] >= 0:
            w[races + rel * len(c.races) + t.race[s]] = 1.0
        if t.site[s] >= 0:
            plane = homes + rel * cells
            for i in e.by_site[t.site[s]]:
                w[plane + i] = 1.0
        where = t.hex[s]
        if where >= 0:
            w[ships + rel * cells + where] = 1.0
            w[facing + (t.facing[s] - 1) * cells + where] = 1.0
            w[row] = 1.0
            w[row + 1] = t.hull[s] / c.races[t.race[s]].hull
            w[row + 2] = min(1.0, t.crew[s] / hull_scale)
            w[row + 3] = min(1.0, t.aboard[s] / hull_scale)
            for m in set(t.weapons[s]):
                w[weapons + rel * mounts + m] = t.weapons[s].count(m) / hull_scale
        if t.gold[s]:
            w[row + 4] = min(1.0, t.gold[s] / GOLD_SCALE)
        if t.store[s]:
            w[row + 5] = min(1.0, t.store[s] / p.options["victory_treasures"])
        if t.hands[s]:
            w[row + 6] = min(1.0, len(t.hands[s]) / HAND_SCALE)
        if t.miss[s]:
            w[row + 7] = 1.0
        if t.wws[s]:
            w[row + 8] = 1.0
        if t.active == s:
            w[row + 9] = 1.0
        if s in to_play:
            w[row + 10] = 1.0
        for site, fresh in t.hostile[s]:
            cell = hostile + (rel * len(c.sites) + site) * 2
            w[cell] = 1.0
            if fresh:
                w[cell + 1] = 1.0
    for field, cards in (("my_hand", t.hands[seat]), ("discard", t.deck.discards)):
        start = at[field] - 1  # card numbers count from 1
        for card in set(cards):
            w[start + card] = cards.count(card) / c.copies
    w[at["deck"]] = len(t.deck) / (len(c.cards) * c.copies)
