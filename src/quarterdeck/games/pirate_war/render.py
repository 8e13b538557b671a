"""Pirate War in words: decision prompts, the event log and the terminal board.
Prompts never name a hidden card: a window asks "play or pass" whatever the hand holds
(PW-22.2). The board (:func:`render_view`) draws only what a view holds; Rich is
imported when it is drawn, so only the terminal needs it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import phases as ph
from .components import Components
from .map import COMPASS, ROWS, WIDTH, Board
from .table import Decision, Play

if TYPE_CHECKING:
    from rich.console import Group
    from rich.text import Text

JSON = Any


#: What a reaction window's card cancels, by the step it removes (PW-22.2).
CANCELLED = {
    ph.STORM: "storm",
    ph.MARK_MISS: "missed turn",
    ph.CREW_LOSS: "crew loss",
    ph.FIRE: "fire attack",
    ph.RAM: "ram",
    ph.BOARDING: "boarding",
    ph.EVENT_BOARDING: "boarding",
    ph.BOARD_ROUND: "hook round",
}


#: The captains by seat (house: the rules give the players no colours; these are the
#: colours of the seats' ships on the web table, in seat order). Every prompt, action
#: and log line names a captain this way (``PirateWar.seat_name``).
CAPTAINS = ("Red", "Blue", "Yellow", "Green", "White", "Purple")


def player(seat: int) -> str:
    """The captain of ``seat``, by colour."""
    return CAPTAINS[seat]


def hex_name(index: int) -> str:
    return f"({index % WIDTH},{index // WIDTH})"


def side_name(side: int) -> str:
    return f"{side} ({COMPASS[side]})"


def prompt(p: Play, d: Decision) -> str:
    """What ``d`` asks, for people; public words only."""
    who = player(d.seat)
    t = p.table
    k = d.kind
    if k == ph.RACE:
        return f"{who}: choose your race"
    if k == ph.SITE:
        return f"{who}: choose your home port"
    if k == ph.MOUNT:
        return f"{who}: choose the mount of your {'new ship' if d.args[0] else 'starting'} weapon"
    if k == ph.WIND:
        return f"{who}: Change wind (any) — choose the side the wind blows toward"
    if k == ph.CAPTIVES:
        return f"{who}: Captives — gain 1 crew or 1D6 gold"
    if k == ph.WINDOW:
        return f"{who}: {ph.WINDOW_WHY[d.args[0]]} — play a card or pass"
    if k == ph.BOARD_CARD:
        return f"{who}: play a boarding card or none"
    if k == ph.MODE:
        return f"{who}: move under oars or under sail?"
    if k == ph.RUN:
        return f"{who}: you face downwind — declare a downwind run (+2 MP, straight ahead)?"
    if k == ph.MOVE:
        return (
            f"{who}: movement ({ph.MODE_NAMES[t.mode]}, {t.mp} MP left, facing "
            f"{side_name(t.facing[d.seat])}, wind {side_name(t.wind)})"
        )
    if k == ph.MAIN:
        return f"{who}: battle phase — choose your main action"
    if k == ph.FIRE_TARGET:
        return f"{who}: attack — choose a ship to fire at, or hold fire"
    if k == ph.FIRE_CARD:
        return f"{who}: firing at {player(d.args[0])} — play a battle card or none"
    if k == ph.FIRE_WEAPONS:
        return f"{who}: how many weapons fire at {player(d.args[0])}?"
    if k == ph.BOARD_TARGET:
        return f"{who}: attack — choose a ship to board, or none"
    if k == ph.LOOT:
        return f"{who}: you won the boarding — take a treasure or gold from {player(d.args[0])}"
    if k == ph.LOSE_ONE:
        return f"{who}: lose a treasure aboard or 10 gold"
    if k == ph.SERVICES:
        return f"{who}: services — repair, hire, buy, store, or done"
    if k == ph.OVERFLOW:
        return f"{who}: your hold is over-full — throw an item overboard"
    return f"{who}: {k}"


def card_name(c: Components, card: int) -> str:
    return c.card(card).name


def describe_event(event: Mapping[str, JSON], c: Components, viewer: int | None = None) -> str:
    """One event of the log in words."""
    kind = event["kind"]
    who = player(event["seat"]) if isinstance(event.get("seat"), int) else ""
    if kind == "scenario":
        return f"The game starts from the scenario {event['name']!r}."
    if kind == "setup":
        order = ", ".join(player(s) for s in event["order"])
        return f"Setup order: {order}. The wind blows toward {side_name(event['wind'])}."
    if kind == "order-roll":
        dice = ", ".join(
            f"{player(s)} {d}" for s, d in zip(event["seats"], event["dice"], strict=True)
        )
        return f"Rolls for {event['why']}: {dice}."
    if kind == "race":
        return f"{who} plays the {c.races[event['race']].name}."
    if kind == "home-port":
        return f"{who} takes home port site {event['site']} ({c.sites[event['site'] - 1].name})."
    if kind == "mount":
        return f"{who} mounts the weapon {c.mounts[event['mount']].name}."
    if kind == "round":
        order = ", ".join(player(s) for s in event["order"])
        return f"Round {event['round']}: {order}."
    if kind == "wind-roll":
        a, b = event["dice"]
        return f"Wind roll {a}-{b}: the wind blows toward {side_name(event['wind'])}."
    if kind == "wind":
        return f"{event['why']}: the wind blows toward {side_name(event['wind'])}."
    if kind == "turn":
        extra = " (extra turn)" if event["extra"] else ""
        return f"{who}'s turn{extra}."
    if kind == "draw":
        if event.get("held"):
            card = event.get("card")
            seen = f": {card_name(c, card)}" if card is not None else ""
            return f"{who} draws a held card{seen}."
        return f"{who} draws {card_name(c, event['card'])}."
    if kind == "play":
        return f"{who} plays {card_name(c, event['card'])}."
    if kind == "dice":
        return f"To hit {event['to_hit']} (hits on {event['hit_on']}+), saves {event['saves']}."
    if kind == "damage":
        return f"{who} takes {event['damage']} damage ({event['why']}): hull {event['hull']}."
    if kind == ph.EV_LOST:
        return f"{who}'s ship is lost ({event['how']})."
    if kind == "moved":
        how = (
            f"under {event['mode']} ({event['mp']} MP{', a downwind run' if event['run'] else ''})"
        )
        if event["hex"] is None:
            return f"{who} moved {how}; the ship was lost."
        path = " ".join(hex_name(h) for h in event["path"]) or "nowhere"
        return f"{who} moved {how}: {path}; anchored at {hex_name(event['hex'])}, facing {side_name(event['facing'])}."
    if kind == "game-end":
        winners = ", ".join(player(s) for s in event["winners"])
        return f"The game ends ({event['why']}): {winners} win{'s' if len(event['winners']) == 1 else ''}."
    text = _more(event, c, who)
    if text:
        return text
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("kind", "seat"))
    return f"{who + ': ' if who else ''}{kind}{' — ' + details if details else ''}."


def _more(event: Mapping[str, JSON], c: Components, who: str) -> str:
    """The rest of the event kinds in words ("" for an unknown kind)."""
    kind = event["kind"]
    e = event
    change = e.get("change", 0)
    words: dict[str, Any] = {
        "attack": lambda: f"{who} attacks {player(e['target'])} ({e['how']}).",
        "blown": lambda: (
            f"{who} is blown {e['moved']} of {e['die']} hexes off course, to {hex_name(e['hex'])}."
        ),
        "boarding-roll": lambda: (
            f"Boarding: {player(e['attacker'])} rolls {e['dice'][0]} (total {e['totals'][0]}), "
            f"{player(e['defender'])} rolls {e['dice'][1]} (total {e['totals'][1]})."
        ),
        "cancelled": lambda: f"{who}'s card cancels the {CANCELLED.get(e['what'], e['what'])}.",
        "crew": lambda: (
            f"{who} {'gains' if change > 0 else 'loses'} a crew ({e['why']}): crew {e['crew']}."
        ),
        "event-boarding-roll": lambda: (
            f"{card_name(c, e['card'])} boards {who}: {e['dice'][0]} (total {e['totals'][0]}) "
            f"against {e['dice'][1]} (total {e['totals'][1]})."
        ),
        "fire": lambda: (
            f"{who} fires {e['weapons']} weapon{'s' if e['weapons'] > 1 else ''} at {player(e['target'])}"
            + (f" with {card_name(c, e['card'])}." if e["card"] else ".")
        ),
        "fort-fires": lambda: (
            f"Fort {e['fort'] + 1} of port {e['site']} fires at {player(e['target'])}."
        ),
        "gold": lambda: (
            f"{who} {'gains' if change >= 0 else 'loses'} {abs(change)} gold ({e['why']}): {e['gold']} gold."
        ),
        "hooks": lambda: (
            f"Orc hooks: {who} rolls {e['die']}"
            + (": another round." if e["another_round"] else ": free.")
        ),
        "hostile": lambda: f"{who} is now hostile to port {e['site']}.",
        "hostility-ends": lambda: f"{who} is out of range: port {e['site']} is no longer hostile.",
        "ignored": lambda: f"{who} ignores {card_name(c, e['card'])}.",
        "loot": lambda: (
            f"{who} takes {'a treasure' if 'treasures' in e else str(e['gold']) + ' gold'} "
            f"from {player(e['from'])}."
        ),
        "main-action": lambda: f"{who}'s main action: {e['action']}.",
        "miss-next-turn": lambda: f"{who} will miss the next turn.",
        "new-ship": lambda: f"{who} pays {e['paid']} gold for a new ship at {hex_name(e['hex'])}.",
        "no-card": lambda: f"{who} draws nothing: the deck and the discard pile are empty.",
        "no-extra-turn": lambda: f"{who} has had all the extra turns allowed.",
        "no-space": lambda: f"{who} has no space for the {e['item']} ({e['why']}).",
        "overboard": lambda: f"{who} throws a {e['item']} overboard.",
        "pass": lambda: f"{who} passes.",
        "plunder": lambda: f"{who} plunders port {e['site']}: rolls {e['die']}.",
        "plundered": lambda: (
            f"{who} carries off {e['treasures']} treasure{'s' if e['treasures'] != 1 else ''} "
            f"from port {e['site']} ({e['from_store']} from its store)."
        ),
        "repair": lambda: f"{who} repairs {e['repaired']} hull ({e['why']}): hull {e['hull']}.",
        "reshuffle": lambda: f"The discard pile is shuffled into a new deck of {e['cards']} cards.",
        "ships-placed": lambda: "The ships are placed in their home ports.",
        "stored": lambda: f"{who} stores a treasure: {e['store']} in store.",
        "trade": lambda: f"{who} trades: rolls {e['die']}.",
        "treasure": lambda: (
            f"{who} gains {e['gained']} of {e['of']} treasure{'s' if e['of'] != 1 else ''} ({e['why']})."
            if e["gained"] >= 0
            else f"{who} loses a treasure ({e['why']})."
        ),
        "turn-missed": lambda: f"{who} misses this turn.",
        "weapon": lambda: f"{who} buys a weapon mounted {c.mounts[e['mount']].name}.",
    }
    make = words.get(kind)
    return str(make()) if make else ""


# -- the terminal board --------------------------------------------------------------------

#: A ship's facing, sides 1-6 (E, SE, SW, W, NW, NE), as an arrow.
ARROWS = ("?", "→", "↘", "↙", "←", "↖", "↗")
#: How each map mark (the data's legend) is drawn: two characters and a style.
TERRAIN = {
    ".": ("· ", "blue"),
    ":": (": ", "cyan"),
    "P": ("P ", "bold yellow"),
    "A": ("A ", "bold cyan"),
    "h": ("~ ", "cyan"),
    "X": ("X ", "bold red"),
    "#": ("# ", "green"),
    "I": ("I ", "bold green"),
    "R": ("^ ", "bold white"),
    " ": ("  ", ""),
}
#: Each seat's style: its captain's colour (``CAPTAINS``).
SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green", "bold white", "bold magenta")


def _map_text(view: Mapping[str, JSON], board: Board) -> Text:
    """The hex map, a row of text per map row; odd rows pushed half a hex right (PW-6.1).
    Ships are their seat number and an arrow of their facing."""
    from rich.text import Text

    ships = {s["hex"]: s for s in view["ships"] if s["hex"] is not None and s["facing"] is not None}
    text = Text()
    for row in range(ROWS):
        if row % 2:
            text.append(" ")
        for col in range(WIDTH):
            i = row * WIDTH + col
            ship = ships.get(i)
            if ship is not None:
                text.append(
                    f"{ship['seat'] + 1}{ARROWS[ship['facing']]}",
                    style=f"{SEAT_STYLES[ship['seat'] % len(SEAT_STYLES)]} reverse",
                )
                continue
            mark = board.marks[i]
            glyph, style = TERRAIN.get(mark, (f"{mark} ", "bold"))
            text.append(glyph, style=style)
        text.append("\n")
    text.rstrip()
    return text


def render_view(view: Mapping[str, JSON], c: Components, board: Board) -> Group:
    """The board for the terminal: the map with ships, ports, rocks and the island; the
    wind; each captain's ship panel; the prompt. Only what ``view`` holds: a hand is
    named only where the view shows it (its owner's, or every hand in a full view)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    wind = view["wind"]
    head = Text(f"Round {view['round']} of {view['round_limit']}", style="bold")
    if wind:
        head.append(f"   wind blows toward {COMPASS[wind]} {ARROWS[wind]}")
    head.append(f"   deck {view['deck_size']}, discards {len(view['discard'])}")
    if view["discard"]:
        head.append(f" (top: {card_name(c, view['discard'][-1])})")
    legend = Text(
        "· sea  : free-port anchorage  P free port  A home anchorage  ~ harbour\n"
        "X fort  # coast  1-6 town  I island  ^ rock  "
        "2→ the second captain's ship (Blue), facing E",
        style="dim",
    )
    ships = Table(title="Captains", show_lines=False, expand=False)
    for column in (
        "captain",
        "race",
        "home",
        "at",
        "hull",
        "crew",
        "weapons",
        "aboard",
        "store",
        "gold",
        "cards",
        "marks",
    ):
        ships.add_column(column)
    me = view.get("seat")
    for s in view["ships"]:
        seat = s["seat"]
        name = Text(f"{seat + 1} {player(seat)}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        if seat == me:
            name.append(" (you)")
        if view.get("current_player") == seat:
            name.append(" ◀", style="bold")
        race = next((r for r in c.races if r.name == s["race"]), None)
        hull = f"{s['hull']}/{race.hull}" if race is not None else str(s["hull"])
        at = "—"
        if s["hex"] is not None:
            at = f"{hex_name(s['hex'])} {ARROWS[s['facing']]}"
        counts = {w: s["weapons"].count(w) for w in s["weapons"]}
        weapons = ", ".join(f"{n} {w}" for w, n in counts.items()) or "—"
        cards = str(s["hand_size"])
        if s["hand"] is not None and s["hand"]:
            cards += ": " + ", ".join(card_name(c, n) for n in s["hand"])
        marks = []
        if s["miss_next_turn"]:
            marks.append("misses next turn")
        if s["wine_women_song"]:
            marks.append("Wine, Women & Song")
        if s["hostile_to"]:
            marks.append("hostile: " + ", ".join(f"port {p}" for p in s["hostile_to"]))
        ships.add_row(
            name,
            s["race"] or "—",
            str(s["home_port"] or "—"),
            at,
            hull,
            str(s["crew"]),
            weapons,
            str(s["treasures_aboard"]),
            str(s["store"]),
            str(s["gold"]),
            cards,
            "; ".join(marks) or "—",
        )
    parts: list[Any] = [head, Panel(_map_text(view, board), title="Pirate War", expand=False)]
    parts += [legend, ships]
    if view.get("winners") is not None:
        won = ", ".join(player(w) for w in view["winners"]) or "nobody"
        parts.append(Panel(f"Game over: {won} won", expand=False))
    elif view.get("pending"):
        parts.append(Panel(str(view["pending"]["prompt"]), expand=False))
    return Group(*parts)
