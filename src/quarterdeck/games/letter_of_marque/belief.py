"""What a captain may believe of a fleet's bases, from public facts only.

Rulebook, "Defenses": only a ship's owner knows whether it is armed. What everybody
sees of a fleet is the order its ships sailed in and the treasure each sailed on ("A
ship leaves": the treasure is turned up *before* the ship is chosen), how many ships
are still in its reserve, and the base of every ship that was attacked ("Attack": the
ship is revealed).

The belief is Bayesian over two unknowns: which of the fleet's ships are armed (every
assignment of the armed bases that agrees with the reveals), and how the owner places
them (a few placement styles, from blind to "the richest treasures get the guns").
Each (style, assignment) is weighed by its prior and by the chance that the style made
exactly those choices, launch by launch, given what was still to sail then. Reveals
sort the styles out: an owner whose revealed guns sat on 6 and 7 is probably guarding
the rich, and its remaining 6 is then more likely armed than its 3.

It ignores what owners do with their ships after they sail (arrivals, attacks): the
belief reads launches and reveals only. It reads plain numbers, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from math import prod

#: What the public knows of one launched ship's base: True armed, False defenceless
#: (it was revealed by an attack), None not known.
Base = bool | None

#: A placement style: the chance that an owner sails an armed ship on ``treasure``,
#: given the treasures still to sail (``treasure`` included, one per reserve ship) and
#: the armed ships left in the reserve (neither all nor none: those choices are forced).
Style = Callable[[int, tuple[int, ...], int], float]


def at_random(treasure: int, to_sail: tuple[int, ...], armed_left: int) -> float:
    """A ship drawn blind from the reserve (what the resampler assumes)."""
    return armed_left / len(to_sail)


def coin(treasure: int, to_sail: tuple[int, ...], armed_left: int) -> float:
    """Either kind of ship, even odds (a captain choosing among the legal actions)."""
    return 0.5


def guards_the_rich(treasure: int, to_sail: tuple[int, ...], armed_left: int) -> float:
    """The guns go with the richest treasures still to sail, as the rulebook's example
    has it (yellow turns up a 7 and "secretly chooses an armed" ship); now and then
    not, to bluff."""
    richest = sorted(to_sail, reverse=True)[:armed_left]
    return 0.9 if treasure in richest else 0.1


@cache
def unreadable(values: tuple[int, ...], armed_ships: int) -> Style:
    """A placement no shot can read: it guards each treasure just often enough that
    every ship is as good a target as any other.

    A shot at a ship on treasure t, armed with chance a, gains (1 − a)·t − a (the
    treasure, or the cannon card given away). That is the same k for every t when
    a(t) = (t − k)/(t + 1), with k set so that the a(t) add up to the armed ships
    (for treasures 3–7 and 2 guns: 0.15, 0.32, 0.44, 0.52, 0.58). The armed set is a
    conditional Bernoulli draw, each treasure with its own odds, fitted so that each
    treasure is armed with chance a(t); at each launch the chance follows from the
    treasures still to sail. Made once per set of treasures (cached), so that beliefs
    made with it share their cache."""
    spread = sum(1 / (t + 1) for t in values)
    k = (sum(t / (t + 1) for t in values) - armed_ships) / spread if spread else 0.0
    target = {t: min(max((t - k) / (t + 1), 0.05), 0.95) for t in values}
    odds = {t: a / (1 - a) for t, a in target.items()}
    if 0 < armed_ships < len(values):
        for _ in range(100):  # fit the odds until each treasure's chance is its a(t)
            for t in values:
                m = _chance_in_set(odds, t, values, armed_ships)
                odds[t] *= (target[t] / (1 - target[t])) / (m / (1 - m))

    def style(treasure: int, to_sail: tuple[int, ...], armed_left: int) -> float:
        return _chance_in_set(odds, treasure, to_sail, armed_left)

    return style


def _chance_in_set(
    odds: dict[int, float], treasure: int, to_sail: Sequence[int], armed: int
) -> float:
    """The chance that ``treasure`` is among ``armed`` treasures of ``to_sail`` drawn
    with these odds: the weight of the sets holding it over that of all sets."""
    others = [odds[t] for t in to_sail if t != treasure]
    all_sets = _symmetric([odds[t] for t in to_sail], armed)
    return odds[treasure] * _symmetric(others, armed - 1) / all_sets


def _symmetric(xs: Sequence[float], k: int) -> float:
    """The elementary symmetric polynomial e_k(xs): the weight of all k-subsets."""
    e = [1.0] + [0.0] * k
    for x in xs:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * x
    return e[k] if k >= 0 else 0.0


def chance_armed(style: Style, treasure: int, to_sail: tuple[int, ...], armed_left: int) -> float:
    """``style``'s chance of an armed ship, with the forced choices settled: no armed
    ship left, or nothing but armed ships left."""
    if armed_left <= 0:
        return 0.0
    if armed_left >= len(to_sail):
        return 1.0
    return style(treasure, to_sail, armed_left)


@dataclass(frozen=True)
class FleetBelief:
    """A fleet's bases as one seat may believe them."""

    #: Per launched ship (launch order): the chance it is armed (1 or 0 once revealed).
    armed: tuple[float, ...]
    #: The armed ships expected still in the reserve.
    reserve_armed: float
    #: Each style's posterior weight (in the order of the styles given).
    styles: tuple[float, ...]
    #: Per treasure still to sail: the chance that a ship sailing next on it is armed
    #: (what a shot at a ship not yet at sea may expect).
    next_armed: tuple[tuple[int, float], ...]

    @property
    def to_sail(self) -> tuple[int, ...]:
        return tuple(t for t, _ in self.next_armed)

    def next_ship_armed(self, treasure: int) -> float:
        return dict(self.next_armed)[treasure]


