"""Appendix C of the house rules (test ideas with expected outcomes), cases 1-15: each
starts from a scenario (``scenario.py``) and plays on through the legal actions, with
the dice scripted after loading (conftest's ``Dice``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from quarterdeck.engine import IllegalActionError
from quarterdeck.games.pirate_war import PirateWar, PirateWarState, combat, movement
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.map import broadside_side, from_axial

from .conftest import FORWARD, MIDSHIPS, script, texts

BOW180 = 2
DOCS = Path(__file__).parents[3] / "docs/scenarios"
#: Held cards on top of the deck: a draw after the case spends no scripted die.
QUIET_DRAWS = ["Sextant", "Charts", "Spyglass"]


def load(options: dict[str, Any] | None = None, **entries: Any) -> PirateWarState:
    """The scenario ``entries`` (two seats at sea unless said otherwise)."""
    entries.setdefault("deck_top", QUIET_DRAWS)
    state = PirateWar(**(options or {})).load_scenario(entries)
    assert isinstance(state, PirateWarState)
    return state


def ship(race: str, col: int, row: int, facing: int, **more: Any) -> dict[str, Any]:
    return {"race": race, "hex": [col, row], "facing": facing, **more}


def far(race: str) -> dict[str, Any]:
    """A ship of no concern to the case, in the open sea of the south-east."""
    return ship(race, 20, 10, 1)


def decision(state: PirateWarState) -> str:
    pending = state.pending()
    assert pending is not None
    return pending.decision


# -- 1. Wind ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wind", "dice", "after"),
    [(6, (2, 2), 1), (1, (5, 5), 6), (3, (3, 4), 3), (2, (1, 1), 1)],
)
def test_appendix_c1_the_rounds_wind_roll_turns_on_doubles(
    wind: int, dice: tuple[int, int], after: int
) -> None:
    """PW-8.2: the last turn of round 1 ends, and round 2 rolls the wind."""
    s = load(
        wind=wind,
        order=[0, 1],
        turn=1,
        at="battle",
        ships=[far("Empire"), ship("Brettonian", 12, 10, 1)],
    )
    script(s, *dice, 6, 1)  # the wind, then initiative: seat 0 first
    s.apply("main action: none")
    assert s.table.round == 2 and s.table.wind == after
    roll = next(e for e in s.events if e.kind == "wind-roll")
    assert roll.data == {"dice": list(dice), "from": wind, "wind": after}
    assert decision(s) == ph.MODE and s.current_player == 0  # round 2 is under way


# -- 2. Into the wind ----------------------------------------------------------------------


def test_appendix_c2_turning_into_the_wind_stops_the_ship_under_sail() -> None:
    s = load(wind=1, turn=0, at="movement", ships=[ship("Empire", 9, 12, 5), far("Brettonian")])
    s.apply("move under sail")
    s.apply("forward")  # to (8,11)
    assert "turn counter-clockwise" in texts(s)  # legal, and free
    s.apply("turn counter-clockwise")  # 5 -> 4, upwind: movement ends
    assert s.table.facing[0] == 4 and s.table.mp == 5  # 5 MP unused
    assert decision(s) == ph.MAIN  # the movement decision is gone: the battle phase
    moved = next(e for e in s.events if e.kind == "moved")
    assert moved.data["mp"] == 6 and s.board.col_row(moved.data["hex"]) == (8, 11)


def test_appendix_c2_next_turn_facing_upwind_a_free_turn_then_the_full_6_mp() -> None:
    s = load(wind=1, turn=0, at="movement", ships=[ship("Empire", 8, 11, 4), far("Brettonian")])
    s.apply("move under sail")
    assert "forward" not in texts(s)  # PW-10.6: no forward move while facing upwind
    assert {"turn clockwise", "turn counter-clockwise"} <= set(texts(s))
    s.apply("turn clockwise")
    assert s.table.facing[0] == 5 and s.table.mp == 6
    for _ in range(6):
        s.apply("forward")
    assert s.table.mp == 0


def test_appendix_c2_elves_keep_moving_into_the_wind() -> None:
    s = load(wind=1, turn=0, at="movement", ships=[ship("Elves", 8, 6, 5), far("Brettonian")])
    assert decision(s) == ph.MOVE  # sail only: no mode to choose
    s.apply("forward")
    s.apply("turn counter-clockwise")
    assert s.table.facing[0] == 4
    assert "forward" in texts(s)
    s.apply("forward")
    assert s.table.mp == 7


# -- 3. Downwind run -----------------------------------------------------------------------


def test_appendix_c3_downwind_run_gives_2_mp_and_no_turns() -> None:
    s = load(wind=1, turn=0, at="movement", ships=[ship("Brettonian", 3, 5, 1), far("Empire")])
    assert decision(s) == ph.RUN
    s.apply("declare a downwind run")
    assert s.table.mp == 11
    s.apply("forward")
    assert not any("turn" in a for a in texts(s))  # no turns of any kind
    with pytest.raises(IllegalActionError):
        s.apply("turn clockwise")


def test_appendix_c3_downwind_run_at_half_hull() -> None:
    s = load(
        wind=1,
        turn=0,
        at="movement",
        ships=[ship("Brettonian", 3, 5, 1, hull=6), far("Empire")],
    )
    s.apply("declare a downwind run")
    assert s.table.mp == 9 // 2 + 2 == 6


# -- 4. Sail turns -------------------------------------------------------------------------


def test_appendix_c4_sail_turns() -> None:
    # Wind 2 (upwind 5): the ship faces 1, neither.
    s = load(wind=2, turn=0, at="movement", ships=[ship("Chaos", 8, 6, 1), far("Empire")])
    s.apply("move under sail")
    assert s.table.mp == 6
    with pytest.raises(IllegalActionError):
        s.apply("turn clockwise")  # a turn before any forward move
    s.apply("forward")
    assert s.table.mp == 5
    s.apply("turn clockwise")
    assert s.table.mp == 5  # free
    s.apply("turn clockwise")
    assert s.table.mp == 4
    with pytest.raises(IllegalActionError):
        s.apply("turn clockwise")  # a third turn


# -- 5. Oars -------------------------------------------------------------------------------


def oars(**more: Any) -> PirateWarState:
    s = load(turn=0, at="movement", ships=[ship("Orcs", 8, 6, 1, **more), far("Empire")])
    s.apply("move under oars")
    assert s.table.mp == 4  # full hull
    return s


def test_appendix_c5_two_backs_then_two_turns_on_the_spot() -> None:
    s = oars()
    s.apply("back")
    s.apply("back")
    assert s.table.mp == 2
    assert "back" not in texts(s)  # at most 2 backs (seed)
    with pytest.raises(IllegalActionError):
        s.apply("back")
    s.apply("turn clockwise")
    s.apply("turn clockwise")
    assert s.table.mp == 0  # 1 MP each


def test_appendix_c5_two_turns_on_the_spot_cost_1_mp_each() -> None:
    s = oars()
    s.apply("turn clockwise")
    s.apply("turn clockwise")
    assert s.table.mp == 2


def test_appendix_c5_the_first_turn_after_a_forward_move_is_free() -> None:
    s = oars()
    s.apply("forward")
    assert s.table.mp == 3
    s.apply("turn clockwise")
    assert s.table.mp == 3  # free
    s.apply("turn clockwise")
    assert s.table.mp == 2
    s.apply("turn clockwise")
    assert s.table.mp == 1


# -- 6. Half hull --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("race", "hull", "mode", "mp"),
    [
        ("Elves", 5, None, 4),  # 9 halved
        ("Elves", 6, None, 9),
        ("Empire", 6, "move under oars", 2),  # 4 halved
        ("Dwarves", 5, None, 2),  # steam 5 halved
    ],
)
def test_appendix_c6_half_hull_halves_movement(
    race: str, hull: int, mode: str | None, mp: int
) -> None:
    wind = 4  # no downwind run for a ship facing 1
    s = load(wind=wind, turn=0, at="movement", ships=[ship(race, 8, 6, 1, hull=hull), far("Chaos")])
    if mode:
        s.apply(mode)
    assert decision(s) == ph.MOVE and s.table.mp == mp
    rate = {"Elves": ph.SAIL, "Empire": ph.OARS, "Dwarves": ph.STEAM}[race]
    assert movement.rate(s, 0, rate) == mp


# -- 7. Ranges -----------------------------------------------------------------------------


def firing(firer: dict[str, Any], target: dict[str, Any], **more: Any) -> PirateWarState:
    """Seat 0's battle phase, seat 1 the target."""
    return load(turn=0, at="battle", order=[0, 1], ships=[firer, target], **more)


