"""Every Quarterdeck game as a PettingZoo AEC environment: PettingZoo's own api_test
and seed_test, and what the environment promises beyond them."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test

from quarterdeck.engine import get_game
from quarterdeck.interop.pettingzoo import ENVS, env, raw_env

from .conftest import GAME_OPTIONS, GAME_PLAYER_OPTIONS, GAMES, sea_dog_decision, short


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_pettingzoo_api_test_passes(name: str, players: int, options: dict[str, Any]) -> None:
    """PettingZoo's own api_test; with each module on too (the env keyword). Its
    random actions come from seeded spaces and the game from a seeded reset, so every
    run checks the same games."""
    e = env(name, players=players, **options)
    e.reset(seed=players)
    for agent in e.possible_agents:
        e.action_space(agent).seed(players)
        e.observation_space(agent).seed(players)
    api_test(e, num_cycles=300)


@pytest.mark.parametrize(("name", "options"), GAME_OPTIONS)
def test_pettingzoo_seed_test_passes(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(name, **options), num_cycles=300)


def test_every_game_has_a_versioned_environment() -> None:
    assert set(ENVS) == {f"{name.replace('-', '_')}_v0" for name in GAMES}
    e = ENVS["broadsides_v0"]()
    assert e.metadata["name"] == "broadsides_v0"


def play_masked(e, seed: int) -> dict[str, float]:  # type: ignore[no-untyped-def]
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_a_masked_random_game_ends_with_the_games_returns(
    name: str, players: int, options: dict[str, Any]
) -> None:
    e = raw_env(name, players=players, **{**short(name), **options})
    totals = play_masked(e, seed=players)
    assert e.game_state is not None
    returns = e.game_state.returns()
    assert [totals[f"player_{i}"] for i in range(players)] == returns
    assert sum(returns) == (0.0 if players == 2 else 1.0)
    assert e.truncations == {} or not any(e.truncations.values())


def test_observations_are_the_seats_own_tensors_and_masks_only_on_its_turn() -> None:
    e = raw_env("letter-of-marque", players=4)
    e.reset(seed=3)
    state = e.game_state
    assert state is not None
    for i, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].tolist() == pytest.approx(state.observation(i))
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        legal = {a.id for a in state.legal_actions()} if state.current_player == i else set()
        assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
        assert e.observation_space(agent).contains(obs)


def test_the_sea_dog_keyword_reaches_the_game_and_its_fields_join_the_observation() -> None:
    """Issue 25 item 7: ``sea_dog=True`` (by ``env``, ``raw_env`` or ``ENVS``) plays the
    module; each agent's observation grows by the module's fields, appended after the
    base ones, and at a module decision they tell it (the Reputations dealt)."""
    base = raw_env("broadsides")
    for made in (env("broadsides", sea_dog=True), ENVS["broadsides_v0"](sea_dog=True)):
        assert made.unwrapped.game.options["sea_dog"] is True
    e = raw_env("broadsides", sea_dog=True)
    layout, before = e.game.observation_layout(2), base.game.observation_layout(2)
    added = [f for f in layout.fields if f.name not in before.offset]
    assert added and all(f.name.startswith("sea_") for f in added)
    grown = before.size + sum(f.size for f in added)
    for agent in e.possible_agents:
        assert cast(spaces.Dict, e.observation_space(agent))["observation"].shape == (grown,)
        assert cast(spaces.Dict, base.observation_space(agent))["observation"].shape == (
            before.size,
        )
        assert (
            cast(spaces.Discrete, e.action_space(agent)).n
            == e.game.num_actions
            > cast(spaces.Discrete, base.action_space(agent)).n
        )
    e.reset(seed=4)
    state = e.position
    while not sea_dog_decision(state):
        state.apply(state.legal_actions()[0].id)
    seat = state.current_player
    assert seat is not None
    obs = e.observe(e.possible_agents[seat])
    at = layout.offset["sea_reputations_dealt"]
    assert obs["observation"][at : at + 9].sum() == 3  # three Reputations dealt
    assert obs["observation"][: before.size].tolist() == pytest.approx(
        state.observation(seat)[: before.size]
    )
    assert e.observation_space(e.possible_agents[seat]).contains(obs)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    a, b = raw_env("broadsides"), raw_env("broadsides")
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game_state == b.game_state
    b.reset(seed=6)
    assert a.game_state != b.game_state


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_agent() -> None:
    e = env("broadsides")
    e.reset(seed=1)
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_the_raw_environment_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = raw_env("broadsides")
    e.reset(seed=1)
    assert e.game_state is not None
    before = e.game_state.clone()
    obs = e.observe(e.agent_selection)
    with pytest.raises(Exception, match="not a legal action"):
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert e.game_state == before


def test_a_step_before_reset_or_not_a_whole_number_is_refused() -> None:
    e = raw_env("broadsides")
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    e.reset(seed=1)
    assert e.game_state is not None
    before = e.game_state.clone()
    for action in (2.5, None, "a"):
        with pytest.raises(ValueError, match="an action is a whole number"):
            e.step(action)  # type: ignore[arg-type]
    assert e.game_state == before


def test_ansi_render_draws_the_public_board() -> None:
    e = raw_env("broadsides", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "Red" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("broadsides", render_mode="rgb_array")


def test_bad_players_and_options_are_refused() -> None:
    with pytest.raises(Exception, match="players"):
        raw_env("letter-of-marque", players=9)
    with pytest.raises(Exception, match="no option"):
        raw_env("broadsides", fog=True)
    assert raw_env("letter-of-marque").players == get_game("letter-of-marque").min_players
