"""tensor.py: Pirate War's observation tensor, the map as planes plus a flat part.
What a seat may know (PW-4.10) and nothing more; cells where the rules put things."""

from __future__ import annotations

import array

import numpy as np

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.map import ROWS, WIDTH
from quarterdeck.games.pirate_war.tensor import ROW, TERRAIN

from .conftest import BRETTONIAN, DWARVES, EMPIRE, make, push, put

CELLS = ROWS * WIDTH


def planes(state: PirateWarState, seat: int, field: str) -> np.ndarray:
    lay = state.game.observation_layout(state.num_players)
    f = next(f for f in lay.fields if f.name == field)
    return np.asarray(lay.split(state.observation(seat))[field]).reshape(f.shape)


def flat(state: PirateWarState, seat: int, field: str) -> list[float]:
    lay = state.game.observation_layout(state.num_players)
    return lay.split(state.observation(seat))[field]


def test_pw_6_3_terrain_planes_are_the_maps_marks() -> None:
    state = make()
    board = state.board
    terrain = planes(state, 0, "terrain")
    names = [name for name, _, _ in TERRAIN]
    rows, cols = np.nonzero(terrain[names.index("rocks")])
    rocks = {int(r) * WIDTH + int(c) for r, c in zip(rows, cols, strict=True)}
    assert rocks == set(board.rocks) and len(rocks) == 6  # PW-6.7
    sea = terrain[names.index("sea")].reshape(-1)
    assert all(sea[i] == float(board.sea[i]) for i in range(CELLS))  # PW-6.3
    island = terrain[names.index("island")].reshape(-1)
    assert int(island.sum()) == 3  # PW-6.6: three hexes in the centre
    forts = terrain[names.index("fort")].reshape(-1)
    assert {i for i in range(CELLS) if forts[i]} == {f for fs in board.site_forts for f in fs}
    # A cell that is no hex (the end of an odd row) is empty in every plane.
    assert not terrain[:, 1, WIDTH - 1].any()


def test_pw_6_10_a_ship_lights_its_plane_relative_to_the_observer_and_its_facing() -> None:
    state = make((EMPIRE, BRETTONIAN, DWARVES))
    put(state, 1, 10, 6, 4)  # seat 1 at (10, 6) facing W
    put(state, 0, 12, 9, 2)
    ships = planes(state, 0, "ships")
    assert ships[1, 6, 10] == 1.0 and ships[1].sum() == 1.0  # seat 1 is "next" for seat 0
    assert ships[0, 9, 12] == 1.0
    # Seen from seat 1, its own ship is plane 0, and seat 0's the last plane.
    mine = planes(state, 1, "ships")
    assert mine[0, 6, 10] == 1.0 and mine[2, 9, 12] == 1.0
    facing = planes(state, 0, "facing")
    assert facing[4 - 1, 6, 10] == 1.0 and facing[:, 6, 10].sum() == 1.0
    assert facing[2 - 1, 9, 12] == 1.0
    assert facing.sum() == 3.0  # one arrow a ship


def test_pw_2_4_home_ports_and_races_by_captain() -> None:
    state = make((EMPIRE, DWARVES))
    homes = planes(state, 0, "home_ports")
    site = state.table.site[0]
    anchorage = state.board.site_anchorage[site]
    assert homes[0].reshape(-1)[anchorage] == 1.0
    assert homes[1].reshape(-1)[anchorage] == 0.0
    races = planes(state, 1, "races")
    assert races[0, DWARVES] == 1.0 and races[1, EMPIRE] == 1.0  # seat 1 sees itself first


def test_pw_22_the_pending_decision_and_who_decides() -> None:
    state = make((EMPIRE, BRETTONIAN, DWARVES))
    push(state, ph.FIRE_CARD, 2, 0)  # seat 2 fires at seat 0
    decision = flat(state, 0, "decision")
    assert decision[ph.DECISION_KINDS.index(ph.FIRE_CARD)] == 1.0 and sum(decision) == 1.0
    assert flat(state, 0, "deciding") == [0.0, 0.0, 1.0]
    assert flat(state, 2, "deciding") == [1.0, 0.0, 0.0]
    assert flat(state, 0, "decision_seats") == [1.0, 0.0, 0.0]  # the target: me
    assert flat(state, 2, "decision_seats") == [0.0, 1.0, 0.0]


