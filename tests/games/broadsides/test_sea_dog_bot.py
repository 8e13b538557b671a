"""The heuristic captain with the Experienced Sea Dog module (issue 25: bots know the
cards): the draft by preference, the tricks that cost an action played when they beat
the action it would take instead, the free ones when their moment helps, Deadeye's
shift, Crow's Nest's Targets; and module games against it end, the search's too."""

from __future__ import annotations

import pytest

from quarterdeck.ai import make_bot
from quarterdeck.engine import get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from .conftest import BLUE, RED, act, ship, texts
from .test_sea_dog import PERFECT, aimed, firing, last, sea_position

PASS = "pass (play no Dirty Trick now)"


@pytest.fixture
def sea_game() -> BroadSides:
    g = get_game("broadsides", {"sea_dog": True})
    assert isinstance(g, BroadSides)
    return g


def new_state(game: BroadSides, seed: int) -> BroadSidesState:
    state = game.new_state(2, seed)
    assert isinstance(state, BroadSidesState)
    return state


def choice(game: BroadSides, state: BroadSidesState) -> str:
    """What the heuristic captain to move chooses, in words."""
    seat = state.current_player
    assert seat is not None
    return make_bot("heuristic", game, 1).choose(state).text


def bot_plays(game: BroadSides, state: BroadSidesState, until: str) -> list[str]:
    """Let the heuristic play both seats until an event of kind ``until`` is logged;
    the choices it made, in words."""
    made = []
    while not any(e["kind"] == until for e in state.view(None)["log"]):
        text = choice(game, state)
        made.append(text)
        state.apply(text)
    return made


# -- the draft ------------------------------------------------------------------------------


def test_heuristic_keeps_the_reputation_it_prefers_not_the_first_dealt(
    sea_game: BroadSides,
) -> None:
    state = new_state(sea_game, 3)
    while state.phase != "reputation":
        state.apply(state.legal_actions()[0])
    cards = sea_game.sea_dog
    assert cards is not None and state.sea is not None
    offer = [cards.reputation_index(r) for r in ("REP7", "REP4", "REP9")]
    state.sea.rep_offers[RED] = sorted(r for r in offer if r is not None)
    state.touched()
    assert texts(state)[0] == "keep the Reputation Slippery as an Eel"
    assert choice(sea_game, state) == "keep the Reputation Iron Discipline"


def test_heuristic_drafts_the_trick_it_prefers_not_the_first_dealt(sea_game: BroadSides) -> None:
    state = new_state(sea_game, 3)
    while state.phase != "draft":
        state.apply(state.legal_actions()[0])
    cards = sea_game.sea_dog
    assert cards is not None and state.sea is not None
    offer = [cards.trick_index(t) for t in ("DT01", "DT20", "DT04")]
    state.sea.offers[RED][0] = sorted(t for t in offer if t is not None)
    state.touched()
    assert texts(state)[0] == "keep the Dirty Trick Sea Dragon Figurehead"
    assert choice(sea_game, state) == "keep the Dirty Trick Sharpshooters"


# -- tricks that cost an action --------------------------------------------------------------


def test_heuristic_plays_sharpshooters_when_the_foe_has_an_officer_it_can_kill(
    sea_game: BroadSides,
) -> None:
    # The house card's test: the Captain is lost, the First Mate alone on the Aft Deck.
    blue = ship(officers={"captain": "lost", "first_mate": "aft-deck"}, markers={"aft-deck": 1})
    state = sea_position(sea_game, ship(hand=["3♠", "4♠"]), blue, (["Sharpshooters"], []))
    assert choice(sea_game, state) == "play Sharpshooters"
    act(state, "play Sharpshooters")
    assert choice(sea_game, state) == "aim the Dirty Trick at the foe's Aft Deck"
    act(state, "aim the Dirty Trick at the foe's Aft Deck")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_heuristic_keeps_sharpshooters_when_only_a_crewman_would_fall(
    sea_game: BroadSides,
) -> None:
    # Every Deck full: a Crewman's loss uncovers nothing on the foe's manned cannon.
    state = sea_position(sea_game, ship(hand=["3♠", "4♠"]), ship(), (["Sharpshooters"], []))
    assert choice(sea_game, state) != "play Sharpshooters"


