"""Words: prompts, the log in sentences, and the terminal board (Rich, imported lazily).

Prompts are public (``pending()`` shows them to every seat), so they never name a
secret: not the scouted token's nation, not a glory card or rumor in hand, not gold.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .actions import card_name
from .components import EVENT_KINDS, LOCATIONS, SPECIAL_WEAPONS, Components, parse_components
from .phases import (
    ACTION,
    ACTIONS,
    AMMO,
    BUY,
    CAPTAINS,
    CARPENTER,
    CHOOSE_SHIP,
    CHOOSE_WEAPON,
    DECLARATIONS,
    DECLARE,
    DISCARD_CARGO,
    DISCARD_GLORY,
    DISCARD_RUMOR,
    FORTUNE,
    FRIGATE_OR_GOLD,
    GRAPPLE,
    HAZARD_REINFORCE,
    HIDDEN_COVE,
    KEEP_CAPTAIN,
    KEEP_CARGO,
    KEEP_MODIFICATIONS,
    MERCHANT_NATION,
    MISSION,
    NPC_SIDE,
    PILOT,
    PLACE_MODIFICATION,
    PORT_FEE,
    PORT_STEPS,
    RAID_OR_PEACE,
    RAID_REINFORCE,
    RAID_SPEND,
    RAID_WEAPON,
    RECRUIT,
    REINFORCE,
    REROLL,
    RETURN_BOUNTY,
    REWARD_NATION,
    RUMOR,
    SELL,
    SHIPYARD,
    SKULL_HIT,
    STASH,
    TAKE_SHIP,
)
from .table import Ctx, Decision

if TYPE_CHECKING:
    from rich.constrain import Constrain
    from rich.table import Table as RichTable
    from rich.text import Text

JSON = Any

PROMPTS = {
    CHOOSE_SHIP: "choose your starting ship: a Sloop or a Flute",
    KEEP_CAPTAIN: "an NPC pirate waits at your home port: keep this captain or draw another",
    MERCHANT_NATION: "you found a merchant: announce its nation (the token's or the zone's)",
    RAID_OR_PEACE: "raid the merchant or let it go in peace",
    RAID_WEAPON: "discard a special weapon to turn a failed die into a success?",
    RAID_SPEND: "spend your successes: draw, discard or exchange a card, or stop",
    KEEP_CARGO: "keep cards as cargo (you may throw cargo overboard to make room)",
    DISCARD_CARGO: "too much cargo: discard a card",
    DISCARD_GLORY: "more than 4 glory cards: discard one",
    DISCARD_RUMOR: "you may hold only one rumor: choose the one to keep",
    TAKE_SHIP: "take the defeated ship (your crew stays) or keep yours",
    GRAPPLE: "discard Grappling Hooks to re-roll your failed Seamanship dice?",
    AMMO: "load Chain-shot or Grapeshot for this volley?",
    REINFORCE: "flip your Reinforced Hull to absorb one hit?",
    REROLL: "re-roll hit-location dice of your volley?",
    RAID_REINFORCE: "flip your Reinforced Hull to absorb one of the merchant's hits?",
    FORTUNE: "keep the roll, or play Fortune's Favour to re-roll all its dice?",
    HAZARD_REINFORCE: "flip your Reinforced Hull to absorb the hit (storm or reefs)?",
    REWARD_NATION: "choose the nation whose bounty reward you claim",
    PLACE_MODIFICATION: "choose a port for a ship modification token",
    CHOOSE_WEAPON: "choose a special weapon",
    FRIGATE_OR_GOLD: "the Abandoned Frigate: take the ship or the gold",
    RETURN_BOUNTY: "choose a bounty token to return",
    CARPENTER: "Ship's Carpenter: choose a location to repair",
    PILOT: "Coast Pilot: sail on to a neighbouring zone, or stop here",
    HIDDEN_COVE: "your ship has been found: play a reaction card, or let the fight begin",
    PORT_FEE: "the Influence roll failed: pay 2 gold to enter Port Royal, or stay out",
    KEEP_MODIFICATIONS: "St. John: keep modifications of your old ship for 1 gold each",
    SELL: "Sell: choose cargo to sell, or done",
    BUY: "Buy: draw Cargo cards and choose what to buy, or done",
    SHIPYARD: "Shipyard: buy a ship, repairs, weapons or the modification, or done",
    RECRUIT: "Recruit: roll Leadership or hire crewmen, or done",
    RUMOR: "Rumor: seek or investigate a rumor, or done",
    MISSION: "Mission: attempt a mission here, or done",
    STASH: "Stash: move gold in or out of your stash, or done",
}


def prompt(ctx: Ctx, d: Decision) -> str:
    """The public words of a pending decision."""
    t = ctx.table
    who = CAPTAINS[d.seat]
    if d.kind == ACTION:
        left = t.actions_left + t.extra_moves
        return f"{who}: your turn, {left} action(s) left: Move, Scout or Port"
    if d.kind == DECLARE and t.combat is not None:
        side = t.combat.sides[d.args[0]]
        name = ctx.c.npcs[side - NPC_SIDE].name if side >= NPC_SIDE else "your ship"
        return f"{who}: round {t.combat.round}, declare Shoot, Board or Flee for {name}"
    if d.kind == SKULL_HIT:
        if d.args[0] >= 0 and t.combat is not None:
            side = t.combat.sides[d.args[0]]
            name = ctx.c.npcs[side - NPC_SIDE].name if side >= NPC_SIDE else "your ship"
            return f"{who}: a skull hit on {name}: choose its location"
        return f"{who}: a skull hit on your ship: choose its location"
    return f"{who}: {PROMPTS.get(d.kind, d.kind)}"


@cache
def packaged_components() -> Components:
    """The packaged data (MM-D.1 … MM-D.11), for callers that pass no components."""
    data = resources.files(f"{__package__}.data").joinpath("components.json")
    return parse_components(json.loads(data.read_text(encoding="utf-8")))


def describe_event(
    event: Mapping[str, JSON], viewer: int | None = None, c: Components | None = None
) -> str:
    """One event of the log in words; cargo cards by good and slot (``c``: the game's
    data, else the packaged data)."""
    c = c or packaged_components()
    kind = event["kind"]
    seat = event.get("seat")
    who = CAPTAINS[seat] if seat is not None else ""
    if kind == "roll":
        return f"{who} rolls {event['skill']} for {event['why']}: {event['dice']} ({event['successes']} successes)"
    if kind == "move":
        if event["from"] == event["to"]:  # out of the port into its own sea zone
            return f"{who} sails out of {event['from']} into its sea zone"
        return f"{who} sails from {event['from']} to {event['to']}"
    if kind == "npc-move":
        return f"the {event['npc']} {event['why']} from {event['from']} to {event['to']}"
    if kind in EVENT_KINDS and "card" in event:  # an Event card drawn (MM-3.1)
        return f"Event card: {event['name']}"
    if kind == "hit":
        target = who or event.get("side", "")
        return f"{target} takes a hit on {event['location']} ({event['why']})"
    if kind == "merchant-found":
        token = f" (the token is {event['token']})" if "token" in event else ""
        return f"{who} finds a merchant in {event['zone']}{token}"
    if kind == "glory":
        return f"{who} gains 1 glory ({event['why']}): track {event['track']}"
    if kind == "glory-card":
        card = f": {event['card']}" if "card" in event else ""
        return f"{who} draws a glory card{card}"
    if kind == "stash":
        amount = f" {event['amount']:+d} gold" if "amount" in event else ""
        return f"{who} visits the stash{amount}"
    words = _more_words(event, c, who)
    if words is not None:
        return words
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k != "kind")
    return f"{kind}: {details}"


def _cards(c: Components, cards: Sequence[int]) -> str:
    return ", ".join(card_name(c, k) for k in cards) or "nothing"


def _more_words(e: Mapping[str, JSON], c: Components, who: str) -> str | None:
    """The rest of the log's kinds in words (``None``: a kind without words)."""
    side = e.get("side", "")
    words: dict[str, Callable[[], str]] = {
        "ammo": lambda: f"{who} loads {_words(SPECIAL_WEAPONS[e['weapon']])}",
        "both-flee": lambda: "both sides flee: the combat ends",
        "bounty": lambda: f"{who} takes a {e['nation']} bounty ({e['why']})",
        "bounty-returned": lambda: f"{who} returns a {e['nation']} bounty",
        "bounty-reward": lambda: f"{who} claims the {e['nation']} bounty reward: {e['gold']} gold",
        "buy": lambda: f"{who} buys {card_name(c, e['card'])} for {e['gold']} gold",
        "buy-draw": lambda: f"{who} draws cargo to buy: {_cards(c, e['cards'])}",
        "buy-redraw": lambda: f"{who} draws again: {_cards(c, e['cards'])}",
        "buy-modification": lambda: f"{who} buys the {_words(e['modification'])} modification",
        "buy-ship": lambda: f"{who} buys a {e['ship']}",
        "buy-weapon": lambda: f"{who} buys {_words(SPECIAL_WEAPONS[e['weapon']])}",
        "captain": lambda: f"{who}'s captain is {e['captain']}",
        "captain-refused": lambda: f"{who} sends {e['captain']} away",
        "cargo-discarded": lambda: f"{who} discards {card_name(c, e['card'])}",
        "cargo-kept": lambda: f"{who} keeps {card_name(c, e['card'])} as cargo",
        "cargo-lost": lambda: f"{who} loses {card_name(c, e['card'])}",
        "chasers": lambda: f"{side} fires its Chasers",
        "combat": lambda: f"naval combat: {e['aggressor']} attacks {e['defender']}",
        "combat-over": lambda: (
            f"the combat is over: {e['winner']} wins" if e["winner"] else "the combat is over"
        ),
        "contest": lambda: (
            f"Seamanship contest: {e['dice'][0]} against {e['dice'][1]}, successes "
            f"{e['successes'][0]} to {e['successes'][1]}: "
            + (f"{e['winner']} wins" if e["winner"] else "no winner")
        ),
        "contest-roll": lambda: f"Seamanship dice: {e['dice'][0]} against {e['dice'][1]}",
        "crew-combat": lambda: "boarding: crew combat begins",
        "crew-roll": lambda: f"Leadership dice: {e['dice'][0]} against {e['dice'][1]}",
        "crew-round": lambda: (
            f"crew combat: {e['dice'][0]} against {e['dice'][1]}, "
            f"hits {e['hits'][0]} and {e['hits'][1]}"
        ),
        "death": lambda: f"{who}'s captain {e['captain']} dies ({e['why']})",
        "declare": lambda: f"{side} declares {e['declares']}",
        "demand": lambda: f"a demand token for {e['good']} goes to {e['port']}",
        "first-player": lambda: f"{who} plays first",
        "fled": lambda: "a ship flees: the combat ends",
        "forged-papers": lambda: f"{who} shows Forged Papers at {e['port']}",
        "game-over": lambda: f"the game is over ({e['why']})",
        "glory-played": lambda: f"{who} plays {e['card']}",
        "gold": lambda: f"{who} gains {e['gold']} gold ({e['why']})",
        "grappling-hooks": lambda: f"{who} uses Grappling Hooks: {e['dice']}",
        "hire": lambda: f"{who} hires a crewman for {e['gold']} gold",
        "long-guns": lambda: f"{side}'s Long Guns score {e['hits']} hit(s)",
        "merchant-let-go": lambda: f"{who} lets the merchant go in peace",
        "merchant-nation": lambda: f"{who} declares the merchant {e['nation']}",
        "merchant-reset": lambda: f"the {e['tokens']} merchant tokens are shuffled back to sea",
        "mission": lambda: f"a new mission at {e['port']}: {e['name']}",
        "mission-attempt": lambda: f"{who} attempts the mission {e['mission']}",
        "mission-failed": lambda: f"{who} fails the mission {e['mission']}",
        "modification-shown": lambda: f"{e['port']} offers {_words(e['modification'])}",
        "modifications-placed": lambda: f"{who} places modifications at {', '.join(e['ports'])}",
        "naval-plunder": lambda: f"{who} plunders {e['gold']} gold and {_cards(c, e['cards'])}",
        "no-captain": lambda: f"{who} has no captain card to draw",
        "npc-defeated": lambda: f"the {e['npc']} is defeated and returns to {e['returns_to']}",
        "npc-enter": lambda: f"the {e['npc']} enters at {e['zone']}, led by {e['captain']}",
        "npc-scout": lambda: (
            f"the {e['npc']} scouts {who}: {e['dice']} ({e['successes']} successes)"
        ),
        "plunder": lambda: (
            f"{who} plunders the {CAPTAINS[e['from']]} captain: {_cards(c, e['cargo'])}"
            + (f" and {e['glory_cards']} glory card(s)" if e["glory_cards"] else "")
            + (f", and {e['gold']} gold" if "gold" in e else "")
        ),
        "port": lambda: f"{who} enters the port of {e['port']}",
        "scenario": lambda: f"the game starts from the scenario {e['name']!r}",
        "raid-card": lambda: f"the merchant's cargo: {card_name(c, e['card'])}",
        "raid-discard": lambda: f"{who} discards {card_name(c, e['card'])} from the raid",
        "raid-failed": lambda: (
            f"{who}'s raid fails" + (": the merchant escapes" if e["escaped"] else "")
        ),
        "raid-success": lambda: f"{who}'s raid succeeds: {e['gold']} gold",
        "raid-weapon": lambda: f"{who} uses {_words(SPECIAL_WEAPONS[e['weapon']])} in the raid",
        "recruit": lambda: f"{who} recruits: crew {e['crew']}",
        "reinforced-hull": lambda: f"{who} flips the Reinforced Hull",
        "repair": lambda: (
            f"{who} repairs {LOCATIONS[e['location']]}"
            + (f" ({e['why']})" if "why" in e else f" for {e['gold']} gold")
        ),
        "reroll": lambda: f"{side} re-rolls hit locations",
        "reshuffle": lambda: f"the discards are shuffled into a deck of {e['cards']} cards",
        "retire": lambda: f"{who} retires the captain",
        "reward": lambda: f"{who} claims a reward" + (f": {e['gold']} gold" if "gold" in e else ""),
        "round": lambda: f"game turn {e['round']}",
        "rumor": lambda: f"{who} takes a rumor" + (f": {e['rumor']}" if "rumor" in e else ""),
        "rumor-discarded": lambda: f"{who} discards the rumor {e['rumor']}",
        "rumor-investigated": lambda: f"{who} investigates the rumor {e['rumor']}",
        "rumor-result": lambda: f"the rumor {e['rumor']} is {'true' if e['true'] else 'false'}",
        "scout": lambda: f"{who} scouts {e['target']}",
        "scout-foiled": lambda: f"{who}'s scouting is foiled",
        "sell": lambda: f"{who} sells {card_name(c, e['card'])} for {e['gold']} gold",
        "sell-weapon": lambda: f"{who} sells {_words(SPECIAL_WEAPONS[e['weapon']])}",
        "ship": lambda: f"{who} takes a {e['ship']} at {e['port']}",
        "specialist": lambda: f"{who} puts {e['card']} into play",
        "swivel-guns": lambda: f"{side} fires its Swivel Guns",
        "take-ship": lambda: f"{who} takes the defeated {e['ship']}",
        "totals": lambda: f"final glory {e['glory']}, stashes {e['stash']}",
        "turn": lambda: f"{who}'s turn",
        "volley": lambda: f"a volley at {e['target']}: hit-location dice {e['dice']}",
        "war": lambda: f"war between the {' and the '.join(e['nations'])}",
        "peace": lambda: f"peace between the {' and the '.join(e['nations'])}",
        "weapon": lambda: f"{who} takes {_words(SPECIAL_WEAPONS[e['weapon']])}",
    }
    make = words.get(e["kind"])
    try:
        return make() if make is not None else None
    except (KeyError, IndexError, TypeError):  # a new shape of event: the plain words
        return None


