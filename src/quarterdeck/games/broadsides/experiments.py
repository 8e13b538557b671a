"""The designed experiments BroadSides offers balance reports (``Game.experiments``).

``cannon-pairs``: every Red cannon pair against every Blue one, through the
``red_cannons`` and ``blue_cannons`` options (the pairs set openly at setup). Plain data
for the arena; this module imports only the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from quarterdeck.engine.game import ExperimentDesign

CANNON_PAIRS_NOTE = (
    "**Cannon pairs**: the options `red_cannons` and `blue_cannons` give each "
    "captain a pair openly at setup instead of the secret choice of the rules. A "
    "pair is FORE+AFT, so `long-nine+carronade` and `carronade+long-nine` are two "
    "pairs: a cannon's penalties depend on the Deck it stands on."
)


def cannon_pairs(pairs: Mapping[str, tuple[int, int]], unordered: bool) -> ExperimentDesign:
    """Every Red pair × every Blue pair of ``pairs`` (``BroadSides.cannon_pairs()``:
    FORE+AFT names with the cannons' indices); ``unordered``: one of each pair,
    whichever Deck holds which cannon."""
    names = [name for name, (fore, aft) in pairs.items() if not unordered or fore <= aft]
    levels = tuple((name, name) for name in names)
    note = CANNON_PAIRS_NOTE + (" (Here `--unordered`: one of each.)" if unordered else "")
    return ExperimentDesign(
        factors=(("red_cannons", levels, "Red"), ("blue_cannons", levels, "Blue")),
        seat_factors=True,
        level_noun="cannon pair",
        notes=(note,),
    )
