"""Finding games by name.

Games register themselves through the ``quarterdeck.games`` entry-point group (see
``pyproject.toml``), so a game in another package plugs in the same way as the
built-in ones; :func:`register` adds one at run time (tests, notebooks).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGameError
from .game import Game

_games: dict[str, type[Game]] = {}
_loaded = False


def register(game: type[Game]) -> type[Game]:
    """Register a game class under its ``name`` (usable as a decorator)."""
    _games[game.name] = game
    return game


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group="quarterdeck.games"):
        game = ep.load()
        _games.setdefault(game.name, game)


def game_names() -> list[str]:
    _load_entry_points()
    return sorted(_games)


def game_class(name: str) -> type[Game]:
    _load_entry_points()
    try:
        return _games[name]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise UnknownGameError(f"no game called {name!r} (games: {known})") from None


def get_game(name: str, options: Mapping[str, Any] | None = None) -> Game:
    """A game by name, with options."""
    return game_class(name)(**dict(options or {}))
