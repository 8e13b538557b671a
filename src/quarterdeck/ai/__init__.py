"""Bots that play any game through the engine's contract, and bots by name.

A bot is named on the command line as ``random`` (any game) or by a name the game
offers itself (e.g. ``heuristic``).
"""

from __future__ import annotations

from collections.abc import Callable

from quarterdeck.engine import Action, Bot, Game, OptionError, RandomBot, State

from .ismcts import LEVELS, ISMCTSBot

#: The built-in bots' revision. Bump it whenever the bots of every game may choose
#: differently (the search itself, its levels); a change to one game's heuristic or
#: search settings bumps that game's ``Game.bots_revision`` instead. A tournament
#: journal written by bots of another revision is refused, so a ladder that grows over
#: many runs never mixes games of different bots.
BOTS_REVISION = 2

GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot}
#: Bots made by the user's own code (a trained policy, say), by name: see register_bot.
CUSTOM_BOTS: dict[str, Callable[[Game, int], Bot]] = {}


def register_bot(name: str, factory: Callable[[Game, int], Bot]) -> None:
    """Make ``factory(game, seed)`` the bot called ``name`` everywhere bots are named
    (the arena included). It lives in this process: run the arena with one worker,
    or register it in the workers too."""
    if name in GENERIC_BOTS or name == "ismcts" or name.startswith("ismcts:"):
        raise OptionError(f"{name!r} is a built-in bot's name")
    CUSTOM_BOTS[name] = factory


def bot_names(game: Game) -> list[str]:
    return [
        *GENERIC_BOTS,
        *game.bots(),
        *(f"ismcts:{level}" for level in LEVELS),
        *CUSTOM_BOTS,
    ]


#: The most iterations ``ismcts:N`` may take a decision (hours of thought a move).
MAX_ITERATIONS = 10_000_000


def make_ismcts(spec: str, game: Game, seed: int) -> ISMCTSBot:
    """``ismcts``, ``ismcts:easy|normal|hard`` or ``ismcts:N`` (N iterations)."""
    _, _, budget = spec.partition(":")
    budget = budget or "normal"
    if budget in LEVELS:
        iterations = LEVELS[budget]
    elif budget.isascii() and budget.isdecimal() and 0 < int(budget) <= MAX_ITERATIONS:
        iterations = int(budget)
    else:
        levels = ", ".join(LEVELS)
        raise OptionError(
            f"ismcts takes a level ({levels}) or a number of iterations from 1 to "
            f"{MAX_ITERATIONS:,}, not {budget!r}"
        )
    policy = search_prior(game, seed)
    # A game may let its heuristic play the other seats and the rollouts too.
    modelled = policy if game.search_models_play else None
    return ISMCTSBot(
        seed,
        iterations=iterations,
        # Long games stop rollouts early and ask the game for an evaluation.
        rollout_depth=game.search_rollout_depth(),
        # The game's heuristic, where it has one, is the choice the search tries
        # first and leans towards, as long as the game says.
        prior=policy,
        prior_weight=game.prior_weight,
        foe_model=modelled,
        rollout=modelled,
        keep_prior=game.search_keeps_prior if policy is not None else None,
        tree_depth=game.search_tree_depth,
    )


def search_prior(game: Game, seed: int) -> Callable[[State], Action] | None:
    """The game's heuristic bot, if it has one: the search's model of sensible play."""
    factory = game.bots().get("heuristic")
    return factory(seed).choose if factory is not None else None


def make_bot(name: str, game: Game, seed: int = 0) -> Bot:
    """The bot called ``name`` for ``game``, seeded."""
    if name == "ismcts" or name.startswith("ismcts:"):
        return make_ismcts(name, game, seed)
    if name in CUSTOM_BOTS:
        return CUSTOM_BOTS[name](game, seed)
    factories: dict[str, Callable[[int], Bot]] = {**GENERIC_BOTS, **game.bots()}
    try:
        factory = factories[name]
    except KeyError:
        known = ", ".join(factories)
        raise OptionError(f"{game.title} has no bot called {name!r} (bots: {known})") from None
    bot: Bot = factory(seed)
    return bot


__all__ = ["Bot", "ISMCTSBot", "RandomBot", "bot_names", "make_bot", "register_bot"]
