"""What a seat may know of a BroadSides position, and redrawing what it may not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from quarterdeck.engine import Event, LazyView, Rng

from .components import CANNON_POSITIONS, Components
from .phases import AIM_CARD, EVADE, HAND_LIMIT, OLD_SALT, PICK, PLACE, STAGE1, WINDOW
from .sea_dog import dealt_rounds, draft_done, seen_in_hand, set_aside
from .setup import cannons_drawn
from .ship import (
    can_use_cannon,
    hand_limit,
    missing_planks,
    penalty,
    ship_markers,
    target_result,
    zone_counts,
)
from .table import AIM_DECK, Position

JSON = Any
P = TypeVar("P", bound=Position)


def cannons_revealed(state: Position) -> bool:
    """The cannon choices are secret until both captains have chosen."""
    cannons = state.cannons
    return cannons[0][1] is not None and cannons[1][1] is not None


class _Ship(LazyView):
    """One ship as ``seat`` sees it, drawn part by part (``SHIP_PARTS``): all at once
    for the full view (``full``), each when first read for a bot's view."""

    __slots__ = ("_own", "_p", "_reveal", "_state")

    def __init__(self, state: Position, p: int, seat: int | None, reveal: bool) -> None:
        super().__init__()
        self._state, self._p, self._reveal = state, p, reveal
        self._own = reveal or p == seat

    def _shown(self) -> bool:
        """Whether the seat sees which cannons this ship mounts: its own, both once
        revealed, and a pair drawn at setup (option ``random``: mounted openly)."""
        return self._own or cannons_revealed(self._state) or cannons_drawn(self._state, self._p)

    def _draw(self, key: str) -> JSON:
        if key == "zones":
            return _shared_zones(self)
        return SHIP_PARTS[key](self)

    def _has_part(self, key: object) -> bool:
        return key in SHIP_PARTS

    def full(self) -> dict[str, JSON]:
        """Every part, drawn anew, as plain JSON."""
        return {key: part(self) for key, part in SHIP_PARTS.items()}


def _zones(ship: _Ship) -> list[JSON]:
    state, p = ship._state, ship._p
    captain, first_mate = state.officers[p]
    counts = zone_counts(state, p)
    zones = []
    for z in state.c.zones:
        i = z.index
        officers = []
        if captain == i:
            officers.append("captain")
        if first_mate == i:
            officers.append("first mate")
        count = counts[i]
        zones.append(
            {
                "zone": z.id,
                "name": z.name,
                "kind": z.kind,
                "spaces": z.spaces,
                "markers": count,
                "officers": officers,
                "exposed": list(z.penalties[: z.spaces - count]),
                "targets": z.targets,
            }
        )
    return zones


# A bot draws the ships' zones thousands of times a second, and a search meets the same
# few arrangements of markers and officers again and again: bots' views share one
# drawing of each (a bot reads its view and never writes into a part). Each drawing
# keeps the components it was drawn from; the store is emptied when it grows large.
_ZONE_DRAWINGS: dict[tuple[int, ...], tuple[Components, list[JSON]]] = {}
_ZONE_DRAWINGS_KEPT = 4096


def _shared_zones(ship: _Ship) -> list[JSON]:
    """``_zones``, drawn once for each arrangement (the markers and the officers' places
    are all it shows besides the printed zones)."""
    state, p = ship._state, ship._p
    c = state.c
    key = (id(c), *state.markers[p], *(-2 if z is None else z for z in state.officers[p]))
    drawing = _ZONE_DRAWINGS.get(key)
    if drawing is None or drawing[0] is not c:
        if len(_ZONE_DRAWINGS) >= _ZONE_DRAWINGS_KEPT:
            _ZONE_DRAWINGS.clear()
        drawing = _ZONE_DRAWINGS[key] = (c, _zones(ship))
    return drawing[1]


