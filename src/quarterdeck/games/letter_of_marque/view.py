"""What a seat may know of a position, as plain JSON (``State.view`` wraps it).

Hidden: the order of every treasure deck (from everybody, owner included: its
contents are public, since the rest were turned up) and which of a player's
unrevealed and reserve ships are armed (from everybody but their owner).
"""

from __future__ import annotations

from typing import Any

from . import scoring
from .phases import OVER
from .table import Position, components_of

JSON = Any


def view(s: Position, seat: int | None, reveal: bool) -> dict[str, JSON]:
    """The game's part of ``seat``'s view (``None``: a spectator); ``reveal`` shows
    everything."""
    colours = components_of(s.game).colours
    points = scoring.points(s)
    fleets = []
    for p in range(s.num_players):
        own = reveal or p == seat
        fleet: dict[str, JSON] = {
            "seat": p,
            "colour": colours[p],
            "deck": len(s.decks[p]),
            # The deck's contents are known to all (the rest were turned up); its
            # order is known to nobody.
            "deck_treasures": sorted(s.decks[p]),
            "drawn": s.drawn[p],
            "reserve": sum(s.reserves[p]),
            "reserve_armed": s.reserves[p][0] if own else None,
            "cannons": s.cannons[p],
            "ships": [
                {
                    "ship": i,
                    "treasure": ship.treasure,
                    "status": ship.status,
                    "armed": ship.armed if own or ship.revealed else None,
                    "revealed": ship.revealed,
                }
                for i, ship in enumerate(s.fleets[p])
            ],
            "treasure_pile": [list(t) for t in s.treasure_piles[p]],
            "cannon_pile": list(s.cannon_piles[p]),
            "cannons_removed": s.removed_cannons[p],
            "points": points[p],
        }
        if reveal:
            fleet["deck_order"] = list(s.decks[p])
        fleets.append(fleet)
    return {
        "phase": s.phase,
        "turn": s.turns,
        "first_player": s.first_player,
        "fleets": fleets,
        "winners": scoring.winners(s) if s.phase == OVER else None,
    }
