"""Every Quarterdeck game inside OpenSpiel: its own consistency checks, our resampling
check, serialization, and OpenSpiel's IS-MCTS bot playing BroadSides."""

from __future__ import annotations

import pickle
from typing import Any, cast

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng, get_game
from quarterdeck.games.broadsides import BroadSidesState
from quarterdeck.interop import openspiel as qos

from .conftest import (
    GAME_OPTIONS,
    GAME_PLAYER_OPTIONS,
    GAMES,
    LONG_GAMES,
    near_end,
    sea_dog_decision,
    short,
)


def dealt(game: qos.QuarterdeckGame, deal: int) -> qos.QuarterdeckState:
    """The game of seed ``deal``, dealt through its chance nodes."""
    state = game.new_initial_state()
    for part in qos.deal_parts(deal):
        assert state.is_chance_node()
        state.apply_action(part)
    return state


def random_states(
    game: qos.QuarterdeckGame, deal: int, every: int = 7
) -> list[qos.QuarterdeckState]:
    """Every ``every``-th state of a random game after the deal, the last included."""
    rng = np.random.default_rng(deal)
    state = dealt(game, deal)
    kept = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            kept.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    kept.append(state)
    return kept


def test_every_game_is_registered_under_a_clear_short_name() -> None:
    names = set(pyspiel.registered_names())
    for name in GAMES:
        assert qos.short_name(name) in names
    assert qos.short_name("letter-of-marque") == "quarterdeck_letter_of_marque"


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_openspiel_random_simulation_checks_pass(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """OpenSpiel's own consistency checks, serialization on: legal actions sorted and
    empty for other players, clones equal, serialize/deserialize equal, masks,
    returns within the utilities, length within the declared maximum. With each
    module on too (the game parameter as OpenSpiel passes it, a bool)."""
    game = qos.load(name, players=players, **{**short(name), **options})
    pyspiel.random_sim_test(
        game, num_sims=1 if name in LONG_GAMES else 3, serialize=True, verbose=False
    )


def test_game_type_and_info_follow_the_engine() -> None:
    broadsides = qos.load("broadsides")
    kind = broadsides.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert broadsides.num_distinct_actions() == get_game("broadsides").num_actions
    assert broadsides.max_game_length() == get_game("broadsides").max_game_length(2)
    assert (broadsides.min_utility(), broadsides.max_utility()) == (-1.0, 1.0)
    assert broadsides.max_chance_outcomes() == qos.DEALS
    lom = qos.load("letter-of-marque", players=5)
    assert lom.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (lom.num_players(), lom.utility_sum()) == (5, 1.0)
    assert lom.max_game_length() == get_game("letter-of-marque").max_game_length(5)


def test_parameters_are_the_games_options() -> None:
    game = qos.load("broadsides", round_cap=12, red_cannons="carronade+carronade")
    assert game.qd_game.options["round_cap"] == 12
    assert game.max_game_length() == get_game("broadsides", {"round_cap": 12}).max_game_length(2)
    state = dealt(game, 3)
    assert state.state.game.options["red_cannons"] == "carronade+carronade"
    with pytest.raises(Exception, match="players"):
        qos.load("letter-of-marque", players=2)
    with pytest.raises(Exception, match="Unknown parameter 'broadsides_per_turn'"):
        qos.load("broadsides", broadsides_per_turn=3)


@pytest.mark.parametrize(
    "load",
    [
        lambda: qos.load("broadsides", sea_dog=True),
        lambda: pyspiel.load_game("quarterdeck_broadsides", {"sea_dog": True}),
        lambda: pyspiel.load_game("quarterdeck_broadsides(sea_dog=true)"),
        lambda: pyspiel.load_game("quarterdeck_broadsides(round_cap=20,sea_dog=True)"),
    ],
    ids=["load", "dict", "string", "string-with-others"],
)
def test_the_sea_dog_parameter_reaches_the_game_as_openspiel_passes_it(load: Any) -> None:
    """Issue 25 item 7: OpenSpiel accepts the module's option as a bool game parameter
    (by keyword, by dict or in a game string) and the Quarterdeck game plays it: the
    module's action space and length bound, and serialization keeps it."""
    game = load()
    assert game.get_parameters()["sea_dog"] is True
    module = game.qd_game
    assert module.options["sea_dog"] is True and module.sea_dog is not None
    base = qos.load("broadsides", round_cap=module.options["round_cap"])
    assert game.num_distinct_actions() == module.num_actions > base.num_distinct_actions()
    assert game.max_game_length() == module.max_game_length(2) > base.max_game_length()
    state = dealt(game, 9)
    while not sea_dog_decision(state.state):  # on to the draft
        state.apply_action(state.legal_actions()[0])
    assert state.state.game.options["sea_dog"] is True
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.get_parameters()["sea_dog"] is True and game2.qd_game.sea_dog is not None
    assert state2.state == state.state and state2.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(state)).state == state.state
    assert not qos.load("broadsides").qd_game.options["sea_dog"]  # off by default


