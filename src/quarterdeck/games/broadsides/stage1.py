"""The Stage 1 actions (rulebook: Aim!, Hold!, Broadside!, Sheer Off!, Reload!,
Repair!): what each does once its set of Aim cards is picked (``sets.py``).

Every action ends with ``proceed(ACTION_DONE)``: the turn's next action, or Stage 2
(``turn.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from quarterdeck.engine import Event

from . import sea_dog
from .components import is_wild
from .decks import draw_shots
from .losses import queue
from .phases import (
    ACTION_DONE,
    AFT,
    ANY_TWO,
    CAPTAIN,
    EFFECTIVE,
    FIRST_MATE,
    FORE,
    LOAD,
    PAIR,
    REPAIR,
    RETURN_SHOTS,
    SEA_HITS,
    SEA_POWDER_DONE,
    SPEND_SHOTS,
    THUNDER,
    UNAIM,
)
from .sets import ordered_options, sel_cards, wild_face_up
from .setup import continue_loading
from .ship import (
    can_use_cannon,
    counted_penalty,
    foe,
    reputation,
    room,
    usable_shots,
    zone_count,
)
from .table import Position

# -- Aim! ----------------------------------------------------------------------------------


def place_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["place", t[0], side] for t in s.targets[s.seat] for side in (0, 1)]


def place_aim(s: Position, target: int, side: int) -> None:
    """Play the Aim card to the left or bottom of a Target; a card played over
    another replaces it."""
    p = s.seat
    card, value, _ = s.sel[0]
    slot = next(t for t in s.targets[p] if t[0] == target)
    old = slot[1 + 2 * side]
    if old is not None:  # a card played over another replaces it
        s.discards[p].append(old)
    slot[1 + 2 * side] = card
    slot[2 + 2 * side] = value
    s.hands[p].remove(card)
    s.sel = []
    s.aimed = True
    s.log(
        Event(
            "aim",
            {
                "seat": p,
                "card": card,
                "value": value,
                "target": target,
                "side": side,
                "replaced": old,
            },
        )
    )
    if sea_dog.on(s):
        sea_dog.aim_placed(s, target, side)  # FOE_AIM: Gust of Wind
        return
    s.proceed(ACTION_DONE)


# -- Broadside! ----------------------------------------------------------------------------


def broadside(s: Position) -> None:
    """The flush is played: its suit is covered, and as many shots are spent."""
    p = s.seat
    suit = s.sel[0][2]
    s.covered[p]["broadside"][suit] = True
    s.log(Event("broadside", {"seat": p, "cards": sel_cards(s), "suit": suit}))
    s.spent = []
    s.phase = THUNDER if thunder_offered(s) else SPEND_SHOTS


def thunder_offered(s: Position) -> bool:
    """Thunder of the Guns (REP6): n + 1 discs may be spent, if that many are usable."""
    rep = reputation(s, s.seat)
    if rep is None or rep.id != "REP6" or len(s.sel) < rep.param("min_cards"):
        return False
    return usable_shots(s, s.seat) >= len(s.sel) + rep.param("extra_discs")


def thunder_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["thunder", 0], a["thunder", 1]]


def thunder(s: Position, more: int) -> None:
    """Decided before any disc is spent (SD27); n′ then counts n + 1 (SD8)."""
    rep = reputation(s, s.seat)
    assert rep is not None and s.sea is not None
    if more:
        s.sea.effects["thunder"] = rep.param("extra_discs")
        s.log(
            Event("sea-thunder", {"seat": s.seat, "discs": len(s.sel) + rep.param("extra_discs")})
        )
    s.phase = SPEND_SHOTS


def discs_to_spend(s: Position) -> int:
    """As many discs as the flush's cards (one more with Thunder of the Guns)."""
    extra = s.sea.effects.get("thunder", 0) if s.sea is not None else 0
    return len(s.sel) + extra


def spend_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    last = a["shot", *s.spent[-1]] if s.spent else -1
    units = [
        a["shot", shot, pos]
        for pos in (FORE, AFT)
        if can_use_cannon(s, p, pos)
        for shot in s.loaded[p][pos]
    ]
    return ordered_options(units, discs_to_spend(s) - len(s.spent), last)


def thunder_keeps(s: Position) -> int:
    """How many of Thunder's last named discs count but stay in their cannon (REP6's
    ``kept_discs``; 0 as its text reads: all n + 1 are spent)."""
    if s.sea is None or not s.sea.effects.get("thunder"):
        return 0
    rep = reputation(s, s.seat)
    assert rep is not None
    return int(rep.params.get("kept_discs", 0))


def spend_shot(s: Position, shot: int, position: int) -> None:
    p = s.seat
    s.spent.append([shot, position])
    if len(s.spent) <= discs_to_spend(s) - thunder_keeps(s):
        s.loaded[p][position].remove(shot)
        s.bag[shot] += 1
    if len(s.spent) == discs_to_spend(s):
        n = len(s.spent)
        effective = effective_count(s)
        spent = {"seat": p, "shots": [x for x, _ in s.spent], "effective": effective}
        kept = thunder_keeps(s)
        if kept:
            spent["kept"] = [x for x, _ in s.spent[-kept:]]
        s.log(Event("spend-shots", spent))
        s.effective = []
        if effective == n:
            s.effective = sorted(x for x, _ in s.spent)
            broadside_effects(s)
        elif effective == 0:
            broadside_effects(s)
        else:
            s.phase = EFFECTIVE


