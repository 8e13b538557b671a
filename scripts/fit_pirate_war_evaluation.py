"""Fit the Pirate War evaluation (``WEIGHTS`` in src/quarterdeck/games/pirate_war/evaluation.py).

    .venv/bin/python scripts/fit_pirate_war_evaluation.py [-n 1000] [--seed 1] [--epsilon 0.15]

Plays two-player heuristic self-play games on one core (a share ``--epsilon`` of the
moves at random instead), keeps every 10th position with the game's winner, and fits
a logistic model of seat 0 winning on the difference of the captains' features
(``evaluation.FEATURES``, no intercept), with a little L2 shrinkage, by Newton's
method. One game in five is held out to report how well the model predicts. Prints
the weights to paste into ``evaluation.WEIGHTS``. Deterministic: the same arguments
give the same weights.
"""

from __future__ import annotations

import argparse

import numpy as np

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState
from quarterdeck.games.pirate_war.evaluation import FEATURES, captain_features

EVERY = 10


def positions(game: PirateWar, seed: int, epsilon: float) -> tuple[list[list[float]], float]:
    """Feature differences (seat 0 − seat 1) of every EVERY-th position; seat 0's result."""
    state = game.new_state(2, seed)
    assert isinstance(state, PirateWarState)
    bots = [make_bot("heuristic", game, 2 * seed + s) for s in range(2)]
    stray = Rng.from_seed(seed ^ 0x5EED)
    rows = []
    while not state.is_terminal():
        if state.table.round > 0 and len(state.history) % EVERY == 0:
            a, b = captain_features(state, 0), captain_features(state, 1)
            rows.append([x - y for x, y in zip(a, b, strict=True)])
        seat = state.current_player
        assert seat is not None
        if stray.below(10_000) < epsilon * 10_000:
            state.apply(stray.choice(state.legal_actions()))
        else:
            state.apply(bots[seat].choose(state))
    return rows, (state.returns()[0] + 1) / 2


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epsilon", type=float, default=0.15)
    args = parser.parse_args()
    game = PirateWar()
    train: tuple[list[list[float]], list[float]] = ([], [])
    test: tuple[list[list[float]], list[float]] = ([], [])
    for k in range(args.n):
        rows, result = positions(game, args.seed * 1_000_000 + k, args.epsilon)
        part = test if k % 5 == 4 else train
        part[0].extend(rows)
        part[1].extend([result] * len(rows))
    x, y = np.array(train[0]), np.array(train[1])
    w = fit(x, y)
    tx, ty = np.array(test[0]), np.array(test[1])
    print(f"{len(y)} positions to fit, {len(ty)} held out")
    print(f"held-out log loss {log_loss(tx, ty, w):.4f} (a coin: {np.log(2):.4f})")
    accuracy = float(np.mean(((tx @ w) > 0) == (ty > 0.5)))
    print(f"held-out accuracy {accuracy:.3f}")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:12s} {value:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
