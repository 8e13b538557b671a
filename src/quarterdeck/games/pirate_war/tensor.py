"""A first observation tensor of Pirate War: what one seat may know, as numbers in
[0, 1]. Per-player rows are relative (me first, then the next seats in seat order).
Everything comes from the public position plus the seat's own hand (PW-4.10); the
deck's order and the other hands never enter it. Later sessions may add the map as
planes; this is the compact version the research adapters need now.
"""

from __future__ import annotations

from quarterdeck.engine import Buffer, TensorField, TensorLayout

from . import phases as ph
from .components import Components
from .decisions import DECISIONS
from .table import Play

ROW = (
    "has a ship",
    "column / 26",
    "row / 16",
    "facing 1",
    "facing 2",
    "facing 3",
    "facing 4",
    "facing 5",
    "facing 6",
    "hull / max hull",
    "crew / 12",
    "weapons / 12",
    "treasures aboard / 12",
    "gold / 100 (at most 1)",
    "stored treasures / victory_treasures (at most 1)",
    "held cards / 16",
    "miss next turn",
    "Wine, Women & Song in front",
    "is the active player",
)
GOLD_SCALE = 100


def layout(c: Components, players: int) -> TensorLayout:
    races = ", ".join(r.name for r in c.races)
    cols = "; ".join(f"[{i}] {text}" for i, text in enumerate(ROW))
    kinds = ", ".join(ph.DECISION_KINDS)
    f = TensorField
    return TensorLayout(
        [
            f(
                "decision",
                (len(ph.DECISION_KINDS) + 1,),
                f"the pending decision, one-hot: {kinds}, then 'game over'",
            ),
            f("my_decision", (1,), "1 if I decide now"),
            f("wind", (6,), "the side the wind blows toward, one-hot 1-6"),
            f("round", (1,), "round / round_limit"),
            f(
                "races",
                (players, len(c.races)),
                f"each player's race, one-hot ({races}); rows relative, me first",
            ),
            f("players", (players, len(ROW)), f"one row per player, me first: {cols}"),
            f("my_hand", (len(c.cards),), "the cards in my hand, by card number 1-42"),
            f("discard", (len(c.cards),), "the cards in the discard pile, by card number"),
            f("deck", (1,), "cards left in the deck / the cards in the game (42)"),
        ]
    )


def write(p: Play, seat: int, lay: TensorLayout, out: Buffer) -> None:
    t, c = p.table, p.comp
    n = p.num_players
    top = t.pending[-1] if t.pending else None
    # The decision table gives each kind its index (DECISIONS[kind].index).
    index = DECISIONS[top.kind].index if top and not t.over else len(DECISIONS)
    out[lay["decision"] + index] = 1.0
    if top is not None and top.seat == seat and not t.over:
        out[lay["my_decision"]] = 1.0
    out[lay["wind"] + t.wind - 1] = 1.0
    out[lay["round"]] = min(1.0, t.round / p.options["round_limit"])
    width = len(ROW)
    for rel in range(n):
        s = (seat + rel) % n
        if t.race[s] >= 0:
            out[lay["races"] + rel * len(c.races) + t.race[s]] = 1.0
        at = lay["players"] + rel * width
        if t.hex[s] >= 0:
            col, row = p.board.col_row(t.hex[s])
            out[at] = 1.0
            out[at + 1] = col / 26
            out[at + 2] = row / 16
            out[at + 3 + t.facing[s] - 1] = 1.0
            out[at + 9] = t.hull[s] / c.races[t.race[s]].hull
            out[at + 10] = min(1.0, t.crew[s] / 12)
            out[at + 11] = min(1.0, len(t.weapons[s]) / 12)
            out[at + 12] = min(1.0, t.aboard[s] / 12)
        out[at + 13] = min(1.0, t.gold[s] / GOLD_SCALE)
        out[at + 14] = min(1.0, t.store[s] / p.options["victory_treasures"])
        out[at + 15] = min(1.0, len(t.hands[s]) / 16)
        out[at + 16] = float(t.miss[s])
        out[at + 17] = float(t.wws[s])
        out[at + 18] = float(t.active == s)
    for card in t.hands[seat]:
        out[lay["my_hand"] + card - 1] = 1.0
    for card in t.deck.discards:
        out[lay["discard"] + card - 1] = 1.0
    out[lay["deck"]] = len(t.deck) / (len(c.cards) * c.copies)
