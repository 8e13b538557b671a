"""Every Quarterdeck game as a single-agent Gymnasium environment (extra ``gymnasium``).

The agent plays one seat; Quarterdeck bots play the others. Importing this module
registers every game of the engine as ``quarterdeck/<Game>-v0``::

    import gymnasium
    import quarterdeck.interop.gymnasium  # registers the environments
    env = gymnasium.make("quarterdeck/BroadSides-v0", opponents="heuristic")
    # or, without the import: gymnasium.make("quarterdeck.interop.gymnasium:quarterdeck/BroadSides-v0")

- Observation: the seat's observation tensor (float32 Box, ``docs/observations.md``).
- Action: ``Discrete(n)`` over the game's fixed action space. ``info["action_mask"]``
  (int8) marks the legal ones, and ``env.unwrapped.action_masks()`` gives the same
  for masked trainers such as sb3-contrib's MaskablePPO.
- An illegal action ends the episode at once: reward −1, ``terminated`` and
  ``info["illegal_action"]`` (as PettingZoo's classic games do), so unmasked random
  actions are well defined.
- Reward: the seat's return when the game ends (±1 for two seats; winners share 1
  otherwise), 0 before. Games end by their rules (round caps included): never
  truncated.
- Options: ``seat`` (the agent's seat; ``None`` draws one each episode),
  ``opponents`` (a bot name for every other seat, or a list, one per other seat in
  seat order: ``random``, ``heuristic``, ``ismcts:easy``, …), ``players`` and every
  option of the game. ``reset(seed=…)`` fixes the deal and the bots' seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from quarterdeck.ai import make_bot
from quarterdeck.arena.play import bot_seed
from quarterdeck.engine import Bot, State, game_class, game_names, get_game, whole_number

from . import env_name
from .spaces import Array, Observer, action_number, board_text

VERSION = 0


class QuarterdeckGymEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a Quarterdeck game against bots."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game: str = "broadsides",
        seat: int | None = 0,
        opponents: str | list[str] = "heuristic",
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = get_game(game, options)
        self.players = players if players is not None else self.game.min_players
        if not whole_number(self.players):
            raise ValueError(f"players is a whole number, not {players!r}")
        self.game.new_state(self.players, 0)  # refuses a bad number of players now
        if seat is not None and not (whole_number(seat) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 0–{self.players - 1} or None, not {seat!r}")
        others = [opponents] * (self.players - 1) if isinstance(opponents, str) else opponents
        if not isinstance(others, Sequence) or not all(isinstance(n, str) for n in others):
            raise ValueError(f"opponents are a bot's name or a list of names, not {opponents!r}")
        if len(others) != self.players - 1:
            raise ValueError(f"name {self.players - 1} opponents, not {len(others)}")
        for name in others:
            make_bot(name, self.game, 0)  # refuses an unknown bot now
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of ansi, human, not {render_mode!r}")
        self.render_mode = render_mode
        self.fixed_seat = seat
        self.opponent_names = list(others)
        self._observer = Observer(self.game, self.players)
        self.observation_space = self._observer.observation_space()
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.seat = seat if seat is not None else 0
        self.game_state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._illegal = False

    @property
    def position(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before playing")
        return self.game_state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(0, self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(name, self.game, bot_seed(game_seed, s))
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        self.game_state = self.game.new_state(self.players, game_seed)
        self._illegal = False
        self._let_bots_play()
        return self._observation(), self._info()

    def step(self, action: np.int64) -> tuple[Array, float, bool, bool, dict[str, Any]]:
        state = self.position
        if state.is_terminal() or self._illegal:
            raise RuntimeError("the episode is over: call reset()")
        chosen = action_number(action)
        space = self.game.action_space
        if not (0 <= chosen < len(space) and state.is_legal(space[chosen])):
            self._illegal = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        state.act(self.seat, chosen)
        self._let_bots_play()
        over = state.is_terminal()
        reward = float(state.returns()[self.seat]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def _let_bots_play(self) -> None:
        state = self.position
        while not state.is_terminal() and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.bots[seat].choose(state))

    def _observation(self) -> Array:
        return self._observer.observation(self.position, self.seat)

    def action_masks(self) -> Array:
        """The legal actions of the agent now, as a 0/1 vector (all 0 once over)."""
        if self._illegal:
            return np.zeros(self.game.num_actions, np.int8)
        return self._observer.action_mask(self.position, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env_id(name: str) -> str:
    """``broadsides`` -> ``quarterdeck/BroadSides-v0``."""
    return f"quarterdeck/{env_name(game_class(name))}-v{VERSION}"


def register_envs() -> list[str]:
    """Register every game of the engine with Gymnasium (once); their ids."""
    ids = []
    for name in game_names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(
                id=ident,
                entry_point="quarterdeck.interop.gymnasium:QuarterdeckGymEnv",
                kwargs={"game": name},
            )
        ids.append(ident)
    return ids


__all__ = ["QuarterdeckGymEnv", "env_id", "register_envs"]

register_envs()