@lru_cache(maxsize=1 << 16)
def fleet_belief(
    launches: tuple[tuple[int, Base], ...],
    to_sail: tuple[int, ...],
    armed_ships: int,
    styles: tuple[Style, ...],
    prior: tuple[float, ...],
) -> FleetBelief:
    """The belief over a fleet's bases from its ``launches`` (treasure and what is known
    of the base, in launch order) and its treasures ``to_sail`` (one per reserve ship),
    with ``armed_ships`` armed bases in all and ``styles`` weighed by ``prior``.
    Cached: it depends on public facts only, and many decisions share them."""
    values = tuple(sorted([t for t, _ in launches] + list(to_sail)))
    weights: dict[tuple[int, tuple[bool, ...]], float] = {}
    for bases in _assignments(launches, len(to_sail), armed_ships):
        for s, style in enumerate(styles):
            w = prior[s] * _likelihood(style, launches, bases, values, armed_ships)
            if w > 0:
                weights[s, bases] = w
    total = sum(weights.values())
    if not total:  # reveals no style explains (cannot happen with at_random in the mix)
        raise ValueError("no placement style explains these launches")
    armed = [0.0] * len(launches)
    style_weights = [0.0] * len(styles)
    mix: dict[tuple[int, int], float] = {}  # by (style, armed ships left in the reserve)
    for (s, bases), w in weights.items():
        w /= total
        for i, is_armed in enumerate(bases):
            armed[i] += w * is_armed
        style_weights[s] += w
        left = armed_ships - sum(bases)
        mix[s, left] = mix.get((s, left), 0.0) + w
    reserve_armed = sum(left * w for (_, left), w in mix.items())
    to_sail = tuple(sorted(to_sail))
    next_armed = tuple(
        (t, sum(w * chance_armed(styles[s], t, to_sail, left) for (s, left), w in mix.items()))
        for t in to_sail
    )
    return FleetBelief(tuple(armed), reserve_armed, tuple(style_weights), next_armed)


def _assignments(
    launches: tuple[tuple[int, Base], ...], reserve: int, armed_ships: int
) -> list[tuple[bool, ...]]:
    """Every armed/defenceless assignment of the launched ships that keeps the reveals
    and leaves a possible number of armed ships (0 to ``reserve``) in the reserve."""
    choices = [(True, False) if base is None else (base,) for _, base in launches]
    return [bases for bases in product(*choices) if 0 <= armed_ships - sum(bases) <= reserve]


def _likelihood(
    style: Style,
    launches: tuple[tuple[int, Base], ...],
    bases: tuple[bool, ...],
    values: tuple[int, ...],
    armed_ships: int,
) -> float:
    """The chance that ``style`` sailed exactly ``bases`` on the launches' treasures."""
    to_sail = list(values)
    armed_left = armed_ships
    chances = []
    for (treasure, _), is_armed in zip(launches, bases, strict=True):
        p = chance_armed(style, treasure, tuple(to_sail), armed_left)
        chances.append(p if is_armed else 1 - p)
        to_sail.remove(treasure)
        armed_left -= is_armed
    return prod(chances)
