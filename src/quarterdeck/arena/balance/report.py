"""The balance report in words: the Markdown page (one function per section), its
files (``report.md``, ``results.json`` and the plots), the command that plays it again,
and the tables shown in the terminal.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.engine import get_game

from ..stats import Rate, mean_interval
from .plots import plot_game_length, plot_heatmap, plot_pooled, plot_treatments, plot_win_rates
from .run import BalanceResults, Lift, VariantResult

if TYPE_CHECKING:
    from rich.table import Table


def command_line(results: BalanceResults, out: Path | str | None = None, workers: int = 0) -> str:
    """The command that plays this experiment again (the number of workers never
    changes a result; it is shown only if given)."""
    exp = results.experiment
    words = ["quarterdeck", "balance", exp.game]
    if exp.preset:
        words += ["--experiment", exp.preset]
        if exp.unordered:
            words.append("--unordered")
    else:
        for f in exp.factors:
            if f.option == "data":
                words += [w for label, path in f.levels[1:] for w in ("--data", str(path))]
            else:
                words += ["--vary", f"{f.option}={','.join(f.labels)}"]
    for key, value in exp.options.items():
        words += ["-o", f"{key}={value if isinstance(value, str) else json.dumps(value)}"]
    words += ["-n", str(results.n), "--players", str(results.players)]
    words += ["--bots", ",".join(results.bots), "--seed", str(results.seed)]
    if workers:
        words += ["--workers", str(workers)]
    if out is not None:
        words += ["--out", str(out)]
    return " ".join(shlex.quote(w) for w in words)


def pct(rate: Rate | None) -> str:
    if rate is None or not rate.games:
        return "—"
    low, high = rate.interval
    return f"{rate.rate:.1%} ({low:.1%}–{high:.1%})"


def points(lift: Lift | None) -> str:
    """A lift in points of win rate, with its interval: "+4.2 (−1.0 to +9.4)"."""
    if lift is None or not lift.games:
        return "—"
    return f"{100 * lift.mean:+.1f} ({100 * lift.low:+.1f} to {100 * lift.high:+.1f})"


def short_points(lift: Lift | None) -> str:
    """A lift in points and its interval in few characters, for the terminal."""
    if lift is None or not lift.games:
        return "—"
    return f"{100 * lift.mean:+.0f} ({100 * lift.low:+.0f}…{100 * lift.high:+.0f})"


def short(rate: Rate | None) -> str:
    """A rate and its interval in few characters, for the terminal."""
    if rate is None or not rate.games:
        return "—"
    low, high = rate.interval
    return f"{rate.rate:.0%} ({100 * low:.0f}–{100 * high:.0f})"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: int = 1) -> list[str]:
    """A Markdown table; columns from ``right`` on are right-aligned."""
    aligns = ["---" if i < right else "---:" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(aligns) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


# -- the Markdown page, section by section ---------------------------------------------------


def markdown(results: BalanceResults, plots: Mapping[str, Path]) -> str:
    """The report page: the set-up, how to read it, the plots and the tables."""
    lines = [
        *_heading(results),
        *_setup(results),
        *_how_to_read(results),
        *_seat_advantage(results),
        *_heat_map(results, plots),
        *_ranking(results, plots),
        *_treatments(results, plots),
        *_every_variant(results, plots),
        *_game_length(plots),
        "All numbers are also in `results.json`.",
        "",
    ]
    return "\n".join(lines)


def _played(results: BalanceResults) -> list[VariantResult]:
    return [v for v in results.variants if v.games]


def _heading(results: BalanceResults) -> list[str]:
    """The title, and a warning when the run was interrupted."""
    exp = results.experiment
    lines = [f"# Balance report: {results.title}" + (f" — {exp.preset}" if exp.preset else ""), ""]
    if results.interrupted:
        lines += [
            f"> **Interrupted**: {len(_played(results))} of {results.planned} variants have games "
            "(the last one may be partial); the numbers below hold only what was played.",
            "",
        ]
    return lines


def _setup(results: BalanceResults) -> list[str]:
    """What was played, by what, and the command that plays it again."""
    exp = results.experiment
    design = (
        " × ".join(f"{f.name} ({f.option}: {len(f.levels)} levels)" for f in exp.factors)
        or "none (the game as set)"
    )
    fixed = ", ".join(f"{k}={v}" for k, v in exp.options.items()) or "defaults"
    bots_text = ", ".join(results.bots) + (
        " (the same bot in every seat)"
        if len(set(results.bots)) == 1
        else " (filling the seats in turn; seats rotate every game)"
    )
    return [
        "## Set-up",
        "",
        *_table(
            ["", ""],
            [
                ["game", f"{results.title} (`{exp.game}`), {results.players} players"],
                ["experiment", exp.preset or "options varied on the command line"],
                ["factors (full factorial)", design],
                ["variants", f"{results.planned}"],
                ["fixed options", fixed],
                ["bots", bots_text],
                ["games per variant", f"{results.n}"],
                ["games played", f"{results.games:,}"],
                ["seed", f"{results.seed} (the same run seed for every variant)"],
                ["date", results.date],
                [
                    "played by",
                    f"bots revision {BOTS_REVISION}, rules version "
                    f"{get_game(exp.game).rules_version}",
                ],
                [
                    "time",
                    f"{results.seconds:,.0f} s ({results.games / max(results.seconds, 1e-9):.1f} games/s)",
                ],
            ],
            right=9,
        ),
        "",
        "Reproduce it (any number of workers gives the same numbers):",
        "",
        "```sh",
        results.command or command_line(results),
        "```",
        "",
    ]


def _how_to_read(results: BalanceResults) -> list[str]:
    """What a rate, its interval, common random numbers and each table mean."""
    exp = results.experiment
    two = results.players == 2
    lines = [
        "## How to read this",
        "",
        "- A **win rate** is a share of the wins: a win counts 1, a draw ½ "
        + ("(each side gets half)" if two else "(a shared win: its share)")
        + ". Par is "
        + ("50%." if two else f"1/{results.players} = {1 / results.players:.0%} per seat."),
        "- Every rate comes with its **95% interval** (Wilson score interval, counting a "
        "draw as half a win; draws vary less than wins, so the interval is if anything a "
        "little wide). Two rates whose intervals overlap a lot are not shown to differ; "
        "the interval of one rate from n games is about ±1/√n wide at 50%.",
        "- **Common random numbers**: game *i* of every variant starts from the same seed "
        "(the bots' seeds too), so the variants meet the same luck and differ by their "
        "options; this makes differences between variants less noisy than independent "
        "runs would.",
    ]
    if results.first_total() is not None:
        named = min(len(exp.seat_names), results.players)
        names = ", ".join(f"{results.seat_short(s)} is seat {s}" for s in range(named))
        lines.append(
            "- **Seats and the first player**: "
            + (f"{names}. Who" if names else "who")
            + " goes first is decided in each game (the state's `first_player`), not by "
            "the seat, so the first player's win rate is shown apart from the seats'."
        )
    lines += [f"- {note}" for note in exp.notes]
    s0 = results.seat_short(0)
    if results.heatmap() is not None:
        f0, f1 = exp.factors
        lines.append(
            f"- The **heat map** shows {s0}'s win rate for each {f0.option} (rows) × "
            f"{f1.option} (columns): red cells favour {s0}, blue cells the other side."
        )
    noun = exp.level_noun
    if results.pooled() is not None:
        lines.append(
            f"- The **ranking** pools each {noun}'s games in either seat against every other "
            f"{noun} (its games against itself are left out: one side of each always wins). "
            f"Every {noun} meets every other equally often in each seat, so its rate is its "
            "win rate against the field."
        )
    if results.treatments() is not None:
        lines.append(
            f"- The **treatments** table gives each {noun}'s **lift**: the treated seat's win "
            "rate minus its win rate in the control games of the same seeds, in points (per "
            "seat, and over the seats: per seed the mean of the seats' differences), with a "
            "95% interval on the per-seed differences; and how often the treatment was "
            "**used** in the games where it was given, if the game's records show it."
        )
    if len(_played(results)) > 1:
        corr = results.common_seed_correlation()
        alike = (
            ""
            if corr is None
            else f" (here the mean correlation of {s0}'s result in game *i* of two "
            f"variants is {corr:+.2f})"
        )
        lines.append(
            "- **Pooled rates** (over several variants) count the games of one seed as a "
            "cluster, since variants that play alike play nearly the same games"
            f"{alike}: their intervals are Wilson's on the *effective* number of games "
            "(games ÷ design effect, the design effect never below 1), shown in "
            "`results.json`."
        )
    lines.append("")
    return lines


def _seat_advantage(results: BalanceResults) -> list[str]:
    """Each seat and the first player over every variant."""
    first = results.first_total()
    totals = results.seat_totals()
    rows = [[name, pct(rate)] for name, rate in zip(results.seat_names, totals, strict=True)]
    if first is not None:
        rows.append(["first player", pct(first)])
    return [
        "## Seat and first-player advantage (all variants together)",
        "",
        *_table(["", f"win rate (95% interval), {results.games:,} games"], rows),
        "",
    ]


def _heat_map(results: BalanceResults, plots: Mapping[str, Path]) -> list[str]:
    """Two factors of a two-player game: seat 0's win rate in every cell."""
    heat = results.heatmap()
    if heat is None or "heatmap" not in plots:
        return []
    rows_l, cols_l, cells = heat
    f0, f1 = results.experiment.factors
    s0 = results.seat_short(0)
    return [
        f"## {s0}'s win rate by {f0.option} × {f1.option}",
        "",
        f"![heat map]({plots['heatmap'].name})",
        "",
        f"Rows: {f0.name} ({f0.option}); columns: {f1.name} ({f1.option}); each cell "
        f"{s0}'s win rate over {results.n} games (intervals in the table of variants below).",
        "",
        *_table(
            [f"{f0.name} \\ {f1.name}", *cols_l],
            [
                [r, *("—" if c is None else f"{c.seat_rate(0).rate:.0%}" for c in row)]
                for r, row in zip(rows_l, cells, strict=True)
            ],
        ),
        "",
    ]


