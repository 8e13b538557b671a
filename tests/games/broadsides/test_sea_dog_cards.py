"""The Experienced Sea Dog module, second part: the windows opened at every point of
§1 (SD23), the remaining Dirty Tricks and Reputations (each with its SD27 decision)
and the rulings they bring (house cards ``broadsides-sea-dog-house-cards.md``)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import cast

import pytest

from quarterdeck.ai import make_bot
from quarterdeck.engine import Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from .conftest import BLUE, RED, act, card, ship, texts
from .test_sea_dog import GOOD, PACKAGE, PERFECT, aimed, firing, last, sea_position

PASS = "pass (play no Dirty Trick now)"


@pytest.fixture
def sea_game() -> BroadSides:
    g = get_game("broadsides", {"sea_dog": True})
    assert isinstance(g, BroadSides)
    return g


def window(state: BroadSidesState) -> str | None:
    return state.view(None)["sea_dog"]["window"]  # type: ignore[no-any-return]


def events(state: BroadSidesState, kind: str) -> list[dict[str, object]]:
    return [e for e in state.view(None)["log"] if e["kind"] == kind]


def zone(game: BroadSides, zone_id: str) -> int:
    return game.components.zone_by_id[zone_id]


def target_no(state: BroadSidesState, p: int, i: int) -> int:
    """The number (#) of the i-th Target card in front of ``p``."""
    return int(state.targets[p][i][0]) + 1  # type: ignore[arg-type]


# -- the draft (rulebook: after Zeroing In) ------------------------------------------------


def test_sea_dog_draft_comes_after_zeroing_in_and_before_the_starting_hands(
    sea_game: BroadSides,
) -> None:
    state = sea_game.new_state(2, 3)
    assert isinstance(state, BroadSidesState)
    while state.phase != "reputation":
        state.apply(state.legal_actions()[0])
    assert all(state.sight[p] is not None for p in (RED, BLUE))  # both Zeroed In
    assert state.hands == [[], []]
    while state.phase in ("reputation", "draft"):
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [4, 4]


# -- OWN_DECLARE (SD23) --------------------------------------------------------------------


def test_sd_23_own_declare_opens_after_the_cards_are_chosen_and_before_the_action(
    sea_game: BroadSides,
) -> None:
    blue = ship(hand=["1♥", "2♥", "3♥"])
    state = sea_position(sea_game, ship(hand=["4♠", "5♦", "8♣"]), blue, (["Rum Ration"], []))
    act(state, "Sheer Off", "4♠", "5♦", "done")
    assert window(state) == "OWN_DECLARE:Sheer Off" and texts(state) == [PASS]
    assert len(state.hands[BLUE]) == 3  # not resolved yet
    act(state, PASS)
    assert len(state.hands[BLUE]) == 0


def test_trick_dt21_cut_across_her_bow_takes_2_cards_even_when_n_prime_is_0(
    sea_game: BroadSides,
) -> None:
    # Both Rigging zones hold 1 Sail: two Rigging −1 exposed, so n′ = 0.
    red = ship(hand=["4♠", "5♦", "8♣"], markers={"fore-rigging": 1, "aft-rigging": 1})
    blue = ship(hand=["1♥", "2♥", "3♥", "4♥", "5♥", "6♥"])
    state = sea_position(sea_game, red, blue, (["Cut Across Her Bow"], []))
    act(state, "Sheer Off", "4♠", "5♦", "done", "play Cut Across Her Bow", PASS)
    assert len(state.hands[BLUE]) == 4


def test_trick_dt17_able_seamen_the_same_crewman_repairs_twice_and_stays(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["1♠", "2♠", "9♥"], markers={"fore-rigging": 1})
    state = sea_position(sea_game, red, ship(), (["Able Seamen"], []))
    main, fore = zone(sea_game, "main-deck"), zone(sea_game, "fore-rigging")
    crew = state.markers[RED][main]
    act(state, "Repair", "1♠", "2♠", "done")
    assert window(state) == "OWN_DECLARE:Repair"
    act(state, "play Able Seamen", PASS)
    move = "move a Crewman from the Main Deck to repair the Fore Rigging"
    act(state, move, move)
    assert state.markers[RED][fore] == 3 and state.markers[RED][main] == crew


# -- Reloads: DT05, DT06, REP2 (SD17) -------------------------------------------------------


def test_trick_dt05_powder_boy_loads_a_disc_with_no_card_and_no_action(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠", "7♦"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Powder Boy"], []))
    act(state, "play Powder Boy", "done")  # no disc to return first
    while state.phase == "load":
        state.apply(state.legal_actions()[0])
    assert sum(len(x) for x in state.loaded[RED]) == 1
    assert len(state.hands[RED]) == 2 and state.actions_taken == 0
    assert state.phase == "stage1" and "Aim" in texts(state)


def test_trick_dt06_well_stocked_magazine_takes_the_discs_chosen(sea_game: BroadSides) -> None:
    red = ship(hand=["7♠", "7♦", "2♣"], loaded={"fore": [], "aft": ["chain"]})
    state = sea_position(sea_game, red, ship(), (["Well-Stocked Magazine"], []))
    act(state, "Full Reload", "7♠", "7♦")
    assert window(state) == "OWN_DECLARE:Reload"
    act(state, "play Well-Stocked Magazine", PASS, "done")
    assert state.phase == "magazine"
    act(state, "take a Solid disc from the bag", "take a Canister disc from the bag")
    # the last disc, taken in kind order, can only be a Canister: taken at once
    assert last(state, "draw-shots")["shots"] == [0, 2, 2]


