"""bot.py: the heuristic captain beats random play, reads no hidden information,
ends its games and has a handler for every decision kind."""

from __future__ import annotations

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.bot import DECIDE


def test_every_decision_kind_has_a_handler() -> None:
    assert set(DECIDE) == set(ph.DECISION_KINDS)


def test_game_offers_the_heuristic_bot_and_search_hints() -> None:
    game = PirateWar()
    assert set(game.bots()) == {"heuristic"}
    assert game.rollout_depth is not None and game.rollout_depth > 0


def test_heuristic_beats_random_in_at_least_80_percent_of_two_player_games() -> None:
    """Measured 39 of 40 over seeds 0-39 (seats alternating); 20 seeds here."""
    game = PirateWar()
    wins = 0
    for seed in range(20):
        state = game.new_state(2, seed)
        mine = seed % 2
        bots = {mine: make_bot("heuristic", game, seed), 1 - mine: make_bot("random", game, seed)}
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        wins += state.returns()[mine] > 0
    assert wins >= 16


def test_heuristic_games_always_end_and_stored_treasures_win() -> None:
    game = PirateWar(round_limit=30)
    for seed in range(6):
        players = 2 + seed % 5
        state = game.new_state(players, seed)
        bots = [make_bot("heuristic", game, seed + s) for s in range(players)]
        steps = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
            steps += 1
            assert steps <= game.max_game_length(players)
        stored = [ship["store"] for ship in state.view(None)["ships"]]
        winners = [s for s, r in enumerate(state.returns()) if r > 0]
        assert winners and all(stored[w] == max(stored) for w in winners)


def test_the_choice_is_unchanged_when_what_it_cannot_see_is_redrawn() -> None:
    """Its choice depends only on its view: redealing the other hands and the deck
    (``resample`` for its seat) never changes it, at any decision of a game."""
    game = PirateWar(round_limit=15)
    checked = 0
    for seed in range(4):
        state = game.new_state(3, seed)
        chooser = Rng.from_seed(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            mine = make_bot("heuristic", game, 7).choose(state)
            for k in range(2):
                world = state.resample(seat, Rng.from_seed(100 * seed + k))
                assert make_bot("heuristic", game, 7).choose(world) == mine
            checked += 1
            state.apply(chooser.choice(state.legal_actions()))
    assert checked > 500