def _cannons(ship: _Ship) -> list[JSON]:
    state, p, c = ship._state, ship._p, ship._state.c
    cannons = []
    shown = ship._shown()
    for position, where in enumerate(CANNON_POSITIONS):
        kind = state.cannons[p][position]
        known = kind is not None and shown
        cannons.append(
            {
                "position": where,
                "chosen": kind is not None,
                "cannon": c.cannons[kind].id if known else None,  # type: ignore[index]
                "shots": [c.shots[s].id for s in state.loaded[p][position]],
                "capacity": c.cannons[kind].shots if known else None,  # type: ignore[index]
                "manned": state.gunner[p] == position,
                "usable": can_use_cannon(state, p, position),
            }
        )
    return cannons


def _targets(ship: _Ship) -> list[JSON]:
    state, p, c = ship._state, ship._p, ship._state.c
    gunner = state.gunner[p]
    reading = state.cannons[p][gunner] if gunner is not None else None
    targets = []
    for t in state.targets[p]:
        cx, cy = c.target_centres[t[0]]  # type: ignore[index]
        targets.append(
            {
                "target": t[0],
                "centre": [cx, cy],
                "left": t[1],
                "left_value": t[2],
                "bottom": t[3],
                "bottom_value": t[4],
                "reads": target_result(state, reading, t) if reading is not None else None,
            }
        )
    return targets


def _disasters(ship: _Ship) -> dict[str, str]:
    state, p, c = ship._state, ship._p, ship._state.c
    disasters = {}
    for hull, token in state.disasters[p].items():
        if hull in state.disaster_done[p]:
            disasters[c.zones[hull].id] = "resolved"
        else:
            disasters[c.zones[hull].id] = (
                c.disasters[token].id if ship._reveal and token is not None else "face down"
            )
    return disasters


def _tracks(ship: _Ship) -> dict[str, list[JSON]]:
    covered = ship._state.covered[ship._p]
    return {
        "broadside": [ship._state.c.suit_names[s] for s in range(4) if covered["broadside"][s]],
        "sheer_off": [v + 1 for v in range(10) if covered["sheer-off"][v]],
        "evasion": [v + 1 for v in range(10) if covered["evasion"][v]],
    }


def _gunsight(ship: _Ship) -> str | None:
    sight = ship._state.sight[ship._p]
    return None if sight is None else ship._state.c.zones[sight].id


SHIP_PARTS: dict[str, Callable[[_Ship], JSON]] = {
    "seat": lambda s: s._p,
    "zones": _zones,
    "officers": lambda s: {
        name: _officer_place(s._state, s._p, i) for i, name in enumerate(("captain", "first_mate"))
    },
    "hand": lambda s: sorted(s._state.hands[s._p]) if s._own else None,
    "hand_size": lambda s: len(s._state.hands[s._p]),
    "deck": lambda s: len(s._state.decks[s._p]),
    "discards": lambda s: list(s._state.discards[s._p]),
    "targets": _targets,
    "cannons": _cannons,
    "gunsight": _gunsight,
    "tracks": _tracks,
    "disasters": _disasters,
    "disasters_left": lambda s: sorted(
        s._state.c.disasters[t].id for t in disasters_unseen(s._state, s._p)
    ),
    "missing_planks": lambda s: missing_planks(s._state, s._p),
    "hand_limit": lambda s: hand_limit(s._state, s._p),
    "rigging_penalty": lambda s: penalty(s._state, s._p, "rigging"),
    "markers": lambda s: ship_markers(s._state, s._p),
}


def disasters_unseen(state: Position, p: int) -> list[int]:
    """Which of ``p``'s Disaster tokens nobody has seen: known (the others were flipped
    face up), though not where each lies, nor which Damage Control took unseen to
    its pile (SD19: as hidden as the face-down ones, which ``resample`` redraws)."""
    tokens = [t for t in state.disasters[p].values() if t is not None]
    if state.sea is not None:
        tokens += state.sea.controlled[p]
    return tokens


def _officer_place(state: Position, p: int, officer: int) -> str | None:
    zone = state.officers[p][officer]
    if zone is None:
        return None  # not placed yet
    return "lost" if zone < 0 else state.c.zones[zone].id