def test_appendix_c7_an_orc_catapult_reaches_2_and_3_not_1() -> None:
    for col, fires in ((6, False), (7, True), (8, True)):
        s = firing(ship("Orcs", 5, 6, 1), ship("Empire", col, 6, 4))
        assert combat.reaches(s, 0, FORWARD, s.table.hex[1]) is fires
        if col == 6:  # adjacent: boarding only, the catapult holds fire
            s.apply("main action: attack")
            assert texts(s) == ["hold fire"]
        else:
            s.apply("main action: attack")
            assert texts(s) == ["fire at Blue", "hold fire"]


def test_appendix_c7_an_empire_cannon_reaches_1_and_2_not_3() -> None:
    for col, fires in ((6, True), (7, True), (8, False)):
        s = firing(ship("Empire", 5, 8, 1), ship("Orcs", col, 8, 4))
        assert combat.reaches(s, 0, FORWARD, s.table.hex[1]) is fires
        assert ("main action: attack" in texts(s)) is fires  # (8,8) is 3 away: no attack
    assert s.board.distance(s.table.hex[0], s.table.hex[1]) == 3


# -- 8. Arcs -------------------------------------------------------------------------------


def at_offset(dq: int, dr: int, origin: tuple[int, int] = (10, 6)) -> tuple[int, int]:
    """The hex at axial offset (dq, dr) from ``origin`` (col, row)."""
    q, r = origin[0] - (origin[1] - (origin[1] & 1)) // 2, origin[1]
    return from_axial(q + dq, r + dr)


