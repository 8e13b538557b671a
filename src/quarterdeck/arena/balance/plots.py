"""The plots of a balance report, drawn as PNG files by matplotlib's Agg canvas.

The only user of matplotlib in Quarterdeck, and imported only when a plot is drawn:
pyplot and its global state are never touched, so this is safe inside any program.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..stats import Rate, mean_interval
from .run import BalanceResults, VariantResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _figure(width: float, height: float) -> Figure:
    """A figure drawn by the non-interactive Agg backend (pyplot and its global state
    are never touched, so this is safe inside any program)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _rows_height(rows: int) -> float:
    return max(3.0, 0.26 * rows + 1.6)


def _errorbars(
    ax: Axes, values: Sequence[float], lows: Sequence[float], highs: Sequence[float],
    positions: Sequence[float], label: str, colour: str, marker: str = "o",
) -> None:  # fmt: skip
    ax.errorbar(
        values,
        positions,
        xerr=[
            [max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)],
            [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)],
        ],
        fmt=marker,
        color=colour,
        ecolor=colour,
        elinewidth=1.2,
        capsize=2.5,
        markersize=4.5,
        label=label,
    )


SEAT_COLOURS = ("#c0392b", "#2e6db4", "#d4a017", "#2e8b57", "#7d3c98", "#555555")


def plot_win_rates(results: BalanceResults, path: Path) -> Path:
    """Each variant's win rate per seat (and of the first player), with 95% intervals."""
    played = [v for v in results.variants if v.games]
    rows = len(played)
    fig = _figure(9.0, _rows_height(rows))
    ax = fig.subplots()
    # A two-player game shows seat 0 only: seat 1 is its mirror image.
    seats = [0] if results.players == 2 else list(range(results.players))
    series = len(seats) + results.knows_first
    step = 0.7 / max(1, series)
    for k, seat in enumerate(seats):
        rates = [v.seat_rate(seat) for v in played]
        _errorbars(
            ax,
            [r.rate for r in rates],
            [r.interval[0] for r in rates],
            [r.interval[1] for r in rates],
            [i - 0.35 + step * (k + 0.5) for i in range(rows)],
            results.seat_names[seat],
            SEAT_COLOURS[seat % len(SEAT_COLOURS)],
        )
    if results.knows_first:
        firsts = [v.first_rate() or Rate(0.0, 0) for v in played]
        _errorbars(
            ax,
            [r.rate for r in firsts],
            [r.interval[0] for r in firsts],
            [r.interval[1] for r in firsts],
            [i - 0.35 + step * (len(seats) + 0.5) for i in range(rows)],
            "first player",
            "#222222",
            "s",
        )
    ax.axvline(1 / results.players, color="grey", linestyle="--", linewidth=1, label="par")
    _variant_rows(ax, results, played)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter("{x:.0%}")
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("win rate (a draw counts ½) with its 95% Wilson interval")
    ax.set_ylabel("variant")
    ax.set_title(
        f"{results.title}: win rate per variant\n"
        f"{results.n} games each, bots {', '.join(results.bots)}, seed {results.seed}"
    )
    fig.legend(loc="outside lower center", ncols=series + 1, fontsize=8)
    fig.savefig(path)
    return path