def view(state: Position, seat: int | None, reveal: bool, lazy: bool = False) -> dict[str, JSON]:
    """What ``seat`` may know (``reveal``: everything). ``lazy`` ships draw each part
    when it is first read (for bots; not JSON until every part is read)."""
    c = state.c
    ships = [_Ship(state, p, seat, reveal) for p in (0, 1)]
    attack = None
    if len(state.attack) == 4:
        zone, potential, damage, position = state.attack
        attack = {
            "zone": c.zones[zone].id,
            "potential": potential,
            "damage": damage,
            "cannon": CANNON_POSITIONS[position],
        }
    out: dict[str, JSON] = {
        "phase": state.phase,
        "turn": state.turns + 1,
        "round_cap": state.game.options["round_cap"],
        "turn_player": state.turn_player,
        "first_player": state.first_player,
        "actions_taken": state.actions_taken,
        "aimed": state.aimed,
        "ships": ships if lazy else [ship.full() for ship in ships],
        "bag": {s.id: state.bag[s.index] for s in c.shots},
        "tray": [c.shots[s].id for s in sorted(state.tray)],
        "target_deck": len(state.target_deck),
        "target_discards": list(state.target_discards),
        # Cards being picked for a set are shown: they are played face up when done.
        "selection": {
            # Hand-limit discards are picked like a set, but sel_kind still names the last.
            "kind": HAND_LIMIT if state.phase == HAND_LIMIT else state.sel_kind,
            "cards": [list(s) for s in state.sel],
        }
        if state.sel
        else None,
        "attack": attack,
        # Losses waiting: [seat, kind, cards or markers, the zone for a loss off one
        # zone (else None)].
        "losses": [
            [t[0], t[1], t[2], c.zones[t[3]].id if t[3] >= 0 else None] for t in state.tasks
        ],
    }
    if state.game.sea_dog is not None:
        out["sea_dog"] = sea_dog_view(state, seat, reveal)
    if reveal:
        out["decks"] = [list(d) for d in state.decks]
        out["target_order"] = list(state.target_deck)
    return out


def sea_dog_view(state: Position, seat: int | None, reveal: bool) -> JSON:
    """The module as ``seat`` sees it (SD25): its own Reputations dealt and kept, its
    tricks dealt and held; both kept Reputations once revealed; every played trick,
    the number of secret tricks each holds, the window open and the tricks in play."""
    cards = state.game.sea_dog
    sea = state.sea
    assert cards is not None
    if sea is None:  # not dealt yet
        return None
    dealt = dealt_rounds(sea, cards.rules["trick_rounds"])

    # A card carries its text and its index (what the "reputation", "keep-trick" and
    # "trick" actions name): the client draws it face up without the data file.
    def rep(r: int | None) -> JSON:
        if r is None:
            return None
        card = cards.reputations[r]
        return {"id": card.id, "index": r, "name": card.name, "effect": card.effect}

    def trick(t: int) -> JSON:
        card = cards.tricks[t]
        return {
            "id": card.id,
            "index": t,
            "name": card.name,
            "window": list(card.windows),
            "cost": card.cost,
            "uses": card.uses,
            "requires": card.requires,
            "effect": card.effect,
        }

    ships = []
    for p in (0, 1):
        own = reveal or p == seat
        ships.append(
            {
                "reputation": rep(sea.reputation[p]) if own or sea.revealed else None,
                "reputation_chosen": sea.reputation[p] is not None,
                "reputations_dealt": [rep(r) for r in sea.rep_offers[p]] if own else None,
                "tricks_dealt": [[trick(t) for t in o] for o in sea.offers[p][:dealt]]
                if own
                else None,
                "tricks": [trick(t) for t in sea.tricks[p]] if own else None,
                "tricks_held": len(sea.tricks[p]),
                "draft_rounds": sea.rounds[p],
                "crows_nest": sea.crows_nest[p],
                # the cards of this hand its foe saw with Spy Aboard (SD19)
                "hand_seen": seen_in_hand(state, 1 - p) if reveal or seat == 1 - p else None,
            }
        )
    # what a follow-up choice has picked so far (public, save Old Salt's two cards)
    private = state.phase == OLD_SALT and not (reveal or seat == state.seat)
    return {
        "ships": ships,
        "played": [[p, cards.tricks[t].id] for p, t in sea.played],
        # the same, face up with their text, for the table
        "played_tricks": [{"seat": p, **trick(t)} for p, t in sea.played],
        "window": sea.window[0] if sea.window else None,
        "asking": list(sea.asking),
        "in_play": dict(sorted(sea.effects.items())),
        "picked": None if private else list(sea.pending),
    }


