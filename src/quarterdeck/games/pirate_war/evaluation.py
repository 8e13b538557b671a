"""How a Pirate War game stands: an estimate of each seat's result of an unfinished
game, for search rollouts cut off at ``Game.rollout_depth``.

The search reads it on determinizations (full states that look the same to the
searching seat), but it reads public facts only (PW-4.10). Each seat is worth its
stored treasures (what wins, PW-17.3), half a point per treasure aboard (it may still
be lost on the way home), up to half a point for its hull and a point per 40 gold.
Two players get ± the lead over the victory target, clamped to ±1; more players a
share of 1 by worth.

Measured against a logistic model fitted to heuristic self-play (stores, treasure
aboard and its distance from home, gold, hull, crew, weapons, a lost ship, a missed
turn; held-out log loss 0.506 against a coin's 0.693): the search at ``easy`` won 28
of 38 games against the heuristic with this estimate and 13 of 27 with the fitted
one. The fit rated treasure far from home at nothing or less (a ship far out with
treasure is often sunk), so the search stopped plundering, which is how games are won.
"""

from __future__ import annotations

from .table import Play

#: What a treasure aboard is worth against one stored.
ABOARD = 0.5
#: What a whole hull is worth (in stored treasures).
HULL = 0.5
#: Gold per stored treasure.
GOLD_PER_TREASURE = 40


def worth(p: Play, seat: int) -> float:
    """A seat's standing in stored treasures."""
    t = p.table
    race = t.race[seat]
    hull = t.hull[seat] / p.comp.races[race].hull if race >= 0 else 0.0
    return t.store[seat] + ABOARD * t.aboard[seat] + HULL * hull + t.gold[seat] / GOLD_PER_TREASURE


def evaluate(p: Play) -> list[float]:
    """In the units of the game's returns (``scoring.returns``): two players ± the
    lead over ``victory_treasures`` (clamped to ±1), more players a share of 1."""
    values = [worth(p, s) for s in range(p.num_players)]
    if p.num_players == 2:
        lead = max(-1.0, min(1.0, (values[0] - values[1]) / int(p.options["victory_treasures"])))
        return [lead, -lead]
    total = sum(values) or 1.0
    return [v / total for v in values]
