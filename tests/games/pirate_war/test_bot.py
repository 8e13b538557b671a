"""bot.py: the heuristic captain beats random play, reads no hidden information,
ends its games and has a handler for every decision kind; its traits in set
positions (chasing a rich ship, digging with the Treasure Map, the downwind run,
boarding). evaluation.py: the search's estimate, its range and what raises it."""

from __future__ import annotations

from quarterdeck.ai import make_bot
from quarterdeck.engine import Bot, Rng
from quarterdeck.games.pirate_war import PirateWar, PirateWarState, evaluation, movement
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.bot import DECIDE

from .conftest import BRETTONIAN, DWARVES, EMPIRE, away, make, push, put

TREASURE_MAP = 9


def heuristic(state: PirateWarState) -> Bot:
    return make_bot("heuristic", state.game, 1)


def sail(state: PirateWarState, seat: int, mode: int) -> list[str]:
    """Begin ``seat``'s movement phase in ``mode`` and let the captain take every step
    of it; the steps taken, by their text."""
    movement.begin(state, seat, mode)
    state.touched()
    bot, steps = heuristic(state), []
    while state.table.pending[-1].kind in (ph.RUN, ph.MOVE):
        action = bot.choose(state)
        steps.append(action.text)
        state.apply(action)
    return steps


def distance(state: PirateWarState, a: int, b: int) -> int:
    return state.board.distance(state.table.hex[a], state.table.hex[b])


def test_every_decision_kind_has_a_handler() -> None:
    assert set(DECIDE) == set(ph.DECISION_KINDS)


def test_game_offers_the_heuristic_bot_and_search_hints() -> None:
    game = PirateWar()
    assert set(game.bots()) == {"heuristic"}
    assert game.rollout_depth is not None and 0 < game.rollout_depth <= 60
    assert game.search_models_play


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


# -- the captain's traits in set positions ------------------------------------------------


def chase_position(my_crew: int) -> PirateWarState:
    """A Dwarf ship (steam: no wind) at (8,5) and a Brettonian with a treasure aboard
    and 2 crew at (12,6), 4 hexes away in open sea."""
    s = make((DWARVES, BRETTONIAN))
    put(s, 0, 8, 5, 1)
    put(s, 1, 12, 6, 1)
    s.table.crew[0], s.table.crew[1] = my_crew, 2
    s.table.aboard[1] = 1
    return s


def test_pw_13_the_captain_chases_a_rich_ship_it_outnumbers_and_boards_it() -> None:
    s = chase_position(my_crew=3)
    sail(s, 0, ph.STEAM)
    assert distance(s, 0, 1) == 1  # alongside the prey
    push(s, ph.BOARD_TARGET, 0)
    assert heuristic(s).choose(s).text == "board Blue"


def test_pw_13_the_captain_leaves_a_rich_ship_with_as_much_crew_to_its_plunder() -> None:
    s = chase_position(my_crew=2)
    before = distance(s, 0, 1)
    sail(s, 0, ph.STEAM)
    assert distance(s, 0, 1) > before  # off to plunder a port instead


def test_pw_13_the_captain_chases_no_ship_at_a_free_port() -> None:
    s = chase_position(my_crew=3)
    put(s, 1, 7, 1, 1)  # an anchorage of the free port at (7,0): sanctuary (PW-14.2)
    assert s.board.free_port_at[s.table.hex[1]] >= 0
    put(s, 0, 8, 4, 1)
    sail(s, 0, ph.STEAM)
    assert distance(s, 0, 1) > 1


def test_pw_13_3_the_captain_boards_as_many_crew_for_a_treasure_only_with_none_aboard() -> None:
    s = chase_position(my_crew=2)
    put(s, 0, 11, 6, 1)  # alongside
    push(s, ph.BOARD_TARGET, 0)
    assert heuristic(s).choose(s).text == "board Blue"
    s.table.aboard[0] = 1  # now it has a treasure of its own to lose
    s.touched()
    assert heuristic(s).choose(s).text == "no boarding"


def map_position(gold: int, holds_map: bool) -> PirateWarState:
    """A Dwarf ship at (9,6), three hexes from the island's anchorages."""
    s = make((DWARVES, BRETTONIAN))
    away(s, 1)
    put(s, 0, 9, 6, 1)
    s.table.gold[0] = gold
    if holds_map:
        s.table.deck.draw_pile.remove(TREASURE_MAP)
        s.table.hands[0] = [TREASURE_MAP]
    return s


