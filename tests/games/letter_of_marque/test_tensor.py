"""The observation tensor of Letter of Marque, checked against the rules: seats told
relative to the observer, my own ships' bases told exactly, the others' only once an
attack reveals them, nothing that ``resample`` may redraw for the seat."""

from __future__ import annotations

import array
import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quarterdeck.engine import OptionError, Rng, State
from quarterdeck.games.letter_of_marque import LetterOfMarque, LetterOfMarqueState, tensor
from quarterdeck.games.letter_of_marque import phases as rules

from ...contract.helpers import checkpoints, docstring, playout
from .conftest import BLUE, RED, YELLOW, opening

seeds = st.integers(0, 2**32)
player_counts = st.integers(3, 6)
#: The documented size of the vector per number of players (9 + 44n + 6n²).
SIZES = {3: 195, 4: 281, 5: 379, 6: 489}
WIDTH = len(tensor.SHIP_COLUMNS)  # at sea, arrived, captured, revealed, armed, defenceless
GAME = LetterOfMarque()


def observe(state: State, seat: int) -> dict[str, list[float]]:
    return state.game.observation_layout(state.num_players).split(state.observation(seat))


def ship_row(seen: dict[str, list[float]], row: int, column: int) -> list[float]:
    """The ``ships`` numbers of the ship on the ``column``-th treasure of relative ``row``."""
    at = (row * 5 + column) * WIDTH
    return seen["ships"][at : at + WIDTH]


def lom(state: State) -> LetterOfMarqueState:
    assert isinstance(state, LetterOfMarqueState)
    return state


def random_positions(
    players: int, seed: int, choice_seed: int, n: int
) -> list[LetterOfMarqueState]:
    return [lom(s) for s in checkpoints(GAME, players, seed, choice_seed, n)]


# -- The layout ------------------------------------------------------------------------------


def test_layout_has_unique_names_and_the_documented_size_for_every_player_count(
    game: LetterOfMarque,
) -> None:
    for players, size in SIZES.items():
        layout = game.observation_layout(players)
        names = [f.name for f in layout.fields]
        assert len(set(names)) == len(names)
        assert layout.size == size == 9 + 44 * players + 6 * players**2
        assert layout.size == sum(f.size for f in layout.fields)
        assert all(f.help.strip() and f.high == 1.0 for f in layout.fields)
        assert str(size) in docstring(tensor)
        assert game.observation_layout(players) is layout  # made once per player count


def test_the_tensors_words_are_the_rules_words() -> None:
    assert [p for p, _ in tensor.PHASES] == [
        rules.PRELIMINARY,
        rules.LAUNCH,
        rules.TURN,
        rules.OVER,
    ]
    assert tensor.STATUSES == (rules.AT_SEA, rules.ARRIVED, rules.CAPTURED)  # type: ignore[attr-defined]
    spec = next(o for o in LetterOfMarque.option_specs if o.name == "cannon_tiebreak")
    assert spec.choices == tensor.TIEBREAKS  # type: ignore[attr-defined]


def test_every_kind_of_buffer_gets_the_same_numbers(game: LetterOfMarque) -> None:
    """A list, NumPy arrays of float32 and float64 and an ``array.array`` all work."""
    for state in random_positions(4, 7, 8, 10):
        size = game.observation_layout(4).size
        listed = state.observation(2)
        single = np.zeros(size, np.float32)
        double = np.zeros(size, np.float64)
        floats = array.array("f", bytes(4 * size))
        for out in (single, double, floats):
            state.write_observation(2, out)
        expected = np.asarray(listed, np.float32)
        for out in (single, double, floats):
            assert (np.asarray(out, np.float32) == expected).all()


# -- Every position: bounded, one phase, one decider --------------------------------------


@settings(max_examples=25)
@given(players=player_counts, seed=seeds, choice_seed=seeds)
def test_numbers_are_finite_within_0_and_1_and_the_phase_is_one_hot(
    players: int, seed: int, choice_seed: int
) -> None:
    phases = [p for p, _ in tensor.PHASES]
    for state in random_positions(players, seed, choice_seed, 15):
        for seat in range(players):
            vector = state.observation(seat)
            assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in vector)
            seen = observe(state, seat)
            assert seen["phase"] == [float(p == state.phase) for p in phases]
            assert seen["colour"] == [float(s == seat) for s in range(players)]
            if state.is_terminal():
                assert sum(seen["deciding"]) == 0
            else:
                assert seen["deciding"].index(1.0) == (state.turn_player - seat) % players
                assert sum(seen["deciding"]) == 1
            for r in range(players):
                assert sum(seen["drawn"][r * 5 : r * 5 + 5]) <= 1
                for column in range(5):
                    ship = ship_row(seen, r, column)
                    assert sum(ship[:3]) <= 1  # at sea, arrived or captured
                    assert sum(ship[4:]) <= 1  # armed or defenceless


