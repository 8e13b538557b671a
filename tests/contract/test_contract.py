"""The engine contract, checked on random games of every registered game.

A new game gets all of these by registering itself: nothing here names a game.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quarterdeck.engine import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    Record,
    RecordError,
    Rng,
    State,
    get_game,
)

from .helpers import GAMES, checkpoints, game_and_players, playout, roundtrip

seeds = st.integers(0, 2**63)
picks = st.integers(0, 10)


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_random_games_end_within_the_declared_bound(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    game, players = game_and_players(name, pick)
    states = list(s.clone() for s in playout(game, players, seed, choice_seed))
    final = states[-1]
    assert final.is_terminal() and final.current_player is None and final.pending() is None
    assert len(final.history) <= game.max_game_length(players)
    assert final.legal_actions() == []
    returns = final.returns()
    assert len(returns) == players
    if players == 2:
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    else:
        assert sum(returns) == pytest.approx(1.0) and min(returns) >= 0


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_components_are_conserved(name: str, pick: int, seed: int, choice_seed: int) -> None:
    game, players = game_and_players(name, pick)
    start = None
    for state in playout(game, players, seed, choice_seed):
        counts = state.components()
        if start is None:
            # An empty count (the contract's default) would make this check vacuous.
            assert counts, f"{name}: State.components() must count the game's pieces"
            start = counts
        assert counts == start, f"components changed after {len(state.history)} actions"


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_same_seed_and_actions_give_the_same_game(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    game, players = game_and_players(name, pick)
    *_, final = playout(game, players, seed, choice_seed)
    again = game.new_state(players, seed)
    for action_id in final.history:
        again.apply(action_id)
    assert again.to_json() == final.to_json()
    record = Record.of(final, [f"p{i}" for i in range(players)])
    assert Record.from_json(json.loads(json.dumps(record.to_json()))).final_state() == final


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_json_round_trip_along_the_game(name: str, pick: int, seed: int, choice_seed: int) -> None:
    game, players = game_and_players(name, pick)
    chooser = Rng.from_seed(choice_seed ^ 1)
    for state in checkpoints(game, players, seed, choice_seed, n=15):
        copy = roundtrip(game, state)
        assert copy == state and copy.legal_actions() == state.legal_actions()
        if not state.is_terminal():  # the copy plays on exactly like the original
            action = chooser.choice(state.legal_actions())
            twin = state.clone()
            twin.apply(action)
            copy.apply(action)
            assert copy == twin


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_legal_actions_are_sorted_unique_and_in_the_action_space(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    game, players = game_and_players(name, pick)
    for state in checkpoints(game, players, seed, choice_seed):
        legal = state.legal_actions()
        ids = [a.id for a in legal]
        assert ids == sorted(set(ids))
        assert len({a.text for a in legal}) == len(legal)
        assert all(game.action_from_id(a.id) is a and game.action_id(a) == a.id for a in legal)
        assert bool(legal) != state.is_terminal()
        pending = state.pending()
        assert (pending is None) == state.is_terminal()
        if pending:
            assert pending.seat == state.current_player


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_illegal_and_malformed_actions_change_nothing(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    game, players = game_and_players(name, pick)
    for state in checkpoints(game, players, seed, choice_seed, n=20):
        before = state.to_json()
        legal = {a.id for a in state.legal_actions()}
        for action_id in range(game.num_actions):
            if action_id not in legal:
                with pytest.raises(IllegalActionError):
                    state.apply(action_id)
        for bad in (-1, game.num_actions, "no such action", 2.5, None):
            with pytest.raises(MalformedActionError):
                state.apply(bad)  # type: ignore[arg-type]
        if not state.is_terminal():
            other = (state.current_player + 1) % players  # type: ignore[operator]
            with pytest.raises(NotYourTurnError):
                state.act(other, next(iter(legal)))
        else:
            with pytest.raises(GameOverError):
                state.apply(0)
        assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_views_do_not_change_when_hidden_things_are_resampled(
    name: str, pick: int, seed: int, choice_seed: int, resample_seed: int
) -> None:
    """The no-leak property: whatever a seat cannot know may be redrawn without
    changing anything the seat sees, its legal actions or its error messages."""
    game, players = game_and_players(name, pick)
    rng = Rng.from_seed(resample_seed)
    for state in checkpoints(game, players, seed, choice_seed, n=15):
        for seat in [None, *range(players)]:
            views = json.dumps(state.view(seat), sort_keys=True)
            other = state.resample(seat, rng)
            assert json.dumps(other.view(seat), sort_keys=True) == views
            assert other.components() == state.components()
            assert len(other.history) == len(state.history)
            assert other.rng != state.rng  # no search may foresee a future draw
            assert other.seed != state.seed  # the seed would tell every future draw
            assert other.sampled and not state.sampled
            # Other seats' secrets are not in a determinization at all, so no view,
            # JSON or bot of it can show them to anyone.
            assert all(set(e.secret) <= {seat} for e in other.events)
            assert len(other.events) == len(state.events)
            assert bool(other.legal_actions()) != other.is_terminal()  # no dead end
            if seat is not None and seat == state.current_player:
                legal = state.legal_actions()
                assert other.legal_actions() == legal
                for action_id in set(range(game.num_actions)) - {a.id for a in legal}:
                    assert _error(state, action_id) == _error(other, action_id)


def _error(state: State, action_id: int) -> str:
    """The message an illegal action gets (an illegal action changes nothing)."""
    try:
        state.apply(action_id)
    except IllegalActionError as exc:
        return str(exc)
    raise AssertionError(f"action {action_id} was legal")


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_resampled_states_play_on_to_a_legal_end(
    name: str, pick: int, seed: int, choice_seed: int, resample_seed: int
) -> None:
    game, players = game_and_players(name, pick)
    rng = Rng.from_seed(resample_seed)
    states = [s.clone() for s in playout(game, players, seed, choice_seed)]
    middle = states[len(states) // 2]
    seat = middle.current_player if middle.current_player is not None else 0
    other = middle.resample(seat, rng)
    with pytest.raises(RecordError, match="resampled"):
        Record.of(other)
    start = other.components()
    while not other.is_terminal():
        other.apply(rng.choice(other.legal_actions()))
        assert other.components() == start
    assert roundtrip(game, other) == other


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_a_logged_event_never_changes(name: str, pick: int, seed: int, choice_seed: int) -> None:
    """What the log tells stays as it was told: no rule edits an event's parts after
    logging it (a list kept in the state as well as in an event would), which would
    rewrite history for every seat and for the information digests built on it."""
    game, players = game_and_players(name, pick)
    told: list[str] = []
    for state in playout(game, players, seed, choice_seed):
        told += [json.dumps(e.to_json(), sort_keys=True) for e in state.events[len(told) :]]
    assert [json.dumps(e.to_json(), sort_keys=True) for e in state.events] == told


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_views_share_nothing_with_the_state(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    """A caller that edits a view (or a to_json dict) cannot change the game."""
    game, players = game_and_players(name, pick)
    for state in checkpoints(game, players, seed, choice_seed, n=10):
        before = state.to_json()
        for view in (state.view(0), state.view(None), state.view_all(), state.to_json()):
            _scribble(view)
        assert state.to_json() == before


def _scribble(value: object) -> None:
    """Append to every list and set a key in every dict, all the way down."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in list(value):
            _scribble(v)
        value.append("scribbled")


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_clones_are_independent(name: str, pick: int, seed: int, choice_seed: int) -> None:
    game, players = game_and_players(name, pick)
    for state in checkpoints(game, players, seed, choice_seed):
        if state.is_terminal():
            break
        before = state.to_json()
        twin = state.clone()
        twin.apply(twin.legal_actions()[-1])
        assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_bad_players_seeds_and_options_are_refused(name: str) -> None:
    game = get_game(name)
    with pytest.raises(OptionError):
        game.new_state(game.max_players + 1, 1)
    with pytest.raises(OptionError):
        game.new_state(game.min_players - 1, 1)
    with pytest.raises(OptionError):
        game.new_state(game.min_players, -5)
    with pytest.raises(OptionError):
        get_game(name, {"no_such_option": 1})
    state = game.new_state(game.min_players, 1)
    with pytest.raises(OptionError):
        state.view(game.min_players)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=200)
