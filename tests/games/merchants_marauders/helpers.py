"""Positions for the rule tests: a game after setup, a captain's turn, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

from quarterdeck.engine import Rng
from quarterdeck.games.merchants_marauders import MerchantsAndMarauders, MerchantsAndMaraudersState
from quarterdeck.games.merchants_marauders.basics import ship_type
from quarterdeck.games.merchants_marauders.phases import ACTION, ACTIONS
from quarterdeck.games.merchants_marauders.table import Decision, Player

GAME = MerchantsAndMarauders()
C = GAME.components


class ScriptedDice(Rng):
    """The state's generator with the die faces given in order, in groups (one group a
    roll); other draws stay random."""

    __slots__ = ("faces",)

    def __init__(self, *groups: Iterable[int]) -> None:
        base = Rng.from_seed(1)
        super().__init__(base.state, base.inc)
        self.faces = [face for group in groups for face in group]

    def randint(self, low: int, high: int) -> int:
        if (low, high) == (1, 6):
            assert self.faces, "the test ran out of scripted dice"
            return self.faces.pop(0)
        return super().randint(low, high)


def zone(name: str) -> int:
    return C.zone_index(name)


def captain_of(nation: str) -> int:
    """The first captain card of a nation."""
    return next(i for i, k in enumerate(C.captains) if C.nations[k.nation].key == nation)


def ready(players: int = 2, seed: int = 1) -> MerchantsAndMaraudersState:
    """A game after setup (everybody sails a Sloop) with a quiet board: no NPC, no war,
    no storm, no glory cards in hand."""
    s = GAME.new_state(players, seed)
    assert isinstance(s, MerchantsAndMaraudersState)
    while s.pending() is not None and s.pending().decision == "choose-ship":  # type: ignore[union-attr]
        s.apply("sail a Sloop")
    t = s.table
    t.npc_zone = [-1] * 6
    t.npc_cards = [[] for _ in range(6)]
    t.entries = []
    t.war = []
    t.storm, t.fog, t.trade_winds, t.treasure_fleet = [], False, False, False
    for p in t.players:  # no glory cards: no Fortune's Favour window after a roll (G12)
        t.glory_deck += p.hand
        p.hand = []
    return s


def place(
    s: MerchantsAndMaraudersState,
    seat: int,
    where: str,
    docked: bool = False,
    ship: str = "Sloop",
    captain: int | None = None,
) -> Player:
    p = s.table.players[seat]
    if captain is not None:
        p.card = captain
    kind = C.ship_index(ship) if ship != "Man-o-War" else len(C.ships)
    p.ship = kind
    p.maxima = list(ship_type(s, kind).values)
    p.values = list(p.maxima)
    p.zone = zone(where)
    p.docked = docked
    return p


def turn(s: MerchantsAndMaraudersState, seat: int) -> None:
    """``seat`` is about to choose an action, with 3 actions left."""
    t = s.table
    t.pending = [Decision(ACTION, seat)]
    t.stage = ACTIONS
    t.active = seat
    t.actions_left = 3
    t.extra_moves = 0
    t.port_used = False
    t.acted = False
    t.scouted = []
    t.combat = None
    t.raid = None
    t.visit = None
    t.battles = []
    s.touched()


def card(good: str, slot: str) -> int:
    """A cargo card id: "Rum-c" is card("rum", "c")."""
    return C.goods.index(good) * 8 + "abcdefgh".index(slot)


def texts(s: MerchantsAndMaraudersState) -> list[str]:
    return [a.text for a in s.legal_actions()]
