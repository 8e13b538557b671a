"""``State.first_seat`` and ``State.turns_played`` for Pirate War (PW-2.2, PW-2.9,
PW-7.1, PW-20): what ``quarterdeck sim`` and balance reports read."""

from __future__ import annotations

import itertools

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState


def random_game(players: int, seed: int) -> list[PirateWarState]:
    """The states of a random game, one after every decision."""
    state = PirateWar().new_state(players, seed)
    assert isinstance(state, PirateWarState)
    rng = Rng.from_seed(seed + 100)
    states = [state.clone()]
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        states.append(state.clone())
    return states


def test_pw_2_9_first_seat_is_the_setup_rolls_winner_who_takes_the_first_turn() -> None:
    for seed in (1, 2, 3):
        states = random_game(3, seed)
        first = states[0].first_seat()
        assert first == states[0].table.setup_order[0]  # PW-2.2: settled by the setup roll
        assert states[0].current_player == first  # first to choose a race (PW-2.3)
        # ... and the first to take a turn (PW-2.9: round 1 keeps the setup order).
        turns = [e for e in states[-1].events if e.kind == "turn"]
        assert turns[0].data["seat"] == first
        assert all(s.first_seat() == first for s in states)


def test_pw_7_1_turns_played_counts_each_players_turn_and_never_falls() -> None:
    states = random_game(3, 4)
    counts = [s.turns_played() for s in states]
    assert counts[0] == 0  # setup is no turn
    # One decision may settle more than one turn (a missed turn has no decisions).
    assert all(a <= b for a, b in itertools.pairwise(counts))
    assert counts[-1] > counts[len(counts) // 2] > 0  # and they keep coming
    end = states[-1]
    assert end.turns_played() > 0
    # PW-7.1: every round each player takes a turn; extra turns (PW-20.3) add to that.
    rounds = end.table.round
    assert (rounds - 1) * 3 < end.turns_played() <= rounds * 3 * (1 + 3)
    for before, after in itertools.pairwise(states):
        if after.table.active != before.table.active and after.table.round >= 1:
            assert after.turns_played() > before.turns_played()  # a new turn began


def test_pw_20_extra_and_missed_turns_each_count_as_a_turn() -> None:
    for seed in range(1, 9):
        end = random_game(2, seed)[-1]
        starts = [e.data for e in end.events if e.kind == "turn"]
        extra = sum(1 for e in starts if e["extra"])
        regular = len(starts) - extra
        assert end.turns_played() == regular + extra
        # Regular turns: two a round (PW-7.1), the last round perhaps cut short.
        assert 2 * (end.table.round - 1) < regular <= 2 * end.table.round
