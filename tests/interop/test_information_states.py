"""OpenSpiel's information-state and observation strings: short digests that name
exactly what a seat knows (equal information <=> equal string), checked against their
readable forms over random states, resamples and worlds that part after a resample;
and the history a resampled state keeps."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest

from quarterdeck.engine import Rng, State
from quarterdeck.interop import openspiel as qos

from .conftest import GAMES, short
from .test_openspiel import dealt, random_states

SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


def _assert_one_to_one(pairs: list[tuple[str, str]]) -> None:
    """Each readable form has one digest and each digest one readable form."""
    digest_of: dict[str, str] = {}
    readable_of: dict[str, str] = {}
    for readable, digest in pairs:
        assert digest_of.setdefault(readable, digest) == digest
        assert readable_of.setdefault(digest, readable) == readable


def _information(state: State, seat: int) -> tuple[str, str]:
    return qos.readable_information_state(state, seat), state.information_digest(seat)


@pytest.mark.parametrize("name", GAMES)
def test_equal_information_gives_equal_strings_and_only_then(name: str) -> None:
    """Over random states of two deals and two resamples of each for every seat: the
    information-state string is 32 hex digits, and two states have the same string
    for a seat exactly when its readable form (its view and log) is the same."""
    game = qos.load(name, **short(name))
    pairs: dict[int, list[tuple[str, str]]] = {seat: [] for seat in range(game.num_players())}
    observations: dict[int, list[tuple[str, str]]] = {seat: [] for seat in pairs}
    same = 0
    for deal in (5, 6):
        for state in random_states(game, deal, every=13):
            for seat in pairs:
                digest = state.information_state_string(seat)
                assert len(digest) == 32 and int(digest, 16) >= 0
                pairs[seat].append(_information(state.state, seat))
                observation = state.observation_string(seat)
                readable = qos.readable_observation(state.state, seat)
                assert len(observation) == 32 and '"log"' not in readable
                observations[seat].append((readable, observation))
                for _ in range(2):
                    drawn = state.resample_from_infostate(seat, SAMPLER)
                    assert drawn.information_state_string(seat) == digest
                    pairs[seat].append(_information(drawn.state, seat))
                    same += 1
    for seat in pairs:
        _assert_one_to_one(pairs[seat])
        _assert_one_to_one(observations[seat])
        assert len({d for _, d in pairs[seat]}) > len(pairs[seat]) // 4  # not all alike
    assert same > 0


@pytest.mark.parametrize("name", GAMES)
def test_worlds_that_part_after_a_resample_differ_when_the_seat_can_tell(name: str) -> None:
    """A state and one drawn for a seat look alike to it; played on with the same
    decisions, they give the seat the same string exactly as long as what it sees
    (its view and log) stays the same: what it cannot see never shows, what it can
    always does."""
    game = qos.load(name, **short(name))
    rng = np.random.default_rng(3)
    told_apart = kept_alike = 0
    for state in random_states(game, deal=11, every=17)[:-1]:
        for seat in range(game.num_players()):
            true, drawn = state.clone(), state.resample_from_infostate(seat, SAMPLER)
            for _ in range(25):
                if true.is_terminal() or drawn.is_terminal():
                    break
                action = int(rng.choice(true.legal_actions()))
                if action not in drawn.legal_actions():
                    break
                true.apply_action(action)
                drawn.apply_action(action)
                alike = qos.readable_information_state(
                    true.state, seat
                ) == qos.readable_information_state(drawn.state, seat)
                same = true.information_state_string(seat) == drawn.information_state_string(seat)
                assert alike == same
                told_apart += not alike
                kept_alike += alike
    assert kept_alike > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_and_a_copy_by_json_give_the_same_strings(name: str) -> None:
    game = qos.load(name, **short(name))
    state = random_states(game, deal=2, every=20)[2]
    for seat in range(game.num_players()):
        expected = state.information_state_string(seat)
        assert state.clone().information_state_string(seat) == expected
        again = state.state.game.from_json(json.loads(json.dumps(state.state.to_json())))
        assert again.information_digest(seat) == expected


def test_the_log_digest_is_extended_not_redone() -> None:
    """The digest of a seat's log is kept on the state and carried by clones and
    draws: a call digests only the events since the last one."""
    game = qos.load("broadsides")
    state = random_states(game, deal=4, every=100)[3]
    inner = state.state
    inner.information_digest(0)
    kept = inner._log_digests[0]
    assert kept.length == len(inner.events)
    copy = inner.clone()
    assert copy._log_digests[0] == kept
    drawn = inner.resample(0, Rng.from_seed(1))
    assert drawn._log_digests[0].digest == kept.digest
    # The foe's secrets are gone from the draw: its digest, worked out when asked
    # (never by the draw itself), is of the kept log.
    assert 1 not in drawn._log_digests
    drawn.information_digest(1)
    assert drawn._log_digests[1].digest != inner._log_digest(1)
    assert drawn._log_digests[1] == drawn.clone()._log_digests[1]
    assert drawn.information_digest(0) == inner.information_digest(0)


def test_readable_strings_come_from_the_observer_parameter() -> None:
    game = qos.load("letter-of-marque", players=3)
    state = dealt(game, 8)
    state.apply_action(state.legal_actions()[0])
    recall = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True), {"readable": True}
    )
    plain = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False), {"readable": True}
    )
    assert json.loads(recall.string_from(state, 1))["log"]
    assert json.loads(plain.string_from(state, 1)) == json.loads(
        qos.readable_observation(state.state, 1)
    )
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(None, {"colour": "red"})


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_keeps_its_history(name: str) -> None:
    """history() and move_number() go on through resample_from_infostate; its deal is
    that of the drawn state's own seed, never the true one (which names every card)."""
    game = qos.load(name, **short(name))
    state = random_states(game, deal=7, every=10)[2]
    drawn = state.resample_from_infostate(state.current_player(), SAMPLER)
    history = drawn.history()
    assert len(history) == len(state.history()) == drawn.move_number() == state.move_number()
    assert history[: qos.DEAL_PARTS] == qos.deal_parts(drawn.state.seed)
    assert history[: qos.DEAL_PARTS] != state.history()[: qos.DEAL_PARTS]
    assert history[qos.DEAL_PARTS :] == drawn.state.history
    action = drawn.legal_actions()[0]
    for copy in (drawn.clone(), drawn):
        copy.apply_action(action)
        assert copy.history() == [*history, action] and copy.move_number() == len(history) + 1
    assert drawn.history_str() == ", ".join(map(str, drawn.history()))