def test_trick_dt06_well_stocked_magazine_never_offers_a_disc_that_leaves_no_way_on(
    sea_game: BroadSides,
) -> None:
    """Discs are taken in kind order (one order for each set of discs), so a disc is
    offered only if enough discs of its kind or later ones remain to finish: taking
    the Canister first from a bag of one Solid and one Canister left no legal move."""
    red = ship(hand=["7♠", "7♦", "2♣"], loaded={"fore": [], "aft": ["chain"]})
    state = sea_position(sea_game, red, ship(), (["Well-Stocked Magazine"], []))
    act(state, "Full Reload", "7♠", "7♦")
    act(state, "play Well-Stocked Magazine", PASS, "done")
    assert state.phase == "magazine"
    solid, canister = 0, 2
    state.bag = [1 if kind in (solid, canister) else 0 for kind in range(len(state.bag))]
    state.touched()
    assert texts(state) == ["take a Solid disc from the bag"]
    act(state, "take a Solid disc from the bag")  # the Canister follows at once
    assert last(state, "draw-shots")["shots"] == [solid, canister]
    assert state.phase != "magazine" and state.legal_actions()


def test_rep2_shrewd_quartermaster_draws_one_more_and_sends_one_back(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠", "7♦", "2♣"], loaded={"fore": ["solid"], "aft": []})
    state = sea_position(sea_game, red, ship(), reputations=("REP2", None))
    bag = sum(state.bag)
    act(state, "Single Shot Reload", "3♠", "7♦", "done")
    drawn = last(state, "sea-quartermaster-draw")["shots"]
    assert len(drawn) == 2
    if state.phase == "quartermaster":  # SD27: right after the draw (one kind: at once)
        state.apply(state.legal_actions()[-1])
    sent = last(state, "sea-quartermaster")["shot"]
    kept = list(drawn)
    kept.remove(sent)
    assert last(state, "draw-shots")["shots"] == kept
    assert sum(state.bag) == bag - 1  # as without the Reputation


def test_sd_17_reputations_apply_to_actions_tricks_create_quartermaster_on_powder_boy(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Powder Boy"], []), ("REP2", None))
    act(state, "play Powder Boy", "done")
    assert len(last(state, "sea-quartermaster-draw")["shots"]) == 2
    assert state.phase == "quartermaster" or events(state, "sea-quartermaster")


# -- Firing: DT03, DT07, REP1 (OWN_F4_START, OWN_F4_END) ----------------------------------------


def test_trick_dt07_double_shotted_an_18_pounder_adds_2_never_above_p(
    sea_game: BroadSides,
) -> None:
    red = ship(gunsight="fore-rigging", targets=GOOD, loaded={"fore": ["chain", "chain"]})
    state = sea_position(sea_game, red, ship(), (["Double-Shotted"], []), phase="stage2")
    act(state, "Fire!", PASS)  # OWN_F2
    assert window(state) == "OWN_F4_END" and state.attack[2] == 1  # 3, Good, Good
    act(state, "play Double-Shotted")
    assert state.attack[2] == 3 and state.loaded[RED][0] == []
    assert "play Double-Shotted" not in texts(state)  # SD13: one Double Shot a Firing


def test_sd_6_double_shotted_adds_to_a_track_already_floored_at_0(
    sea_game: BroadSides,
) -> None:
    misses = [aimed([9, 6], "1♥", 1, "1♦", 1), aimed([6, 6], "1♠", 1, "1♣", 1)]
    red = ship(gunsight="fore-rigging", targets=misses, loaded={"fore": ["chain", "chain"]})
    state = sea_position(sea_game, red, ship(), (["Double-Shotted"], []), phase="stage2")
    act(state, "Fire!", PASS)
    assert state.attack[2] == 0
    act(state, "play Double-Shotted")
    assert state.attack[2] == 2  # from 0, not from the unfloored value


def test_trick_dt03_close_quarters_the_early_target_has_no_effect(sea_game: BroadSides) -> None:
    targets = [{"centre": [2, 2]}, *PERFECT]  # Early, Perfect, Perfect
    red = ship(
        hand=["3♠"],
        gunsight="main-deck",
        targets=targets,
        loaded={"fore": ["canister", "solid"]},
    )
    blue = ship(targets=[aimed([4, 8], "4♥", 4, "8♣", 8)])
    state = sea_position(sea_game, red, blue, (["Close Quarters"], []))
    act(state, "play Close Quarters")  # replaces the Aim: one of the two actions
    assert state.actions_taken == 1 and state.aimed
    act(state, "Hold", "Fire!", "fire the Canister shot")
    assert state.phase == "close-quarters"
    act(state, f"Close Quarters: ignore Target #{target_no(state, RED, 0)}")
    assert last(state, "shot")["damage"] == 6
    assert not events(state, "unaim")  # SD18: no Early-shot loss


def test_sd_3_close_quarters_lets_an_empty_hand_take_another_action_first(
    sea_game: BroadSides,
) -> None:
    blue = ship(markers={"fore-deck": 4})
    state = sea_position(sea_game, ship(hand=[]), blue, (["Close Quarters", "Sharpshooters"], []))
    assert "play Sharpshooters" in texts(state)  # SD24: the Aim is met by Close Quarters
    act(state, "play Sharpshooters", "aim the Dirty Trick at the foe's Fore Deck")
    assert texts(state) == ["play Close Quarters"]  # the second action must Aim


def test_rep1_deadeye_gunner_shifts_an_8_to_7_poor_becomes_good(sea_game: BroadSides) -> None:
    targets = [aimed([6, 6], "6♥", 6, "8♦", 8)]  # (0, 2): Poor (−2)
    red = ship(gunsight="mid-hull", targets=targets)
    state = sea_position(sea_game, red, ship(), reputations=("REP1", None), phase="stage2")
    act(state, "Fire!", "fire the Solid shot")
    assert state.phase == "deadeye"  # SD27: at OWN_F4_START
    n = target_no(state, RED, 0)
    act(state, f"shift the Aim card at the bottom of Target #{n} by −")
    assert last(state, "shot")["damage"] == 3  # 4 − 1 (Good), not 4 − 2
    assert state.targets[RED][0][4] == 8  # the card does not move


def test_sd_18_deadeye_is_not_offered_on_a_target_with_one_aim_card(
    sea_game: BroadSides,
) -> None:
    targets = [{"centre": [6, 6], "left": "6♥", "left_value": 6}]
    red = ship(gunsight="mid-hull", targets=targets)
    state = sea_position(sea_game, red, ship(), reputations=("REP1", None), phase="stage2")
    act(state, "Fire!", "fire the Solid shot")
    assert state.phase != "deadeye" and last(state, "shot")["steps"][-1][0] == "miss"


# -- OWN_ZERO_IN: DT22 Crow's Nest (SD15, SD21) -------------------------------------------------


def test_trick_dt22_crows_nest_draws_5_keeps_3_then_4_keeps_2(sea_game: BroadSides) -> None:
    red = ship(hand=["3♠"])
    state = sea_position(sea_game, red, ship(), (["Crow's Nest"], []))
    act(state, "Change Targets (skip the actions and Zero In anew)", "man the fore cannon")
    act(state, "Zero In on the foe's Main Deck")
    assert window(state) == "OWN_ZERO_IN" and len(state.targets[RED]) == 0
    act(state, "play Crow's Nest")
    assert texts(state) == [PASS]  # SD21: at most one use a Zero In
    act(state, PASS)
    assert state.phase == "crows-nest" and len(state.targets[RED]) == 5
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
    assert len(state.targets[RED]) == 3 and state.sea is not None
    assert state.sea.crows_nest[RED] == 1  # face up, one use left (SD4)
    assert state.view(BLUE)["sea_dog"]["ships"][RED]["crows_nest"] == 1


def test_sd_21_a_face_up_crows_nest_is_asked_about_and_used_a_second_time(
    sea_game: BroadSides,
) -> None:
    red = ship(gunsight="mid-hull", targets=PERFECT)
    state = sea_position(sea_game, red, ship(), phase="stage2")
    assert state.sea is not None
    assert sea_game.sea_dog is not None
    crows = sea_game.sea_dog.trick_index("DT22")
    assert crows is not None
    state.sea.played.append([RED, crows])
    state.sea.crows_nest[RED] = 1  # public, not a secret trick
    act(state, "Fire!", "fire the Solid shot", "done")  # no Evasion
    while state.phase == "tasks":
        state.apply(state.legal_actions()[0])
    act(state, "man the fore cannon", "Zero In on the foe's Fore Hull")
    assert window(state) == "OWN_ZERO_IN" and "play Crow's Nest" in texts(state)
    act(state, "play Crow's Nest", PASS)
    assert len(state.targets[RED]) == 4
    act(state, *[a.text for a in state.legal_actions()[:1]])
    act(state, *[a.text for a in state.legal_actions()[:1]])
    assert len(state.targets[RED]) == 2 and state.sea.crows_nest[RED] == 0


# -- FOE_AIM: DT24 Gust of Wind; DT23 Steady As She Goes (SD16) ------------------------------


def test_trick_dt24_gust_of_wind_discards_the_card_and_the_one_it_replaced(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["6♠", "3♦"], targets=[{"centre": [6, 6], "left": "9♥", "left_value": 9}])
    state = sea_position(sea_game, red, ship(), ([], ["Gust of Wind"]))
    act(state, "Aim", "6♠", f"to the left of Target #{target_no(state, RED, 0)}")
    assert window(state) == "FOE_AIM" and state.current_player == BLUE
    act(state, "play Gust of Wind", PASS)
    assert state.targets[RED][0][1] is None
    assert {card("6♠"), card("9♥")} <= set(state.discards[RED])
    assert state.aimed and "Hold" in texts(state)  # it still was the Aim


def test_trick_dt23_steady_as_she_goes_two_placements_then_a_sheer_off(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["9♠", "6♦", "4♣", "5♥"], targets=[{"centre": [9, 6]}])
    blue = ship(hand=["1♥", "2♥"])
    state = sea_position(sea_game, red, blue, (["Steady As She Goes"], ["Gust of Wind"]))
    n = target_no(state, RED, 0)
    act(state, "play Steady As She Goes", "9♠", f"to the left of Target #{n}", PASS)
    assert "done" in texts(state)  # up to 2 placements, at least 1
    act(state, "6♦", f"to the bottom of Target #{n}", PASS)
    assert state.actions_taken == 1 and state.aimed
    # SD16: each placement was its own FOE_AIM
    assert [e["window"] for e in events(state, "sea-pass")] == ["FOE_AIM", "FOE_AIM"]
    act(state, "Sheer Off", "4♣", "5♥", "done")  # Red holds no trick now: no window
    assert len(state.hands[BLUE]) == 0 and state.phase != "stage1"  # Stage 2 follows


# -- FOE_BROADSIDE: DT13 Boarding Nets; REP6 Thunder of the Guns (SD8) ---------------------------


def test_trick_dt13_boarding_nets_the_defender_ignores_the_chain(sea_game: BroadSides) -> None:
    red = ship(
        hand=["2♠", "5♠", "7♠", "1♦"],
        loaded={"fore": ["solid", "solid"], "aft": ["chain", "canister"]},
    )
    state = sea_position(sea_game, red, ship(), ([], ["Boarding Nets"]))
    act(state, "Broadside", "2♠", "5♠", "7♠", "done")
    while state.phase == "spend-shots":
        legal = texts(state)
        state.apply(next((t for t in legal if "Canister" not in t), legal[0]))
    assert window(state) == "FOE_BROADSIDE" and state.current_player == BLUE
    act(state, "play Boarding Nets", "Boarding Nets: ignore the Chain shot", PASS)
    assert last(state, "broadside-hits")["shots"] == [0, 0]


def test_rep6_thunder_of_the_guns_a_2_card_flush_spends_3_discs(sea_game: BroadSides) -> None:
    red = ship(hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid", "solid"], "aft": ["chain"]})
    state = sea_position(sea_game, red, ship(), reputations=("REP6", None))
    act(state, "Broadside", "2♠", "5♠", "done")
    assert state.phase == "thunder"  # SD27: when declaring, before any disc is spent
    act(state, "Thunder of the Guns: spend one disc more")
    assert last(state, "broadside-hits")["shots"] == [0, 0, 1]


def test_rep6_thunder_the_prompt_counts_the_extra_disc(sea_game: BroadSides) -> None:
    red = ship(
        hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid", "solid"], "aft": ["chain", "solid"]}
    )
    state = sea_position(sea_game, red, ship(), reputations=("REP6", None))
    act(state, "Broadside", "2♠", "5♠", "done", "Thunder of the Guns: spend one disc more")
    # n + 1 = 3 discs of 4: a first Solid is forced (discs are named in order)
    assert state.phase == "spend-shots" and len(state.spent) == 1
    pending = state.pending()
    assert pending is not None and pending.prompt.endswith("choose the shots to spend (2 more)")


def thunder_with(tmp_path: Path, param: str, value: int) -> BroadSides:
    """The module with one of REP6's ``params`` typed in, as a data file would."""
    components = json.loads(resources.files(PACKAGE).joinpath("components.json").read_text())
    cards = json.loads(resources.files(PACKAGE).joinpath("sea_dog.json").read_text("utf-8"))
    next(c for c in cards["cards"] if c["id"] == "REP6")["params"][param] = value
    path = tmp_path / f"{param}-{value}.json"
    path.write_text(json.dumps({**components, "sea_dog": cards}), encoding="utf-8")
    game = get_game("broadsides", {"sea_dog": True, "data": str(path)})
    assert isinstance(game, BroadSides)
    return game


@pytest.mark.parametrize("kept", [0, 1])
def test_rep6_thunder_kept_discs_the_last_named_count_and_stay_in_their_cannon(
    tmp_path: Path, kept: int
) -> None:
    game = thunder_with(tmp_path, "kept_discs", kept)
    red = ship(
        hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid", "solid"], "aft": ["chain", "solid"]}
    )
    state = sea_position(game, red, ship(), reputations=("REP6", None))
    bag = sum(state.bag)
    act(state, "Broadside", "2♠", "5♠", "done", "Thunder of the Guns: spend one disc more")
    act(state, "the Solid shot in the fore cannon", "the Chain shot in the aft cannon")
    assert last(state, "broadside-hits")["shots"] == [0, 0, 1]  # all three count
    chain = game.components.shots.index(next(x for x in game.components.shots if x.name == "Chain"))
    spent = last(state, "spend-shots")
    assert spent.get("kept", []) == [chain] * kept
    # kept 0 (the card as written): all three go back to the bag; kept 1: the Chain
    # named last stays in the aft cannon
    assert sorted(state.loaded[RED][1]) == sorted([0] + [chain] * kept)
    assert sum(state.bag) == bag + 3 - kept
    describe = game.describe_event(spent)
    assert ("The Chain counts but stays loaded" in describe) == bool(kept)


def aim_cards(state: BroadSidesState, seat: int) -> int:
    return sum(
        t[key] is not None
        for t in state.view(None)["ships"][seat]["targets"]
        for key in ("left", "bottom")
    )


def aim_cards_lost_to_a_thunder_broadside(game: BroadSides) -> tuple[int, str]:
    """Red, holding REP6, Broadsides with a 2-card flush that hits; Blue picks the Aim
    cards that go. How many Blue lost, and the hit in the log's words."""
    red = ship(hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    state = sea_position(game, red, ship(targets=PERFECT), reputations=("REP6", None))
    before = aim_cards(state, BLUE)
    act(state, "Broadside", "2♠", "5♠", "done")
    while state.current_player == BLUE:
        state.apply(texts(state)[0])
    hits = last(state, "broadside-hits")
    assert hits["shots"] == [0, 1]
    return before - aim_cards(state, BLUE), game.describe_event(hits)


@pytest.mark.parametrize("more", [0, 1])
def test_rep6_thunder_extra_unaim_the_foe_discards_more_aim_cards(
    tmp_path: Path, more: int
) -> None:
    game = thunder_with(tmp_path, "extra_unaim", more)
    lost, words = aim_cards_lost_to_a_thunder_broadside(game)
    assert lost == 2 + more  # 0 as the card reads
    assert ("Thunder of the Guns: the foe discards 1 more Aim card" in words) == bool(more)


def test_rep6_thunder_ships_with_one_more_aim_card_discarded(sea_game: BroadSides) -> None:
    # house, for balance: the built-in card sets extra_unaim 1 (44.6% as written)
    assert aim_cards_lost_to_a_thunder_broadside(sea_game)[0] == 3


def test_rep6_thunder_extra_aim_card_still_counts_after_boarding_nets(
    sea_game: BroadSides,
) -> None:
    # The flush's size, not n′, says whether Thunder's Broadside was of 2+ cards: after
    # the foe's Boarding Nets one shot hits, and the foe discards 1 + 1 Aim cards.
    red = ship(hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    state = sea_position(
        sea_game, red, ship(targets=PERFECT), ([], ["Boarding Nets"]), reputations=("REP6", None)
    )
    before = aim_cards(state, BLUE)
    act(state, "Broadside", "2♠", "5♠", "done")
    assert window(state) == "FOE_BROADSIDE" and state.current_player == BLUE
    act(state, "play Boarding Nets", "Boarding Nets: ignore the Chain shot")
    while state.current_player == BLUE:
        state.apply(texts(state)[0])
    hits = last(state, "broadside-hits")
    assert hits["shots"] == [0] and hits["thunder_unaim"] == 1
    assert aim_cards(state, BLUE) == before - 2


def test_rep6_thunder_is_not_offered_without_enough_usable_discs(sea_game: BroadSides) -> None:
    red = ship(hand=["2♠", "5♠", "1♦"], loaded={"fore": ["solid"], "aft": ["chain"]})
    state = sea_position(sea_game, red, ship(), reputations=("REP6", None))
    act(state, "Broadside", "2♠", "5♠", "done")
    assert state.phase != "thunder"


# -- DISASTER: DT14 Damage Control (SD10, SD19) -------------------------------------------------


def test_trick_dt14_damage_control_removes_the_disaster_unseen(sea_game: BroadSides) -> None:
    mid = zone(sea_game, "mid-hull")
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=([], ["Damage Control"]),
        blue={"markers": {"mid-hull": 2}},
    )
    token = state.disasters[BLUE][mid]
    act(state, "Fire!", "fire the Solid shot", PASS, "done", PASS)  # FOE_F2, Evasion, FOE_F6
    assert window(state) == "DISASTER" and state.current_player == BLUE
    act(state, "play Damage Control", PASS)
    assert not events(state, "disaster") and events(state, "sea-damage-control")
    assert state.disasters[BLUE][mid] is None and mid in state.disaster_done[BLUE]
    assert state.sea is not None and state.sea.controlled[BLUE] == [token]
    seen = json.dumps(state.view(RED))
    assert '"controlled"' not in seen
    # resampling may put any hidden token there (SD19, SD25)
    others = set()
    for i in range(12):
        world = state.resample(RED, Rng.from_seed(i))
        assert isinstance(world, BroadSidesState) and world.sea is not None
        others.add(tuple(world.sea.controlled[BLUE]))
    assert len(others) > 1


def test_sd_23_disaster_asks_only_the_tokens_owner(sea_game: BroadSides) -> None:
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=(["Rum Ration"], ["Rum Ration"]),
        blue={"markers": {"mid-hull": 2}},
    )
    act(state, "Fire!", "fire the Solid shot", PASS, PASS, PASS, PASS, "done", PASS)
    assert window(state) == "DISASTER" and state.view(None)["sea_dog"]["asking"] == [BLUE]


# -- Crew and repair: DT15, DT16, REP7 (SD5, SD10) -----------------------------------------------


def test_trick_dt15_ships_surgeon_two_crewmen_to_the_fore_deck(sea_game: BroadSides) -> None:
    fore = zone(sea_game, "fore-deck")
    red = ship(hand=["3♠"], markers={"fore-deck": 2})
    state = sea_position(sea_game, red, ship(), (["Ship's Surgeon"], []))
    act(state, "play Ship's Surgeon")
    assert state.markers[RED][fore] == 4 and not state.exposed(RED, fore)
    assert state.actions_taken == 1


def test_sd_5_ships_surgeon_with_one_empty_space_places_one(sea_game: BroadSides) -> None:
    fore = zone(sea_game, "fore-deck")
    red = ship(hand=["3♠"], markers={"fore-deck": 3})
    state = sea_position(sea_game, red, ship(), (["Ship's Surgeon"], []))
    act(state, "play Ship's Surgeon")
    assert state.markers[RED][fore] == 4 and state.actions_taken == 1


def test_trick_dt16_carpenters_mate_two_planks_to_the_aft_hull(sea_game: BroadSides) -> None:
    aft = zone(sea_game, "aft-hull")
    red = ship(hand=["3♠"], markers={"aft-hull": 3, "fore-hull": 3})
    state = sea_position(sea_game, red, ship(), (["Carpenter's Mate"], []))
    assert state.missing_planks(RED) == 4
    act(state, "play Carpenter's Mate")
    act(state, "return a Plank to your Aft Hull")  # the second can only go there: at once
    assert state.markers[RED][aft] == 5 and state.missing_planks(RED) == 2
    assert state.actions_taken == 1  # it was an action


def test_rep7_master_shipwright_one_card_two_moves(sea_game: BroadSides) -> None:
    red = ship(hand=["1♠", "9♥"], markers={"fore-rigging": 1})
    state = sea_position(sea_game, red, ship(), reputations=("REP7", None))
    act(state, "Repair", "1♠", "done")
    assert state.phase == "repair" and state.repairs_left == 2
    act(state, "move a Crewman from the Main Deck to repair the Fore Rigging")
    assert state.phase == "repair" and "stop repairing" in texts(state)  # may skip it


# -- Cards: DT19 Spy Aboard (SD19), REP4, REP8 (b) ------------------------------------------------


def test_trick_dt19_spy_aboard_takes_the_10_and_remembers_the_rest(sea_game: BroadSides) -> None:
    blue = ship(hand=["2♠", "5♦", "5♣", "9♥", "10♠"])
    state = sea_position(sea_game, ship(hand=["3♠"]), blue, (["Spy Aboard"], []))
    act(state, "play Spy Aboard")
    assert state.phase == "spy" and len(texts(state)) == 5
    act(state, "10♠")
    assert len(state.hands[BLUE]) == 4 and state.discards[BLUE][-1] == card("10♠")
    seen = state.view(RED)["sea_dog"]["ships"][BLUE]["hand_seen"]
    assert seen == sorted(state.hands[BLUE])
    assert state.view(BLUE)["sea_dog"]["ships"][BLUE]["hand_seen"] is None
    # SD19: resampling keeps the seen cards in the foe's hand
    for i in range(5):
        assert (
            cast(BroadSidesState, state.resample(RED, Rng.from_seed(i))).hands[BLUE]
            == state.hands[BLUE]
        )


def test_rep4_slippery_as_an_eel_leaves_the_4_uncovered(sea_game: BroadSides) -> None:
    state = firing(
        sea_game, "mid-hull", PERFECT, reputations=(None, "REP4"), blue_hand=["3♠", "4♠"]
    )
    act(state, "Fire!", "fire the Solid shot", "3♠", "4♠", "done")
    assert state.phase == "slippery" and last(state, "evade")["evaded"] == 2
    act(state, "leave 4 uncovered on your Evasion track")
    assert state.covered[BLUE]["evasion"][2] and not state.covered[BLUE]["evasion"][3]


def test_rep8_old_salt_hold_draws_2_keeps_the_9_discards_the_2(sea_game: BroadSides) -> None:
    state = sea_position(sea_game, ship(hand=["3♠"]), ship(), reputations=("REP8", None))
    deck = state.decks[RED]
    for c in (card("9♦"), card("2♣")):
        deck.remove(c)
        deck.append(c)  # the next two draws
    act(state, "Hold")
    assert state.phase == "old-salt" and sorted(texts(state)) == ["2♣", "9♦"]
    assert state.view(BLUE)["sea_dog"]["picked"] is None  # the cards drawn are secret
    act(state, "9♦")
    assert card("9♦") in state.hands[RED] and state.discards[RED][-1] == card("2♣")


# -- SD7: Stout Oak Hull before Brace for Impact -------------------------------------------------


def test_sd_7_brace_for_impact_is_judged_after_stout_oak_hull(sea_game: BroadSides) -> None:
    # Fore Hull 4 Planks, D = 4 (Stout Oak's threshold as shipped, §6): Stout Oak
    # makes it 3, below the 4 markers: no Brace.
    state = firing(
        sea_game,
        "fore-hull",
        PERFECT,
        tricks=([], ["Brace for Impact"]),
        reputations=(None, "REP3"),
        blue={"markers": {"fore-hull": 4}},
    )
    act(state, "Fire!", "fire the Solid shot", PASS, "done")
    assert window(state) == "FOE_F6" and state.attack[2] == 3
    assert texts(state) == [PASS]


# -- more rulings ---------------------------------------------------------------------------------


def test_sd_8_boarding_nets_after_the_firing_player_chose_the_n_prime_discs(
    sea_game: BroadSides,
) -> None:
    # One Cannon −1 on Red's Decks: n′ = 2 of 3; Red picks Solid + Chain, Blue ignores
    # the Solid: one Sail and one Aim card are lost.
    red = ship(
        hand=["2♠", "5♠", "7♠", "1♦"],
        markers={"fore-deck": 2},
        loaded={"fore": ["solid", "solid"], "aft": ["chain", "canister"]},
    )
    state = sea_position(sea_game, red, ship(), ([], ["Boarding Nets"]))
    act(state, "Broadside", "2♠", "5♠", "7♠", "done")
    while state.phase == "spend-shots":
        legal = texts(state)
        state.apply(next((t for t in legal if "Canister" not in t), legal[0]))
    act(state, "the Chain shot takes effect")  # the first, a Solid, is forced
    act(state, "play Boarding Nets", "Boarding Nets: ignore the Solid shot", PASS)
    assert last(state, "broadside-hits")["shots"] == [1]


def test_sd_14_gun_captain_the_newly_manned_cannon_counts_its_own_deck(
    sea_game: BroadSides,
) -> None:
    # The aft Deck holds 2 of 4: one Cannon −1 shows there, none on the Fore Deck.
    red = ship(
        gunsight="mid-hull",
        targets=PERFECT,
        markers={"aft-deck": 2},
        loaded={"fore": ["solid"], "aft": ["solid", "chain"]},
    )
    state = sea_position(sea_game, red, ship(), (["Gun Captain"], []), phase="stage2")
    act(state, "play Gun Captain", "Fire!", "fire the Solid shot")
    assert last(state, "fire")["cannon"] == 1
    assert ["cannon", -1] in last(state, "shot")["steps"]


def test_sd_15_crows_nest_reshuffles_the_target_discard_when_the_deck_runs_out(
    sea_game: BroadSides,
) -> None:
    state = sea_position(sea_game, ship(hand=["3♠"]), ship(), (["Crow's Nest"], []))
    act(state, "Change Targets (skip the actions and Zero In anew)", "man the fore cannon")
    state.target_discards += state.target_deck[2:]
    del state.target_deck[2:]
    act(state, "Zero In on the foe's Main Deck", "play Crow's Nest", PASS)
    assert len(state.targets[RED]) == 5 and events(state, "target-reshuffle")
    before = state.components()
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert len(state.targets[RED]) == 3 and state.components() == before  # to the discard


def test_sd_26_markers_returned_by_a_trick_count_at_the_round_cap(sea_game: BroadSides) -> None:
    red = ship(hand=["3♠"], markers={"aft-hull": 3})
    state = sea_position(sea_game, red, ship(), (["Carpenter's Mate"], []))
    before = state.ship_markers(RED)
    act(state, "play Carpenter's Mate")
    assert state.ship_markers(RED) == before + 2  # fewer markers missing


# -- DT20 Lucky Doubloon (SD9): one card of a use stands as a Wild ---------------------------

DOUBLOON = "play Lucky Doubloon"


def test_trick_dt20_lucky_doubloon_sheer_off_3_spades_7_hearts_naming_the_7_a_4(
    sea_game: BroadSides,
) -> None:
    # The house card's test: the straight is 3-4, so 3 and 4 are covered, 7 is not.
    blue = ship(hand=["1♥", "2♥", "5♣", "6♣", "8♦", "10♦"])
    red = ship(hand=["3♠", "7♥", "9♦"])
    state = sea_position(sea_game, red, blue, (["Lucky Doubloon"], []))
    assert "Sheer Off" not in texts(state)  # 3♠ 7♥ 9♦ hold no straight
    act(state, DOUBLOON)  # played before the use's first card (SD23)
    assert "Sheer Off" in texts(state)  # legal only with the Wild: it may be declared
    act(state, "Sheer Off", "3♠")
    assert texts(state) == ["a Wild as 4"]
    act(state, "a Wild as 4")
    assert sorted(texts(state)) == ["7♥", "9♦"]  # the card that stands for it
    act(state, "7♥", "done")
    covered = state.covered[RED]["sheer-off"]
    assert [v for v in range(1, 11) if covered[v - 1]] == [3, 4]  # 7 stays uncovered
    assert last(state, "sea-lucky") == {
        "kind": "sea-lucky",
        "seat": RED,
        "card": card("7♥"),
        "value": 4,
        "suit": -1,
    }
    assert last(state, "sheer-off")["values"] == [3, 4]
    assert len(state.hands[BLUE]) == 3  # n′ = 2: the foe loses 3
    assert state.sea is not None and DOUBLOON not in texts(state)  # removed from the game


def test_trick_dt20_lucky_doubloon_is_asked_with_the_evasion_a_straight_flush_evades_2(
    sea_game: BroadSides,
) -> None:
    # FOE_F5: 3♣ and the 8♦ as a 4 make a straight; the Wild fits any suit, so it is a
    # straight flush and evades n′ = 2.
    state = firing(
        sea_game, "mid-hull", PERFECT, tricks=([], ["Lucky Doubloon"]), blue_hand=["3♣", "8♦"]
    )
    act(state, "Fire!", "fire the Solid shot", PASS)  # FOE_F2
    assert state.phase == "pick" and state.seat == BLUE
    assert "3♣" not in texts(state) and DOUBLOON in texts(state)
    act(state, DOUBLOON, "3♣", "a Wild as 4", "8♦", "done")
    evade = last(state, "evade")
    assert evade["values"] == [3, 4] and evade["straight_flush"] and evade["evaded"] == 2
    assert state.covered[BLUE]["evasion"][2:4] == [True, True]
    assert not state.covered[BLUE]["evasion"][7]  # the 8 stays uncovered


def test_trick_dt20_lucky_doubloon_a_card_of_another_suit_joins_a_broadside(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠", "7♥", "9♦"])
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []))
    assert "Broadside" not in texts(state)
    act(state, DOUBLOON, "Broadside")
    assert sorted(texts(state)) == sorted(f"a Wild as {x}" for x in "♠♦♥")  # ♣: 1 card
    act(state, "a Wild as ♠")
    assert sorted(texts(state)) == ["7♥", "9♦"]  # not the 3♠: it is a ♠ already
    act(state, "7♥", "3♠", "done")
    assert last(state, "broadside")["cards"] == [card("7♥"), card("3♠")]
    assert state.covered[RED]["broadside"] == [True, False, False, False]  # only ♠
    assert state.phase == "spend-shots"  # 2 discs for 2 cards


def test_trick_dt20_lucky_doubloon_waits_for_the_next_use_and_lasts_that_use(
    sea_game: BroadSides,
) -> None:
    # Played in Stage 1 it waits for the turn's next use where a Wild counts; a Hold is
    # not one. That use over, whatever it did not turn is lost.
    red = ship(hand=["3♠", "7♥", "9♦"])
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    act(state, DOUBLOON, "Hold")
    assert "Sheer Off" in texts(state)
    red = ship(hand=["1♣", "3♠", "7♥", "9♦"])
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []))
    n = target_no(state, RED, 0)
    act(state, DOUBLOON, "Aim", "1♣", f"to the left of Target #{n}")
    assert state.actions_taken == 1 and "Sheer Off" not in texts(state)


