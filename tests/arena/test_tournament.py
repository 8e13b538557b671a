"""Round robins: scores with intervals, Bradley–Terry Elo, the same on any worker count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from quarterdeck.arena.sim import seat_bots
from quarterdeck.arena.tournament import Match, bradley_terry, round_robin
from quarterdeck.cli import app
from quarterdeck.engine import OptionError


def test_equal_records_give_equal_ratings_and_a_better_record_a_higher_one() -> None:
    even = bradley_terry(["a", "b"], [(0, 1, 5.0, 10)])
    assert even[0] == pytest.approx(even[1]) == pytest.approx(1500)
    a, b, c = bradley_terry(["a", "b", "c"], [(0, 1, 7.5, 10), (1, 2, 7.5, 10), (0, 2, 9.0, 10)])
    assert a > b > c
    # 75% is 3:1 odds: about 191 Elo points apart when only a and b play.
    x, y = bradley_terry(["x", "y"], [(0, 1, 75.0, 100)])
    assert x - y == pytest.approx(400 * 0.4771, abs=1)


def test_match_interval_holds_the_score() -> None:
    m = Match("a", "b", [1, 0, 1, 1, 0.5, 1, 0, 1])
    low, high = m.interval()
    assert low < m.score < high and low >= 0 and high <= 1


def test_seats_rotate_and_no_bot_always_fills_more_seats() -> None:
    counts = {"a": 0, "b": 0}
    for index in range(6):
        for bot in seat_bots(["a", "b"], 3, index):
            counts[bot] += 1
    assert counts == {"a": 9, "b": 9}


def test_a_tournament_needs_different_bots() -> None:
    with pytest.raises(OptionError):
        round_robin("letter-of-marque", ["random", "random"], 2)


def test_tournament_command_prints_ratings_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "letter-of-marque",
            "--bots",
            "random,heuristic",
            "-n",
            "12",
            "-p",
            "3",
            "--json",
            str(out),
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output
    data = json.loads(out.read_text())
    assert data["matches"][0]["games"] == 12
    assert set(data["ratings"]) == {"random", "heuristic"}