def reaches(race: str, mount: int, facing: int, dq: int, dr: int) -> bool:
    col, row = at_offset(dq, dr)
    mounts = ["forward", "midships", "bow-180"]
    s = firing(
        ship(race, 10, 6, facing, weapons=[mounts[mount]]),
        ship("Chaos" if race != "Chaos" else "Empire", col, row, 1),
    )
    assert s.board.offset(s.table.hex[0], s.table.hex[1]) == (dq, dr)
    reached = combat.reaches(s, 0, mount, s.table.hex[1])
    assert (combat.fire_targets(s, 0) == [1]) is reached  # the ship's own choice agrees
    return reached


def test_appendix_c8_arcs_facing_1() -> None:
    assert reaches("Empire", FORWARD, 1, 1, 1) and not reaches("Empire", FORWARD, 1, 0, 1)
    for dq, dr in ((0, 1), (-1, 2), (1, -1)):
        assert reaches("Empire", MIDSHIPS, 1, dq, dr)
    assert not reaches("Empire", MIDSHIPS, 1, 1, 0)
    assert reaches("Elves", BOW180, 1, 1, -2) and not reaches("Elves", BOW180, 1, 0, -2)


def test_appendix_c8_facing_2_rotates_the_arcs() -> None:
    assert reaches("Empire", FORWARD, 2, 0, 1)
    assert reaches("Empire", MIDSHIPS, 2, 1, 0) and not reaches("Empire", FORWARD, 2, 1, 0)
    assert broadside_side(1, 0, 2) == "port"