def test_trick_dt20_lucky_doubloon_is_not_offered_once_the_cards_are_chosen(
    sea_game: BroadSides,
) -> None:
    # Its OWN_DECLARE windows come too late to choose a card: only a pass is left (SD2:
    # the seat is still asked, as it holds tricks).
    blue = ship(hand=["1♥", "2♥", "3♥"])
    red = ship(hand=["4♠", "5♦", "8♣"])
    state = sea_position(sea_game, red, blue, (["Lucky Doubloon", "Rum Ration"], []))
    act(state, "Sheer Off", "4♠", "5♦", "done")
    assert window(state) == "OWN_DECLARE:Sheer Off" and texts(state) == [PASS]


def test_trick_dt20_lucky_doubloon_comes_before_a_wild_so_a_set_is_offered_once(
    sea_game: BroadSides,
) -> None:
    # With a Wild in hand too, the set {7♥ as 3, Wild as 4} is picked in one order only:
    # the Doubloon's card first, the Wild after it.
    red = ship(hand=["Wild", "7♥", "9♦"])
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    act(state, DOUBLOON, "Sheer Off", "a Wild as 3")
    assert sorted(texts(state)) == ["7♥", "9♦"]  # the Wild alone could not reach a 4
    act(state, "7♥")
    assert "a Wild as 4" in texts(state)
    act(state, "a Wild as 4")  # the Doubloon is used up: the Wild is taken at once
    assert [x[1] for x in state.sel] == [3, 4] and state.phase == "pick"


