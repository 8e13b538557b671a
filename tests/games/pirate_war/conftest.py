"""Positions and scripted dice for Pirate War rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.table import ask

EMPIRE, BRETTONIAN, ELVES, DWARVES, ORCS, CHAOS = range(6)
FORWARD, MIDSHIPS, BOW180 = range(3)


class Dice(Rng):
    """A generator that rolls the given faces first (then fails loudly)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0, 1)
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        assert self.faces, "the test ran out of scripted dice"
        face = self.faces.pop(0)
        assert low <= face <= high
        return face

    def copy(self) -> Dice:
        return Dice(self.faces)


def game(**options: Any) -> PirateWar:
    return PirateWar(**options)


def make(
    races: Sequence[int] = (EMPIRE, BRETTONIAN),
    seed: int = 1,
    **options: Any,
) -> PirateWarState:
    """A game after setup: seat s plays ``races[s]``, home ports taken in the order
    offered, forward mounts; then the pending stack holds only a sentinel (a decision
    of seat 0 that stops the settling loop), so tests push what they need."""
    g = game(**options)
    state = g.new_state(len(races), seed)
    assert isinstance(state, PirateWarState)
    while state.table.round == 0:
        d = state.table.pending[-1]
        if d.kind == ph.RACE:
            state.apply(f"race {g.components.races[races[d.seat]].name}")
        else:
            state.apply(state.legal_actions()[0].id)
    settle_to_sentinel(state)
    return state


def settle_to_sentinel(state: PirateWarState) -> None:
    t = state.table
    t.pending = [ask(ph.WIND, 0)]
    t.active = 0
    t.mode = ph.NO_MODE
    for s in range(state.num_players):
        t.deck.draw_pile[:0] = t.hands[s]  # back under the deck: the 42 cards stay 42
        t.hands[s] = []
    state.touched()


def put(state: PirateWarState, seat: int, col: int, row: int, facing: int) -> None:
    state.table.hex[seat] = state.board.index(col, row)
    state.table.facing[seat] = facing
    state.touched()


def away(state: PirateWarState, seat: int) -> None:
    """Park a ship far from the action (south-east open sea)."""
    put(state, seat, 20 - seat, 10, 1)


def texts(state: PirateWarState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def push(state: PirateWarState, kind: str, seat: int, *args: int) -> None:
    state.table.pending.append(ask(kind, seat, *args))
    state.touched()


def script(state: PirateWarState, *faces: int) -> Dice:
    dice = Dice(faces)
    state.rng = dice
    return dice


def settled(state: PirateWarState) -> None:
    """Run the automatic steps a test pushed, as play does after every action."""
    from quarterdeck.games.pirate_war import decisions

    decisions.settle(state)
    state.touched()
