"""Every Quarterdeck game as a single-agent Gymnasium environment against bots:
Gymnasium's own env checker, registration, masks and illegal actions."""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

from quarterdeck.interop.gymnasium import QuarterdeckGymEnv, env_id

from .conftest import GAME_PLAYER_OPTIONS, GAMES, sea_dog_decision, short


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_gymnasium_check_env_passes(name: str, players: int, options: dict[str, Any]) -> None:
    """Gymnasium's own env checker; with each module on too (the env keyword)."""
    made = gymnasium.make(
        env_id(name), players=players, opponents="random", render_mode="ansi", **options
    )
    made.unwrapped.action_space.seed(players)  # the checker's random actions: the same each run
    made.unwrapped.observation_space.seed(players)
    check_env(made.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_registered_and_made_by_id(name: str) -> None:
    made = gymnasium.make(env_id(name), opponents="random")
    assert isinstance(made.unwrapped, QuarterdeckGymEnv)
    assert made.unwrapped.game.name == name
    assert env_id("broadsides") == "quarterdeck/BroadSides-v0"
    assert env_id("letter-of-marque") == "quarterdeck/LetterOfMarque-v0"


def play(env: QuarterdeckGymEnv, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)  # type: ignore[arg-type]
        steps += 1
        assert not truncated
        if terminated:
            return reward, steps


@pytest.mark.parametrize(("name", "players", "options"), GAME_PLAYER_OPTIONS)
def test_a_masked_episode_ends_with_the_seats_return(
    name: str, players: int, options: dict[str, Any]
) -> None:
    env = QuarterdeckGymEnv(
        name, players=players, seat=players - 1, opponents="random", **{**short(name), **options}
    )
    reward, steps = play(env, seed=players)
    assert steps > 0
    assert reward == env.position.returns()[players - 1]


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_the_sea_dog_keyword_reaches_the_game_and_its_fields_join_the_observation(
    opponents: str,
) -> None:
    """Issue 25 item 7: ``gymnasium.make(..., sea_dog=True)`` plays the module against
    bots that know it; the observation grows by the module's fields, appended after
    the base ones, and an episode passes through the agent's module decisions with
    those fields set, every observation inside the space."""
    made = gymnasium.make(env_id("broadsides"), opponents=opponents, sea_dog=True, round_cap=10)
    env = made.unwrapped
    assert isinstance(env, QuarterdeckGymEnv) and env.game.options["sea_dog"] is True
    before = QuarterdeckGymEnv("broadsides").game.observation_layout(2)
    layout = env.game.observation_layout(2)
    added = [f for f in layout.fields if f.name not in before.offset]
    assert added and all(f.name.startswith("sea_") for f in added)
    assert env.observation_space.shape == (before.size + sum(f.size for f in added),)
    assert cast(spaces.Discrete, env.action_space).n == env.game.num_actions
    phase = slice(layout.offset["sea_phase"], layout.offset["sea_window"])
    obs, info = made.reset(seed=5)
    rng = np.random.default_rng(5)
    asked = 0
    while True:
        assert env.observation_space.contains(obs)
        if sea_dog_decision(env.position):
            asked += 1
            assert obs[phase].sum() == 1
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = made.step(action)
        if terminated or truncated:
            break
    assert asked >= 4  # a Reputation, three draft rounds, then windows
    assert reward == env.position.returns()[env.seat]


def test_an_illegal_action_loses_the_episode() -> None:
    env = QuarterdeckGymEnv("broadsides", opponents="random")
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)  # type: ignore[arg-type]
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)  # type: ignore[arg-type]


def test_opponents_play_their_seats_and_the_agent_sees_only_its_turns() -> None:
    env = QuarterdeckGymEnv(
        "letter-of-marque", players=4, seat=2, opponents=["heuristic", "random", "heuristic"]
    )
    _, info = env.reset(seed=8)
    for _ in range(20):
        state = env.position
        if state.is_terminal():
            break
        assert state.current_player == 2
        assert env.action_masks().tolist() == info["action_mask"].tolist()
        action = int(np.flatnonzero(info["action_mask"])[0])
        *_, terminated, _, info = env.step(action)  # type: ignore[arg-type]
        if terminated:
            break


def test_the_same_seed_gives_the_same_episode() -> None:
    a = QuarterdeckGymEnv("broadsides", opponents="heuristic")
    b = QuarterdeckGymEnv("broadsides", opponents="heuristic")
    assert play(a, 12) == play(b, 12)
    assert a.position == b.position


def test_a_random_seat_is_drawn_each_episode() -> None:
    env = QuarterdeckGymEnv("letter-of-marque", seat=None, opponents="random")
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
    assert len(seats) > 1


def test_bad_seats_and_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        QuarterdeckGymEnv("broadsides", seat=2)
    with pytest.raises(ValueError, match="opponents"):
        QuarterdeckGymEnv("letter-of-marque", players=4, opponents=["random"])
    with pytest.raises(Exception, match="no bot"):
        QuarterdeckGymEnv("broadsides", opponents="kraken")
    # A tuple of names is a list of names too.
    tupled = QuarterdeckGymEnv("broadsides", opponents=("random",))  # type: ignore[arg-type]
    assert tupled.opponent_names == ["random"]
    for bad in ({"seat": "x"}, {"players": "2"}, {"opponents": 5}, {"opponents": [5]}):
        with pytest.raises(ValueError, match=r"seat|players|opponents"):
            QuarterdeckGymEnv("broadsides", **bad)


@pytest.mark.parametrize("action", [2.7, None, "abc", True])
def test_an_action_that_is_not_a_whole_number_is_refused_and_changes_nothing(
    action: object,
) -> None:
    env = QuarterdeckGymEnv("broadsides", opponents="random")
    env.reset(seed=3)
    before = env.position.clone()
    with pytest.raises(ValueError, match="an action is a whole number"):
        env.step(action)  # type: ignore[arg-type]
    assert env.position == before
    legal = np.flatnonzero(env._info()["action_mask"])
    env.step(np.array(legal[0]))  # type: ignore[arg-type]  # a NumPy scalar array is a whole number too
    assert env.position != before