@settings(max_examples=20)
@given(players=player_counts, seed=seeds, choice_seed=seeds)
def test_seats_are_told_relative_to_the_observer_me_first_then_in_turn_order(
    players: int, seed: int, choice_seed: int
) -> None:
    """Play goes clockwise (seat order): row r is the player r seats after me."""
    best = sum(GAME.components.treasure_values) * players + 3 * (players - 1)
    for state in random_positions(players, seed, choice_seed, 8):
        points = state.points()
        for seat in range(players):
            seen = observe(state, seat)
            for r in range(players):
                p = (seat + r) % players
                assert seen["reserve"][r] == pytest.approx(sum(state.reserves[p]) / 5)
                assert seen["cannons"][r] == pytest.approx(state.cannons[p] / 3)
                assert seen["cannons_removed"][r] == pytest.approx(state.removed_cannons[p] / 3)
                assert seen["points"][r] == pytest.approx(points[p] / best)
                assert seen["deck"][r] == pytest.approx(len(state.decks[p]) / 5)
                for owner, value in state.treasure_piles[p]:
                    at = (r * players + (owner - seat) % players) * 5 + value - 3
                    assert seen["treasure_pile"][at] == 1.0
                for attacker in set(state.cannon_piles[p]):
                    at = r * players + (attacker - seat) % players
                    count = state.cannon_piles[p].count(attacker)
                    assert seen["cannon_pile"][at] == pytest.approx(count / 3)
            assert sum(seen["treasure_pile"]) == sum(len(p) for p in state.treasure_piles)
            if state.first_player is None:
                assert sum(seen["first_player"]) == 0
            else:
                assert seen["first_player"].index(1.0) == (state.first_player - seat) % players


def test_a_seats_row_moves_with_the_observer(game: LetterOfMarque) -> None:
    state = game.new_state(3, 1)
    state.apply(state.legal_actions()[0])  # Red chooses a ship in the preliminary turn
    red, blue = observe(state, RED), observe(state, BLUE)
    assert red["reserve"] == pytest.approx([4 / 5, 1.0, 1.0])
    assert blue["reserve"] == pytest.approx([1.0, 1.0, 4 / 5])  # Red sails two seats after Blue
    assert red["deciding"] == [0.0, 1.0, 0.0] and blue["deciding"] == [1.0, 0.0, 0.0]


# -- Hidden information ----------------------------------------------------------------------


@settings(max_examples=30)
@given(players=player_counts, seed=seeds, choice_seed=seeds, rng_seed=seeds)
def test_resampling_what_a_seat_cannot_know_leaves_its_tensor_unchanged(
    players: int, seed: int, choice_seed: int, rng_seed: int
) -> None:
    """The key leak test. Hidden: every deck's order (from everybody) and which of the
    others' unrevealed ships, at sea, arrived or in reserve, are armed. ``resample``
    redraws exactly these; the seat's tensor must not move."""
    rng = Rng.from_seed(rng_seed)
    for state in random_positions(players, seed, choice_seed, 12):
        for seat in range(players):
            seen = state.observation(seat)
            for _ in range(3):
                assert state.resample(seat, rng).observation(seat) == seen


def test_resampling_does_redraw_the_hidden_bases_the_tensor_leaves_out() -> None:
    """The leak test above means something: resampling changes the others' hidden
    bases (and reserves) in most positions, and the tensor still does not move."""
    redrawn = 0
    rng = Rng.from_seed(5)
    for players in (3, 6):
        for state in random_positions(players, 11, 12, 20):
            for seat in range(players):
                seen = state.observation(seat)
                other = lom(state.resample(seat, rng))
                assert other.observation(seat) == seen
                hidden = [
                    (p, i)
                    for p in range(players)
                    if p != seat
                    for i, ship in enumerate(state.fleets[p])
                    if not ship.revealed
                ]
                redrawn += any(
                    other.fleets[p][i].armed != state.fleets[p][i].armed for p, i in hidden
                ) or any(other.reserves[p] != state.reserves[p] for p in range(players))
                # My own bases are never redrawn for me.
                assert [s.armed for s in other.fleets[seat]] == [
                    s.armed for s in state.fleets[seat]
                ]
    assert redrawn > 50


