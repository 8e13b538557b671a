"""Balance reports: a designed experiment over many simulated games.

An experiment is a list of variants of one game, each a set of option values: one per
value of an option (``--vary OPTION=a,b``), the full factorial of two or more such
factors, each house-data file next to the built-in data (``--data FILE``), or a preset
such as BroadSides' ``cannon-pairs`` (every Red cannon pair against every Blue one).
Each variant is one :func:`~quarterdeck.arena.sim.simulate` run of ``n`` games with the
same bots and the same run seed (common random numbers: game ``i`` of every variant
starts from the same seed, so the variants differ by their options and not by luck of
the draw). The results are scores with 95% Wilson intervals, written as a Markdown page
with PNG plots (matplotlib, imported only when plotting) and a JSON file.

A score is a share of the wins: 1 for a win, ½ for a draw (of a zero-sum two-player
game), a winner's share of 1 in a game of more players.
"""

from __future__ import annotations

import itertools
import json
import math
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.engine import Game, OptionError, QuarterdeckError, get_game

from .backends import Backend, make_backend
from .play import GameResult, win_shares
from .sim import Summary, simulate
from .stats import Rate, correlation, mean_interval, pooled_rate, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from rich.table import Table

JSON = Any
# The statistics live in ``arena/stats.py``; their names stay importable from here.
__all__ = ["Rate", "correlation", "mean_interval", "pooled_rate", "wilson"]
EXPERIMENTS = ("cannon-pairs",)
TIMING = ("seconds", "games_per_second", "date")
#: Seats by the names their games give them (games with colours say so through
#: ``Game.colour``; BroadSides names its captains in its rules only).
SEAT_NAMES: dict[str, tuple[str, ...]] = {"broadsides": ("Red", "Blue")}


# -- the design ------------------------------------------------------------------------------


def parse_value(text: str) -> JSON:
    """An option value as typed: JSON when it reads as JSON (numbers, true), else text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@dataclass(frozen=True)
class Factor:
    """An option the experiment varies, with its levels as (label, value)."""

    option: str
    levels: tuple[tuple[str, JSON], ...]
    title: str = ""  # how the report names it (default: the option)

    @property
    def name(self) -> str:
        return self.title or self.option

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.levels]


@dataclass(frozen=True)
class Variant:
    """One cell of the design: its label and the options it plays with (on top of the
    experiment's fixed options); ``levels`` names its level of each factor."""

    label: str
    options: Mapping[str, JSON]
    levels: tuple[str, ...] = ()


def parse_vary(spec: str) -> Factor:
    """``OPTION=v1,v2,...`` as a factor (values read as JSON when they can be)."""
    option, sep, values = spec.partition("=")
    option = option.strip()
    labels = [v.strip() for v in values.split(",")]
    if not sep or not option or not any(labels):
        raise OptionError(f"--vary takes OPTION=value1,value2,..., not {spec!r}")
    if "" in labels:
        raise OptionError(f"--vary {spec!r} has an empty value")
    if len(set(labels)) != len(labels):
        raise OptionError(f"--vary {spec!r} names a value twice")
    return Factor(option, tuple((label, parse_value(label)) for label in labels))


def data_factor(paths: Sequence[str]) -> Factor:
    """The built-in component data and each house-data file, as levels of ``data``."""
    names = [Path(p).name for p in paths]
    labels = names if len(set(names)) == len(names) else [str(p) for p in paths]
    if len(set(labels)) != len(labels):
        raise OptionError("--data names a file twice")
    return Factor("data", (("built-in", ""), *zip(labels, map(str, paths), strict=True)))


@dataclass
class Experiment:
    """A game, the options every variant shares, and the factors (full factorial)."""

    game: str
    factors: list[Factor] = field(default_factory=list)
    options: dict[str, JSON] = field(default_factory=dict)
    preset: str | None = None  # the name of a preset experiment
    unordered: bool = False  # cannon-pairs: one of each fore/aft pair
    #: factor i is a property of seat i (e.g. Red's and Blue's cannons): each level is
    #: then also ranked over all its games, in either seat.
    seat_factors: bool = False
    seat_names: tuple[str, ...] = ()
    level_noun: str = "level"  # what a level of a seat factor is, in titles
    notes: list[str] = field(default_factory=list)  # for the report's "how to read this"

    def variants(self) -> list[Variant]:
        if not self.factors:
            return [Variant("as set", {})]
        out = []
        for combo in itertools.product(*(f.levels for f in self.factors)):
            options = {f.option: value for f, (_, value) in zip(self.factors, combo, strict=True)}
            label = " · ".join(
                f"{f.name}={level}" for f, (level, _) in zip(self.factors, combo, strict=True)
            )
            out.append(Variant(label, options, tuple(level for level, _ in combo)))
        return out

    def variant_options(self, variant: Variant) -> dict[str, JSON]:
        return {**self.options, **variant.options}

    def games(self) -> list[Game]:
        """Each variant's game: a bad option or value is refused here, before any game
        is played, naming the variant."""
        out = []
        for variant in self.variants():
            try:
                out.append(get_game(self.game, self.variant_options(variant)))
            except QuarterdeckError as exc:
                where = "" if not self.factors else f" (variant {variant.label})"
                raise OptionError(f"{exc}{where}") from None
        return out

    def seat_name(self, game: Game, seat: int) -> str:
        if seat < len(self.seat_names):
            return f"seat {seat} ({self.seat_names[seat]})"
        colour = getattr(game, "colour", None)
        if callable(colour):
            return f"seat {seat} ({colour(seat)})"
        return f"seat {seat}"

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "preset": self.preset,
            "unordered": self.unordered,
            "options": self.options,
            "factors": [
                {"option": f.option, "title": f.name, "levels": f.labels} for f in self.factors
            ],
        }


