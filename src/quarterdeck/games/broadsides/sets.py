"""Sets of Aim cards (rulebook: Aim!, Broadside!, Sheer Off!, Reload!, Repair!,
Evasion): a set is picked from the hand card by card, then played.

Each set is offered in one canonical order only, so that a bot never sees the same
set twice: flushes Wilds first (the first one names the suit), then by card id;
straights in run order from the lowest card (a Wild names its value); pairs, any two
cards and Repair payments by ascending id (Wilds last). A card is offered only if the
set can still be finished after it. When a set is done its cards are discarded and
the rule of its kind plays it (``proceed(kind)``: the Stage 1 actions, the Evasion).

With the Sea Dog module a Lucky Doubloon (DT20, SD9) in play lets one card of the
hand stand as a Wild in the next set where a Wild counts: "a Wild as v" (or "as ♠")
is then followed by the card that stands for it, a Wild or the Doubloon's card
(taken before any Wild of the set, so one set keeps one order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from quarterdeck.engine import Event

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
    if s.sea is not None and not lucky_left(s, s.seat):  # a Doubloon's last use is over
        s.sea.effects.pop(lucky_key(s.seat) + "_cards", None)
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
    if naming(s):
        return stand_in_options(s)
    if kind == AIM_CARD:
        a = s.game.ids
        hand = s.hands[s.seat]
        ids = [a["card", card] for card in hand if not is_wild(card)]
        if doubloon_open(s):
            ids += [a["wild-value", v] for v in range(1, 11) if stand_ins(s, hand, v, -1)]
        elif any(is_wild(card) for card in hand):
            ids += [a["wild-value", v] for v in range(1, 11)]
        return ids
    if kind == FLUSH:
        return flush_options(s)
    if kind in (STRAIGHT, EVADE):
        return straight_options(s)
    return plain_options(s)


# -- Lucky Doubloon (Sea Dog DT20, SD9): a card of the hand stands as a Wild -----------

#: The sets in which a Wild counts, so a Lucky Doubloon in play waits for the next of
#: them (a Single Shot Reload's or a Repair's cards have no value or suit that counts).
LUCKY_SETS = (AIM_CARD, FLUSH, STRAIGHT, PAIR, EVADE)
#: The sets whose Wilds are named ("a Wild as 7", "as ♠"): the Doubloon's card is then
#: asked after the name. In a pair a Wild names nothing: any two cards pair.
NAMED_SETS = (AIM_CARD, FLUSH, STRAIGHT, EVADE)


def lucky_key(p: int) -> str:
    """``Sea.effects`` keys: how many cards ``p``'s Doubloon may still turn into
    Wilds (``lucky<p>``) and the cards it turned, as bits of their ids
    (``lucky<p>_cards``)."""
    return f"lucky{p}"


def lucky_left(s: Position, p: int) -> int:
    """How many cards ``p``'s Lucky Doubloon in play may still turn into Wilds."""
    return s.sea.effects.get(lucky_key(p), 0) if s.sea is not None else 0


def lucky_cards(s: Position, p: int) -> int:
    return s.sea.effects.get(lucky_key(p) + "_cards", 0) if s.sea is not None else 0


def wild_like(s: Position, card: int) -> bool:
    """A Wild, or a card of the seat picking that its Doubloon turned into one."""
    return is_wild(card) or bool(lucky_cards(s, s.seat) >> card & 1)


def doubloon_open(s: Position) -> int:
    """How many cards a Doubloon may turn into Wilds in the set being picked, now:
    none once the set holds a Wild (the Doubloon's cards come first among a set's
    Wilds, so that one set is picked in one order)."""
    if s.sea is None or s.sel_kind not in NAMED_SETS or not lucky_left(s, s.seat):
        return 0
    return 0 if any(is_wild(x[0]) for x in s.sel) else lucky_left(s, s.seat)


