"""PW-5.3, PW-6 and Appendix A: the map and its geometry."""

from __future__ import annotations

import json
from collections import deque
from importlib import resources

import pytest

from quarterdeck.games.pirate_war.components import parse_components
from quarterdeck.games.pirate_war.map import (
    NO_HEX,
    Board,
    axial_distance,
    from_axial,
    in_arc,
    opposite,
    to_axial,
    turn,
)


@pytest.fixture(scope="module")
def board() -> Board:
    text = (
        resources.files("quarterdeck.games.pirate_war.data")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    return Board(parse_components(json.loads(text)))


def at(board: Board, col: int, row: int) -> int:
    return board.index(col, row)


def test_pw_6_1_grid_has_451_hexes_390_sea_all_connected(board: Board) -> None:
    assert len(board.hexes) == 451
    sea = [i for i in board.hexes if board.enterable(i)]
    assert len(sea) == 390
    seen = {sea[0]}
    todo = deque([sea[0]])
    while todo:
        i = todo.popleft()
        for n in board.neighbours[i][1:]:
            if board.enterable(n) and n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == 390


def test_pw_6_1_axial_conversion_round_trips() -> None:
    for row in range(17):
        for col in range(27 if row % 2 == 0 else 26):
            assert from_axial(*to_axial(col, row)) == (col, row)
    assert to_axial(5, 3) == (4, 3)


def test_pw_6_2_sides_neighbours_and_opposites(board: Board) -> None:
    assert [turn(6, 1), turn(1, -1), opposite(2), opposite(5)] == [1, 6, 5, 2]
    # An odd row: (5,3) is pushed right; its SE neighbour is (6,4), its SW (5,4).
    i = at(board, 5, 3)
    expected = [(6, 3), (6, 4), (5, 4), (4, 3), (5, 2), (6, 2)]
    assert [board.col_row(board.neighbour(i, s)) for s in range(1, 7)] == expected
    # An even row: (5,4); NE is (5,3), NW (4,3).
    i = at(board, 5, 4)
    expected = [(6, 4), (5, 5), (4, 5), (4, 4), (4, 3), (5, 3)]
    assert [board.col_row(board.neighbour(i, s)) for s in range(1, 7)] == expected
    assert board.neighbour(at(board, 0, 0), 4) == NO_HEX  # the board's edge


def test_pw_6_3_only_sea_and_harbour_can_be_entered(board: Board) -> None:
    assert board.enterable(at(board, 4, 4))
    assert board.enterable(at(board, 6, 0))  # a free-port anchorage
    assert board.enterable(at(board, 2, 2))  # a harbour
    for col, row in ((7, 4), (12, 8), (7, 0), (1, 0), (3, 2), (0, 0)):
        assert not board.enterable(at(board, col, row))  # rock, island, port, town, fort, coast
    assert not board.enterable(NO_HEX)


def test_appendix_a2_free_ports_and_anchorages(board: Board) -> None:
    ports = {
        board.col_row(p.hex): sorted(board.col_row(h) for h in p.anchorages)
        for p in board.free_ports
    }
    assert ports == {
        (7, 0): sorted([(6, 0), (8, 0), (6, 1), (7, 1)]),
        (13, 0): sorted([(12, 0), (14, 0), (12, 1), (13, 1)]),
        (19, 0): sorted([(18, 0), (20, 0), (18, 1), (19, 1)]),
        (7, 16): sorted([(6, 16), (8, 16), (6, 15), (7, 15)]),
        (13, 16): sorted([(12, 16), (14, 16), (12, 15), (13, 15)]),
        (19, 16): sorted([(18, 16), (20, 16), (18, 15), (19, 15)]),
    }


def test_appendix_a3_home_port_sites(board: Board) -> None:
    for k in range(6):
        anchorage, inner, mouth = board.site_harbour[k]
        towns, forts, out = board.site_towns[k], board.site_forts[k], board.site_out[k]
        t1, t2 = towns
        assert board.distance(t1, t2) == 1
        assert board.distance(t1, anchorage) == board.distance(t2, anchorage) == 1
        assert board.neighbour(anchorage, out) == inner and board.neighbour(inner, out) == mouth
        for f in forts:
            assert board.distance(f, mouth) == 1
            assert board.distance(f, inner) == 1
            assert board.distance(f, anchorage) == 2
        for h in (anchorage, inner):
            for n in board.neighbours[h][1:]:
                assert board.marks[n] in "Ah123456#X"
        for h in (inner, mouth):
            assert not (board.distance(h, t1) == 1 and board.distance(h, t2) == 1)
        # PW-6.5: sailing straight out, 4 hexes beyond the anchorage is out of fort range.
        beyond = anchorage
        for _ in range(4):
            beyond = board.neighbour(beyond, out)
        assert board.forts_within(k, beyond, 2) == []


def test_appendix_a4_island_and_a5_rocks(board: Board) -> None:
    assert [board.col_row(h) for h in board.island_anchorages] == sorted(
        [(11, 7), (12, 7), (13, 7), (14, 7), (11, 8), (15, 8), (11, 9), (12, 9), (13, 9), (14, 9)],
        key=lambda cr: (cr[1], cr[0]),
    )
    assert [board.col_row(r) for r in board.rocks] == [
        (7, 4), (13, 4), (19, 4), (7, 12), (13, 12), (19, 12),
    ]  # fmt: skip


def test_pw_6_8_port_hexes_are_24_anchorages_and_18_harbour_hexes(board: Board) -> None:
    assert sum(board.port_hex) == 42


def test_pw_6_9_distance() -> None:
    assert axial_distance(2, -1) == 2
    assert axial_distance(-1, -1) == 2
    assert axial_distance(3, -3) == 3


def test_pw_5_3_forward_cone_within_two_hexes_facing_east() -> None:
    cone = {
        (a, b)
        for a in range(-2, 3)
        for b in range(-2, 3)
        if axial_distance(a, b) <= 2 and in_arc("forward", a, b, 1)
    }
    assert cone == {(1, 0), (2, 0), (1, 1), (2, -1)}


def test_pw_5_3_broadsides_at_distance_one() -> None:
    ring = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    assert [o for o in ring if in_arc("broadside", *o, 1)] == [(0, 1), (-1, 1), (0, -1), (1, -1)]


def test_appendix_c8_arcs() -> None:
    assert in_arc("forward", 1, 1, 1) and not in_arc("forward", 0, 1, 1)
    assert all(in_arc("broadside", a, b, 1) for a, b in ((0, 1), (-1, 2), (1, -1)))
    assert not in_arc("broadside", 1, 0, 1)
    assert in_arc("bow-180", 1, -2, 1) and not in_arc("bow-180", 0, -2, 1)
    # Facing 2 (SE): the rotation makes (0,1) forward and (1,0) the port broadside.
    assert in_arc("forward", 0, 1, 2)
    assert in_arc("broadside", 1, 0, 2) and not in_arc("forward", 1, 0, 2)
    from quarterdeck.games.pirate_war.map import broadside_side

    assert broadside_side(1, 0, 2) == "port"


def test_pw_5_4_nothing_blocks_a_line_of_fire(board: Board) -> None:
    # Across the island, over the rock at (7,4).
    assert board.line_of_fire(at(board, 11, 8), at(board, 15, 8))
    assert board.line_of_fire(at(board, 6, 4), at(board, 8, 4))
