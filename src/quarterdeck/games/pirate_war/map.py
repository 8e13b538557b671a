"""The hex map and its geometry (PW-5.3, PW-6, Appendix A), over hex indices.

A hex's index is ``row * 27 + col`` on a 27-wide grid (odd rows use columns 0-25
only, so index ``row * 27 + 26`` is never a hex of an odd row). Axial coordinates
(q, r) follow PW-6.1; sides 1-6 are E, SE, SW, W, NW, NE (PW-6.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from quarterdeck.engine import DataFileError

from .components import Components

WIDTH = 27
ROWS = 17
#: Axial step (dq, dr) of each side 1..6 (index 0 unused).
STEPS = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
COMPASS = ("", "E", "SE", "SW", "W", "NW", "NE")
SEA_MARKS = ".:Ah"  # the marks a ship may enter (PW-6.3)
NO_HEX = -1


def turn(side: int, by: int) -> int:
    """The side ``by`` steps clockwise from ``side`` (negative: counter-clockwise)."""
    return (side - 1 + by) % 6 + 1


#: The side opposite each side 1..6 (index 0 as ``turn`` gives it), looked up rather
#: than worked out: movement asks it at every step.
OPPOSITE: tuple[int, ...] = tuple(turn(side, 3) for side in range(7))


def opposite(side: int) -> int:
    return OPPOSITE[side]


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def axial_distance(dq: int, dr: int) -> int:
    """PW-6.9."""
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate_to_east(a: int, b: int, facing: int) -> tuple[int, int]:
    """Turn the offset (a, b) so that a ship facing ``facing`` faces side 1 (PW-5.3
    step 2: (a, b) -> (a + b, -a), f - 1 times)."""
    for _ in range(facing - 1):
        a, b = a + b, -a
    return a, b


def in_arc(arc: str, a: int, b: int, facing: int) -> bool:
    """Whether the axial offset (a, b) from a firer facing ``facing`` lies in ``arc``
    (PW-5.2, PW-5.3), with integer arithmetic only."""
    if a == 0 and b == 0:
        return False
    a, b = rotate_to_east(a, b, facing)
    x = 2 * a + b
    if arc == "forward":
        return x > 0 and 3 * abs(b) <= x
    if arc == "broadside":
        return abs(x) <= abs(b) and b != 0
    return x >= 0  # bow-180


def broadside_side(a: int, b: int, facing: int) -> str:
    """Which beam (``starboard`` or ``port``) an offset in the broadside lies on."""
    return "starboard" if rotate_to_east(a, b, facing)[1] > 0 else "port"


@dataclass(frozen=True)
class FreePort:
    hex: int  # the grey hex
    anchorages: tuple[int, ...]


class Board:
    """The map of the data file, with every lookup the rules need worked out once."""

    def __init__(self, c: Components) -> None:
        if len(c.rows) != ROWS:
            raise DataFileError(f"data file entry map.rows: the map has {ROWS} rows")
        size = WIDTH * ROWS
        self.marks: list[str] = [" "] * size  # " ": not a hex
        for row, line in enumerate(c.rows):
            for col, mark in enumerate(line):
                self.marks[row * WIDTH + col] = mark
        self.hexes = tuple(i for i in range(size) if self.marks[i] != " ")
        self.axial: list[tuple[int, int]] = [to_axial(i % WIDTH, i // WIDTH) for i in range(size)]
        self.neighbours: list[tuple[int, ...]] = [
            (NO_HEX, *(self._step(i, side) for side in range(1, 7))) if self.marks[i] != " " else ()
            for i in range(size)
        ]
        self.sea = [m in SEA_MARKS for m in self.marks]
        # Sites: their hexes as indices.
        self.site_anchorage: list[int] = []
        self.site_harbour: list[tuple[int, int, int]] = []  # anchorage, inner, mouth
        self.site_forts: list[tuple[int, ...]] = []
        self.site_towns: list[tuple[int, ...]] = []
        self.harbour_site = [NO_HEX] * size  # the site (0-based) whose harbour holds a hex
        for k, s in enumerate(c.sites):
            harbour = tuple(self.index(*h) for h in (s.anchorage, s.inner, s.mouth))
            forts = tuple(self.index(*h) for h in s.forts)
            towns = tuple(self.index(*h) for h in s.town)
            where = f"map.sites[{k}]"
            if [self.marks[h] for h in harbour] != ["A", "h", "h"]:
                raise DataFileError(f"data file entry {where}: its harbour is not A, h, h")
            if any(self.marks[f] != "X" for f in forts) or any(
                self.marks[t] != str(s.site) for t in towns
            ):
                raise DataFileError(f"data file entry {where}: forts or town do not match the map")
            self.site_anchorage.append(harbour[0])
            self.site_harbour.append(harbour)  # type: ignore[arg-type]
            self.site_forts.append(forts)
            self.site_towns.append(towns)
            for h in harbour:
                self.harbour_site[h] = k
        self.site_out = [s.out for s in c.sites]
        self.free_ports = tuple(
            FreePort(i, tuple(n for n in self.neighbours[i][1:] if n != NO_HEX and self.sea[n]))
            for i in self.hexes
            if self.marks[i] == "P"
        )
        self.free_port_at = [NO_HEX] * size  # the free port an anchorage hex belongs to
        for k, port in enumerate(self.free_ports):
            for h in port.anchorages:
                self.free_port_at[h] = k
        island = [i for i in self.hexes if self.marks[i] == "I"]
        self.island_anchorages = tuple(
            sorted(
                {n for i in island for n in self.neighbours[i][1:] if n != NO_HEX and self.sea[n]}
            )
        )
        self.at_island = [False] * size
        for h in self.island_anchorages:
            self.at_island[h] = True
        #: PW-6.8: free-port anchorages and all harbour hexes.
        self.port_hex = [
            self.free_port_at[i] != NO_HEX or self.harbour_site[i] != NO_HEX for i in range(size)
        ]
        self.rocks = tuple(i for i in self.hexes if self.marks[i] == "R")

    # -- coordinates ---------------------------------------------------------------

    @staticmethod
    def index(col: int, row: int) -> int:
        return row * WIDTH + col

    @staticmethod
    def col_row(index: int) -> tuple[int, int]:
        return index % WIDTH, index // WIDTH

    def is_hex(self, col: int, row: int) -> bool:
        return 0 <= row < ROWS and 0 <= col < (WIDTH if row % 2 == 0 else WIDTH - 1)

    def _step(self, i: int, side: int) -> int:
        q, r = self.axial[i]
        dq, dr = STEPS[side]
        col, row = from_axial(q + dq, r + dr)
        return self.index(col, row) if self.is_hex(col, row) else NO_HEX

    def neighbour(self, i: int, side: int) -> int:
        """The hex beyond side ``side`` of hex ``i``, or ``NO_HEX`` off the board."""
        return self.neighbours[i][side]

    def offset(self, frm: int, to: int) -> tuple[int, int]:
        (q1, r1), (q2, r2) = self.axial[frm], self.axial[to]
        return q2 - q1, r2 - r1

    def distance(self, a: int, b: int) -> int:
        """PW-6.9, written out: the rules ask it thousands of times a game."""
        (q1, r1), (q2, r2) = self.axial[a], self.axial[b]
        dq, dr = q2 - q1, r2 - r1
        return max(abs(dq), abs(dr), abs(dq + dr))

    def name(self, i: int) -> str:
        col, row = self.col_row(i)
        return f"({col},{row})"

    # -- what a hex is -------------------------------------------------------------

    def enterable(self, i: int) -> bool:
        """Sea or harbour (PW-6.3); ``NO_HEX`` (off the board) is not."""
        return i != NO_HEX and self.sea[i]

    def in_arc(self, frm: int, facing: int, to: int, arc: str) -> bool:
        a, b = self.offset(frm, to)
        return in_arc(arc, a, b, facing)

    def line_of_fire(self, frm: int, to: int) -> bool:
        """PW-5.4 (house): weapons fire over land, islands, rocks and ships, so every
        line of fire and sight is open; kept as a function so a variant can change it."""
        return frm != to

    def forts_within(self, site: int, i: int, reach: int) -> list[int]:
        """The indices (0 or 1, in fire order) of ``site``'s forts within ``reach``."""
        return [k for k, f in enumerate(self.site_forts[site]) if self.distance(f, i) <= reach]

    def at_any_port(self, i: int) -> bool:
        """Anchored at a free port or on a home-port anchorage (PW-14.1, PW-14.8)."""
        return self.free_port_at[i] != NO_HEX or i in self.site_anchorage