def effective_count(s: Position) -> int:
    """Cannon penalties on any Deck: a Broadside counts one card fewer each."""
    decks = s.c.zones_of("deck")
    return max(0, len(s.spent) - counted_penalty(s, s.turn_player, "cannon", decks))


def effective_options(s: Position) -> list[int]:
    a = s.game.ids
    last = a["effective", s.effective[-1]] if s.effective else -1
    left = Counter(shot for shot, _ in s.spent) - Counter(s.effective)
    units = [a["effective", x] for x in left.elements()]
    return ordered_options(units, effective_count(s) - len(s.effective), last)


def choose_effective(s: Position, shot: int) -> None:
    s.effective.append(shot)
    if len(s.effective) == effective_count(s):
        broadside_effects(s)


def broadside_effects(s: Position) -> None:
    """The discs are spent and the n′ chosen: with the module the foe's
    FOE_BROADSIDE window (Boarding Nets) comes before the effects."""
    if sea_dog.on(s):
        sea_dog.open_window(s, "FOE_BROADSIDE", [foe(s.turn_player)], SEA_HITS)
    else:
        broadside_hits(s)


def broadside_hits(s: Position) -> None:
    """For each shot that takes effect the foe discards an Aim card from their
    Targets and loses a marker of the shot's colour."""
    p = s.turn_player
    s.seat = p
    if s.sea is not None:
        s.sea.effects.pop("thunder", None)
    other = foe(p)
    n = len(s.effective)
    more = thunder_unaims(s, p) if n else 0
    hits: dict[str, Any] = {"seat": p, "shots": list(s.effective)}
    if more:
        hits["thunder_unaim"] = more
    s.log(Event("broadside-hits", hits))
    tasks: list[list[Any]] = []
    if n:
        tasks.append([other, UNAIM, n + more, -1, -1])
    tasks += [[other, s.c.shots[x].hits, 1, -1, -1] for x in s.effective]
    s.sel = []
    s.spent = []
    s.effective = []
    queue(s, tasks, ACTION_DONE)


def thunder_unaims(s: Position, p: int) -> int:
    """Aim cards more the foe discards when a Broadside of REP6's holder hits: its
    ``extra_unaim``: 1 as shipped (house, for balance), 0 as the card reads and when
    absent from the data."""
    rep = reputation(s, p)
    if rep is None or rep.id != "REP6" or len(s.sel) < rep.param("min_cards"):
        return 0
    return int(rep.params.get("extra_unaim", 0))


# -- Sheer Off! ----------------------------------------------------------------------------


def sheer_off(s: Position) -> None:
    """The straight is played: its numbers are covered, and the foe loses that many
    random cards from hand, plus one (less the Rigging penalties)."""
    p = s.seat
    values = [x[1] for x in s.sel]
    for v in values:
        s.covered[p]["sheer-off"][v - 1] = True
    n = max(0, len(values) - counted_penalty(s, p, "rigging"))
    other = foe(p)
    lose = (n + 1 + terror(s, p)) if n else 0
    if s.sea is not None and s.sea.effects.pop("cut_across", 0):  # DT21, even when n′ = 0
        lose += (
            sea_dog.cards(s).tricks[sea_dog.cards(s).trick_index("DT21") or 0].param("extra_cards")
        )
    lose = min(len(s.hands[other]), lose)
    pulled = []
    for card in s.rng.sample(s.hands[other], lose):
        if is_wild(card):  # a Wild at random: which number shows is decided apart
            card = wild_face_up(s, other, s.hands[other])
        s.hands[other].remove(card)
        s.discards[other].append(card)
        pulled.append(card)
    s.log(
        Event(
            "sheer-off",
            {
                "seat": p,
                "cards": sel_cards(s),
                "values": values,
                # in the order they went to the pile, which the view shows
                "foe_discards": pulled,
            },
        )
    )
    s.sel = []
    s.proceed(ACTION_DONE)


def terror(s: Position, p: int) -> int:
    """Terror of the Caribbean (REP5): a Sheer Off takes ``extra_cards`` more."""
    rep = reputation(s, p)
    if rep is None or rep.id != "REP5" or len(s.sel) < rep.param("min_cards"):
        return 0
    return rep.param("extra_cards")


# -- Reload! -------------------------------------------------------------------------------


def reload(s: Position) -> None:
    """A pair (Full Reload) or any two cards (Single Shot Reload) are played: shots
    may be returned to the bag first."""
    kind = s.sel_kind
    s.log(Event("reload", {"seat": s.seat, "full": kind == PAIR, "cards": sel_cards(s)}))
    s.phase = RETURN_SHOTS


