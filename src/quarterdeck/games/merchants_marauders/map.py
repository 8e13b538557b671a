"""The Caribbean map (MM-D.1): 17 sea zones, their neighbours by compass direction,
and the ports. Pure geometry over zone indices; built once per game."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .components import DIRECTIONS, Components


@dataclass(frozen=True)
class SeaMap:
    names: tuple[str, ...]
    nations: tuple[int | None, ...]
    has_port: tuple[bool, ...]
    by_direction: tuple[tuple[int | None, ...], ...]  # zone -> direction -> neighbour
    neighbours: tuple[tuple[int, ...], ...]  # zone -> sorted neighbour zones
    distances: tuple[tuple[int, ...], ...]  # moves between zones (-1: unreachable)

    @classmethod
    def build(cls, c: Components) -> SeaMap:
        by_direction = tuple(z.neighbours for z in c.zones)
        neighbours = tuple(
            tuple(sorted({n for n in z.neighbours if n is not None})) for z in c.zones
        )
        n = len(c.zones)
        distances = []
        for start in range(n):
            dist = [-1] * n
            dist[start] = 0
            queue = deque([start])
            while queue:
                at = queue.popleft()
                for nb in neighbours[at]:
                    if dist[nb] < 0:
                        dist[nb] = dist[at] + 1
                        queue.append(nb)
            distances.append(tuple(dist))
        return cls(
            tuple(z.name for z in c.zones),
            tuple(z.nation for z in c.zones),
            tuple(z.port for z in c.zones),
            by_direction,
            neighbours,
            tuple(distances),
        )

    def __len__(self) -> int:
        return len(self.names)

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def step(self, zone: int, direction: int) -> int:
        """Where an NPC moves from ``zone`` heading ``direction`` (MM-4.3): the printed
        direction if it has a neighbour, else the first one turning clockwise."""
        row = self.by_direction[zone]
        for turn in range(len(DIRECTIONS)):
            nb = row[(direction + turn) % len(DIRECTIONS)]
            if nb is not None:
                return nb
        return zone  # an isolated zone (never on the printed map)

    def within(self, zone: int) -> tuple[int, ...]:
        """The zone and its neighbours (NPC hunting range, MM-4.4)."""
        return (zone, *self.neighbours[zone])

    def is_connected(self) -> bool:
        return all(d >= 0 for row in self.distances for d in row)

    def is_symmetric(self) -> bool:
        return all(a in self.neighbours[b] for a in range(len(self)) for b in self.neighbours[a])

    def diameter(self) -> int:
        return max(max(row) for row in self.distances)