# -- 9. Doubles and 10. the Dwarf save --------------------------------------------------------


def volley(target: str, weapons: int, faces: tuple[int, ...], card: str = "") -> PirateWarState:
    """Seat 0 fires ``weapons`` forward cannons at ``target``'s ship 2 hexes ahead."""
    firer = "Chaos" if target == "Empire" else "Empire"
    s = firing(
        ship(firer, 5, 6, 1, weapons=["forward"] * weapons, hand=[card] if card else []),
        ship(target, 7, 6, 4),
    )
    s.apply("main action: attack")
    s.apply("fire at Blue")
    s.apply(f"play {card}" if card else "pass")
    script(s, *faces)
    s.apply(f"fire {weapons} weapon{'s' if weapons > 1 else ''}")
    return s


def saves(s: PirateWarState) -> list[int | None]:
    return next(e for e in reversed(s.events) if e.kind == "dice").data["saves"]  # type: ignore[no-any-return]


def test_appendix_c9_doubles() -> None:
    # To hit 4, 4, 5. The first 4 saves on 2 (fails: 1 damage), the second 4 gets no
    # save roll (1 damage), the 5 an ordinary one: 6 saves it.
    s = volley("Empire", 3, (4, 4, 5, 2, 6))
    assert s.table.hull[1] == 12 - 2 and saves(s) == [2, None, 6]
    s = volley("Empire", 3, (4, 4, 5, 2, 1))
    assert s.table.hull[1] == 12 - 3
    # With a Broadsides card: hits on 3+, 2 damage per unsaved hit.
    s = volley("Empire", 3, (4, 4, 5, 2, 6), card="Broadsides")
    assert s.table.hull[1] == 12 - 4 and "Broadsides" not in texts(s)
    # Two 4s both saved: each gets its save roll.
    s = volley("Empire", 2, (4, 4, 6, 6))
    assert s.table.hull[1] == 12 and saves(s) == [6, 6]


def test_appendix_c10_dwarves_save_on_5() -> None:
    s = volley("Dwarves", 1, (4, 5))
    assert s.table.hull[1] == 10 and saves(s) == [5]
    s = volley("Empire", 1, (4, 5))
    assert s.table.hull[1] == 11


# -- 11. Ram --------------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "hulls"), [(2, [11, 11]), (1, [10, 12])])
def test_appendix_c11_ram_after_2_straight_forward_moves(die: int, hulls: list[int]) -> None:
    s = load(
        wind=3,
        turn=0,
        at="movement",
        order=[0, 1],
        ships=[ship("Empire", 6, 6, 1), ship("Brettonian", 9, 6, 4)],
    )
    s.apply("move under oars")
    s.apply("forward")
    assert "ram" not in texts(s)  # one forward move is not enough
    s.apply("forward")
    assert "ram" in texts(s)
    script(s, die)
    s.apply("ram")
    assert s.table.hull == hulls
    assert decision(s) == ph.MAIN  # the ram ended the movement


def test_appendix_c11_no_ram_after_a_turn() -> None:
    s = load(
        wind=3,
        turn=0,
        at="movement",
        ships=[ship("Empire", 6, 7, 1), ship("Brettonian", 8, 5, 4)],
    )
    s.apply("move under oars")
    s.apply("forward")  # (7,7)
    s.apply("turn counter-clockwise")  # facing 6 (NE)
    s.apply("forward")  # (8,6): the other ship is now directly ahead
    assert s.table.hex[1] == movement.ahead(s, 0)
    assert "ram" not in texts(s)  # forward, turn, forward: not 2 hexes in a line
    with pytest.raises(IllegalActionError):
        s.apply("ram")