@given(pick=picks, seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_views_never_leak_on_thousands_of_states(
    name: str, pick: int, seed: int, choice_seed: int, resample_seed: int
) -> None:
    """The no-leak property again on many more states (up to 60 per game)."""
    game, players = game_and_players(name, pick)
    rng = Rng.from_seed(resample_seed)
    for state in checkpoints(game, players, seed, choice_seed, n=60):
        seat = rng.below(players + 1)
        seat_or_none = None if seat == players else seat
        view = state.view(seat_or_none)
        assert state.resample(seat_or_none, rng).view(seat_or_none) == view


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=300)
@given(pick=picks, seed=seeds, choice_seed=seeds)
def test_many_random_games_never_reach_a_dead_end(
    name: str, pick: int, seed: int, choice_seed: int
) -> None:
    """Every live state offers a decision, every started step can be finished (the
    playout raises if a game stalls or runs past its bound)."""
    game, players = game_and_players(name, pick)
    *_, final = playout(game, players, seed, choice_seed)
    assert final.is_terminal()


@pytest.mark.parametrize("name", GAMES)
@given(pick=picks, seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_resample_depends_only_on_what_the_seat_knows(
    name: str, pick: int, seed: int, choice_seed: int, resample_seed: int
) -> None:
    """Two states that look the same to a seat resample to the same state from the same
    generator: a search bot's choice cannot depend on what it may not see."""
    game, players = game_and_players(name, pick)
    rng = Rng.from_seed(resample_seed)
    for state in checkpoints(game, players, seed, choice_seed, n=10):
        for seat in [None, *range(players)]:
            twin = state.resample(seat, rng)  # another state that looks the same to seat
            a = state.resample(seat, Rng.from_seed(7)).to_json()
            b = twin.resample(seat, Rng.from_seed(7)).to_json()
            assert a == b