# -- the terminal board ----------------------------------------------------------------
# Drawn from a view only (never the table), so it shows what that seat may know and no
# more: another seat's gold, stash, glory cards and rumor are never in its view.

#: The Caribbean as a 5 x 6 grid, north up: each sea zone's (row, column), placed from
#: the zones' compass neighbours (MM-D.1): Nassau north of Havana, Tortuga east of it,
#: the Greater Antilles across the middle, the Lesser Antilles down the east side, the
#: Spanish Main along the south. A map whose zones are not all here is drawn in order.
MAP_GRID: dict[str, tuple[int, int]] = {
    "Nassau": (0, 0),
    "Havana": (1, 0),
    "Tortuga": (1, 1),
    "Port Royal": (2, 0),
    "Petite Goave": (2, 1),
    "Santo Domingo": (2, 2),
    "San Juan": (2, 3),
    "St. Maarten": (2, 4),
    "St. John": (2, 5),
    "Old Providence": (3, 0),
    "Cartagena": (3, 1),
    "Caribbean Sea": (3, 2),
    "Basse-Terre": (3, 4),
    "Bridgetown": (3, 5),
    "Curaçao": (4, 2),
    "Caracas": (4, 3),
    "Trinidad": (4, 4),
}
MAP_COLUMNS = 6
#: The widest the board is drawn, whatever the terminal (its map needs 97 columns).
BOARD_WIDTH = 120
#: The width of a zone's square: 6 of them and their rules make 97 columns.
ZONE_WIDTH = 15
#: Empty squares of the grid that hold the compass and the legend, and the open sea
#: between the Caribbean Sea and Basse-Terre (they are neighbours).
COMPASS_SQUARE = (0, 5)
LEGEND_SQUARE = (4, 0)
OPEN_SEA_SQUARE = (3, 3)
LEGEND = (
    "★ home port",
    "▣ merchant",
    "◆ modification",
    "≋ storm",
    "0 Sloop: seat 0",
    "in port: docked",
)

