"""Positions and games shared by the adapter tests."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.engine import State, game_names, get_game
from quarterdeck.games.broadsides.phases import SEA_PHASE_INDEX

GAMES = game_names()


def player_counts(name: str) -> list[int]:
    game = get_game(name)
    return list(range(game.min_players, game.max_players + 1))


#: Every game with every number of players it takes.
GAME_PLAYERS = [(name, n) for name in GAMES for n in player_counts(name)]

#: Options that shorten a long game in the checks that play whole games and examine
#: every step (OpenSpiel's serialization round trip and information-state strings
#: grow with the log, so a check's cost grows with the square of a game's length).
#: A shorter game passes through the same kinds of decision: a random Pirate War
#: game reaches every phase within a few rounds, but runs its 100 rounds otherwise.
SHORT: dict[str, dict[str, Any]] = {"pirate-war": {"round_limit": 8}}


#: Games whose one random game is long enough (hundreds of decisions) to meet every
#: check of OpenSpiel's random simulation; shorter games play three.
LONG_GAMES = frozenset({"broadsides", "merchants-and-marauders", "pirate-war"})


def short(name: str) -> dict[str, Any]:
    return SHORT.get(name, {})


#: Each module a game plays on top of its base rules, with the options that turn it
#: on as the frameworks pass them (booleans): the adapters' checks run with each one
#: on too. BroadSides' Experienced Sea Dog module (issue 25).
MODULES: list[tuple[str, dict[str, Any]]] = [("broadsides", {"sea_dog": True})]

#: With a module on, the checks play a game of fewer rounds (as ``SHORT``): the
#: module's decisions come from the first turn on (its draft, a window or more each
#: turn), and the checks that examine every step cost the square of a game's length.
MODULE_SHORT: dict[str, dict[str, Any]] = {"broadsides": {"round_cap": 20}}


def _module(name: str, options: dict[str, Any]) -> dict[str, Any]:
    return {**MODULE_SHORT.get(name, {}), **options}


#: (name, options): every game as it is (no options), then each module on.
GAME_OPTIONS = [pytest.param(name, {}, id=name) for name in GAMES] + [
    pytest.param(name, _module(name, options), id=f"{name}-{'+'.join(options)}")
    for name, options in MODULES
]

#: (name, players, options): every game with every number of players it takes, then
#: each module on with every number of players.
GAME_PLAYER_OPTIONS = [pytest.param(name, n, {}, id=f"{name}-{n}") for name, n in GAME_PLAYERS] + [
    pytest.param(name, n, _module(name, options), id=f"{name}-{n}-{'+'.join(options)}")
    for name, options in MODULES
    for n in player_counts(name)
]


def sea_dog_decision(state: State) -> bool:
    """Whether BroadSides asks one of the Sea Dog module's decisions now (a
    Reputation, the draft, a window, a trick's follow-up)."""
    return state.game.name == "broadsides" and getattr(state, "phase", None) in SEA_PHASE_INDEX


#: Both ships two Planks from sinking, cannons loaded, Targets in front, three turns
#: each before the round cap (60 each): the last turns of a BroadSides game.
NEAR_END: dict[str, Any] = {
    "name": "Both ships two Planks from sinking",
    "seed": 11,
    "turns": 114,
    "ships": [
        {
            "hand": ["3♠", "4♥", "9♦", "7♣"],
            "cannons": {"fore": "18-pounder", "aft": "carronade"},
            "loaded": {"fore": ["solid", "solid"], "aft": ["chain"]},
            "gunner": "fore",
            "gunsight": "mid-hull",
            "markers": {"fore-hull": 2, "mid-hull": 1, "aft-hull": 3},
            "targets": [{"centre": [2, 2]}, {"centre": [3, 5]}],
        },
        {
            "hand": ["1♠", "5♦", "8♥", "2♣"],
            "cannons": {"fore": "long-nine", "aft": "carronade"},
            "loaded": {"fore": ["solid"], "aft": ["solid", "canister"]},
            "gunner": "aft",
            "gunsight": "mid-hull",
            "markers": {"fore-hull": 2, "mid-hull": 1, "aft-hull": 3},
            "targets": [{"centre": [9, 7]}, {"centre": [9, 6]}],
        },
    ],
}


def near_end() -> State:
    return get_game("broadsides").load_scenario(NEAR_END)