def test_the_sea_dog_module_adds_its_fields_after_the_base_observation() -> None:
    """The observation and information-state tensors grow by the module's fields
    (``docs/observations.md``), appended after the base fields, which keep their
    offsets; the observer offers them by name and sets them at a module decision."""
    base, module = qos.load("broadsides"), qos.load("broadsides", sea_dog=True)
    before = base.qd_game.observation_layout(2)
    layout = module.qd_game.observation_layout(2)
    added = [f for f in layout.fields if f.name not in before.offset]
    assert [f.name for f in added] == [
        "sea_phase",
        "sea_window",
        "sea_reputation",
        "sea_reputations_dealt",
        "sea_tricks",
        "sea_tricks_dealt",
        "sea_foe_tricks",
        "sea_played",
        "sea_in_play",
    ]
    grown = before.size + sum(f.size for f in added)
    assert module.observation_tensor_size() == module.information_state_tensor_size() == grown
    assert base.observation_tensor_size() == before.size
    assert all(layout.offset[name] == at for name, at in before.offset.items())
    assert layout.offset["sea_phase"] == before.size
    state = dealt(module, 6)
    while not sea_dog_decision(state.state):
        state.apply_action(state.legal_actions()[0])
    observer = module.make_py_observer()
    observer.set_from(state, state.current_player())
    assert set(observer.dict) == {f.name for f in layout.fields}
    assert observer.dict["sea_phase"].any() and observer.dict["sea_reputations_dealt"].sum() == 3
    assert observer.tensor is not None
    assert list(observer.tensor) == pytest.approx(state.state.observation(state.current_player()))
    assert len(state.observation_tensor(0)) == len(state.information_state_tensor(1)) == grown


def test_the_deal_is_the_seed_of_the_quarterdeck_game() -> None:
    game = qos.load("letter-of-marque", players=4)
    seed = 0x0123_4567_89AB_CDEF
    state = dealt(game, seed)
    assert state.state == get_game("letter-of-marque").new_state(4, seed)
    first = game.new_initial_state()
    assert first.action_to_string(pyspiel.PlayerId.CHANCE, 1234) == "Deal 1234"


def test_the_deal_is_64_bits_so_a_hand_cannot_single_it_out() -> None:
    # With one chance node of 65,536 outcomes, a seat's first hand named the one deal
    # that gives it, and so every hidden card: the deal is four such nodes.
    game = qos.load("broadsides")
    state = game.new_initial_state()
    for k in range(qos.DEAL_PARTS):
        assert state.is_chance_node() and len(state.chance_outcomes()) == qos.DEALS
        assert state.information_state_string(0) == "(the deal)"
        state.apply_action(qos.DEALS - 1)
        if k == 1:  # half dealt: a copy, a pickle and a serialization go on alike
            copies = [
                state.clone(),
                pickle.loads(pickle.dumps(state)),
                pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[
                    1
                ],
            ]
    assert not state.is_chance_node()
    for copy in copies:
        for _ in range(2):
            copy.apply_action(qos.DEALS - 1)
        assert copy.state == state.state
    assert state.state.seed == 2**64 - 1 == qos.seed_of(qos.deal_parts(2**64 - 1))


@pytest.mark.parametrize("outcome", [-2, qos.DEALS, 2**40])
def test_a_deal_outcome_out_of_range_is_refused_and_changes_nothing(outcome: int) -> None:
    game = qos.load("broadsides")
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(7)
    with pytest.raises(ValueError, match="a deal outcome is a number from 0 to 65535"):
        state.apply_action(outcome)
    state.apply_action(7)  # the fourth part still deals the game
    assert not state.is_chance_node()
    assert state.state == dealt(game, qos.seed_of([7] * 4)).state


