"""The position as plain data: records of ints, bools and lists of ints. Every record
declares its fields once (its dataclass fields); clone and JSON come from that list.

``Ctx`` is what rules functions take: the state as the rules see it (the table plus
the state's generator, log and static data). ``state.py`` adds the engine's hooks;
rules never import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Game, State

from .components import Components
from .map import SeaMap
from .phases import SETUP

JSON = Any
R = TypeVar("R", bound="Record")


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return (
            [_copy(v) for v in value] if value and isinstance(value[0], list | Record) else value[:]
        )
    if isinstance(value, Record):
        return value.clone()
    return value


def _dump(value: Any) -> JSON:
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, Record):
        return value.to_json()
    return value


class Record:
    """Plain data with one field list: clone and JSON are generated from it."""

    __slots__ = ()

    def clone(self: R) -> R:
        new = type(self).__new__(type(self))  # compiled, object.__new__ is refused
        for f in fields(self):  # type: ignore[arg-type]
            object.__setattr__(new, f.name, _copy(getattr(self, f.name)))
        return new

    def to_json(self) -> dict[str, JSON]:
        return {f.name: _dump(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_json(cls: type[R], data: dict[str, JSON]) -> R:
        values: dict[str, Any] = {}
        for f in fields(cls):  # type: ignore[arg-type]
            raw = data[f.name]
            kind = NESTED.get(cls.__name__, {}).get(f.name)
            if kind is None or raw is None:
                values[f.name] = _copy(raw)
            elif isinstance(raw, list):
                values[f.name] = [kind.from_json(v) for v in raw]
            else:
                values[f.name] = kind.from_json(raw)
        return cls(**values)


@dataclass(slots=True)
class Decision(Record):
    """One pending decision: its kind (decisions.py), the seat and its arguments."""

    kind: str
    seat: int
    args: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Player(Record):
    """A player's captain, ship and belongings (MM-2.7)."""

    card: int = -1  # captain card
    ship: int = 0  # ship type: components.ships index, or len(ships) for a Man-o-War
    maxima: list[int] = field(default_factory=lambda: [0] * 5)  # with modifications
    values: list[int] = field(default_factory=lambda: [0] * 5)  # current, by LOCATIONS
    mods: list[int] = field(default_factory=list)  # modification types on the ship
    zone: int = 0
    docked: bool = True  # in the zone's port
    gold: int = 0  # secret (MM-1.7)
    stash: int = 0  # secret
    glory: int = 0  # the public track
    hand: list[int] = field(default_factory=list)  # glory card ids, faces secret
    specialists: list[int] = field(default_factory=list)  # glory cards played as such
    kept_rumors: list[int] = field(default_factory=list)  # rumor cards kept as specialists
    cargo: list[int] = field(default_factory=list)  # cargo card ids, public
    bounties: list[int] = field(default_factory=lambda: [0] * 4)
    weapons: list[int] = field(default_factory=lambda: [0] * 3)
    rumor: int = -1  # held rumor card, face secret
    rumor2: int = -1  # a second rumor, waiting for the keep-one choice (MM-12.7)
    mission: int = -1  # held mission card, public
    reinforced_used: bool = False  # the Reinforced Hull token is flipped (MM-13.1)
    big_ship_bought: bool = False  # MM-12.5: first Frigate or Galleon, once per captain
    bought_zone: int = -1  # where goods were last bought (MM-12.3) ...
    bought_round: int = -1  # ... and in which game turn


@dataclass(slots=True)
class Combat(Record):
    """A naval combat (MM-8) and the crew combat it may lead to (MM-10).

    ``sides[0]`` is the aggressor. A side is a seat, or ``NPC_SIDE + npc``.
    """

    sides: list[int]
    npc_values: list[int] = field(default_factory=lambda: [0] * 5)  # a fresh NPC (MM-4.8)
    npc_skills: list[int] = field(default_factory=lambda: [0] * 3)  # its top card's captain
    round: int = 0
    declared: list[int] = field(default_factory=lambda: [-1, -1])
    skulls: list[int] = field(default_factory=lambda: [0, 0])  # skull hits to place, by target
    dice: list[list[int]] = field(default_factory=lambda: [[], []])  # the contest roll
    hits: list[int] = field(default_factory=lambda: [0, 0])  # this round's volleys
    ammo: list[int] = field(default_factory=lambda: [-1, -1])  # Chain-shot/Grapeshot loaded
    aimed: list[int] = field(default_factory=lambda: [-1, -1])  # its location, by target
    landing: list[list[int]] = field(default_factory=lambda: [[], []])  # hits held back
    volley: list[list[int]] = field(default_factory=lambda: [[], []])  # location dice, by target
    fixed: list[list[int]] = field(default_factory=lambda: [[], []])  # dice already re-rolled
    rerolls: list[int] = field(default_factory=lambda: [0, 0])  # re-rolls left (G04, C03)
    volley_ammo: list[int] = field(default_factory=lambda: [-1, -1])
    escaped: bool = False  # a Flee succeeded this round
    boarding: bool = False  # the winner of this round's contest declared Board
    crew_round: int = 0  # rounds of the crew combat so far (MM-10.4)
    stage: str = "open"


@dataclass(slots=True)
class Raid(Record):
    """A merchant raid in progress (MM-6.3)."""

    zone: int
    nation: int
    cards: list[int] = field(default_factory=list)
    successes: int = 0
    failures: int = 0
    reinforce_asked: bool = False
    absorbed: int = -1  # the hit icon's location the Reinforced Hull absorbed
    plunder: int = 0  # gold won, to keep cards after


