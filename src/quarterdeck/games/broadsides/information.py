"""What a captain sees of a position, as compact canonical bytes: the information
digest's ``seat_information`` (``Game.seat_information``), without building the view.

BroadSides' log does not tell a captain everything it learns (a draw logs only how
many cards, never which; picks, loads and placements are not logged one by one), so
the digest may not lean on the log: these bytes hold everything ``view.view`` shows
the seat, field by field, in the raw form the view is drawn from. The view's derived
parts (a zone's count and exposed penalties, a cannon's use, a Target's reading, the
hand limit, the Planks missing, the markers) are functions of the fields kept here
(``ship.py`` reads only markers, officers, cannons, loaded shots and the Reputations
once revealed), and so are the pending decision's prompt and its names and texts.
So two positions give the same bytes exactly when they give the seat the same view,
and a hidden field enters only as the view filters it. Keep this in step with
``view.py`` and the prompts of ``render.py``: ``tests/interop/
test_information_digest.py`` compares the bytes with the view.
"""

from __future__ import annotations

import marshal
from typing import Any

from .phases import HAND_LIMIT, OLD_SALT, PICK, REPAIR, SPEND_SHOTS
from .sea_dog import dealt_rounds, seen_in_hand
from .setup import cannons_drawn
from .table import Position
from .view import cannons_revealed

JSON = Any
#: marshal's format 2: no references between objects (format 3 on writes a value met
#: twice by reference, so equal positions could give different bytes), interned or
#: not alike; several times quicker than JSON. Lists and tuples differ in it: the
#: parts are lists throughout, as a position holds them in play and from JSON.
MARSHAL = 2


def seat_information(state: Position, seat: int) -> bytes:
    """``seat``'s view of ``state`` without its log, as compact canonical bytes. The
    fields both captains see whole go in as they are held, both ships' at once."""
    hands = state.hands
    phase = state.phase
    parts: list[JSON] = [
        seat,
        state.current_player,  # with the phase, the pending decision (its seat and kind)
        # What the pending prompt says beyond the fields below (``render.py``'s
        # prompts read the officers, cannons chosen, tray, turn, actions, selection,
        # draft round, window, first loss and hand limit, all here, and these three).
        state.sel_kind if phase == PICK else None,
        len(state.spent) if phase == SPEND_SHOTS else None,
        state.repairs_left if phase == REPAIR else None,
        state.result,
        phase,
        state.turns,
        state.turn_player,
        state.first_player,
        state.actions_taken,
        state.aimed,
        # the ships (``view._Ship``'s parts)
        state.markers,
        state.officers,
        sorted(hands[seat]),
        [len(hands[0]), len(hands[1])],
        [len(state.decks[0]), len(state.decks[1])],
        state.discards,
        state.targets,
        _cannons(state, seat),
        state.loaded,
        state.gunner,
        state.sight,
        state.covered,
        [_disasters(state, p) for p in (0, 1)],
        # off the ships
        state.bag,
        sorted(state.tray),
        len(state.target_deck),
        state.target_discards,
        # the selection as the view names it (hand-limit discards are picked like a set)
        [HAND_LIMIT if phase == HAND_LIMIT else state.sel_kind, state.sel] if state.sel else None,
        state.attack if len(state.attack) == 4 else None,
        [[t[0], t[1], t[2], t[3] if t[3] >= 0 else None] for t in state.tasks],
        _sea(state, seat) if state.game.sea_dog is not None else None,
    ]
    return marshal.dumps(parts, MARSHAL)


def _cannons(state: Position, seat: int) -> list[list[JSON]]:
    """Each ship's cannon tiles where ``seat`` sees them, else whether each is chosen."""
    cannons = state.cannons
    if cannons_revealed(state):
        return cannons
    return [
        cannons[p]
        if p == seat or cannons_drawn(state, p)
        else [kind is not None for kind in cannons[p]]
        for p in (0, 1)
    ]


def _disasters(state: Position, p: int) -> list[JSON]:
    """Which Hull zones' Disasters are resolved, and the tokens still face down."""
    left = [t for t in state.disasters[p].values() if t is not None]
    left.sort()
    return [sorted(state.disaster_done[p]), left]


def _sea(state: Position, seat: int) -> JSON:
    """The Sea Dog module as ``seat`` sees it (``view.sea_dog_view``)."""
    sea = state.sea
    cards = state.game.sea_dog
    assert cards is not None
    if sea is None:
        return None
    dealt = dealt_rounds(sea, cards.rules["trick_rounds"])
    ships = []
    for p in (0, 1):
        own = p == seat
        ships.append(
            [
                sea.reputation[p] if own or sea.revealed else None,
                sea.reputation[p] is not None,
                sea.rep_offers[p] if own else None,
                sea.offers[p][:dealt] if own else None,
                sea.tricks[p] if own else None,
                len(sea.tricks[p]),
                sea.rounds[p],
                sea.crows_nest[p],
                seen_in_hand(state, 1 - p) if seat == 1 - p else None,
            ]
        )
    private = state.phase == OLD_SALT and seat != state.seat
    return [
        ships,
        sea.revealed,
        sea.played,
        sea.window[0] if sea.window else None,
        sea.asking,
        [[k, v] for k, v in sorted(sea.effects.items())],
        None if private else sea.pending,
    ]