def test_an_action_id_out_of_the_space_has_no_string() -> None:
    game = qos.load("broadsides")
    state = dealt(game, 5)
    for action in (-1, game.num_distinct_actions()):
        with pytest.raises(ValueError, match="no action"):
            state.action_to_string(state.current_player(), action)


@pytest.mark.parametrize("name", GAMES)
def test_action_strings_are_unique_and_the_games_own(name: str) -> None:
    game = qos.load(name)
    texts = [a.text for a in game.qd_game.action_space.actions]
    state = dealt(game, 5)
    player = state.current_player()
    assert [state.action_to_string(player, a) for a in range(game.num_distinct_actions())] == texts
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_a_resampled_state_has_the_same_information_state_for_that_seat(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """OpenSpiel checks this for C++ games only; ours is the same check: a state drawn
    by resample_from_infostate looks the same to the seat (information-state and
    observation strings and tensors), and plays on. With each module on too: the
    states checked include the module's own decisions (SD25: the draft, windows)."""
    game = qos.load(name, players=players, **{**short(name), **options})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = [s for s in random_states(game, deal=players * 17, every=11) if not s.is_terminal()]
    if options.get("sea_dog"):
        assert sum(sea_dog_decision(s.state) for s in states) >= 3
    for state in states:
        for seat in range(players):
            for _ in range(2):
                other = state.resample_from_infostate(seat, sampler)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert other.observation_tensor(seat) == state.observation_tensor(seat)
                assert other.legal_actions(seat) == state.legal_actions(seat)


def test_resampling_redraws_what_the_seat_cannot_see() -> None:
    game = qos.load("broadsides")
    state = random_states(game, deal=8, every=40)[2]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seat = state.current_player()
    foe = 1 - seat
    hands = {
        tuple(cast(BroadSidesState, state.resample_from_infostate(seat, sampler).state).hands[foe])
        for _ in range(20)
    }
    assert len(hands) > 1  # the foe's hand is hidden, so it is redrawn


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_serialize_and_pickle_carry_the_whole_state(name: str, options: dict[str, Any]) -> None:
    game = qos.load(name, **options)
    state = random_states(game, deal=4, every=9)[3]
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.state == state.state
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.state == state.state
    # Both go on the same way.
    for copy in (state2, unpickled):
        action = copy.legal_actions()[0]
        copy.apply_action(action)
    state.apply_action(state.legal_actions()[0])
    assert state2.state == state.state == unpickled.state


def test_the_observer_splits_the_tensor_into_the_games_fields() -> None:
    game = qos.load("broadsides")
    state = random_states(game, deal=3, every=30)[1]
    observer = game.make_py_observer()
    observer.set_from(state, 0)
    layout = get_game("broadsides").observation_layout(2)
    assert set(observer.dict) == {f.name for f in layout.fields}
    assert observer.tensor is not None
    assert list(observer.tensor) == pytest.approx(state.state.observation(0))
    assert state.observation_tensor(0) == pytest.approx(state.state.observation(0))


def test_openspiel_ismcts_plays_broadsides_to_the_end_from_a_near_end_scenario() -> None:
    """OpenSpiel's own IS-MCTS bot, resampling through our resample, against our
    heuristic captain: two games from a position a few turns before the end."""
    game = qos.load("broadsides")
    results = []
    for g in range(2):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(g))
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=8,
            random_state=np.random.RandomState(g),
        )
        heuristic = make_bot("heuristic", game.qd_game, g)
        state = game.from_state(near_end())
        searcher = g % 2  # each bot plays both colours
        while not state.is_terminal():
            if state.current_player() == searcher:
                action = bot.step(state)
            else:
                action = heuristic.choose(state.state).id
            assert action in state.legal_actions()
            state.apply_action(action)
        results.append(state.returns()[searcher])
    assert len(results) == 2 and all(r in (-1.0, 0.0, 1.0) for r in results)


def test_the_held_state_is_a_clone_not_a_share() -> None:
    game = qos.load("letter-of-marque", players=3)
    state = dealt(game, 9)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.state != copy.state and len(state.history()) + 1 == len(copy.history())
    rng = Rng.from_seed(1)
    assert game.from_state(state.state.resample(0, rng)).state.sampled
