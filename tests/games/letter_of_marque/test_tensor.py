"""The observation tensor of Letter of Marque: seats relative to me, my ships' bases
known, others' only once revealed."""

from __future__ import annotations

from quarterdeck.engine import get_game


def test_my_ships_are_known_and_others_only_once_revealed() -> None:
    game = get_game("letter-of-marque")
    state = game.new_state(4, 3)
    for _ in range(4):  # the preliminary turn: everybody launches a ship
        state.apply(state.legal_actions()[0])
    layout = game.observation_layout(4)
    width = len(game.components.treasure_values)  # type: ignore[attr-defined]
    for seat in range(4):
        ships = layout.split(state.observation(seat))["ships"]
        for p in range(4):
            rel = (p - seat) % 4
            ship = state.fleets[p][0]
            column = game.components.treasure_values.index(ship.treasure)  # type: ignore[attr-defined]
            row = ships[(rel * width + column) * 7 : (rel * width + column) * 7 + 7]
            assert row[:2] == [1.0, 1.0]  # sailed, at sea
            known = [float(ship.armed), float(not ship.armed)] if p == seat else [0.0, 0.0]
            assert row[5:7] == known


def test_the_reserve_is_a_count_and_my_armed_ships_are_mine_to_know() -> None:
    game = get_game("letter-of-marque")
    state = game.new_state(3, 1)
    state.apply(state.legal_actions()[0])  # seat 0 launches an armed ship
    layout = game.observation_layout(3)
    mine = layout.split(state.observation(0))
    theirs = layout.split(state.observation(1))
    assert mine["reserve_armed"] == [state.reserves[0][0] / 2]
    assert theirs["reserve"][2] == mine["reserve"][0] == 4 / 5  # seat 0 is two after seat 1
    assert mine["deciding"] == [0.0, 1.0, 0.0] and theirs["deciding"] == [1.0, 0.0, 0.0]
