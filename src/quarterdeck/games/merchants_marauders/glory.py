"""MM-14 Glory cards: playing specialists and one-use cards (MM-D.9)."""

from __future__ import annotations

from quarterdeck.engine import Event

from .components import CREW
from .phases import CARPENTER, RETURN_BOUNTY
from .table import Ctx, Decision

WINDFALL_GOLD = 5
CARPENTER_POINTS = 2


def glory_type(ctx: Ctx, key: str) -> int:
    return next(i for i, g in enumerate(ctx.c.glory_types) if g.key == key)


def play_card(ctx: Ctx, seat: int, glory_type_: int) -> None:
    """The card of that type leaves the hand, shown, for the discard pile."""
    t = ctx.table
    p = t.players[seat]
    card = next(g for g in p.hand if ctx.c.glory[g] == glory_type_)
    p.hand.remove(card)
    t.glory_discard.append(card)
    ctx.log(Event("glory-played", {"seat": seat, "card": ctx.c.glory_types[glory_type_].name}))


def playable_on_turn(ctx: Ctx, seat: int, glory_type_: int) -> bool:
    """MM-14.3: one-use cards played on your own turn, outside combat, when they have
    something to do (MM-1.9)."""
    t = ctx.table
    p = t.players[seat]
    key = ctx.c.glory_types[glory_type_].key
    if key == "fair_winds":
        return True
    if key == "windfall":
        return True
    if key == "forged_papers":
        return not t.forged and not t.port_used
    if key == "ships_carpenter":
        return any(p.values[loc] < p.maxima[loc] for loc in range(5) if loc != CREW)
    if key == "royal_pardon":
        return any(p.bounties)
    return False  # reactions, skill re-rolls and Hot Tip are played elsewhere


def play(ctx: Ctx, seat: int, glory_type_: int) -> None:
    t = ctx.table
    p = t.players[seat]
    key = ctx.c.glory_types[glory_type_].key
    play_card(ctx, seat, glory_type_)
    if key == "fair_winds":
        t.extra_moves += 1
    elif key == "windfall":
        p.gold += WINDFALL_GOLD
    elif key == "forged_papers":
        t.forged = True
    elif key == "ships_carpenter":
        t.pending.append(Decision(CARPENTER, seat, [CARPENTER_POINTS]))
    elif key == "royal_pardon":
        t.pending.append(Decision(RETURN_BOUNTY, seat))
