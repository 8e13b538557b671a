"""OpenSpiel's own IS-MCTS bot against our heuristic captain, full games of BroadSides.

    .venv/bin/python bench/bench_openspiel_ismcts.py [--games 20] [--simulations 100]
        [--evaluator evaluation|rollout] [--workers 2]

OpenSpiel's Python ``ISMCTSBot`` plays through the adapter
(``quarterdeck.interop.openspiel``), drawing its worlds with our ``resample``
(``resample_from_infostate``). Its leaves are judged by ``evaluation`` (the game's own
evaluation, the one our search uses: ``Game.evaluate``) or by ``rollout`` (OpenSpiel's
random rollouts to the end: a random game of BroadSides lasts about 1,900 decisions,
so this is very slow). Colours alternate. Prints the win rate with its 95% interval.
A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from quarterdeck.ai import make_bot
from quarterdeck.arena.play import bot_seed, game_seed
from quarterdeck.arena.stats import wilson
from quarterdeck.interop import openspiel as qos


class GameEvaluation(mcts.Evaluator):  # type: ignore[misc]
    """The game's own evaluation of a position, and a uniform prior."""

    def evaluate(self, state: qos.QuarterdeckState) -> np.ndarray[Any, Any]:
        inner = state.state
        if inner.is_terminal():
            return np.asarray(inner.returns(), float)
        return np.asarray(inner.game.evaluate(inner), float)  # type: ignore[attr-defined]

    def prior(self, state: qos.QuarterdeckState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(index: int, simulations: int, evaluator: str, seed: int) -> tuple[float, int, float]:
    """One game; the searcher's result, the game's decisions and its seconds."""
    game = qos.load("broadsides")
    rng = np.random.RandomState(index)
    judge = GameEvaluation() if evaluator == "evaluation" else mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, judge, uct_c=2.0, max_simulations=simulations, random_state=rng)
    deal = game_seed(seed, index) % 2**64
    heuristic = make_bot("heuristic", game.qd_game, bot_seed(deal, 1))
    searcher = index % 2
    state = game.new_initial_state()
    for part in qos.deal_parts(deal):
        state.apply_action(part)
    started = time.perf_counter()
    while not state.is_terminal():
        if state.current_player() == searcher:
            action = bot.step(state)
        else:
            action = heuristic.choose(state.state).id
        state.apply_action(action)
    return state.returns()[searcher], len(state.history()), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--simulations", type=int, default=100, help="IS-MCTS simulations a decision"
    )
    parser.add_argument("--evaluator", choices=("evaluation", "rollout"), default="evaluation")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = []
    with ProcessPoolExecutor(args.workers) as pool, Progress() as progress:
        task = progress.add_task("games", total=args.games)
        futures = [
            pool.submit(play, i, args.simulations, args.evaluator, args.seed)
            for i in range(args.games)
        ]
        for future in futures:
            results.append(future.result())
            progress.advance(task)
    wins = sum(1.0 if r > 0 else 0.5 if r == 0 else 0.0 for r, _, _ in results)
    low, high = wilson(wins, len(results))
    table = Table(
        title=f"OpenSpiel IS-MCTS ({args.simulations} simulations, {args.evaluator}) vs our heuristic, BroadSides"
    )
    for column in ("games", "IS-MCTS score", "95% interval", "decisions/game", "s/game"):
        table.add_column(column, justify="right")
    table.add_row(
        str(len(results)),
        f"{wins / len(results):.1%}",
        f"{low:.1%}–{high:.1%}",
        f"{sum(d for _, d, _ in results) / len(results):.0f}",
        f"{sum(s for _, _, s in results) / len(results):.1f}",
    )
    Console().print(table)


if __name__ == "__main__":
    main()