def test_heuristic_plays_close_quarters_to_ignore_its_early_target(sea_game: BroadSides) -> None:
    # Two Targets read Perfect and one is empty (Early, −4): ignoring it lets the shot
    # deal all 4, which beats Aiming the 9♠ at it.
    targets = [*PERFECT, {"centre": [2, 2]}]
    red = ship(hand=["9♠"], gunsight="mid-hull", targets=targets)
    state = sea_position(sea_game, red, ship(), (["Close Quarters"], []))
    assert choice(sea_game, state) == "play Close Quarters"
    made = bot_plays(sea_game, state, "shot")
    assert "Fire!" in made
    empty = next(t[0] for t in state.targets[RED] if t[1] is None)
    assert last(state, "sea-ignore-target")["target"] == empty
    assert last(state, "shot")["damage"] == 4


def test_heuristic_plays_carpenters_mate_with_planks_missing(sea_game: BroadSides) -> None:
    red = ship(hand=["3♠"], markers={"fore-hull": 2, "mid-hull": 2, "aft-hull": 3})
    state = sea_position(sea_game, red, ship(), (["Carpenter's Mate"], []))
    assert choice(sea_game, state) == "play Carpenter's Mate"
    act(state, "play Carpenter's Mate")
    while state.phase == "trick-markers":
        state.apply(choice(sea_game, state))
    assert sum(state.markers[RED][z] for z in sea_game.components.zones_of("hull")) == 9


def test_heuristic_plays_steady_as_she_goes_for_two_good_placements(
    sea_game: BroadSides,
) -> None:
    # Two 6s for the empty Target centred (6, 6): one action Aims both.
    targets = [{"centre": [6, 6]}, {"centre": [2, 2]}]
    red = ship(hand=["6♦", "6♣", "10♠"], targets=targets)
    state = sea_position(sea_game, red, ship(), (["Steady As She Goes"], []))
    assert choice(sea_game, state) == "play Steady As She Goes"
    act(state, "play Steady As She Goes")
    while state.actions_taken == 0:
        state.apply(choice(sea_game, state))
    target = next(t for t in state.targets[RED] if t[0] == 4)  # centre (6, 6)
    assert target[2] == 6 and target[4] == 6


# -- free tricks when they help ----------------------------------------------------------------


