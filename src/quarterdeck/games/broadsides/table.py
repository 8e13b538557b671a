"""The position of a BroadSides duel as plain data: every field, once.

:data:`FIELDS` lists the fields, one line each: how a copy copies it and its value
when the game is set up; :class:`Position` declares their types. Everything else is
made from that one list: the ``__slots__`` of :class:`Position`, its ``clone()``, its
JSON and its rebuilding from JSON. No rules live here (they are in the chapters: ``setup.py``, ``turn.py``, …);
rules and satellites take a :class:`Position` as their first argument.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, Self

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Game, State

from .components import Components
from .phases import OFFICER
from .sea_dog_cards import SeaDogCards

JSON = Any


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class BroadSidesGame(Game):
    """What the rules and the satellites read of the game (``game.py`` is the whole
    of it): its checked components, the variant cannons and the action ids."""

    components: Components
    #: The Experienced Sea Dog module's cards, ``None`` when it is not played.
    sea_dog: SeaDogCards | None
    #: Each captain's cannons (fore, aft) when a variant sets them openly.
    preset_cannons: list[tuple[int, int] | None]
    #: Action ids by meaning: ``ids["card", 7]``; an action without arguments by kind.
    ids: dict[Any, int]

    @abstractmethod
    def cannon_pairs(self) -> dict[str, tuple[int, int]]:
        """Every fore and aft pair a captain may mount, by name."""


class Kept(NamedTuple):
    """How a field is copied (one of :data:`COPIES`) and its value at set-up, made
    from the game's components."""

    copy: str
    start: Callable[[Components], Any]
    #: To JSON and back when JSON cannot hold the value as it is (dict keys that are
    #: numbers); ``None``: as it is.
    to_json: Callable[[Any], JSON] | None = None
    from_json: Callable[[JSON], Any] | None = None
    #: Left out of the JSON while ``None`` (a module's part: a base game's JSON, and so
    #: every stored record's fingerprint, stays as it was).
    optional: bool = False


#: How ``clone`` copies a field, as Python source over ``{x}``: made into one function.
COPIES = {
    "value": "{x}",  # an int, a string, a bool, None
    "list": "list({x})",
    "rows": "[list(v) for v in {x}]",
    "rows of rows": "[[list(w) for w in v] for v in {x}]",
    "maps": "[dict(v) for v in {x}]",
    "maps of lists": "[{{k: list(w) for k, w in v.items()}} for v in {x}]",
    "list or None": "None if {x} is None else list({x})",
    "dict": "dict({x})",
    "sea": "None if {x} is None else {x}.clone()",  # the Sea Dog module's part, or None
}
AIM_DECK = list(range(42))  # each captain's Aim deck: 40 numbered cards and 2 Wilds


def _full(c: Components) -> list[int]:
    """A ship's markers before the officers are placed: the Crewmen wait in the supply."""
    return [0 if z.kind == "deck" else z.spaces for z in c.zones]


def _two(make: Callable[[], Any]) -> Callable[[Components], Any]:
    """The same value, made anew, for each captain."""
    return lambda c: [make(), make()]


#: Each slot of :class:`Sea`'s copy (as ``COPIES``): made into ``clone``.
SEA_KINDS = {
    "rep_offers": "rows",
    "reputation": "list",
    "revealed": "value",
    "offers": "rows of rows",
    "rounds": "list",
    "kept": "rows",
    "tricks": "rows",
    "played": "rows",
    "crows_nest": "list",
    "window": "list",
    "asking": "list",
    "effects": "dict",
    "seen": "rows",
    "pending": "list",
    "controlled": "rows",
    "steps": "rows",
}
#: Its slots, in the order of its JSON.
SEA_SLOTS = tuple(sorted(SEA_KINDS))


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance.
@mypyc_attr(allow_interpreted_subclasses=True)
class Sea:
    """The Experienced Sea Dog module's part of a position (``None`` without the
    module). Per captain, a list of two (Red, Blue); cards are indices among the
    Reputations or the Dirty Tricks of ``SeaDogCards``."""

    __slots__ = SEA_SLOTS

    def __init__(self) -> None:
        self.rep_offers: list[list[int]] = [[], []]  # the Reputations dealt to each
        self.reputation: list[int | None] = [None, None]  # kept (secret until revealed)
        self.revealed = False  # both Reputations face up
        self.offers: list[list[list[int]]] = [[], []]  # Dirty Tricks dealt, round by round
        self.rounds = [0, 0]  # draft rounds each captain has finished
        self.kept: list[list[int]] = [[], []]  # the trick kept in each round
        self.tricks: list[list[int]] = [[], []]  # secret tricks held
        self.played: list[list[int]] = []  # [seat, trick], in order: public
        self.crows_nest = [0, 0]  # uses left of a face-up Crow's Nest
        self.window: list[Any] = []  # [code, resume step] of the window open
        self.asking: list[int] = []  # seats still to be asked in it (SD1 order)
        self.effects: dict[str, int] = {}  # tricks in play this turn or Firing
        self.seen: list[list[int]] = [[], []]  # the foe's cards each saw with Spy Aboard
        self.pending: list[int] = []  # what a follow-up choice picks from (discs, cards)
        # Disaster tokens removed unseen by Damage Control (hidden from both: SD19)
        self.controlled: list[list[int]] = [[], []]
        self.steps: list[list[Any]] = []  # a Firing's steps 2–3, until the Targets are read

    def clone(self) -> Sea:
        other = Sea.__new__(Sea)
        _copy_sea(self, other)
        return other

    def to_json(self) -> JSON:
        return {name: getattr(self, name) for name in SEA_SLOTS}

    @classmethod
    def from_json(cls, data: JSON) -> Sea:
        sea = cls()
        for name in SEA_SLOTS:
            if name in data:  # a field added later keeps its start value
                setattr(sea, name, data[name])
        return sea