def _variant_rows(ax: Axes, results: BalanceResults, played: Sequence[VariantResult]) -> None:
    """Variants down the y axis, first at the top; in a design of several factors, a
    line after each level of the first factor's block and shading every other block."""
    rows = len(played)
    ax.set_yticks(range(rows), [v.variant.label for v in played], fontsize=8)
    ax.set_ylim(rows - 0.5, -0.5)
    factors = results.experiment.factors
    if len(factors) < 2:
        return
    block = math.prod(len(f.levels) for f in factors[1:])
    for start in range(0, rows, block):
        if (start // block) % 2:
            ax.axhspan(start - 0.5, min(rows, start + block) - 0.5, color="#f2f2f2", zorder=0)


def plot_game_length(results: BalanceResults, path: Path) -> Path:
    """Each variant's mean game length (turns, if the game counts them, and decisions)
    with 95% intervals."""
    played = [v for v in results.variants if v.games]
    rows = len(played)
    measures = [[v.summary.decisions for v in played]]
    labels = ["mean decisions per game"]
    if any(any(v.summary.turns) for v in played):
        measures.insert(0, [v.summary.turns for v in played])
        labels.insert(0, "mean turns per game")
    fig = _figure(4.0 + 3.8 * len(measures), _rows_height(rows))
    axes = fig.subplots(1, len(measures), sharey=True, squeeze=False)[0]
    for ax, values, label in zip(axes, measures, labels, strict=True):
        stats = [mean_interval(game_values) for game_values in values]
        _errorbars(
            ax,
            [s[0] for s in stats],
            [s[1] for s in stats],
            [s[2] for s in stats],
            list(range(rows)),
            label,
            "#2e6db4",
        )
        ax.set_xlabel(f"{label} (95% interval)")
        ax.grid(axis="x", alpha=0.3)
        ax.set_xlim(left=0)
    for ax in axes:
        _variant_rows(ax, results, played)
    axes[0].set_ylabel("variant")
    fig.suptitle(f"{results.title}: game length per variant ({results.n} games each)")
    fig.savefig(path)
    return path


def plot_heatmap(results: BalanceResults, path: Path) -> Path | None:
    """Two factors of a two-player game: seat 0's win rate in every cell."""
    heat = results.heatmap()
    if heat is None:
        return None
    rows, cols, cells = heat
    factors = results.experiment.factors
    values = [[math.nan if c is None else c.seat_rate(0).rate for c in row] for row in cells]
    spread = max((abs(x - 0.5) for row in values for x in row if not math.isnan(x)), default=0.1)
    spread = max(0.1, math.ceil(spread * 20) / 20)
    fig = _figure(2.6 + 0.95 * len(cols), 2.4 + 0.75 * len(rows))
    ax = fig.subplots()
    image = ax.imshow(values, cmap="RdBu_r", vmin=0.5 - spread, vmax=0.5 + spread, aspect="auto")
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            rate = cell.seat_rate(0)
            low, high = rate.interval
            strong = abs(rate.rate - 0.5) > 0.6 * spread
            ax.text(
                c,
                r,
                f"{rate.rate:.0%}\n±{(high - low) / 2:.0%}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if strong else "black",
            )
    seat0 = results.seat_names[0]
    ax.set_xticks(range(len(cols)), cols, rotation=35, ha="right", fontsize=8)
    ax.set_yticks(range(len(rows)), rows, fontsize=8)
    ax.set_xlabel(f"{factors[1].name} ({factors[1].option})")
    ax.set_ylabel(f"{factors[0].name} ({factors[0].option})")
    ax.set_title(
        f"{results.title}: win rate of {seat0} by {factors[0].option} (rows) × "
        f"{factors[1].option} (columns)\n"
        f"{results.n} games per cell, bots {', '.join(results.bots)}; "
        "± is the 95% interval's half-width",
        fontsize=10,
    )
    bar = fig.colorbar(image, ax=ax, shrink=0.85)
    bar.set_label(f"{seat0} win rate (a draw counts ½)")
    bar.ax.yaxis.set_major_formatter("{x:.0%}")
    fig.savefig(path)
    return path


def plot_pooled(results: BalanceResults, path: Path) -> Path | None:
    """Each level of the seat factors over its games in either seat, sorted."""
    pooled = results.pooled()
    if pooled is None:
        return None
    rows = len(pooled)
    fig = _figure(8.5, _rows_height(rows) + 0.4)
    ax = fig.subplots()
    _errorbars(
        ax,
        [p.overall.rate for p in pooled],
        [p.overall.interval[0] for p in pooled],
        [p.overall.interval[1] for p in pooled],
        list(range(rows)),
        "either seat",
        "#222222",
    )
    for seat, marker in ((0, "<"), (1, ">")):
        rates = [p.by_seat[seat] for p in pooled]
        ax.scatter(
            [r.rate for r in rates],
            [i + (0.22 if seat else -0.22) for i in range(rows)],
            marker=marker,
            s=22,
            color=SEAT_COLOURS[seat],
            label=f"as {results.seat_short(seat)}",
            zorder=3,
        )
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1, label="par")
    ax.set_yticks(range(rows), [p.level for p in pooled], fontsize=9)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.xaxis.set_major_formatter("{x:.0%}")
    ax.grid(axis="x", alpha=0.3)
    noun = results.experiment.level_noun
    sides = " and as ".join(results.seat_short(s) for s in range(results.players))
    ax.set_xlabel(f"win rate against the other {noun}s (a draw counts ½), 95% Wilson interval")
    ax.set_ylabel(noun)
    ax.set_title(
        f"{results.title}: each {noun} over all its games as {sides}, best first\n"
        f"({pooled[0].overall.games} games each, bots {', '.join(results.bots)}; "
        "games against itself left out)",
        fontsize=10,
    )
    fig.legend(loc="outside lower center", ncols=4, fontsize=8)
    fig.savefig(path)
    return path


