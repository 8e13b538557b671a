"""Positions for BroadSides rule tests, written as scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.engine import get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

RED, BLUE = 0, 1


@pytest.fixture
def game() -> BroadSides:
    g = get_game("broadsides")
    assert isinstance(g, BroadSides)
    return g


def ship(**fields: Any) -> dict[str, Any]:
    """A ship of a scenario: full, officers on the Main Deck, two 18-Pounders."""
    base: dict[str, Any] = {
        "hand": [],
        "cannons": {"fore": "18-pounder", "aft": "18-pounder"},
        "loaded": {"fore": ["solid", "chain"], "aft": ["canister", "canister"]},
        "gunner": "fore",
        "gunsight": "mid-hull",
    }
    base.update(fields)
    return base


def position(
    game: BroadSides, red: dict[str, Any], blue: dict[str, Any], **rest: Any
) -> BroadSidesState:
    # Target cards nobody aimed at yet, different for each ship, unless given.
    red.setdefault("targets", [{"centre": [2, 2]}, {"centre": [3, 5]}])
    blue.setdefault("targets", [{"centre": [4, 8]}, {"centre": [5, 3]}])
    state = game.load_scenario({"ships": [red, blue], **rest})
    assert isinstance(state, BroadSidesState)
    return state


def act(state: BroadSidesState, *texts: str) -> None:
    """Apply actions by their text, in order."""
    for text in texts:
        state.apply(text)


def texts(state: BroadSidesState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def card(text: str) -> int:
    values = {"♠": 0, "♣": 1, "♦": 2, "♥": 3}
    return values[text[-1]] * 10 + int(text[:-1]) - 1
