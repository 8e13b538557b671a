"""Letter of Marque in words: the prompts of the decision table, events, and the
table drawn with Rich for the terminal (Rich is imported only to draw it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .phases import (
    ARRIVE,
    ARRIVED_HOME,
    AT_SEA,
    ATTACK,
    ATTACKED,
    FIRST_PLAYER,
    GAME_END,
    LAUNCHED,
    LEAVE,
    LEFT,
    PASS,
    PASSED,
    REPELLED,
    REVEAL,
)
from .table import Position, components_of

if TYPE_CHECKING:
    from rich.console import Group
    from rich.text import Text

JSON = Any

STYLES = {
    "Red": "bold red",
    "Blue": "bold blue",
    "Yellow": "bold yellow",
    "Green": "bold green",
    "Purple": "bold magenta",
    "Black": "bold white",
}


def _name(colours: Sequence[str], seat: int) -> str:
    return colours[seat]


# -- prompts: what the decision table asks -----------------------------------------------

#: The four actions of a turn, as the prompt names them.
TURN_CHOICES = (
    (LEAVE, "a ship leaves"),
    (ARRIVE, "a ship arrives"),
    (ATTACK, "attack"),
    (PASS, "pass"),
)


def _colour(s: Position, seat: int) -> str:
    return components_of(s.game).colours[seat]


def ask_first_ship(s: Position, seat: int) -> str:
    return (
        f"Preliminary turn: {_colour(s, seat)}, choose a ship to guard your treasure "
        f"{s.drawn[seat]} (nobody sees your choice)"
    )


def ask_ship(s: Position, seat: int) -> str:
    return f"{_colour(s, seat)}: choose a ship to sail with treasure {s.drawn[seat]}"


def ask_turn(s: Position, seat: int) -> str:
    """The turn's prompt names only the actions open to the player."""
    kinds = {a.kind for a in s.legal_actions()}
    choices = [text for kind, text in TURN_CHOICES if kind in kinds]
    listed = ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]
    return f"{_colour(s, seat)}'s turn: {listed}"


# -- events ----------------------------------------------------------------------------------


def describe_event(
    event: Mapping[str, JSON], colours: Sequence[str], viewer: int | None = None
) -> str:
    kind = event["kind"]
    who = _name(colours, event["seat"]) if "seat" in event else ""
    if kind == REVEAL:
        return f"{who} turns up treasure {event['treasure']}."
    if kind == LAUNCHED:
        armed = event.get("armed")
        kind_of_ship = "armed" if armed else "defenceless"
        if armed is None:
            base = ""
        elif event["seat"] == viewer:
            base = f" — your {kind_of_ship} ship"
        else:  # a replay with everything revealed
            base = f" ({kind_of_ship})"
        return f"{who} sends a ship out on treasure {event['treasure']}{base}."
    if kind == FIRST_PLAYER:
        tie = ""
        if len(event["tied"]) > 1:
            tied = ", ".join(_name(colours, s) for s in event["tied"])
            tie = f" ({tied} tied; chosen at random)"
        return (
            f"{who} has the lowest treasure at sea ({event['treasure']}) and takes the "
            f"first turn{tie}."
        )
    if kind == LEFT:
        return f"A ship of {who}'s leaves: treasure {event['treasure']} is turned up."
    if kind == ARRIVED_HOME:
        armed = event.get("armed")
        how = "unrevealed" if armed is None else ("armed" if armed else "defenceless")
        return f"{who}'s ship on treasure {event['treasure']} arrives home ({how})."
    if kind == ATTACKED:
        target = _name(colours, event["target"])
        if event["outcome"] == REPELLED:
            return (
                f"{who} attacks {target}'s ship on treasure {event['treasure']}: it is ARMED. "
                f"The attack fails and {target} keeps {who}'s cannon card."
            )
        return (
            f"{who} attacks {target}'s ship on treasure {event['treasure']}: it is "
            f"defenceless. {who} captures the treasure."
        )
    if kind == PASSED:
        return f"{who} passes."
    if kind == GAME_END:
        points = ", ".join(f"{_name(colours, s)} {p}" for s, p in enumerate(event["points"]))
        winners = " and ".join(_name(colours, s) for s in event["winners"])
        verb = "wins" if len(event["winners"]) == 1 else "share the win"
        return f"The game is over. Points: {points}. {winners} {verb}."
    return f"{kind}: {dict(event)}"


# -- the table, for the terminal --------------------------------------------------------------


def _ship(ship: Mapping[str, JSON]) -> Text:
    from rich.text import Text

    armed = ship["armed"]
    if armed is None:
        mark, style = "?", "white"
    elif armed:
        mark, style = "armed", "bold cyan"
    else:
        mark, style = "defenceless", "dim"
    if ship["revealed"] and armed:
        mark += ", shown"
    return Text(f"[{ship['treasure']} {mark}]", style=style)


def render_view(view: Mapping[str, JSON], colours: Sequence[str]) -> Group:
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    me = view["seat"]
    table = Table(title="Letter of Marque", expand=False, show_lines=True)
    for column in ("captain", "deck", "reserve", "cannons", "at sea", "score pile", "points"):
        table.add_column(column, justify="right" if column == "points" else "left")
    for fleet in view["fleets"]:
        seat = fleet["seat"]
        colour = fleet["colour"]
        name = Text(colour + (" (you)" if seat == me else ""), style=STYLES.get(colour, "bold"))
        if view["current_player"] == seat:
            name.append(" ◀", style="bold")
        deck = ", ".join(map(str, fleet["deck_treasures"])) or "—"
        reserve = str(fleet["reserve"])
        if fleet["reserve_armed"] is not None:
            reserve += f" ({fleet['reserve_armed']} armed)"
        at_sea = Text(" ").join(_ship(s) for s in fleet["ships"] if s["status"] == AT_SEA)
        if fleet["drawn"] is not None:
            at_sea.append(f" [{fleet['drawn']} waiting for a ship]", style="italic")
        pile = [
            f"{v}" + ("" if owner == seat else f" from {colours[owner]}")
            for owner, v in fleet["treasure_pile"]
        ]
        pile += [f"cannon of {colours[owner]}" for owner in fleet["cannon_pile"]]
        table.add_row(
            name,
            deck,
            reserve,
            str(fleet["cannons"]),
            at_sea or Text("—"),
            ", ".join(pile) or "—",
            str(fleet["points"]),
        )
    parts: list[Any] = [table]
    if view["pending"]:
        parts.append(Panel(view["pending"]["prompt"], expand=False))
    return Group(*parts)