#: The fields of a position, in order, each with how it is kept: the one field list.
#: :class:`Position` declares each field's type (the same names in the same order:
#: tested); its ``__slots__``, ``clone`` and JSON are made from this list.
FIELDS: dict[str, Kept] = {
    "phase": Kept("value", lambda c: OFFICER),
    "seat": Kept("value", lambda c: 0),
    "turn_player": Kept("value", lambda c: 0),
    "first_player": Kept("value", lambda c: None),
    "turns": Kept("value", lambda c: 0),
    "actions_taken": Kept("value", lambda c: 0),
    "aimed": Kept("value", lambda c: False),
    "markers": Kept("rows", lambda c: [_full(c), _full(c)]),
    "officers": Kept("rows", _two(lambda: [None, None])),
    "hands": Kept("rows", _two(list)),
    "decks": Kept("rows", _two(lambda: list(AIM_DECK))),
    "discards": Kept("rows", _two(list)),
    "refills": Kept("rows", _two(lambda: list(AIM_DECK))),
    "targets": Kept("rows of rows", _two(list)),
    "cannons": Kept("rows", _two(lambda: [None, None])),
    "loaded": Kept("rows of rows", _two(lambda: [[], []])),
    "gunner": Kept("list", lambda c: [None, None]),
    "sight": Kept("list", lambda c: [None, None]),
    "covered": Kept(
        "maps of lists",
        _two(
            lambda: {
                "broadside": [False] * 4,
                "sheer-off": [False] * 10,
                "evasion": [False] * 10,
            }
        ),
    ),
    "disaster_done": Kept("rows", _two(list)),
    "bag": Kept("list", lambda c: [s.count for s in c.shots]),
    "supply": Kept("list", lambda c: [0, 2 * c.crewmen, 0]),
    "target_deck": Kept("list", lambda c: list(range(len(c.target_centres)))),
    "target_discards": Kept("list", lambda c: []),
    "tray": Kept("list", lambda c: []),
    "sel": Kept("rows", lambda c: []),
    "sel_kind": Kept("value", lambda c: ""),
    "spent": Kept("rows", lambda c: []),
    "effective": Kept("list", lambda c: []),
    "repairs_left": Kept("value", lambda c: 0),
    "attack": Kept("list", lambda c: []),
    "tasks": Kept("rows", lambda c: []),
    "after": Kept("value", lambda c: ""),
    "result": Kept("list or None", lambda c: None),
    "disasters": Kept(
        "maps",
        lambda c: [dict.fromkeys(c.zones_of("hull")), dict.fromkeys(c.zones_of("hull"))],
        to_json=lambda v: [{str(z): t for z, t in d.items()} for d in v],
        from_json=lambda v: [{int(z): t for z, t in d.items()} for d in v],
    ),
    "sea": Kept(
        "sea",
        lambda c: None,
        to_json=lambda v: None if v is None else v.to_json(),
        from_json=lambda v: None if v is None else Sea.from_json(v),
        optional=True,
    ),
}


