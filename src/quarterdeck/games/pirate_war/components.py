"""Pirate War's component data (PW-1, PW-3, PW-5, Appendix A and B), read from
``data/components.json`` and checked into frozen dataclasses.

Every entry carries its source: ``seed`` (the partial rulebook), ``published`` (the
published game) or ``house`` (ours). A bad entry is named in the error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quarterdeck.engine import DataFileError, whole_number

SOURCES = ("seed", "published", "house")
ARCS = ("forward", "broadside", "bow-180")
CARD_KINDS = ("I", "H", "F")
#: What a card does, by the name the data file gives its effect (Appendix B).
EFFECTS = (
    "wind-any",
    "wind",
    "lose-crew",
    "mutiny",
    "treasure-map",
    "go-again",
    "miss",
    "storm-damage",
    "storm-miss",
    "blown",
    "weather-storm",
    "damage",
    "cancel-miss",
    "plunder-2",
    "gold",
    "gain-crew",
    "wine-women-song",
    "repair",
    "captives",
    "narrow-escape",
    "event-boarding",
    "battle",
    "boarding",
    "medicinals",
)
TERRAIN = ".:P123456AhX#IR"


@dataclass(frozen=True)
class Mount:
    name: str
    arc: str


@dataclass(frozen=True)
class Weapon:
    name: str
    min_range: int
    max_range: int
    cost: int


@dataclass(frozen=True)
class Race:
    name: str
    oars: int  # movement rate under oars, 0 if the race has none
    sail: int
    steam: int
    hull: int  # maximum hull = hold (PW-4.1, PW-4.2)
    crew: int  # starting crew
    weapon: int  # index into Components.weapons: the only type it may carry (PW-5.5)
    mounts: tuple[int, ...]  # indices into Components.mounts it may use
    can_ram: bool
    ignores_upwind_stop: bool  # Elves and Dwarves (PW-10.6, PW-10.8)
    save: int  # lowest die face that saves a hit (PW-12.4)
    grappling_hooks: bool  # Orcs (PW-13.6)
    can_back: bool  # oars may go back (PW-10.3); Dwarves may not (PW-10.8)

    @property
    def modes(self) -> tuple[str, ...]:
        return tuple(m for m in ("oars", "sail", "steam") if getattr(self, m))


@dataclass(frozen=True)
class Card:
    card: int  # 1..42, its number in Appendix B
    name: str
    kind: str  # I immediate, H held, F face-up
    effect: str
    turn: int = 0  # wind cards: sides clockwise
    dice: int = 0  # gold cards, Treasure Map
    strength: int = 0  # event boardings: the attacker's bonus
    within: int = 0  # battle cards: the target's greatest distance
    bonus: int = 0  # boarding cards
    treasures: int = 0  # Ivory Coast, Saint Augustine
    storm: bool = False


@dataclass(frozen=True)
class Site:
    """A home-port site (PW-6.5, A.3), hexes as (col, row)."""

    site: int  # 1..6
    name: str
    town: tuple[tuple[int, int], ...]
    anchorage: tuple[int, int]
    inner: tuple[int, int]
    mouth: tuple[int, int]
    forts: tuple[tuple[int, int], ...]  # in fire order
    out: int  # the facing from the anchorage toward the mouth


@dataclass(frozen=True)
class Prices:
    repair: int
    crew: int
    weapon: int
    new_ship: int


@dataclass(frozen=True)
class Components:
    mounts: tuple[Mount, ...]
    weapons: tuple[Weapon, ...]
    races: tuple[Race, ...]
    cards: tuple[Card, ...]  # cards[i] is card number i + 1
    prices: Prices
    rows: tuple[str, ...]  # the map, one string of terrain marks per row
    sites: tuple[Site, ...]
    sites_by_players: Mapping[int, tuple[int, ...]]
    fort_cannons: int
    fort_range: int
    copies: int = 1  # copies of each card in the deck (PW-9.1, house: one)

    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    def card_with(self, effect: str) -> int:
        """The number of the first card with ``effect``."""
        return next(c.card for c in self.cards if c.effect == effect)

    def mount_index(self, name: str) -> int:
        return next(i for i, m in enumerate(self.mounts) if m.name == name)


def _fail(where: str, why: str) -> DataFileError:
    return DataFileError(f"data file entry {where}: {why}")


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, "must be an object")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise _fail(where, "must be a non-empty list")
    return value


def _int(entry: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value = entry.get(key)
    if not whole_number(value) or value < low:
        raise _fail(f"{where}.{key}", f"must be a whole number ≥ {low}")
    return value


def _str(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise _fail(f"{where}.{key}", "must be a text")
    return value


def _bool(entry: Mapping[str, Any], key: str, where: str) -> bool:
    value = entry.get(key)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", "must be true or false")
    return value


def _source(entry: Mapping[str, Any], where: str) -> None:
    if entry.get("source") not in SOURCES:
        raise _fail(where, "needs a source: 'seed', 'published' or 'house'")


def _hex(value: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(whole_number(v) and v >= 0 for v in value)
    ):
        raise _fail(where, "must be a hex [col, row]")
    return (value[0], value[1])


def parse_components(raw: Any) -> Components:
    """Check the data file and build :class:`Components`."""
    root = _obj(raw, "(root)")
    mounts = []
    for i, m in enumerate(_list(root.get("mounts"), "mounts")):
        where = f"mounts[{i}]"
        m = _obj(m, where)
        _source(m, where)
        arc = _str(m, "arc", where)
        if arc not in ARCS:
            raise _fail(f"{where}.arc", f"must be one of {', '.join(ARCS)}")
        mounts.append(Mount(_str(m, "name", where), arc))
    mount_names = [m.name for m in mounts]
    weapons = []
    for i, w in enumerate(_list(root.get("weapons"), "weapons")):
        where = f"weapons[{i}]"
        w = _obj(w, where)
        _source(w, where)
        low, high = _int(w, "min_range", where, 1), _int(w, "max_range", where, 1)
        if high < low:
            raise _fail(where, "max_range must not be below min_range")
        weapons.append(Weapon(_str(w, "name", where), low, high, _int(w, "cost", where)))
    weapon_names = [w.name for w in weapons]
    races = []
    for i, r in enumerate(_list(root.get("races"), "races")):
        where = f"races[{i}]"
        r = _obj(r, where)
        _source(r, where)
        weapon = _str(r, "weapon", where)
        if weapon not in weapon_names:
            raise _fail(f"{where}.weapon", f"no weapon called {weapon!r}")
        race_mounts = _list(r.get("mounts"), f"{where}.mounts")
        if any(m not in mount_names for m in race_mounts):
            raise _fail(f"{where}.mounts", "names a mount that is not in mounts")
        race = Race(
            name=_str(r, "name", where),
            oars=_int(r, "oars", where),
            sail=_int(r, "sail", where),
            steam=_int(r, "steam", where),
            hull=_int(r, "hull", where, 1),
            crew=_int(r, "crew", where, 1),
            weapon=weapon_names.index(weapon),
            mounts=tuple(mount_names.index(m) for m in race_mounts),
            can_ram=_bool(r, "can_ram", where),
            ignores_upwind_stop=_bool(r, "ignores_upwind_stop", where),
            save=_int(r, "save", where, 1),
            grappling_hooks=_bool(r, "grappling_hooks", where),
            can_back=_bool(r, "can_back", where),
        )
        if not race.modes or (race.steam and (race.oars or race.sail)):
            raise _fail(where, "needs oars and/or sail, or steam alone")
        if race.crew + 1 > race.hull:
            raise _fail(where, "its crew and weapon must fit in its hold")
        races.append(race)
    if len(races) != 6:
        raise _fail("races", "Pirate War has six races")
    cards = []
    for i, c in enumerate(_list(root.get("cards"), "cards")):
        where = f"cards[{i}]"
        c = _obj(c, where)
        _source(c, where)
        if c.get("card") != i + 1:
            raise _fail(f"{where}.card", f"must be {i + 1}: cards are listed in order")
        if c.get("kind") not in CARD_KINDS or c.get("effect") not in EFFECTS:
            raise _fail(where, "needs a kind (I, H, F) and a known effect")
        cards.append(
            Card(
                card=i + 1,
                name=_str(c, "name", where),
                kind=c["kind"],
                effect=c["effect"],
                turn=int(c.get("turn", 0)),
                dice=int(c.get("dice", 0)),
                strength=int(c.get("strength", 0)),
                within=int(c.get("within", 0)),
                bonus=int(c.get("bonus", 0)),
                treasures=int(c.get("treasures", 0)),
                storm=bool(c.get("storm", False)),
            )
        )
    prices_raw = _obj(root.get("prices"), "prices")
    _source(prices_raw, "prices")
    prices = Prices(
        *(_int(prices_raw, k, "prices") for k in ("repair", "crew", "weapon", "new_ship"))
    )
    board = _obj(root.get("map"), "map")
    _source(board, "map")
    rows = _list(board.get("rows"), "map.rows")
    for r, row in enumerate(rows):
        width = 27 if r % 2 == 0 else 26
        if not isinstance(row, str) or len(row) != width or any(ch not in TERRAIN for ch in row):
            raise _fail(f"map.rows[{r}]", f"must be {width} terrain marks ({TERRAIN})")
    sites = []
    for i, s in enumerate(_list(board.get("sites"), "map.sites")):
        where = f"map.sites[{i}]"
        s = _obj(s, where)
        if s.get("site") != i + 1:
            raise _fail(f"{where}.site", f"must be {i + 1}")
        out = _int(s, "out", where, 1)
        if out > 6:
            raise _fail(f"{where}.out", "must be a side 1-6")
        sites.append(
            Site(
                site=i + 1,
                name=_str(s, "name", where),
                town=tuple(_hex(h, f"{where}.town") for h in _list(s.get("town"), where)),
                anchorage=_hex(s.get("anchorage"), f"{where}.anchorage"),
                inner=_hex(s.get("inner"), f"{where}.inner"),
                mouth=_hex(s.get("mouth"), f"{where}.mouth"),
                forts=tuple(_hex(h, f"{where}.forts") for h in _list(s.get("forts"), where)),
                out=out,
            )
        )
    if len(sites) != 6:
        raise _fail("map.sites", "there are six home-port sites")
    by_players_raw = _obj(board.get("sites_by_players"), "map.sites_by_players")
    by_players: dict[int, tuple[int, ...]] = {}
    for n in range(2, 7):
        used = by_players_raw.get(str(n))
        if (
            not isinstance(used, list)
            or len(used) != n
            or len(set(used)) != n
            or any(u not in range(1, 7) for u in used)
        ):
            raise _fail(f"map.sites_by_players.{n}", f"must list {n} distinct sites 1-6")
        by_players[n] = tuple(used)
    copies_raw = _obj(root.get("copies_of_each_card"), "copies_of_each_card")
    _source(copies_raw, "copies_of_each_card")
    copies = _int(copies_raw, "count", "copies_of_each_card", 1)
    return Components(
        copies=copies,
        mounts=tuple(mounts),
        weapons=tuple(weapons),
        races=tuple(races),
        cards=tuple(cards),
        prices=prices,
        rows=tuple(rows),
        sites=tuple(sites),
        sites_by_players=by_players,
        fort_cannons=_int(board, "fort_cannons", "map", 1),
        fort_range=_int(board, "fort_range", "map", 1),
    )
