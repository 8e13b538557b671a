"""The table: one position of a game of Letter of Marque as plain data.

:data:`CODECS` lists the fields once, each with its :class:`Codec` (how it is
copied and written to JSON); the ``__slots__`` of :class:`Position`, its ``clone``,
the state's JSON and :meth:`Position.from_state_json` are all made from that one list
(the class declares the fields' types, for the type checker and the compiler). The rules
modules and the satellites (view, tensor, render) take a ``Position`` and never import
``state.py`` or ``game.py`` (the bot reads only its view); the State subclass in
``state.py`` adds the engine's hooks on top.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Game, State

from .components import Components
from .phases import AT_SEA, PRELIMINARY

JSON = Any
P = TypeVar("P", bound="Position")


def components_of(game: Game) -> Components:
    """The game's component data (``LetterOfMarque.parse_data`` makes them)."""
    data = game.data
    assert isinstance(data, Components)
    return data


class Ship:
    """A ship that has left its owner's reserve, on its treasure card."""

    __slots__ = ("armed", "revealed", "status", "treasure")

    def __init__(self, armed: bool, treasure: int, status: str = AT_SEA, revealed: bool = False):
        self.armed = armed
        self.treasure = treasure
        self.status = status  # AT_SEA, ARRIVED or CAPTURED
        self.revealed = revealed  # its base has been shown to everybody

    def copy(self) -> Ship:
        return Ship(self.armed, self.treasure, self.status, self.revealed)

    def to_json(self) -> list[JSON]:
        return [self.armed, self.treasure, self.status, self.revealed]


@dataclass(frozen=True)
class Codec:
    """How a field of one shape is copied for ``clone``, written to JSON and read back."""

    copy: Callable[[Any], Any]
    dump: Callable[[Any], JSON]
    load: Callable[[JSON], Any]


def _same(x: Any) -> Any:
    return x


def _rows(x: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in x]


#: An int, a string or None.
VALUE = Codec(_same, _same, _same)
#: A list of ints (or None): one per player.
ROW = Codec(list, list, list)
#: A list of lists of ints: one per player.
ROWS = Codec(_rows, _rows, _rows)
#: Per player, a list of (first owner, value) treasure cards: tuples in play, lists in JSON.
PAIRS = Codec(
    _rows,
    lambda x: [[list(pair) for pair in row] for row in x],
    lambda x: [[(owner, value) for owner, value in row] for row in x],
)
#: Per player, a list of :class:`Ship`.
SHIPS = Codec(
    lambda x: [[ship.copy() for ship in fleet] for fleet in x],
    lambda x: [[ship.to_json() for ship in fleet] for fleet in x],
    lambda x: [[Ship(*ship) for ship in fleet] for fleet in x],
)


#: Each field of a :class:`Position`, in order, with its codec: the one field list.
#: The class declares each field's type (the same names, in the same order: tested),
#: and its ``__slots__``, ``clone`` and JSON are made from this list.
CODECS: dict[str, Codec] = {
    "phase": VALUE,
    "turn_player": VALUE,
    "first_player": VALUE,
    "turns": VALUE,
    "decks": ROWS,
    "drawn": ROW,
    "reserves": ROWS,
    "fleets": SHIPS,
    "cannons": ROW,
    "treasure_piles": PAIRS,
    "cannon_piles": ROWS,
    "removed_cannons": ROW,
}


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class Position(State):
    """The fields of a position, read and written by the rules as plain attributes.
    Per-player lists are indexed by seat (each field's codec is in :data:`CODECS`)."""

    __slots__ = tuple(CODECS)

    #: What is being decided (a kind of ``phases.DECISIONS``), or ``OVER``.
    phase: str
    #: Whose turn it is; in the preliminary turn, the seat choosing its ship.
    turn_player: int
    #: Who took the first regular turn (``None`` during the preliminary turn).
    first_player: int | None
    #: Regular turns taken since the preliminary turn.
    turns: int
    #: Each player's treasure deck, face down: the top card is the end of the list.
    decks: list[list[int]]
    #: The treasure turned up and waiting for a ship, or ``None``.
    drawn: list[int | None]
    #: Ships in each player's reserve: [armed, defenceless].
    reserves: list[list[int]]
    #: The ships that left each player's reserve, in launch order.
    fleets: list[list[Ship]]
    #: Unused cannon cards in each player's hand.
    cannons: list[int]
    #: Each score pile's treasure cards: (first owner, value).
    treasure_piles: list[list[tuple[int, int]]]
    #: Each score pile's cannon cards, kept when an armed ship repelled an attack:
    #: the seat of the attacker who played each.
    cannon_piles: list[list[int]]
    #: Each player's cannon cards spent on a capture (out of the game).
    removed_cannons: list[int]

    def __init__(self, game: Game, players: int, seed: int) -> None:
        """The table before setting up: every treasure deck in order, every ship in
        its reserve, every cannon card in hand."""
        State.__init__(self, game, players, seed)
        c = components_of(game)
        self.phase = PRELIMINARY
        self.turn_player = 0
        self.first_player = None
        self.turns = 0
        self.decks = [list(c.treasure_values) for _ in range(players)]
        self.drawn = [None] * players
        self.reserves = [[c.armed_ships, c.defenceless_ships] for _ in range(players)]
        self.fleets = [[] for _ in range(players)]
        self.cannons = [c.cannons] * players
        self.treasure_piles = [[] for _ in range(players)]
        self.cannon_piles = [[] for _ in range(players)]
        self.removed_cannons = [0] * players

    def ships_at_sea(self, seat: int) -> list[Ship]:
        return [ship for ship in self.fleets[seat] if ship.status == AT_SEA]

    # -- made from the field list ----------------------------------------------------

    def clone(self: P) -> P:
        other = type(self).__new__(type(self))
        self._clone_base(other)
        for name, copy in _COPY:
            setattr(other, name, copy(getattr(self, name)))
        return other

    def _state_json(self) -> dict[str, JSON]:
        return {name: dump(getattr(self, name)) for name, dump in _DUMP}

    @classmethod
    def from_state_json(cls: type[P], game: Game, data: Mapping[str, JSON], players: int) -> P:
        state = cls(game, players, 0)
        for name, load in _LOAD:
            setattr(state, name, load(data[name]))
        return state


_COPY = [(name, codec.copy) for name, codec in CODECS.items()]
_DUMP = [(name, codec.dump) for name, codec in CODECS.items()]
_LOAD = [(name, codec.load) for name, codec in CODECS.items()]
