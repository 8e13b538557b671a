"""Scenarios: a Merchants & Marauders position written as JSON, to test a rules question,
start a game from it (``quarterdeck play merchants-and-marauders --scenario FILE``) or
ask for a hint there (``quarterdeck hint FILE --game merchants-and-marauders``).

The format is documented in ``docs/games/merchants-and-marauders.md`` ("Scenarios").
The position is built on a normal set-up of the same seed (``game.new_state``), then
changed as the scenario describes; everything left out keeps its set-up value. Every
card and token stays conserved: whatever a scenario places is taken out of its deck
or bank, the decks hold every card not placed (shuffled by the state's generator, so
loading is deterministic), and a card placed twice is refused.

``game.py`` calls :func:`start` (players, seed, name), makes the state, then
:func:`load_scenario`, then settles the flow to the first decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from quarterdeck.engine import Event, ScenarioError, whole_number

from .basics import cargo_limit, home_port, ship_type, total_glory
from .combat import declarations, start_combat
from .components import LOCATIONS, MODIFICATIONS, SPECIAL_WEAPONS, Components
from .npcs import npc_skills
from .phases import (
    ACTIONS,
    ACTIONS_PER_TURN,
    DECLARATIONS,
    HAND_LIMIT,
    NPC_SIDE,
    PORT_STEPS,
    ROUND_START,
    TURN_START,
)
from .port import allowed_on, fit_modification, open_visit
from .setup import refill_mission
from .table import Combat, Ctx

JSON = Any

#: Where a scenario may start: a captain's turn (before the NPCs in the zone scout),
#: a captain about to choose an action, a naval combat, a Port action, a game turn.
TURN_START_PHASE, ACTIONS_PHASE, COMBAT_PHASE, PORT_PHASE, ROUND_START_PHASE = PHASES = (
    "turn-start",
    "actions",
    "combat",
    "port",
    "round-start",
)

# The entries a scenario, a captain, a combat and an NPC may have: any other is
# refused, so a misspelt entry never silently leaves its default in place.
SCENARIO_KEYS = (
    "name", "seed", "captains", "first", "turn", "phase", "round", "actions_left",
    "port_step", "combat", "event", "events_left", "event_deck", "entries", "war",
    "storm", "fog", "trade_winds", "treasure_fleet", "npcs", "merchants", "track",
    "demand", "port_modifications", "missions", "cargo_deck",
)  # fmt: skip
CAPTAIN_KEYS = (
    "captain", "ship", "values", "damage", "modifications", "reinforced_used", "zone",
    "in_port", "gold", "stash", "glory", "hand", "specialists", "bounties", "weapons",
    "cargo", "rumor", "kept_rumors", "mission",
)  # fmt: skip
COMBAT_KEYS = ("aggressor", "defender", "round", "declared", "npc_damage")
NPC_KEYS = ("zone", "cards")


def fail(entry: str, message: str) -> ScenarioError:
    where = f"scenario entry {entry}" if entry else "scenario"
    return ScenarioError(f"{where}: {message}")


# -- checking entries ------------------------------------------------------------------


def check_entries(data: Mapping[str, JSON]) -> None:
    """Refuse an entry of no known name anywhere in a scenario. Only a new scenario is
    checked: one stored with a record replays as it was accepted then."""
    _known_keys(data, SCENARIO_KEYS, "")
    captains = data.get("captains")
    for seat, captain in enumerate(captains if isinstance(captains, list) else []):
        _known_keys(captain, CAPTAIN_KEYS, f"captains[{seat}]")
    _known_keys(data.get("combat"), COMBAT_KEYS, "combat")
    npcs = data.get("npcs")
    for key, npc in npcs.items() if isinstance(npcs, Mapping) else ():
        _known_keys(npc, NPC_KEYS, f"npcs.{key}")


def _known_keys(data: JSON, keys: tuple[str, ...], entry: str) -> None:
    if not isinstance(data, Mapping):
        return  # not an object: the loader says what it should be
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise fail(entry, f"unknown entry {unknown[0]!r} (one of {', '.join(keys)})")


# -- reading values ------------------------------------------------------------------------


def _get(data: Mapping[str, JSON], key: str, kind: type, default: JSON, entry: str) -> JSON:
    """``data[key]`` (or ``default``), refused unless it is a ``kind``."""
    value = data.get(key, default)
    if kind is int:
        if not whole_number(value) or value < 0:
            raise fail(entry, "a whole number, 0 or more")
    elif kind is bool:
        if not isinstance(value, bool):
            raise fail(entry, "true or false")
    elif not isinstance(value, kind):
        what = "a list" if kind is list else "a text" if kind is str else "an object"
        raise fail(entry, what)
    return value


def _named(names: Sequence[str], value: JSON, what: str, entry: str) -> int:
    """The index of ``value`` among ``names`` (case-insensitive), or a clear error."""
    if isinstance(value, str):
        for i, name in enumerate(names):
            if name.lower() == value.lower():
                return i
    raise fail(entry, f"unknown {what} {value!r} (one of {', '.join(names)})")


def _zone(c: Components, value: JSON, entry: str, port: bool = False) -> int:
    zone = _named([z.name for z in c.zones], value, "zone", entry)
    if port and not c.zones[zone].port:
        raise fail(entry, f"{c.zones[zone].name} has no port")
    return zone


def _nation(c: Components, value: JSON, entry: str) -> int:
    return _named([n.key for n in c.nations], value, "nation", entry)


def _good(c: Components, value: JSON, entry: str) -> int:
    return _named(c.goods, value, "good", entry)


def _cargo_card(c: Components, value: JSON, entry: str) -> int:
    """A cargo card as the rules name it: "Rum-c" (good, slot a–h)."""
    if isinstance(value, str) and "-" in value:
        good, slot = value.rsplit("-", 1)
        slots = [card.slot for card in c.cargo[:8]]
        if good.lower() in c.goods and slot.lower() in slots:
            return c.goods.index(good.lower()) * len(slots) + slots.index(slot.lower())
    raise fail(entry, f"{value!r} is not a cargo card (a good and a slot: 'Rum-c')")


def _seat(value: JSON, players: int, entry: str) -> int:
    if not whole_number(value) or not 0 <= value < players:
        raise fail(entry, f"a seat from 0 to {players - 1}")
    return int(value)


class Placed:
    """Every card placed so far, by kind, with the entry that placed it: a card in two
    places is refused, and the decks are made of the rest."""

    def __init__(self) -> None:
        self.where: dict[str, dict[int, str]] = {}

    def take(self, kind: str, card: int, name: str, entry: str) -> int:
        seen = self.where.setdefault(kind, {})
        if card in seen:
            raise fail(entry, f"{name} is already placed at {seen[card]}")
        seen[card] = entry
        return card

    def has(self, kind: str, card: int) -> bool:
        return card in self.where.get(kind, {})


# -- the position ---------------------------------------------------------------------------


def start(data: JSON, strict: bool) -> tuple[int, int, str]:
    """The players, seed and name of a scenario, checked before the state is made."""
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    if strict:
        check_entries(data)
    seed = _get(data, "seed", int, 0, "seed")
    name = _get(data, "name", str, "scenario", "name")
    captains = data.get("captains")
    if not isinstance(captains, list) or not 2 <= len(captains) <= 4:
        raise fail("captains", "a list of 2 to 4 captains, one a seat (each an object)")
    for seat, captain in enumerate(captains):
        if not isinstance(captain, Mapping):
            raise fail(f"captains[{seat}]", "an object")
    return len(captains), seed, name


def load_scenario(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """Change the freshly set-up position of ``ctx`` to the one ``data`` describes
    (``start`` has checked its shape); the caller settles the flow afterwards."""
    t = ctx.table
    t.pending.clear()  # set-up's ship choices: a scenario's captains have their ships
    placed = Placed()
    captains: list[Mapping[str, JSON]] = data["captains"]
    _captain_cards(ctx, captains, placed)
    for seat, entry in enumerate(captains):
        _ship(ctx, seat, entry, f"captains[{seat}]")
    _cards(ctx, data, placed)
    _tokens(ctx, data)
    _npcs_and_events(ctx, data, placed)
    _weather(ctx, data)
    for seat, p in enumerate(t.players):
        if total_glory(ctx, p) >= ctx.glory_target:
            raise fail(f"captains[{seat}]", "already has the glory that ends the game")
        if p.stash:  # as a Stash step would: the split of gold and stash is secret
            ctx.log(Event("stash", {"seat": seat}, {seat: {"amount": p.stash, "stash": p.stash}}))
    _phase(ctx, data)


def _captain_cards(ctx: Ctx, captains: list[Mapping[str, JSON]], placed: Placed) -> None:
    """Named captains first; a seat left out keeps its set-up card unless it is named
    elsewhere, then draws from the deck."""
    t, c = ctx.table, ctx.c
    keys, names = [k.key for k in c.captains], [k.name for k in c.captains]
    for seat, entry in enumerate(captains):
        if "captain" in entry:
            value = entry["captain"]
            where = f"captains[{seat}].captain"
            card = _named(keys, value, "captain", where) if value in keys else None
            card = _named(names, value, "captain", where) if card is None else card
            t.players[seat].card = placed.take("captain", card, c.captains[card].name, where)
    deck = [k for k in t.captain_deck if not placed.has("captain", k)]
    for seat, entry in enumerate(captains):
        if "captain" not in entry:
            p = t.players[seat]
            if placed.has("captain", p.card):
                p.card = deck.pop()
            placed.take("captain", p.card, c.captains[p.card].name, f"captains[{seat}]")
    t.captain_deck = [k for k in range(len(c.captains)) if not placed.has("captain", k)]
    ctx.rng.shuffle(t.captain_deck)
    t.captain_discard = []


def _ship(ctx: Ctx, seat: int, data: Mapping[str, JSON], entry: str) -> None:
    """Ship type, modifications, damage, zone and the captain's counts."""
    c = ctx.c
    p = ctx.table.players[seat]
    kinds = [s.name for s in c.ships] + [c.npc_ships[0].name]  # a captured Man-o-War
    p.ship = _named(
        kinds, _get(data, "ship", str, "Sloop", f"{entry}.ship"), "ship", f"{entry}.ship"
    )
    p.maxima = list(ship_type(ctx, p.ship).values)
    p.mods = []
    for i, name in enumerate(_get(data, "modifications", list, [], f"{entry}.modifications")):
        where = f"{entry}.modifications[{i}]"
        mod = _named(MODIFICATIONS, name, "modification", where)
        if not allowed_on(ctx, p, mod):
            raise fail(where, f"{MODIFICATIONS[mod]} is not allowed on this ship (MM-13.1)")
        fit_modification(ctx, p, mod)
    p.values = list(p.maxima)
    values = _get(data, "values", Mapping, {}, f"{entry}.values")
    damage = _get(data, "damage", Mapping, {}, f"{entry}.damage")
    for key, given in (("values", values), ("damage", damage)):
        for name, n in given.items():
            where = f"{entry}.{key}.{name}"
            loc = _named(LOCATIONS, name, "location", where)
            if key == "damage" and LOCATIONS[loc] in values:
                raise fail(where, "give a location's value or its damage, not both")
            if not whole_number(n) or not 0 <= n <= p.maxima[loc]:
                raise fail(where, f"from 0 to {p.maxima[loc]}")
            p.values[loc] = n if key == "values" else p.maxima[loc] - n
    p.reinforced_used = _get(data, "reinforced_used", bool, False, f"{entry}.reinforced_used")
    if "zone" in data:
        p.zone = _zone(c, data["zone"], f"{entry}.zone")
        p.docked = _get(data, "in_port", bool, False, f"{entry}.in_port")
    else:
        p.zone = home_port(ctx, p)
        p.docked = _get(data, "in_port", bool, True, f"{entry}.in_port")
    if p.docked and not c.zones[p.zone].port:
        raise fail(f"{entry}.in_port", f"{c.zones[p.zone].name} has no port")
    p.gold = _get(data, "gold", int, p.gold, f"{entry}.gold")
    p.stash = _get(data, "stash", int, 0, f"{entry}.stash")
    p.glory = _get(data, "glory", int, 0, f"{entry}.glory")


