"""The game-agnostic core: the Game and State contract, actions, the state's own
random numbers, per-seat views and the event log, records and replay, the registry.

It imports nothing else of Quarterdeck.
"""

from .actions import Action, ActionSpace
from .bot import Bot, RandomBot
from .components import Deck, roll
from .errors import (
    DataFileError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    QuarterdeckError,
    RecordError,
    RulesVersionError,
    ScenarioError,
    UnknownGameError,
)
from .events import Event
from .game import Game, Option, Pending, State, whole_number
from .lazy import LazyView
from .record import Record
from .registry import game_class, game_names, get_game, register
from .rng import Rng, derive_seed, fresh_seed
from .tensor import Buffer, TensorField, TensorLayout, scatter

__all__ = [
    "Action",
    "ActionSpace",
    "Bot",
    "Buffer",
    "DataFileError",
    "Deck",
    "Event",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "LazyView",
    "MalformedActionError",
    "NotYourTurnError",
    "Option",
    "OptionError",
    "Pending",
    "QuarterdeckError",
    "RandomBot",
    "Record",
    "RecordError",
    "Rng",
    "RulesVersionError",
    "ScenarioError",
    "State",
    "TensorField",
    "TensorLayout",
    "UnknownGameError",
    "derive_seed",
    "fresh_seed",
    "game_class",
    "game_names",
    "get_game",
    "register",
    "roll",
    "scatter",
    "whole_number",
]
