"""Every Quarterdeck game as a PettingZoo AEC environment (extra ``pettingzoo``).

    from quarterdeck.interop.pettingzoo import env
    e = env("broadsides", render_mode="ansi")     # or ENVS["broadsides_v0"]()
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` … ``player_{n-1}``, the game's seats. An observation is a
dict: ``observation``, the seat's observation tensor (float32, documented field by
field in ``docs/observations.md``), and ``action_mask`` (int8, 1 for each legal action
of the game's fixed action space; all 0 when it is not that agent's turn). Rewards
come at the end: the game's returns (±1 for two seats, winners share 1 otherwise).
Games end by their rules, a round cap included, so every ending is a termination
and nothing is truncated. ``reset(seed=…)`` makes the game reproducible: the same
seed and the same actions give the same game. ``env`` wraps the raw environment as
PettingZoo's classic games are: an illegal action ends the game with −1 for the
agent that took it (``TerminateIllegalWrapper``); ``raw_env`` refuses it instead.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from quarterdeck.engine import State, game_names, get_game

from .spaces import Array, Observer, action_number, board_text

VERSION = 0


class QuarterdeckEnv(AECEnv):  # type: ignore[misc]
    """The raw AEC environment of one Quarterdeck game."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str = "broadsides",
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = get_game(game, options)
        self.players = players if players is not None else self.game.min_players
        self.game.new_state(self.players, 0)  # refuses a bad number of players now
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{game.replace('-', '_')}_v{VERSION}"}
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._observer = Observer(self.game, self.players)
        space = spaces.Dict(
            {
                "observation": self._observer.observation_space(),
                "action_mask": self._observer.mask_space(),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(
            self.possible_agents, spaces.Discrete(self.game.num_actions)
        )
        self.game_state: State | None = None
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def position(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before playing")
        return self.game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.game_state = self.game.new_state(self.players, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_move()

    def _to_move(self) -> str:
        seat = self.position.current_player
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, Array]:
        seat = self._seat[agent]
        return {
            "observation": self._observer.observation(self.position, seat),
            "action_mask": self._observer.action_mask(self.position, seat),
        }

    def step(self, action: int | None) -> None:
        state = self.position  # refuses a step before reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state.act(self._seat[agent], action_number(action))
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            self._clear_rewards()
            for a, result in zip(self.agents, state.returns(), strict=True):
                self.rewards[a] = float(result)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
            self._accumulate_rewards()
        else:
            # Rewards come only at the end: until then they stay 0, and clearing or
            # adding them would change nothing.
            self.agent_selection = self._to_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str = "broadsides", **kwargs: Any) -> QuarterdeckEnv:
    return QuarterdeckEnv(game, **kwargs)


def env(game: str = "broadsides", **kwargs: Any) -> Any:
    """The environment of ``game`` wrapped as PettingZoo's classic games are."""
    wrapped: Any = raw_env(game, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


#: Every game's environment by its versioned name: ``broadsides_v0``, …
ENVS = {f"{name.replace('-', '_')}_v{VERSION}": partial(env, name) for name in game_names()}

__all__ = ["ENVS", "QuarterdeckEnv", "env", "raw_env"]
