"""Running a balance experiment: every variant one ``simulate`` run on one backend,
with the same run seed (common random numbers), and the results added up: win rates
per seat, of the first player and of each level of a seat factor, with their
intervals (``arena/stats.py``).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.engine import Game, State, get_game

from ..backends import Backend, make_backend
from ..play import GameResult, win_shares
from ..sim import Summary, simulate
from ..stats import Rate, correlation, mean_interval, pooled_rate
from .design import Experiment, Variant

JSON = Any
#: The keys of ``BalanceResults.to_json`` that say how long it took and when (the
#: rest is the same on every machine and number of workers).
TIMING = ("seconds", "games_per_second", "date")


def first_player(game: Game, players: int, result: GameResult) -> int | None:
    """Who went first in a played game, for games whose state says so
    (``State.first_seat``): the record's actions are replayed until it is settled (a
    few setup decisions)."""
    if result.record is None:
        return None
    state = game.new_state(players, result.seed)
    for action_id, _ in result.record["actions"]:
        first = state.first_seat()
        if first is not None:
            return first
        state.apply(action_id)
    return state.first_seat()


def knows_first_player(game: Game, players: int) -> bool:
    """Whether the game's states say who went first (their class overrides
    ``State.first_seat``, whose default never does): only then are the games' records
    kept and replayed."""
    return type(game.new_state(players, 0)).first_seat is not State.first_seat


@dataclass
class VariantResult:
    variant: Variant
    summary: Summary
    shares: dict[int, list[float]] = field(default_factory=dict)  # by game index
    firsts: dict[int, int | None] = field(default_factory=dict)  # who went first, by index
    used: dict[int, bool] = field(default_factory=dict)  # treatment used, by game index

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
            "max_turns": max(self.summary.turns, default=0),
            "interrupted": self.summary.interrupted,
            **({"used": sum(self.used.values())} if self.used else {}),
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
class Lift:
    """A treatment's effect on the treated seat's score: the mean of its per-seed
    differences from the control, with a 95% interval (normal approximation)."""

    mean: float
    low: float
    high: float
    games: int  # seeds paired

    @classmethod
    def of(cls, differences: Sequence[float]) -> Lift:
        """From differences of two scores (each in [0, 1]), so never beyond ±1."""
        mean, low, high = mean_interval(differences)
        return cls(mean, max(-1.0, low), min(1.0, high), len(differences))

    def to_json(self) -> dict[str, JSON]:
        return {"lift": self.mean, "interval95": [self.low, self.high], "games": self.games}


@dataclass
class Treatment:
    """One treatment (a level of the other factors, e.g. a card), given to each
    treated seat in turn: its lift per seat and over the seats (per seed, the mean of
    the seats' differences), and how often it was used in the treated games."""

    level: str
    lift: Lift
    by_seat: dict[int, Lift]
    used: Rate | None  # over every treated game (a seed's games as one cluster)
    used_by_seat: dict[int, Rate]

    def to_json(self, seat_names: Sequence[str]) -> dict[str, JSON]:
        return {
            "level": self.level,
            **self.lift.to_json(),
            "by_seat": {seat_names[s]: lift.to_json() for s, lift in self.by_seat.items()},
            "used": None if self.used is None else self.used.to_json(),
            "used_by_seat": {seat_names[s]: r.to_json() for s, r in self.used_by_seat.items()},
        }


def _lift(treated: VariantResult, control: VariantResult, seat: int) -> dict[int, float]:
    """Per seed (game index) played in both: the seat's score minus its control score."""
    return {
        i: share[seat] - control.shares[i][seat]
        for i, share in treated.shares.items()
        if i in control.shares
    }


def _used_rate(variants: Sequence[VariantResult]) -> Rate | None:
    scores = [(i, float(u)) for v in variants for i, u in v.used.items()]
    return pooled_rate(scores) if scores else None


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

    def treatments(self) -> list[Treatment] | None:
        """Each treatment (the other factors' levels) against its control games, in the
        order of the design; ``None`` unless the experiment has a treatment factor."""
        exp = self.experiment
        at = exp.treatment_factor()
        if at is None:
            return None
        seat_of = dict(zip(exp.factors[at].labels, exp.treated, strict=True))
        groups: dict[tuple[str, ...], dict[int | None, VariantResult]] = {}
        for v in self.variants:
            levels = v.variant.levels
            key = levels[:at] + levels[at + 1 :]
            groups.setdefault(key, {})[seat_of[levels[at]]] = v
        out = []
        for key, cells in groups.items():
            control = cells.get(None)
            treated = {s: v for s, v in cells.items() if s is not None}
            if control is None or not treated:
                continue
            diffs = {s: _lift(v, control, s) for s, v in treated.items()}
            both = set.intersection(*(set(d) for d in diffs.values()))
            pooled = [sum(d[i] for d in diffs.values()) / len(diffs) for i in sorted(both)]
            out.append(
                Treatment(
                    " · ".join(key),
                    Lift.of(pooled),
                    {s: Lift.of(list(d.values())) for s, d in sorted(diffs.items())},
                    _used_rate(list(treated.values())),
                    {
                        s: r
                        for s, v in sorted(treated.items())
                        if (r := _used_rate([v])) is not None
                    },
                )
            )
        return out

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
            "treatments": None
            if (treatments := self.treatments()) is None
            else [t.to_json(self.seat_names) for t in treatments],
        }


def used_action(exp: Experiment, variant: Variant) -> str | None:
    """The action whose playing shows the variant's treatment was used: only in a
    treated variant (not the control) whose levels name one in ``used_when``."""
    at = exp.treatment_factor()
    if at is None or exp.treated[exp.factors[at].labels.index(variant.levels[at])] is None:
        return None
    return next((exp.used_when[x] for x in variant.levels if x in exp.used_when), None)


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
    keep_records = track_first or bool(exp.used_when)
    runner = backend or make_backend("process", workers)
    start = time.perf_counter()
    try:
        for number, (variant, game) in enumerate(zip(variants, games, strict=True)):
            if on_variant is not None:
                on_variant(number, variant)
            shares: dict[int, list[float]] = {}
            firsts: dict[int, int | None] = {}
            used: dict[int, bool] = {}
            use = used_action(exp, variant)

            def collect(
                result: GameResult,
                game: Game = game,
                shares: dict[int, list[float]] = shares,
                firsts: dict[int, int | None] = firsts,
                used: dict[int, bool] = used,
                use: str | None = use,
            ) -> None:
                shares[result.index] = win_shares(result.returns)
                if track_first:
                    firsts[result.index] = first_player(game, players, result)
                if use is not None:
                    used[result.index] = any(text == use for _, text in result.record["actions"])
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
                keep_records=keep_records,
                backend=runner,
            )
            if summary.games:
                results.variants.append(VariantResult(variant, summary, shares, firsts, used))
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