def test_heuristic_plays_rum_ration_when_the_hand_is_short_and_keeps_it_otherwise(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Rum Ration"], []), phase="stage2")
    act(state, "hold fire")
    assert choice(sea_game, state) == "play Rum Ration"  # 1 + 4 cards: none wasted
    red = ship(hand=["1♠", "3♠", "5♦", "7♣", "9♥"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Rum Ration"], []), phase="stage2")
    act(state, "hold fire")
    assert choice(sea_game, state) == PASS  # 5 + 4 cards: 3 would be discarded


def test_heuristic_plays_powder_boy_when_its_manned_cannon_is_empty(sea_game: BroadSides) -> None:
    red = ship(hand=["3♠", "7♦"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Powder Boy"], []))
    assert choice(sea_game, state) == "play Powder Boy"
    red = ship(hand=["3♠", "7♦"])  # both cannons full
    state = sea_position(sea_game, red, ship(), (["Powder Boy"], []))
    assert choice(sea_game, state) != "play Powder Boy"


def test_heuristic_plays_gun_captain_when_its_manned_cannon_cannot_fire(
    sea_game: BroadSides,
) -> None:
    red = ship(
        hand=["3♠"],
        markers={"fore-deck": 0},  # No-firing shows
        officers={"captain": "main-deck", "first_mate": "aft-deck"},
        loaded={"fore": ["solid"], "aft": ["solid", "chain"]},
    )
    state = sea_position(sea_game, red, ship(), (["Gun Captain"], []), phase="stage2")
    assert choice(sea_game, state) == "play Gun Captain"


def test_heuristic_plays_weather_gauge_with_an_unsuited_straight(sea_game: BroadSides) -> None:
    # 3♠ 4♦ 5♣ evade 1 as a plain straight, 3 with Weather Gauge: D = 4 becomes 1.
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=([], ["Weather Gauge"]),
        blue_hand=["3♠", "4♦", "5♣"],
    )
    act(state, "Fire!", "fire the Solid shot", PASS)  # FOE_F2
    assert state.seat == BLUE and choice(sea_game, state) == "play Weather Gauge"
    bot_plays(sea_game, state, "evade")
    assert last(state, "evade")["evaded"] == 3


DOUBLOON = "play Lucky Doubloon"


def test_heuristic_plays_the_lucky_doubloon_to_evade_with_no_straight_and_keeps_it_otherwise(
    sea_game: BroadSides,
) -> None:
    # DT20 at FOE_F5: 3♣ 8♦ hold no straight; with the 3♣ as a Wild (any suit) the
    # straight flush 7-8 evades n′ = 2 of the 4.
    state = firing(
        sea_game, "mid-hull", PERFECT, tricks=([], ["Lucky Doubloon"]), blue_hand=["3♣", "8♦"]
    )
    act(state, "Fire!", "fire the Solid shot", PASS)  # FOE_F2
    assert state.seat == BLUE and choice(sea_game, state) == DOUBLOON
    bot_plays(sea_game, state, "evade")
    evade = last(state, "evade")
    assert evade["straight_flush"] and evade["evaded"] == 2
    assert last(state, "sea-lucky")["seat"] == BLUE
    # 3♣ 4♣ is a straight flush already: a Wild would make it no longer, so it is kept.
    state = firing(
        sea_game, "mid-hull", PERFECT, tricks=([], ["Lucky Doubloon"]), blue_hand=["3♣", "4♣"]
    )
    act(state, "Fire!", "fire the Solid shot", PASS)
    assert DOUBLOON in texts(state) and choice(sea_game, state) != DOUBLOON


def test_heuristic_plays_the_lucky_doubloon_for_a_sheer_off_only_when_it_takes_more(
    sea_game: BroadSides,
) -> None:
    # DT20 in Stage 1: 2♠ 5♣ 7♥ 9♦ hold no straight; the 2♠ named a 6 makes 5-6-7,
    # n′ = 3: the foe's six cards become two. Against a foe holding one card the
    # Sheer Off takes only that card, which Aiming beats: the Doubloon is kept.
    blue = ship(hand=["1♥", "2♥", "5♣", "6♣", "8♦", "10♦"])
    red = ship(hand=["2♠", "7♥", "9♦", "5♣"])
    state = sea_position(sea_game, red, blue, (["Lucky Doubloon"], []))
    made = []
    while state.actions_taken == 0:
        made.append(choice(sea_game, state))
        state.apply(made[-1])
    assert made == [DOUBLOON, "Sheer Off", "5♣", "a Wild as 6", "2♠", "7♥", "done"]
    assert last(state, "sheer-off")["values"] == [5, 6, 7]
    assert len(state.hands[BLUE]) == 2
    state = sea_position(sea_game, red, ship(hand=["1♥"]), (["Lucky Doubloon"], []))
    assert DOUBLOON in texts(state) and choice(sea_game, state) == "Aim"


def test_heuristic_plays_the_lucky_doubloon_for_a_full_reload_its_hand_cannot_pair(
    sea_game: BroadSides,
) -> None:
    # DT20 makes any two cards a pair: with both cannons empty a Full Reload (every
    # spot drawn) beats a Single Shot Reload (one disc) by more than the trick; with a
    # pair in hand the Full Reload needs no Doubloon, and it is kept.
    empty: dict[str, list[str]] = {"fore": [], "aft": []}
    red = ship(hand=["2♠", "7♥", "9♦", "4♣", "10♥"], loaded=empty)
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []))
    assert "Full Reload" not in texts(state) and choice(sea_game, state) == DOUBLOON
    act(state, DOUBLOON)
    assert choice(sea_game, state) == "Full Reload"
    act(state, "Full Reload")
    while state.actions_taken == 0 and state.phase == "pick":
        state.apply(choice(sea_game, state))
    assert last(state, "sea-lucky")["seat"] == RED  # the pair's later card turned
    red = ship(hand=["2♠", "2♥", "9♦", "4♣", "10♥"], loaded=empty)
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []))
    assert choice(sea_game, state) != DOUBLOON


