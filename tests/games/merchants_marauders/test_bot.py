"""The heuristic captain: a handler for every decision kind, it beats random play,
it reads nothing its seat cannot know, and games between heuristics end."""

from __future__ import annotations

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng
from quarterdeck.games.merchants_marauders import MerchantsAndMarauders
from quarterdeck.games.merchants_marauders.bot import DECIDE, HeuristicBot
from quarterdeck.games.merchants_marauders.decisions import DECISIONS

GAME = MerchantsAndMarauders()


def test_every_decision_kind_has_a_handler() -> None:
    assert set(DECIDE) == set(DECISIONS)
    assert GAME.bots()["heuristic"] is HeuristicBot


def play(bots: list[str], seed: int) -> list[float]:
    s = GAME.new_state(len(bots), seed)
    players = [make_bot(name, GAME, seed * 10 + i) for i, name in enumerate(bots)]
    bound = GAME.max_game_length(len(bots))
    decisions = 0
    while not s.is_terminal():
        seat = s.current_player
        assert seat is not None
        s.apply(players[seat].choose(s))
        decisions += 1
        assert decisions <= bound
    return s.returns()


def test_the_heuristic_beats_random_play() -> None:
    """Measured: 50 of 50 two-player games won over seeds 0-49 (seat alternating);
    here 20 seeds, of which at least 16 must be won."""
    wins = 0
    for seed in range(20):
        seat = seed % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic"
        wins += play(bots, seed)[seat] > 0
    assert wins >= 16


def test_games_between_heuristics_end() -> None:
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        returns = play(["heuristic"] * players, seed)
        assert sum(returns) == (0.0 if players == 2 else 1.0)


def test_the_heuristic_reads_nothing_hidden() -> None:
    """MM-1.7a: its choice is the same in every state resampled for its seat (other
    captains' gold, stash, glory cards and rumors, decks, face-down tokens)."""
    rng = Rng.from_seed(7)
    checked = 0
    for seed in range(3):
        s = GAME.new_state(3, seed)
        players = [make_bot("heuristic", GAME, i) for i in range(2)] + [make_bot("random", GAME, 2)]
        step = 0
        while not s.is_terminal():
            seat = s.current_player
            assert seat is not None
            action = players[seat].choose(s)
            if seat < 2 and step % 7 == 0:
                for _ in range(3):
                    other = s.resample(seat, rng)
                    assert HeuristicBot(0).choose(other) == action
                    checked += 1
            s.apply(action)
            step += 1
    assert checked > 100


def test_the_cli_default_heuristic_falls_back_to_random_without_one() -> None:
    """``quarterdeck play/sim`` default to ``heuristic``: this game has one; a game
    without one is played by ``random`` (with a note) instead of failing."""
    from quarterdeck.cli import heuristic_or_random

    assert heuristic_or_random(GAME, ["heuristic", "random"]) == ["heuristic", "random"]

    class NoHeuristic(MerchantsAndMarauders):
        def bots(self) -> dict[str, type[HeuristicBot]]:
            return {}

    assert heuristic_or_random(NoHeuristic(), ["heuristic", "ismcts:easy"]) == [
        "random",
        "ismcts:easy",
    ]