def test_appendix_c11_a_brettonian_never_rams() -> None:
    s = load(
        wind=1,
        turn=0,
        at="movement",
        ships=[ship("Brettonian", 6, 6, 1), ship("Empire", 9, 6, 4)],
    )
    s.apply("no downwind run")
    s.apply("forward")
    s.apply("forward")
    assert s.table.hex[1] == movement.ahead(s, 0)
    assert "ram" not in texts(s)


# -- 12. Overflow ---------------------------------------------------------------------------


def hurricane(die: int, **victim: Any) -> PirateWarState:
    """Seat 1 ends its turn; seat 0's turn draws Hurricane, which rolls ``die``; seat 2
    plays after it."""
    s = load(
        order=[1, 0, 2],
        turn=1,
        at="battle",
        deck_top=["Hurricane", *QUIET_DRAWS],
        ships=[ship("Empire", 12, 10, 1, **victim), far("Brettonian"), ship("Elves", 22, 12, 1)],
    )
    script(s, die)
    s.apply("main action: none")
    return s


def test_appendix_c12_overflow_after_damage() -> None:
    s = hurricane(4, treasures_aboard=5)  # 3 crew + 1 cannon + 5 treasures = 9 items
    assert s.table.hull[0] == 8
    assert decision(s) == ph.OVERFLOW and s.current_player == 0
    assert texts(s) == [
        "throw a crew overboard",
        "throw a forward weapon overboard",
        "throw a treasure overboard",
    ]
    s.apply("throw a treasure overboard")  # one item is enough: 8 items, hull 8
    assert s.table.aboard[0] == 4 and decision(s) == ph.MODE


def test_appendix_c12_throwing_the_last_crew_loses_the_ship() -> None:
    s = hurricane(1, crew=1, weapons=["forward", "forward", "midships"], hull=4)
    assert s.table.hull[0] == 3 and decision(s) == ph.OVERFLOW  # 4 items, hull 3
    s.apply("throw a crew overboard")
    assert s.table.hex[0] == -1 and s.table.weapons[0] == []
    lost = next(e for e in s.events if e.kind == ph.EV_LOST)
    assert lost.data["how"] == "no crew"  # PW-4.7, PW-19.2
    assert s.current_player == 2  # seat 0's turn is over


# -- 13. Boarding ---------------------------------------------------------------------------


def doc(name: str, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DOCS / name).read_text(encoding="utf-8"))
    data.setdefault("deck_top", QUIET_DRAWS)
    return data | changes


def test_appendix_c13_boarding_ties_roll_again_and_the_winner_takes_a_treasure() -> None:
    s = PirateWar().load_scenario(doc("pirate-war-boarding.json"))
    assert isinstance(s, PirateWarState)
    s.apply("main action: attack")
    s.apply("hold fire")
    s.apply("board Blue")
    assert decision(s) == ph.BOARD_CARD
    s.apply("play Cutlass")
    assert s.current_player == 1
    script(s, 2, 4, 5, 1)  # 2+3+1 = 6 vs 4+2 = 6: again; 5+3+1 = 9 vs 1+2 = 3
    s.apply("pass")
    rolls = [e.data["totals"] for e in s.events if e.kind == "boarding-roll"]
    assert rolls == [[6, 6], [9, 3]]
    assert s.current_player == 0 and texts(s) == ["take a treasure", "take gold"]
    s.apply("take a treasure")
    assert s.table.aboard == [1, 0] and s.table.crew == [3, 1]  # the defender loses 1 crew


def test_appendix_c13_without_a_treasure_the_winner_takes_gold_and_a_defender_may_win() -> None:
    s = firing(
        ship("Empire", 5, 6, 1, crew=2, gold=15),
        ship("Brettonian", 6, 6, 4, crew=3, gold=4),
    )
    s.apply("main action: attack")
    s.apply("hold fire")
    s.apply("board Blue")
    s.apply("pass")
    script(s, 1, 6)
    s.apply("pass")
    assert s.current_player == 1 and texts(s) == ["take gold"]  # nothing aboard to take
    s.apply("take gold")  # min(10, gold)
    assert s.table.gold == [5, 14] and s.table.crew == [1, 3]