def doubloon_cards(s: Position, free: Sequence[int], value: int, suit: int) -> list[int]:
    """The cards of ``free`` that may stand as the Doubloon's Wild named ``value`` (or
    ``suit``): not a Wild, not already of that value or suit (it would stand for
    itself), above the cards it turned before (one order)."""
    turned = lucky_cards(s, s.seat)
    return [
        card
        for card in free
        if not is_wild(card)
        and card_value(card) != value
        and card_suit(card) != suit
        and turned >> card == 0
    ]


def stand_ins(s: Position, free: Sequence[int], value: int, suit: int) -> list[int]:
    """The cards of ``free`` that may stand as "a Wild as ``value``" (or "as ``suit``";
    the other is -1) with the set still to be finished: a Wild (the first: they are
    alike) or a card the Doubloon turns."""
    out = []
    doubloon = doubloon_open(s)
    wild = next((card for card in free if is_wild(card)), None)
    if wild is not None and (not doubloon or finishes(s, free, wild, value, suit, 0)):
        out.append(wild)
    if doubloon:
        out += [
            card
            for card in doubloon_cards(s, free, value, suit)
            if finishes(s, free, card, value, suit, doubloon - 1)
        ]
    return out


def finishes(
    s: Position, free: Sequence[int], card: int, value: int, suit: int, doubloon: int
) -> bool:
    """Whether a straight or flush whose first card is about to be ``card`` (standing
    for ``value`` or ``suit``) can get its second one, ``doubloon`` cards being left
    to turn (past its first card, a set can always be finished)."""
    if s.sel or s.sel_kind == AIM_CARD:
        return True
    rest = [x for x in free if x != card]
    if s.sel_kind == FLUSH:
        return any(is_wild(x) or card_suit(x) == suit or doubloon for x in rest)
    return any(is_wild(x) or card_value(x) == next_value(value) or doubloon for x in rest)


def naming(s: Position) -> bool:
    """Whether "a Wild as …" is chosen and the card that stands for it is asked next."""
    return s.sea is not None and "lucky_value" in s.sea.effects


def stand_in_options(s: Position) -> list[int]:
    a = s.game.ids
    effects = s.sea.effects  # type: ignore[union-attr]
    free = free_cards(s, s.seat)
    stand = stand_ins(s, free, effects["lucky_value"], effects["lucky_suit"])
    return [a["wild"] if is_wild(card) else a["card", card] for card in stand]


def name_wild(s: Position, value: int, suit: int) -> None:
    """A Wild is named ("a Wild as …"): while a Doubloon may turn a card, the card
    that stands for it is asked next (a Wild, or a card of the hand); else a Wild."""
    if doubloon_open(s):
        effects = s.sea.effects  # type: ignore[union-attr]
        effects["lucky_value"], effects["lucky_suit"] = value, suit
        return
    stand_in(s, first_free_wild(s), value, suit)


def stand_in(s: Position, card: int, value: int, suit: int) -> None:
    """``card`` joins the set as a Wild named ``value`` or ``suit``: a Wild, or a card
    the Doubloon turns (it is picked face up, so the log says which)."""
    if s.sea is not None:
        s.sea.effects.pop("lucky_value", None)
        s.sea.effects.pop("lucky_suit", None)
    if not is_wild(card):
        turn_lucky(s, card, value, suit)
    if s.sel_kind == AIM_CARD:  # a Wild on a Target stays one (its value is kept)
        s.sel = [[card, value, -1]]
        to_place(s)
        return
    take(s, card, value, suit)


def turn_lucky(s: Position, card: int, value: int, suit: int) -> None:
    p = s.seat
    effects = s.sea.effects  # type: ignore[union-attr]
    key = lucky_key(p)
    effects[key] -= 1
    effects[key + "_cards"] = lucky_cards(s, p) | 1 << card
    s.log(Event("sea-lucky", {"seat": p, "card": card, "value": value, "suit": suit}))


def doubloon_used_up(s: Position) -> None:
    """The use a Doubloon waited for is over (DT20: "for that use"): a pair it made
    turns its later card; whatever it did not turn is lost."""
    p = s.seat
    if s.sel_kind not in LUCKY_SETS or not lucky_left(s, p):
        return
    if s.sel_kind == PAIR and not natural_pair(s):
        turn_lucky(s, s.sel[-1][0], -1, -1)
    s.sea.effects[lucky_key(p)] = 0  # type: ignore[union-attr]


