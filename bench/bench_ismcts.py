"""IS-MCTS iterations per second on one core, per game and level.

Each game's search at the level asked for, with its own rollout and model of play
(BroadSides: the heuristic captain plays the foe and the rollouts), and the same
budget with the generic rollout (uniform random moves, the game's depth cut-off and
evaluation, no model of the foe) to show what the game's model costs.

.venv/bin/python bench/bench_ismcts.py [--decisions 5]
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.engine import Rng, State, game_names, get_game


def positions(name: str, count: int) -> list[State]:
    """Positions from random games, at the searching seat's own decisions."""
    game = get_game(name)
    out = []
    for seed in range(count):
        state = game.new_state(game.min_players, seed)
        rng = Rng.from_seed(seed)
        for _ in range(rng.below(game.max_game_length(game.min_players) // 60) + 10):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    table = Table(title=f"IS-MCTS ({args.level}) on one core")
    for column in (
        "game",
        "search",
        "decisions",
        "iterations/s",
        "seconds per decision",
        "slowest",
    ):
        table.add_column(column, justify="left" if column in ("game", "search") else "right")
    for name in game_names():
        game = get_game(name)
        states = positions(name, args.decisions)
        level = make_bot(f"ismcts:{args.level}", game, seed=1)
        assert isinstance(level, ISMCTSBot)
        # The same budget with the search's generic rollout: uniform random moves, cut
        # at the game's depth with its evaluation, and no model of the foe's play.
        generic = ISMCTSBot(1, iterations=level.iterations, rollout_depth=level.rollout_depth)
        for label, bot in ((f"ismcts:{args.level}", level), ("random rollouts", generic)):
            times = []
            for state in states:
                start = time.perf_counter()
                bot.choose(state)
                times.append(time.perf_counter() - start)
            elapsed = sum(times)
            table.add_row(
                name,
                label,
                str(len(states)),
                f"{bot.iterations * len(states) / elapsed:,.0f}",
                f"{elapsed / len(states):.2f}",
                f"{max(times):.2f}",
            )
    Console().print(table)


if __name__ == "__main__":
    main()
