"""PW-10 movement and PW-11 ramming, with Appendix C 2-6 and 11."""

from __future__ import annotations

import pytest

from quarterdeck.engine import IllegalActionError
from quarterdeck.games.pirate_war import movement
from quarterdeck.games.pirate_war import phases as ph

from .conftest import (
    BRETTONIAN,
    CHAOS,
    DWARVES,
    ELVES,
    EMPIRE,
    ORCS,
    away,
    make,
    put,
    script,
    texts,
)


def begin(state, seat, mode):  # type: ignore[no-untyped-def]
    movement.begin(state, seat, mode)
    state.touched()


def test_c2_turning_into_the_wind_stops_the_ship_under_sail() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 1)
    s.table.wind = 1  # upwind is 4
    put(s, 0, 9, 12, 5)
    begin(s, 0, ph.SAIL)
    s.apply("forward")  # to (8,11)
    s.apply("turn counter-clockwise")  # 5 -> 4: free, and movement ends
    assert s.table.facing[0] == 4 and s.table.mp == 5
    assert s.table.pending[-1].kind == ph.WIND  # the movement decision is gone
    # Next turn, still facing upwind: a free turn at once, then the full 6 MP.
    begin(s, 0, ph.SAIL)
    assert "forward" not in texts(s)  # PW-10.6: no forward move while facing upwind
    assert {"turn clockwise", "turn counter-clockwise"} <= set(texts(s))
    s.apply("turn clockwise")
    assert s.table.facing[0] == 5 and s.table.mp == 6
    for _ in range(6):
        s.apply("forward")
    assert s.table.mp == 0


def test_c2_elves_keep_moving_into_the_wind() -> None:
    s = make((ELVES, BRETTONIAN))
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 8, 6, 5)
    begin(s, 0, ph.SAIL)
    s.apply("forward")
    s.apply("turn counter-clockwise")
    assert s.table.facing[0] == 4
    assert "forward" in texts(s)
    s.apply("forward")
    assert s.table.mp == 7


def test_c3_downwind_run() -> None:
    s = make((BRETTONIAN, EMPIRE))
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 3, 5, 1)
    begin(s, 0, ph.SAIL)
    assert s.table.pending[-1].kind == ph.RUN
    s.apply("declare a downwind run")
    assert s.table.mp == 11
    s.apply("forward")
    assert not any("turn" in a for a in texts(s))  # no turns of any kind
    s.table.hull[0] = 6
    begin(s, 0, ph.SAIL)
    s.apply("declare a downwind run")
    assert s.table.mp == 9 // 2 + 2


def test_c4_sail_turns() -> None:
    s = make((CHAOS, EMPIRE))
    away(s, 1)
    s.table.wind = 2  # upwind 5: the ship faces 1, neither
    put(s, 0, 8, 6, 1)
    begin(s, 0, ph.SAIL)
    assert s.table.mp == 6
    with pytest.raises(IllegalActionError):
        s.apply("turn clockwise")  # a turn before any forward move
    s.apply("forward")
    s.apply("turn clockwise")
    assert s.table.mp == 5
    s.apply("turn clockwise")
    assert s.table.mp == 4
    with pytest.raises(IllegalActionError):
        s.apply("turn clockwise")


def test_c5_oars() -> None:
    s = make((ORCS, EMPIRE))
    away(s, 1)
    put(s, 0, 8, 6, 1)
    begin(s, 0, ph.OARS)
    assert s.table.mp == 4
    s.apply("back")
    s.apply("back")
    assert s.table.mp == 2
    assert "back" not in texts(s)  # at most 2 backs (seed)
    begin(s, 0, ph.OARS)
    s.apply("turn clockwise")
    s.apply("turn clockwise")
    assert s.table.mp == 2  # two turns on the spot cost 1 MP each
    begin(s, 0, ph.OARS)
    s.apply("forward")
    s.apply("turn clockwise")
    assert s.table.mp == 3  # the first turn after a forward move is free
    s.apply("turn clockwise")
    assert s.table.mp == 2
    s.apply("turn clockwise")
    assert s.table.mp == 1


def test_c6_half_hull_halves_movement() -> None:
    s = make((ELVES, EMPIRE, DWARVES))
    s.table.hull[0] = 5
    assert movement.rate(s, 0, ph.SAIL) == 4
    s.table.hull[0] = 6
    assert movement.rate(s, 0, ph.SAIL) == 9
    s.table.hull[1] = 6
    assert movement.rate(s, 1, ph.OARS) == 2
    s.table.hull[2] = 5
    assert movement.rate(s, 2, ph.STEAM) == 2


def test_pw_10_1_modes_by_race() -> None:
    s = make((EMPIRE, ELVES, DWARVES))
    assert movement.modes(s, 0) == [ph.OARS, ph.SAIL]
    assert movement.modes(s, 1) == [ph.SAIL]
    assert movement.modes(s, 2) == [ph.STEAM]


