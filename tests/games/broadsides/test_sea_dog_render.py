"""The Experienced Sea Dog module in words and on the terminal table (issue 25 item 5):
every module event has its words, a played trick is named with its window, a kept card
is named only for its owner (SD25), and the Rich table shows both Reputations with
their text, your tricks face up with window and cost, the foe's as a count."""

from __future__ import annotations

import io
import re
from typing import Any, cast

import pytest

from quarterdeck.engine import get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from .conftest import BLUE, RED

#: One event of each kind the module logs, as sea_dog.py and its hooks write them.
SEA_EVENTS: list[dict[str, Any]] = [
    {"kind": "sea-draft", "reputations": 3, "tricks": 3, "rounds": 3},
    {"kind": "sea-reputation", "seat": RED, "reputation": "REP3"},
    {"kind": "sea-reputations", "reputations": ["Stout Oak Hull", "Old Salt"]},
    {"kind": "sea-keep", "seat": RED, "round": 1, "trick": "DT11"},
    {"kind": "sea-pass", "seat": BLUE, "window": "FOE_AIM"},
    {"kind": "sea-trick", "seat": BLUE, "trick": "DT11", "name": "Wet Powder", "window": "FOE_F2"},
    {"kind": "sea-damage", "seat": RED, "trick": "DT09", "damage": 2},
    {"kind": "sea-gunner", "seat": RED, "cannon": 1},
    {"kind": "sea-sharpshooters", "seat": RED, "zone": 3},
    {"kind": "sea-gust", "seat": BLUE, "card": 6, "target": 4, "side": 1},
    {"kind": "sea-ignore-target", "seat": RED, "target": 2},
    {"kind": "sea-deadeye", "seat": RED, "target": 2, "side": 0, "shift": -1},
    {"kind": "sea-crows-nest", "seat": RED, "kept": [1, 7]},
    {"kind": "sea-boarding-nets", "seat": BLUE, "shot": 1},
    {"kind": "sea-damage-control", "seat": BLUE, "zone": 6},
    {"kind": "sea-marker", "seat": RED, "zone": 5},
    {"kind": "sea-spy", "seat": RED, "card": 26},
    {"kind": "sea-quartermaster", "seat": RED, "shot": 0},
    {"kind": "sea-quartermaster-draw", "seat": RED, "shots": [0, 2, 2]},
    {"kind": "sea-slippery", "seat": BLUE, "value": 4},
    {"kind": "sea-thunder", "seat": RED, "discs": 3},
    {"kind": "sea-old-salt", "seat": BLUE, "discards": [33]},
    {"kind": "sea-stout-oak", "seat": BLUE, "damage": 1},
    {"kind": "sea-lucky", "seat": RED, "card": 2, "value": 4, "suit": -1},
    {"kind": "sea-lucky", "seat": BLUE, "card": 30, "value": -1, "suit": 0},
    {"kind": "sea-lucky", "seat": BLUE, "card": 30, "value": -1, "suit": -1},
]


def test_sea_dog_log_the_list_above_holds_every_event_the_module_logs() -> None:
    """A new kind of event is worded before it is logged: every ``Event("sea-…")`` in
    the game's code is one of the kinds checked here."""
    from pathlib import Path

    import quarterdeck.games.broadsides as package

    logged = {
        kind
        for path in Path(package.__file__).parent.glob("*.py")
        for kind in re.findall(r'Event\(\s*"(sea-[a-z-]+)"', path.read_text())
    }
    assert logged and logged <= {e["kind"] for e in SEA_EVENTS}, logged


@pytest.fixture
def sea_game() -> BroadSides:
    g = get_game("broadsides", {"sea_dog": True})
    assert isinstance(g, BroadSides)
    return g


def first_window(game: BroadSides, seed: int = 3) -> BroadSidesState:
    """A game played by the first legal action until a window asks Red."""
    state = game.new_state(2, seed)
    assert isinstance(state, BroadSidesState)
    while not (state.phase == "window" and state.current_player == RED):
        state.apply(state.legal_actions()[0])
    return state


def table_text(game: BroadSides, view: dict[str, Any]) -> str:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(game.render(view))
    return cast(io.StringIO, console.file).getvalue()