@settings(max_examples=20)
@given(players=player_counts, seed=seeds, choice_seed=seeds)
def test_my_ships_bases_are_told_exactly_and_the_others_only_once_revealed(
    players: int, seed: int, choice_seed: int
) -> None:
    """Rule (Your fleet): only you know which of your ships are armed. Rule (Attack):
    the attacked ship is revealed. Rule (A ship arrives): it leaves unrevealed."""
    for state in random_positions(players, seed, choice_seed, 15):
        for seat in range(players):
            seen = observe(state, seat)
            armed_left = state.reserves[seat][0]
            assert seen["reserve_armed"] == pytest.approx([armed_left / 2])
            for p in range(players):
                r = (p - seat) % players
                for ship in state.fleets[p]:
                    row = ship_row(seen, r, ship.treasure - 3)
                    status = tensor.STATUSES.index(ship.status)  # type: ignore[attr-defined]
                    assert row[:3] == [float(k == status) for k in range(3)]
                    assert row[3] == float(ship.revealed)
                    if p == seat or ship.revealed:
                        assert row[4:] == [float(ship.armed), float(not ship.armed)]
                    else:
                        assert row[4:] == [0.0, 0.0]


def test_the_attacked_ship_is_revealed_to_everybody(game: LetterOfMarque) -> None:
    """Rule (Attack): a defenceless ship is captured, its treasure goes to the attacker's
    score pile and the cannon card leaves the game; an armed ship repels the attack,
    stays at sea known to be armed, and its owner keeps the cannon card (1 point)."""
    state = opening(game, drawn=[3, 4, 5], armed=[True, False, True])
    assert state.turn_player == RED  # the lowest treasure at sea goes first
    before = observe(state, YELLOW)
    assert ship_row(before, 2, 1)[3:] == [0.0, 0.0, 0.0]  # Blue's ship on 4: unknown
    state.apply("attack Blue's ship on treasure 4")
    seen = observe(state, YELLOW)  # Yellow: me; Red: row 1; Blue: row 2
    assert ship_row(seen, 2, 1) == [0.0, 0.0, 1.0, 1.0, 0.0, 1.0]  # captured, defenceless
    assert seen["treasure_pile"][(1 * 3 + 2) * 5 + 1] == 1.0  # Red holds Blue's 4
    assert seen["cannons"][1] == pytest.approx(2 / 3)
    assert seen["cannons_removed"][1] == pytest.approx(1 / 3)
    assert seen["points"][1] > 0 and seen["points"][2] == 0
    assert seen["deciding"] == [0.0, 0.0, 1.0]  # Blue's turn
    state.apply("attack Yellow's ship on treasure 5")
    seen = observe(state, RED)  # Red: me; Blue: row 1; Yellow: row 2
    assert ship_row(seen, 2, 2) == [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]  # at sea, revealed armed
    assert seen["cannon_pile"][2 * 3 + 1] == pytest.approx(1 / 3)  # Yellow keeps Blue's card
    assert seen["cannons"][1] == pytest.approx(2 / 3) and seen["cannons_removed"][1] == 0


def test_an_arrived_ship_leaves_unrevealed(game: LetterOfMarque) -> None:
    """Rule (A ship arrives): its treasure is scored, the ship is not revealed."""
    state = opening(game, drawn=[3, 4, 5], armed=[True, False, True])
    state.apply("your ship on treasure 3 arrives")  # Red's armed ship comes home
    for seat, row in ((RED, 0), (BLUE, 2), (YELLOW, 1)):
        ship = ship_row(observe(state, seat), row, 0)
        assert ship[:4] == [0.0, 1.0, 0.0, 0.0]
        assert ship[4:] == ([1.0, 0.0] if seat == RED else [0.0, 0.0])


# -- Decks, the preliminary turn, the end ---------------------------------------------------


