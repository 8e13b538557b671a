"""Merchants & Marauders' component data (MM-D.1 … MM-D.11), read from
``data/components.json`` and checked into frozen dataclasses.

Everything is addressed by index: zones in board order (MM-D.1, top to bottom),
nations in the order Spanish, English, French, Dutch, goods in the data file's
order, cargo cards ``good * 8 + slot``. A bad entry raises :class:`DataFileError`
naming it, so a swapped data file (``-o data=FILE``) fails clearly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from quarterdeck.engine import DataFileError

JSON = Any
SOURCES = ("aid", "published", "house")

#: Compass directions, clockwise from north (MM-4.3 turns in this order).
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: The four captain skills (MM-1.4).
SKILLS = ("seamanship", "scouting", "leadership", "influence")
#: The five hit locations (MM-1.5), in the order of a ship's value tuple.
LOCATIONS = ("cannons", "cargo", "masts", "crew", "hull")
CANNONS, CARGO, MASTS, CREW, HULL = range(5)
#: Ship modification types (MM-13.1) and special weapons (MM-13.2).
MODIFICATIONS = (
    "extra_hammocks",
    "advanced_rigs",
    "reinforced_hull",
    "extended_hold",
    "chasers",
    "extra_cannon_port",
    "swivel_guns",
    "long_guns",
)
SPECIAL_WEAPONS = ("grappling_hooks", "chain_shot", "grapeshot")
EVENT_KINDS = (
    "npc_entry",
    "war",
    "peace",
    "storm",
    "tropical_disease",
    "trade_winds",
    "fog_banks",
    "market_shift",
    "treasure_fleet",
    "too_quiet",
    "patrol",
)
MISSION_WHO = ("any", "pirates", "non_pirates")
MAX_SHIP_VALUE = 5  # MM-1.5: no ship value ever exceeds 5


@dataclass(frozen=True)
class Nation:
    key: str
    name: str
    home_port: int  # zone index of the nation's home port (MM-D.2)


@dataclass(frozen=True)
class Zone:
    name: str
    nation: int | None  # None: the open Caribbean Sea
    port: bool
    neighbours: tuple[int | None, ...]  # by direction index (DIRECTIONS)


@dataclass(frozen=True)
class ShipType:
    name: str
    values: tuple[int, int, int, int, int]  # maxima by LOCATIONS
    maneuverability: int
    buy: int  # 0: cannot be bought (Man-o-War, pirate ships)
    sell: int


@dataclass(frozen=True)
class Npc:
    key: str  # ES, EN, FR, NL, PS, PF: the strip's icons (MM-D.8)
    name: str
    ship: int  # index into Components.npc_ships
    nation: int | None  # None: a pirate
    reward: int  # gold a non-pirate gains for defeating it (MM-7.5)

    @property
    def pirate(self) -> bool:
        return self.nation is None


@dataclass(frozen=True)
class Captain:
    key: str
    name: str
    nation: int
    skills: tuple[int, int, int, int]  # by SKILLS
    ability: str
    ability_name: str
    ability_text: str


@dataclass(frozen=True)
class EventCard:
    key: str
    kind: str
    name: str
    strip: tuple[tuple[int, int], ...]  # (npc, direction) in order
    nations: tuple[int, ...] = ()  # war, market shift
    zone: int | None = None  # storm centre, NPC entry zone
    npc: int | None = None  # NPC entry
    captain: str = ""
    skills: tuple[int, int, int] = (0, 0, 0)  # NPC captain: seamanship, scouting, leadership


@dataclass(frozen=True)
class CargoCard:
    good: int
    slot: str
    plunder: int
    escape: int
    hit: int | None  # hit location index, or None


@dataclass(frozen=True)
class GloryType:
    key: str
    name: str
    kind: str  # specialist | one_use
    when: str
    copies: int
    text: str


@dataclass(frozen=True)
class Mission:
    key: str
    port: int
    name: str
    who: str
    test: tuple[int, int] | None  # (skill index, successes)
    min_cannons: int
    deliver: tuple[tuple[int, int], ...]  # (good, count)
    pay: int
    reward: Mapping[str, int | str]


@dataclass(frozen=True)
class Rumor:
    key: str
    name: str
    at_sea: bool
    zone: int
    test: tuple[int, int]
    reward: Mapping[str, int | str]


@dataclass(frozen=True)
class Components:
    nations: tuple[Nation, ...]
    zones: tuple[Zone, ...]
    ships: tuple[ShipType, ...]
    npc_ships: tuple[ShipType, ...]
    npcs: tuple[Npc, ...]
    captains: tuple[Captain, ...]
    events: tuple[EventCard, ...]
    goods: tuple[str, ...]
    cargo: tuple[CargoCard, ...]
    glory_types: tuple[GloryType, ...]
    glory: tuple[int, ...]  # glory card id -> its type
    missions: tuple[Mission, ...]
    rumors: tuple[Rumor, ...]
    merchants: tuple[int, ...]  # merchant tokens per nation
    bounties_per_nation: int
    demand_per_good: int
    modifications: tuple[int, ...]  # tokens per type (MODIFICATIONS)
    special_weapons: tuple[int, ...]  # tokens per type (SPECIAL_WEAPONS)
    shipyard: Mapping[str, int]

    def zone_index(self, name: str) -> int:
        return next(i for i, z in enumerate(self.zones) if z.name == name)

    @property
    def ports(self) -> tuple[int, ...]:
        return tuple(i for i, z in enumerate(self.zones) if z.port)

    @property
    def merchant_tokens(self) -> tuple[int, ...]:
        """Every merchant token as its nation (MM-D.7)."""
        return tuple(n for n, count in enumerate(self.merchants) for _ in range(count))

    @property
    def demand_tokens(self) -> tuple[int, ...]:
        return tuple(g for g in range(len(self.goods)) for _ in range(self.demand_per_good))

    @property
    def modification_tokens(self) -> tuple[int, ...]:
        return tuple(m for m, count in enumerate(self.modifications) for _ in range(count))

    def ship_index(self, name: str) -> int:
        return next(i for i, s in enumerate(self.ships) if s.name == name)


# -- checking ------------------------------------------------------------------------


class _Checker:
    """Small typed readers that name the bad entry in their error."""

    def __init__(self, raw: Mapping[str, JSON]) -> None:
        self.raw = raw

    def section(self, key: str) -> JSON:
        if key not in self.raw:
            raise DataFileError(f"data file has no {key!r} section")
        return self.raw[key]

    @staticmethod
    def obj(value: JSON, where: str) -> Mapping[str, JSON]:
        if not isinstance(value, Mapping):
            raise DataFileError(f"data file entry {where} must be an object")
        return value

    @staticmethod
    def lst(value: JSON, where: str, length: int | None = None) -> Sequence[JSON]:
        if not isinstance(value, list):
            raise DataFileError(f"data file entry {where} must be a list")
        if length is not None and len(value) != length:
            raise DataFileError(
                f"data file entry {where} must hold {length} entries, not {len(value)}"
            )
        return value

    @staticmethod
    def int_(entry: Mapping[str, JSON], key: str, where: str, low: int = 0, high: int = 999) -> int:
        value = entry.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataFileError(
                f"data file entry {where}.{key} must be a whole number from {low} to {high}"
            )
        return value

    @staticmethod
    def str_(entry: Mapping[str, JSON], key: str, where: str) -> str:
        value = entry.get(key)
        if not isinstance(value, str) or not value:
            raise DataFileError(f"data file entry {where}.{key} must be a text")
        return value

    @staticmethod
    def source(entry: Mapping[str, JSON], where: str) -> None:
        if entry.get("source") not in SOURCES:
            raise DataFileError(
                f"data file entry {where} needs a source: 'aid', 'published' or 'house'"
            )

    @staticmethod
    def pick(value: JSON, names: Sequence[str], where: str) -> int:
        if value not in names:
            raise DataFileError(
                f"data file entry {where}: {value!r} is not one of {', '.join(names)}"
            )
        return list(names).index(value)


def _ship(c: _Checker, e: JSON, where: str, buyable: bool) -> ShipType:
    e = c.obj(e, where)
    c.source(e, where)
    values = tuple(c.int_(e, loc, where, 1, MAX_SHIP_VALUE) for loc in LOCATIONS)
    return ShipType(
        c.str_(e, "name", where),
        values,  # type: ignore[arg-type]
        c.int_(e, "maneuverability", where, 1, MAX_SHIP_VALUE),
        c.int_(e, "buy", where, 1) if buyable else 0,
        c.int_(e, "sell", where) if buyable or "sell" in e else 0,
    )


def parse_components(raw: JSON) -> Components:
    """Check the data file and build :class:`Components`; a bad entry is named."""
    if not isinstance(raw, Mapping):
        raise DataFileError("the data file must hold a JSON object")
    c = _Checker(raw)

    # MM-D.1, MM-D.2: nations, zones, home ports
    raw_nations = c.lst(c.section("nations"), "nations", 4)
    nation_keys = [
        c.str_(c.obj(n, f"nations[{i}]"), "id", f"nations[{i}]") for i, n in enumerate(raw_nations)
    ]
    raw_zones = c.lst(c.section("zones"), "zones")
    zone_names = [
        c.str_(c.obj(z, f"zones[{i}]"), "name", f"zones[{i}]") for i, z in enumerate(raw_zones)
    ]
    if len(set(zone_names)) != len(zone_names):
        raise DataFileError("data file entry zones: zone names must be distinct")
    zones = []
    for i, z in enumerate(raw_zones):
        where = f"zones[{i}] ({zone_names[i]})"
        c.source(z, where)
        nation = (
            None if z.get("nation") is None else c.pick(z["nation"], nation_keys, where + ".nation")
        )
        port = z.get("port")
        if not isinstance(port, bool):
            raise DataFileError(f"data file entry {where}.port must be true or false")
        if port and nation is None:
            raise DataFileError(f"data file entry {where}: a port needs a nation")
        nb = c.obj(z.get("neighbours"), where + ".neighbours")
        by_dir: list[int | None] = [None] * len(DIRECTIONS)
        for d, name in nb.items():
            di = c.pick(d, DIRECTIONS, where + ".neighbours")
            by_dir[di] = c.pick(name, zone_names, f"{where}.neighbours.{d}")
        zones.append(Zone(zone_names[i], nation, port, tuple(by_dir)))
    nations = []
    for i, n in enumerate(raw_nations):
        where = f"nations[{i}]"
        c.source(n, where)
        home = c.pick(n.get("home_port"), zone_names, where + ".home_port")
        if not zones[home].port or zones[home].nation != i:
            raise DataFileError(f"data file entry {where}.home_port must be a port of that nation")
        nations.append(Nation(nation_keys[i], c.str_(n, "name", where), home))

    # MM-D.3, MM-D.4: ships, NPCs
    ships = tuple(
        _ship(c, s, f"ships[{i}]", True) for i, s in enumerate(c.lst(c.section("ships"), "ships"))
    )
    npc_ships = tuple(
        _ship(c, s, f"npc_ships[{i}]", False)
        for i, s in enumerate(c.lst(c.section("npc_ships"), "npc_ships"))
    )
    npc_ship_names = [s.name for s in npc_ships]
    npcs = []
    for i, n in enumerate(c.lst(c.section("npcs"), "npcs")):
        where = f"npcs[{i}]"
        n = c.obj(n, where)
        c.source(n, where)
        nation = (
            None if n.get("nation") is None else c.pick(n["nation"], nation_keys, where + ".nation")
        )
        if bool(n.get("pirate")) != (nation is None):
            raise DataFileError(f"data file entry {where}: a pirate has no nation, a navy has one")
        npcs.append(
            Npc(
                c.str_(n, "id", where),
                c.str_(n, "name", where),
                c.pick(n.get("ship"), npc_ship_names, where + ".ship"),
                nation,
                c.int_(n, "reward", where),
            )
        )
    npc_keys = [n.key for n in npcs]

    # MM-D.5: captains
    captains = []
    for i, k in enumerate(c.lst(c.section("captains"), "captains")):
        where = f"captains[{i}]"
        k = c.obj(k, where)
        c.source(k, where)
        captains.append(
            Captain(
                c.str_(k, "id", where),
                c.str_(k, "name", where),
                c.pick(k.get("nation"), nation_keys, where + ".nation"),
                tuple(c.int_(k, s, where, 1, 6) for s in SKILLS),  # type: ignore[arg-type]
                c.str_(k, "ability", where),
                c.str_(k, "ability_name", where),
                c.str_(k, "ability_text", where),
            )
        )

    # MM-D.8: events (NPC captains of MM-D.4 are on the entry cards)
    events = []
    for i, e in enumerate(c.lst(c.section("events"), "events")):
        where = f"events[{i}]"
        e = c.obj(e, where)
        c.source(e, where)
        key = c.str_(e, "id", where)
        kind = EVENT_KINDS[c.pick(e.get("kind"), EVENT_KINDS, where + ".kind")]
        strip: list[tuple[int, int]] = []
        if kind != "npc_entry":
            for j, icon in enumerate(c.lst(e.get("strip"), where + ".strip", 3)):
                icon = c.lst(icon, f"{where}.strip[{j}]", 2)
                strip.append(
                    (
                        c.pick(icon[0], npc_keys, f"{where}.strip[{j}]"),
                        c.pick(icon[1], DIRECTIONS, f"{where}.strip[{j}]"),
                    )
                )
        nations_ = tuple(c.pick(n, nation_keys, where + ".nations") for n in e.get("nations", []))
        if kind == "war" and (len(nations_) != 2 or nations_[0] == nations_[1]):
            raise DataFileError(f"data file entry {where}: a war names two nations")
        zone = c.pick(e["zone"], zone_names, where + ".zone") if "zone" in e else None
        if kind in ("npc_entry", "storm") and zone is None:
            raise DataFileError(f"data file entry {where}: this card needs a zone")
        npc = c.pick(e.get("npc"), npc_keys, where + ".npc") if kind == "npc_entry" else None
        skills = (
            tuple(c.int_(e, s, where, 1, 6) for s in SKILLS[:3])
            if kind == "npc_entry"
            else (0, 0, 0)
        )
        name = str(e.get("name") or e.get("captain") or kind.replace("_", " ").capitalize())
        events.append(
            EventCard(
                key,
                kind,
                name,
                tuple(strip),
                nations_,
                zone,
                npc,
                str(e.get("captain", "")),
                skills,  # type: ignore[arg-type]
            )
        )

    # MM-D.6: cargo
    cargo_raw = c.obj(c.section("cargo"), "cargo")
    c.source(cargo_raw, "cargo")
    goods = tuple(str(g) for g in c.lst(cargo_raw.get("goods"), "cargo.goods"))
    slots = c.lst(cargo_raw.get("slots"), "cargo.slots")
    hits = c.obj(cargo_raw.get("hit_locations"), "cargo.hit_locations")
    hit_slots = [j for j, s in enumerate(slots) if c.obj(s, f"cargo.slots[{j}]").get("hit")]
    cargo = []
    for g, good in enumerate(goods):
        locs = c.lst(hits.get(good), f"cargo.hit_locations.{good}", len(hit_slots))
        for j, s in enumerate(slots):
            where = f"cargo.slots[{j}]"
            hit = (
                c.pick(locs[hit_slots.index(j)], LOCATIONS, f"cargo.hit_locations.{good}")
                if j in hit_slots
                else None
            )
            cargo.append(
                CargoCard(
                    g,
                    c.str_(s, "slot", where),
                    c.int_(s, "plunder", where),
                    c.int_(s, "escape", where),
                    hit,
                )
            )

    # MM-D.9: glory
    glory_types = []
    glory: list[int] = []
    for i, gt in enumerate(c.lst(c.section("glory"), "glory")):
        where = f"glory[{i}]"
        gt = c.obj(gt, where)
        c.source(gt, where)
        gkind = str(gt.get("kind"))
        if gkind not in ("specialist", "one_use"):
            raise DataFileError(f"data file entry {where}.kind must be 'specialist' or 'one_use'")
        copies = c.int_(gt, "copies", where, 1, 20)
        glory_types.append(
            GloryType(
                c.str_(gt, "key", where),
                c.str_(gt, "name", where),
                gkind,
                str(gt.get("when", "")),
                copies,
                c.str_(gt, "text", where),
            )
        )
        glory += [i] * copies
    specialist_keys = [g.key for g in glory_types if g.kind == "specialist"]

    def reward(r: JSON, where: str) -> Mapping[str, int | str]:
        r = c.obj(r, where)
        for k, v in r.items():
            if k == "specialist":
                c.pick(v, specialist_keys, where + ".specialist")
            elif isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise DataFileError(f"data file entry {where}.{k} must be a whole number")
        return dict(r)

    # MM-D.10: missions
    missions = []
    for i, m in enumerate(c.lst(c.section("missions"), "missions")):
        where = f"missions[{i}]"
        m = c.obj(m, where)
        c.source(m, where)
        port = c.pick(m.get("port"), zone_names, where + ".port")
        if not zones[port].port:
            raise DataFileError(f"data file entry {where}.port must be a port")
        req = c.obj(m.get("requirement"), where + ".requirement")
        test = None
        if "test" in req:
            t = c.lst(req["test"], where + ".requirement.test", 2)
            test = (c.pick(t[0], SKILLS, where + ".requirement.test"), int(t[1]))
        deliver = tuple(
            (c.pick(g, goods, where + ".requirement.deliver"), int(n))
            for g, n in c.obj(req.get("deliver", {}), where + ".requirement.deliver").items()
        )
        who = MISSION_WHO[c.pick(m.get("who"), MISSION_WHO, where + ".who")]
        missions.append(
            Mission(
                c.str_(m, "id", where),
                port,
                c.str_(m, "name", where),
                who,
                test,
                int(req.get("min_cannons", 0)),
                deliver,
                int(req.get("pay", 0)),
                reward(m.get("reward"), where + ".reward"),
            )
        )

    # MM-D.11: rumors
    rumors = []
    for i, r in enumerate(c.lst(c.section("rumors"), "rumors")):
        where = f"rumors[{i}]"
        r = c.obj(r, where)
        c.source(r, where)
        at = r.get("where")
        if at not in ("sea", "port"):
            raise DataFileError(f"data file entry {where}.where must be 'sea' or 'port'")
        zone = c.pick(r.get("zone"), zone_names, where + ".zone")
        if at == "port" and not zones[zone].port:
            raise DataFileError(f"data file entry {where}: a port rumor needs a port")
        t = c.lst(r.get("test"), where + ".test", 2)
        rumors.append(
            Rumor(
                c.str_(r, "id", where),
                c.str_(r, "name", where),
                at == "sea",
                zone,
                (c.pick(t[0], SKILLS, where + ".test"), int(t[1])),
                reward(r.get("reward"), where + ".reward"),
            )
        )

    # MM-D.7: tokens
    tokens = c.obj(c.section("tokens"), "tokens")
    for key, entry in tokens.items():
        c.source(c.obj(entry, f"tokens.{key}"), f"tokens.{key}")
    merchants = tuple(
        c.int_(tokens["merchants"], n, "tokens.merchants", 0, 20) for n in nation_keys
    )
    if sum(merchants) != len(zones):
        raise DataFileError(
            "data file entry tokens.merchants: one merchant token per sea zone (MM-2.2)"
        )
    demand = c.int_(
        c.obj(tokens.get("demand_per_good"), "tokens.demand_per_good"),
        "count",
        "tokens.demand_per_good",
        1,
        20,
    )
    if demand * len(goods) < len([z for z in zones if z.port]):
        raise DataFileError(
            "data file entry tokens.demand_per_good: too few demand tokens for the ports"
        )
    mods_raw = c.obj(tokens.get("modifications"), "tokens.modifications")
    mods = tuple(c.int_(mods_raw, m, "tokens.modifications", 0, 20) for m in MODIFICATIONS)
    if sum(mods) != len([z for z in zones if z.port]):
        raise DataFileError("data file entry tokens.modifications: one token per port (MM-2.3)")
    weapons_raw = c.obj(tokens.get("special_weapons"), "tokens.special_weapons")
    weapons = tuple(
        c.int_(weapons_raw, w, "tokens.special_weapons", 0, 20) for w in SPECIAL_WEAPONS
    )
    bounties = c.int_(
        c.obj(tokens.get("bounties_per_nation"), "tokens.bounties_per_nation"),
        "count",
        "tokens.bounties_per_nation",
        0,
        20,
    )
    shipyard_raw = c.obj(c.section("shipyard"), "shipyard")
    c.source(shipyard_raw, "shipyard")
    shipyard = {
        k: c.int_(shipyard_raw, k, "shipyard", 0, 50)
        for k in (
            "repair",
            "modification",
            "special_weapon_buy",
            "special_weapon_sell",
            "refresh_reinforced_hull",
        )
    }

    if {e.npc for e in events if e.kind == "npc_entry"} != set(range(len(npcs))):
        raise DataFileError("data file entry events: every NPC needs at least one entry card")
    if len({e.key for e in events}) != len(events) or len({k.key for k in captains}) != len(
        captains
    ):
        raise DataFileError("data file entries events and captains need distinct ids")
    if "Sloop" not in [s.name for s in ships] or "Flute" not in [s.name for s in ships]:
        raise DataFileError("data file entry ships: a Sloop and a Flute are needed (MM-2.7)")

    return Components(
        tuple(nations),
        tuple(zones),
        ships,
        npc_ships,
        tuple(npcs),
        tuple(captains),
        tuple(events),
        goods,
        tuple(cargo),
        tuple(glory_types),
        tuple(glory),
        tuple(missions),
        tuple(rumors),
        merchants,
        bounties,
        demand,
        mods,
        weapons,
        shipyard,
    )


def house_values(raw: Mapping[str, JSON]) -> list[tuple[str, str]]:
    """Every entry of the data file marked ``house``: (entry, its name or key)."""
    out: list[tuple[str, str]] = []
    for section, value in raw.items():
        entries = (
            [(f"{section}[{i}]", e) for i, e in enumerate(value)]
            if isinstance(value, list)
            else [(section, value)]
            if isinstance(value, Mapping) and "source" in value
            else [(f"{section}.{k}", e) for k, e in value.items()]
            if isinstance(value, Mapping)
            else []
        )
        for where, e in entries:
            if isinstance(e, Mapping) and e.get("source") == "house":
                out.append((where, str(e.get("name") or e.get("id") or e.get("key") or "")))
    return out
