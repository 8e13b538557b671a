"""µs per information digest (OpenSpiel's information-state string) mid-game.

    .venv/bin/python bench/bench_infostate.py [--repeat 7] [--calls 200]

For BroadSides, BroadSides with the Sea Dog module and Letter of Marque (3 and 6
players), a random game is played to a few depths; at each, ``calls`` fresh copies
one random step past the position each ask ``information_digest`` for the seat to
decide (a search's pattern: the log's digest carries over and is extended by the
new events). The figure is the minimum over ``repeat`` rounds of the mean per call
(a loaded machine only ever slows a round down; process time, so another process's
turn on the core does not count), for the digest as it is and as it was with the
engine's default ``seat_information`` (the whole view as sorted JSON), the "before".
A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from quarterdeck.engine import Game, Rng, State, get_game
from quarterdeck.engine.events import chain

#: (label, game name, options, players)
SETTINGS: list[tuple[str, str, dict[str, Any], int]] = [
    ("BroadSides", "broadsides", {}, 2),
    ("BroadSides sea_dog", "broadsides", {"sea_dog": True}, 2),
    ("Letter of Marque 3", "letter-of-marque", {}, 3),
    ("Letter of Marque 6", "letter-of-marque", {}, 6),
]
#: Decisions after the deal at which the digest is timed.
DEPTHS = (10, 30, 100, 400)


def positions(name: str, options: dict[str, Any], players: int, seed: int) -> list[State]:
    """The positions of one random game at ``DEPTHS`` (as many as it reaches)."""
    state = get_game(name, options).new_state(players, seed)
    rng = Rng.from_seed(seed)
    out = []
    for depth in DEPTHS:
        while len(state.history) < depth and not state.is_terminal():
            state.apply(rng.choice(list(state.legal_actions())))
        if state.is_terminal():
            break
        out.append(state.clone())
    return out


def steps(state: State, calls: int, rng: Rng) -> list[tuple[State, int]]:
    """``calls`` copies one random step past ``state``, each with the seat to decide."""
    for seat in range(state.num_players):  # the digests so far, as a search has them
        state.information_digest(seat)
    out = []
    for _ in range(calls):
        step = state.clone()
        step.apply(rng.choice(list(step.legal_actions())))
        mover = step.current_player
        out.append((step, 0 if mover is None else mover))
    return out


def best_mean(state: State, calls: int, repeat: int, seed: int, part: str) -> float:
    """The least mean µs per call over ``repeat`` rounds, each on fresh copies."""
    best = float("inf")
    for r in range(repeat):
        copies = steps(state, calls, Rng.from_seed(seed + r))
        game = state.game
        started = time.process_time()
        if part == "digest":
            for step, seat in copies:
                step.information_digest(seat)
        else:  # the digest with the engine's default seat_information
            for step, seat in copies:
                chain(step._log_digest(seat), Game.seat_information(game, step, seat)).hex()
        best = min(best, (time.process_time() - started) / calls)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<20} {'depth':>5} {'events':>6} {'digest µs':>10} {'default µs':>10}")
    for label, name, options, players in SETTINGS:
        for state in positions(name, options, players, args.seed):
            digest = best_mean(state, args.calls, args.repeat, args.seed, "digest")
            default = best_mean(state, args.calls, args.repeat, args.seed, "default")
            print(
                f"{label:<20} {len(state.history):>5} {len(state.events):>6} "
                f"{digest:>10.1f} {default:>10.1f}"
            )


if __name__ == "__main__":
    main()