def _cards(ctx: Ctx, data: Mapping[str, JSON], placed: Placed) -> None:
    """Glory cards, cargo, rumors and missions in the captains' hands; the decks and
    the board's missions from the rest."""
    t, c = ctx.table, ctx.c
    captains: list[Mapping[str, JSON]] = data["captains"]
    glory_names = [g.key for g in c.glory_types]
    # Set-up's glory cards stay with the seats that name no hand (a type's copies are
    # alike, so a named card is the lowest free copy of its type).
    for seat, entry in enumerate(captains):
        if "hand" not in entry:
            for g in t.players[seat].hand:
                placed.take("glory", g, c.glory_types[c.glory[g]].name, f"captains[{seat}]")

    def glory_card(value: JSON, where: str, specialist: bool) -> int:
        kind = _named(glory_names, value, "glory card", where)
        if specialist and c.glory_types[kind].kind != "specialist":
            raise fail(where, f"{c.glory_types[kind].name} is not a specialist (MM-D.9)")
        free = [g for g, k in enumerate(c.glory) if k == kind and not placed.has("glory", g)]
        if not free:
            raise fail(where, f"no {c.glory_types[kind].name} card left")
        return placed.take("glory", free[0], c.glory_types[kind].name, where)

    for seat, entry in enumerate(captains):
        p, at = t.players[seat], f"captains[{seat}]"
        if "hand" in entry:
            hand = _get(entry, "hand", list, [], f"{at}.hand")
            if len(hand) > HAND_LIMIT:
                raise fail(f"{at}.hand", f"at most {HAND_LIMIT} glory cards (MM-14.2)")
            p.hand = [glory_card(g, f"{at}.hand[{i}]", False) for i, g in enumerate(hand)]
        specialists = _get(entry, "specialists", list, [], f"{at}.specialists")
        p.specialists = [
            glory_card(g, f"{at}.specialists[{i}]", True) for i, g in enumerate(specialists)
        ]
        cargo = _get(entry, "cargo", list, [], f"{at}.cargo")
        p.cargo = [
            placed.take("cargo", _cargo_card(c, k, f"{at}.cargo[{i}]"), str(k), f"{at}.cargo[{i}]")
            for i, k in enumerate(cargo)
        ]
        if len(p.cargo) > cargo_limit(p):
            raise fail(f"{at}.cargo", f"at most {cargo_limit(p)} cards here (MM-12.4)")
        p.rumor = _keyed(ctx, entry, "rumor", at, placed)
        kept = _get(entry, "kept_rumors", list, [], f"{at}.kept_rumors")
        p.kept_rumors = [
            _rumor(ctx, r, f"{at}.kept_rumors[{i}]", placed) for i, r in enumerate(kept)
        ]
        for i, r in enumerate(p.kept_rumors):
            if "specialist" not in c.rumors[r].reward:
                raise fail(
                    f"{at}.kept_rumors[{i}]", f"{c.rumors[r].key} is not kept (no specialist)"
                )
        p.mission = _keyed(ctx, entry, "mission", at, placed)
    t.glory_deck = [g for g in range(len(c.glory)) if not placed.has("glory", g)]
    t.rumor_deck = [r for r in range(len(c.rumors)) if not placed.has("rumor", r)]
    for deck in (t.glory_deck, t.rumor_deck):
        ctx.rng.shuffle(deck)
    t.glory_discard, t.rumor_discard, t.cargo_discard = [], [], []
    # The cargo deck: the cards named on top (the first drawn first), the rest shuffled.
    top = _get(data, "cargo_deck", list, [], "cargo_deck")
    top_cards = [
        placed.take("cargo", _cargo_card(c, k, f"cargo_deck[{i}]"), str(k), f"cargo_deck[{i}]")
        for i, k in enumerate(top)
    ]
    rest = [k for k in range(len(c.cargo)) if not placed.has("cargo", k)]
    ctx.rng.shuffle(rest)
    t.cargo_deck = rest + top_cards[::-1]
    _board_missions(ctx, data, placed)


