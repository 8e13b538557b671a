"""Scenarios: a BroadSides position written as JSON, to test a rules question or
start a game from it (``quarterdeck play broadsides --scenario FILE``).

The format is documented in ``docs/games/broadsides.md``. Everything left out takes
its value from a normal set-up: full ships, the Captain and First Mate on the Main
Deck, Aim decks holding every card not placed elsewhere (shuffled), an empty
discard pile, the bag holding every shot not loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from quarterdeck.engine import Event, ScenarioError, whole_number

from .components import CANNON_POSITIONS, Components
from .firing import start_stage2
from .phases import STAGE1, STAGE2
from .setup import fill_crew
from .ship import capacity, missing_planks
from .table import BroadSidesGame, Position

JSON = Any
SUIT_LETTERS = {"S": 0, "C": 1, "D": 2, "H": 3}
PHASES = (STAGE1, STAGE2)  # where a scenario may start


def parse_card(text: JSON, c: Components, entry: str) -> int:
    """'7♠', '7S', '10h' or 'Wild' (also 'W'); the second Wild is 'Wild2'."""
    if not isinstance(text, str) or not text:
        raise ScenarioError(f"scenario entry {entry}: a card is written like '7♠', '7S' or 'Wild'")
    t = text.strip()
    if t.lower() in ("wild", "w"):
        return 40
    if t.lower() in ("wild2", "w2"):
        return 41
    value, suit = t[:-1], t[-1]
    index = c.suits.index(suit) if suit in c.suits else SUIT_LETTERS.get(suit.upper())
    digits = value.isascii() and value.isdecimal()
    if index is None or not digits or not 1 <= int(value) <= 10:
        raise ScenarioError(f"scenario entry {entry}: {text!r} is not a card ('7♠', '7S', 'Wild')")
    return index * 10 + int(value) - 1


def _zone(name: JSON, c: Components, entry: str, kind: str | None = None) -> int:
    if not isinstance(name, str) or name not in c.zone_by_id:
        raise ScenarioError(
            f"scenario entry {entry}: unknown zone {name!r} (zones: {', '.join(c.zone_by_id)})"
        )
    z = c.zone_by_id[name]
    if kind and c.zones[z].kind != kind:
        raise ScenarioError(f"scenario entry {entry}: {name} is not a {kind} zone")
    return z


def _by_id(items: Any, name: JSON, entry: str) -> int:
    for item in items:
        if item.id == name:
            return int(item.index)
    known = ", ".join(item.id for item in items)
    raise ScenarioError(f"scenario entry {entry}: unknown {name!r} (one of {known})")


# The entries a scenario, a ship, a Target and a ship's covered tracks may have: any
# other is refused, so a misspelt entry never silently leaves its default in place.
SCENARIO_KEYS = (
    "name", "seed", "turn_player", "first_player", "phase", "turns", "actions_taken",
    "aimed", "ships",
)  # fmt: skip
SHIP_KEYS = (
    "hand", "discards", "markers", "officers", "cannons", "loaded", "gunner", "gunsight",
    "targets", "covered", "disasters",
)  # fmt: skip
TARGET_KEYS = ("centre", "left", "bottom", "left_value", "bottom_value")
COVERED_KEYS = ("broadside", "sheer_off", "evasion")
OFFICER_KEYS = ("captain", "first_mate")
POSITION_KEYS = CANNON_POSITIONS  # cannons and loaded: fore and aft


def check_entries(data: JSON) -> None:
    """Refuse an entry of no known name anywhere in a scenario. Only a new scenario is
    checked: one stored with a game or a record replays as it was accepted then."""
    _known_keys(data, SCENARIO_KEYS, "")
    ships = data.get("ships") if isinstance(data, Mapping) else None
    for p, ship in enumerate(ships if isinstance(ships, list) else []):
        entry = f"ships[{p}]"
        _known_keys(ship, SHIP_KEYS, entry)
        if not isinstance(ship, Mapping):
            continue
        for key, keys in (
            ("officers", OFFICER_KEYS),
            ("cannons", POSITION_KEYS),
            ("loaded", POSITION_KEYS),
            ("covered", COVERED_KEYS),
        ):
            _known_keys(ship.get(key), keys, f"{entry}.{key}")
        targets = ship.get("targets")
        for i, t in enumerate(targets if isinstance(targets, list) else []):
            _known_keys(t, TARGET_KEYS, f"{entry}.targets[{i}]")


def _known_keys(data: JSON, keys: tuple[str, ...], entry: str) -> None:
    if not isinstance(data, Mapping):
        return  # not an object: the loader says what it should be
    unknown = [key for key in data if key not in keys]
    if unknown:
        where = f"scenario entry {entry}" if entry else "scenario"
        raise ScenarioError(f"{where}: unknown entry {unknown[0]!r} (one of {', '.join(keys)})")


def load_scenario(game: BroadSidesGame, data: Mapping[str, JSON], strict: bool = True) -> Position:
    """The position ``data`` describes; ``strict``: refuse entries of no known name
    (``False`` for a scenario stored before they were refused)."""
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    if strict:
        check_entries(data)
    c = game.components
    seed = data.get("seed", 0)
    if not whole_number(seed) or seed < 0:
        raise ScenarioError("scenario entry seed: a non-negative integer")
    state = game.new_state(2, seed)  # set up as for play, then changed as described
    assert isinstance(state, Position)
    ships = data.get("ships")
    if not isinstance(ships, list) or len(ships) != 2:
        raise ScenarioError("scenario entry ships: a list of the two ships (Red's, then Blue's)")
    used_targets: list[int] = []
    for p, ship in enumerate(ships):
        _load_ship(state, p, ship, f"ships[{p}]", used_targets)
    rest = [t for t in range(len(c.target_centres)) if t not in used_targets]
    state.rng.shuffle(rest)
    state.target_deck = rest
    for p, ship in enumerate(ships):
        if "targets" not in ship:
            # Left out: the Targets of a Zero In on the Gunsight's zone, as in play.
            # (With none in front an Aim card would have nowhere to go.)
            sight = state.sight[p]
            assert sight is not None
            drawn = [state.target_deck.pop() for _ in range(c.zones[sight].targets)]
            state.targets[p] = [[t, None, None, None, None] for t in drawn]
        elif not state.targets[p]:
            raise ScenarioError(
                f"scenario entry ships[{p}].targets: a captain has the Targets of the last "
                "Zero In in front (leave the entry out to draw them)"
            )
    loaded = [s for p in (0, 1) for pos in (0, 1) for s in state.loaded[p][pos]]
    state.bag = [kind.count - loaded.count(kind.index) for kind in c.shots]
    if any(n < 0 for n in state.bag):
        raise ScenarioError("scenario entry loaded: more shots of a kind than the game has")
    turn = data.get("turn_player", 0)
    if not whole_number(turn) or turn not in (0, 1):
        raise ScenarioError("scenario entry turn_player: 0 (Red) or 1 (Blue)")
    phase = data.get("phase", STAGE1)
    if phase not in PHASES:
        raise ScenarioError(f"scenario entry phase: one of {', '.join(PHASES)}")
    turns = data.get("turns", 0)
    if not whole_number(turns) or turns < 0:
        raise ScenarioError("scenario entry turns: the number of turns already played")
    state.first_player = data.get("first_player", turn)
    if not whole_number(state.first_player) or state.first_player not in (0, 1):
        raise ScenarioError("scenario entry first_player: 0 (Red) or 1 (Blue)")
    if not whole_number(data.get("actions_taken", 0)) or data.get("actions_taken", 0) not in (0, 1):
        raise ScenarioError("scenario entry actions_taken: 0 or 1 (Stage 1 actions done)")
    state.turns = turns
    state.turn_player = state.seat = turn
    state.phase = phase
    state.actions_taken = 2 if phase == STAGE2 else int(data.get("actions_taken", 0))
    aimed, name = data.get("aimed", phase == STAGE2), data.get("name", "scenario")
    if not isinstance(aimed, bool):
        raise ScenarioError("scenario entry aimed: true or false (an Aim done this turn)")
    if not isinstance(name, str):
        raise ScenarioError("scenario entry name: a text")
    state.aimed = aimed
    state.events = [Event("scenario", {"name": name})]
    if phase == STAGE2:
        start_stage2(state)
    state.touched()
    return state


def _entry(data: Mapping[str, JSON], key: str, default: JSON, entry: str) -> JSON:
    """``data[key]`` (or ``default``), refused unless it is of the default's kind: an
    object where an object is expected, a list where a list is."""
    value = data.get(key, default)
    kind, what = (Mapping, "an object") if isinstance(default, Mapping) else (list, "a list")
    if not isinstance(value, kind):
        raise ScenarioError(f"scenario entry {entry}.{key}: {what}")
    return value


def _load_ship(state: Position, p: int, ship: JSON, entry: str, used_targets: list[int]) -> None:
    c = state.c
    if not isinstance(ship, Mapping):
        raise ScenarioError(f"scenario entry {entry}: an object")
    officers = _entry(ship, "officers", {}, entry)
    for i, name in enumerate(("captain", "first_mate")):
        where = officers.get(name, "main-deck")
        state.officers[p][i] = (
            -1 if where == "lost" else _zone(where, c, f"{entry}.officers.{name}", "deck")
        )
    fill_crew(state, p)
    for zone_name, count in _entry(ship, "markers", {}, entry).items():
        z = _zone(zone_name, c, f"{entry}.markers")
        officers_here = sum(1 for o in state.officers[p] if o == z)
        if not whole_number(count) or not officers_here <= count <= c.zones[z].spaces:
            raise ScenarioError(
                f"scenario entry {entry}.markers.{zone_name}: from {officers_here} to {c.zones[z].spaces} markers"
            )
        kind = ("rigging", "deck", "hull").index(c.zones[z].kind)
        state.supply[kind] += state.markers[p][z] - (count - officers_here)
        state.markers[p][z] = count - officers_here
    placed: list[int] = []

    def cards(key: str) -> list[int]:
        raw = ship.get(key, [])
        if not isinstance(raw, list):
            raise ScenarioError(f"scenario entry {entry}.{key}: a list of cards")
        out = [parse_card(card, c, f"{entry}.{key}[{i}]") for i, card in enumerate(raw)]
        for card in out:
            if card in placed:
                raise ScenarioError(f"scenario entry {entry}.{key}: card {card} is placed twice")
            placed.append(card)
        return out

    state.hands[p] = sorted(cards("hand"))
    state.discards[p] = cards("discards")
    state.targets[p] = []
    for i, t in enumerate(_entry(ship, "targets", [], entry)):
        name = f"{entry}.targets[{i}]"
        if not isinstance(t, Mapping) or not _is_centre(t.get("centre")):
            raise ScenarioError(f"scenario entry {name}: needs a centre [x, y]")
        centre = tuple(t["centre"])
        matches = [
            n for n, ctr in enumerate(c.target_centres) if ctr == centre and n not in used_targets
        ]
        if not matches:
            raise ScenarioError(
                f"scenario entry {name}: no Target card left with centre {list(centre)}"
            )
        target = matches[0]
        used_targets.append(target)
        slot: list[int | None] = [target, None, None, None, None]
        for side, key in enumerate(("left", "bottom")):
            if t.get(key) is not None:
                card = parse_card(t[key], c, f"{name}.{key}")
                if card in placed:
                    raise ScenarioError(f"scenario entry {name}.{key}: card placed twice")
                placed.append(card)
                value = t.get(f"{key}_value") if card >= 40 else card % 10 + 1
                if not whole_number(value) or not 1 <= value <= 10:
                    raise ScenarioError(
                        f"scenario entry {name}.{key}_value: the value a Wild stands for"
                    )
                slot[1 + 2 * side] = card
                slot[2 + 2 * side] = value
        state.targets[p].append(slot)
    deck = [card for card in range(42) if card not in placed]
    state.rng.shuffle(deck)
    state.decks[p] = deck
    cannons = _entry(ship, "cannons", {"fore": "18-pounder", "aft": "18-pounder"}, entry)
    loaded = _entry(ship, "loaded", {}, entry)
    for pos, where in enumerate(CANNON_POSITIONS):
        state.cannons[p][pos] = _by_id(c.cannons, cannons.get(where), f"{entry}.cannons.{where}")
        held = _entry(loaded, where, [], f"{entry}.loaded")
        shots = [_by_id(c.shots, s, f"{entry}.loaded.{where}") for s in held]
        if len(shots) > capacity(state, p, pos):
            raise ScenarioError(
                f"scenario entry {entry}.loaded.{where}: more shots than the cannon holds"
            )
        state.loaded[p][pos] = sorted(shots)
    gunner = ship.get("gunner", "fore")
    if gunner not in CANNON_POSITIONS:
        raise ScenarioError(f"scenario entry {entry}.gunner: 'fore' or 'aft'")
    state.gunner[p] = CANNON_POSITIONS.index(gunner)
    state.sight[p] = _zone(ship.get("gunsight", "mid-hull"), c, f"{entry}.gunsight")
    covered = _entry(ship, "covered", {}, entry)
    for suit in _entry(covered, "broadside", [], f"{entry}.covered"):
        if suit not in c.suit_names:
            raise ScenarioError(
                f"scenario entry {entry}.covered.broadside: suits are {', '.join(c.suit_names)}"
            )
        state.covered[p]["broadside"][c.suit_names.index(suit)] = True
    for track, key in (("sheer-off", "sheer_off"), ("evasion", "evasion")):
        for v in _entry(covered, key, [], f"{entry}.covered"):
            if not whole_number(v) or not 1 <= v <= 10:
                raise ScenarioError(f"scenario entry {entry}.covered.{key}: numbers 1–10")
            state.covered[p][track][v - 1] = True
    disasters = ship.get("disasters")
    if disasters is not None:
        hulls = c.zones_of("hull")
        if not isinstance(disasters, Mapping) or sorted(
            _zone(h, c, f"{entry}.disasters", "hull") for h in disasters
        ) != sorted(hulls):
            raise ScenarioError(
                f"scenario entry {entry}.disasters: name every Hull zone, each with a token or 'resolved'"
            )
        seen: list[int] = []
        for hull, token in disasters.items():
            z = c.zone_by_id[hull]
            if token == "resolved":
                state.disasters[p][z] = None
                state.disaster_done[p].append(z)
            else:
                state.disasters[p][z] = _by_id(c.disasters, token, f"{entry}.disasters.{hull}")
                seen.append(state.disasters[p][z])  # type: ignore[arg-type]
        if len(set(seen)) != len(seen):
            raise ScenarioError(f"scenario entry {entry}.disasters: each token lies under one zone")
        if len(seen) + len(state.disaster_done[p]) != len(c.disasters):
            raise ScenarioError(
                f"scenario entry {entry}.disasters: there are {len(c.disasters)} tokens"
            )
        # The resolved ones are the tokens not face down (which one flipped where no
        # longer matters).
    for z in c.zones_of("hull"):
        if state.markers[p][z] == 0 and z not in state.disaster_done[p]:
            raise ScenarioError(
                f"scenario entry {entry}.disasters: the empty {c.zones[z].id} has had its Disaster: mark it 'resolved'"
            )
    if missing_planks(state, p) >= c.sinking_planks or state.officers[p] == [-1, -1]:
        raise ScenarioError(f"scenario entry {entry}: that ship has already lost the game")


def _is_centre(centre: JSON) -> bool:
    return isinstance(centre, list) and len(centre) == 2 and all(map(whole_number, centre))
