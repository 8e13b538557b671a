"""The component data file: house values marked, own values playable, bad entries named."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from quarterdeck.engine import DataFileError, Record, Rng, get_game
from quarterdeck.games.broadsides import BroadSides

DATA = Path(__file__).parents[3] / "src/quarterdeck/games/broadsides/data/components.json"


def data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(DATA.read_text())
    return raw


def test_every_value_of_ours_is_marked_house() -> None:
    raw = data()
    for key in ("rope_lines", "cannons", "targets"):
        assert raw[key]["source"] == "house"
    assert all(z["source"] == "house" for z in raw["zones"])
    assert raw["aim_deck"]["source"] == "publisher" and raw["shots"]["source"] == "publisher"
    names = [entry for entry, _ in get_game("broadsides").house_values()]
    assert "cannons" in names and "targets" in names


@pytest.mark.parametrize(
    ("change", "entry"),
    [
        (lambda d: d["zones"][2].update(penalties=["none"]), r"zones\[2\]\.penalties"),
        (lambda d: d["zones"][0].update(kind="mast"), r"zones\[0\]\.kind"),
        (
            lambda d: d["rope_lines"]["lines"].append(["fore-hull", "nowhere"]),
            r"rope_lines\.lines\[9\]",
        ),
        (
            lambda d: d["cannons"]["kinds"][1]["perfect"].append([3, 1]),
            r"cannons\.kinds\[1\]\.perfect\[3\]",
        ),
        (lambda d: d["targets"]["centres"].__setitem__(4, [0, 12]), r"targets\.centres\[4\]"),
        (lambda d: d["markers"].update(crewmen=11), r"markers\.crewmen"),
        (lambda d: d["rules"].update(hand_limit="six"), r"rules\.hand_limit"),
        (lambda d: d["cannons"]["kinds"][2].update(id="long-nine"), r"cannons\.kinds.*distinct"),
        (lambda d: d["shots"]["kinds"][1].update(id="solid"), r"shots\.kinds.*distinct"),
        (lambda d: d["rope_lines"]["lines"].append([["x"], "main-deck"]), r"rope_lines\.lines"),
        (lambda d: d["cannons"]["kinds"][0].update(double_shot="no"), r"double_shot"),
        # One cannon tile in all: no captain could mount fore and aft.
        (
            lambda d: d["cannons"].update(kinds=[{**d["cannons"]["kinds"][0], "tiles": 1}]),
            r"two cannons",
        ),
    ],
)
def test_a_malformed_data_file_is_refused_naming_the_bad_entry(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], entry: str
) -> None:
    raw = data()
    change(raw)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataFileError, match=entry):
        get_game("broadsides", {"data": str(path)})


def test_own_data_file_is_played_and_its_record_replays_without_it(tmp_path: Path) -> None:
    raw = data()
    raw["rules"]["hand_limit"] = 7
    raw["cannons"]["kinds"][0]["perfect"] = [[0, 0], [0, 1]]
    raw["cannons"]["kinds"][0]["good"] = [[1, 1]]
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(raw))
    game = get_game("broadsides", {"data": str(path), "round_cap": 3})
    assert isinstance(game, BroadSides)
    assert game.components.hand_limit == 7
    assert game.components.cannons[0].result(1, 0) == "perfect"
    state = game.new_state(2, 5)
    rng = Rng.from_seed(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    record = Record.of(state)
    path.unlink()
    assert record.data == raw
    assert Record.from_json(record.to_json()).final_state().history == state.history


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00garbage", "is not JSON"),
        (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    ],
)
def test_a_data_file_that_is_not_json_text_is_refused(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(DataFileError, match=message):
        get_game("broadsides", {"data": str(path)})