def _keyed(ctx: Ctx, entry: Mapping[str, JSON], key: str, at: str, placed: Placed) -> int:
    """A captain's held rumor or mission card, by its id (-1: none)."""
    value = entry.get(key)
    if value is None:
        return -1
    if key == "rumor":
        return _rumor(ctx, value, f"{at}.rumor", placed)
    keys = [m.key for m in ctx.c.missions]
    mission = _named(keys, value, "mission", f"{at}.mission")
    return placed.take("mission", mission, keys[mission], f"{at}.mission")


def _rumor(ctx: Ctx, value: JSON, where: str, placed: Placed) -> int:
    keys = [r.key for r in ctx.c.rumors]
    return placed.take("rumor", _named(keys, value, "rumor", where), str(value), where)


def _board_missions(ctx: Ctx, data: Mapping[str, JSON], placed: Placed) -> None:
    """The two missions on the board (MM-2.5): named, or set-up's unless a captain
    holds it (then the slot is refilled as in play)."""
    t, c = ctx.table, ctx.c
    keys = [m.key for m in c.missions]
    named = _get(data, "missions", list, [None, None], "missions")
    if len(named) != 2:
        raise fail("missions", "the two missions on the board: [id or null, id or null]")
    refill = []
    for slot in range(2):
        where = f"missions[{slot}]"
        if "missions" in data:
            if named[slot] is None:
                t.board_missions[slot] = -1
                continue
            t.board_missions[slot] = _named(keys, named[slot], "mission", where)
        elif placed.has("mission", t.board_missions[slot]):
            t.board_missions[slot] = -1
            refill.append(slot)
            continue
        if t.board_missions[slot] >= 0:
            placed.take("mission", t.board_missions[slot], keys[t.board_missions[slot]], where)
    ports = [c.missions[m].port for m in t.board_missions if m >= 0]
    if len(ports) == 2 and ports[0] == ports[1]:
        raise fail("missions", "the two missions must name different ports (MM-2.5)")
    t.mission_deck = [m for m in range(len(c.missions)) if not placed.has("mission", m)]
    ctx.rng.shuffle(t.mission_deck)
    t.mission_discard = []
    for slot in refill:
        refill_mission(ctx, slot)


