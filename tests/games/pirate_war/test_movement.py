"""PW-10 movement and PW-11 ramming (Appendix C 2-6 and 11: test_appendix_c.py)."""

from __future__ import annotations

from quarterdeck.games.pirate_war import PirateWarState, movement
from quarterdeck.games.pirate_war import phases as ph

from .conftest import (
    BRETTONIAN,
    CHAOS,
    DWARVES,
    ELVES,
    EMPIRE,
    away,
    make,
    put,
    texts,
)


def begin(state: PirateWarState, seat: int, mode: int) -> None:
    movement.begin(state, seat, mode)
    state.touched()


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


def test_pw_11_2_no_ram_against_a_ship_at_a_free_port() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.wind = 3
    put(s, 1, 8, 0, 4)  # a free-port anchorage of (7,0)
    put(s, 0, 11, 0, 4)
    begin(s, 0, ph.OARS)
    s.apply("forward")
    s.apply("forward")
    assert "ram" not in texts(s)


def test_pw_10_6_elves_get_no_upwind_exemption_they_need_none() -> None:
    s = make((ELVES, BRETTONIAN))
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 9, 12, 4)  # facing upwind
    begin(s, 0, ph.SAIL)
    assert "forward" in texts(s)
    assert "turn clockwise" not in texts(s)  # the ordinary rule: forward before turning