def test_pw_10_3_forward_needs_an_empty_sea_hex() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.wind = 2
    put(s, 0, 6, 4, 1)  # the rock at (7,4) is ahead
    put(s, 1, 6, 6, 1)
    begin(s, 0, ph.OARS)
    assert "forward" not in texts(s)
    put(s, 0, 5, 6, 1)  # the other ship is ahead
    begin(s, 0, ph.OARS)
    assert "forward" not in texts(s)


def test_pw_10_8_dwarves_steam_ignores_wind_and_cannot_back() -> None:
    s = make((DWARVES, EMPIRE))
    away(s, 1)
    s.table.wind = 4  # upwind is 1, the way it faces
    put(s, 0, 8, 6, 1)
    begin(s, 0, ph.STEAM)
    assert s.table.pending[-1].kind == ph.MOVE  # no downwind run for steam
    assert "forward" in texts(s) and "back" not in texts(s)
    s.apply("turn clockwise")  # no forward move needed; the first turn is free
    assert s.table.mp == 5
    s.apply("turn clockwise")
    s.apply("turn clockwise")
    assert s.table.mp == 3  # then 1 MP each, no limit


def test_pw_10_7_port_turns_are_free_and_at_most_five_in_a_row() -> None:
    s = make((CHAOS, EMPIRE))
    away(s, 1)
    s.table.wind = 3  # upwind is 6: the turns below never face it
    put(s, 0, 6, 1, 1)  # a free-port anchorage of (7,0)
    begin(s, 0, ph.SAIL)
    s.apply("forward")  # to (7,1), another anchorage of the same port
    for k in range(5):
        s.apply("port turn clockwise" if k % 2 == 0 else "port turn counter-clockwise")
    assert s.table.mp == 5 and s.table.facing[0] == 2
    assert s.pending().decision == ph.MOVE  # type: ignore[union-attr]
    assert "port turn clockwise" not in texts(s)  # a sixth in a row is illegal
    s.apply("turn counter-clockwise")  # an ordinary turn (the free one) is still legal
    assert s.table.mp == 5
    assert "port turn clockwise" not in texts(s)  # it does not end the row
    s.apply("forward")
    assert "port turn clockwise" not in texts(s)  # (8,1) is open sea, not a port hex


def test_c11_ram() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.wind = 3
    put(s, 0, 6, 6, 1)
    put(s, 1, 9, 6, 4)
    begin(s, 0, ph.OARS)
    s.apply("forward")
    assert "ram" not in texts(s)  # one forward move is not enough
    s.apply("forward")
    assert "ram" in texts(s)
    script(s, 2)
    s.apply("ram")
    assert s.table.hull == [11, 11]
    assert s.table.pending[-1].kind == ph.WIND  # the ram ended the movement
    s.table.hull = [12, 12]
    put(s, 0, 6, 6, 1)
    begin(s, 0, ph.OARS)
    s.apply("forward")
    s.apply("forward")
    script(s, 1)
    s.apply("ram")
    assert s.table.hull == [10, 12]


def test_c11_no_ram_after_a_turn_and_never_for_brettonians() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.wind = 3
    put(s, 0, 6, 7, 1)
    put(s, 1, 8, 5, 4)
    begin(s, 0, ph.OARS)
    s.apply("forward")  # (7,7)
    s.apply("turn counter-clockwise")  # facing 6 (NE)
    s.apply("forward")  # (8,6): the other ship is now directly ahead
    assert s.table.hex[1] == movement.ahead(s, 0)
    assert "ram" not in texts(s)  # forward, turn, forward: not 2 hexes in a line
    b = make((BRETTONIAN, EMPIRE))
    b.table.wind = 1
    put(b, 0, 6, 6, 1)
    put(b, 1, 9, 6, 4)
    begin(b, 0, ph.SAIL)
    b.apply("no downwind run")
    b.apply("forward")
    b.apply("forward")
    assert "ram" not in texts(b)


def test_pw_11_2_no_ram_against_a_ship_at_a_free_port() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.wind = 3
    put(s, 1, 8, 0, 4)  # a free-port anchorage of (7,0)
    put(s, 0, 11, 0, 4)
    begin(s, 0, ph.OARS)
    s.apply("forward")
    s.apply("forward")
    assert "ram" not in texts(s)


def test_c15_blown_off_course_stops_before_the_rock() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 5, 4, 3)
    script(s, 4)
    movement.blown_off_course(s, 0)
    assert s.board.col_row(s.table.hex[0]) == (6, 4)
    assert s.table.facing[0] == 3


def test_pw_10_6_elves_get_no_upwind_exemption_they_need_none() -> None:
    s = make((ELVES, BRETTONIAN))
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 9, 12, 4)  # facing upwind
    begin(s, 0, ph.SAIL)
    assert "forward" in texts(s)
    assert "turn clockwise" not in texts(s)  # the ordinary rule: forward before turning
