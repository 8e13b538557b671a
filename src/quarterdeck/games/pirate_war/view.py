"""What a seat may know of a Pirate War position (PW-4.10), and redrawing what it
may not: the other players' held cards and the deck's order."""

from __future__ import annotations

from typing import Any

from quarterdeck.engine import Rng

from .components import Components
from .table import Play, Table

JSON = Any


def view(p: Play, seat: int | None, reveal: bool) -> dict[str, JSON]:
    """PW-4.10: everything is public except the hands (each seen by its owner) and the
    deck's order (seen by nobody)."""
    t, c = p.table, p.comp
    ships = []
    for s in range(p.num_players):
        race = c.races[t.race[s]].name if t.race[s] >= 0 else None
        own = reveal or s == seat
        ships.append(
            {
                "seat": s,
                "race": race,
                "home_port": t.site[s] + 1 if t.site[s] >= 0 else None,
                "hex": t.hex[s] if t.hex[s] >= 0 else None,
                "col_row": list(p.board.col_row(t.hex[s])) if t.hex[s] >= 0 else None,
                "facing": t.facing[s] if t.hex[s] >= 0 else None,
                "hull": t.hull[s],
                "crew": t.crew[s],
                "weapons": [c.mounts[m].name for m in t.weapons[s]],
                "treasures_aboard": t.aboard[s],
                "gold": t.gold[s],
                "store": t.store[s],
                "hand_size": len(t.hands[s]),
                "hand": sorted(t.hands[s]) if own else None,
                "wine_women_song": t.wws[s],
                "miss_next_turn": t.miss[s],
                "hostile_to": [h[0] + 1 for h in t.hostile[s]],
            }
        )
    out: dict[str, JSON] = {
        "round": t.round,
        "round_limit": p.options["round_limit"],
        "active": t.active if t.active >= 0 else None,
        "order": list(t.order),
        "setup_order": list(t.setup_order),
        "wind": t.wind,
        "deck_size": len(t.deck),
        "discard": list(t.deck.discards),
        "ships": ships,
        # The movement phase under way (PW-10), all public: a person's table works
        # out from it where the move may still end (pirate-war.js, reach).
        "movement": {
            "mode": t.mode,
            "mp": t.mp,
            "run": t.run,
            "moved": t.moved,
            "turns": t.turns,
            "free_used": t.free_used,
            "straight": t.straight,
            "backs": t.backs,
            "port_run": t.port_run,
            "upwind_start": t.upwind_start,
            "path": [list(p.board.col_row(h)) for h in t.path],
        },
        "winners": list(t.winners) if t.over else None,
        "decision": t.pending[-1].kind if t.pending else None,
    }
    if reveal:
        out["deck_order"] = list(t.deck.draw_pile)
    return out


def redeal(t: Table, c: Components, seat: int | None, rng: Rng) -> None:
    """Deal the cards ``seat`` cannot see anew, uniformly among the deals it cannot
    tell apart: the other hands keep their sizes but get held cards (kind H) only,
    drawn from the unseen held cards; the rest, shuffled, form the deck. Everything is
    sorted first, so the result depends only on what the seat knows."""
    others = [s for s in range(len(t.hands)) if s != seat]
    unseen = sorted(t.deck.draw_pile + [card for s in others for card in t.hands[s]])
    held = [n for n in unseen if c.card(n).kind == "H"]
    rng.shuffle(held)
    for s in others:
        n = len(t.hands[s])
        t.hands[s] = sorted(held[:n])
        held = held[n:]
    t.deck.draw_pile = sorted(held + [n for n in unseen if c.card(n).kind != "H"])
    t.deck.shuffle(rng)