def test_appendix_c13_orc_hooks_give_another_round_on_1_to_3() -> None:
    s = firing(ship("Orcs", 5, 6, 1, crew=4), ship("Empire", 6, 6, 4, crew=3))
    s.apply("main action: attack")
    assert texts(s) == ["hold fire"]  # a catapult cannot fire at an adjacent ship
    s.apply("hold fire")
    s.apply("board Blue")
    s.apply("pass")
    script(s, 6, 1, 2)  # the Orcs win; then the hook roll 2: another round
    s.apply("pass")
    s.apply("take gold")
    assert s.table.crew == [4, 2]
    assert [e.data["die"] for e in s.events if e.kind == "hooks"] == [2]
    assert decision(s) == ph.BOARD_CARD and s.current_player == 0  # the Orcs attack again
    s.apply("pass")
    script(s, 1, 6, 5)  # the Empire ship wins this round; hook roll 5 ends it
    s.apply("pass")
    assert s.current_player == 1
    s.apply("take gold")
    assert s.table.crew == [3, 2]
    assert decision(s) == ph.MODE and s.current_player == 1  # on to seat 1's turn


# -- 14. Plunder ----------------------------------------------------------------------------


def test_appendix_c14_plunder_forts_fire_first_then_the_table() -> None:
    s = PirateWar().load_scenario(doc("pirate-war-plunder.json"))
    assert isinstance(s, PirateWarState)
    a, b, site = 0, 1, 2  # B's home port is site 3
    assert "main action: plunder" in texts(s)
    # Fort 1: to hit 1, 1 (misses); fort 2: 6, 1, the save 1 fails; plunder die 5.
    script(s, 1, 1, 6, 1, 1, 5)
    s.apply("main action: plunder")
    kinds = [e.kind for e in s.events]
    assert kinds.count("fort-fires") == 2  # both forts, 2 dice each
    assert [len(e.data["to_hit"]) for e in s.events if e.kind == "dice"] == [2, 2]
    assert kinds.index("fort-fires") < kinds.index("plunder")
    assert s.table.hull[a] == 11
    assert s.table.store[b] == 0 and s.table.aboard[a] == 2  # the store's one, then the bank
    assert s.table.hostile[a] == [[site, 1]]
    # No services after a plunder, but the decision is still asked at a port.
    assert texts(s) == ["done"]
    s.apply("done")
    # End of this turn: no fort fire (hostile this turn), still in range: stays hostile.
    assert s.table.hull[a] == 11 and s.table.hostile[a] == [[site, 0]]
    assert [e.kind for e in s.events].count("fort-fires") == 2
    assert s.current_player == b  # on to B's turn


def test_appendix_c14_at_the_end_of_the_next_turn_the_forts_in_range_fire_again() -> None:
    s = PirateWar().load_scenario(doc("pirate-war-plunder.json", ships=[
        ship("Empire", 25, 8, 4, home_port=6, hostile_to=[3]),
        ship("Brettonian", 20, 8, 4, home_port=3),
    ]))  # fmt: skip
    assert isinstance(s, PirateWarState)
    s.apply("main action: none")
    script(s, 1, 1, 1, 1)  # each fort within 2 hexes: 2 dice, both miss
    s.apply("done")
    fired = [e.data["fort"] for e in s.events if e.kind == "fort-fires"]
    assert fired == [0, 1] and s.table.hostile[0] == [[2, 0]]  # still in range


