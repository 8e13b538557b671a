"""Simulating many games between bots, and adding up who won.

Each game is a pure function of the game, its options, the run's seed and the game's
index, so results never depend on the backend or on how many workers play them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.engine import get_game

from .backends import Backend, batch_size, batches, play_all
from .play import GameResult, bot_seed, game_seed, play_one, seat_bots, win_shares

JSON = Any

__all__ = [
    "GameResult",
    "Summary",
    "bot_seed",
    "game_seed",
    "play_one",
    "seat_bots",
    "simulate",
    "win_shares",
]


@dataclass
class Summary:
    game: str
    players: int
    bots: list[str]
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)  # seats each bot filled
    decisions: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    draws: int = 0  # games whose seats all shared the win equally
    interrupted: bool = False

    def add(self, result: GameResult) -> None:
        self.games += 1
        if not self.seat_wins:
            self.seat_wins = [0.0] * self.players
        shares = win_shares(result.returns)
        self.draws += len(set(shares)) == 1
        for seat, (bot, share) in enumerate(zip(result.seats, shares, strict=True)):
            self.seat_wins[seat] += share
            self.bot_wins[bot] = self.bot_wins.get(bot, 0.0) + share
            self.bot_seats[bot] = self.bot_seats.get(bot, 0) + 1
        self.decisions.append(result.decisions)
        self.turns.append(result.turns)

    def to_json(self) -> dict[str, JSON]:
        n = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seat_wins": self.seat_wins,
            "seat_win_rate": [w / n for w in self.seat_wins],
            "bot_wins": self.bot_wins,
            # A bot's share of the wins per seat it filled: 1/players is par.
            "bot_win_rate": {b: w / self.bot_seats[b] for b, w in self.bot_wins.items()},
            "mean_decisions": sum(self.decisions) / n,
            "mean_turns": sum(self.turns) / n,
            "max_decisions": max(self.decisions, default=0),
            "draws": self.draws,
            "interrupted": self.interrupted,
        }


def simulate(
    game_name: str,
    players: int,
    n: int,
    bots: Sequence[str],
    seed: int = 0,
    options: Mapping[str, JSON] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
    workers: int = 1,
    backend: Backend | None = None,
) -> Summary:
    """Play ``n`` games on ``backend`` (default: ``workers`` local processes);
    ``on_result`` is told of each as it ends (for progress and records). The summary
    adds the games up in index order, so it never depends on the backend. Interrupted
    (Ctrl-C), it returns the games finished so far, marked ``interrupted``."""
    game = get_game(game_name, options)  # bad options are refused before any work starts
    summary = Summary(game.name, players, list(bots))
    results: dict[int, GameResult] = {}

    def finished(_: int, result: GameResult) -> None:
        results[result.index] = result
        if on_result is not None:
            on_result(result)

    size = batch_size(n, backend.workers if backend else workers)
    work = batches(0, game_name, options, players, bots, seed, n, keep_records, size)
    summary.interrupted = play_all(work, finished, backend, workers)
    for index in sorted(results):
        summary.add(results[index])
    return summary