def natural_pair(s: Position) -> bool:
    first, second = (x[0] for x in s.sel)
    return is_wild(first) or is_wild(second) or card_value(first) == card_value(second)


# -- flushes: Wilds first (the first one names the suit), then cards by ascending id ----


def flush_starts(s: Position, keep: int) -> bool:
    """Whether a flush of two or more cards of an uncovered suit can be picked."""
    p = s.seat
    room = min(len(s.hands[p]) - keep, usable_shots(s, p))
    if room < 2:
        return False
    return any(wild or n >= 2 for _, wild, n in flush_suits(s, s.hands[p], lucky_left(s, p)))


def flush_suits(s: Position, free: Sequence[int], doubloon: int) -> Iterator[tuple[int, bool, int]]:
    """Each uncovered suit x a flush of two or more may take: whether "a Wild as x" may
    begin it (a Wild, or a card ``doubloon`` may turn, of another suit), and how many
    cards of x there are."""
    wilds = sum(1 for card in free if is_wild(card))
    suits = Counter(card_suit(card) for card in free if not is_wild(card))
    for x in range(4):
        if s.covered[s.seat]["broadside"][x]:
            continue
        turned = min(doubloon, sum(suits.values()) - suits[x])
        wild = (wilds and suits[x] + wilds >= 2) or (turned and suits[x] + wilds + turned >= 2)
        yield x, bool(wild), suits[x]


def flush_firsts(s: Position, free: Sequence[int], doubloon: int) -> list[int]:
    """The first picks of a flush: "a Wild as ♠", or a card with another of its suit
    above it (the Wilds come first)."""
    a = s.game.ids
    ids = []
    for x, wild, n in flush_suits(s, free, doubloon):
        if wild:
            ids.append(a["wild-suit", x])
        if n >= 2:
            cards = sorted(card for card in free if not is_wild(card) and card_suit(card) == x)
            ids += [a["card", card] for card in cards[:-1]]  # another must follow
    return ids


def flush_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    free = free_cards(s, p)
    if len(s.sel) >= max_cards(s):
        return [a["done"]]
    if not s.sel:
        return flush_firsts(s, free, doubloon_open(s))
    ids = []
    suit = s.sel[0][2]
    normals = [x[0] for x in s.sel if not wild_like(s, x[0])]
    if not normals and stand_ins(s, free, -1, suit):
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
    p = s.seat
    return any(
        card or wild for _, card, wild in straight_values(s, s.hands[p], track, lucky_left(s, p))
    )


def straight_values(
    s: Position, free: Sequence[int], track: str, doubloon: int
) -> Iterator[tuple[int, bool, bool]]:
    """Each v a straight of two or more uncovered numbers may begin at: whether a card
    of value v, and whether "a Wild as v", may begin it, with a card to follow as
    v + 1 (of that value, a Wild, or a card ``doubloon`` may turn)."""
    wilds = sum(1 for card in free if is_wild(card))
    values = Counter(card_value(card) for card in free if not is_wild(card))
    covered = s.covered[s.seat][track]
    for v in range(1, 11):
        w = next_value(v)
        if covered[v - 1] or covered[w - 1]:
            continue
        card = values[v] and (values[w] or wilds or (doubloon and len(free) >= 2))
        wild = (wilds and (values[w] or wilds >= 2)) or (
            doubloon and turns_first(free, v, w, wilds, values, doubloon)
        )
        yield v, bool(card), bool(wild)


def straight_firsts(s: Position, free: Sequence[int], track: str, doubloon: int) -> list[int]:
    """The first picks of a straight: a card of value v, or "a Wild as v"."""
    a = s.game.ids
    ids = []
    for v, card, wild in straight_values(s, free, track, doubloon):
        if card:
            ids += [a["card", x] for x in free if not is_wild(x) and card_value(x) == v]
        if wild:
            ids.append(a["wild-value", v])
    return ids


