"""OpenSpiel's information-state and observation strings: short digests that name
exactly what a seat knows (equal information <=> equal string), checked against their
readable forms over random states, resamples and worlds that part after a resample;
and the history a resampled state keeps."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest

from quarterdeck.engine import Rng, State
from quarterdeck.games.broadsides import BroadSides
from quarterdeck.interop import openspiel as qos

from ..games.broadsides.conftest import BLUE, RED, act, ship
from ..games.broadsides.test_sea_dog import sea_position
from .conftest import GAME_OPTIONS, sea_dog_decision, short
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


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_equal_information_gives_equal_strings_and_only_then(
    name: str, options: dict[str, Any]
) -> None:
    """Over random states of two deals and two resamples of each for every seat: the
    information-state string is 32 hex digits, and two states have the same string
    for a seat exactly when its readable form (its view and log) is the same. With
    each module on too: its secrets (SD25) are in the readable form, so in the string."""
    game = qos.load(name, **{**short(name), **options})
    pairs: dict[int, list[tuple[str, str]]] = {seat: [] for seat in range(game.num_players())}
    observations: dict[int, list[tuple[str, str]]] = {seat: [] for seat in pairs}
    same = module = 0
    for deal in (5, 6):
        for state in random_states(game, deal, every=13):
            module += sea_dog_decision(state.state)
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
    assert module > 0 or not options  # the module's own decisions were among them


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_worlds_that_part_after_a_resample_differ_when_the_seat_can_tell(
    name: str, options: dict[str, Any]
) -> None:
    """A state and one drawn for a seat look alike to it; played on with the same
    decisions, they give the seat the same string exactly as long as what it sees
    (its view and log) stays the same: what it cannot see never shows, what it can
    always does. With each module on too (the foe's secret tricks are redrawn)."""
    game = qos.load(name, **{**short(name), **options})
    rng = np.random.default_rng(3)
    told_apart = kept_alike = module = 0
    for state in random_states(game, deal=11, every=17)[:-1]:
        module += sea_dog_decision(state.state)
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
    assert module > 0 or not options


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_a_clone_and_a_copy_by_json_give_the_same_strings(
    name: str, options: dict[str, Any]
) -> None:
    game = qos.load(name, **{**short(name), **options})
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


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_a_resampled_state_keeps_its_history(name: str, options: dict[str, Any]) -> None:
    """history() and move_number() go on through resample_from_infostate; its deal is
    that of the drawn state's own seed, never the true one (which names every card)."""
    game = qos.load(name, **{**short(name), **options})
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


def test_sd_19_what_spy_aboard_showed_is_in_the_spys_observation_and_no_one_elses() -> None:
    """SD19: Spy Aboard shows the spy the foe's hand. The cards still in it are in the
    spy's observation tensor (``foe_known_hand``: the foe surely holds them) and
    information state, never in the foe's; every state drawn for either seat looks
    the same to it (strings and tensors), and the spy's draws keep those cards."""
    game = qos.load("broadsides", sea_dog=True)
    assert isinstance(game.qd_game, BroadSides)
    blue = ship(hand=["2♠", "5♦", "5♣", "9♥", "10♠"])
    position = sea_position(game.qd_game, ship(hand=["3♠"]), blue, (["Spy Aboard"], []))
    observer = game.make_py_observer()

    def known(state: qos.QuarterdeckState, seat: int) -> list[int]:
        observer.set_from(state, seat)
        return [int(c) for c in np.flatnonzero(observer.dict["foe_known_hand"])]

    before = game.from_state(position)
    assert known(before, RED) == known(before, BLUE) == []
    act(position, "play Spy Aboard", "10♠")
    state = game.from_state(position)
    held = sorted(position.hands[BLUE])
    assert len(held) == 4 and known(state, RED) == held
    assert known(state, BLUE) == []
    assert state.information_state_string(RED) != before.information_state_string(RED)
    for seat in (RED, BLUE):
        for _ in range(3):
            drawn = state.resample_from_infostate(seat, SAMPLER)
            assert drawn.information_state_string(seat) == state.information_state_string(seat)
            assert drawn.observation_string(seat) == state.observation_string(seat)
            assert drawn.observation_tensor(seat) == state.observation_tensor(seat)
            if seat == RED:
                assert sorted(drawn.state.hands[BLUE]) == held  # type: ignore[attr-defined]
