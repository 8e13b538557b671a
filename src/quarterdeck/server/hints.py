"""The table's "what should I do?": the hint for the seat to decide, told from that
seat's information only, and the rule that keeps hints out of rated games.

The search is ``quarterdeck.ai.hint``'s IS-MCTS: every iteration plays on
``State.resample(seat, …)``, a position drawn from what the seat may know, so the
answer is the same whatever the hidden cards are (tests/server/test_hint_api.py).
Its budget is the easy bot's, so one hint costs the server a fraction of a second.
"""

from __future__ import annotations

from typing import Any

from quarterdeck.ai.hint import hint
from quarterdeck.ai.ismcts import LEVELS
from quarterdeck.engine import State

JSON = Any
#: Search iterations of one hint: the easy bot's budget, small and bounded.
HINT_ITERATIONS = LEVELS["easy"]
#: Options shown: the suggestion and the next best.
HINT_OPTIONS = 3

RATED_REFUSAL = (
    "hints are off in rated games: a seat here was joined with a player's key "
    "and the creator did not choose the seed or the position"
)


def is_rated(setup_chosen: bool, keyed_seats: list[int]) -> bool:
    """Whether a game counts as rated for hints: a seat was joined with a player's key
    and its creator did not choose the setup (such a game is never rated). This is
    the ratings' own condition, short of whether a rival is rated too: a player
    joined alone is refused hints as well, the simplest rule that never helps a
    rated seat."""
    return bool(keyed_seats) and not setup_chosen


def seat_hint(state: State, seat: int, seed: int) -> dict[str, JSON]:
    """The deciding ``seat``'s options, best first, each with its estimated chance to
    win. ``state`` must be a copy the caller no longer changes (the search runs in a
    thread); ``seed`` must be public (the position's version): never the game's."""
    assert state.current_player == seat, "a hint is for the seat to decide"
    options = hint(state, iterations=HINT_ITERATIONS, seed=seed, top=HINT_OPTIONS)
    return {
        "seat": seat,
        "iterations": HINT_ITERATIONS,
        "options": [
            {
                "action": o.action,
                "action_id": o.action_id,
                "win_chance": round(o.win_probability, 3),
                "visits": o.visits,
            }
            for o in options
        ],
    }
