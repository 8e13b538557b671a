"""The position as plain data: :class:`Table`, its pending stack of :class:`Decision`
records, and :class:`Play`, the state as rules chapters and satellites take it.

``clone``, ``to_json`` and ``from_json`` are made from the one field list ``FIELDS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Deck, Game, State

from .components import Components
from .map import Board

JSON = Any


@dataclass(slots=True)
class Decision:
    """One record of the pending stack: a seat's decision (``seat`` ≥ 0) or an
    automatic step (``seat`` = -1), of ``kind``, with whole-number ``args``."""

    kind: str
    seat: int
    args: list[int] = field(default_factory=list)

    def to_json(self) -> list[JSON]:
        return [self.kind, self.seat, list(self.args)]

    @classmethod
    def from_json(cls, data: list[JSON]) -> Decision:
        return cls(str(data[0]), int(data[1]), [int(a) for a in data[2]])

    def copy(self) -> Decision:
        return Decision(self.kind, self.seat, list(self.args))


def step(kind: str, *args: int) -> Decision:
    """An automatic step."""
    return Decision(kind, -1, list(args))


def ask(kind: str, seat: int, *args: int) -> Decision:
    """A seat's decision."""
    return Decision(kind, seat, list(args))


@dataclass(slots=True)
class Table:
    """Everything of one position; per-seat lists are indexed by seat. A ship that
    does not exist has ``hex`` -1 (lost, until its owner's next turn: PW-19.3)."""

    over: bool = False
    winners: list[int] = field(default_factory=list)
    round: int = 0  # 0 during setup
    setup_order: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # this round's turn order
    active: int = -1  # the active player (PW-1.2)
    go_again: bool = False  # this turn earned an extra turn (PW-20.3)
    wind: int = 1  # the side the wind blows toward (PW-8.1)
    race: list[int] = field(default_factory=list)  # -1 until chosen
    site: list[int] = field(default_factory=list)  # home-port site, 0-based; -1 until chosen
    hex: list[int] = field(default_factory=list)
    facing: list[int] = field(default_factory=list)
    hull: list[int] = field(default_factory=list)
    crew: list[int] = field(default_factory=list)
    weapons: list[list[int]] = field(default_factory=list)  # each weapon's mount
    aboard: list[int] = field(default_factory=list)  # treasures in the hold
    gold: list[int] = field(default_factory=list)
    store: list[int] = field(default_factory=list)  # treasures kept at home (PW-17.2)
    hands: list[list[int]] = field(default_factory=list)  # held cards: secret
    #: The draw pile (top is the end; its order is secret) and the face-up discards.
    deck: Deck[int] = field(default_factory=Deck)
    wws: list[bool] = field(default_factory=list)  # Wine, Women & Song in front (PW-14.8)
    miss: list[bool] = field(default_factory=list)  # "miss next turn" (PW-20.1)
    hostile: list[list[list[int]]] = field(default_factory=list)  # [site, fresh] (PW-14.6)
    # The movement phase under way (PW-10).
    mode: int = 0
    mp: int = 0
    moved: bool = False  # moved forward this phase
    turns: int = 0  # turns (not port turns) this phase
    free_used: bool = False  # oars: the free turn after a forward move is used
    straight: int = 0  # forward steps in a row (PW-11.2)
    backs: int = 0
    port_run: int = 0  # port turns in a row (PW-10.7)
    run: bool = False  # a downwind run was declared (PW-10.5)
    upwind_start: bool = False  # began the phase under sail facing upwind (PW-10.6)
    start_mp: int = 0  # the phase's MP, logged with its path when it ends
    path: list[int] = field(default_factory=list)  # hexes entered this phase
    # The battle phase under way (PW-12).
    main: int = 0
    forts_fired: list[int] = field(default_factory=list)  # site * 2 + fort, this phase
    escaped: list[int] = field(default_factory=list)  # seats that played Narrow Escape
    pending: list[Decision] = field(default_factory=list)

    def clone(self) -> Table:
        return Table(**{name: _copy(getattr(self, name)) for name in FIELDS})

    def to_json(self) -> dict[str, JSON]:
        out = {name: _copy(getattr(self, name)) for name in FIELDS}
        out["pending"] = [d.to_json() for d in self.pending]
        out["deck"] = self.deck.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Table:
        values = {name: _copy(data[name]) for name in FIELDS if name not in ("pending", "deck")}
        pending = [Decision.from_json(d) for d in data["pending"]]
        return cls(**values, pending=pending, deck=Deck.from_json(_copy(data["deck"])))


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Table))


def _copy(value: JSON) -> JSON:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, Decision | Deck):
        return value.copy()
    return value


#: An action's meaning: its kind and whole-number arguments.
Meaning = tuple[str, tuple[int, ...]]


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class PirateWarGame(Game):
    """What the state reads of its game (``game.py``'s ``PirateWar`` is the whole of
    it): declared here so that imports point one way, toward game.py."""

    components: Components
    board: Board

    @property
    def action_of(self) -> dict[Meaning, Action]:
        """Each action by its meaning (kind, args): the decision table's options
        become actions with one lookup each."""
        return self.action_space.by_meaning


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class Play(State[PirateWarGame]):
    """What rules chapters and satellites see of a state: the table, the generator,
    the log (``State``'s) and the game's fixed things. ``state.py``'s
    ``PirateWarState`` adds the engine's hooks. A class, not a protocol, so that the
    compiled build reads these attributes directly."""

    # The game's components, board and options, kept as plain attributes because every
    # rule reads them, many times a decision (a property costs a call each time).
    __slots__ = ("board", "comp", "options", "table")

    def __init__(self, game: PirateWarGame, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self._game_parts(game)
        self.table = Table()

    def _game_parts(self, game: PirateWarGame) -> None:
        self.comp: Components = game.components
        self.board: Board = game.board
        self.options: Mapping[str, JSON] = game.options


def schedule(t: Table, records: Iterable[Decision]) -> None:
    """Put ``records`` on the pending stack so that the first of them comes first."""
    t.pending.extend(reversed(list(records)))