def resample(state: P, seat: int | None, rng: Rng) -> P:
    """Redraw what ``seat`` cannot know: the foe's hand and every Aim deck's order
    (nobody knows the order of their own deck), the Target deck's order, the face-down
    Disaster tokens (nobody knows them) and, before the reveal, the foe's cannons."""
    # Every pile is sorted before it is shuffled, so that the result depends only on
    # what the seat knows, never on how the hidden things happen to lie.
    s = state.clone()
    if s.sea is not None:  # what Spy Aboard showed, of the cards still in that hand
        s.sea.seen = [seen_in_hand(state, q) for q in (0, 1)]
    for p in (0, 1):
        if p == seat:
            s.decks[p].sort()
            rng.shuffle(s.decks[p])
        else:
            _redraw_hand(state, s, p, rng, seat)
        # The face-down tokens and Damage Control's (as hidden, SD19) change places.
        zones = [z for z, token in s.disasters[p].items() if token is not None]
        tokens = sorted(disasters_unseen(s, p))
        rng.shuffle(tokens)
        for z, token in zip(zones, tokens, strict=False):
            s.disasters[p][z] = token
        if s.sea is not None and s.sea.controlled[p]:
            s.sea.controlled[p] = tokens[len(zones) :]
    s.target_deck.sort()
    rng.shuffle(s.target_deck)
    if not cannons_revealed(s):
        for p in (0, 1):
            if p != seat:
                _redraw_cannons(s, p, rng)
    if s.sea is not None:
        _redraw_sea(s, seat, rng)
    return s


def _redraw_sea(s: Position, seat: int | None, rng: Rng) -> None:
    """Redraw the Sea Dog cards ``seat`` has not seen (SD25): the foe's Reputations
    dealt (and the kept one before the reveal), every trick the seat was not dealt nor
    saw played (the foe's secret tricks, with the same count, and the rounds still to
    deal); then rewrite the foe's draft choices in the history to match."""
    cards = s.game.sea_dog
    sea = s.sea
    assert cards is not None and sea is not None
    hidden = [p for p in (0, 1) if p != seat]
    # Reputations: the seat's own offer is known, and the revealed ones.
    n = cards.rules["reputations_offered"]
    known = set(sea.rep_offers[seat]) if seat is not None else set()
    shown: dict[int, int] = {}
    for p in hidden:
        kept = sea.reputation[p]
        if sea.revealed and kept is not None:
            shown[p] = kept
    pool = sorted({r.index for r in cards.reputations} - known - set(shown.values()))
    rng.shuffle(pool)
    for p in hidden:
        if not sea.rep_offers[p]:
            continue
        offer = [shown[p]] if p in shown else []
        while len(offer) < n:
            offer.append(pool.pop())
        sea.rep_offers[p] = sorted(offer)
        if sea.reputation[p] is not None and p not in shown:
            sea.reputation[p] = rng.choice(sea.rep_offers[p])
    # Dirty Tricks: the seat knows the rounds dealt to it and every trick played, and
    # the experiments' options: which trick is set aside, never dealt, and who holds it.
    rounds, k = cards.rules["trick_rounds"], cards.rules["tricks_offered"]
    dealt = dealt_rounds(sea, rounds) if sea.offers[0] else 0
    seen = {t for o in sea.offers[seat][:dealt] for t in o} if seat is not None else set()
    played = {t for _, t in sea.played}
    aside, holder = set_aside(s)
    pool = sorted({t.index for t in cards.tricks} - seen - played - {aside})
    rng.shuffle(pool)
    for p in hidden:
        if not sea.offers[p]:
            continue
        secret = [aside] if aside is not None and p == holder and aside not in played else []
        close_quarters = cards.trick_index("DT03")
        if close_quarters in pool and _must_hold_close_quarters(s, p):
            pool.remove(close_quarters)  # what the seat saw implies it (SD24)
            secret.append(close_quarters)
        secret += [pool.pop() for _ in range(len(sea.tricks[p]) - len(secret))]
        # the tricks it kept in the draft: all it holds or played but the set-aside one
        kept_all = [t for q, t in sea.played if q == p and t != aside]
        kept_all += [t for t in secret if t != aside]
        rng.shuffle(kept_all)
        sea.tricks[p] = secret
        sea.kept[p] = kept_all
        for r in range(rounds):
            tricks = [kept_all[r]] if r < len(kept_all) else []
            while len(tricks) < k:
                tricks.append(pool.pop())
            sea.offers[p][r] = sorted(tricks)
    if seat is not None and sea.offers[seat]:
        for r in range(dealt, rounds):  # the rounds still to deal, unseen by anybody
            sea.offers[seat][r] = sorted(pool.pop() for _ in range(k))
    # With both hands redrawn (seat None), what each spy saw is as many of the new
    # hand's cards: which ones, nobody but the two captains knows (SD19).
    if seat is None:
        for q in (0, 1):
            sea.seen[q] = sorted(rng.sample(sorted(s.hands[1 - q]), len(sea.seen[q])))
    # Old Salt's two cards drawn are two of the hand's unknown cards (SD25).
    if s.phase == OLD_SALT and s.seat in hidden and sea.pending:
        sea.pending = _old_salt_draws(s, seat, rng)
    _rewrite_draft(s, hidden)


