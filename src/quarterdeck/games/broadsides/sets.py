"""Sets of Aim cards (rulebook: Aim!, Broadside!, Sheer Off!, Reload!, Repair!,
Evasion): a set is picked from the hand card by card, then played.

Each set is offered in one canonical order only, so that a bot never sees the same
set twice: flushes Wilds first (the first one names the suit), then by card id;
straights in run order from the lowest card (a Wild names its value); pairs, any two
cards and Repair payments by ascending id (Wilds last). A card is offered only if the
set can still be finished after it. When a set is done its cards are discarded and
the rule of its kind plays it (``proceed(kind)``: the Stage 1 actions, the Evasion).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .components import WILD_CARDS, card_suit, card_value, is_wild
from .phases import (
    AIM_CARD,
    ANY_TWO,
    EVADE,
    FLUSH,
    PAIR,
    PAYMENT,
    PICK,
    PLACE,
    SEA_DECLARE,
    STRAIGHT,
)
from .ship import holds, usable_shots
from .table import Position


def ordered_options(units: Sequence[int], need: int, last: int) -> list[int]:
    """Choices of ``need`` more of ``units`` (action ids, with repeats) taken in
    non-decreasing order from ``last`` on, so that one set of choices is offered in one
    order only; a choice is offered only if enough units remain after it."""
    ordered = sorted(u for u in units if u >= last)
    return sorted({u for i, u in enumerate(ordered) if len(ordered) - i >= need})


def next_value(v: int) -> int:
    """Straights wrap from 10 to 1."""
    return 1 if v == 10 else v + 1


def card_id(s: Position, card: int) -> int:
    """The action that picks ``card`` (either Wild is "a Wild")."""
    a = s.game.ids
    return a["wild"] if is_wild(card) else a["card", card]


def reserve(s: Position) -> int:
    """Cards an action must leave in hand so that the turn's Aim stays possible:
    none with Close Quarters held, which Aims with no card (Sea Dog, SD3, SD24)."""
    if s.actions_taken != 0:
        return 0
    return 0 if s.sea is not None and holds(s, s.seat, "DT03") else 1


def start_pick(s: Position, kind: str) -> None:
    s.sel = []
    s.sel_kind = kind
    s.phase = PICK


def sel_cards(s: Position) -> list[int]:
    return [x[0] for x in s.sel]


def free_cards(s: Position, p: int) -> list[int]:
    chosen = sel_cards(s)
    return [card for card in s.hands[p] if card not in chosen]


def max_cards(s: Position) -> int:
    """How many cards the set may hold."""
    p = s.seat
    kind = s.sel_kind
    if kind == EVADE:
        return len(s.hands[p])
    room = len(s.hands[p]) - reserve(s)
    if kind == FLUSH:
        return min(room, usable_shots(s, p))
    if kind == PAYMENT:
        return min(room, 3)
    if kind in (PAIR, ANY_TWO):
        return 2
    return room


def pick_options(s: Position) -> list[int]:
    kind = s.sel_kind
    if kind == AIM_CARD:
        a = s.game.ids
        ids = [a["card", card] for card in s.hands[s.seat] if not is_wild(card)]
        if any(is_wild(card) for card in s.hands[s.seat]):
            ids += [a["wild-value", v] for v in range(1, 11)]
        return ids
    if kind == FLUSH:
        return flush_options(s)
    if kind in (STRAIGHT, EVADE):
        return straight_options(s)
    return plain_options(s)


# -- flushes: Wilds first (the first one names the suit), then cards by ascending id ----


def flush_starts(s: Position, keep: int) -> bool:
    """Whether a flush of two or more cards of an uncovered suit can be picked."""
    p = s.seat
    room = min(len(s.hands[p]) - keep, usable_shots(s, p))
    if room < 2:
        return False
    wilds = sum(1 for card in s.hands[p] if is_wild(card))
    suits = Counter(card_suit(card) for card in s.hands[p] if not is_wild(card))
    return any(not s.covered[p]["broadside"][x] and suits[x] + wilds >= 2 for x in range(4))


def flush_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    free = free_cards(s, p)
    wilds = sum(1 for card in free if is_wild(card))
    if len(s.sel) >= max_cards(s):
        return [a["done"]]
    ids = []
    if not s.sel:
        suits = Counter(card_suit(card) for card in free if not is_wild(card))
        for x in range(4):
            if s.covered[p]["broadside"][x]:
                continue
            if wilds and suits[x] + wilds >= 2:
                ids.append(a["wild-suit", x])
            cards = sorted(card for card in free if not is_wild(card) and card_suit(card) == x)
            ids += [a["card", card] for card in cards[:-1]]  # another must follow
        return ids
    suit = s.sel[0][2]
    normals = [x[0] for x in s.sel if not is_wild(x[0])]
    if not normals and wilds:
        ids.append(a["wild"])
    low = normals[-1] if normals else -1
    ids += [
        a["card", card]
        for card in free
        if not is_wild(card) and card_suit(card) == suit and card > low
    ]
    if len(s.sel) >= 2:
        ids.append(a["done"])
    return ids


# -- straights: in run order from the lowest card; a Wild names its value ---------------


def track_open(s: Position, track: str, value: int) -> bool:
    return not s.covered[s.seat][track][value - 1]


def straight_starts(s: Position, track: str, room: int) -> bool:
    """Whether a straight of two or more uncovered numbers can be picked."""
    if room < 2:
        return False
    hand = s.hands[s.seat]
    values = {card_value(card) for card in hand if not is_wild(card)}
    wilds = sum(1 for card in hand if is_wild(card))
    for v in range(1, 11):
        w = next_value(v)
        if not (track_open(s, track, v) and track_open(s, track, w)):
            continue
        need = (v not in values) + (w not in values)
        if need <= wilds:
            return True
    return False


def straight_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    track = "evasion" if s.sel_kind == EVADE else "sheer-off"
    free = free_cards(s, p)
    wilds = sum(1 for card in free if is_wild(card))
    values_free = {card_value(card) for card in free if not is_wild(card)}
    ids = []
    if not s.sel:
        if s.sel_kind == EVADE:
            ids.append(a["done"])  # no Evasion
        if max_cards(s) < 2:
            return ids
        for v in range(1, 11):
            w = next_value(v)
            if not (track_open(s, track, v) and track_open(s, track, w)):
                continue
            # v must be followed by w: by a card, or by a Wild that is left over
            for card in free:
                if not is_wild(card) and card_value(card) == v and (w in values_free or wilds):
                    ids.append(a["card", card])
            if wilds and (w in values_free or wilds >= 2):
                ids.append(a["wild-value", v])
        return ids
    used = {x[1] for x in s.sel}
    if len(s.sel) < min(max_cards(s), 10):
        v = next_value(s.sel[-1][1])
        if v not in used and track_open(s, track, v):
            ids += [a["card", card] for card in free if not is_wild(card) and card_value(card) == v]
            if wilds:
                ids.append(a["wild-value", v])
    if len(s.sel) >= 2:
        ids.append(a["done"])
    return ids


# -- pairs, any two cards and Repair payments: by ascending id (Wilds last) -------------


def pair_starts(s: Position) -> bool:
    """Whether a pair can be picked (a Wild pairs with any card)."""
    hand = s.hands[s.seat]
    wilds = sum(1 for card in hand if is_wild(card))
    values = Counter(card_value(card) for card in hand if not is_wild(card))
    return wilds >= 2 or (wilds >= 1 and bool(values)) or any(n >= 2 for n in values.values())


def plain_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    kind = s.sel_kind
    free = free_cards(s, p)
    low = s.sel[-1][0] if s.sel else -1
    if is_wild(low):  # either Wild may have gone first (wild_face_up): the other follows
        low = WILD_CARDS[0] - 1
    candidates = [card for card in free if card > low]
    ids = []
    if kind == ANY_TWO and not s.sel:  # another card must follow the first
        candidates = [card for card in candidates if any(other > card for other in free)]
    if len(s.sel) < max_cards(s):
        if kind == PAIR and s.sel:
            first = s.sel[0][0]
            candidates = [
                card
                for card in candidates
                if is_wild(card) or is_wild(first) or card_value(card) == card_value(first)
            ]
        elif kind == PAIR:  # the first card of a pair needs a partner after it
            candidates = [
                card
                for card in candidates
                if any(
                    other > card
                    and (
                        is_wild(other)
                        or (not is_wild(card) and card_value(other) == card_value(card))
                    )
                    for other in free
                )
            ]
        seen_wild = False
        for card in candidates:
            if is_wild(card):
                if seen_wild:
                    continue
                seen_wild = True
            ids.append(card_id(s, card))
    if kind == PAYMENT and s.sel:
        ids.append(a["done"])
    return ids


# -- picking ------------------------------------------------------------------------------


def take(s: Position, card: int, value: int, suit: int) -> None:
    s.sel.append([card, value, suit])
    if s.sel_kind in (PAIR, ANY_TWO) and len(s.sel) == 2:  # sets of a fixed size are done
        done(s)


def pick_card(s: Position, card: int) -> None:
    if s.sel_kind == AIM_CARD:
        s.sel = [[card, card_value(card), card_suit(card)]]
        to_place(s)
        return
    take(s, card, card_value(card), card_suit(card))


def pick_wild(s: Position) -> None:
    suit = s.sel[0][2] if s.sel_kind == FLUSH else -1
    take(s, first_free_wild(s), -1, suit)


def pick_wild_value(s: Position, value: int) -> None:
    wild = first_free_wild(s)
    if s.sel_kind == AIM_CARD:
        s.sel = [[wild, value, -1]]
        to_place(s)
        return
    take(s, wild, value, -1)


def pick_wild_suit(s: Position, suit: int) -> None:
    take(s, first_free_wild(s), -1, suit)


def to_place(s: Position) -> None:
    """The Aim card is chosen: it is placed (with the Sea Dog module, after the
    OWN_DECLARE:Aim window)."""
    if s.sea is not None:
        s.proceed(SEA_DECLARE)
    else:
        s.phase = PLACE


def first_free_wild(s: Position) -> int:
    return wild_face_up(s, s.seat, free_cards(s, s.seat))


def wild_face_up(s: Position, p: int, free: Sequence[int]) -> int:
    """The number of the Wild of ``p``'s that goes face up from ``free`` (the cards
    of the hand that may). The two Wilds are alike, so the number must tell the foe
    nothing it does not know: a Wild it knows is in the hand (held since the deck
    was last formed anew) goes first; otherwise the lowest numbered of the hidden
    ones, in the hand or in the deck, the two swapping numbers if need be."""
    held = [card for card in WILD_CARDS if card in free]
    refill = s.refills[p]
    known = [card for card in held if card not in refill]
    if known:
        return known[0]
    deck = s.decks[p]
    lowest = next(card for card in WILD_CARDS if card in held or card in deck)
    if lowest not in held:  # it lies in the deck: the two swap numbers
        hand, other = s.hands[p], held[0]
        deck[deck.index(lowest)] = other
        hand[hand.index(other)] = lowest
        hand.sort()
        # Both numbers were among the deck's possible cards (the hand's Wild was
        # not known), so ``refills`` stays true.
    return lowest


def done(s: Position) -> None:
    """The set is complete: its cards are discarded (an Evasion of no cards
    discards none) and the rule of its kind plays it."""
    kind = s.sel_kind
    cards = sel_cards(s)
    p = s.seat
    if kind != EVADE or cards:
        for card in cards:
            s.hands[p].remove(card)
            s.discards[p].append(card)
    if s.sea is not None and kind not in (EVADE, AIM_CARD):
        s.proceed(SEA_DECLARE)  # OWN_DECLARE opens before the action resolves
    else:
        s.proceed(kind)
