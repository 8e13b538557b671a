"""The arena's statistics, in one place: Wilson intervals of win rates, rates pooled
over games that share seeds, means with their intervals, and correlation.

Balance reports, tournaments and the benchmarks all read their intervals from here,
so a rate means the same everywhere. Pure Python, no NumPy: these run on a few
thousand numbers at most.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

JSON = Any
#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959964

__all__ = ["Z95", "Rate", "correlation", "mean_interval", "pooled_rate", "wilson"]


def wilson(score: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (95% by default).

    Scores may hold halves (draws): the interval then treats the score as a count of
    successes, which is slightly conservative (a draw varies less than a win or loss)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, score / n))
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """A score out of ``games`` with its 95% Wilson interval. A rate pooled over
    variants that share game seeds sets ``effective``: the number of independent games
    its games are worth (see :func:`pooled_rate`), which the interval uses instead."""

    score: float
    games: int
    effective: float | None = None

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        if self.effective is None or not self.games:
            return wilson(self.score, self.games)
        return wilson(self.rate * self.effective, self.effective)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "score": self.score,
            "games": self.games,
            "rate": self.rate if self.games else None,
            "interval95": list(self.interval),
        }
        if self.effective is not None:
            out["effective_games"] = self.effective
        return out


def pooled_rate(scores: Sequence[tuple[int, float]]) -> Rate:
    """A rate over games of several variants, given as (game index, score).

    Every variant plays game ``i`` from the same seed, so games of one index may be
    alike (two variants that rarely differ play nearly the same games). The games of
    one index are therefore a cluster: the variance of the rate is the cluster-robust
    one, and the interval is Wilson's on the effective number of games, ``games``
    divided by the design effect (that variance over the binomial one; never taken
    below 1, so the interval is never narrower than if all games were independent)."""
    games = len(scores)
    total = sum(score for _, score in scores)
    if not games:
        return Rate(0.0, 0)
    clusters: dict[int, list[float]] = {}
    for index, score in scores:
        clusters.setdefault(index, []).append(score)
    k = len(clusters)
    p = total / games
    binomial = p * (1 - p) / games
    if k < 2:
        return Rate(total, games, 1.0)
    robust = k / (k - 1) * sum((sum(c) - p * len(c)) ** 2 for c in clusters.values()) / games**2
    if binomial <= 0:  # every game won (or lost): count a cluster as one game
        return Rate(total, games, float(k))
    effect = max(1.0, robust / binomial)
    return Rate(total, games, games / effect)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    n = len(values)
    if not n:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation, or ``None`` if either side does not vary."""
    n = len(xs)
    if n < 3:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)
