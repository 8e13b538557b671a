"""Where the time of random playouts goes, per game (cProfile, top functions).

.venv/bin/python bench/profile_playouts.py broadsides [--games 50]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from quarterdeck.engine import Rng, get_game


def playouts(name: str, games: int) -> int:
    game = get_game(name)
    rng = Rng.from_seed(0)
    decisions = 0
    for seed in range(games):
        state = game.new_state(game.min_players, seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    profile = cProfile.Profile()
    profile.enable()
    decisions = playouts(args.game, args.games)
    profile.disable()
    print(f"{args.game}: {args.games} random games, {decisions} decisions")
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