def _old_salt_draws(s: Position, seat: int | None, rng: Rng) -> list[int]:
    """Old Salt's cards drawn, redrawn among the cards of the redrawn hand ``s`` that
    the observer cannot tell from them: those that may have come from the deck. A deck
    that ran out during the draw was formed anew from the discard pile (its cards
    logged), so the cards drawn before that came from the deck as it was formed the
    time before, and only the rest from the new one (the deck's size tells how many)."""
    q = s.seat
    sea = s.sea
    assert sea is not None
    seen = set(seen_in_hand(s, seat)) if seat is not None else set()
    refill = set(s.refills[q])
    from_new_deck = len(sea.pending)
    drawn: list[int] = []
    formed_before = _deck_before_a_reshuffle_in_the_draw(s, q)
    if formed_before is not None:
        from_new_deck = min(from_new_deck, len(refill) - len(s.decks[q]))
        old = sorted(
            c for c in s.hands[q] if c in formed_before and c not in refill and c not in seen
        )
        drawn = rng.sample(old, len(sea.pending) - from_new_deck)
    unknown = sorted(c for c in s.hands[q] if c in refill and c not in seen)
    return sorted(drawn + rng.sample(unknown, from_new_deck))


def _deck_before_a_reshuffle_in_the_draw(state: Position, q: int) -> set[int] | None:
    """If ``q``'s deck was formed anew during its last draw, what the deck could hold
    before (the cards it was formed from the time before; at first, any card)."""
    events = state.events
    n = len(events) - 1
    while n >= 0 and not (events[n].kind == "draw" and events[n].data["seat"] == q):
        n -= 1
    if n < 1 or not _reshuffle_of(events[n - 1], q):
        return None
    for event in reversed(events[: n - 1]):
        if _reshuffle_of(event, q):
            return set(event.data["cards"])
    return set(AIM_DECK)


def _reshuffle_of(event: Event, q: int) -> bool:
    return event.kind == "aim-reshuffle" and event.data["seat"] == q


def _must_hold_close_quarters(s: Position, p: int) -> bool:
    """Whether ``p``'s public play shows that it holds Close Quarters: in its Stage 1,
    not yet Aimed, it has spent its last card (or picked every card of its hand for a
    set) when its turn's Aim still has to come; only Close Quarters Aims with no card
    (SD3, SD24). A redraw must then keep it, or the deal would leave no legal move."""
    sea = s.sea
    assert sea is not None
    if s.turn_player != p or s.aimed or s.actions_taken >= 2:
        return False
    if sea.effects.get("changed_targets") or not draft_done(s):
        return False
    hand = s.hands[p]
    if not hand:
        return s.actions_taken == 1 or s.phase != STAGE1
    picking = s.phase == PICK and s.seat == p and s.sel_kind not in (EVADE, AIM_CARD)
    return picking and s.actions_taken == 0 and len(s.sel) == len(hand)


