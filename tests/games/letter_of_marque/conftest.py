"""Positions for Letter of Marque rule tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from quarterdeck.engine import get_game
from quarterdeck.games.letter_of_marque import LetterOfMarque, LetterOfMarqueState

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


@pytest.fixture
def game() -> LetterOfMarque:
    g = get_game("letter-of-marque")
    assert isinstance(g, LetterOfMarque)
    return g


def opening(
    game: LetterOfMarque,
    drawn: Sequence[int],
    armed: Sequence[bool],
    seed: int = 1,
    options: dict[str, object] | None = None,
) -> LetterOfMarqueState:
    """A game whose players turned up ``drawn`` and chose ships ``armed``."""
    state = game.new_state(len(drawn), seed, options)
    assert isinstance(state, LetterOfMarqueState)
    for seat, value in enumerate(drawn):  # set the turned-up cards as the example has them
        state.decks[seat] = sorted(v for v in (3, 4, 5, 6, 7) if v != value)
        state.drawn[seat] = value
    for choice in armed:
        state.apply("launch an armed ship" if choice else "launch a defenceless ship")
    return state