# -- Reputations and follow-ups -----------------------------------------------------------------


def test_heuristic_deadeye_shifts_the_8_to_7_and_shifts_nothing_on_perfect_targets(
    sea_game: BroadSides,
) -> None:
    # The house card's test: (0, 2) Poor becomes (0, 1) Good.
    targets = [aimed([6, 6], "6♥", 6, "8♦", 8)]
    red = ship(gunsight="mid-hull", targets=targets)
    state = sea_position(sea_game, red, ship(), reputations=("REP1", None), phase="stage2")
    act(state, "Fire!", "fire the Solid shot")
    n = int(state.targets[RED][0][0]) + 1  # type: ignore[arg-type]
    assert choice(sea_game, state) == f"shift the Aim card at the bottom of Target #{n} by −"
    red = ship(gunsight="mid-hull", targets=PERFECT)
    state = sea_position(sea_game, red, ship(), reputations=("REP1", None), phase="stage2")
    act(state, "Fire!", "fire the Solid shot")
    assert state.phase == "deadeye" and choice(sea_game, state) == "shift no Aim card"


def test_heuristic_crows_nest_keeps_the_targets_its_hand_can_aim_at(
    sea_game: BroadSides,
) -> None:
    # Of (2, 2), (7, 9), (6, 7), (5, 6), (6, 6) a hand of 6, 6, 5 aims best at the last three.
    red = ship(hand=["6♠", "6♦", "5♣"])
    state = sea_position(sea_game, red, ship(), (["Crow's Nest"], []))
    drawn = [0, 5, 12, 27, 4]  # Target cards by number − 1, the last drawn first
    state.target_deck = [t for t in state.target_deck if t not in drawn] + drawn
    act(state, "Change Targets (skip the actions and Zero In anew)", "man the fore cannon")
    act(state, "Zero In on the foe's Main Deck")
    assert choice(sea_game, state) == "play Crow's Nest"
    act(state, "play Crow's Nest", PASS)
    while state.phase == "crows-nest":
        state.apply(choice(sea_game, state))
    assert {t[0] for t in state.targets[RED]} == {4, 12, 27}


# -- whole games -------------------------------------------------------------------------------


def test_heuristic_module_games_end_and_play_tricks_that_cost_an_action(
    sea_game: BroadSides,
) -> None:
    actions = {"DT03", "DT04", "DT15", "DT16", "DT23"}
    cards = sea_game.sea_dog
    assert cards is not None
    played = []
    for seed in range(4):
        state = new_state(sea_game, seed)
        bots = [make_bot("heuristic", sea_game, seed * 2 + i) for i in (0, 1)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        assert state.sea is not None
        played += [cards.tricks[t].id for _, t in state.sea.played]
    assert actions & set(played)


def test_ismcts_module_game_against_the_heuristic_ends() -> None:
    # A low iteration count and a short round cap: the search, its resampling of the
    # unknown tricks and its heuristic rollouts, through a whole module game.
    game = get_game("broadsides", {"sea_dog": True, "round_cap": 6})
    state = game.new_state(2, 11)
    bots = [make_bot("ismcts:10", game, 1), make_bot("heuristic", game, 2)]
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_heuristic_owing_its_aim_with_no_card_weighs_only_the_tricks_it_may_play(
    sea_game: BroadSides,
) -> None:
    """After one action with no card left, the Aim still owed can come only from Close
    Quarters (SD3); with another trick that costs an action beside it, the captain
    chose between the two and must not weigh an Aim it cannot take (it raised
    KeyError inside the search's rollouts)."""
    red = ship(hand=[], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Close Quarters", "Gun Captain"], []))
    state.actions_taken = 1
    state.touched()
    assert texts(state) == ["play Close Quarters", "play Gun Captain"]
    choice = make_bot("heuristic", sea_game, 0).choose(state)
    assert choice in state.legal_actions()