def test_sea_dog_log_every_module_event_is_in_words(sea_game: BroadSides) -> None:
    for event in SEA_EVENTS:
        words = sea_game.describe_event(event, RED)
        assert not words.startswith(event["kind"]), words  # not the raw fallback
        assert "{" not in words and "DT" not in words and "REP" not in words, words


def test_sea_dog_log_a_played_trick_is_named_with_its_window(sea_game: BroadSides) -> None:
    words = sea_game.describe_event(SEA_EVENTS[5], RED)
    assert words == (
        "Blue plays the Dirty Trick Wet Powder (Red's shot is chosen, before its colour "
        "is checked)!"
    )
    assert "Spy Aboard makes Blue discard the 7♦" in sea_game.describe_event(SEA_EVENTS[16])


def test_sd_25_a_kept_card_is_named_in_the_log_of_its_owner_only(sea_game: BroadSides) -> None:
    state = first_window(sea_game)
    cards = sea_game.sea_dog
    assert cards is not None and state.sea is not None
    kept = cards.tricks[state.sea.kept[RED][0]].name
    rep = cards.reputations[state.sea.reputation[RED]].name  # type: ignore[index]
    said = {
        seat: [sea_game.describe_event(e, seat) for e in state.view(seat)["log"]]
        for seat in (RED, BLUE)
    }
    assert f"Red keeps the Dirty Trick {kept} in secret (round 1)." in said[RED]
    assert "Red keeps a Dirty Trick in secret (round 1)." in said[BLUE]
    assert f"Red keeps the Reputation {rep}, in secret until both have chosen." in said[RED]
    assert "Red keeps a Reputation in secret." in said[BLUE]


def test_sea_dog_view_carries_each_own_trick_face_up_and_the_foes_as_a_count(
    sea_game: BroadSides,
) -> None:
    state = first_window(sea_game)
    sea = state.view(RED)["sea_dog"]
    mine, theirs = sea["ships"][RED], sea["ships"][BLUE]
    for trick in mine["tricks"]:
        card = sea_game.sea_dog.tricks[trick["index"]]  # type: ignore[union-attr]
        assert (trick["name"], trick["effect"], trick["cost"]) == (
            card.name,
            card.effect,
            card.cost,
        )
        assert trick["window"] == list(card.windows)
    assert theirs["tricks"] is None and theirs["tricks_held"] == 3
    assert theirs["reputation"]["effect"]  # revealed once both chose (SD17)


def test_sea_dog_terminal_table_shows_reputations_own_tricks_and_the_foes_backs(
    sea_game: BroadSides,
) -> None:
    state = first_window(sea_game)
    cards = sea_game.sea_dog
    assert cards is not None and state.sea is not None
    text = " ".join(table_text(sea_game, state.view(RED)).split())
    for p in (RED, BLUE):
        rep = cards.reputations[state.sea.reputation[p]]  # type: ignore[index]
        assert f"Reputation {rep.name}" in text
        assert " ".join(rep.effect.split()[:6]) in text
    for t in state.sea.tricks[RED]:
        assert cards.tricks[t].name in text
    assert "Blue: " in text and "3 Dirty Tricks face down" in text
    for t in state.sea.tricks[BLUE]:  # the foe's secret tricks never reach Red's table
        assert " ".join(cards.tricks[t].effect.split()[:6]) not in text
    assert "Window open:" in text and "you may play a Dirty Trick" in text
    assert "free (not an action)" in text or "one of your two actions" in text


def test_sea_dog_terminal_table_shows_the_draft_offer_to_choose_from(
    sea_game: BroadSides,
) -> None:
    state = sea_game.new_state(2, 5)
    assert isinstance(state, BroadSidesState)
    while state.phase != "reputation":
        state.apply(state.legal_actions()[0])
    text = " ".join(table_text(sea_game, state.view(RED)).split())
    assert "Reputations dealt (keep one):" in text
    for offered in state.view(RED)["sea_dog"]["ships"][RED]["reputations_dealt"]:
        assert offered["name"] in text
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    text = " ".join(table_text(sea_game, state.view(RED)).split())
    assert "Your draft, round 1: keep one" in text
    for offered in state.view(RED)["sea_dog"]["ships"][RED]["tricks_dealt"][0]:
        assert offered["name"] in text
