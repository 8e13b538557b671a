"""Observation tensors, for every registered game: a fixed shape, numbers within the
declared bounds, nothing the seat may not know, and documentation that is current."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from quarterdeck.engine import Rng, get_game
from quarterdeck.interop import observation_docs

from .helpers import GAMES, checkpoints, game_and_players

DOCS = Path(__file__).resolve().parents[2] / "docs" / "observations.md"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_layout_for_every_player_count(name: str) -> None:
    game = get_game(name)
    for players in range(game.min_players, game.max_players + 1):
        layout = game.observation_layout(players)
        assert layout.size == sum(f.size for f in layout.fields) > 0
        assert len({f.name for f in layout.fields}) == len(layout.fields)
        assert all(f.help.strip() and f.high > 0 for f in layout.fields)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("pick", range(4))
def test_observations_are_bounded_and_the_same_for_every_resampled_state(
    name: str, pick: int
) -> None:
    """The tensor is drawn from what the seat knows only: every state that resample
    may draw for the seat gives the same numbers (a leak would show as a difference)."""
    game, players = game_and_players(name, pick)
    layout = game.observation_layout(players)
    highs = [f.high for f in layout.fields for _ in range(f.size)]
    rng = Rng.from_seed(pick)
    for state in checkpoints(game, players, seed=pick + 40, choice_seed=pick, n=25):
        for seat in range(players):
            seen = state.observation(seat)
            assert len(seen) == layout.size
            for value, high in zip(seen, highs, strict=True):
                assert math.isfinite(value) and 0.0 <= value <= high
            for _ in range(3):
                assert state.resample(seat, rng).observation(seat) == seen


def test_the_observation_docs_are_current() -> None:
    """docs/observations.md is written by scripts/write_observation_docs.py."""
    assert DOCS.read_text(encoding="utf-8") == observation_docs()