def _ranking(results: BalanceResults, plots: Mapping[str, Path]) -> list[str]:
    """Each level of the seat factors over its games in either seat, best first."""
    pooled = results.pooled()
    if pooled is None:
        return []
    noun = results.experiment.level_noun
    s0, s1 = (results.seat_short(s) for s in range(2))
    sides = " and as ".join(results.seat_short(s) for s in range(results.players))
    lines = [f"## Ranking: each {noun} as {sides}", ""]
    if "pooled" in plots:
        lines += [f"![ranking]({plots['pooled'].name})", ""]
    return [
        *lines,
        *_table(
            [noun, "games", "win rate (95% interval)", f"as {s0}", f"as {s1}"],
            [
                [
                    f"`{p.level}`",
                    f"{p.overall.games:,}",
                    pct(p.overall),
                    pct(p.by_seat[0]),
                    pct(p.by_seat[1]),
                ]
                for p in pooled
            ],
        ),
        "",
    ]


def _treatments(results: BalanceResults, plots: Mapping[str, Path]) -> list[str]:
    """Each treatment's lift over the control (per seat and together) and its use,
    largest lift first."""
    treatments = results.treatments()
    if not treatments:
        return []
    exp = results.experiment
    seats = sorted({s for t in treatments for s in t.by_seat})
    names = [results.seat_short(s) for s in seats]
    lines = [f"## Treatments: each {exp.level_noun}'s lift over the control", ""]
    if "treatments" in plots:
        lines += [f"![lift and use]({plots['treatments'].name})", ""]
    header = [exp.level_noun, "lift, points (95% interval)"]
    header += [f"given to {n}" for n in names]
    used = any(t.used is not None for t in treatments)
    header += ["used when given (95% interval)"] if used else []
    rows = []
    for t in sorted(treatments, key=lambda t: -t.lift.mean):
        row = [f"`{t.level}`", points(t.lift), *(points(t.by_seat.get(s)) for s in seats)]
        rows.append(row + ([pct(t.used)] if used else []))
    games = max(t.lift.games for t in treatments)
    return [
        *lines,
        f"Seeds paired per treatment: {games}; a lift's interval is about "
        f"±{100 * 1.96 * 0.5 / max(1, games) ** 0.5:.0f} points or less at this size.",
        "",
        *_table(header, rows),
        "",
    ]


