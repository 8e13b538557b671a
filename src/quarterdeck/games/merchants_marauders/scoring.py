"""MM-17.4 the winner and MM-17.5 returns: pure functions over the table."""

from __future__ import annotations

import math

from .basics import total_glory
from .table import Ctx


def ranking_key(ctx: Ctx, seat: int) -> tuple[int, int, int]:
    """Highest total glory; ties: most glory on the track, then most gold stashed."""
    p = ctx.table.players[seat]
    return (total_glory(ctx, p), p.glory, p.stash)


def winners(ctx: Ctx) -> list[int]:
    keys = [ranking_key(ctx, s) for s in range(ctx.num_players)]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


def returns(ctx: Ctx) -> list[float]:
    """MM-17.5: winners share 1 point, the others 0. Two players: the engine's
    zero-sum form, +1 / -1, and 0 each for a shared win."""
    won = winners(ctx)
    n = ctx.num_players
    if n == 2:
        if len(won) == 2:
            return [0.0, 0.0]
        return [1.0 if s in won else -1.0 for s in range(n)]
    return [1.0 / len(won) if s in won else 0.0 for s in range(n)]


def estimate(ctx: Ctx) -> list[float]:
    """A search's guess at an unfinished game's returns (MM-17.5 scale): each seat's
    total glory plus its gold and stash as glory to come (15 gold a point); two
    players: tanh of the difference over 3, more: a softmax share of 1."""
    t = ctx.table
    scores = [total_glory(ctx, p) + (p.gold + p.stash % 10) / 15 for p in t.players]
    if ctx.num_players == 2:
        value = math.tanh((scores[0] - scores[1]) / 3)
        return [value, -value]
    top = max(scores)
    weights = [math.exp((x - top) / 1.5) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