def plot_treatments(results: BalanceResults, path: Path) -> Path | None:
    """Each treatment's lift over the control (over the seats, and each seat's), and
    how often it was used where given, largest lift first."""
    treatments = results.treatments()
    if not treatments:
        return None
    treatments = sorted(treatments, key=lambda t: -t.lift.mean)
    rows = len(treatments)
    used = any(t.used is not None for t in treatments)
    fig = _figure(11.0 if used else 8.5, _rows_height(rows) + 0.4)
    axes = fig.subplots(1, 2 if used else 1, sharey=True, squeeze=False)[0]
    ax = axes[0]
    _errorbars(
        ax,
        [100 * t.lift.mean for t in treatments],
        [100 * t.lift.low for t in treatments],
        [100 * t.lift.high for t in treatments],
        list(range(rows)),
        "over the seats",
        "#222222",
    )
    seats = sorted({s for t in treatments for s in t.by_seat})
    for k, seat in enumerate(seats):
        shift = (k - (len(seats) - 1) / 2) * 0.22
        marks = [(i, t.by_seat[seat]) for i, t in enumerate(treatments) if seat in t.by_seat]
        ax.scatter(
            [100 * lift.mean for _, lift in marks],
            [i + shift for i, _ in marks],
            marker="<>^v"[k % 4],
            s=22,
            color=SEAT_COLOURS[seat % len(SEAT_COLOURS)],
            label=f"given to {results.seat_short(seat)}",
            zorder=3,
        )
    ax.axvline(0, color="grey", linestyle="--", linewidth=1, label="no lift")
    ax.set_yticks(range(rows), [t.level for t in treatments], fontsize=8)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("lift over the control, points (95% interval)")
    noun = results.experiment.level_noun
    ax.set_ylabel(noun)
    if used:
        rates = [t.used or Rate(0.0, 0) for t in treatments]
        _errorbars(
            axes[1],
            [r.rate for r in rates],
            [r.interval[0] for r in rates],
            [r.interval[1] for r in rates],
            list(range(rows)),
            "used where given",
            "#2e8b57",
            "s",
        )
        axes[1].set_xlim(0, 1)
        axes[1].xaxis.set_major_formatter("{x:.0%}")
        axes[1].grid(axis="x", alpha=0.3)
        axes[1].set_xlabel("used in the games where given (95% interval)")
    fig.suptitle(
        f"{results.title}: each {noun}'s lift over the control, largest first\n"
        f"({treatments[0].lift.games} seeds paired, bots {', '.join(results.bots)})",
        fontsize=10,
    )
    fig.legend(loc="outside lower center", ncols=len(seats) + 3, fontsize=8)
    fig.savefig(path)
    return path
