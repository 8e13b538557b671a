"""How a Pirate War game stands: an estimate of who will win an unfinished game.

Search bots stop their rollouts early and ask for this estimate on their
determinizations (full states that look the same to the searching seat), but it reads
public facts only (PW-4.10): stores, treasures aboard and how far they are from home,
gold, the ship's hull, crew and weapons, a lost ship, a missed turn.

Each seat gets a score, a weighted sum of its features (``WEIGHTS``); a seat's chance
to win is its share of ``exp(score)`` over all seats (for two players the logistic of
the difference of the scores). The weights were fitted by
``scripts/fit_pirate_war_evaluation.py``: a logistic model of the two-player winner
on the difference of the captains' features, in heuristic self-play with 15% of the
moves at random (so that it learns what mistakes cost).
"""

from __future__ import annotations

import math

from .damage import has_ship, max_hull
from .table import Play

#: What each captain is scored on.
FEATURES = (
    "store",  # treasures stored: what wins (PW-17.3)
    "aboard",  # treasures aboard, as many as still count towards the goal
    "aboard_home",  # the same, the nearer home the more (1 at the anchorage, 0 from 12 hexes)
    "last_one",  # 1 when the store is one treasure short of the goal
    "ready",  # 1 when the treasures aboard would win once stored
    "gold",  # gold / 10, at most 4 (repairs, crew, weapons, a new ship)
    "hull",  # hull / maximum hull (0 without a ship)
    "crew",  # crew, at most 5 (boarding, plunder losses)
    "weapons",  # weapons, at most 3
    "no_ship",  # the ship is lost: the next turn pays for a new one (PW-19.3)
    "miss",  # "miss next turn" (PW-20.1)
)

#: Hexes from home beyond which treasure aboard counts as merely aboard.
FAR_FROM_HOME = 12

#: The weights, one per feature: fitted (``scripts/fit_pirate_war_evaluation.py``, 600
#: games, held-out log loss 0.506 against a coin's 0.693), then mended where the fit
#: learned what merely goes with the heuristic's play rather than what causes a win:
#: treasure far from home came out below nothing (-0.17: a ship far out with treasure
#: is often sunk), which would teach the search never to plunder, so it is worth a
#: little (and aboard at the anchorage a little less than stored); a lost ship came out above a sound one with no hull (+0.19, offsetting the
#: hull term), so it costs; crew and weapons came out at nothing, so they keep a little.
WEIGHTS = (0.67, 0.1, 0.5, 0.17, 0.9, 0.075, 0.35, 0.05, 0.05, -0.1, -0.1)


def captain_features(p: Play, seat: int) -> list[float]:
    t = p.table
    goal = int(p.options["victory_treasures"])
    need = max(0, goal - t.store[seat])
    aboard = min(t.aboard[seat], need)
    ship = has_ship(t, seat)
    home = p.board.site_anchorage[t.site[seat]] if t.site[seat] >= 0 else -1
    near = 0.0
    if ship and home >= 0:
        near = max(0.0, 1.0 - p.board.distance(t.hex[seat], home) / FAR_FROM_HOME)
    return [
        float(t.store[seat]),
        float(aboard),
        aboard * near,
        1.0 if need == 1 else 0.0,
        1.0 if 0 < need <= aboard else 0.0,
        min(t.gold[seat], 40) / 10,
        t.hull[seat] / max_hull(p, seat) if ship and t.race[seat] >= 0 else 0.0,
        float(min(t.crew[seat], 5)) if ship else 0.0,
        float(min(len(t.weapons[seat]), 3)) if ship else 0.0,
        0.0 if ship else 1.0,
        1.0 if t.miss[seat] else 0.0,
    ]


def score(p: Play, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    return sum(w * x for w, x in zip(weights, captain_features(p, seat), strict=True))


def win_chances(p: Play, weights: tuple[float, ...] = WEIGHTS) -> list[float]:
    """Each seat's chance to win: its share of exp(score), a number in [0, 1]."""
    scores = [score(p, s, weights) for s in range(p.num_players)]
    top = max(scores)
    odds = [math.exp(x - top) for x in scores]
    total = sum(odds)
    return [o / total for o in odds]


def evaluate(p: Play) -> list[float]:
    """The estimate in the units of the game's returns (``scoring.returns``): two
    players ±1 (2 × chance − 1), more players a share of 1 (the chance itself)."""
    chances = win_chances(p)
    if p.num_players == 2:
        return [2 * c - 1 for c in chances]
    return chances
