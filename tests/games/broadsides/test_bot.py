"""The heuristic captain: the search's model of sensible play and its yardstick."""

from __future__ import annotations

from quarterdeck.arena.sim import simulate


def test_the_heuristic_captain_beats_a_random_one() -> None:
    """Against random play, seats rotating, it wins nearly every duel (the strength
    ladder in docs/strength: 100 of 100)."""
    summary = simulate("broadsides", 2, 20, ["heuristic", "random"], seed=7, workers=1).to_json()
    assert summary["games"] == 20
    assert summary["bot_win_rate"]["heuristic"] >= 0.9