@settings(max_examples=20)
@given(players=player_counts, seed=seeds, choice_seed=seeds)
def test_the_cards_left_in_a_deck_follow_from_the_ships_and_the_treasure_turned_up(
    players: int, seed: int, choice_seed: int
) -> None:
    """As the ``deck`` field documents: a deck holds the values whose ship has not
    sailed and that are not turned up (the deck's order is known to nobody)."""
    for state in random_positions(players, seed, choice_seed, 10):
        seen = observe(state, 0)
        for p in range(players):
            r = p  # seen from seat 0
            drawn = seen["drawn"][r * 5 : r * 5 + 5]
            left = [3 + k for k in range(5) if not any(ship_row(seen, r, k)[:3]) and not drawn[k]]
            assert left == sorted(state.decks[p])
            assert seen["deck"][r] == pytest.approx(len(left) / 5)


def test_the_preliminary_turn_hides_each_choice_and_shows_the_first_player(
    game: LetterOfMarque,
) -> None:
    """Rule (Preliminary turn): everybody turns up a treasure and secretly chooses a
    ship; the lowest treasure at sea goes first."""
    state = lom(game.new_state(4, 3))
    seen = observe(state, BLUE)
    assert seen["phase"][:1] == [1.0] and sum(seen["first_player"]) == 0
    assert sum(seen["drawn"]) == 4  # every treasure turned up at once
    state.apply("launch a defenceless ship")  # Red chooses first, in secret
    column = state.fleets[RED][0].treasure - 3
    assert ship_row(observe(state, RED), 0, column) == [1.0, 0, 0, 0, 0.0, 1.0]
    assert ship_row(observe(state, BLUE), 3, column) == [1.0, 0, 0, 0, 0.0, 0.0]
    while state.phase == rules.PRELIMINARY:
        state.apply(state.legal_actions()[-1])
    seen = observe(state, BLUE)
    assert seen["phase"] == [0.0, 0.0, 1.0, 0.0]
    assert state.first_player is not None
    assert seen["first_player"].index(1.0) == (state.first_player - BLUE) % 4
    assert sum(seen["drawn"]) == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_end_of_the_game_tells_the_winners(game: LetterOfMarque, players: int) -> None:
    """Rule (End and scoring, Ties): most points, then most cannon cards, else shared."""
    *_, final = playout(game, players, players, 99)
    state = lom(final)
    assert state.is_terminal()
    winners = state.winners()
    for seat in range(players):
        seen = observe(state, seat)
        assert seen["phase"] == [0.0, 0.0, 0.0, 1.0]
        assert sum(seen["deciding"]) == 0
        assert seen["winners"] == [float((seat + r) % players in winners) for r in range(players)]
    during = observe(game.new_state(players, 1), 0)
    assert sum(during["winners"]) == 0


@pytest.mark.parametrize(("rule", "column"), [("all", 0), ("captured", 1), ("unused", 2)])
def test_the_cannon_tiebreak_option_is_told(game: LetterOfMarque, rule: str, column: int) -> None:
    state = game.new_state(3, 1, {"cannon_tiebreak": rule})
    assert observe(state, 0)["cannon_tiebreak"] == [float(k == column) for k in range(3)]


def test_a_layout_for_a_player_count_the_game_does_not_take_is_refused(
    game: LetterOfMarque,
) -> None:
    for players in (2, 7):
        with pytest.raises(OptionError):
            game.observation_layout(players)


def test_other_component_data_give_their_own_layout_and_stay_bounded(
    game: LetterOfMarque,
) -> None:
    """A data file with other treasures (four, from 1), one armed ship, no cannons."""
    raw = json.loads(json.dumps(game.raw_data))
    raw["treasures"]["values"] = [1, 2, 3, 4]
    raw["ships"].update(armed=1, defenceless=3)
    raw["cannons"]["count"] = 0
    other = LetterOfMarque(raw)
    rng = Rng.from_seed(3)
    for players in (3, 6):
        layout = other.observation_layout(players)
        t = 4
        assert layout.size == 9 + players * (9 + 7 * t) + players**2 * (t + 1)
        for state in checkpoints(other, players, 5, 6, 15):
            for seat in range(players):
                seen = state.observation(seat)
                assert all(0.0 <= v <= 1.0 for v in seen)
                assert state.resample(seat, rng).observation(seat) == seen
