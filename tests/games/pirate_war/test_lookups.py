"""The lookups made once for speed (issue 22, item 10) agree with the rules they
stand for: the board's distance (PW-6.9) and opposite sides (PW-6.2), the count of
weapons that reach a ship (PW-5, PW-12.3), the legal actions read from the decision
table by meaning (PW-22), and the game's options and data that every state keeps at
hand (PW-21)."""

from __future__ import annotations

from collections.abc import Iterator

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState, decisions
from quarterdeck.games.pirate_war.combat import reaches, reaching
from quarterdeck.games.pirate_war.map import OPPOSITE, axial_distance, opposite, turn

from .conftest import EMPIRE, FORWARD, MIDSHIPS, make, put


def random_states(game: PirateWar, players: int, seed: int) -> Iterator[PirateWarState]:
    """Every state of one random game."""
    state = game.new_state(players, seed)
    assert isinstance(state, PirateWarState)
    rng = Rng.from_seed(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def test_pw_6_9_the_boards_distance_is_the_axial_distance_of_every_pair() -> None:
    board = PirateWar().board
    for a in board.hexes:
        for b in board.hexes:
            assert board.distance(a, b) == axial_distance(*board.offset(a, b))
    assert board.distance(board.index(0, 0), board.index(3, 0)) == 3


def test_pw_6_2_the_opposite_side_is_three_sides_round() -> None:
    assert [opposite(side) for side in range(1, 7)] == [4, 5, 6, 1, 2, 3]
    assert all(OPPOSITE[side] == turn(side, 3) for side in range(7))


def test_pw_12_3_reaching_counts_each_weapon_in_range_and_arc() -> None:
    # An Empire ship (cannons, range 1-2) with two forward weapons and one midships,
    # facing east: a ship 2 hexes ahead is reached by the forward two, one on its
    # starboard beam by the midships one, one astern or 3 hexes ahead by none.
    state = make()
    assert state.table.race[0] == EMPIRE
    state.table.weapons[0] = [FORWARD, FORWARD, MIDSHIPS]
    put(state, 0, 10, 8, 1)
    put(state, 1, 12, 8, 4)
    assert reaching(state, 0, 1) == 2
    put(state, 1, 10, 9, 4)  # its south-east neighbour (an even row)
    assert reaching(state, 0, 1) == 1
    put(state, 1, 8, 8, 4)
    assert reaching(state, 0, 1) == 0
    put(state, 1, 13, 8, 4)
    assert reaching(state, 0, 1) == 0


def test_pw_12_3_reaching_agrees_with_each_weapons_reach_in_random_games() -> None:
    game = PirateWar()
    counts = set()
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        for state in random_states(game, players, seed):
            t = state.table
            if t.round == 0:
                continue
            for seat in range(players):
                for target in range(players):
                    if seat == target or min(t.hex[seat], t.hex[target]) < 0:
                        continue
                    each = sum(reaches(state, seat, m, t.hex[target]) for m in t.weapons[seat])
                    assert reaching(state, seat, target) == each
                    counts.add(each)
    assert counts >= {0, 1, 2}  # ships came within reach of one weapon and of two


def test_pw_22_legal_actions_are_the_decision_tables_options_in_id_order() -> None:
    game = PirateWar()
    space = game.action_space
    assert game.action_of == {(a.kind, a.args): a for a in space.actions}
    for state in random_states(game, 3, 4):
        if state.is_terminal():
            assert state.legal_actions() == []
            continue
        meanings = decisions.options(state)
        expected = sorted(space.get(kind, *args).id for kind, args in meanings)
        assert [a.id for a in state.legal_actions()] == expected


def test_pw_21_copies_and_redrawn_states_play_with_the_games_options_and_data() -> None:
    game = PirateWar(round_limit=2, free_port_sanctuary=False)
    state = game.new_state(3, 5)
    assert isinstance(state, PirateWarState)
    copies = [
        state.clone(),
        state.resample(0, Rng.from_seed(1)),
        game.from_json(state.to_json()),
    ]
    for other in copies:
        assert isinstance(other, PirateWarState)
        assert other.options["round_limit"] == 2
        assert other.options["free_port_sanctuary"] is False
        assert other.comp is game.components and other.board is game.board
        rng = Rng.from_seed(2)
        while not other.is_terminal():
            other.apply(rng.choice(other.legal_actions()))
        assert other.table.round == 2  # PW-17.4: the game ends after the round limit