@dataclass(slots=True)
class Visit(Record):
    """A Port action in progress (MM-12)."""

    zone: int
    step: int = 0  # index into PORT_STEPS
    sold_demanded: int = 0  # Sell: demanded cards sold
    drawn: list[int] = field(default_factory=list)  # Buy: cards drawn, not yet bought
    draw_counts: list[int] = field(default_factory=list)  # Buy: drawn per good (prices)
    buying: bool = False
    hot_tip: bool = False  # G14 played for this purchase
    redrawn: bool = False  # Santo Domingo's re-draw used
    paid: list[int] = field(default_factory=list)  # Buy: price of each card bought
    ship_closed: bool = False  # Shipyard: a new ship only comes first (house order)
    bought_weapons: list[int] = field(default_factory=list)
    sold_weapons: list[int] = field(default_factory=list)
    recruit_rolled: bool = False
    rumor_tried: bool = False
    rumor_investigated: bool = False
    mission_tried: bool = False
    stash_moves: int = 0  # transfers made at the Stash step (+ in, - out)


@dataclass(slots=True)
class Table(Record):
    """The whole position."""

    players: list[Player]
    stage: str = SETUP
    round: int = 0
    first: int = 0
    active: int = 0  # whose player turn it is
    turns_taken: int = 0  # player turns taken this game turn
    actions_left: int = 0
    extra_moves: int = 0  # Moves beyond the 3 actions (Trade Winds, Fair Winds)
    forged: bool = False  # Forged Papers played this turn (MM-D.9 G10)
    pilot_used: bool = False  # C04's double move taken this turn
    pilot_on: bool = False  # C04 may now sail on to a second zone
    trade_winds: bool = False  # MM-D.8: every captain has it this game turn
    port_used: bool = False
    acted: bool = False  # an action taken this turn (retirement comes first, MM-16.5)
    scouted: list[int] = field(default_factory=list)  # targets this turn (MM-5.4)
    npc_zone: list[int] = field(default_factory=lambda: [-1] * 6)  # -1: not on the board
    npc_cards: list[list[int]] = field(default_factory=lambda: [[] for _ in range(6)])
    entries: list[int] = field(default_factory=list)  # NPC entry cards drawn this turn
    war: list[int] = field(default_factory=list)  # the two nations at war, or none
    event: int = -1  # the Event card of this game turn
    storm: list[int] = field(default_factory=list)  # zones of this turn's storm
    fog: bool = False
    treasure_fleet: bool = False
    merchants: list[int] = field(default_factory=list)  # by zone: nation, or -1
    track: list[int] = field(default_factory=list)  # merchant track, face down
    demand: list[int] = field(default_factory=list)  # by zone: good in demand, or -1
    reserve: list[int] = field(default_factory=list)  # demand tokens, face down
    mod_at: list[int] = field(default_factory=list)  # by zone: modification token, or -1
    mod_up: list[bool] = field(default_factory=list)  # by zone: face up
    cargo_deck: list[int] = field(default_factory=list)  # top = end
    cargo_discard: list[int] = field(default_factory=list)
    glory_deck: list[int] = field(default_factory=list)
    glory_discard: list[int] = field(default_factory=list)
    rumor_deck: list[int] = field(default_factory=list)
    rumor_discard: list[int] = field(default_factory=list)
    mission_deck: list[int] = field(default_factory=list)
    mission_discard: list[int] = field(default_factory=list)
    event_deck: list[int] = field(default_factory=list)
    event_discard: list[int] = field(default_factory=list)  # resolved, or out of the game
    captain_deck: list[int] = field(default_factory=list)
    captain_discard: list[int] = field(default_factory=list)  # dead or retired captains
    board_missions: list[int] = field(default_factory=lambda: [-1, -1])
    bounty_bank: list[int] = field(default_factory=list)
    weapon_bank: list[int] = field(default_factory=list)
    declared: int = -1  # the seat that declared 10 glory (MM-17.3)
    pending: list[Decision] = field(default_factory=list)
    combat: Combat | None = None
    raid: Raid | None = None
    visit: Visit | None = None
    battles: list[int] = field(default_factory=list)  # NPCs that found the active captain


#: The fields holding a record (or a list of records, or None), by the record type
#: that holds them and the type they hold: ``from_json`` builds them back. A table
#: here, not a class variable: a compiled dataclass would take it for a field.
NESTED: dict[str, dict[str, type[Record]]] = {
    "Table": {
        "players": Player,
        "pending": Decision,
        "combat": Combat,
        "raid": Raid,
        "visit": Visit,
    }
}


#: An action's meaning, as the decision table's options give it: kind and arguments.
Option = tuple[str, tuple[int, ...]]


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class MerchantsAndMaraudersGame(Game):
    """What the state reads of its game (``game.py``'s ``MerchantsAndMarauders`` is the
    whole of it): declared here so that imports point one way, toward game.py."""

    components: Components
    sea: SeaMap

    @property
    def action_by_option(self) -> dict[Option, Action]:
        """The action space by meaning, keyed as the decision table's options are."""
        return self.action_space.by_meaning


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class Ctx(State[MerchantsAndMaraudersGame]):
    """What rules functions take: the table plus the state's generator, log (``State``'s)
    and static data; ``state.py``'s ``MerchantsAndMaraudersState`` adds the engine's
    hooks. A class, not a protocol, so that the compiled build reads these attributes
    directly."""

    __slots__ = ("c", "glory_target", "npc_control", "sea", "table")

    table: Table

    def _read_game(self, game: MerchantsAndMaraudersGame) -> None:
        """The game's data and options, read once: rules functions ask for them on
        nearly every step (plain attributes, not properties, for speed)."""
        self.c: Components = game.components
        self.sea: SeaMap = game.sea
        self.npc_control: str = str(game.options["npc_control"])
        self.glory_target: int = int(game.options["glory_target"])