def return_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    ids = [a["shot", x, pos] for pos in (FORE, AFT) for x in set(s.loaded[p][pos])]
    if s.sel_kind != ANY_TWO or room(s, p) > 0:  # a Single Reload needs a free spot
        ids.append(a["done"])
    return ids


def return_shot(s: Position, shot: int, position: int) -> None:
    p = s.seat
    s.loaded[p][position].remove(shot)
    s.bag[shot] += 1
    s.log(Event("return-shot", {"seat": p, "shot": shot, "position": position}))


def done_returning(s: Position) -> None:
    """Draw a disc for every empty spot (Full) or one (Single), then load them all
    with the shots left in the cannons, which may be moved freely."""
    p = s.seat
    full = s.sel_kind == PAIR
    s.sel = []
    for pos in (FORE, AFT):
        s.tray.extend(s.loaded[p][pos])
        s.loaded[p][pos] = []
    spots = room(s, p) - len(s.tray)
    n = spots if full else min(1, spots)
    if sea_dog.on(s):  # Well-Stocked Magazine, Shrewd Quartermaster: then load_drawn
        sea_dog.draw_for_reload(s, p, n)
        return
    drawn = draw_shots(s, n)
    s.tray.extend(drawn)
    s.log(Event("draw-shots", {"seat": p, "shots": sorted(drawn)}))
    s.phase = LOAD
    s.after = ACTION_DONE
    continue_loading(s)


def load_drawn(s: Position) -> None:
    """Sea Dog: the Reload's discs are in the tray; loading follows, then the next
    action (or, after Powder Boy, the Stage it was played in)."""
    assert s.sea is not None
    drawn, s.sea.pending = s.sea.pending, []
    s.seat = s.turn_player
    s.log(Event("draw-shots", {"seat": s.seat, "shots": sorted(drawn)}))
    s.phase = LOAD
    s.after = SEA_POWDER_DONE if "powder_boy" in s.sea.effects else ACTION_DONE
    continue_loading(s)


# -- Repair! -------------------------------------------------------------------------------


def repair(s: Position) -> None:
    """1–3 cards are paid: as many Crewman moves."""
    cards = sel_cards(s)
    s.repairs_left = len(cards) + shipwright(s, s.seat)
    s.log(Event("repair", {"seat": s.seat, "cards": cards}))
    s.phase = REPAIR


def shipwright(s: Position, p: int) -> int:
    """Master Shipwright (REP7): ``extra_moves`` more, each of which may be skipped."""
    rep = reputation(s, p)
    return rep.param("extra_moves") if rep is not None and rep.id == "REP7" else 0


def able_seamen(s: Position) -> bool:
    """Able Seamen (DT17) this Repair: a repairing Crewman stays on its Deck."""
    return s.sea is not None and bool(s.sea.effects.get("able_seamen"))


def repair_moves(s: Position, p: int) -> list[int]:
    """Crewmen move along rope lines to a Deck with room or to repair a damaged
    Rigging or Hull zone; officers only between Decks; never the last one out (with
    Able Seamen the last Crewman may repair, as it stays)."""
    a = s.game.ids
    c = s.c
    ids = []
    stays = able_seamen(s)
    for z in c.zones_of("deck"):
        last = zone_count(s, p, z) < 2
        if last and not stays:
            continue
        for b in c.neighbours[z]:
            target = c.zones[b]
            has_room = zone_count(s, p, b) < target.spaces
            if not has_room or (last and target.kind == "deck"):
                continue
            if s.markers[p][z]:
                ids.append(a["move", z, b])
            if target.kind == "deck":
                for officer in (CAPTAIN, FIRST_MATE):
                    if s.officers[p][officer] == z:
                        ids.append(a["officer-move", officer, z, b])
    return ids


def repair_options(s: Position) -> list[int]:
    return [*repair_moves(s, s.seat), s.game.ids["stop"]]


def move(s: Position, frm: int, to: int) -> None:
    p = s.seat
    zone = s.c.zones[to]
    if zone.kind == "deck":
        s.markers[p][frm] -= 1
        s.markers[p][to] += 1
    else:  # the Crewman is spent (Able Seamen: it stays); a Sail or Plank comes back
        if not able_seamen(s):
            s.markers[p][frm] -= 1
            s.supply[1] += 1
        s.supply[2 if zone.kind == "hull" else 0] -= 1
        s.markers[p][to] += 1
    s.log(Event("move", {"seat": p, "from": frm, "to": to}))
    repair_step(s)


def officer_move(s: Position, officer: int, frm: int, to: int) -> None:
    p = s.seat
    s.officers[p][officer] = to
    s.log(Event("officer-move", {"seat": p, "officer": officer, "from": frm, "to": to}))
    repair_step(s)


def repair_step(s: Position) -> None:
    s.repairs_left -= 1
    if s.repairs_left <= 0 or not repair_moves(s, s.seat):
        stop(s)


def stop(s: Position) -> None:
    s.repairs_left = 0
    if s.sea is not None:
        s.sea.effects.pop("able_seamen", None)
    s.sel = []
    s.proceed(ACTION_DONE)
