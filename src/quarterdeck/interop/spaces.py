"""What the PettingZoo and Gymnasium adapters share: spaces, observations as NumPy
arrays, action masks and the text board."""

from __future__ import annotations

import array
import io
import json
from typing import Any

import numpy as np
from gymnasium import spaces

from quarterdeck.engine import Game, State

Array = np.ndarray[Any, Any]


class Observer:
    """A seat's observation tensor and action mask as fresh NumPy arrays."""

    def __init__(self, game: Game, players: int) -> None:
        self.game = game
        self.layout = game.observation_layout(players)
        highs = [f.high for f in self.layout.fields for _ in range(f.size)]
        self.high = np.asarray(highs, np.float32)
        self.num_actions = game.num_actions
        self._zeros = bytes(4 * self.layout.size)
        self._no_actions = bytes(self.num_actions)

    def observation_space(self) -> spaces.Box:
        return spaces.Box(0.0, self.high, (self.layout.size,), np.float32)

    def mask_space(self) -> spaces.Box:
        return spaces.Box(0, 1, (self.num_actions,), np.int8)

    def observation(self, state: State, seat: int) -> Array:
        # The game writes into a plain array of floats (quick to set number by
        # number); NumPy then views it without a copy.
        out = array.array("f", self._zeros)
        state.game.write_observation(state, seat, out)
        return np.frombuffer(out, np.float32)

    def action_mask(self, state: State, seat: int) -> Array:
        """1 for each action ``seat`` may take now (all 0 when it is not its turn)."""
        # A byte array set one by one, then viewed by NumPy without a copy: quicker
        # than NumPy's fancy indexing for the few legal actions of a decision.
        mask = bytearray(self._no_actions)
        if state.current_player == seat:
            for a in state.legal_actions():
                mask[a.id] = 1
        return np.frombuffer(mask, np.int8)


def action_number(action: Any) -> int:
    """An action as the adapters take it: a whole number (Python's or NumPy's, or a
    NumPy array holding one), never a float, a bool or a text that would be cut or
    read into one."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_):
        return int(action)
    raise ValueError(f"an action is a whole number (an action id), not {action!r}")


def board_text(state: State, width: int = 110) -> str:
    """The public board (a spectator's view) as plain text, as the terminal shows it."""
    view = state.view(None)
    board = state.game.render(view)
    if board is None:
        return json.dumps(view, indent=1)
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(board)
    return out.getvalue()