def cannon_pairs_factors(game: Game, unordered: bool) -> list[Factor]:
    pairs_of = getattr(game, "cannon_pairs", None)
    if not callable(pairs_of):
        raise OptionError(
            f"the cannon-pairs experiment is for BroadSides (a game with cannon pairs), "
            f"not {game.name}"
        )
    pairs: dict[str, tuple[int, int]] = pairs_of()
    names = [name for name, (fore, aft) in pairs.items() if not unordered or fore <= aft]
    levels = tuple((name, name) for name in names)
    return [Factor("red_cannons", levels, "Red"), Factor("blue_cannons", levels, "Blue")]


def build_experiment(
    game_name: str,
    options: Mapping[str, JSON] | None = None,
    vary: Sequence[str] = (),
    data: Sequence[str | Path] = (),
    preset: str | None = None,
    unordered: bool = False,
) -> Experiment:
    """The experiment the command line asks for; an unknown game, option, value or
    preset is refused (:class:`OptionError`) before anything is played."""
    options = dict(options or {})
    base = get_game(game_name, options)
    exp = Experiment(base.name, options=options, preset=preset, unordered=unordered)
    exp.seat_names = SEAT_NAMES.get(base.name, ())
    if unordered and preset != "cannon-pairs":
        raise OptionError("--unordered is for the cannon-pairs experiment")
    if preset is not None:
        if vary or data:
            raise OptionError("a preset experiment sets its own variants: no --vary or --data")
        if preset != "cannon-pairs":
            raise OptionError(
                f"unknown experiment {preset!r} (experiments: {', '.join(EXPERIMENTS)})"
            )
        exp.factors = cannon_pairs_factors(base, unordered)
        exp.seat_factors = True
        exp.level_noun = "cannon pair"
        exp.notes = [
            "**Cannon pairs**: the options `red_cannons` and `blue_cannons` give each "
            "captain a pair openly at setup instead of the secret choice of the rules. A "
            "pair is FORE+AFT, so `long-nine+carronade` and `carronade+long-nine` are two "
            "pairs: a cannon's penalties depend on the Deck it stands on."
            + (" (Here `--unordered`: one of each.)" if unordered else ""),
        ]
    exp.factors += [parse_vary(spec) for spec in vary]
    if data:
        if "data" in options:
            raise OptionError("give data files with --data only (not also -o data=...)")
        exp.factors.append(data_factor([str(p) for p in data]))
    names = [f.option for f in exp.factors]
    for name in names:
        if names.count(name) > 1:
            raise OptionError(f"option {name!r} is varied twice")
        if name in options:
            raise OptionError(f"option {name!r} is both fixed (-o) and varied")
    exp.games()  # every variant's options checked now
    return exp


# -- running ---------------------------------------------------------------------------------


def first_player(game: Game, players: int, result: GameResult) -> int | None:
    """Who went first in a played game, for games whose state says so
    (``first_player``): the record's actions are replayed until it is set (a few
    setup decisions)."""
    if result.record is None:
        return None
    state = game.new_state(players, result.seed)
    for action_id, _ in result.record["actions"]:
        first = getattr(state, "first_player", None)
        if first is not None:
            return int(first)
        state.apply(action_id)
    first = getattr(state, "first_player", None)
    return None if first is None else int(first)


