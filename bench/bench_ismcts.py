"""IS-MCTS iterations per second on one core, per game and level.

Each game's search at the level asked for, with its own rollout and model of play
(BroadSides: the heuristic captain plays the foe and the rollouts), and the same
budget with the generic rollout (uniform random moves, the game's depth cut-off and
evaluation, no model of the foe) to show what the game's model costs.

.venv/bin/python bench/bench_ismcts.py [--decisions 5] [--level hard] [--game broadsides]
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.engine import Rng, State, game_names, get_game


def random_game_length(name: str, seed: int) -> int:
    """Decisions in the random game of ``seed`` (capped, for a game that could run on)."""
    game = get_game(name)
    state = game.new_state(game.min_players, seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not state.is_terminal() and steps < 20_000:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def positions(name: str, count: int) -> list[State]:
    """Mid-game positions of random games (a fifth to three fifths of the way through,
    by each game's own length), at a decision with more than one choice."""
    game = get_game(name)
    out: list[State] = []
    seed = 0
    while len(out) < count and seed < 10 * count:
        length = random_game_length(name, seed)
        state = game.new_state(game.min_players, seed)
        rng = Rng.from_seed(seed)
        stop = length // 5 + Rng.from_seed(seed + 1_000).below(max(1, 2 * length // 5))
        for _ in range(stop):
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    table = Table(title=f"IS-MCTS ({args.level}) on one core")
    for column in (
        "game",
        "search",
        "decisions",
        "iterations/s (median)",
        "seconds per decision",
        "slowest",
    ):
        table.add_column(column, justify="left" if column in ("game", "search") else "right")
    for name in args.game or game_names():
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
            table.add_row(
                name,
                label,
                str(len(states)),
                f"{bot.iterations / statistics.median(times):,.0f}",
                f"{statistics.mean(times):.2f}",
                f"{max(times):.2f}",
            )
    Console().print(table)


if __name__ == "__main__":
    main()