def _every_variant(results: BalanceResults, plots: Mapping[str, Path]) -> list[str]:
    """A row per variant (win rates, draws, length), and each bot's rate if several."""
    two = results.players == 2
    played = _played(results)
    first = results.first_total()
    lines = ["## Every variant", ""]
    if "win_rates" in plots:
        lines += [f"![win rate per variant]({plots['win_rates'].name})", ""]
    header = ["variant", "games"]
    header += [results.seat_names[0]] if two else list(results.seat_names)
    if first is not None:
        header.append("first player")
    header += ["draws", "mean turns", "mean decisions"]
    rows = []
    for v in played:
        row = [v.variant.label, str(v.games)]
        row += [pct(v.seat_rate(s)) for s in ([0] if two else range(results.players))]
        if first is not None:
            row.append(pct(v.first_rate()))
        turns = mean_interval(v.summary.turns)
        decisions = mean_interval(v.summary.decisions)
        row += [
            str(v.summary.draws),
            f"{turns[0]:.1f} ± {(turns[2] - turns[1]) / 2:.1f}",
            f"{decisions[0]:.0f} ± {(decisions[2] - decisions[1]) / 2:.0f}",
        ]
        rows.append(row)
    lines += [*_table(header, rows), ""]
    distinct = sorted(set(results.bots))
    if len(distinct) > 1:
        lines += [
            "Win rate per bot (per seat it filled; par is 1/players):",
            "",
            *_table(
                ["variant", *distinct],
                [[v.variant.label, *(pct(v.bot_rates().get(b)) for b in distinct)] for v in played],
            ),
            "",
        ]
    return lines


def _game_length(plots: Mapping[str, Path]) -> list[str]:
    """The plot of game length, if there is one."""
    if "game_length" not in plots:
        return []
    return [
        "## Game length",
        "",
        f"![game length per variant]({plots['game_length'].name})",
        "",
        "Mean turns and decisions per game with their 95% intervals (± in the table above).",
        "",
    ]