def _copier(kinds: Iterable[tuple[str, str]]) -> Callable[[Any, Any], None]:
    """One function that copies every field, given with its kind of copy (as
    ``COPIES``), from a position to a fresh one (far quicker than a generic deep copy)."""
    lines = ["def copy_fields(src, dst):"]
    for name, kind in kinds:
        lines.append(f"    dst.{name} = " + COPIES[kind].format(x=f"src.{name}"))
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the source is made above, from FIELDS alone
    return namespace["copy_fields"]  # type: ignore[no-any-return]


_copy_fields = _copier((name, kept.copy) for name, kept in FIELDS.items())
_copy_sea = _copier(SEA_KINDS.items())


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class Position(State[BroadSidesGame]):
    """A position's fields on an engine state, one line each (how each is kept is in
    :data:`FIELDS`). Per captain, a list of two (Red, Blue); zones, shots, cards,
    Targets and Disasters are indices into the data. It implements none of the
    engine's hooks: ``state.py``'s ``BroadSidesState`` does, through the decision
    table."""

    __slots__ = tuple(FIELDS)

    # -- whose decision, and where the turn stands
    phase: str  # the decision (phases.py)
    seat: int  # who decides it
    turn_player: int
    first_player: int | None
    turns: int  # turns completed
    actions_taken: int  # Stage 1 actions this turn
    aimed: bool  # this turn's Aim is done
    # -- the ships: markers per zone (Crewmen only on Decks; the officers apart)
    markers: list[list[int]]
    # each officer's zone (None: not placed yet; phases.LOST)
    officers: list[list[int | None]]
    # -- Aim cards
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    # the cards each Aim deck was last formed from (all 42 at the start)
    refills: list[list[int]]
    # a Target in front: [target, left card, left value, bottom card, bottom value]
    targets: list[list[list[int | None]]]
    # -- cannons (fore, aft): the tile, the shots loaded, the Gunner, the Gunsight's zone
    cannons: list[list[int | None]]
    loaded: list[list[list[int]]]
    gunner: list[int | None]
    sight: list[int | None]
    # covered spaces of the Broadside (suits), Sheer Off and Evasion (1–10) tracks
    covered: list[dict[str, list[bool]]]
    # Hull zones whose Disaster is resolved
    disaster_done: list[list[int]]
    # -- off the ships
    bag: list[int]  # per kind
    # markers by zone kind (rigging, deck, hull); the Crewmen wait here until the
    # officers are placed
    supply: list[int]
    target_deck: list[int]
    target_discards: list[int]
    tray: list[int]  # shot discs drawn, to be loaded
    # -- the decision under way
    sel: list[list[int]]  # picked: [card, value, suit]
    sel_kind: str  # the set being picked
    spent: list[list[int]]  # Broadside: [shot, position]
    effective: list[int]  # Broadside: shots that tell
    repairs_left: int
    # an attack: zone, potential damage, damage track, firing position
    attack: list[int]
    # losses waiting: [seat, what, count, zone, last option] (losses.py)
    tasks: list[list[Any]]
    after: str  # where play resumes (phases.py)
    result: list[float] | None
    # each Hull zone's face-down Disaster token (None once flipped)
    disasters: list[dict[int, int | None]]
    # the Experienced Sea Dog module (None: played without it)
    sea: Sea | None

    def __init__(self, game: BroadSidesGame, seed: int) -> None:
        super().__init__(game, 2, seed)
        c = game.components
        for name, kept in FIELDS.items():
            setattr(self, name, kept.start(c))

    @property
    def c(self) -> Components:
        return self.game.components

    def proceed(self, step: str) -> None:
        """Go on with ``step`` (phases.py), a rule of a later chapter: the state
        finds it in the decision table (``decisions.STEPS``)."""
        raise NotImplementedError

    # -- copies and JSON, from FIELDS ----------------------------------------------------

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._clone_base(other)
        _copy_fields(self, other)
        return other

    def _state_json(self) -> dict[str, JSON]:
        out = {}
        for name, kept in FIELDS.items():
            value = getattr(self, name)
            if kept.optional and value is None:
                continue
            out[name] = value if kept.to_json is None else kept.to_json(value)
        return json.loads(json.dumps(out))  # type: ignore[no-any-return]

    @classmethod
    def from_state_json(cls, game: BroadSidesGame, data: Mapping[str, JSON]) -> Self:
        state = cls(game, 0)
        copy = json.loads(json.dumps(dict(data)))
        for name, kept in FIELDS.items():
            if kept.optional and name not in copy:
                setattr(state, name, None)
                continue
            value = copy[name]
            setattr(state, name, value if kept.from_json is None else kept.from_json(value))
        return state
