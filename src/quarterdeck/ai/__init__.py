"""Bots that play any game through the engine's contract, and bots by name.

A bot is named on the command line as ``random`` (any game) or by a name the game
offers itself (e.g. ``heuristic``).
"""

from __future__ import annotations

from collections.abc import Callable

from quarterdeck.engine import Bot, Game, OptionError, RandomBot

GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def bot_names(game: Game) -> list[str]:
    return [*GENERIC_BOTS, *game.bots()]


def make_bot(name: str, game: Game, seed: int = 0) -> Bot:
    """The bot called ``name`` for ``game``, seeded."""
    factories: dict[str, Callable[[int], Bot]] = {**GENERIC_BOTS, **game.bots()}
    try:
        factory = factories[name]
    except KeyError:
        known = ", ".join(factories)
        raise OptionError(f"{game.title} has no bot called {name!r} (bots: {known})") from None
    bot: Bot = factory(seed)
    return bot


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
