"""The Experienced Sea Dog module (rulebook: Experienced Sea Dog; house cards
``broadsides-sea-dog-house-cards.md``): the option, the cards as data, the draft, the
windows (§1, SD1–SD3, SD23) and the cards whose rules are written, each test named
after its card or ruling."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from quarterdeck.engine import DataFileError, Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState
from quarterdeck.games.broadsides.firing import start_stage2
from quarterdeck.games.broadsides.table import Sea

from .conftest import BLUE, RED, act, position, ship, texts

PACKAGE = "quarterdeck.games.broadsides.data"


@pytest.fixture
def sea_game() -> BroadSides:
    g = get_game("broadsides", {"sea_dog": True})
    assert isinstance(g, BroadSides)
    return g


def sea_position(
    game: BroadSides,
    red: dict[str, Any],
    blue: dict[str, Any],
    tricks: tuple[list[str], list[str]] = ([], []),
    reputations: tuple[str | None, str | None] = (None, None),
    **rest: Any,
) -> BroadSidesState:
    """A scenario with the draft done: each captain's secret tricks and Reputation
    (``phase="stage2"``: Red has taken her two actions, Stage 2 begins)."""
    stage2 = rest.pop("phase", "stage1") == "stage2"
    state = position(game, red, blue, **rest)
    cards = game.sea_dog
    assert cards is not None
    sea = Sea()
    sea.revealed = True
    sea.rounds = [3, 3]
    for p in (RED, BLUE):
        by_name = {t.name: t.index for t in cards.tricks}
        sea.tricks[p] = [by_name[name] for name in tricks[p]]
        sea.kept[p] = list(sea.tricks[p])
        rep = reputations[p]
        sea.reputation[p] = None if rep is None else cards.reputation_index(rep)
    state.sea = sea
    if stage2:
        state.actions_taken, state.aimed = 2, True
        start_stage2(state)
    state.touched()
    return state


def aimed(centre: list[int], left: str, left_value: int, bottom: str, bottom_value: int) -> Any:
    return {
        "centre": centre,
        "left": left,
        "left_value": left_value,
        "bottom": bottom,
        "bottom_value": bottom_value,
    }


# Two Target cards aimed dead centre: Perfect (0) for an 18-Pounder.
PERFECT = [aimed([9, 6], "9♥", 9, "6♦", 6), aimed([6, 6], "6♥", 6, "6♣", 6)]
# Two Target cards one off: Good (−1) each for an 18-Pounder.
GOOD = [aimed([9, 6], "9♥", 9, "7♦", 7), aimed([6, 6], "6♥", 6, "7♣", 7)]


def firing(
    game: BroadSides,
    zone: str,
    targets: list[Any],
    tricks: tuple[list[str], list[str]] = ([], []),
    reputations: tuple[str | None, str | None] = (None, None),
    blue_hand: list[str] | None = None,
    blue: dict[str, Any] | None = None,
) -> BroadSidesState:
    """Red at Stage 2, her manned fore 18-Pounder holding Solid and Chain."""
    red = ship(gunsight=zone, targets=targets)
    return sea_position(
        game,
        red,
        ship(hand=blue_hand or [], **(blue or {})),
        tricks,
        reputations,
        phase="stage2",
    )


def last(state: BroadSidesState, kind: str) -> dict[str, Any]:
    return next(e for e in reversed(state.view(None)["log"]) if e["kind"] == kind)


# -- the option and the cards as data ---------------------------------------------------------


def test_sea_dog_is_an_option_off_by_default_and_the_base_game_is_unchanged(
    game: BroadSides, sea_game: BroadSides
) -> None:
    spec = next(o for o in game.option_specs if o.name == "sea_dog")
    assert spec.default is False and spec.house
    assert game.sea_dog is None and "sea_dog" not in game.raw_data
    base = [a.text for a in game.action_space.actions]
    assert [a.text for a in sea_game.action_space.actions][: len(base)] == base  # ids kept
    state = game.new_state(2, 5)
    assert isinstance(state, BroadSidesState)
    assert state.sea is None and "sea" not in state.to_json()["state"]
    assert "sea_dog" not in state.view(0)
    assert len(state.observation(0)) < len(sea_game.new_state(2, 5).observation(0))
    assert not sea_game.is_custom_data  # the house cards are built in


def test_sea_dog_data_file_holds_9_reputations_and_24_tricks_with_the_section_7_fields() -> None:
    raw = json.loads(resources.files(PACKAGE).joinpath("sea_dog.json").read_text("utf-8"))
    fields = {"id", "kind", "name", "category", "window", "cost", "uses", "requires", "effect"}
    kinds = [c["kind"] for c in raw["cards"]]
    assert kinds.count("reputation") == 9 and kinds.count("dirty_trick") == 24
    for card in raw["cards"]:
        assert fields <= set(card) and card["house"] is True, card["id"]
        assert all(isinstance(v, int) for v in card["params"].values())
    crows = next(c for c in raw["cards"] if c["id"] == "DT22")
    assert crows["uses"] == 2  # SD21


def test_sea_dog_data_a_data_file_with_its_own_sea_dog_records_replaces_the_cards(
    tmp_path: Path,
) -> None:
    components = json.loads(resources.files(PACKAGE).joinpath("components.json").read_text())
    cards = json.loads(resources.files(PACKAGE).joinpath("sea_dog.json").read_text("utf-8"))
    rum = next(c for c in cards["cards"] if c["id"] == "DT18")
    rum["params"]["draw"] = 5  # a knob turned: every number is read from params
    path = tmp_path / "printed.json"
    path.write_text(json.dumps({**components, "sea_dog": cards}), encoding="utf-8")
    g = get_game("broadsides", {"sea_dog": True, "data": str(path)})
    assert isinstance(g, BroadSides)
    assert g.sea_dog is not None and g.is_custom_data
    assert g.sea_dog.tricks[g.sea_dog.trick_index("DT18") or 0].param("draw") == 5
    rum["window"] = ["SOMETIME"]
    path.write_text(json.dumps({**components, "sea_dog": cards}), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"sea_dog\.cards\[\d+\]\.window"):
        get_game("broadsides", {"sea_dog": True, "data": str(path)})


# -- the draft (rulebook: Reputation Setup, Dirty Tricks Setup; §4 Draft; SD22) -----------------


def test_sea_dog_draft_deals_3_reputations_then_three_rounds_of_3_tricks_keep_1(
    sea_game: BroadSides,
) -> None:
    state = sea_game.new_state(2, 11)
    assert isinstance(state, BroadSidesState)
    chooser = Rng.from_seed(3)
    while state.phase not in ("reputation",):
        state.apply(chooser.choice(state.legal_actions()))
    sea = state.sea
    assert sea is not None
    assert len(sea.rep_offers[RED]) == 3 and not set(sea.rep_offers[RED]) & set(
        sea.rep_offers[BLUE]
    )
    assert len(texts(state)) == 3 and all(t.startswith("keep the Reputation") for t in texts(state))
    state.apply(state.legal_actions()[0])
    # Red's choice is secret until both have chosen
    assert state.view(BLUE)["sea_dog"]["ships"][RED]["reputation"] is None
    state.apply(state.legal_actions()[0])
    assert state.view(BLUE)["sea_dog"]["ships"][RED]["reputation"] is not None
    while state.phase == "draft":
        assert len(state.legal_actions()) == 3
        state.apply(chooser.choice(state.legal_actions()))
    assert [len(t) for t in sea.tricks] == [3, 3]
    seen = {t for p in (RED, BLUE) for offer in sea.offers[p] for t in offer}
    assert len(seen) == 18  # 18 of the 24 were dealt, all distinct
    assert state.phase == "stage1"
    assert state.view(RED)["sea_dog"]["ships"][BLUE]["tricks"] is None
    assert state.view(RED)["sea_dog"]["ships"][BLUE]["tricks_held"] == 3


def test_sea_dog_draft_a_round_is_seen_only_once_both_kept_from_the_one_before(
    sea_game: BroadSides,
) -> None:
    state = sea_game.new_state(2, 4)
    assert isinstance(state, BroadSidesState)
    while state.phase != "draft":
        state.apply(state.legal_actions()[0])
    assert len(state.view(RED)["sea_dog"]["ships"][RED]["tricks_dealt"]) == 1
    state.apply(state.legal_actions()[0])  # Red keeps; Blue has not yet
    assert len(state.view(RED)["sea_dog"]["ships"][RED]["tricks_dealt"]) == 1
    state.apply(state.legal_actions()[0])
    assert len(state.view(RED)["sea_dog"]["ships"][RED]["tricks_dealt"]) == 2


# -- windows (SD1, SD2, SD3, SD23) --------------------------------------------------------------


def test_sd_2_a_seat_holding_any_trick_is_asked_in_a_window_even_when_none_fits(
    sea_game: BroadSides,
) -> None:
    # Blue holds only Rum Ration (OWN_S3): at Red's step 2 she is still asked, and can
    # only pass; Red, holding nothing, is not asked at her own step 2.
    state = firing(sea_game, "mid-hull", PERFECT, tricks=([], ["Rum Ration"]))
    act(state, "Fire!", "fire the Solid shot")
    assert state.phase == "window" and state.current_player == BLUE
    assert texts(state) == ["pass (play no Dirty Trick now)"]
    assert state.view(RED)["sea_dog"]["window"] == "FOE_F2"
    act(state, "pass (play no Dirty Trick now)")
    assert last(state, "sea-pass") == {"kind": "sea-pass", "seat": BLUE, "window": "FOE_F2"}


def test_sd_2_windows_ask_alike_whichever_tricks_are_held(sea_game: BroadSides) -> None:
    """§4 No leaks: two states differing only in Blue's secret tricks give Red the same
    views and the same sequence of deciders while Blue only passes."""
    runs = []
    for held in (["Wet Powder", "Brace for Impact"], ["Rum Ration", "Gust of Wind"]):
        state = firing(sea_game, "mid-hull", PERFECT, tricks=([], held), blue_hand=["2♠"])
        seen = []
        while state.phase != "zero-in-man":
            seen.append((state.current_player, json.dumps(state.view(RED), sort_keys=True)))
            legal = texts(state)
            choice = (
                "pass (play no Dirty Trick now)"
                if "pass (play no Dirty Trick now)" in legal
                else legal[0]
            )
            if state.phase == "stage2":
                choice = "Fire!"
            state.apply(choice)
        runs.append(seen)
    assert runs[0] == runs[1]


def test_sd_3_a_trick_that_costs_an_action_is_one_of_the_two(sea_game: BroadSides) -> None:
    # Sharpshooters as the first action: the second must then be the Aim.
    blue = ship(markers={"fore-deck": 4})
    state = sea_position(sea_game, ship(hand=["3♠", "5♦"]), blue, (["Sharpshooters"], []))
    assert "play Sharpshooters" in texts(state)
    act(state, "play Sharpshooters", "aim the Dirty Trick at the foe's Fore Deck")
    assert state.markers[BLUE][sea_game.components.zone_by_id["fore-deck"]] == 3
    assert state.actions_taken == 1 and texts(state) == ["Aim"]


def test_sd_3_no_action_trick_first_with_an_empty_hand(sea_game: BroadSides) -> None:
    # With no card the turn's Aim needs Hold first (SD24): Sharpshooters is not offered.
    state = sea_position(sea_game, ship(hand=[]), ship(), (["Sharpshooters"], []))
    assert "play Sharpshooters" not in texts(state)


def test_sd_23_a_free_trick_in_stage_1_takes_stage_1_so_no_changing_targets(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠", "5♦"])
    state = sea_position(sea_game, red, ship(), (["Gun Captain"], []))
    assert "Change Targets (skip the actions and Zero In anew)" in texts(state)
    act(state, "play Gun Captain")
    assert state.gunner[RED] == 1 and state.actions_taken == 0
    assert "Change Targets (skip the actions and Zero In anew)" not in texts(state)


def test_sd_23_stage_2_is_asked_of_a_trick_holder_even_when_it_cannot_fire(
    sea_game: BroadSides,
) -> None:
    # Red's fore cannon is empty: without tricks Stage 2 is skipped; with one it is asked.
    red = ship(hand=["3♠"], loaded={"fore": [], "aft": ["solid"]})
    plain = sea_position(sea_game, dict(red), ship(), phase="stage2")
    assert plain.phase == "stage1" and plain.current_player == BLUE  # Stage 3 done
    state = sea_position(sea_game, dict(red), ship(), (["Rum Ration"], []), phase="stage2")
    assert state.phase == "stage2" and texts(state) == ["hold fire"]


# -- the tricks --------------------------------------------------------------------------------


def test_trick_dt08_gun_captain_lets_the_other_cannon_fire(sea_game: BroadSides) -> None:
    # The Fore Deck is empty (No-firing shows); the aft cannon is loaded.
    red = ship(
        hand=["3♠"],
        markers={"fore-deck": 0},
        officers={"captain": "main-deck", "first_mate": "aft-deck"},
        loaded={"fore": ["solid"], "aft": ["solid", "chain"]},
    )
    state = sea_position(sea_game, red, ship(), (["Gun Captain"], []), phase="stage2")
    assert texts(state) == ["hold fire", "play Gun Captain"]
    act(state, "play Gun Captain")
    assert state.gunner[RED] == 1 and "Fire!" in texts(state)  # SD14: the same Targets


def test_trick_dt02_red_hot_shot_a_solid_at_a_full_main_deck_keeps_d_6(
    sea_game: BroadSides,
) -> None:
    state = firing(sea_game, "main-deck", PERFECT, tricks=(["Red-Hot Shot"], []))
    act(state, "Fire!", "fire the Solid shot", "play Red-Hot Shot")
    act(state, "pass (play no Dirty Trick now)")
    shot = last(state, "shot")
    assert ["colour", -1] not in shot["steps"] and shot["damage"] == 6


def test_trick_dt11_sd_12_wet_powder_wins_over_red_hot_shot(sea_game: BroadSides) -> None:
    state = firing(sea_game, "main-deck", PERFECT, tricks=(["Red-Hot Shot"], ["Wet Powder"]))
    act(state, "Fire!", "fire the Solid shot", "play Red-Hot Shot")
    act(state, "pass (play no Dirty Trick now)")  # Red's OWN_F2 closes
    assert state.current_player == BLUE and "play Wet Powder" in texts(state)
    act(state, "play Wet Powder", "pass (play no Dirty Trick now)")
    shot = last(state, "shot")
    assert shot["steps"][0] == ["colour", -1] and shot["damage"] == 5  # once, not twice


def test_trick_dt11_wet_powder_a_matching_disc_counts_as_not_matching(
    sea_game: BroadSides,
) -> None:
    state = firing(sea_game, "mid-hull", PERFECT, tricks=([], ["Wet Powder"]))
    act(state, "Fire!", "fire the Solid shot")
    act(state, "play Wet Powder", "pass (play no Dirty Trick now)")
    assert last(state, "shot")["damage"] == 3  # the Mid Hull's 4, less the colour


def test_trick_dt01_sea_dragon_forbids_the_evasion_but_not_hard_a_port(
    sea_game: BroadSides,
) -> None:
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=(["Sea Dragon Figurehead"], ["Hard a-Port"]),
        blue_hand=["4♣", "5♣", "6♣"],
    )
    act(state, "Fire!", "fire the Solid shot")  # Red's OWN_F2 and Blue's FOE_F2
    act(state, "pass (play no Dirty Trick now)", "pass (play no Dirty Trick now)")
    assert state.view(RED)["sea_dog"]["window"] == "OWN_F4_END"
    act(state, "pass (play no Dirty Trick now)")
    assert state.attack[2] == 4 and state.current_player == RED  # OWN_F5
    act(state, "play Sea Dragon Figurehead", "pass (play no Dirty Trick now)")
    assert "play Hard a-Port" in texts(state)  # FOE_F5: still allowed (DT09)
    act(state, "play Hard a-Port")
    assert state.attack[2] == 3
    act(state, "pass (play no Dirty Trick now)")
    assert state.phase != "pick"  # no Evasion offered: straight to the markers
    assert last(state, "damage")["damage"] == 3


def test_trick_dt09_hard_a_port_lowers_d_by_1_and_the_evasion_still_follows(
    sea_game: BroadSides,
) -> None:
    state = firing(sea_game, "mid-hull", PERFECT, tricks=([], ["Hard a-Port"]), blue_hand=["2♠"])
    act(state, "Fire!", "fire the Solid shot", "pass (play no Dirty Trick now)")  # FOE_F2
    # FOE_F5 is merged with the Evasion (SD23): Hard a-Port is one of its choices
    assert state.phase == "pick" and state.current_player == BLUE
    assert state.attack[2] == 4 and "play Hard a-Port" in texts(state)
    act(state, "play Hard a-Port")
    assert state.attack[2] == 3 and state.phase == "pick"  # the Evasion still follows
    assert "play Hard a-Port" not in texts(state) and "done" in texts(state)


def test_trick_dt10_weather_gauge_an_unsuited_straight_evades_as_a_straight_flush(
    sea_game: BroadSides,
) -> None:
    # One Rigging −1 exposed: n′ = 2, so D − 2 instead of D − 1.
    blue = {"markers": {"fore-rigging": 1}}
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=([], ["Weather Gauge"]),
        blue_hand=["3♠", "4♥", "5♦"],
        blue=blue,
    )
    act(state, "Fire!", "fire the Solid shot", "pass (play no Dirty Trick now)")
    assert state.phase == "pick" and state.current_player == BLUE  # FOE_F5 merged
    act(state, "play Weather Gauge", "3♠", "4♥", "5♦", "done")
    evade = last(state, "evade")
    assert evade["evaded"] == 2 and evade["damage"] == 2


def test_trick_dt12_brace_for_impact_the_zone_keeps_one_marker(sea_game: BroadSides) -> None:
    # Blue's Mid Hull has 2 Planks and D = 2: she loses 1, keeps 1, no Disaster.
    state = firing(
        sea_game,
        "mid-hull",
        PERFECT,
        tricks=([], ["Brace for Impact"]),
        blue={"markers": {"mid-hull": 2}},
    )
    mid = sea_game.components.zone_by_id["mid-hull"]
    act(state, "Fire!", "fire the Solid shot", "pass (play no Dirty Trick now)")
    assert state.phase == "pick"  # FOE_F5, merged with the Evasion
    act(state, "done")  # no Evasion
    assert state.view(BLUE)["sea_dog"]["window"] == "FOE_F6"
    act(state, "play Brace for Impact", "pass (play no Dirty Trick now)")
    assert state.zone_count(BLUE, mid) == 1
    assert not [e for e in state.view(None)["log"] if e["kind"] == "disaster"]


def test_trick_dt18_rum_ration_draws_4_then_discards_to_the_hand_limit(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["1♠", "2♠", "3♠"], loaded={"fore": [], "aft": []})
    state = sea_position(sea_game, red, ship(), (["Rum Ration"], []), phase="stage2")
    act(state, "hold fire")
    assert state.view(RED)["sea_dog"]["window"] == "OWN_S3"
    act(state, "play Rum Ration", "pass (play no Dirty Trick now)")
    assert len(state.hands[RED]) == 7 and state.phase == "hand-limit"


def test_trick_dt04_sharpshooters_killing_the_last_officer_wins_at_once(
    sea_game: BroadSides,
) -> None:
    blue = ship(officers={"captain": "lost", "first_mate": "aft-deck"}, markers={"aft-deck": 1})
    state = sea_position(sea_game, ship(hand=["3♠", "4♠"]), blue, (["Sharpshooters"], []))
    act(state, "play Sharpshooters", "aim the Dirty Trick at the foe's Aft Deck")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]  # SD11


def test_sd_4_a_played_trick_leaves_the_game_face_up_and_the_count_drops(
    sea_game: BroadSides,
) -> None:
    red = ship(hand=["3♠", "5♦"])
    state = sea_position(sea_game, red, ship(), (["Gun Captain", "Rum Ration"], []))
    act(state, "play Gun Captain")
    seen = state.view(BLUE)["sea_dog"]
    assert seen["played"] == [[RED, "DT08"]] and seen["ships"][RED]["tricks_held"] == 1
    assert last(state, "sea-trick")["name"] == "Gun Captain"
    assert "play Gun Captain" not in texts(state)


# -- the Reputations ---------------------------------------------------------------------------


# Stout Oak Hull as shipped: its threshold turned to 4, beyond its Knob (§6 balance,
# docs/reports/broadsides-sea-dog). One Target Perfect and one Good: a hit of 4.
HIT_OF_4 = [PERFECT[0], GOOD[1]]


def test_rep3_stout_oak_hull_a_hit_of_4_on_the_hull_removes_3(sea_game: BroadSides) -> None:
    state = firing(sea_game, "fore-hull", HIT_OF_4, reputations=(None, "REP3"))
    fore = sea_game.components.zone_by_id["fore-hull"]
    act(state, "Fire!", "fire the Solid shot")
    assert state.phase == "pick"
    act(state, "done")
    assert last(state, "damage")["damage"] == 4
    assert last(state, "sea-stout-oak")["damage"] == 3
    assert state.zone_count(BLUE, fore) == 2


def test_rep3_stout_oak_hull_a_hit_below_the_threshold_is_not_reduced(
    sea_game: BroadSides,
) -> None:
    fore = sea_game.components.zone_by_id["fore-hull"]
    for targets, damage in ((GOOD, 3), ([aimed([9, 6], "9♥", 9, "8♦", 8), GOOD[1]], 2)):
        state = firing(sea_game, "fore-hull", targets, reputations=(None, "REP3"))
        act(state, "Fire!", "fire the Solid shot", "done")
        assert last(state, "damage")["damage"] == damage
        assert not [e for e in state.view(None)["log"] if e["kind"] == "sea-stout-oak"]
        assert state.zone_count(BLUE, fore) == 5 - damage


def test_rep3_stout_oak_hull_as_the_card_is_written_a_hit_of_3_removes_2(
    tmp_path: Path,
) -> None:
    # The house card's own test, with the card's params as written (threshold 2)
    # typed back in, as an owner of the printed card would.
    components = json.loads(resources.files(PACKAGE).joinpath("components.json").read_text())
    cards = json.loads(resources.files(PACKAGE).joinpath("sea_dog.json").read_text("utf-8"))
    next(c for c in cards["cards"] if c["id"] == "REP3")["params"]["threshold"] = 2
    path = tmp_path / "printed.json"
    path.write_text(json.dumps({**components, "sea_dog": cards}), encoding="utf-8")
    game = get_game("broadsides", {"sea_dog": True, "data": str(path)})
    assert isinstance(game, BroadSides)
    fore = game.components.zone_by_id["fore-hull"]
    state = firing(game, "fore-hull", GOOD, reputations=(None, "REP3"))
    act(state, "Fire!", "fire the Solid shot", "done")
    assert last(state, "sea-stout-oak")["damage"] == 2
    assert state.zone_count(BLUE, fore) == 3
    targets = [aimed([9, 6], "9♥", 9, "8♦", 8), aimed([6, 6], "6♥", 6, "8♣", 8)]  # D = 1
    state = firing(game, "fore-hull", targets, reputations=(None, "REP3"))
    act(state, "Fire!", "fire the Solid shot", "done")
    assert last(state, "damage")["damage"] == 1
    assert state.zone_count(BLUE, fore) == 4


def test_rep5_terror_of_the_caribbean_a_2_card_straight_costs_the_foe_4(
    sea_game: BroadSides,
) -> None:
    blue = ship(hand=["1♥", "2♥", "3♥", "4♥", "5♥", "6♥"])
    state = sea_position(sea_game, ship(hand=["4♠", "5♦", "8♣"]), blue, reputations=("REP5", None))
    act(state, "Sheer Off", "4♠", "5♦", "done")
    assert len(state.hands[BLUE]) == 2


def test_rep8_old_salt_hand_limit_is_7(sea_game: BroadSides) -> None:
    state = sea_position(sea_game, ship(), ship(), reputations=("REP8", None))
    assert state.hand_limit(RED) == 7 and state.hand_limit(BLUE) == 6


def test_rep9_iron_discipline_two_hand_penalties_count_as_one(sea_game: BroadSides) -> None:
    markers = {"main-deck": 2}  # the two officers: two Hand −1 exposed
    state = sea_position(
        sea_game, ship(markers=markers), ship(markers=markers), reputations=("REP9", None)
    )
    assert state.hand_limit(RED) == 5 and state.hand_limit(BLUE) == 4


def test_rep9_iron_discipline_fore_deck_cannon_penalties_count_one_fewer(
    sea_game: BroadSides,
) -> None:
    # 1 of 4 on the Fore Deck exposes two Cannon −1: D − 1, not D − 2.
    red = ship(gunsight="mid-hull", targets=PERFECT, markers={"fore-deck": 1})
    state = sea_position(sea_game, red, ship(), reputations=("REP9", None), phase="stage2")
    act(state, "Fire!", "fire the Solid shot")
    assert ["cannon", -1] in last(state, "shot")["steps"]


# -- termination (SD28) --------------------------------------------------------------------------


def test_sd_28_random_module_games_end_within_the_bound(sea_game: BroadSides) -> None:
    bound = sea_game.max_game_length(2)
    for seed in range(4):
        state = sea_game.new_state(2, seed)
        chooser = Rng.from_seed(seed)
        for _ in range(bound):
            if state.is_terminal():
                break
            state.apply(chooser.choice(state.legal_actions()))
        assert state.is_terminal()
