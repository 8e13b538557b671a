"""Train a small agent at Letter of Marque with masked PPO, then measure it in the arena.

    .venv/bin/pip install -e '.[examples]'     # sb3-contrib and torch==2.13.0 (CPU)
    .venv/bin/python examples/train_masked_ppo.py [--steps 60000] [--games 300]

The agent plays one seat of a three-seat game through the Gymnasium adapter
(``quarterdeck/LetterOfMarque-v0``), a different seat each episode, against random
captains. sb3-contrib's MaskablePPO takes the legal actions from the environment's
``action_masks()``, so it never tries an illegal one. Afterwards the trained policy
becomes a Quarterdeck bot (``ppo``) and the arena measures its share of the wins next
to our random and heuristic bots, with 95% intervals. Par for three seats is 1/3.
It takes a few minutes on a laptop CPU.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table
from sb3_contrib import MaskablePPO

from quarterdeck.ai import register_bot
from quarterdeck.arena.sim import simulate
from quarterdeck.arena.stats import wilson
from quarterdeck.engine import Action, Bot, Game, State
from quarterdeck.interop.gymnasium import QuarterdeckGymEnv

GAME = "letter-of-marque"
PLAYERS = 3


class PolicyBot(Bot):
    """A trained policy as a Quarterdeck bot: it reads the seat's observation tensor
    and action mask only, like any bot that plays by the rules."""

    name = "ppo"

    def __init__(self, model: Any, seed: int = 0) -> None:
        super().__init__(seed)
        self.model = model

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        observation = np.asarray(state.observation(seat), np.float32)
        mask = np.zeros(state.game.num_actions, bool)
        mask[[a.id for a in state.legal_actions()]] = True
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return state.game.action_from_id(int(action))


def train(steps: int, seed: int) -> Any:
    env = QuarterdeckGymEnv(GAME, players=PLAYERS, seat=None, opponents="random")
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        gamma=1.0,  # the only reward comes at the end of the game
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=seed,
        verbose=0,
    )
    model.learn(total_timesteps=steps, progress_bar=True)
    return model


def measure(model: Any, games: int, seed: int) -> Table:
    def make_policy_bot(game: Game, bot_seed: int) -> Bot:
        return PolicyBot(model, bot_seed)

    register_bot("ppo", make_policy_bot)
    table = Table(title=f"Share of the wins at {GAME}, {PLAYERS} seats, {games} games each")
    for column in ("bot", "against", "share of wins", "95% interval"):
        table.add_column(column, justify="left" if column in ("bot", "against") else "right")
    for bot in ("ppo", "random", "heuristic"):
        for foe in ("random", "heuristic"):
            if bot == foe:
                continue
            # The bot fills one seat in turn; the foe fills the others.
            summary = simulate(GAME, PLAYERS, games, [bot, foe, foe], seed=seed, workers=1)
            wins, seats = summary.bot_wins[bot], summary.bot_seats[bot]
            low, high = wilson(wins, seats)
            table.add_row(bot, f"2 × {foe}", f"{wins / seats:.3f}", f"{low:.3f}–{high:.3f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000, help="agent decisions to train on")
    parser.add_argument("--games", type=int, default=300, help="games per arena row")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    model = train(args.steps, args.seed)
    trained = time.perf_counter() - started
    console = Console()
    console.print(f"trained on {args.steps:,} decisions in {trained:.0f} s")
    console.print(measure(model, args.games, args.seed))


if __name__ == "__main__":
    main()
