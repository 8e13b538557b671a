"""``State.first_seat`` and ``State.turns_played`` for Merchants & Marauders (MM-2.8,
MM-3.3): what ``quarterdeck sim`` and balance reports read."""

from __future__ import annotations

import itertools

from quarterdeck.engine import Rng, get_game
from quarterdeck.games.merchants_marauders.state import MerchantsAndMaraudersState


def random_game(players: int, seed: int, limit: int = 4000) -> list[MerchantsAndMaraudersState]:
    """The states of a random game (its first ``limit`` decisions), one after each."""
    state = get_game("merchants-and-marauders").new_state(players, seed)
    assert isinstance(state, MerchantsAndMaraudersState)
    rng = Rng.from_seed(seed + 100)
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= limit:
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        states.append(state.clone())
    return states


def test_mm_2_8_first_seat_is_the_drawn_first_player_who_plays_first() -> None:
    firsts = set()
    for seed in range(1, 7):
        states = random_game(3, seed, limit=600)
        first = states[0].first_seat()
        firsts.add(first)
        drawn = [e for e in states[0].events if e.kind == "first-player"]
        assert drawn[0].data["seat"] == first
        turns = [e for e in states[-1].events if e.kind == "turn"]
        assert turns[0].data["seat"] == first  # MM-3.3: starting with the first player
        assert all(s.first_seat() == first for s in states)
    assert len(firsts) > 1  # drawn, not always seat 0


def test_mm_3_3_turns_played_counts_player_turns_and_never_falls() -> None:
    states = random_game(3, 5)
    counts = [s.turns_played() for s in states]
    assert counts[0] == 0  # setup is no turn
    # One decision may settle more than one turn (a missed turn has no decisions).
    assert all(a <= b for a, b in itertools.pairwise(counts))
    assert counts[-1] > counts[len(counts) // 2] > 0  # and they keep coming
    end = states[-1]
    assert end.turns_played() > 0
    # MM-3.3: each game turn, each captain with a ship takes one player turn.
    rounds = end.table.round
    assert end.turns_played() <= rounds * 3
    assert end.turns_played() > (rounds - 2) * 3 or rounds <= 2
