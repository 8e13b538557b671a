"""PW-17: treasures and victory, and the round cap (pure functions over the table)."""

from __future__ import annotations

from quarterdeck.engine import Event

from .table import Play, Table


def store_treasure(p: Play, seat: int) -> None:
    """PW-17.2: one treasure aboard moves into the store; PW-17.3: the player wins the
    instant the store holds ``victory_treasures``."""
    t = p.table
    t.aboard[seat] -= 1
    t.store[seat] += 1
    p.log(Event("stored", {"seat": seat, "store": t.store[seat]}))
    if t.store[seat] >= p.options["victory_treasures"]:
        finish(p, [seat], "treasures")


def cap_winners(t: Table) -> list[int]:
    """PW-17.4: most stored treasures, then most aboard, then most gold; ties share."""
    keys = [(t.store[s], t.aboard[s], t.gold[s]) for s in range(len(t.store))]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


def finish(p: Play, winners: list[int], why: str) -> None:
    t = p.table
    t.over = True
    t.winners = list(winners)
    t.pending = []
    p.log(Event("game-end", {"winners": list(winners), "why": why, "round": t.round}))


def returns(t: Table, players: int) -> list[float]:
    """Two players: +1 / -1 (0 each for a shared win); more: the winners share 1."""
    if not t.over:
        return [0.0] * players
    if players == 2:
        if len(t.winners) == 2:
            return [0.0, 0.0]
        return [1.0 if s in t.winners else -1.0 for s in range(2)]
    return [1.0 / len(t.winners) if s in t.winners else 0.0 for s in range(players)]
