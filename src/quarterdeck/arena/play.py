"""One game between bots: its seeds, its seats and its result.

Each game is a pure function of the game, its options, the run's seed and the game's
index, so results never depend on how the games are spread over workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from quarterdeck.ai import make_bot
from quarterdeck.engine import Game, Record, derive_seed

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
    turns = state.turns_played()
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
