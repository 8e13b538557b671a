"""The decks (rulebook: Stage 3; rulings 8 and 9): each captain's Aim deck, the
Target deck and the bag of shot discs.

An Aim deck that runs out is formed anew from its discard pile at once; with nothing
to form it from, nothing is drawn (ruling 8). An empty Target deck is formed anew from
the discarded Targets (ruling 9). Every draw takes the state's own generator.

The piles stay plain lists (``decks``, ``discards``, ``target_deck``,
``target_discards`` of the position), not the engine's ``Deck``: the state's JSON
names them so, and the Aim deck's reshuffle also notes what it was formed from.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from .table import Position


def draw_aim(s: Position, p: int, n: int) -> int:
    """Draw up to ``n`` Aim cards; an Aim deck that runs out is formed anew from
    the discard pile at once."""
    drawn = 0
    for _ in range(n):
        reshuffle_if_empty(s, p)
        if not s.decks[p]:
            break  # ruling 8: nothing to draw
        s.hands[p].append(s.decks[p].pop())
        drawn += 1
    reshuffle_if_empty(s, p)
    s.hands[p].sort()
    s.log(Event("draw", {"seat": p, "count": drawn}))
    return drawn


def reshuffle_if_empty(s: Position, p: int) -> None:
    if s.decks[p] or not s.discards[p]:
        return
    s.decks[p] = s.discards[p]
    s.discards[p] = []
    if s.sea is not None:  # a card Spy Aboard saw may now come back unseen (SD19)
        foe = 1 - p
        s.sea.seen[foe] = [c for c in s.sea.seen[foe] if c in s.hands[p]]
    # The new deck is the (public) discard pile: from now on the foe knows which
    # cards may be in it, and so every card in hand that is not among them.
    s.refills[p] = sorted(s.decks[p])
    s.rng.shuffle(s.decks[p])
    s.log(Event("aim-reshuffle", {"seat": p, "cards": list(s.refills[p])}))


def draw_target(s: Position) -> int | None:
    if not s.target_deck and s.target_discards:  # ruling 9
        s.target_deck = s.target_discards
        s.target_discards = []
        s.rng.shuffle(s.target_deck)
        s.log(Event("target-reshuffle", {}))
    return s.target_deck.pop() if s.target_deck else None


def discard_targets(s: Position, p: int) -> None:
    """Discard every Target card and the Aim cards played to them."""
    for t in s.targets[p]:
        s.target_discards.append(t[0])  # type: ignore[arg-type]
        for card in (t[1], t[3]):
            if card is not None:
                s.discards[p].append(card)
    s.targets[p] = []


def draw_shots(s: Position, n: int) -> list[int]:
    """Draw up to ``n`` shot discs from the bag at random."""
    drawn = []
    for _ in range(n):
        total = sum(s.bag)
        if not total:
            break
        r = s.rng.below(total)
        shot = 0
        while r >= s.bag[shot]:  # the r-th disc in the bag, by kind
            r -= s.bag[shot]
            shot += 1
        s.bag[shot] -= 1
        drawn.append(shot)
    return drawn
