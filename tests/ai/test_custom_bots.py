"""Bots made by the user's own code take part by name, in the arena too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from quarterdeck.ai import CUSTOM_BOTS, bot_names, make_bot, register_bot
from quarterdeck.arena.tournament import round_robin
from quarterdeck.engine import Action, Bot, Game, OptionError, State, get_game


class FirstLegal(Bot):
    name = "first-legal"

    def choose(self, state: State) -> Action:
        return state.legal_actions()[0]


@pytest.fixture
def first_legal() -> Iterator[None]:
    register_bot("first-legal", lambda game, seed: FirstLegal(seed))
    yield
    CUSTOM_BOTS.pop("first-legal")


@pytest.mark.usefixtures("first_legal")
def test_a_registered_bot_is_made_by_name_and_plays_in_the_arena() -> None:
    game: Game = get_game("letter-of-marque")
    assert "first-legal" in bot_names(game)
    assert isinstance(make_bot("first-legal", game, 3), FirstLegal)
    t = round_robin("letter-of-marque", ["first-legal", "random"], n=6, players=3, workers=1)
    assert t.matches[0].games == 6


def test_built_in_names_cannot_be_taken() -> None:
    for name in ("random", "ismcts", "ismcts:hard"):
        with pytest.raises(OptionError, match="built-in"):
            register_bot(name, lambda game, seed: FirstLegal(seed))
