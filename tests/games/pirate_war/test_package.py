"""The package's shape (STYLE.md): import order, swappable data, JSON round trips."""

from __future__ import annotations

import ast
import json
from importlib import resources
from pathlib import Path

import pytest

from quarterdeck.engine import DataFileError, Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "quarterdeck" / "games" / "pirate_war"
TOP = {"state", "game"}  # only these (and __init__) may import state.py or game.py


def local_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out.add(node.module or "")
            out.update(a.name for a in node.names if node.module is None)
    return out


def test_rules_and_satellites_never_import_state_or_game() -> None:
    for path in PACKAGE.glob("*.py"):
        if path.stem in TOP | {"__init__"}:
            continue
        assert not local_imports(path) & TOP, f"{path.name} imports state.py or game.py"


def test_leaf_modules_import_no_rules() -> None:
    for leaf in ("components", "map", "phases"):
        assert local_imports(PACKAGE / f"{leaf}.py") <= {"components"}


def test_pw_0_4_data_is_swappable_with_the_data_option(tmp_path: Path) -> None:
    raw = json.loads(
        resources.files("quarterdeck.games.pirate_war.data")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    raw["races"][0]["crew"] = 5
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    game = PirateWar(data=str(path))
    assert game.components.races[0].crew == 5 and game.is_custom_data
    raw["races"][0]["crew"] = 12  # crew and a weapon no longer fit the hold
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"races\[0\]"):
        PirateWar(data=str(path))


def test_house_values_are_listed() -> None:
    values = dict(PirateWar().house_values())
    assert values["mounts[0]"] == "forward" and "map" in values
    assert values["copies_of_each_card"] == "1"


def test_json_round_trip_mid_game_plays_on_identically() -> None:
    game = PirateWar()
    state = game.new_state(4, 9)
    chooser = Rng.from_seed(9)
    for _ in range(400):
        state.apply(chooser.choice(state.legal_actions()))
    copy = game.from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(copy, PirateWarState) and copy == state
    for _ in range(200):
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        copy.apply(action)
    assert copy == state


def test_max_game_length_holds_with_a_short_round_limit() -> None:
    game = PirateWar(round_limit=3, extra_turn_limit=1)
    for seed in range(20):
        state = game.new_state(2 + seed % 5, seed)
        assert isinstance(state, PirateWarState)
        chooser = Rng.from_seed(seed)
        n = 0
        while not state.is_terminal():
            state.apply(chooser.choice(state.legal_actions()))
            n += 1
        assert n <= game.max_game_length(state.num_players)
        assert state.table.round == 3


def test_pw_9_1_copies_of_each_card_come_from_the_data(tmp_path: Path) -> None:
    raw = json.loads(
        resources.files("quarterdeck.games.pirate_war.data")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    assert PirateWar().components.copies == 1
    raw["copies_of_each_card"]["count"] = 2
    path = tmp_path / "two.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    state = PirateWar(data=str(path)).new_state(2, 1)
    assert state.components()["card 29"] == 2 and sum(state.components().values()) == 84
