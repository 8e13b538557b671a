"""The observation tensor: what one seat may know (MM-1.7a), as numbers in [0, 1].

Players are told relative to the observer: row 0 of ``players`` is the observer, row
1 the next seat clockwise, and so on. Every number comes from the seat's view: the
public board and captains, and the observer's own gold, stash and glory cards. Counts
are divided by a stated maximum and clipped to 1.
"""

from __future__ import annotations

from collections.abc import Mapping

from quarterdeck.engine import Buffer, TensorField, TensorLayout

from .components import Components
from .phases import OVER
from .table import Table

ZONES = 17
PLAYER_COLUMNS = 17 + 1 + 5 + 5 + 1 + 4 + 1 + 1 + 5 + 3 + 8 + 1 + 1 + 1
GOLD_SCALE = 100.0
GLORY_SCALE = 20.0


class Encoder:
    """The layout for a game and player count, with the phase indices of the
    decision table (given by the game)."""

    def __init__(self, c: Components, players: int, phases: Mapping[str, int]) -> None:
        self.c = c
        self.players = players
        self.phases = dict(phases)
        zones = len(c.zones)
        self.layout = TensorLayout(
            [
                TensorField(
                    "phase",
                    (len(phases) + 1,),
                    "the kind of decision pending (one-hot; the last: the game is over)",
                ),
                TensorField("round", (1,), "the game turn, divided by the number of Event cards"),
                TensorField(
                    "players",
                    (players, 17 + 1 + 5 + 5 + 1 + 4 + 1 + 1 + len(c.ships) + 1 + 3 + 8 + 3),
                    "per captain from the observer clockwise: zone one-hot, docked, current values /5, maxima /5, cargo cards /6, bounties by nation /5, glory track /20, glory cards in hand /5, ship type one-hot, weapons held, modifications, is the active player, decides now, holds a rumor",
                ),
                TensorField(
                    "own",
                    (2 + len(c.glory_types),),
                    "the observer's own secrets: gold on board /100, stash /100 (clipped), glory cards in hand by type /5",
                ),
                TensorField(
                    "npcs", (len(c.npcs), zones + 1), "each NPC: on the board, its zone one-hot"
                ),
                TensorField(
                    "zones",
                    (zones, 1 + len(c.goods)),
                    "each zone: a merchant token is there, the demanded good one-hot",
                ),
                TensorField("war", (len(c.nations),), "the nations at war"),
            ]
        )

    def write(self, t: Table, seat: int, current: int | None, out: Buffer) -> None:
        c = self.c
        layout = self.layout
        phase = layout["phase"]
        if t.stage == OVER or not t.pending:
            out[phase + len(self.phases)] = 1.0
        else:
            out[phase + self.phases[t.pending[-1].kind]] = 1.0
        out[layout["round"]] = min(1.0, t.round / max(1, len(c.events)))
        width = layout.fields[2].shape[1]
        base = layout["players"]
        ships = len(c.ships) + 1
        for row in range(self.players):
            s = (seat + row) % self.players
            p = t.players[s]
            at = base + row * width
            out[at + p.zone] = 1.0
            at += 17
            out[at] = float(p.docked)
            at += 1
            for k in range(5):
                out[at + k] = min(1.0, p.values[k] / 5)
                out[at + 5 + k] = min(1.0, p.maxima[k] / 5)
            at += 10
            out[at] = min(1.0, len(p.cargo) / 6)
            at += 1
            for n in range(4):
                out[at + n] = min(1.0, p.bounties[n] / 5)
            at += 4
            out[at] = min(1.0, p.glory / GLORY_SCALE)
            out[at + 1] = min(1.0, len(p.hand) / 5)
            at += 2
            if p.maxima[4]:
                out[at + p.ship] = 1.0
            at += ships
            for w in range(3):
                out[at + w] = float(p.weapons[w] > 0)
            at += 3
            for m in p.mods:
                out[at + m] = 1.0
            at += 8
            out[at] = float(s == t.active)
            out[at + 1] = float(s == current)
            out[at + 2] = float(p.rumor >= 0)
        own = layout["own"]
        me = t.players[seat]
        out[own] = min(1.0, me.gold / GOLD_SCALE)
        out[own + 1] = min(1.0, me.stash / GOLD_SCALE)
        for g in me.hand:
            out[own + 2 + c.glory[g]] = min(1.0, out[own + 2 + c.glory[g]] + 0.2)
        npcs = layout["npcs"]
        zones = len(c.zones)
        for n, z in enumerate(t.npc_zone):
            if z >= 0:
                out[npcs + n * (zones + 1)] = 1.0
                out[npcs + n * (zones + 1) + 1 + z] = 1.0
        zfield = layout["zones"]
        goods = len(c.goods)
        for z in range(zones):
            at = zfield + z * (1 + goods)
            out[at] = float(t.merchants[z] >= 0)
            if t.demand[z] >= 0:
                out[at + 1 + t.demand[z]] = 1.0
        for n in t.war:
            out[layout["war"] + n] = 1.0