def test_appendix_c14_out_of_range_of_both_forts_hostility_ends() -> None:
    s = PirateWar().load_scenario(doc("pirate-war-plunder.json", ships=[
        ship("Empire", 18, 8, 4, home_port=6, hostile_to=[3]),
        ship("Brettonian", 20, 8, 4, home_port=3),
    ]))  # fmt: skip
    assert isinstance(s, PirateWarState)
    assert s.board.forts_within(2, s.table.hex[0], 2) == []
    s.apply("main action: none")  # no die: no fort fires
    assert s.table.hostile[0] == []
    assert "fort-fires" not in [e.kind for e in s.events]
    assert [e.data["site"] for e in s.events if e.kind == "hostility-ends"] == [3]


def test_appendix_c14_a_ship_sunk_by_the_forts_rolls_no_table() -> None:
    data = doc("pirate-war-plunder.json")
    data["ships"][0]["hull"] = 4  # 3 crew and a cannon: full
    s = PirateWar().load_scenario(data)
    assert isinstance(s, PirateWarState)
    # Fort 1: 6 and 5 hit, both saves 1 fail (hull 2); fort 2: 6, 6, the first save 1
    # fails and the double gets none (hull 0).
    script(s, 6, 5, 1, 1, 6, 6, 1)
    s.apply("main action: plunder")
    assert s.table.hex[0] == -1
    assert "plunder" not in [e.kind for e in s.events] and s.table.store[1] == 1


# -- 15. Victory and safety -------------------------------------------------------------------


def test_appendix_c15_the_seventh_stored_treasure_wins_at_once() -> None:
    s = load(
        turn=0,
        at="battle",
        ships=[{"race": "Empire", "store": 6, "treasures_aboard": 1}, far("Brettonian")],
    )
    assert s.board.col_row(s.table.hex[0]) == (1, 8)  # its own anchorage (site 6)
    s.apply("main action: none")
    assert "store a treasure" in texts(s)
    s.apply("store a treasure")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.table.store[0] == 7
    end = next(e for e in s.events if e.kind == "game-end")
    assert end.data["winners"] == [0] and end.data["why"] == "treasures"


def test_appendix_c15_a_ship_at_a_free_port_is_no_target() -> None:
    anchored = ship("Brettonian", 7, 1, 1)  # an anchorage of free port (7,0)
    s = firing(ship("Empire", 9, 2, 4), anchored)  # in range: distance 2
    assert s.board.distance(s.table.hex[0], s.table.hex[1]) == 2
    assert combat.fire_targets(s, 0) == [] and "main action: attack" not in texts(s)
    s = firing(ship("Empire", 8, 2, 4), anchored)  # adjacent
    assert combat.boarding_targets(s, 0) == [] and "main action: attack" not in texts(s)
    # Nor rammed: two straight forward moves end facing it.
    s = load(wind=3, turn=0, at="movement", ships=[ship("Empire", 10, 1, 4), anchored])
    s.apply("move under oars")
    s.apply("forward")
    s.apply("forward")
    assert s.table.hex[1] == movement.ahead(s, 0) and "ram" not in texts(s)
    # With the sanctuary off (PW-14.2, house option) the same ship may be boarded.
    off = {"free_port_sanctuary": "off"}
    s = load(off, turn=0, at="battle", ships=[ship("Empire", 8, 2, 4), anchored])
    assert combat.boarding_targets(s, 0) == [1] and "main action: attack" in texts(s)


def test_appendix_c15_blown_off_course_stops_before_the_rock() -> None:
    s = load(
        wind=1,
        order=[1, 0],
        turn=1,
        at="battle",
        deck_top=["Blown off course", *QUIET_DRAWS],
        ships=[ship("Empire", 5, 4, 3), far("Brettonian")],
    )
    script(s, 4)
    s.apply("main action: none")  # seat 0's turn: it draws Blown off course, rolls 4
    assert s.board.col_row(s.table.hex[0]) == (6, 4)  # before the rock at (7,4)
    assert s.table.facing[0] == 3
    blown = next(e for e in s.events if e.kind == "blown")
    assert blown.data["die"] == 4 and blown.data["moved"] == 1
    assert decision(s) == ph.MODE  # then its movement phase
