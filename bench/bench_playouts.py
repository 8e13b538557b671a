"""Random-playout speed of every registered game, on one core.

    python3 run.py qd ...          (not needed)
    .venv/bin/python bench/bench_playouts.py [--seconds 5]

Prints, per game and player count, the decisions per second and games per second
of a loop of ``legal_actions()`` + ``apply()`` with a uniform random choice, and
the same with the game's heuristic bot choosing. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng, game_names, get_game


def random_playouts(name: str, players: int, seconds: float) -> tuple[int, int, float]:
    game = get_game(name)
    rng = Rng.from_seed(0)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players, games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def bot_playouts(name: str, players: int, bot: str, seconds: float) -> tuple[int, int, float]:
    game = get_game(name)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players, games)
        bots = [make_bot(bot, game, games * 10 + s) for s in range(players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))  # type: ignore[index]
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per row")
    args = parser.parse_args()
    table = Table(title="Random playouts on one core")
    for column in ("game", "players", "chooser", "games", "decisions/s", "games/s"):
        table.add_column(column, justify="left" if column in ("game", "chooser") else "right")
    for name in game_names():
        game = get_game(name)
        for players in sorted({game.min_players, min(4, game.max_players), game.max_players}):
            rows = [("random", random_playouts(name, players, args.seconds))]
            rows += [(bot, bot_playouts(name, players, bot, args.seconds)) for bot in game.bots()]
            for chooser, (games, decisions, elapsed) in rows:
                table.add_row(
                    name,
                    str(players),
                    chooser,
                    str(games),
                    f"{decisions / elapsed:,.0f}",
                    f"{games / elapsed:,.0f}",
                )
    Console().print(table)


if __name__ == "__main__":
    main()