NATION_STYLES = {
    "Spanish": "yellow",
    "English": "red",
    "French": "blue",
    "Dutch": "dark_orange",
}
PIRATE_STYLE = "bold bright_white on grey23"
SEAT_STYLES = ("bold cyan", "bold green", "bold magenta", "bold bright_white")
#: The board's order of a ship's locations on a captain's panel.
SHOWN_LOCATIONS = ("hull", "masts", "cannons", "cargo", "crew")


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _words(key: str) -> str:
    """A data key in words: ``long_guns`` → ``long guns``."""
    return key.replace("_", " ")


def _nation_of(name: str) -> str | None:
    """The nation of an NPC by its name (``Spanish navy``); ``None``: a pirate."""
    return next((n for n in NATION_STYLES if name.startswith(n)), None)


def home_ports(view: Mapping[str, JSON], c: Components | None = None) -> dict[str, str]:
    """Which zone is which nation's home port (MM-D.2): the view's ``home`` where it
    says, else the game's data (``c``, or the packaged data)."""
    marked = {z["name"]: z["home"] for z in view["zones"] if z.get("home")}
    if marked:
        return marked
    c = c or packaged_components()
    return {c.zones[n.home_port].name: n.name for n in c.nations}


def _grid(view: Mapping[str, JSON]) -> dict[tuple[int, int], int]:
    """Square → zone index: the drawing of the published map, else the zones in order."""
    names = [z["name"] for z in view["zones"]]
    if all(n in MAP_GRID for n in names):
        return {MAP_GRID[n]: i for i, n in enumerate(names)}
    return {(i // MAP_COLUMNS, i % MAP_COLUMNS): i for i in range(len(names))}


def zone_square(view: Mapping[str, JSON], index: int, homes: Mapping[str, str]) -> Text:
    """One sea zone: its name and port, demand token, merchant and modification
    tokens, storm, the captains' ships and the NPCs in it."""
    from rich.text import Text

    z = view["zones"][index]
    name = z["name"]
    nation = z.get("nation")
    out = Text(name, style=f"bold {NATION_STYLES.get(nation or '', '')}".strip())
    if name in homes:
        out.append(f"\n★ {homes[name]} home", style=NATION_STYLES.get(homes[name], ""))
    elif z.get("port") and nation:
        out.append(f"\n{nation} port", style=NATION_STYLES.get(nation, ""))
    elif not z.get("port"):
        out.append("\nopen sea", style="dim")
    if z.get("demand"):
        out.append(f"\ndemand {z['demand']}")
    # The tokens: a face-down modification is a mark beside the merchant, a face-up
    # one is named on its own line.
    tokens = []
    if z["merchant"]:
        known = view.get("secret", {}).get("merchants")  # a full view only
        tokens.append(f"▣ {known[index]}" if known and known[index] else "▣ merchant")
    mod = z.get("modification")
    if mod == "face down":
        tokens.append("◆")
    if tokens:
        out.append("\n" + " ".join(tokens))
    if mod and mod != "face down":
        out.append(f"\n◆ {_words(mod)}")
    if name in view["effects"]["storm"]:
        out.append("\n≋ storm ≋", style="bold bright_white on blue")
    for seat in z["captains"]:
        p = view["captains"][seat]
        out.append("\n")
        out.append(f"{seat} {p['ship'] or 'ship'}", style=f"reverse {seat_style(seat)}")
        if p["docked"]:
            out.append(" in port")
    for npc in z["npcs"]:
        nation_of = _nation_of(npc)
        out.append("\n")
        out.append(npc, style=NATION_STYLES[nation_of] if nation_of else PIRATE_STYLE)
    return out


def _map(view: Mapping[str, JSON], c: Components | None) -> RichTable:
    """The 17 sea zones laid out as the map is, with the compass and the legend."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    grid = _grid(view)
    homes = home_ports(view, c)
    rows = 1 + max(r for r, _ in grid)
    table = Table(
        box=box.SQUARE,
        show_header=False,
        show_lines=True,
        padding=0,
        title="The Caribbean",
        title_style="bold",
    )
    for _ in range(MAP_COLUMNS):
        table.add_column(width=ZONE_WIDTH, no_wrap=False, overflow="fold")
    # The compass, the legend and the open sea fill empty squares of the published map.
    extras: dict[tuple[int, int], Text] = {}
    if len(grid) == len(MAP_GRID):
        extras = {
            COMPASS_SQUARE: Text("      N\n      ↑\n  W ←   → E\n      ↓\n      S", style="dim"),
            LEGEND_SQUARE: Text("\n".join(LEGEND), style="dim"),
            OPEN_SEA_SQUARE: Text("\n  ~  ~  ~  ~\n ~  ~  ~  ~", style="blue dim"),
        }
    for row in range(rows):
        cells: list[Text | str] = []
        for col in range(MAP_COLUMNS):
            zone = grid.get((row, col))
            if zone is not None:
                cells.append(zone_square(view, zone, homes))
            else:
                cells.append(extras.get((row, col), ""))
        table.add_row(*cells)
    return table


def _pips(value: int, maximum: int) -> Text:
    """A ship location as its boxes: filled for each undamaged point (MM-1.5)."""
    from rich.text import Text

    if maximum == 0:
        return Text("—")
    style = "bold red" if value == 0 else "yellow" if value < maximum else "green"
    return Text(f"{'■' * value}{'□' * (maximum - value)} {value}/{maximum}", style=style)


def _gold(p: Mapping[str, JSON]) -> Text:
    """Gold on board and in the stash: the owner's secrets (MM-1.7), or a mark that
    they are hidden from this seat."""
    from rich.text import Text

    if "gold" not in p:
        return Text("? secret", style="dim")
    return Text(f"{p['gold']} on board, {p['stash']} stashed")


def _glory(p: Mapping[str, JSON]) -> str:
    """The track (plus the stash's points for the owner, MM-12.9) and the glory cards
    held: their number, and their faces for the owner."""
    held = p["glory_cards"]
    out = f"{p['glory']} on the track"
    if "stash_points" in p:
        out += f" + {p['stash_points']} stash"
    out += f"; {held} card{'' if held == 1 else 's'}"
    return out + (": " + ", ".join(p["hand"]) if p.get("hand") else "")


def _rumors(p: Mapping[str, JSON]) -> str:
    """The rumor cards held: their number, their faces for the owner."""
    held = p["rumors"]
    out = f"{held} rumor{'' if held == 1 else 's'}"
    return out + (": " + ", ".join(p["rumor"]) if p.get("rumor") else "")


def captain_rows(p: Mapping[str, JSON]) -> list[tuple[str, Text | str]]:
    """One captain's board, a row a line: who, where, the ship and its damage by
    location, what it carries and holds, and (for its owner) the secrets."""
    from rich.text import Text

    values = dict(zip(LOCATIONS, p["values"], strict=True))
    maxima = dict(zip(LOCATIONS, p["maxima"], strict=True))
    nation = p.get("nation") or ""
    captain = Text(p["captain"] or "no captain")
    if nation:
        captain.append(f" ({nation})", style=NATION_STYLES.get(nation, ""))
    where = f"{p['zone']}, {'in port' if p['docked'] else 'at sea'}"
    ship = f"{p['ship']}, manoeuvre {p['maneuverability']}" if p["ship"] else "none"
    rows: list[tuple[str, Text | str]] = [("captain", captain), ("at", where), ("ship", ship)]
    rows += [(loc, _pips(values[loc], maxima[loc])) for loc in SHOWN_LOCATIONS]
    bounties = ", ".join(f"{n} {k}" for n, k in p["bounties"].items() if k) or "none"
    gear = [_words(w) for w in p["weapons"]] + [_words(m) for m in p["modifications"]]
    rows += [
        ("cargo cards", ", ".join(p["cargo"]) or "empty"),
        ("weapons, mods", ", ".join(gear) or "none"),
        ("specialists", ", ".join(p["specialists"]) or "none"),
        ("bounties", bounties),
        ("glory", _glory(p)),
        ("mission, rumors", f"{p['mission'] or 'no mission'}; {_rumors(p)}"),
        ("gold", _gold(p)),
    ]
    return rows


def _captains(view: Mapping[str, JSON]) -> RichTable:
    """Every captain's board side by side: a column a seat."""
    from rich.table import Table
    from rich.text import Text

    me = view.get("seat")
    table = Table(title="Captains", title_style="bold", show_lines=False, expand=True)
    table.add_column("", style="dim", no_wrap=True)
    boards = [captain_rows(p) for p in view["captains"]]
    for seat in range(len(boards)):
        head = Text(CAPTAINS[seat], style=seat_style(seat))
        if seat == me:
            head.append(" (you)")
        if view.get("current_player") == seat:
            head.append(" ◀ to act", style="bold")
        table.add_column(head, ratio=1, overflow="fold")
    for line, (label, _) in enumerate(boards[0] if boards else []):
        table.add_row(label, *(board[line][1] for board in boards))
    return table


def _status(view: Mapping[str, JSON]) -> Text:
    """The game turn, the event in play, the war, effects, NPC captains, the board's
    missions and the decks."""
    from rich.text import Text

    out = Text()
    out.append(f"Game turn {view['round']}", style="bold")
    if view["stage"] == ACTIONS:
        left = view["actions_left"] + view["extra_moves"]
        out.append(f": {CAPTAINS[view['active']]}'s turn, {left} action(s) left")
    out.append(f"\nEvent: {view['event'] or 'none yet'}", style="bold")
    out.append(f"  (event deck: {view['decks']['event']} left)")
    war = view["war"]
    out.append("\nWar: " + (" against ".join(war) if war else "peace"))
    effects = view["effects"]
    lasting = [
        n
        for n, on in (
            ("fog banks", effects["fog"]),
            ("trade winds", effects["trade_winds"]),
            ("treasure fleet", effects["treasure_fleet"]),
        )
        if on
    ]
    if effects["storm"]:
        lasting.insert(0, "storm in " + ", ".join(effects["storm"]))
    if lasting:
        out.append("\nThis turn: " + "; ".join(lasting))
    for npc in view["npcs"]:
        if npc["zone"] is None:
            continue
        nation = _nation_of(npc["name"])
        out.append("\n")
        out.append(npc["name"], style=NATION_STYLES[nation] if nation else PIRATE_STYLE)
        out.append(f" in {npc['zone']}: {npc['captain'] or 'no captain'}")
        if npc["cards"] > 1:
            out.append(f" (+{npc['cards'] - 1} card{'s' if npc['cards'] > 2 else ''})")
    missions = [m for m in view["missions"] if m]
    out.append("\nMissions on the board: " + (", ".join(missions) or "none"))
    decks = view["decks"]
    out.append(
        f"\nDecks: glory {decks['glory']}, rumor {decks['rumor']}, mission {decks['mission']},"
        f" captain {decks['captain']}; merchant track {view['merchant_track']}"
    )
    return out


def _market(view: Mapping[str, JSON]) -> Text:
    """The demand tokens by good (MM-12.2: a demanded good sells for more), the cargo
    deck and the banks."""
    from rich.text import Text

    wanted: dict[str, list[str]] = {}
    for z in view["zones"]:
        if z.get("demand"):
            wanted.setdefault(z["demand"], []).append(z["name"])
    out = Text("Demand", style="bold")
    for good in sorted(wanted):
        out.append(f"\n{good}: ", style="bold")
        out.append(", ".join(wanted[good]))
    if not wanted:
        out.append("\nnone")
    out.append(f"\nCargo deck {view['decks']['cargo']}, discards {len(view['discards']['cargo'])}")
    nations = list(view["captains"][0]["bounties"]) if view["captains"] else []
    bank = ", ".join(f"{n} {k}" for n, k in zip(nations, view["bounty_bank"], strict=False))
    out.append(f"\nBounty tokens: {bank}")
    weapons = ", ".join(
        f"{_words(w)} {k}" for w, k in zip(SPECIAL_WEAPONS, view["weapon_bank"], strict=False)
    )
    out.append(f"\nWeapons: {weapons}")
    return out


def _side(view: Mapping[str, JSON], side: JSON) -> str:
    return CAPTAINS[side] if isinstance(side, int) else str(side)


def _under_way(view: Mapping[str, JSON]) -> Text | None:
    """A combat, raid or Port action in progress, or ``None``."""
    from rich.text import Text

    out = Text()
    combat = view.get("combat")
    if combat is not None:
        sides = []
        for side, said in zip(combat["sides"], combat["declared"], strict=True):
            sides.append(_side(view, side) + (f" ({DECLARATIONS[said]})" if said >= 0 else ""))
        out.append(f"Naval combat, round {combat['round']}: ", style="bold")
        out.append(" against ".join(sides))
        if any(isinstance(s, str) for s in combat["sides"]):
            values = zip(LOCATIONS, combat["npc_values"], strict=True)
            out.append("\nthe NPC's ship: " + ", ".join(f"{loc} {v}" for loc, v in values))
    raid = view.get("raid")
    if raid is not None:
        out.append("\n" if out else "")
        out.append("Raid: ", style="bold")
        out.append(f"{raid['successes']} success(es) to spend; ")
        out.append("cards: " + (", ".join(raid["cards"]) or "none"))
    visit = view.get("visit")
    if visit is not None:
        step = PORT_STEPS[visit["step"]] if visit["step"] < len(PORT_STEPS) else "done"
        out.append("\n" if out else "")
        out.append(f"Port action at {visit['port']}: ", style="bold")
        out.append(f"{step.capitalize()} step")
        if visit["drawn"]:
            out.append("; drawn: " + ", ".join(visit["drawn"]))
    return out if out else None


def _choice(view: Mapping[str, JSON]) -> Text:
    """The decision pending, in the game's words, or the end of the game."""
    from rich.text import Text

    if view.get("terminal"):
        out = Text("Game over. ", style="bold")
        totals = []
        for s, p in enumerate(view["captains"]):
            glory = p["glory"] + p.get("stash_points", 0)
            totals.append(f"{CAPTAINS[s]}: {glory} glory, {p.get('gold', '?')} gold")
        out.append("; ".join(totals))
        returns = view.get("returns")
        if returns:
            best = max(returns)
            won = [CAPTAINS[s] for s, r in enumerate(returns) if r == best]
            out.append(f". Won: {', '.join(won)}", style="bold")
        return out
    pending = view.get("pending")
    if not pending:
        return Text("")
    out = Text(pending["prompt"], style=seat_style(pending["seat"]))
    return out


def render_view(view: Mapping[str, JSON], c: Components | None = None) -> Constrain:
    """The board for the terminal, from a view only: the map of the sea zones with
    ports, demand, tokens, ships and NPCs; the event in play and the market; every
    captain's board (secrets only where the view holds them: the seat's own, or all
    once the game is over); the choice pending."""
    from rich.console import Group
    from rich.constrain import Constrain
    from rich.panel import Panel
    from rich.table import Table

    middle = Table.grid(padding=(0, 2), expand=False)
    middle.add_column(ratio=1)
    middle.add_column(ratio=1)
    middle.add_row(_status(view), _market(view))
    parts: list[Any] = [_map(view, c), Panel(middle, expand=False)]
    under_way = _under_way(view)
    if under_way is not None:
        parts.append(Panel(under_way, expand=False, border_style="bold"))
    parts.append(_captains(view))
    parts.append(Panel(_choice(view), expand=False))
    return Constrain(Group(*parts), width=BOARD_WIDTH)