def turns_first(
    free: Sequence[int], v: int, w: int, wilds: int, values: Counter[int], doubloon: int
) -> bool:
    """Whether the Doubloon may turn a card of ``free`` into "a Wild as v" with a card
    left to follow as w (of that value, a Wild, or another card it turns)."""
    return any(
        not is_wild(card)
        and card_value(card) != v
        and (values[w] - (card_value(card) == w) > 0 or wilds or (doubloon >= 2 and len(free) >= 2))
        for card in free
    )


def straight_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    track = "evasion" if s.sel_kind == EVADE else "sheer-off"
    free = free_cards(s, p)
    ids = []
    if not s.sel:
        if s.sel_kind == EVADE:
            ids.append(a["done"])  # no Evasion
        if max_cards(s) < 2:
            return ids
        return ids + straight_firsts(s, free, track, doubloon_open(s))
    used = {x[1] for x in s.sel}
    if len(s.sel) < min(max_cards(s), 10):
        v = next_value(s.sel[-1][1])
        if v not in used and track_open(s, track, v):
            ids += [a["card", card] for card in free if not is_wild(card) and card_value(card) == v]
            if stand_ins(s, free, v, -1):
                ids.append(a["wild-value", v])
    if len(s.sel) >= 2:
        ids.append(a["done"])
    return ids


# -- pairs, any two cards and Repair payments: by ascending id (Wilds last) -------------


def pair_starts(s: Position) -> bool:
    """Whether a pair can be picked (a Wild pairs with any card; with a Lucky
    Doubloon in play, any two cards pair)."""
    hand = s.hands[s.seat]
    wilds = sum(1 for card in hand if is_wild(card))
    values = Counter(card_value(card) for card in hand if not is_wild(card))
    if lucky_left(s, s.seat) and len(hand) >= 2:
        return True
    return wilds >= 2 or (wilds >= 1 and bool(values)) or any(n >= 2 for n in values.values())


def pairs_with(first: int, card: int, lucky: bool) -> bool:
    return lucky or is_wild(card) or is_wild(first) or card_value(card) == card_value(first)


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
        lucky = kind == PAIR and lucky_left(s, p) > 0
        if kind == PAIR and s.sel:
            first = s.sel[0][0]
            candidates = [card for card in candidates if pairs_with(first, card, lucky)]
        elif kind == PAIR:  # the first card of a pair needs a partner after it
            candidates = [
                card
                for card in candidates
                if any(
                    other > card
                    and (not is_wild(card) or is_wild(other))
                    and pairs_with(card, other, lucky)
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
    if naming(s):  # the card the Doubloon turns into the Wild just named
        effects = s.sea.effects  # type: ignore[union-attr]
        stand_in(s, card, effects["lucky_value"], effects["lucky_suit"])
        return
    if s.sel_kind == AIM_CARD:
        s.sel = [[card, card_value(card), card_suit(card)]]
        to_place(s)
        return
    take(s, card, card_value(card), card_suit(card))


def pick_wild(s: Position) -> None:
    """ "A Wild": another Wild of a flush, a Wild of a pair or a payment, or the Wild
    that stands for the one just named."""
    if naming(s):
        effects = s.sea.effects  # type: ignore[union-attr]
        stand_in(s, first_free_wild(s), effects["lucky_value"], effects["lucky_suit"])
    elif s.sel_kind == FLUSH:
        name_wild(s, -1, s.sel[0][2])
    else:
        take(s, first_free_wild(s), -1, -1)


def pick_wild_value(s: Position, value: int) -> None:
    name_wild(s, value, -1)


def pick_wild_suit(s: Position, suit: int) -> None:
    name_wild(s, -1, suit)


def to_place(s: Position) -> None:
    """The Aim card is chosen: it is placed (with the Sea Dog module, after the
    OWN_DECLARE:Aim window)."""
    if s.sea is not None:
        doubloon_used_up(s)
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
    if s.sea is not None:
        doubloon_used_up(s)
    if s.sea is not None and kind not in (EVADE, AIM_CARD):
        s.proceed(SEA_DECLARE)  # OWN_DECLARE opens before the action resolves
    else:
        s.proceed(kind)