def test_sd_9_a_lucky_doubloon_may_not_name_a_covered_number_or_suit(
    sea_game: BroadSides,
) -> None:
    # House ruling 1: a number or suit covered on the action's track cannot be named.
    red = ship(hand=["3♠", "7♥", "9♦"], covered={"sheer_off": [4], "broadside": ["spades"]})
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    act(state, DOUBLOON, "Sheer Off")
    options = texts(state)
    assert "a Wild as 4" not in options and "a Wild as 3" not in options
    assert "3♠" not in options  # 3-4 cannot be made
    act(state, "a Wild as 2", "7♥", "3♠", "done")
    assert last(state, "sheer-off")["values"] == [2, 3]
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    act(state, DOUBLOON, "Broadside")
    assert "a Wild as ♠" not in texts(state)


def test_sd_9_deadeye_shifts_a_lucky_doubloon_aim_card_from_its_named_value(
    sea_game: BroadSides,
) -> None:
    # The 2♣ is Aimed as an 8 under a 6 at centre (6, 6): (0, 2), Poor. It stays a Wild
    # named 8 on the Target, and Deadeye shifts it to 7: (0, 1), Good.
    targets = [{"centre": [6, 6], "left": "6♥", "left_value": 6}]
    red = ship(hand=["2♣", "5♠"], gunsight="mid-hull", targets=targets)
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), ("REP1", None))
    n = target_no(state, RED, 0)
    act(state, DOUBLOON, "Aim", "a Wild as 8", "2♣", f"to the bottom of Target #{n}")
    assert state.targets[RED][0][3:] == [card("2♣"), 8]
    act(state, "Hold", "Fire!", "fire the Solid shot")
    assert state.phase == "deadeye"
    act(state, f"shift the Aim card at the bottom of Target #{n} by −")
    assert last(state, "shot")["damage"] == 3  # 4 − 1 (Good), not 4 − 2 (Poor)