def knows_first_player(game: Game, players: int) -> bool:
    return hasattr(game.new_state(players, 0), "first_player")


@dataclass
class VariantResult:
    variant: Variant
    summary: Summary
    shares: dict[int, list[float]] = field(default_factory=dict)  # by game index
    firsts: dict[int, int | None] = field(default_factory=dict)  # who went first, by index

    @property
    def games(self) -> int:
        return self.summary.games

    def seat_rate(self, seat: int) -> Rate:
        wins = self.summary.seat_wins[seat] if self.summary.seat_wins else 0.0
        return Rate(wins, self.games)

    def first_rate(self) -> Rate | None:
        known = [(i, f) for i, f in self.firsts.items() if f is not None]
        if not known:
            return None
        return Rate(sum(self.shares[i][f] for i, f in known), len(known))

    def bot_rates(self) -> dict[str, Rate]:
        s = self.summary
        return {b: Rate(w, s.bot_seats[b]) for b, w in s.bot_wins.items()}

    def to_json(self, seat_names: Sequence[str]) -> dict[str, JSON]:
        data = self.summary.to_json()
        first = self.first_rate()
        decisions = mean_interval(self.summary.decisions)
        turns = mean_interval(self.summary.turns)
        return {
            "label": self.variant.label,
            "options": dict(self.variant.options),
            "levels": list(self.variant.levels),
            "games": self.games,
            "seats": [
                {"seat": seat, "name": name, **self.seat_rate(seat).to_json()}
                for seat, name in enumerate(seat_names)
            ],
            "first_player": None if first is None else first.to_json(),
            "first_player_seat0_games": sum(1 for f in self.firsts.values() if f == 0),
            "bots": {b: r.to_json() for b, r in self.bot_rates().items()},
            "draws": self.summary.draws,
            "mean_decisions": decisions[0],
            "decisions_interval95": list(decisions[1:]),
            "max_decisions": data["max_decisions"],
            "mean_turns": turns[0],
            "turns_interval95": list(turns[1:]),
            "interrupted": self.summary.interrupted,
        }


@dataclass
class Pooled:
    """One level of a seat factor over all its games against other levels, in either
    seat (its games against itself say nothing of it and are left out)."""

    level: str
    overall: Rate
    by_seat: list[Rate]

    def to_json(self, seat_names: Sequence[str]) -> dict[str, JSON]:
        return {
            "level": self.level,
            **self.overall.to_json(),
            "by_seat": {
                name: r.to_json() for name, r in zip(seat_names, self.by_seat, strict=True)
            },
        }


