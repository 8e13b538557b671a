"""BroadSides components, read from ``data/components.json`` and checked entry by entry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from quarterdeck.engine import DataFileError

JSON = Any
SOURCES = ("publisher", "house")
ZONE_KINDS = ("rigging", "deck", "hull")
PENALTIES = ("none", "rigging", "cannon", "no-firing", "hand")
RESULTS = ("perfect", "good", "poor", "miss", "early")
CANNON_POSITIONS = ("fore", "aft")
WILD_CARDS = (40, 41)


@dataclass(frozen=True)
class Zone:
    index: int
    id: str
    name: str
    kind: str  # rigging (Sails), deck (Crew), hull (Planks)
    spaces: int
    targets: int  # Target cards drawn when Zeroing In on it
    penalties: tuple[str, ...]  # uncovered first to last as the zone empties
    cannon: str | None  # the cannon position this Deck works


@dataclass(frozen=True)
class ShotKind:
    index: int
    id: str
    name: str
    letter: str
    count: int
    hits: str  # the zone kind it is best against


@dataclass(frozen=True)
class DisasterKind:
    index: int
    id: str
    name: str
    lose: str  # zone kind whose markers are lost
    count: int


@dataclass(frozen=True)
class CannonKind:
    index: int
    id: str
    name: str
    shots: int
    tiles: int
    double_shot: bool
    # result[a][b] for the sorted distances a <= b of an Aim coordinate to the centre
    table: tuple[tuple[str, ...], ...]

    def result(self, dx: int, dy: int) -> str:
        a, b = sorted((abs(dx), abs(dy)))
        return self.table[a][b]


@dataclass(frozen=True)
class Components:
    zones: tuple[Zone, ...]
    neighbours: tuple[frozenset[int], ...]  # rope lines, by zone index
    crewmen: int
    suits: tuple[str, ...]
    suit_names: tuple[str, ...]
    shots: tuple[ShotKind, ...]
    disasters: tuple[DisasterKind, ...]
    cannons: tuple[CannonKind, ...]
    target_centres: tuple[tuple[int, int], ...]
    hand_limit: int
    starting_hand: int
    draw_per_turn: int
    sinking_planks: int
    results: Mapping[str, int]
    zone_by_id: Mapping[str, int] = field(default_factory=dict)

    def zones_of(self, kind: str) -> tuple[int, ...]:
        return self._zones_by_kind.get(kind, ())

    def deck_of(self, cannon: str) -> int:
        return self._deck_by_cannon[cannon]

    def zones_showing(self, icon: str) -> tuple[int, ...]:
        """The zones with ``icon`` among their penalties."""
        return self._zones_by_icon.get(icon, ())

    # Looked up on every move and every view: worked out once per set of components
    # (fields, not cached properties: a compiled class keeps no instance dictionary).
    _zones_by_icon: dict[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _zones_by_kind: dict[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _deck_by_cannon: dict[str, int] = field(init=False, repr=False, compare=False)
    cannon_by_id: Mapping[str, int] = field(init=False, repr=False, compare=False)
    #: The zone kind each shot kind (by id) hits best.
    shot_hits: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        zones = self.zones
        icons = {icon for z in zones for icon in z.penalties}
        worked_out = {
            "_zones_by_icon": {i: tuple(z.index for z in zones if i in z.penalties) for i in icons},
            "_zones_by_kind": {k: tuple(z.index for z in zones if z.kind == k) for k in ZONE_KINDS},
            "_deck_by_cannon": {z.cannon: z.index for z in zones if z.cannon is not None},
            "cannon_by_id": {k.id: k.index for k in self.cannons},
            "shot_hits": {s.id: s.hits for s in self.shots},
        }
        for name, value in worked_out.items():
            object.__setattr__(self, name, value)  # frozen: set once, here

    def shot_for(self, kind: str) -> int:
        """The shot kind that hits this zone kind best."""
        return next(s.index for s in self.shots if s.hits == kind)


# -- Aim cards ---------------------------------------------------------------------------
# Card ids: suit s (0–3) and value v (1–10) is s * 10 + v − 1; the two Wilds are 40, 41.


def a_or_an(name: str) -> str:
    """'an 18-Pounder', 'an aft cannon', 'a Carronade'."""
    spoken_vowel = name[0].lower() in "aeiou" or name.startswith(("8", "11", "18"))
    return f"{'an' if spoken_vowel else 'a'} {name}"


def is_wild(card: int) -> bool:
    return card >= 40


def card_value(card: int) -> int:
    return card % 10 + 1


def card_suit(card: int) -> int:
    return card // 10


def card_name(card: int, suits: Sequence[str] = ("♠", "♣", "♦", "♥")) -> str:
    return "Wild" if is_wild(card) else f"{card_value(card)}{suits[card_suit(card)]}"


# -- reading the data file ----------------------------------------------------------------


def _fail(entry: str, message: str) -> DataFileError:
    return DataFileError(f"data file entry {entry}: {message}")


def _obj(raw: Mapping[str, JSON], key: str) -> Mapping[str, JSON]:
    entry = raw.get(key)
    if not isinstance(entry, Mapping):
        raise _fail(key, "is missing or not an object")
    if entry.get("source") not in SOURCES:
        raise _fail(key, "needs a source: 'publisher' or 'house'")
    return entry


def _int(value: JSON, entry: str, low: int = 0, high: int = 10**6) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(entry, f"must be an integer from {low} to {high}")
    return value


def _str(value: JSON, entry: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(entry, "must be a non-empty string")
    return value


def _list(value: JSON, entry: str) -> list[JSON]:
    if not isinstance(value, list):
        raise _fail(entry, "must be a list")
    return value


def _zones(raw: Mapping[str, JSON]) -> tuple[Zone, ...]:
    zones = []
    for i, z in enumerate(_list(raw.get("zones"), "zones")):
        name = f"zones[{i}]"
        if not isinstance(z, Mapping):
            raise _fail(name, "must be an object")
        if z.get("source") not in SOURCES:
            raise _fail(name, "needs a source: 'publisher' or 'house'")
        kind = z.get("kind")
        if kind not in ZONE_KINDS:
            raise _fail(f"{name}.kind", f"must be one of {', '.join(ZONE_KINDS)}")
        spaces = _int(z.get("spaces"), f"{name}.spaces", 1, 20)
        penalties = tuple(_list(z.get("penalties"), f"{name}.penalties"))
        if any(p not in PENALTIES for p in penalties):
            raise _fail(f"{name}.penalties", f"each must be one of {', '.join(PENALTIES)}")
        if kind != "hull" and len(penalties) != spaces:
            raise _fail(f"{name}.penalties", "needs one icon per space")
        cannon = z.get("cannon")
        if cannon is not None and (kind != "deck" or cannon not in CANNON_POSITIONS):
            raise _fail(f"{name}.cannon", "only a Deck works a cannon: 'fore' or 'aft'")
        zones.append(
            Zone(
                i,
                _str(z.get("id"), f"{name}.id"),
                _str(z.get("name"), f"{name}.name"),
                kind,
                spaces,
                _int(z.get("targets"), f"{name}.targets", 1, 10),
                penalties,
                cannon,
            )
        )
    ids = [z.id for z in zones]
    if len(set(ids)) != len(ids):
        raise _fail("zones", "ids must be distinct")
    for kind in ZONE_KINDS:
        if not any(z.kind == kind for z in zones):
            raise _fail("zones", f"needs at least one {kind} zone")
    for position in CANNON_POSITIONS:
        if sum(z.cannon == position for z in zones) != 1:
            raise _fail("zones", f"exactly one Deck must work the {position} cannon")
    return tuple(zones)


def _rope_lines(raw: Mapping[str, JSON], zones: Sequence[Zone]) -> tuple[frozenset[int], ...]:
    by_id = {z.id: z.index for z in zones}
    neighbours: list[set[int]] = [set() for _ in zones]
    for i, line in enumerate(_list(_obj(raw, "rope_lines").get("lines"), "rope_lines.lines")):
        name = f"rope_lines.lines[{i}]"
        if (
            not isinstance(line, list)
            or len(line) != 2
            or any(not isinstance(z, str) or z not in by_id for z in line)
        ):
            raise _fail(name, "must join two known zone ids")
        a, b = (by_id[z] for z in line)
        if zones[a].kind != "deck" and zones[b].kind != "deck":
            raise _fail(name, "a rope line starts from a Deck")
        neighbours[a].add(b)
        neighbours[b].add(a)
    return tuple(frozenset(n) for n in neighbours)


def _cannons(raw: Mapping[str, JSON]) -> tuple[CannonKind, ...]:
    kinds = []
    for i, c in enumerate(_list(_obj(raw, "cannons").get("kinds"), "cannons.kinds")):
        name = f"cannons.kinds[{i}]"
        if not isinstance(c, Mapping):
            raise _fail(name, "must be an object")
        table = [["miss"] * 10 for _ in range(10)]
        for result in ("perfect", "good", "poor"):
            for j, pair in enumerate(_list(c.get(result), f"{name}.{result}")):
                if (
                    not isinstance(pair, list)
                    or len(pair) != 2
                    or not all(isinstance(d, int) and 0 <= d <= 9 for d in pair)
                    or pair[0] > pair[1]
                ):
                    raise _fail(f"{name}.{result}[{j}]", "must be [a, b] with 0 <= a <= b <= 9")
                a, b = pair
                if table[a][b] != "miss":
                    raise _fail(f"{name}.{result}[{j}]", f"({a}, {b}) already reads {table[a][b]}")
                table[a][b] = result
        kinds.append(
            CannonKind(
                i,
                _str(c.get("id"), f"{name}.id"),
                _str(c.get("name"), f"{name}.name"),
                _int(c.get("shots"), f"{name}.shots", 1, 4),
                _int(c.get("tiles"), f"{name}.tiles", 1, 2),
                _bool(c.get("double_shot", False), f"{name}.double_shot"),
                tuple(tuple(row) for row in table),
            )
        )
    if not kinds:
        raise _fail("cannons.kinds", "needs at least one cannon")
    if len({k.id for k in kinds}) != len(kinds):
        raise _fail("cannons.kinds", "ids must be distinct")
    if sum(k.tiles for k in kinds) < 2:  # a captain mounts two cannons, fore and aft
        raise _fail("cannons.kinds", "needs tiles for two cannons, fore and aft")
    return tuple(kinds)


def _bool(value: JSON, name: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(name, "must be true or false")
    return value


def parse_components(raw: JSON) -> Components:
    """Check the data file and build :class:`Components`; a bad entry is named."""
    if not isinstance(raw, Mapping):
        raise DataFileError("the data file must hold a JSON object")
    zones = _zones(raw)
    neighbours = _rope_lines(raw, zones)
    markers = _obj(raw, "markers")
    crewmen = _int(markers.get("crewmen"), "markers.crewmen", 1, 100)
    deck_spaces = sum(z.spaces for z in zones if z.kind == "deck")
    if deck_spaces != crewmen + 2:
        raise _fail(
            "markers.crewmen", f"Crewmen + 2 officers must fill the {deck_spaces} Deck spaces"
        )
    aim = _obj(raw, "aim_deck")
    if aim.get("values") != 10 or aim.get("wilds") != 2:
        raise _fail("aim_deck", "Quarterdeck plays 1–10 in four suits plus two Wilds")
    suits = tuple(_str(s, "aim_deck.suits") for s in _list(aim.get("suits"), "aim_deck.suits"))
    suit_names = tuple(
        _str(s, "aim_deck.suit_names") for s in _list(aim.get("suit_names"), "aim_deck.suit_names")
    )
    if len(suits) != 4 or len(suit_names) != 4:
        raise _fail("aim_deck.suits", "needs four suits and their names")
    shots = []
    for i, s in enumerate(_list(_obj(raw, "shots").get("kinds"), "shots.kinds")):
        name = f"shots.kinds[{i}]"
        if not isinstance(s, Mapping) or s.get("hits") not in ZONE_KINDS:
            raise _fail(name, "needs 'hits': a zone kind")
        shots.append(
            ShotKind(
                i,
                _str(s.get("id"), f"{name}.id"),
                _str(s.get("name"), f"{name}.name"),
                _str(s.get("letter"), f"{name}.letter"),
                _int(s.get("count"), f"{name}.count", 1, 50),
                s["hits"],
            )
        )
    if sorted(s.hits for s in shots) != sorted(ZONE_KINDS):
        raise _fail("shots.kinds", "needs one shot kind for each zone kind")
    if len({s.id for s in shots}) != len(shots):
        raise _fail("shots.kinds", "ids must be distinct")
    disasters = []
    for i, d in enumerate(_list(_obj(raw, "disasters").get("tokens"), "disasters.tokens")):
        name = f"disasters.tokens[{i}]"
        if not isinstance(d, Mapping) or d.get("lose") not in ZONE_KINDS:
            raise _fail(name, "needs 'lose': a zone kind")
        disasters.append(
            DisasterKind(
                i,
                _str(d.get("id"), f"{name}.id"),
                _str(d.get("name"), f"{name}.name"),
                d["lose"],
                _int(d.get("count"), f"{name}.count", 1, 20),
            )
        )
    if len(disasters) != sum(z.kind == "hull" for z in zones):
        raise _fail("disasters.tokens", "needs one token per Hull zone")
    cannons = _cannons(raw)
    centres = []
    for i, c in enumerate(_list(_obj(raw, "targets").get("centres"), "targets.centres")):
        if (
            not isinstance(c, list)
            or len(c) != 2
            or not all(isinstance(v, int) and 1 <= v <= 10 for v in c)
        ):
            raise _fail(f"targets.centres[{i}]", "must be [x, y] with 1 <= x, y <= 10")
        centres.append((c[0], c[1]))
    if len(centres) < 2 * max(z.targets for z in zones) + 1:
        raise _fail("targets.centres", "too few Target cards for both players to Zero In")
    rules = _obj(raw, "rules")
    results = _obj(raw, "results")
    return Components(
        zones=zones,
        neighbours=neighbours,
        crewmen=crewmen,
        suits=suits,
        suit_names=suit_names,
        shots=tuple(shots),
        disasters=tuple(disasters),
        cannons=cannons,
        target_centres=tuple(centres),
        hand_limit=_int(rules.get("hand_limit"), "rules.hand_limit", 1, 20),
        starting_hand=_int(rules.get("starting_hand"), "rules.starting_hand", 0, 20),
        draw_per_turn=_int(rules.get("draw_per_turn"), "rules.draw_per_turn", 0, 10),
        sinking_planks=_int(rules.get("sinking_planks"), "rules.sinking_planks", 1, 100),
        results={r: _int(results.get(r), f"results.{r}", -10, 0) for r in RESULTS},
        zone_by_id={z.id: z.index for z in zones},
    )
