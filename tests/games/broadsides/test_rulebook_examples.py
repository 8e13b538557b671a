"""The worked examples of the BroadSides rulebook, with their numbers."""

from __future__ import annotations

from quarterdeck.engine import Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from .conftest import BLUE, RED, act, card, position, ship, texts


def test_example_zero_in_blue_mans_her_18_pounder_and_draws_2_targets_for_a_hull_zone() -> None:
    game = get_game("broadsides", {"blue_cannons": "18-pounder+carronade"})
    assert isinstance(game, BroadSides)
    state = game.new_state(2, 3)
    assert isinstance(state, BroadSidesState)
    rng = Rng.from_seed(1)
    while not (state.phase == "zero-in-man" and state.current_player == BLUE):
        state.apply(rng.choice(state.legal_actions()))  # officers, cannons, loading
    p = BLUE
    fore = state.cannons[p][0]
    assert fore is not None
    assert game.components.cannons[fore].id == "18-pounder"
    state.apply("man the fore cannon")
    state.apply("Zero In on the foe's Fore Hull")
    assert state.gunner[p] == 0 and state.sight[p] == game.components.zone_by_id["fore-hull"]
    assert len(state.targets[p]) == 2  # the Hull zone shows 2 Target cards
    assert state.view(None)["ships"][p]["targets"][0]["left"] is None  # face up, no Aim yet


def test_example_aim_red_plays_6_under_the_9_for_a_dead_centre_shot(game: BroadSides) -> None:
    red = ship(hand=["6♣", "2♦"], targets=[{"centre": [9, 6], "left": "9♥"}, {"centre": [2, 2]}])
    state = position(game, red, ship())
    act(state, "Aim", "6♣")
    target = state.targets[RED][0][0]
    assert target is not None
    act(state, f"to the bottom of Target #{target + 1}")
    slot = state.view(RED)["ships"][RED]["targets"][0]
    assert (slot["left_value"], slot["bottom_value"]) == (9, 6)
    assert slot["reads"] == "perfect"  # dead centre for the 18-Pounder


