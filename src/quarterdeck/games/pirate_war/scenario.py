"""Scenarios: a Pirate War position written as JSON, to test a rules question or start
a game from it (``quarterdeck play pirate-war --scenario FILE``, ``quarterdeck hint FILE
--game pirate-war``).

The format is documented in ``docs/games/pirate-war.md`` (Scenarios). A scenario starts
at one of three points of a seat's turn (``at``): its start (the new ship if it has
none, then the draw), its movement phase, or its battle phase; the seats after it in
``order`` still play this round. Everything left out takes its value from a normal
set-up with the scenario's ``seed``: the setup roll's order, the rolled wind, the first
races and the home ports PW-2.4 uses, each ship on its anchorage facing out with full
hull, its race's crew and one forward weapon, the starting gold, and a deck of every
card not placed, shuffled by the state's generator.

Dice to come are not part of a scenario: the generator is the state's, seeded by
``seed``, so a record started from a scenario replays. Tests that need given faces
replace the generator after loading (``tests/games/pirate_war/conftest.py``, ``Dice``).

``load_scenario`` builds the position through the game's ``new_state`` and the public
``setup.place_ships``; the game settles it (runs the automatic steps up to the first
decision). It never imports the state or the game: they hand it the ``new_state``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from quarterdeck.engine import Deck, Event, ScenarioError, whole_number

from . import phases as ph
from .components import Components
from .map import NO_HEX
from .setup import place_ships
from .table import Decision, Play, schedule, step

JSON = Any

#: Where a scenario may start: a seat's turn, its movement phase, its battle phase.
STARTS = ("turn", "movement", "battle")

# The entries a scenario and a ship may have: any other is refused, so a misspelt
# entry never silently leaves its default in place.
SCENARIO_KEYS = (
    "name", "seed", "players", "round", "order", "turn", "at", "wind", "deck_top",
    "discards", "ships",
)  # fmt: skip
SHIP_KEYS = (
    "race", "home_port", "hex", "facing", "hull", "crew", "weapons", "treasures_aboard",
    "gold", "store", "hand", "miss_next_turn", "wine_women_song", "hostile_to",
)  # fmt: skip
#: What a lost ship (``"hex": null``) cannot have.
AFLOAT_KEYS = ("facing", "hull", "crew", "weapons", "treasures_aboard", "hostile_to")


#: A state just made by ``new_state``.
S = TypeVar("S", bound=Play)


def fail(entry: str, why: str) -> ScenarioError:
    return ScenarioError(f"scenario entry {entry}: {why}" if entry else f"scenario: {why}")


def check_entries(data: JSON) -> None:
    """Refuse an entry of no known name anywhere in a scenario. Only a new scenario is
    checked: one stored with a record replays as it was accepted then."""
    _known_keys(data, SCENARIO_KEYS, "")
    ships = data.get("ships") if isinstance(data, Mapping) else None
    for s, ship in enumerate(ships if isinstance(ships, list) else []):
        _known_keys(ship, SHIP_KEYS, f"ships[{s}]")


def _known_keys(data: JSON, keys: tuple[str, ...], entry: str) -> None:
    if not isinstance(data, Mapping):
        return  # not an object: the loader says what it should be
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise fail(entry, f"unknown entry {unknown[0]!r} (one of {', '.join(keys)})")


def load_scenario(
    data: Mapping[str, JSON], new_state: Callable[[int, int], S], strict: bool = True
) -> S:
    """The position ``data`` describes, made from ``new_state(players, seed)`` and not
    yet settled; ``strict``: refuse entries of no known name (``False`` for a scenario
    stored with a record)."""
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    if strict:
        check_entries(data)
    seed = data.get("seed", 0)
    if not whole_number(seed) or seed < 0:
        raise fail("seed", "a non-negative whole number")
    name = data.get("name", "scenario")
    if not isinstance(name, str):
        raise fail("name", "a text")
    ships = data.get("ships")
    players = data.get("players", len(ships) if isinstance(ships, list) else 2)
    if not whole_number(players) or not 2 <= players <= 6:
        raise fail("players", "Pirate War takes 2–6 players")
    if ships is None:
        ships = [{}] * players
    if not isinstance(ships, list) or len(ships) != players:
        raise fail("ships", f"a list of one object per seat ({players})")
    for s, ship in enumerate(ships):
        if not isinstance(ship, Mapping):
            raise fail(f"ships[{s}]", "an object")
    state = new_state(players, seed)  # set up as for play, then changed as described
    t = state.table
    t.race = _races(state, ships)
    t.site = _sites(state, ships)
    place_ships(state)  # PW-2.5 - PW-2.6: the defaults of every ship
    for s, ship in enumerate(ships):
        _load_ship(state, s, ship, f"ships[{s}]")
    _check_hexes(state)
    _load_turn(state, data)
    _load_cards(state, data, ships)
    state.events = [Event("scenario", {"name": name})]
    state.touched()
    return state


# -- the ships ------------------------------------------------------------------------------


def _races(p: Play, ships: list[Mapping[str, JSON]]) -> list[int]:
    """PW-2.3: distinct races; those left out are the first not named, in race order."""
    c = p.comp
    names = [r.name.lower() for r in c.races]
    chosen: list[int] = []
    for s, ship in enumerate(ships):
        race = ship.get("race")
        if race is None:
            chosen.append(-1)
            continue
        if not isinstance(race, str) or race.lower() not in names:
            known = ", ".join(r.name for r in c.races)
            raise fail(f"ships[{s}].race", f"unknown race {race!r} (one of {known})")
        if names.index(race.lower()) in chosen:
            raise fail(f"ships[{s}].race", f"{race} is taken by another seat (PW-2.3)")
        chosen.append(names.index(race.lower()))
    free = iter(r for r in range(len(c.races)) if r not in chosen)
    return [r if r >= 0 else next(free) for r in chosen]


def _sites(p: Play, ships: list[Mapping[str, JSON]]) -> list[int]:
    """Home ports (0-based sites): distinct; those left out are the sites PW-2.4 uses
    with this many players, in order, that no seat named."""
    chosen: list[int] = []
    for s, ship in enumerate(ships):
        site = ship.get("home_port")
        if site is None:
            chosen.append(-1)
            continue
        if not whole_number(site) or not 1 <= site <= 6:
            raise fail(f"ships[{s}].home_port", "a home-port site 1–6")
        if site - 1 in chosen:
            raise fail(f"ships[{s}].home_port", f"site {site} is another seat's home port")
        chosen.append(site - 1)
    used = [u - 1 for u in p.comp.sites_by_players[p.num_players]]
    out: list[int] = []
    for site in chosen:
        if site < 0:
            site = next(u for u in [*used, *range(6)] if u not in chosen and u not in out)
        out.append(site)
    return out


def _whole(
    data: Mapping[str, JSON], key: str, default: int, low: int, high: int, entry: str
) -> int:
    """``data[key]`` (or ``default``), a whole number from ``low`` to ``high``."""
    value = data.get(key, default)
    if not whole_number(value) or not low <= value <= high:
        raise fail(f"{entry}.{key}" if entry else key, f"a whole number {low}–{high}")
    return int(value)


def _flag(ship: Mapping[str, JSON], key: str, entry: str) -> bool:
    value = ship.get(key, False)
    if not isinstance(value, bool):
        raise fail(f"{entry}.{key}", "true or false")
    return value


def _load_ship(p: Play, s: int, ship: Mapping[str, JSON], entry: str) -> None:
    t, c = p.table, p.comp
    race = c.races[t.race[s]]
    t.gold[s] = _whole(ship, "gold", t.gold[s], 0, 10**6, entry)
    goal = int(p.options["victory_treasures"])
    t.store[s] = _whole(ship, "store", 0, 0, goal - 1, entry)  # 7 stored: the game is won
    t.miss[s] = _flag(ship, "miss_next_turn", entry)
    t.wws[s] = _flag(ship, "wine_women_song", entry)
    if "hex" in ship and ship["hex"] is None:  # lost (PW-19.2): a new one next turn
        given = [key for key in AFLOAT_KEYS if key in ship]
        if given:
            raise fail(f"{entry}.{given[0]}", "a lost ship (hex null) has none")
        t.hex[s], t.hull[s], t.crew[s], t.weapons[s], t.aboard[s] = NO_HEX, 0, 0, [], 0
        return
    if "hex" in ship:
        t.hex[s] = _hex(p, ship["hex"], f"{entry}.hex")
    t.facing[s] = _whole(ship, "facing", t.facing[s], 1, 6, entry)
    t.hull[s] = _whole(ship, "hull", race.hull, 1, race.hull, entry)
    t.crew[s] = _whole(ship, "crew", race.crew, 1, race.hull, entry)  # 0 crew: lost (PW-4.7)
    t.aboard[s] = _whole(ship, "treasures_aboard", 0, 0, race.hull, entry)
    if "weapons" in ship:
        t.weapons[s] = _weapons(c, race.mounts, ship["weapons"], f"{entry}.weapons")
    items = t.crew[s] + len(t.weapons[s]) + t.aboard[s]
    if items > t.hull[s]:
        raise fail(
            entry,
            f"{items} crew, weapons and treasures do not fit a hold of {t.hull[s]} (PW-4.2)",
        )
    t.hostile[s] = []
    hostile = ship.get("hostile_to", [])
    if not isinstance(hostile, list):
        raise fail(f"{entry}.hostile_to", "a list of home-port sites 1–6")
    for site in hostile:
        if not whole_number(site) or not 1 <= site <= 6:
            raise fail(f"{entry}.hostile_to", "home-port sites 1–6")
        if site - 1 == t.site[s]:
            raise fail(f"{entry}.hostile_to", "a port's forts never fire at its owner (PW-14.4)")
        if [site - 1, 0] in t.hostile[s]:
            raise fail(f"{entry}.hostile_to", f"site {site} is named twice")
        t.hostile[s].append([site - 1, 0])  # from an earlier turn: its forts fire at turn end
    t.hostile[s].sort()


def _hex(p: Play, value: JSON, entry: str) -> int:
    board = p.board
    if not (isinstance(value, list) and len(value) == 2 and all(map(whole_number, value))):
        raise fail(entry, "a hex [col, row] (or null: the ship is lost)")
    col, row = value
    if not board.is_hex(col, row):
        raise fail(entry, f"({col},{row}) is off the map")
    h = board.index(col, row)
    if not board.enterable(h):
        raise fail(entry, f"({col},{row}) is not sea or harbour (PW-6.3)")
    return h


def _weapons(c: Components, allowed: tuple[int, ...], value: JSON, entry: str) -> list[int]:
    """PW-5.5: mounts by name, only those the race may use."""
    names = [m.name for m in c.mounts]
    if not isinstance(value, list):
        raise fail(entry, "a list of mounts (forward, midships, bow-180)")
    out = []
    for i, mount in enumerate(value):
        if mount not in names:
            raise fail(f"{entry}[{i}]", f"unknown mount {mount!r} (one of {', '.join(names)})")
        if names.index(mount) not in allowed:
            may = ", ".join(names[m] for m in allowed)
            raise fail(f"{entry}[{i}]", f"this race mounts weapons {may} only (PW-3)")
        out.append(names.index(mount))
    return out


def _check_hexes(p: Play) -> None:
    t, board = p.table, p.board
    for s, h in enumerate(t.hex):
        if h != NO_HEX and h in t.hex[:s]:
            other = t.hex.index(h)
            raise fail(f"ships[{s}].hex", f"seat {other}'s ship is at {board.name(h)} too")


# -- the turn ---------------------------------------------------------------------------------


def _load_turn(p: Play, data: Mapping[str, JSON]) -> None:
    """Round, order, wind, and the pending stack of the turn the scenario starts in."""
    t, n = p.table, p.num_players
    limit = int(p.options["round_limit"])
    t.round = _whole(data, "round", 1, 1, limit, "")
    order = data.get("order", t.setup_order)
    if not isinstance(order, list) or sorted(order) != list(range(n)):
        raise fail("order", f"this round's turn order: each seat 0–{n - 1} once")
    t.order = list(order)
    if t.round == 1:
        t.setup_order = list(order)  # PW-2.9: round 1 is played in setup order
    turn = data.get("turn", t.order[0])
    if not whole_number(turn) or turn not in t.order:
        raise fail("turn", f"the seat whose turn it is (0–{n - 1})")
    at = data.get("at", "turn")
    if at not in STARTS:
        raise fail("at", f"one of {', '.join(STARTS)}")
    if at != "turn" and t.hex[turn] == NO_HEX:
        raise fail("at", "a seat without a ship starts its turn by buying one: use 'turn'")
    wind = data.get("wind", t.wind)
    if not whole_number(wind) or not 1 <= wind <= 6:
        raise fail("wind", "the side 1–6 the wind blows toward (E, SE, SW, W, NW, NE)")
    t.wind = wind
    t.active = turn
    records: list[Decision] = {
        "turn": [step(ph.TURN, turn, 0)],
        "movement": [step(ph.MOVE_START, turn), step(ph.BATTLE, turn), step(ph.END_TURN, turn, 0)],
        "battle": [step(ph.BATTLE, turn), step(ph.END_TURN, turn, 0)],
    }[at]
    later = t.order[t.order.index(turn) + 1 :]
    t.pending = []
    schedule(t, [*records, *(step(ph.TURN, s, 0) for s in later)])


# -- the cards --------------------------------------------------------------------------------


def parse_card(c: Components, value: JSON, entry: str) -> int:
    """A card by its Appendix B number (1–42) or its name (any case)."""
    if whole_number(value) and 1 <= value <= len(c.cards):
        return int(value)
    if isinstance(value, str):
        for card in c.cards:
            if card.name.lower() == value.strip().lower():
                return card.card
    raise fail(entry, f"{value!r} is not a card (a number 1–{len(c.cards)} or a name)")


def _cards(c: Components, data: Mapping[str, JSON], key: str, entry: str) -> list[int]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise fail(f"{entry}.{key}" if entry else key, "a list of cards")
    where = f"{entry}.{key}" if entry else key
    return [parse_card(c, v, f"{where}[{i}]") for i, v in enumerate(raw)]


def _load_cards(p: Play, data: Mapping[str, JSON], ships: list[Mapping[str, JSON]]) -> None:
    """PW-9.1: every card is in a hand, face up (Wine, Women & Song), on the draw pile
    or in the discards, each as often as the game has it."""
    t, c = p.table, p.comp
    placed: Counter[int] = Counter()

    def place(cards: list[int], entry: str) -> None:
        for card in cards:
            placed[card] += 1
            if placed[card] > c.copies:
                times = "once" if c.copies == 1 else f"{c.copies} times"
                raise fail(
                    entry,
                    f"{c.card(card).name} is placed more often than the game has it ({times})",
                )

    for s, ship in enumerate(ships):
        hand = _cards(c, ship, "hand", f"ships[{s}]")
        for i, card in enumerate(hand):
            if c.card(card).kind != "H":
                raise fail(
                    f"ships[{s}].hand[{i}]",
                    f"{c.card(card).name} is not a held card: it takes effect when drawn",
                )
        place(hand, f"ships[{s}].hand")
        t.hands[s] = hand
        if t.wws[s]:
            place([c.card_with("wine-women-song")], f"ships[{s}].wine_women_song")
    top = _cards(c, data, "deck_top", "")
    place(top, "deck_top")
    discards = _cards(c, data, "discards", "")
    place(discards, "discards")
    rest = sorted(card.card for card in c.cards for _ in range(c.copies - placed[card.card]))
    p.rng.shuffle(rest)  # the unplaced cards' order comes from the seed
    t.deck = Deck([*rest, *reversed(top)], discards)  # the top is the end of the list


# -- writing a position back --------------------------------------------------------------------


def describe(p: Play, at: str = "turn") -> dict[str, JSON]:
    """The scenario of ``p``'s position at the start of the active seat's turn (or of
    its movement or battle phase, ``at``): every entry written out, the whole draw pile
    as ``deck_top``, so loading it gives the same table (its seed aside)."""
    t, c, board = p.table, p.comp, p.board
    ships: list[dict[str, JSON]] = []
    for s in range(p.num_players):
        ship: dict[str, JSON] = {
            "race": c.races[t.race[s]].name,
            "home_port": t.site[s] + 1,
            "hex": list(board.col_row(t.hex[s])) if t.hex[s] != NO_HEX else None,
        }
        if t.hex[s] != NO_HEX:
            ship |= {
                "facing": t.facing[s],
                "hull": t.hull[s],
                "crew": t.crew[s],
                "weapons": [c.mounts[m].name for m in t.weapons[s]],
                "treasures_aboard": t.aboard[s],
                "hostile_to": [site + 1 for site, _ in t.hostile[s]],
            }
        ship |= {
            "gold": t.gold[s],
            "store": t.store[s],
            "hand": [c.card(card).name for card in sorted(t.hands[s])],
            "miss_next_turn": t.miss[s],
            "wine_women_song": t.wws[s],
        }
        ships.append(ship)
    return {
        "players": p.num_players,
        "round": t.round,
        "order": list(t.order),
        "turn": t.active,
        "at": at,
        "wind": t.wind,
        "deck_top": [c.card(card).name for card in reversed(t.deck.draw_pile)],
        "discards": [c.card(card).name for card in t.deck.discards],
        "ships": ships,
    }