def test_pw_4_10_my_hand_is_told_and_the_others_only_as_counts() -> None:
    state = make((EMPIRE, BRETTONIAN))
    t = state.table
    t.hands[0] = [t.deck.draw_pile.pop(), t.deck.draw_pile.pop()]
    t.hands[1] = [t.deck.draw_pile.pop()]
    state.touched()
    hand = flat(state, 0, "my_hand")
    assert [i + 1 for i, x in enumerate(hand) if x] == sorted(t.hands[0])
    assert flat(state, 1, "my_hand")[t.hands[1][0] - 1] == 1.0
    assert sum(flat(state, 1, "my_hand")) == 1.0
    rows = planes(state, 0, "captains")
    held = ROW.index("cards held / 16 (at most 1)")
    assert rows[0, held] == 2 / 16 and rows[1, held] == 1 / 16


def random_states(players: int, seed: int, every: int = 7) -> list[PirateWarState]:
    state = PirateWar(round_limit=5).new_state(players, seed)
    assert isinstance(state, PirateWarState)
    chooser = Rng.from_seed(seed)
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            out.append(state.clone())
        state.apply(chooser.choice(state.legal_actions()))
    return [*out, state]


def test_pw_4_10_resampling_what_a_seat_cannot_see_leaves_its_tensor_unchanged() -> None:
    """Other hands and the deck's order are redrawn (``resample``): the tensor stays."""
    changed = 0
    for players, seed in ((2, 3), (4, 4)):
        for state in random_states(players, seed):
            for seat in range(players):
                mine = state.observation(seat)
                world = state.resample(seat, Rng.from_seed(len(state.history) + seat))
                assert isinstance(world, PirateWarState)
                assert world.observation(seat) == mine
                others = [sorted(h) for s, h in enumerate(world.table.hands) if s != seat]
                before = [sorted(h) for s, h in enumerate(state.table.hands) if s != seat]
                changed += others != before
    assert changed > 0  # hidden hands really were redrawn


def test_pw_the_shape_is_stable_and_every_number_in_range() -> None:
    game = PirateWar(round_limit=5)
    for players in range(game.min_players, game.max_players + 1):
        lay = game.observation_layout(players)
        # 8 terrain planes, home ports and ships by captain, 6 facings; then the flat
        # part: 131 numbers plus 34 a captain (with the publisher's 42 cards, 6 races).
        assert lay.size == (8 + 2 * players + 6) * CELLS + 131 + 34 * players
        assert [f.name for f in lay.fields][:4] == ["terrain", "home_ports", "ships", "facing"]
        assert lay.fields[2].shape == (players, ROWS, WIDTH)
    for state in random_states(3, 9, every=11):
        lay = game.observation_layout(3)
        vector = state.observation(1)
        assert len(vector) == lay.size
        assert all(0.0 <= x <= 1.0 for x in vector)


def test_pw_every_buffer_gets_the_same_numbers() -> None:
    """A list, an array of floats and NumPy arrays of both widths (the adapters' buffers)
    receive the same observation: the terrain is copied in one go into arrays."""
    for state in random_states(3, 5, every=40):
        lay = state.game.observation_layout(3)
        listed = state.observation(2)
        floats = array.array("f", bytes(4 * lay.size))
        state.write_observation(2, floats)
        doubles = np.zeros(lay.size)
        state.write_observation(2, doubles)
        singles = np.zeros(lay.size, np.float32)
        state.write_observation(2, singles)
        assert np.allclose(np.frombuffer(floats, np.float32), listed)
        assert np.allclose(doubles, listed) and np.allclose(singles, listed)