# -- the files -------------------------------------------------------------------------------


def write_report(results: BalanceResults, out: Path) -> dict[str, Path]:
    """``report.md``, ``results.json`` and the plots, in ``out`` (made if need be)."""
    out.mkdir(parents=True, exist_ok=True)
    plots: dict[str, Path] = {}
    if any(v.games for v in results.variants):
        plots["win_rates"] = plot_win_rates(results, out / "win_rates.png")
        plots["game_length"] = plot_game_length(results, out / "game_length.png")
        heat = plot_heatmap(results, out / "heatmap.png")
        if heat is not None:
            plots["heatmap"] = heat
        pooled = plot_pooled(results, out / "pooled.png")
        if pooled is not None:
            plots["pooled"] = pooled
        treatments = plot_treatments(results, out / "treatments.png")
        if treatments is not None:
            plots["treatments"] = treatments
    report = out / "report.md"
    report.write_text(markdown(results, plots), encoding="utf-8")
    data = out / "results.json"
    data.write_text(json.dumps(results.to_json(), indent=1) + "\n", encoding="utf-8")
    return {"report": report, "results": data, **plots}


# -- the terminal ----------------------------------------------------------------------------


def summary_tables(results: BalanceResults) -> list[Table]:
    """Rich tables for the terminal: the heat map (or every variant), the ranking and
    the seat advantage."""
    from rich.table import Table

    tables = []
    seat0 = results.seat_names[0]
    heat = results.heatmap()
    if heat is not None:
        rows, cols, cells = heat
        f0, f1 = results.experiment.factors
        numbered = rows == cols and max(map(len, cols)) > 6  # long labels: number them
        title = f"{results.title}: {seat0} win rate, {f0.name} (rows) × {f1.name} (columns)"
        table = Table(title=title + (", columns numbered as the rows" if numbered else ""))
        table.add_column(f"{f0.name} \\ {f1.name}", no_wrap=True)
        for k, c in enumerate(cols, start=1):
            table.add_column(str(k) if numbered else c, justify="right")
        for k, (r, row) in enumerate(zip(rows, cells, strict=True), start=1):
            label = f"{k}. {r}" if numbered else r
            table.add_row(label, *("—" if c is None else f"{c.seat_rate(0).rate:.0%}" for c in row))
        tables.append(table)
    else:
        table = Table(title=f"{results.title}: {results.n} games per variant")
        table.add_column("variant", no_wrap=True)
        table.add_column("games", justify="right")
        seats = [0] if results.players == 2 else list(range(results.players))
        for s in seats:
            table.add_column(results.seat_names[s], justify="right", no_wrap=True)
        if results.knows_first:
            table.add_column("first player", justify="right", no_wrap=True)
        table.add_column("draws", justify="right")
        table.add_column("mean turns", justify="right")
        for v in results.variants:
            texts = [v.variant.label, str(v.games), *(short(v.seat_rate(s)) for s in seats)]
            if results.knows_first:
                texts.append(short(v.first_rate()))
            texts += [str(v.summary.draws), f"{mean_interval(v.summary.turns)[0]:.1f}"]
            table.add_row(*texts)
        tables.append(table)
    pooled = results.pooled()
    if pooled is not None:
        ranking = Table(title="each level in either seat, against the others (95% interval)")
        for column in ("level", "games", "win rate", *(f"as {s}" for s in results.seat_names)):
            ranking.add_column(column, justify="left" if column == "level" else "right")
        for p in pooled:
            ranking.add_row(
                p.level, str(p.overall.games), short(p.overall), *(short(r) for r in p.by_seat)
            )
        tables.append(ranking)
    treatments = results.treatments()
    if treatments:
        lifts = Table(title="each treatment's lift over the control, in points (95% interval)")
        seats = sorted({s for t in treatments for s in t.by_seat})
        columns = ["level", "lift", *(f"to {results.seat_short(s)}" for s in seats), "used"]
        for column in columns:
            lifts.add_column(column, justify="left" if column == "level" else "right")
        for t in sorted(treatments, key=lambda t: -t.lift.mean):
            lifts.add_row(
                t.level,
                short_points(t.lift),
                *(short_points(t.by_seat.get(s)) for s in seats),
                short(t.used),
            )
        tables.append(lifts)
    seats_table = Table(title=f"seat advantage over all {results.games:,} games")
    seats_table.add_column("")
    seats_table.add_column("win rate (95% interval)", justify="right")
    for name, rate in zip(results.seat_names, results.seat_totals(), strict=True):
        seats_table.add_row(name, short(rate))
    first = results.first_total()
    if first is not None:
        seats_table.add_row("first player", short(first))
    tables.append(seats_table)
    return tables