def test_sd_9_slippery_may_leave_a_lucky_doubloon_number_uncovered(
    sea_game: BroadSides,
) -> None:
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=([], ["Lucky Doubloon"]),
        reputations=(None, "REP4"),
        blue_hand=["3♣", "8♦"],
    )
    act(state, "Fire!", "fire the Solid shot", PASS, DOUBLOON, "3♣", "a Wild as 4", "8♦", "done")
    assert state.phase == "slippery"
    act(state, "leave 4 uncovered on your Evasion track")  # the number the 8♦ named
    covered = state.covered[BLUE]["evasion"]
    assert [v for v in range(1, 11) if covered[v - 1]] == [3]


def test_sd_9_a_lucky_doubloon_completes_a_full_reload_pair(sea_game: BroadSides) -> None:
    red = ship(hand=["3♠", "7♥", "9♦"], loaded={"fore": ["solid"], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    assert "Full Reload" not in texts(state)
    act(state, DOUBLOON, "Full Reload")
    assert sorted(texts(state)) == ["3♠", "9♦"]  # any card with another above it
    act(state, "3♠", "7♥")
    assert last(state, "reload")["full"] and last(state, "sea-lucky")["card"] == card("7♥")
    assert state.phase == "return-shots"


def test_sd_25_a_redraw_mid_sheer_off_with_the_doubloon_in_play_can_finish(
    sea_game: BroadSides,
) -> None:
    # The Doubloon is played face up before the cards: every hand Blue imagines for Red
    # is one that can finish the straight with it.
    red = ship(hand=["3♠", "7♥", "9♦"])
    state = sea_position(sea_game, red, ship(), (["Lucky Doubloon"], []), aimed=True)
    act(state, DOUBLOON, "Sheer Off", "3♠")
    assert state.view(BLUE)["sea_dog"]["in_play"]["lucky0"] == 1
    for i in range(8):
        other = state.resample(BLUE, Rng.from_seed(i))
        assert other.legal_actions() and other.view(BLUE) == state.view(BLUE)


# -- the heuristic captain (issue 25: bots know the cards) --------------------------------------


def test_sea_dog_heuristic_plays_wet_powder_when_the_foes_shot_is_chosen(
    sea_game: BroadSides,
) -> None:
    state = firing(sea_game, "mid-hull", PERFECT, tricks=([], ["Wet Powder", "Sharpshooters"]))
    act(state, "Fire!", "fire the Solid shot")
    bot = make_bot("heuristic", sea_game, 1)
    assert bot.choose(state).text == "play Wet Powder"
    act(state, "play Wet Powder")
    assert bot.choose(state).text == PASS  # Sharpshooters is kept for its own turn


def test_sea_dog_heuristic_module_games_end_and_play_tricks(sea_game: BroadSides) -> None:
    played = 0
    for seed in range(3):
        state = sea_game.new_state(2, seed)
        assert isinstance(state, BroadSidesState)
        bots = [make_bot("heuristic", sea_game, seed * 2 + i) for i in (0, 1)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        played += len(events(state, "sea-trick"))
    assert played > 0


def test_sd_25_a_redraw_keeps_close_quarters_when_an_empty_hand_must_still_aim(
    sea_game: BroadSides,
) -> None:
    # Red spent her first action with no card: only Close Quarters can Aim now, so
    # every deal Blue imagines for her holds it (else she would have no legal move).
    blue = ship(markers={"fore-deck": 4})
    state = sea_position(sea_game, ship(hand=[]), blue, (["Close Quarters", "Sharpshooters"], []))
    act(state, "play Sharpshooters", "aim the Dirty Trick at the foe's Fore Deck")
    close_quarters = sea_game.sea_dog.trick_index("DT03")  # type: ignore[union-attr]
    for i in range(8):
        other = state.resample(BLUE, Rng.from_seed(i))
        assert isinstance(other, BroadSidesState)
        assert other.sea is not None and close_quarters in other.sea.tricks[RED]
        assert other.legal_actions()
