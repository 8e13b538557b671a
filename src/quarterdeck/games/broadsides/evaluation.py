"""How a BroadSides duel stands: an estimate of who will win an unfinished game.

Search bots stop their rollouts early and ask for this estimate on their
determinizations (full states that look the same to the searching seat), so it may read
the whole state. It is a logistic model on the difference of the two captains' features,
fitted to self-play games (with some moves at random, so that it learns what
mistakes cost) by ``scripts/fit_broadsides_evaluation.py``; the weights live
in ``data/evaluation.json`` with a note of how they were fitted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from .ship import can_use_cannon, exposed, missing_planks, ship_markers, target_result, zone_count
from .table import Position

JSON = Any

#: What each captain is scored on (the model sees Red's minus Blue's).
FEATURES = (
    "markers",  # markers aboard: what the round cap counts
    "sails",
    "crew",
    "planks_left",  # before the ship sinks
    "planks_left_low",  # Planks left, counted only within 4 of sinking
    "officers",  # alive; both lost lose the game
    "ready_damage",  # what the loaded, aimed, manned cannon would deal now
    "loaded_shots",
    "hand",
    "penalties",  # uncovered penalty icons
    "aimed_targets",  # Targets with both Aim cards
    "to_move",  # 1 for the captain whose turn it is
)


def captain_features(state: Position, p: int) -> list[float]:
    c = state.c
    sails = sum(state.markers[p][z] for z in c.zones_of("rigging"))
    crew = sum(zone_count(state, p, z) for z in c.zones_of("deck"))
    planks_left = c.sinking_planks - missing_planks(state, p)
    penalties = sum(
        len(exposed(state, p, z)) - exposed(state, p, z).count("none") for z in range(len(c.zones))
    )
    return [
        float(ship_markers(state, p)),
        float(sails),
        float(crew),
        float(planks_left),
        float(min(planks_left, 4)),
        float(sum(1 for o in state.officers[p] if o != -1)),
        ready_damage(state, p),
        float(sum(len(shots) for shots in state.loaded[p])),
        float(len(state.hands[p])),
        float(penalties),
        float(sum(1 for t in state.targets[p] if t[1] is not None and t[3] is not None)),
        1.0 if state.turn_player == p else 0.0,
    ]


def feature_difference(state: Position) -> list[float]:
    red, blue = captain_features(state, 0), captain_features(state, 1)
    return [r - b for r, b in zip(red, blue, strict=True)]


def ready_damage(state: Position, p: int) -> float:
    """The damage captain ``p``'s manned cannon would deal if it fired now (best shot)."""
    position, zone = state.gunner[p], state.sight[p]
    if position is None or zone is None or not state.loaded[p][position]:
        return 0.0
    if not can_use_cannon(state, p, position):
        return 0.0
    kind = state.cannons[p][position]
    assert kind is not None
    c = state.c
    damage = zone_count(state, 1 - p, zone)
    if all(c.shots[s].hits != c.zones[zone].kind for s in state.loaded[p][position]):
        damage -= 1
    damage -= exposed(state, p, c.deck_of(("fore", "aft")[position])).count("cannon")
    for t in state.targets[p]:
        damage += c.results[target_result(state, kind, t)]
    return float(max(0, damage))


@cache
def weights() -> tuple[float, ...]:
    data = json.loads(
        resources.files(__package__).joinpath("data/evaluation.json").read_text(encoding="utf-8")
    )
    named = data["weights"]
    return tuple(float(named.get(name, 0.0)) for name in FEATURES)


def red_win_chance(state: Position, w: Sequence[float] | None = None) -> float:
    """The model's chance that Red wins (a draw counting half)."""
    w = weights() if w is None else w
    score = sum(a * b for a, b in zip(w, feature_difference(state), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, score))))