def test_pw_18_the_captain_sails_for_the_island_and_digs_when_short_of_gold() -> None:
    s = map_position(gold=4, holds_map=True)
    sail(s, 0, ph.STEAM)
    assert s.board.at_island[s.table.hex[0]]
    push(s, ph.MAIN, 0)
    assert heuristic(s).choose(s).text == "play Treasure Map"


def test_pw_18_without_the_map_or_with_gold_and_a_port_nearer_it_sails_on() -> None:
    s = map_position(gold=4, holds_map=False)
    sail(s, 0, ph.STEAM)
    assert not s.board.at_island[s.table.hex[0]]
    s = map_position(gold=30, holds_map=True)
    put(s, 0, 5, 3, 1)  # nearer the port of site 1 than the island
    sail(s, 0, ph.STEAM)
    assert not s.board.at_island[s.table.hex[0]]


def run_position(site: int) -> PirateWarState:
    """A Brettonian (sail 9) with a treasure aboard at (15,8) facing east, the wind
    blowing east; its home port is site ``site`` (0-based)."""
    s = make((BRETTONIAN, EMPIRE))
    if s.table.site[1] == site:
        s.table.site[1] = s.table.site[0]
    s.table.site[0] = site
    away(s, 1)
    s.table.wind = 1
    put(s, 0, 15, 8, 1)
    s.table.aboard[0] = 1
    return s


def test_pw_10_5_the_captain_runs_downwind_when_straight_ahead_gets_it_home() -> None:
    s = run_position(site=2)  # site 3: its anchorage (25,8), 10 hexes straight east
    steps = sail(s, 0, ph.SAIL)
    assert steps[0] == "declare a downwind run"
    assert s.table.hex[0] == s.board.site_anchorage[2]  # 9 MP would have fallen short


def test_pw_10_5_the_captain_keeps_its_turns_when_home_lies_behind() -> None:
    s = run_position(site=5)  # site 6: its anchorage (1,8), behind the ship
    steps = sail(s, 0, ph.SAIL)
    assert steps[0] == "no downwind run"


# -- the evaluation -------------------------------------------------------------------------


def test_evaluation_is_in_the_units_of_the_returns_at_every_point_of_games() -> None:
    """Two players: ±, summing to 0; more: shares in [0, 1] summing to 1."""
    game = PirateWar(round_limit=20)
    for players in (2, 3, 4):
        state = game.new_state(players, players)
        chooser = Rng.from_seed(players)
        while not state.is_terminal():
            values = game.evaluate(state)
            assert len(values) == players
            if players == 2:
                assert -1 <= values[0] <= 1 and abs(values[0] + values[1]) < 1e-9
            else:
                assert all(0 <= v <= 1 for v in values) and abs(sum(values) - 1) < 1e-9
            state.apply(chooser.choice(state.legal_actions()))
        assert game.evaluate(state) == state.returns()


def test_pw_17_more_treasure_stored_is_worth_more_than_aboard_or_none() -> None:
    s = make((EMPIRE, BRETTONIAN, DWARVES))
    base = evaluation.evaluate(s)[0]
    s.table.aboard[0] = 1
    aboard = evaluation.evaluate(s)[0]
    s.table.aboard[0], s.table.store[0] = 0, 1
    stored = evaluation.evaluate(s)[0]
    assert base < aboard < stored
    values = [stored]
    for n in range(2, 7):  # each treasure banked raises it, up to the last before victory
        s.table.store[0] = n
        values.append(evaluation.evaluate(s)[0])
    assert values == sorted(values) and len(set(values)) == len(values)
    assert values[-1] > 0.6


def test_evaluation_of_two_players_is_the_lead_over_the_target_clamped() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.store[0] = 7  # a lead beyond the target (a test position) stays at 1
    assert evaluation.evaluate(s) == [1.0, -1.0]
    s.table.store[0] = 2
    assert 0 < evaluation.evaluate(s)[0] < 1


def test_evaluation_counts_a_rival_s_store_against_a_seat() -> None:
    s = make((EMPIRE, BRETTONIAN))
    before = evaluation.evaluate(s)[0]
    s.table.store[1] = 3
    assert evaluation.evaluate(s)[0] < before
