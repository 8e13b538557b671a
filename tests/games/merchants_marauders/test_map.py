"""The map, MM-D.1, and NPC steering, MM-4.3."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.components import DIRECTIONS, Components
from quarterdeck.games.merchants_marauders.map import SeaMap


def test_mm_d1_thirty_four_links_symmetric_and_connected(sea: SeaMap) -> None:
    assert len(sea) == 17
    assert sum(len(n) for n in sea.neighbours) == 2 * 34
    assert sea.is_symmetric() and sea.is_connected()
    assert sea.diameter() == 5


def test_mm_d1_directions_are_opposite_both_ways(sea: SeaMap) -> None:
    for zone, row in enumerate(sea.by_direction):
        for d, nb in enumerate(row):
            if nb is not None:
                assert sea.by_direction[nb][(d + 4) % 8] == zone, (sea.names[zone], DIRECTIONS[d])


def test_mm_d1_every_port_lies_in_its_own_zone_with_its_nation(
    components: Components, sea: SeaMap
) -> None:
    assert sum(sea.has_port) == 16
    for zone in components.ports:
        assert sea.nations[zone] is not None
    assert not sea.has_port[components.zone_index("Caribbean Sea")]


def test_mm_d1_geography(components: Components, sea: SeaMap) -> None:
    z = components.zone_index
    assert sea.by_direction[z("Havana")][DIRECTIONS.index("NE")] == z("Nassau")
    assert sea.by_direction[z("Basse-Terre")][DIRECTIONS.index("S")] == z("Trinidad")
    assert sea.by_direction[z("Port Royal")][DIRECTIONS.index("S")] == z("Old Providence")


def test_mm_4_3_every_direction_from_every_zone_leads_to_a_neighbour(sea: SeaMap) -> None:
    for zone in range(len(sea)):
        for d in range(8):
            assert sea.adjacent(zone, sea.step(zone, d))
