"""Simulating many games between bots.

Each game is a pure function of the game, its options, the run's seed and the game's
index, so results never depend on how the games are spread over workers.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.ai import make_bot
from quarterdeck.engine import Game, Record, derive_seed, get_game

JSON = Any


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run."""
    return derive_seed("game", run_seed, index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: one-way from the game's seed, so that no bot
    can work out the game's seed (and with it every deck's order)."""
    return derive_seed("bot", seed, seat)


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """Which bot sits where in game ``index``: the list fills the seats in turn and is
    rotated each game, so every bot plays every seat equally often; after each full
    rotation the list starts one bot later, so that no bot always fills more seats."""
    start = index // players
    filled = [bots[(start + i) % len(bots)] for i in range(players)]
    shift = index % players
    return filled[shift:] + filled[:shift]


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]
    returns: list[float]
    decisions: int
    turns: int
    record: JSON = None


def play_one(
    game: Game,
    players: int,
    bots: Sequence[str],
    run_seed: int,
    index: int,
    keep_record: bool = False,
) -> GameResult:
    seed = game_seed(run_seed, index)
    seats = seat_bots(bots, players, index)
    players_bots = [make_bot(name, game, bot_seed(seed, seat)) for seat, name in enumerate(seats)]
    state = game.new_state(players, seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(players_bots[seat].choose(state))
    turns = int(getattr(state, "turns", 0))
    record = Record.of(state, seats).to_json() if keep_record else None
    return GameResult(index, seed, seats, state.returns(), len(state.history), turns, record)


def win_shares(returns: Sequence[float]) -> list[float]:
    """Each seat's share of the win: in a zero-sum two-player game the winner gets 1
    and a draw ½ each; in a game whose winners share 1, that share."""
    if len(returns) == 2 and abs(sum(returns)) < 1e-9:
        if returns[0] == returns[1]:
            return [0.5, 0.5]
        return [1.0 if r > 0 else 0.0 for r in returns]
    return list(returns)


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


def play_chunk(
    game_name: str,
    options: Mapping[str, JSON] | None,
    players: int,
    bots: Sequence[str],
    run_seed: int,
    indices: Sequence[int],
    keep_records: bool,
) -> list[GameResult]:
    """Games ``indices`` of a run, in a worker process."""
    game = get_game(game_name, options)
    return [play_one(game, players, bots, run_seed, index, keep_records) for index in indices]


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
) -> Summary:
    """Play ``n`` games on ``workers`` processes; ``on_result`` is told of each as it
    ends (for progress and records). The summary adds the games up in index order, so
    it never depends on the number of workers. Interrupted (Ctrl-C), it returns the
    games finished so far, marked ``interrupted``."""
    game = get_game(game_name, options)
    summary = Summary(game.name, players, list(bots))
    results: dict[int, GameResult] = {}

    def finished(result: GameResult) -> None:
        results[result.index] = result
        if on_result is not None:
            on_result(result)

    try:
        if workers <= 1:
            for index in range(n):
                finished(play_one(game, players, bots, seed, index, keep_records))
        else:
            _run_pool(game_name, options, players, n, bots, seed, keep_records, workers, finished)
    except KeyboardInterrupt:
        summary.interrupted = True
    for index in sorted(results):
        summary.add(results[index])
    return summary


def _run_pool(
    game_name: str,
    options: Mapping[str, JSON] | None,
    players: int,
    n: int,
    bots: Sequence[str],
    seed: int,
    keep_records: bool,
    workers: int,
    finished: Callable[[GameResult], None],
) -> None:
    # Small chunks keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(50, n // (workers * 8) or 1))
    chunks = [range(start, min(n, start + size)) for start in range(0, n, size)]
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    futures = [
        pool.submit(
            play_chunk, game_name, options, players, list(bots), seed, list(c), keep_records
        )
        for c in chunks
    ]
    try:
        for future in as_completed(futures):
            for result in future.result():
                finished(result)
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)  # keep what is done, stop the rest
        raise
    pool.shutdown()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the results."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