def test_example_broadside_red_7_4_of_spades(game: BroadSides) -> None:
    # Red Broadsides with 7♠ 4♠, spending a Solid and a Chain shot: Blue loses 1 Plank
    # and 1 Sail and, having only one Aim card on her Targets, discards it.
    red = ship(hand=["7♠", "4♠", "2♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    blue = ship(targets=[{"centre": [4, 8], "left": "5♥"}, {"centre": [5, 3]}])
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done")
    # Both shots must be spent: they are the only ones loaded, so nothing is asked.
    # Blue's one Aim card is discarded at once (she has no other); then she chooses
    # where she loses a Plank (Solid) and a Sail (Chain).
    assert state.current_player == BLUE and state.phase == "tasks"
    assert texts(state) == [
        "lose a Plank from the Fore Hull",
        "lose a Plank from the Mid Hull",
        "lose a Plank from the Aft Hull",
    ]
    act(state, "lose a Plank from the Mid Hull")
    assert texts(state) == ["lose a Sail from the Fore Rigging", "lose a Sail from the Aft Rigging"]
    act(state, "lose a Sail from the Aft Rigging")
    zones = game.components.zone_by_id
    assert (
        state.markers[BLUE][zones["mid-hull"]] == 3
        and state.markers[BLUE][zones["aft-rigging"]] == 2
    )
    assert state.missing_planks(BLUE) == 1
    assert all(t[1] is None and t[3] is None for t in state.targets[BLUE])  # the Aim card is gone
    assert card("5♥") in state.discards[BLUE]
    assert state.covered[RED]["broadside"] == [True, False, False, False]  # spades covered
    assert state.current_player == RED and state.phase == "stage1"
    assert texts(state) == ["Aim"]  # the turn's second action must be the Aim


def test_example_sheer_off_blue_7_8_9_10_makes_red_lose_5_of_his_6_cards(game: BroadSides) -> None:
    blue = ship(hand=["7♣", "8♦", "9♠", "10♥", "2♣"])
    red = ship(hand=["1♠", "2♠", "3♠", "4♠", "5♠", "6♠"])
    state = position(game, red, blue, turn_player=BLUE)
    act(state, "Sheer Off", "7♣", "8♦", "9♠", "10♥", "done")
    assert len(state.hands[RED]) == 1  # 4-card straight + 1 = 5 cards lost
    assert len([c for c in state.discards[RED] if c < 10]) == 5
    assert state.covered[BLUE]["sheer-off"] == [False] * 6 + [True] * 4  # 7, 8, 9, 10 covered
    assert state.view(RED)["log"][-1]["foe_discards"] == state.discards[RED]  # pile order


def test_example_sheer_off_with_3_cards_costs_the_foe_4(game: BroadSides) -> None:
    blue = ship(hand=["3♣", "4♦", "5♠", "9♥"])
    red = ship(hand=["1♠", "2♠", "3♠", "4♠", "5♠", "6♠"])
    state = position(game, red, blue, turn_player=BLUE)
    act(state, "Sheer Off", "3♣", "4♦", "5♠", "done")
    assert len(state.hands[RED]) == 2


def test_example_straights_wrap_9_10_1(game: BroadSides) -> None:
    blue = ship(hand=["9♣", "10♦", "1♠", "5♥"])
    red = ship(hand=["1♥", "2♥", "3♥", "4♥", "5♥"])
    state = position(game, red, blue, turn_player=BLUE)
    act(state, "Sheer Off", "9♣", "10♦")
    assert "1♠" in texts(state)
    act(state, "1♠", "done")
    assert len(state.hands[RED]) == 1  # 3 + 1 = 4 lost
    assert [v + 1 for v in range(10) if state.covered[BLUE]["sheer-off"][v]] == [1, 9, 10]


def test_example_single_shot_reload_red_moves_his_solid_and_loads_the_new_canister(
    game: BroadSides,
) -> None:
    # Red discards two unpaired cards, draws a Canister, moves the Solid from his
    # 18-Pounder to his Long Nine and loads the Canister into the 18-Pounder.
    red = ship(
        hand=["2♠", "5♦", "8♣"],
        cannons={"fore": "18-pounder", "aft": "long-nine"},
        loaded={"fore": ["solid"], "aft": []},
    )
    state = position(game, red, ship())
    state.bag = [0, 0, 1]  # only a Canister is left in the bag
    act(state, "Single Shot Reload", "2♠", "5♦", "done")
    assert state.tray == [0, 2]  # the Solid is free to move; the Canister is drawn
    act(state, "load a Solid shot into the aft cannon")  # the Canister has one place left
    assert state.loaded[RED] == [[2], [0]]
    assert state.phase == "stage1" and state.actions_taken == 1


def test_example_full_reload_blue_pair_of_7s_returns_a_chain_and_draws_4(game: BroadSides) -> None:
    blue = ship(
        hand=["7♣", "7♦", "1♠"],
        cannons={"fore": "carronade", "aft": "18-pounder"},
        loaded={"fore": ["chain"], "aft": []},
    )
    state = position(game, ship(), blue, turn_player=BLUE)
    state.bag = [1, 1, 1]  # with the Chain she returns: she draws 1 Solid, 2 Chain, 1 Canister
    act(state, "Full Reload", "7♣", "7♦")
    act(state, "the Chain shot in the fore cannon", "done")
    assert sorted(state.tray) == [0, 1, 1, 2]
    act(
        state,
        "load a Chain shot into the fore cannon",
        "load a Chain shot into the fore cannon",
        "load a Solid shot into the aft cannon",
    )  # the last one, the Canister, has only one place to go
    assert state.loaded[BLUE] == [[1, 1], [0, 2]]


def test_example_repair_blue_three_moves_mend_her_fore_rigging(game: BroadSides) -> None:
    blue = ship(hand=["1♠", "4♦", "6♣", "9♥"], markers={"fore-rigging": 1, "main-deck": 6})
    state = position(game, ship(), blue, turn_player=BLUE)
    zones = game.components.zone_by_id
    act(state, "Repair", "1♠", "6♣", "4♦", "done")  # cards are picked in hand order
    act(state, "move a Crewman from the Main Deck to repair the Fore Rigging")
    act(state, "move a Crewman from the Aft Deck to the Main Deck")
    act(state, "move a Crewman from the Main Deck to repair the Fore Rigging")
    assert state.markers[BLUE][zones["fore-rigging"]] == 3
    assert state.zone_count(BLUE, zones["main-deck"]) == 5
    assert state.zone_count(BLUE, zones["aft-deck"]) == 3
    assert state.phase == "stage1" and state.actions_taken == 1


def firing_example(
    game: BroadSides, red_hand: list[str], red_markers: dict[str, int] | None = None
) -> BroadSidesState:
    """Blue's Firing example: her 18-Pounder (Canister and Solid) at Red's Hull zone
    of 4 Planks, one Cannon −1 exposed on its Deck, Targets 8+7 on (9,7) and 9+6 on
    (9,6)."""
    blue = ship(
        hand=["1♠"],
        cannons={"fore": "18-pounder", "aft": "long-nine"},
        loaded={"fore": ["solid", "canister"], "aft": []},
        gunner="fore",
        gunsight="mid-hull",
        markers={"fore-deck": 2},  # 2 of 4 spaces: the first Cannon −1 shows
        officers={"captain": "main-deck", "first_mate": "aft-deck"},
        targets=[
            {"centre": [9, 7], "left": "8♠", "bottom": "7♦"},
            {"centre": [9, 6], "left": "9♥", "bottom": "6♣"},
        ],
    )
    red = ship(hand=red_hand, markers=red_markers or {})
    return position(game, red, blue, turn_player=BLUE, phase="stage2")


def test_example_firing_blue_deals_exactly_1_damage_after_reds_2_card_evasion(
    game: BroadSides,
) -> None:
    state = firing_example(game, ["3♠", "4♥", "9♦"])
    zones = game.components.zone_by_id
    assert state.exposed(BLUE, zones["fore-deck"]) == ("none", "cannon")
    act(state, "Fire!")
    assert state.attack[1] == 4  # potential damage: 4 Planks in the zone
    act(state, "fire the Solid shot")  # no colour penalty against a Hull
    log = state.view(None)["log"][-1]
    assert log["steps"] == [
        ["cannon", -1],
        ["good", -1, state.targets[BLUE][0][0]],
        ["perfect", 0, state.targets[BLUE][1][0]],
    ]
    assert state.attack[2] == 2
    assert state.current_player == RED and state.phase == "pick"  # Red may Evade
    act(state, "3♠", "4♥", "done")  # an unsuited 2-card straight: −1
    assert state.markers[RED][zones["mid-hull"]] == 3  # exactly 1 damage
    assert state.covered[RED]["evasion"][2:4] == [True, True]
    assert state.current_player == BLUE and state.phase == "zero-in-man"


def test_example_evasion_3_card_straight_flush_evades_3(game: BroadSides) -> None:
    state = firing_example(game, ["3♠", "4♠", "5♠"])
    act(state, "Fire!", "fire the Solid shot")
    state.attack[2] = 3
    act(state, "3♠", "4♠", "5♠", "done")
    assert state.view(None)["log"][-2]["evaded"] == 3


def test_example_evasion_5_card_straight_evades_2(game: BroadSides) -> None:
    state = firing_example(game, ["3♠", "4♥", "5♠", "6♦", "7♣"])
    act(state, "Fire!", "fire the Solid shot")
    act(state, "3♠", "4♥", "5♠", "6♦", "7♣", "done")
    evade = next(e for e in reversed(state.view(None)["log"]) if e["kind"] == "evade")
    assert evade["evaded"] == 2 and not evade["straight_flush"]


def test_example_rigging_penalty_2_card_straight_flush_evades_only_1(game: BroadSides) -> None:
    # One Rigging −1 exposed: the Evasion counts one card fewer.
    state = firing_example(game, ["3♠", "4♠"], red_markers={"fore-rigging": 1})
    assert state.penalty(RED, "rigging") == 1
    act(state, "Fire!", "fire the Solid shot")
    act(state, "3♠", "4♠", "done")
    evade = next(e for e in reversed(state.view(None)["log"]) if e["kind"] == "evade")
    assert evade["evaded"] == 1 and evade["straight_flush"]


def test_changing_targets_discards_them_and_zeroes_in_on_a_different_zone(game: BroadSides) -> None:
    red = ship(
        hand=["2♠"],
        targets=[{"centre": [2, 2], "left": "3♥"}, {"centre": [3, 5]}],
        gunsight="mid-hull",
    )
    state = position(game, red, ship())
    act(state, "Change Targets (skip the actions and Zero In anew)")
    assert state.targets[RED] == [] and card("3♥") in state.discards[RED]
    act(state, "man the aft cannon")
    assert "Zero In on the foe's Mid Hull" not in texts(state)
    act(state, "Zero In on the foe's Main Deck")
    assert len(state.targets[RED]) == 3 and state.gunner[RED] == 1
    assert state.phase == "stage2"  # Stage 1 was skipped; Firing may follow
