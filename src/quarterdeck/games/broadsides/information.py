"""What a captain sees of a position that its log does not tell, as compact canonical
bytes: the information digest's ``seat_information`` (``Game.seat_information``).

The digest already names the log as the seat saw it, and BroadSides logs every public
change as it happens: each Aim card played and discarded, each set, shot, hit, loss,
repair, officer and marker moved, the Target and Disaster tokens turned, the cannons
revealed (and to each captain, its own as it mounts them). What the log does not tell,
and these bytes hold, is:

- the seat's own secrets: its hand (a draw logs only how many cards) and, before the
  reveal, its own cannons (its log tells them, but a state drawn for the other captain
  keeps only that captain's secrets in its log, yet shows this one its own);
- what changes with no event of its own: the cards picked so far for a set (picks are
  steps of one choice and log nothing until the set is played), the shots loaded, the
  manned cannon and the Gunsight;
- where the game stands: the pending decision's seat and kind and the few numbers its
  prompt reads (cheap, and they spare the digest from leaning on the log's order);
- the Sea Dog module's whole state as the seat sees it (dealt offers, secret tricks,
  cards seen in the foe's hand), when it is played.

Everything else the view shows (markers, officers, discards, Targets, cannons once
revealed, Disasters and the tokens unseen, the bag and tray, decks' sizes, the
attack under way) is a function of the log and these fields. ``tests/interop/test_information_digest.py``
holds it to that: over siblings, states drawn for each seat and those played on,
equal digests exactly when the seat's views and logs are equal. Keep it in step with
``view.py`` and the prompts of ``render.py``: a view field that changes with no event
and is not here gives two positions one digest.
"""

from __future__ import annotations

import marshal
from typing import Any

from .phases import HAND_LIMIT, OLD_SALT, PICK, REPAIR, SPEND_SHOTS
from .sea_dog import dealt_rounds, seen_in_hand
from .table import Position
from .view import cannons_revealed

JSON = Any
#: marshal's format 2: no references between objects (format 3 on writes a value met
#: twice by reference, so equal positions could give different bytes), interned or
#: not alike; several times quicker than JSON. Lists and tuples differ in it: the
#: parts are lists throughout, as a position holds them in play and from JSON.
MARSHAL = 2


def seat_information(state: Position, seat: int) -> bytes:
    """What ``seat`` sees of ``state`` that its log does not tell (see above)."""
    phase = state.phase
    parts: list[JSON] = [
        seat,
        state.current_player,  # with the phase, the pending decision (its seat and kind)
        phase,
        # What the pending prompt says (``render.py``'s prompts read these, the
        # officers, cannons, tray, draft round, window and first loss, all logged).
        state.sel_kind if phase == PICK else None,
        len(state.spent) if phase == SPEND_SHOTS else None,
        state.repairs_left if phase == REPAIR else None,
        state.result,
        state.turns,
        state.turn_player,
        state.first_player,
        state.actions_taken,
        state.aimed,
        # the seat's own secrets
        sorted(state.hands[seat]),
        None if cannons_revealed(state) else state.cannons[seat],
        # what changes with no event of its own
        [HAND_LIMIT if phase == HAND_LIMIT else state.sel_kind, state.sel] if state.sel else None,
        state.loaded,
        state.gunner,
        state.sight,
        _sea(state, seat) if state.game.sea_dog is not None else None,
    ]
    return marshal.dumps(parts, MARSHAL)


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
