"""What a shorter rollout costs the search in strength: ``ismcts:LEVEL`` with rollouts
cut after ``--depth`` decisions against the same level cut after ``--against``, both
asking the game's evaluation where they stop.

Each seed is played twice with the seats swapped, so a deal favours neither depth.

    .venv/bin/python bench/bench_rollout_depth.py [--game broadsides] [--level hard]
        [--depth 8] [--against 16] [--seeds 50] [--workers 2] [--seed 0]

Prints the first depth's share of the wins with its 95% interval, and each side's
seconds per searched decision. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.arena.play import bot_seed, game_seed, win_shares
from quarterdeck.arena.stats import wilson
from quarterdeck.engine import get_game


def duel(
    game_name: str, level: str, depths: tuple[int, int], seed: int, swapped: bool
) -> tuple[float, list[float], list[int]]:
    """One game: the first depth's share of the win, and each depth's seconds and
    decisions searched."""
    game = get_game(game_name)
    seats = (depths[1], depths[0]) if swapped else depths
    bots = []
    for place, depth in enumerate(seats):
        bot = make_bot(f"ismcts:{level}", game, bot_seed(seed, place))
        assert isinstance(bot, ISMCTSBot)
        bot.rollout_depth = depth
        bots.append(bot)
    thought = [0.0, 0.0]
    searched = [0, 0]
    state = game.new_state(2, seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        many = len(state.legal_actions()) > 1
        start = time.perf_counter()
        action = bots[seat].choose(state)
        side = seat ^ swapped
        if many:
            thought[side] += time.perf_counter() - start
            searched[side] += 1
        state.apply(action)
    share = win_shares(state.returns())[1 if swapped else 0]
    return share, thought, searched


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="broadsides")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--against", type=int, default=16)
    parser.add_argument("--seeds", type=int, default=50, help="each played twice, seats swapped")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    depths = (args.depth, args.against)
    shares: list[float] = []
    thought = [0.0, 0.0]
    searched = [0, 0]
    with ProcessPoolExecutor(args.workers) as pool, Progress() as progress:
        task = progress.add_task(f"depth {args.depth} against {args.against}", total=2 * args.seeds)
        futures = [
            pool.submit(duel, args.game, args.level, depths, game_seed(args.seed, i), swapped)
            for i in range(args.seeds)
            for swapped in (False, True)
        ]
        for future in as_completed(futures):
            share, secs, count = future.result()
            shares.append(share)
            for side in (0, 1):
                thought[side] += secs[side]
                searched[side] += count[side]
            progress.advance(task)
    score = sum(shares)
    low, high = wilson(score, len(shares))
    table = Table(title=f"{args.game}: ismcts:{args.level}, rollout depth against depth")
    for column in ("depth", "games", "score", "95% interval", "s per searched decision"):
        table.add_column(column, justify="right")
    rate = score / len(shares)
    sides = ((args.depth, rate, low, high), (args.against, 1 - rate, 1 - high, 1 - low))
    for side, (depth, won, lowest, highest) in enumerate(sides):
        table.add_row(
            str(depth),
            str(len(shares)),
            f"{won:.1%}",
            f"{lowest:.1%}–{highest:.1%}",
            f"{thought[side] / max(1, searched[side]):.3f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