def _rewrite_draft(s: Position, hidden: list[int]) -> None:
    """The draft's choices alternate Red, Blue: rewrite the hidden seats' to the
    cards they now kept (the engine strips their secret log lines from the guess)."""
    sea = s.sea
    assert sea is not None
    space, ids = s.game.action_space, s.game.ids
    reps = keeps = 0
    for n, action_id in enumerate(s.history):
        kind = space[action_id].kind
        if kind == "reputation":
            p, reps = reps, reps + 1
            if p in hidden:
                s.history[n] = ids["reputation", sea.reputation[p]]
        elif kind == "keep-trick":
            p, r = keeps % 2, keeps // 2
            keeps += 1
            if p in hidden:
                s.history[n] = ids["keep-trick", sea.kept[p][r]]


def _redraw_hand(state: Position, s: Position, p: int, rng: Rng, seat: int | None) -> None:
    """Redraw ``p``'s hand from the cards an observer cannot place: the deck and the
    hand's cards that may have come from it. Cards being picked are face up, and every
    card held when the deck was last formed anew (from the public discard pile) is
    known. A seat in the middle of building a set must still be able to finish it."""
    # Cards being picked (still in the picker's hand) are face up; each captain has
    # cards of the same numbers, so only the picker's count.
    picking = state.phase in (PICK, PLACE) and state.seat == p
    # Sea Dog: an Aim card chosen waits face up through OWN_DECLARE:Aim
    picking = picking or (state.phase == WINDOW and state.turn_player == p == state.seat)
    shown = {sel[0] for sel in state.sel} if picking else set()
    if seat is not None:  # the cards the seat saw with Spy Aboard (SD19)
        shown |= set(seen_in_hand(state, seat))
    refill = set(state.refills[p])
    known = [card for card in state.hands[p] if card in shown or card not in refill]
    unknown = [card for card in state.hands[p] if card not in known]
    # Sets (and hand-limit discards) are picked card by card in one order, so a seat
    # part-way through still holds cards to finish: the new hand must too.
    building = state.phase in (PICK, HAND_LIMIT) and state.seat == p
    for _ in range(1000):  # rejection sampling keeps the draw uniform
        pool = sorted(unknown + state.decks[p])
        rng.shuffle(pool)
        s.hands[p] = sorted(known + pool[: len(unknown)])
        s.decks[p] = pool[len(unknown) :]
        if not building:
            return
        s.touched()
        if s.legal_actions():
            return
    s.hands[p] = list(state.hands[p])  # (never seen) the true hand is one that fits
    s.decks[p] = list(state.decks[p])
    rng.shuffle(s.decks[p])


def _redraw_cannons(s: Position, p: int, rng: Rng) -> None:
    chosen = [pos for pos in (0, 1) if s.cannons[p][pos] is not None]
    if not chosen or cannons_drawn(s, p):  # a drawn pair is mounted openly
        return
    preset = s.game.preset_cannons[p]
    combos = [preset] if preset else list(s.game.cannon_pairs().values())
    if len(chosen) == 1:  # only the fore cannon is chosen yet
        combos = [(fore, fore) for fore in sorted({f for f, _ in combos})]
    fore, aft = rng.choice(combos)
    for pos, kind in zip(chosen, (fore, aft), strict=False):
        s.cannons[p][pos] = kind
    # Keep the history true of the new choice (the engine strips the owner's secrets,
    # the old choice among them, from the log of the guess).
    space = s.game.action_space
    # The mounts in the history are, two by two, those of the captains who choose.
    choosers = [q for q in (0, 1) if not cannons_drawn(s, q)]
    seen = 0
    for n, action_id in enumerate(s.history):
        action = space[action_id]
        if action.kind == "mount":
            owner = choosers[seen // 2]
            seen += 1
            if owner == p:
                position = action.args[0]
                s.history[n] = s.game.ids["mount", position, s.cannons[p][position]]