@dataclass
class BalanceResults:
    experiment: Experiment
    players: int
    bots: list[str]
    n: int  # games per variant asked for
    seed: int
    title: str
    seat_names: list[str]
    variants: list[VariantResult] = field(default_factory=list)
    planned: int = 0  # variants in the design
    interrupted: bool = False
    seconds: float = 0.0
    command: str = ""
    date: str = ""

    @property
    def games(self) -> int:
        return sum(v.games for v in self.variants)

    def seat_short(self, seat: int) -> str:
        """A seat's name alone ("Red"), or "seat N"."""
        names = self.experiment.seat_names
        return names[seat] if seat < len(names) else f"seat {seat}"

    @property
    def knows_first(self) -> bool:
        return any(v.first_rate() is not None for v in self.variants)

    def seat_totals(self) -> list[Rate]:
        """Each seat over every variant (games of one seed as one cluster)."""
        return [
            pooled_rate([(i, s[seat]) for v in self.variants for i, s in v.shares.items()])
            for seat in range(self.players)
        ]

    def first_total(self) -> Rate | None:
        """The first player over every variant, for games that say who went first."""
        scores = [
            (i, v.shares[i][f]) for v in self.variants for i, f in v.firsts.items() if f is not None
        ]
        return pooled_rate(scores) if scores else None

    def heatmap(self) -> tuple[list[str], list[str], list[list[VariantResult | None]]] | None:
        """Two factors in a two-player game: rows the first factor's levels, columns the
        second's, each cell that variant (``None`` if it was not played)."""
        factors = self.experiment.factors
        if len(factors) != 2 or self.players != 2:
            return None
        rows, cols = factors[0].labels, factors[1].labels
        cells: list[list[VariantResult | None]] = [[None] * len(cols) for _ in rows]
        for v in self.variants:
            if v.games:
                r, c = v.variant.levels
                cells[rows.index(r)][cols.index(c)] = v
        return rows, cols, cells

    def pooled(self) -> list[Pooled] | None:
        """Each level of the seat factors over its games in either seat, best first."""
        exp = self.experiment
        if not exp.seat_factors or len(exp.factors) != self.players:
            return None
        out = []
        for level in exp.factors[0].labels:
            seats: list[list[tuple[int, float]]] = [[] for _ in range(self.players)]
            for v in self.variants:
                levels = v.variant.levels
                if all(x == level for x in levels):
                    continue  # against itself: one side always wins
                for seat, x in enumerate(levels):
                    if x == level:
                        seats[seat] += [(i, s[seat]) for i, s in v.shares.items()]
            overall = pooled_rate([x for scores in seats for x in scores])
            out.append(Pooled(level, overall, [pooled_rate(scores) for scores in seats]))
        return sorted(out, key=lambda p: -p.overall.rate if p.overall.games else math.inf)

    def common_seed_correlation(self) -> float | None:
        """The mean correlation of seat 0's score in game ``i`` of two variants (which
        share game ``i``'s seed): near 0, the variants' games are as good as independent
        and pooling them needs no correction."""
        full = [v for v in self.variants if v.games == self.n and len(v.shares) == self.n]
        series = [[v.shares[i][0] for i in range(self.n)] for v in full]
        values = [
            r for a, b in itertools.combinations(series, 2) if (r := correlation(a, b)) is not None
        ]
        return sum(values) / len(values) if values else None

    def to_json(self) -> dict[str, JSON]:
        heat = self.heatmap()
        pooled = self.pooled()
        seats = self.seat_totals()
        first = self.first_total()
        return {
            "title": self.title,
            **self.experiment.to_json(),
            "players": self.players,
            "bots": self.bots,
            "games_per_variant": self.n,
            "seed": self.seed,
            "seeds": "common random numbers: every variant plays games 0..n-1 of the same run seed",
            "command": self.command,
            "date": self.date,
            # What played: bots that choose differently, or other rules, give other games.
            "bots_revision": BOTS_REVISION,
            "rules_version": get_game(self.experiment.game).rules_version,
            "variants_planned": self.planned,
            "variants_played": sum(1 for v in self.variants if v.games),
            "games": self.games,
            "interrupted": self.interrupted,
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "seat_names": self.seat_names,
            "seat_totals": [
                {"seat": s, "name": name, **r.to_json()}
                for s, (name, r) in enumerate(zip(self.seat_names, seats, strict=True))
            ],
            "first_player_total": None if first is None else first.to_json(),
            "common_seed_correlation": self.common_seed_correlation(),
            "variants": [v.to_json(self.seat_names) for v in self.variants],
            "heatmap": None
            if heat is None
            else {
                "rows": {"factor": self.experiment.factors[0].name, "levels": heat[0]},
                "columns": {"factor": self.experiment.factors[1].name, "levels": heat[1]},
                "seat0_rate": [
                    [None if c is None else c.seat_rate(0).rate for c in row] for row in heat[2]
                ],
            },
            "pooled": None if pooled is None else [p.to_json(self.seat_names[:2]) for p in pooled],
        }


def run_experiment(
    exp: Experiment,
    n: int,
    bots: Sequence[str],
    seed: int = 0,
    players: int = 2,
    backend: Backend | None = None,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    on_variant: Callable[[int, Variant], None] | None = None,
) -> BalanceResults:
    """Play ``n`` games of every variant on ``backend`` (default: ``workers`` local
    processes), all with the same run ``seed``. Interrupted (Ctrl-C), it returns the
    variants finished so far (and the games of the one under way), marked
    ``interrupted``."""
    variants = exp.variants()
    games = exp.games()
    seat_names = [exp.seat_name(games[0], s) for s in range(players)]
    results = BalanceResults(
        exp, players, list(bots), n, seed, games[0].title, seat_names, planned=len(variants)
    )
    results.date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    track_first = knows_first_player(games[0], players)
    runner = backend or make_backend("process", workers)
    start = time.perf_counter()
    try:
        for number, (variant, game) in enumerate(zip(variants, games, strict=True)):
            if on_variant is not None:
                on_variant(number, variant)
            shares: dict[int, list[float]] = {}
            firsts: dict[int, int | None] = {}

            def collect(
                result: GameResult,
                game: Game = game,
                shares: dict[int, list[float]] = shares,
                firsts: dict[int, int | None] = firsts,
            ) -> None:
                shares[result.index] = win_shares(result.returns)
                if track_first:
                    firsts[result.index] = first_player(game, players, result)
                if on_result is not None:
                    on_result(result)

            summary = simulate(
                exp.game,
                players,
                n,
                bots,
                seed,
                exp.variant_options(variant),
                collect,
                keep_records=track_first,
                backend=runner,
            )
            if summary.games:
                results.variants.append(VariantResult(variant, summary, shares, firsts))
            if summary.interrupted:
                results.interrupted = True
                break
    except KeyboardInterrupt:
        results.interrupted = True
    finally:
        if backend is None:
            runner.close()
        results.seconds = time.perf_counter() - start
    return results


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