def _tokens(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """Bounty and weapon banks, merchants, demand and modification tokens."""
    t, c = ctx.table, ctx.c
    captains: list[Mapping[str, JSON]] = data["captains"]
    t.bounty_bank = [c.bounties_per_nation] * len(c.nations)
    t.weapon_bank = list(c.special_weapons)
    for seat, entry in enumerate(captains):
        p, at = t.players[seat], f"captains[{seat}]"
        p.bounties = _counts(ctx, entry, "bounties", at, t.bounty_bank)
        p.weapons = _counts(ctx, entry, "weapons", at, t.weapon_bank)
    _merchants(ctx, data)
    _demand(ctx, data)
    _port_modifications(ctx, data)


def _counts(ctx: Ctx, entry: Mapping[str, JSON], key: str, at: str, bank: list[int]) -> list[int]:
    """A captain's bounties (by nation) or special weapons (by type), taken from the bank."""
    names = [n.key for n in ctx.c.nations] if key == "bounties" else list(SPECIAL_WEAPONS)
    out = [0] * len(names)
    for name, n in _get(entry, key, Mapping, {}, f"{at}.{key}").items():
        where = f"{at}.{key}.{name}"
        i = _named(names, name, "nation" if key == "bounties" else "special weapon", where)
        if not whole_number(n) or not 0 <= n <= bank[i]:
            raise fail(where, f"from 0 to {bank[i]} (the tokens left in the bank)")
        out[i] = n
        bank[i] -= n
    return out


def _fill(
    ctx: Ctx, spots: Sequence[int], named: dict[int, int], setup: list[int], pool: list[int]
) -> list[int]:
    """Tokens for ``spots``: the named ones; a spot left out keeps its set-up token
    while one of that kind is left in ``pool``, else draws one (or stays empty).
    ``pool`` keeps what is left over."""
    out = {z: named[z] for z in named}
    for z in named.values():
        if z >= 0:
            pool.remove(z)
    missing = []
    for z in spots:
        if z in named:
            continue
        if setup[z] in pool:
            pool.remove(setup[z])
            out[z] = setup[z]
        else:
            missing.append(z)
    pool.sort()
    ctx.rng.shuffle(pool)
    for z in missing:
        out[z] = pool.pop() if pool else -1
    return [out.get(z, -1) for z in range(len(setup))]


def _named_tokens(
    ctx: Ctx, data: Mapping[str, JSON], key: str, names: Sequence[str], what: str, supply: list[int]
) -> dict[int, int]:
    """The zones a scenario names under ``key`` and their token (-1: none), checked
    against the tokens of each kind in ``supply``."""
    out: dict[int, int] = {}
    left = list(supply)
    for name, value in _get(data, key, Mapping, {}, key).items():
        where = f"{key}.{name}"
        z = _zone(ctx.c, name, where, port=key != "merchants")
        out[z] = -1 if value is None else _named(names, value, what, where)
        if out[z] >= 0:
            if out[z] not in left:
                raise fail(where, f"no {names[out[z]]} {what} token left")
            left.remove(out[z])
    return out


def _merchants(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """MM-2.2 merchant tokens: the named zones, the named track; other zones keep
    set-up's token while it lasts; tokens left over lie on the track."""
    t, c = ctx.table, ctx.c
    nations = [n.key for n in c.nations]
    supply = list(c.merchant_tokens)
    named = _named_tokens(ctx, data, "merchants", nations, "merchant", supply)
    track = [
        _nation(c, n, f"track[{i}]") for i, n in enumerate(_get(data, "track", list, [], "track"))
    ]
    pool = list(supply)
    for n in track:
        if n not in pool:
            raise fail("track", f"more {nations[n]} merchant tokens than the game has")
        pool.remove(n)
    t.merchants = _fill(ctx, range(len(c.zones)), named, t.merchants, pool)
    if pool and "track" in data:
        raise fail("track", f"{len(pool)} merchant tokens are neither in a zone nor on the track")
    t.track = track + pool


def _demand(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """MM-2.1 demand tokens beside the ports; the rest is the reserve."""
    t, c = ctx.table, ctx.c
    supply = list(c.demand_tokens)
    named = _named_tokens(ctx, data, "demand", c.goods, "demand", supply)
    pool = list(supply)
    t.demand = _fill(ctx, c.ports, named, t.demand, pool)
    t.reserve = pool


def _port_modifications(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """MM-2.3 modification tokens face down at the ports, less those on ships."""
    t, c = ctx.table, ctx.c
    supply = list(c.modification_tokens)
    for seat, p in enumerate(t.players):
        for mod in p.mods:
            if mod not in supply:
                raise fail(f"captains[{seat}].modifications", f"no {MODIFICATIONS[mod]} left")
            supply.remove(mod)
    named = _named_tokens(ctx, data, "port_modifications", MODIFICATIONS, "modification", supply)
    pool = list(supply)
    t.mod_at = _fill(ctx, c.ports, named, t.mod_at, pool)
    if pool:
        raise fail("port_modifications", f"{len(pool)} modification tokens have no place")
    t.mod_up = [False] * len(c.zones)


def _npcs_and_events(ctx: Ctx, data: Mapping[str, JSON], placed: Placed) -> None:
    """NPCs on the board with their entry cards (MM-4.9), this game turn's Event card,
    the entry cards waiting for the turn's end, and the Event deck."""
    t, c = ctx.table, ctx.c
    keys = [e.key for e in c.events]
    npc_keys = [n.key for n in c.npcs]
    t.npc_zone = [-1] * len(c.npcs)
    t.npc_cards = [[] for _ in c.npcs]
    for name, entry in _get(data, "npcs", Mapping, {}, "npcs").items():
        at = f"npcs.{name}"
        npc = _named(npc_keys, name, "NPC", at)
        if not isinstance(entry, Mapping):
            raise fail(at, "an object")
        if "cards" in entry:
            cards = _get(entry, "cards", list, [], f"{at}.cards")
            t.npc_cards[npc] = [
                _event(ctx, k, f"{at}.cards[{i}]", placed) for i, k in enumerate(cards)
            ]
        else:
            first = [
                e
                for e, card in enumerate(c.events)
                if card.npc == npc and not placed.has("event", e)
            ]
            t.npc_cards[npc] = [placed.take("event", first[0], keys[first[0]], at)] if first else []
        if not t.npc_cards[npc] or any(c.events[e].npc != npc for e in t.npc_cards[npc]):
            raise fail(f"{at}.cards", f"entry cards of the {c.npcs[npc].name}, the top one last")
        top = c.events[t.npc_cards[npc][-1]].zone
        assert top is not None
        t.npc_zone[npc] = _zone(c, entry["zone"], f"{at}.zone") if "zone" in entry else top
    entries = _get(data, "entries", list, [], "entries")
    t.entries = [_event(ctx, k, f"entries[{i}]", placed) for i, k in enumerate(entries)]
    if any(c.events[e].kind != "npc_entry" for e in t.entries):
        raise fail("entries", "NPC entry cards only (they enter at the game turn's end)")
    t.event = -1
    t.event_discard = []
    if data.get("event") is not None:
        card = _named(keys, data["event"], "Event card", "event")
        if card in t.entries:
            t.event = card
        elif c.events[card].kind == "npc_entry":
            raise fail("event", "an NPC entry card drawn this turn is also in 'entries'")
        else:
            t.event = _event(ctx, data["event"], "event", placed)
            t.event_discard.append(card)
    _event_deck(ctx, data, placed)


def _event_deck(ctx: Ctx, data: Mapping[str, JSON], placed: Placed) -> None:
    """The named cards on top (the first drawn first), then the rest shuffled: as many
    as ``events_left`` (by default one card drawn a game turn); the others were
    resolved in earlier game turns (the discard)."""
    t, c = ctx.table, ctx.c
    top = [
        _event(ctx, k, f"event_deck[{i}]", placed)
        for i, k in enumerate(_get(data, "event_deck", list, [], "event_deck"))
    ]
    rest = [e for e in range(len(c.events)) if not placed.has("event", e)]
    ctx.rng.shuffle(rest)
    out_of_deck = len(c.events) - len(rest) - len(top)
    turn = _get(data, "round", int, 1, "round")
    drawn = turn - 1 if data.get("phase") == ROUND_START_PHASE else turn
    default = len(c.events) - max(drawn, out_of_deck)
    left = _get(data, "events_left", int, max(default, len(top)), "events_left")
    if not len(top) <= left <= len(rest) + len(top):
        raise fail("events_left", f"from {len(top)} to {len(rest) + len(top)} cards")
    gone = len(rest) + len(top) - left
    t.event_discard += rest[:gone]
    t.event_deck = rest[gone:] + top[::-1]


def _event(ctx: Ctx, value: JSON, where: str, placed: Placed) -> int:
    keys = [e.key for e in ctx.c.events]
    card = _named(keys, value, "Event card", where)
    return placed.take("event", card, keys[card], where)


def _weather(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """This game turn's war, storm and the other "this turn" effects (MM-D.8)."""
    t, c = ctx.table, ctx.c
    war = [_nation(c, n, f"war[{i}]") for i, n in enumerate(_get(data, "war", list, [], "war"))]
    if war and (len(war) != 2 or war[0] == war[1]):
        raise fail("war", "two nations at war, or none")
    t.war = war
    storm = data.get("storm")
    t.storm = [] if storm is None else list(ctx.sea.within(_zone(c, storm, "storm")))
    t.fog = _get(data, "fog", bool, False, "fog")
    t.trade_winds = _get(data, "trade_winds", bool, False, "trade_winds")
    t.treasure_fleet = _get(data, "treasure_fleet", bool, False, "treasure_fleet")
    t.declared = -1


def _phase(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """Whose turn it is and where the flow starts."""
    t = ctx.table
    n = ctx.num_players
    phase = data.get("phase", TURN_START_PHASE)
    if phase not in PHASES:
        raise fail("phase", f"one of {', '.join(PHASES)}")
    t.first = _seat(data.get("first", 0), n, "first")
    t.active = _seat(data.get("turn", t.first), n, "turn")
    t.turns_taken = (t.active - t.first) % n
    t.round = _get(data, "round", int, 1, "round")
    if not 1 <= t.round <= len(ctx.c.events):
        raise fail("round", f"a game turn from 1 to {len(ctx.c.events)}")
    mid_turn = phase in (ACTIONS_PHASE, COMBAT_PHASE, PORT_PHASE)
    for key, needs in (("actions_left", mid_turn), ("port_step", phase == PORT_PHASE)):
        if key in data and not needs:
            raise fail(key, f"not for the phase {phase!r}")
    if (phase == COMBAT_PHASE) != ("combat" in data):
        raise fail("combat", "given with the phase 'combat', and only then")
    t.combat = t.raid = t.visit = None
    t.battles, t.scouted = [], []
    t.forged = t.pilot_used = t.pilot_on = t.port_used = t.acted = False
    t.actions_left, t.extra_moves = 0, 0
    if phase == ROUND_START_PHASE:
        if t.active != t.first:
            raise fail("turn", "a game turn starts with the first player's turn")
        t.round -= 1  # the flow's first step begins the game turn
        t.stage = ROUND_START
        return
    if phase == TURN_START_PHASE:
        t.stage = TURN_START
        return
    default = ACTIONS_PER_TURN if phase == ACTIONS_PHASE else ACTIONS_PER_TURN - 1
    t.actions_left = _get(data, "actions_left", int, default, "actions_left")
    if t.actions_left > ACTIONS_PER_TURN:
        raise fail("actions_left", f"from 0 to {ACTIONS_PER_TURN}")
    t.acted = t.actions_left < ACTIONS_PER_TURN
    t.extra_moves = 1 if t.trade_winds and not t.acted else 0
    t.stage = ACTIONS
    if phase == PORT_PHASE:
        _port_visit(ctx, data)
    elif phase == COMBAT_PHASE:
        _combat(ctx, data["combat"])


def _port_visit(ctx: Ctx, data: Mapping[str, JSON]) -> None:
    """MM-12.1: a Port action, at the activity named (the token of the port shown)."""
    t = ctx.table
    p = t.players[t.active]
    if not p.docked:
        raise fail("phase", "a Port action needs the captain whose turn it is in port")
    step = data.get("port_step", PORT_STEPS[0])
    if step not in PORT_STEPS:
        raise fail("port_step", f"one of {', '.join(PORT_STEPS)}")
    t.port_used = True
    open_visit(ctx, t.active)
    assert t.visit is not None
    t.visit.step = PORT_STEPS.index(step)


def _combat(ctx: Ctx, data: JSON) -> None:
    """MM-8: a naval combat at the start of a round. Round 1 with no declarations starts
    as in play (MM-7.1's bounty is taken, Long Guns fire); a later round takes the
    ships as they are; ``declared`` gives both declarations, the contest roll next."""
    t, c = ctx.table, ctx.c
    if not isinstance(data, Mapping):
        raise fail("combat", "an object")
    sides = [_side(ctx, data.get(key), f"combat.{key}") for key in ("aggressor", "defender")]
    if sides[0] == sides[1] or all(s >= NPC_SIDE for s in sides):
        raise fail("combat", "two different sides, at least one of them a captain")
    if t.active not in sides:
        raise fail("turn", "a combat is fought in the turn of one of its captains")
    zones = set()
    for i, side in enumerate(sides):
        if side >= NPC_SIDE:
            zones.add(t.npc_zone[side - NPC_SIDE])
        else:
            p = t.players[side]
            if p.docked:
                raise fail(f"combat.{('aggressor', 'defender')[i]}", "a ship in port never fights")
            zones.add(p.zone)
    if len(zones) != 1:
        raise fail("combat", "both sides in the same sea zone")
    round_ = _get(data, "round", int, 1, "combat.round")
    if not 1 <= round_ <= 20:
        raise fail("combat.round", "a round from 1 to 20 (MM-8.6)")
    declared = _get(data, "declared", list, [], "combat.declared")
    npc_damage = _get(data, "npc_damage", Mapping, {}, "combat.npc_damage")
    if npc_damage and not any(s >= NPC_SIDE for s in sides):
        raise fail("combat.npc_damage", "only for a combat with an NPC")
    if round_ == 1 and not declared and not npc_damage:
        start_combat(ctx, sides[0], sides[1])
        return
    cb = Combat(sides=sides, round=round_ - 1, stage="round")
    for side in sides:
        if side >= NPC_SIDE:
            npc = side - NPC_SIDE
            cb.npc_values = list(c.npc_ships[c.npcs[npc].ship].values)
            cb.npc_skills = list(npc_skills(ctx, npc))
            for name, n in npc_damage.items():
                loc = _named(LOCATIONS, name, "location", f"combat.npc_damage.{name}")
                if not whole_number(n) or not 0 <= n <= cb.npc_values[loc]:
                    raise fail(f"combat.npc_damage.{name}", f"from 0 to {cb.npc_values[loc]}")
                cb.npc_values[loc] -= n
    if declared:
        if len(declared) != 2:
            raise fail("combat.declared", "the aggressor's and the defender's declarations")
        cb.round, cb.stage = round_, "contest"
        cb.declared = [
            _named(DECLARATIONS, d, "declaration", f"combat.declared[{i}]")
            for i, d in enumerate(declared)
        ]
        for i, d in enumerate(cb.declared):
            if d not in declarations(ctx, cb, i):
                raise fail(f"combat.declared[{i}]", f"{DECLARATIONS[d]} is not allowed (MM-8.2)")
    t.combat = cb


def _side(ctx: Ctx, value: JSON, entry: str) -> int:
    """A seat, or an NPC on the board by its key ("ES")."""
    if isinstance(value, str):
        npc = _named([n.key for n in ctx.c.npcs], value, "NPC", entry)
        if ctx.table.npc_zone[npc] < 0:
            raise fail(entry, f"the {ctx.c.npcs[npc].name} is not on the board (see 'npcs')")
        return NPC_SIDE + npc
    return _seat(value, ctx.num_players, entry)
