"""Balance reports: designs built from the command line, runs that agree with
``simulate``, intervals, the report's files, and the ``balance`` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.arena import balance as bal
from quarterdeck.arena.backends import make_backend
from quarterdeck.arena.balance import run as balance_run
from quarterdeck.arena.sim import GameResult, play_one, simulate
from quarterdeck.cli import app
from quarterdeck.engine import OptionError, Record, get_game

LOM = "letter-of-marque"
PNG = b"\x89PNG\r\n\x1a\n"


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in bal.TIMING}


# -- the design ------------------------------------------------------------------------------


def test_vary_makes_one_variant_per_value_read_as_json() -> None:
    exp = bal.build_experiment("broadsides", vary=["round_cap=20,60"])
    variants = exp.variants()
    assert [v.options for v in variants] == [{"round_cap": 20}, {"round_cap": 60}]
    assert [v.label for v in variants] == ["round_cap=20", "round_cap=60"]


def test_two_varied_options_make_the_full_factorial() -> None:
    exp = bal.build_experiment(
        "broadsides", {"round_cap": 30}, vary=["red_cannons=choose,carronade+carronade"]
    )
    assert len(exp.variants()) == 2
    exp = bal.build_experiment(
        "broadsides",
        vary=["red_cannons=choose,carronade+carronade", "round_cap=20,40,60"],
    )
    variants = exp.variants()
    assert len(variants) == 6
    assert variants[0].options == {"red_cannons": "choose", "round_cap": 20}
    assert variants[5].options == {"red_cannons": "carronade+carronade", "round_cap": 60}
    assert variants[4].levels == ("carronade+carronade", "40")
    assert variants[4].label == "red_cannons=carronade+carronade · round_cap=40"


def test_each_data_file_is_a_variant_next_to_the_built_in_data(tmp_path: Path) -> None:
    house = tmp_path / "house.json"
    house.write_text(json.dumps(get_game(LOM).raw_data), encoding="utf-8")
    exp = bal.build_experiment(LOM, data=[house])
    assert [(v.label, v.options) for v in exp.variants()] == [
        ("data=built-in", {"data": ""}),
        ("data=house.json", {"data": str(house)}),
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"vary": ["no_such_option=1,2"]}, "no option 'no_such_option'"),
        ({"vary": ["round_cap=20,abc"]}, "round_cap.*'abc'.*variant round_cap=abc"),
        ({"vary": ["round_cap=0,20"]}, "at least 1"),
        ({"vary": ["red_cannons=carronade+mortar"]}, "red_cannons"),
        ({"vary": ["round_cap"]}, "OPTION=value1,value2"),
        ({"vary": ["round_cap=20,20"]}, "twice"),
        ({"vary": ["round_cap=20,", "round_cap=30"]}, "empty value"),
        ({"vary": ["round_cap=20,40", "round_cap=30,50"]}, "varied twice"),
        ({"options": {"round_cap": 20}, "vary": ["round_cap=30,50"]}, "both fixed"),
        ({"preset": "cannon-pairs", "vary": ["round_cap=20,40"]}, "no --vary"),
        ({"preset": "everything"}, "unknown experiment"),
        ({"unordered": True}, "--unordered is for"),
        ({"data": ["/no/such/file.json"]}, "cannot read data file"),
    ],
)
def test_a_bad_design_is_refused_when_the_experiment_is_built(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        bal.build_experiment("broadsides", **kwargs)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--experiment", "everything"], "unknown experiment"),
        (["--vary", "round_cap=20,40", "--experiment", "cannon-pairs"], "no --vary"),
        (["--unordered"], "--unordered is for"),
    ],
)
def test_the_balance_command_refuses_a_bad_design_before_any_game_is_played(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_games(*args: Any, **kw: Any) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(balance_run, "simulate", no_games)
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["balance", "broadsides", "-n", "2", "--out", str(out), *args])
    assert result.exit_code == 1 and message in result.output, result.output
    assert not isinstance(result.exception, AssertionError)
    assert not out.exists()


def test_cannon_pairs_are_every_red_pair_against_every_blue_pair() -> None:
    game = get_game("broadsides")
    pairs = list(game.cannon_pairs())  # type: ignore[attr-defined]
    assert len(pairs) == 9 and "long-nine+carronade" in pairs
    exp = bal.build_experiment("broadsides", preset="cannon-pairs")
    variants = exp.variants()
    assert len(variants) == 81
    assert [v.options for v in variants] == [
        {"red_cannons": red, "blue_cannons": blue} for red in pairs for blue in pairs
    ]
    assert exp.seat_factors and exp.seat_names == ("Red", "Blue")
    # Fore and aft are not alike (a cannon's penalties depend on its Deck): --unordered
    # keeps one of each pair only when asked.
    unordered = bal.build_experiment("broadsides", preset="cannon-pairs", unordered=True)
    assert len(unordered.factors[0].levels) == 6 and len(unordered.variants()) == 36


def test_cannon_pairs_is_refused_for_a_game_without_cannon_pairs() -> None:
    with pytest.raises(OptionError, match="BroadSides"):
        bal.build_experiment(LOM, preset="cannon-pairs")


# -- statistics ------------------------------------------------------------------------------


def test_wilson_interval_matches_newcombes_table() -> None:
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
    for (k, n), expected in {
        (81, 263): (0.2553, 0.3662),
        (15, 148): (0.0624, 0.1605),
        (0, 20): (0.0, 0.1611),
        (1, 29): (0.0061, 0.1718),
    }.items():
        assert bal.wilson(k, n) == pytest.approx(expected, abs=5e-5)
    assert bal.wilson(0, 0) == (0.0, 1.0)


def test_pooled_games_of_one_seed_count_as_one_cluster() -> None:
    independent = bal.pooled_rate([(i, float(i % 2)) for i in range(100)])
    assert independent.effective == pytest.approx(100, rel=0.02)
    # The same 50 games three times over are worth 50 games, not 150.
    copies = bal.pooled_rate([(i, float(i % 3 == 0)) for _ in range(3) for i in range(50)])
    assert copies.games == 150 and copies.effective == pytest.approx(50, rel=0.03)
    assert copies.interval == pytest.approx(bal.wilson(copies.rate * 50, 50), abs=0.01)


# -- runs and reports ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny() -> bal.BalanceResults:
    """Letter of Marque, two variants of six games, a heuristic and a random bot."""
    exp = bal.build_experiment(LOM, vary=["cannon_tiebreak=all,unused"])
    return bal.run_experiment(exp, 6, ["heuristic", "random"], seed=3, players=3)


def test_every_variant_agrees_with_simulate_run_directly(tiny: bal.BalanceResults) -> None:
    assert [v.variant.label for v in tiny.variants] == [
        "cannon_tiebreak=all",
        "cannon_tiebreak=unused",
    ]
    for v in tiny.variants:
        direct = simulate(LOM, 3, 6, ["heuristic", "random"], 3, dict(v.variant.options))
        assert v.summary.to_json() == direct.to_json()
        assert [v.seat_rate(s).rate for s in range(3)] == direct.to_json()["seat_win_rate"]


def test_the_first_player_is_read_from_each_game(tiny: bal.BalanceResults) -> None:
    for v in tiny.variants:
        game = get_game(LOM, v.variant.options)
        assert set(v.firsts) == set(range(6))
        for index, first in v.firsts.items():
            played = play_one(game, 3, ["heuristic", "random"], tiny.seed, index, True)
            final = Record.from_json(played.record).final_state()
            assert first == final.first_player  # type: ignore[attr-defined]
        first_rate = v.first_rate()
        assert first_rate is not None and first_rate.games == 6
        assert first_rate.score == sum(v.shares[i][f] for i, f in v.firsts.items() if f is not None)


def test_the_report_holds_the_numbers_of_the_run(tiny: bal.BalanceResults, tmp_path: Path) -> None:
    tiny.command = bal.command_line(tiny, tmp_path)
    files = bal.write_report(tiny, tmp_path)
    for name in ("win_rates.png", "game_length.png"):
        assert (tmp_path / name).read_bytes().startswith(PNG)
    assert "heatmap" not in files and "pooled" not in files  # one factor, three players
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    # What played the games is named, so a report can be told from a newer one.
    assert data["bots_revision"] == BOTS_REVISION
    assert data["rules_version"] == get_game(LOM).rules_version
    assert f"bots revision {BOTS_REVISION}" in (tmp_path / "report.md").read_text()
    for row, v in zip(data["variants"], tiny.variants, strict=True):
        direct = simulate(LOM, 3, 6, ["heuristic", "random"], 3, dict(v.variant.options))
        assert row["games"] == 6
        assert [s["rate"] for s in row["seats"]] == direct.to_json()["seat_win_rate"]
        assert row["draws"] == direct.draws
        assert row["mean_decisions"] == pytest.approx(direct.to_json()["mean_decisions"])
        low, high = row["seats"][0]["interval95"]
        assert (low, high) == pytest.approx(bal.wilson(direct.seat_wins[0], 6))
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "quarterdeck balance letter-of-marque --vary cannon_tiebreak=all,unused -n 6" in report
    assert "Wilson" in report and "draw" in report and "How to read this" in report
    assert "![win rate per variant](win_rates.png)" in report
    first = tiny.variants[0].seat_rate(0)
    assert f"{first.rate:.1%} ({first.interval[0]:.1%}–{first.interval[1]:.1%})" in report


def test_results_are_the_same_on_one_and_two_workers() -> None:
    exp = bal.build_experiment(LOM, vary=["cannon_tiebreak=all,captured"])
    one = bal.run_experiment(exp, 8, ["heuristic"], seed=2, players=4, workers=1)
    two = make_backend("process", 2)
    try:
        other = bal.run_experiment(exp, 8, ["heuristic"], seed=2, players=4, backend=two)
    finally:
        two.close()
    assert without_timing(one.to_json()) == without_timing(other.to_json())
    assert one.games == 16


def test_an_interrupted_experiment_keeps_what_finished(tmp_path: Path) -> None:
    exp = bal.build_experiment(LOM, vary=["cannon_tiebreak=all,captured,unused"])
    seen = []

    def ctrl_c_at_the_ninth_game(result: GameResult) -> None:
        seen.append(result.index)
        if len(seen) == 9:
            raise KeyboardInterrupt

    results = bal.run_experiment(
        exp, 6, ["random"], seed=1, players=3, on_result=ctrl_c_at_the_ninth_game
    )
    assert results.interrupted and results.planned == 3
    assert [v.games for v in results.variants] == [6, 3]  # the ninth game had finished
    bal.write_report(results, tmp_path)
    assert "Interrupted" in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_two_cannon_pair_variants_make_a_heat_map_and_a_ranking(tmp_path: Path) -> None:
    exp = bal.build_experiment("broadsides", preset="cannon-pairs")
    red, blue = exp.factors
    exp.factors = [
        bal.Factor(red.option, red.levels[:1], red.title),
        bal.Factor(blue.option, blue.levels[:2], blue.title),
    ]
    results = bal.run_experiment(exp, 2, ["heuristic"], seed=1, players=2)
    assert [v.variant.options for v in results.variants] == [
        {"red_cannons": "18-pounder+18-pounder", "blue_cannons": "18-pounder+18-pounder"},
        {"red_cannons": "18-pounder+18-pounder", "blue_cannons": "18-pounder+long-nine"},
    ]
    assert results.seat_names == ["seat 0 (Red)", "seat 1 (Blue)"]
    for v in results.variants:
        first = v.first_rate()
        assert first is not None and first.games == 2
    files = bal.write_report(results, tmp_path)
    assert {"heatmap", "pooled", "win_rates", "game_length"} <= set(files)
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert data["heatmap"]["rows"]["levels"] == [red.levels[0][0]]
    assert len(data["heatmap"]["seat0_rate"][0]) == 2
    pooled = {p["level"]: p for p in data["pooled"]}
    # The mirror match is left out: 18+18 has only its two games against 18+long-nine.
    assert pooled["18-pounder+18-pounder"]["games"] == 2
    mirror = results.variants[0]
    assert mirror.seat_rate(0).score + mirror.seat_rate(1).score == 2


# -- the command -----------------------------------------------------------------------------


def test_balance_command_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(
        app,
        [
            "balance",
            LOM,
            "-v",
            "cannon_tiebreak=all,unused",
            "-n",
            "4",
            "-p",
            "3",
            "--seed",
            "2",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    for name in ("report.md", "results.json", "win_rates.png", "game_length.png"):
        assert (out / name).is_file()
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert data["games"] == 8 and data["seed"] == 2 and data["players"] == 3
    assert data["command"].startswith("quarterdeck balance letter-of-marque --vary")
    assert "seat advantage" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["-v", "no_such_option=1,2"],
        ["-v", "cannon_tiebreak=all,sometimes"],
        ["--experiment", "cannon-pairs"],
        ["--bots", "nobody"],
    ],
)
def test_balance_command_refuses_a_bad_design(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["balance", LOM, *args, "-n", "2", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "error" in result.output and not out.exists()