# -- plots -----------------------------------------------------------------------------------


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
    measures = [("decisions", "mean decisions per game")]
    if any(any(v.summary.turns) for v in played):
        measures.insert(0, ("turns", "mean turns per game"))
    fig = _figure(4.0 + 3.8 * len(measures), _rows_height(rows))
    axes = fig.subplots(1, len(measures), sharey=True, squeeze=False)[0]
    for ax, (measure, label) in zip(axes, measures, strict=True):
        stats = [mean_interval(getattr(v.summary, measure)) for v in played]
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


# -- the report ------------------------------------------------------------------------------


def pct(rate: Rate | None) -> str:
    if rate is None or not rate.games:
        return "—"
    low, high = rate.interval
    return f"{rate.rate:.1%} ({low:.1%}–{high:.1%})"


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


def markdown(results: BalanceResults, plots: Mapping[str, Path]) -> str:
    """The report page: the set-up, how to read it, the plots and the tables."""
    exp = results.experiment
    two = results.players == 2
    seat0 = results.seat_names[0]
    played = [v for v in results.variants if v.games]
    first = results.first_total()
    lines = [f"# Balance report: {results.title}" + (f" — {exp.preset}" if exp.preset else ""), ""]
    if results.interrupted:
        lines += [
            f"> **Interrupted**: {len(played)} of {results.planned} variants have games "
            "(the last one may be partial); the numbers below hold only what was played.",
            "",
        ]
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
    lines += [
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
    if first is not None:
        names = ", ".join(
            f"{results.seat_short(s)} is seat {s}" for s in range(len(exp.seat_names))
        )
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
    pooled = results.pooled()
    noun = exp.level_noun
    if pooled is not None:
        lines.append(
            f"- The **ranking** pools each {noun}'s games in either seat against every other "
            f"{noun} (its games against itself are left out: one side of each always wins). "
            f"Every {noun} meets every other equally often in each seat, so its rate is its "
            "win rate against the field."
        )
    if len(played) > 1:
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

    # Seat advantage, over every variant.
    lines += ["## Seat and first-player advantage (all variants together)", ""]
    totals = results.seat_totals()
    rows = [[name, pct(rate)] for name, rate in zip(results.seat_names, totals, strict=True)]
    if first is not None:
        rows.append(["first player", pct(first)])
    lines += [*_table(["", f"win rate (95% interval), {results.games:,} games"], rows), ""]

    heat = results.heatmap()
    if heat is not None and "heatmap" in plots:
        rows_l, cols_l, cells = heat
        f0, f1 = exp.factors
        lines += [
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
    if pooled is not None:
        s0, s1 = (results.seat_short(s) for s in range(2))
        sides = " and as ".join(results.seat_short(s) for s in range(results.players))
        lines += [f"## Ranking: each {noun} as {sides}", ""]
        if "pooled" in plots:
            lines += [f"![ranking]({plots['pooled'].name})", ""]
        lines += [
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

    lines += ["## Every variant", ""]
    if "win_rates" in plots:
        lines += [f"![win rate per variant]({plots['win_rates'].name})", ""]
    header = ["variant", "games"]
    header += [seat0] if two else list(results.seat_names)
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
    if "game_length" in plots:
        lines += [
            "## Game length",
            "",
            f"![game length per variant]({plots['game_length'].name})",
            "",
            "Mean turns and decisions per game with their 95% intervals (± in the table above).",
            "",
        ]
    lines += [
        "All numbers are also in `results.json`.",
        "",
    ]
    return "\n".join(lines)


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
