"""BroadSides (base game), rule by rule: one focused test per rule of the rulebook and
per house ruling (``broadsides-house-data.md``, "Rulings where the rulebook is
silent"). The rulebook's worked examples are in ``test_rulebook_examples.py``."""

from __future__ import annotations

from typing import Any

import pytest

from quarterdeck.engine import Rng, ScenarioError, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState
from quarterdeck.games.broadsides.state import LOST
from quarterdeck.games.broadsides.table import BroadSidesGame

from .conftest import BLUE, RED, act, card, position, ship, texts

CHANGE_TARGETS = "Change Targets (skip the actions and Zero In anew)"
SOLID, CHAIN, CANISTER = 0, 1, 2


def zone(game: BroadSidesGame, name: str) -> int:
    return game.components.zone_by_id[name]


def count(state: BroadSidesState, seat: int, name: str) -> int:
    """Markers in a zone of a ship, officers included."""
    return state.zone_count(seat, zone(state.game, name))


def spot(state: BroadSidesState, seat: int, i: int, side: str) -> str:
    """The action text placing an Aim card at ``side`` of the i-th Target of ``seat``."""
    return f"to the {side} of Target #{target_no(state, seat, i)}"


def events(state: BroadSidesState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.view_all()["log"] if e["kind"] == kind]


def sails(state: BroadSidesState, seat: int) -> int:
    return count(state, seat, "fore-rigging") + count(state, seat, "aft-rigging")


def planks(state: BroadSidesState, seat: int) -> int:
    return sum(count(state, seat, z) for z in ("fore-hull", "mid-hull", "aft-hull"))


def aim_cards_on_targets(state: BroadSidesState, seat: int) -> int:
    return sum((t[1] is not None) + (t[3] is not None) for t in state.targets[seat])


def red_fires(
    game: BroadSides,
    targets: list[dict[str, Any]],
    *,
    cannon: str = "18-pounder",
    loaded: tuple[str, ...] = ("solid",),
    gunsight: str = "fore-hull",
    red: dict[str, Any] | None = None,
    blue: dict[str, Any] | None = None,
) -> BroadSidesState:
    """Red at Stage 2, her fore cannon manned, aimed at ``gunsight`` of Blue's ship."""
    red_ship = ship(
        hand=[],
        cannons={"fore": cannon, "aft": "18-pounder"},
        loaded={"fore": list(loaded), "aft": []},
        gunner="fore",
        gunsight=gunsight,
        targets=targets,
    )
    red_ship.update(red or {})
    return position(game, red_ship, ship(**(blue or {})), phase="stage2")


def new_game(game: BroadSides, seed: int) -> BroadSidesState:
    state = game.new_state(2, seed)
    assert isinstance(state, BroadSidesState)
    return state


def target_no(state: BroadSidesState, seat: int, i: int) -> int:
    """The number (#n) of the i-th Target card in front of ``seat``."""
    target = state.targets[seat][i][0]
    assert target is not None
    return target + 1


def through_setup_to_zero_in(game: BroadSides, seed: int) -> BroadSidesState:
    """A new game with both ships set up (officers on the Main Deck, two 18-Pounders
    each, shots loaded as offered first), up to the first Zero In."""
    state = new_game(game, seed)
    for _ in range(2):
        act(state, "place your Captain on the Main Deck", "place your First Mate on the Main Deck")
    for _ in range(2):
        act(state, "mount an 18-Pounder fore", "mount an 18-Pounder aft")
    while state.phase == "load":
        state.apply(state.legal_actions()[0])
    return state


# -- Setup ------------------------------------------------------------------------------------


def test_setup_each_captain_places_their_own_officers_and_crewmen_fill_the_decks(
    game: BroadSides,
) -> None:
    state = new_game(game, 1)
    assert state.current_player == RED
    assert texts(state) == [
        "place your Captain on the Fore Deck",
        "place your Captain on the Main Deck",
        "place your Captain on the Aft Deck",
    ]
    act(state, "place your Captain on the Fore Deck")
    assert state.current_player == RED
    act(state, "place your First Mate on the Fore Deck")  # both on the same Deck is fine
    assert state.current_player == BLUE and state.phase == "officer"
    act(state, "place your Captain on the Aft Deck", "place your First Mate on the Main Deck")
    fore, main, aft = (zone(game, z) for z in ("fore-deck", "main-deck", "aft-deck"))
    assert state.officers == [[fore, fore], [aft, main]]
    # Crewmen fill every other Deck space: 12 per ship.
    assert [state.markers[RED][z] for z in (fore, main, aft)] == [2, 6, 4]
    assert [state.markers[BLUE][z] for z in (fore, main, aft)] == [4, 5, 3]
    for p in (RED, BLUE):  # officers count among the Deck's markers
        assert [count(state, p, z) for z in ("fore-deck", "main-deck", "aft-deck")] == [4, 6, 4]
        assert state.zone_counts(p) == [state.zone_count(p, z.index) for z in game.components.zones]
    assert state.phase == "mount" and state.current_player == RED


def test_setup_cannon_choice_is_secret_until_both_captains_have_chosen(game: BroadSides) -> None:
    state = new_game(game, 1)
    for _ in range(2):
        act(state, "place your Captain on the Main Deck", "place your First Mate on the Main Deck")
    assert texts(state) == [
        "mount an 18-Pounder fore",
        "mount a Long Nine fore",
        "mount a Carronade fore",
    ]
    act(state, "mount a Long Nine fore")
    # Two tiles of each kind: the aft cannon may be the same kind as the fore one.
    assert texts(state) == [
        "mount an 18-Pounder aft",
        "mount a Long Nine aft",
        "mount a Carronade aft",
    ]
    act(state, "mount a Carronade aft")
    assert state.current_player == BLUE
    red_seen_by_blue = state.view(BLUE)["ships"][RED]["cannons"]
    assert [(c["chosen"], c["cannon"], c["capacity"]) for c in red_seen_by_blue] == [
        (True, None, None),
        (True, None, None),
    ]
    assert all("cannon" not in e for e in state.view(BLUE)["log"] if e["kind"] == "mount")
    assert [c["cannon"] for c in state.view(RED)["ships"][RED]["cannons"]] == [
        "long-nine",
        "carronade",
    ]
    act(state, "mount an 18-Pounder fore")
    assert state.view(RED)["ships"][BLUE]["cannons"][0]["cannon"] is None
    assert state.view(BLUE)["ships"][RED]["cannons"][0]["cannon"] is None
    act(state, "mount an 18-Pounder aft")
    # Both have chosen: the cannons are revealed to everybody.
    for seat in (RED, BLUE, None):
        ships = state.view(seat)["ships"]
        assert [c["cannon"] for c in ships[RED]["cannons"]] == ["long-nine", "carronade"]
        assert [c["cannon"] for c in ships[BLUE]["cannons"]] == ["18-pounder", "18-pounder"]
    assert len(events(state, "reveal-cannons")) == 1


def test_setup_shots_are_drawn_from_the_bag_to_fill_the_cannons_and_loaded_at_will(
    game: BroadSides,
) -> None:
    state = new_game(game, 2)
    for _ in range(2):
        act(state, "place your Captain on the Main Deck", "place your First Mate on the Main Deck")
    act(state, "mount a Long Nine fore", "mount a Carronade aft")  # 1 + 2 shots
    act(state, "mount an 18-Pounder fore", "mount an 18-Pounder aft")  # 2 + 2 shots
    assert state.phase == "load" and state.current_player == RED
    assert len(state.tray) == 3 and sum(state.bag) == 15 - 3
    # Red chooses where each drawn shot goes, among the cannons with room.
    first = state.tray[0]
    name = game.components.shots[first].name
    assert f"load a {name} shot into the fore cannon" in texts(state)
    assert f"load a {name} shot into the aft cannon" in texts(state)
    act(state, f"load a {name} shot into the fore cannon")
    while state.phase == "load" and state.current_player == RED:
        state.apply(state.legal_actions()[0])
    assert state.loaded[RED][0] == [first] and len(state.loaded[RED][1]) == 2
    while state.phase == "load":
        state.apply(state.legal_actions()[0])
    assert [len(x) for x in state.loaded[BLUE]] == [2, 2]
    assert sum(state.bag) == 15 - 7
    assert state.tray == []


def test_setup_first_player_is_picked_then_both_zero_in_in_turn_order_then_draw_4(
    game: BroadSides,
) -> None:
    firsts = set()
    for seed in range(8):
        state = through_setup_to_zero_in(game, seed)
        assert state.phase == "zero-in-man"
        first = state.first_player
        assert first is not None and state.current_player == first
        firsts.add(first)
        act(state, "man the aft cannon", "Zero In on the foe's Main Deck")
        assert state.gunner[first] == 1 and len(state.targets[first]) == 3
        assert state.hands == [[], []]  # hands are drawn after both Zeroed In
        second = 1 - first
        assert state.current_player == second and state.phase == "zero-in-man"
        act(state, "man the fore cannon", "Zero In on the foe's Fore Rigging")
        assert state.gunner[second] == 0 and len(state.targets[second]) == 2
        assert [len(h) for h in state.hands] == [4, 4]
        assert [len(d) for d in state.decks] == [38, 38]
        assert state.phase == "stage1" and state.turn_player == first
        assert state.current_player == first
    assert firsts == {RED, BLUE}


def test_hands_are_secret_from_the_foe(game: BroadSides) -> None:
    state = position(game, ship(hand=["4♠", "7♠"]), ship(hand=["1♥"]))
    red, blue = state.view(BLUE)["ships"]
    assert red["hand"] is None and red["hand_size"] == 2
    assert blue["hand"] == [card("1♥")]
    assert state.view(None)["ships"][BLUE]["hand"] is None


def test_disaster_tokens_are_face_down_for_both_captains(game: BroadSides) -> None:
    state = position(game, ship(), ship())
    for seat in (RED, BLUE, None):
        for p in (RED, BLUE):
            assert set(state.view(seat)["ships"][p]["disasters"].values()) == {"face down"}
    # Each ship has one token of each kind under its three Hull zones.
    for p in (RED, BLUE):
        assert sorted(t for t in state.disasters[p].values() if t is not None) == [0, 1, 2]


def test_board_zones_follow_the_house_data(game: BroadSides) -> None:
    c = game.components
    assert [(z.id, z.kind, z.spaces, z.targets) for z in c.zones] == [
        ("fore-rigging", "rigging", 3, 2),
        ("aft-rigging", "rigging", 3, 2),
        ("fore-deck", "deck", 4, 3),
        ("main-deck", "deck", 6, 3),
        ("aft-deck", "deck", 4, 3),
        ("fore-hull", "hull", 5, 2),
        ("mid-hull", "hull", 4, 2),
        ("aft-hull", "hull", 5, 2),
    ]
    lines = {
        frozenset((c.zones[a].id, c.zones[b].id))
        for a in range(len(c.zones))
        for b in c.neighbours[a]
    }
    assert lines == {
        frozenset(pair)
        for pair in [
            ("fore-deck", "main-deck"),
            ("main-deck", "aft-deck"),
            ("fore-deck", "fore-rigging"),
            ("fore-deck", "fore-hull"),
            ("main-deck", "fore-rigging"),
            ("main-deck", "aft-rigging"),
            ("main-deck", "mid-hull"),
            ("aft-deck", "aft-rigging"),
            ("aft-deck", "aft-hull"),
        ]
    }
    assert (c.hand_limit, c.starting_hand, c.draw_per_turn, c.sinking_planks) == (6, 4, 2, 10)
    assert [(s.id, s.count, s.hits) for s in c.shots] == [
        ("solid", 5, "hull"),
        ("chain", 5, "rigging"),
        ("canister", 5, "deck"),
    ]


@pytest.mark.parametrize(
    ("name", "markers", "shown"),
    [
        ("fore-rigging", 3, ()),
        ("fore-rigging", 2, ("none",)),
        ("fore-rigging", 1, ("none", "rigging")),
        ("fore-rigging", 0, ("none", "rigging", "rigging")),
        ("fore-deck", 2, ("none", "cannon")),
        ("fore-deck", 0, ("none", "cannon", "cannon", "no-firing")),
        ("aft-deck", 1, ("none", "cannon", "cannon")),
        ("main-deck", 3, ("none", "none", "hand")),
        ("main-deck", 2, ("none", "none", "hand", "hand")),
    ],
)
def test_penalties_are_uncovered_as_a_zone_empties(
    game: BroadSides, name: str, markers: int, shown: tuple[str, ...]
) -> None:
    state = position(game, ship(markers={name: markers}), ship())
    assert tuple(state.exposed(RED, zone(game, name))) == shown


# -- The turn -----------------------------------------------------------------------------------


def test_turn_two_actions_at_least_one_of_which_is_aim(game: BroadSides) -> None:
    state = position(game, ship(hand=["1♠", "5♦", "9♣"]), ship())
    act(state, "Hold")
    assert state.phase == "stage1" and state.actions_taken == 1
    assert texts(state) == ["Aim"]  # the second action must be the Aim
    # Aiming first leaves the second action free.
    state = position(game, ship(hand=["1♠", "5♦", "9♣"]), ship())
    act(state, "Aim", "1♠", spot(state, RED, 0, "left"))
    assert state.phase == "stage1" and state.actions_taken == 1
    assert texts(state) == ["Aim", "Hold", "Single Shot Reload"]
    act(state, "Hold")
    assert state.phase == "stage2"  # two actions taken: Stage 2


def test_turn_starting_with_no_cards_the_actions_are_hold_then_aim(game: BroadSides) -> None:
    state = position(game, ship(hand=[]), ship())
    assert texts(state) == ["Hold", CHANGE_TARGETS]
    act(state, "Hold")
    assert len(state.hands[RED]) == 1
    assert texts(state) == ["Aim"]


def test_turn_an_action_that_would_make_the_aim_impossible_is_not_offered(
    game: BroadSides,
) -> None:
    # Two cards: a flush, a straight, any two — each would use the card the Aim needs.
    state = position(game, ship(hand=["4♠", "5♠"]), ship())
    assert texts(state) == ["Aim", "Hold", CHANGE_TARGETS]
    # With a third card they are offered, but may not use the last card.
    state = position(game, ship(hand=["4♠", "5♠", "7♠"]), ship())
    assert texts(state) == [
        "Aim",
        "Hold",
        "Broadside",
        "Sheer Off",
        "Single Shot Reload",
        CHANGE_TARGETS,
    ]
    act(state, "Broadside", "4♠", "5♠")
    assert texts(state) == ["done"]  # 7♠ must stay for the Aim
    # One card and a damaged ship: a Repair would spend the Aim card.
    state = position(game, ship(hand=["4♠"], markers={"mid-hull": 3}), ship())
    assert texts(state) == ["Aim", "Hold", CHANGE_TARGETS]


def test_turn_hold_is_not_offered_first_when_nothing_can_be_drawn_and_the_hand_is_empty(
    game: BroadSides,
) -> None:
    # Ruling 8: with no card anywhere to draw, a Hold would leave the Aim impossible.
    state = position(game, ship(hand=[]), ship())
    state.decks[RED] = []
    state.discards[RED] = []
    state.touched()
    assert texts(state) == [CHANGE_TARGETS]


def test_turn_changing_targets_only_replaces_stage_1(game: BroadSides) -> None:
    state = position(game, ship(hand=["1♠", "5♦", "9♣"]), ship())
    assert CHANGE_TARGETS in texts(state)
    act(state, "Hold")
    assert CHANGE_TARGETS not in texts(state)
    state = position(game, ship(hand=["1♠", "5♦", "9♣"]), ship())
    act(state, "Aim", "1♠", spot(state, RED, 0, "left"))
    assert CHANGE_TARGETS not in texts(state)
    # Instead of Stage 1: no action is taken and no Aim is required.
    state = position(game, ship(hand=["1♠", "5♦", "9♣"]), ship())
    act(state, CHANGE_TARGETS, "man the fore cannon", "Zero In on the foe's Fore Hull")
    assert state.phase == "stage2" and state.actions_taken == 0
    assert len(state.hands[RED]) == 3


# -- Aim ---------------------------------------------------------------------------------------------


def test_aim_any_card_to_any_left_or_bottom_position(game: BroadSides) -> None:
    state = position(game, ship(hand=["10♥", "1♠"]), ship())
    assert texts(state)[0] == "Aim"
    act(state, "Aim")
    assert texts(state) == ["1♠", "10♥"]
    act(state, "10♥")
    # Every left and bottom position of both Targets, however far from the centre.
    assert texts(state) == [
        spot(state, RED, 0, "left"),
        spot(state, RED, 0, "bottom"),
        spot(state, RED, 1, "left"),
        spot(state, RED, 1, "bottom"),
    ]
    act(state, spot(state, RED, 1, "bottom"))
    assert state.targets[RED][1][3:] == [card("10♥"), 10]
    assert state.hands[RED] == [card("1♠")]


def test_aim_replaces_a_previous_card_and_discards_it(game: BroadSides) -> None:
    red = ship(hand=["6♣", "2♦"], targets=[{"centre": [2, 2], "left": "9♥"}, {"centre": [3, 5]}])
    state = position(game, red, ship())
    act(state, "Aim", "2♦", spot(state, RED, 0, "left"))
    assert state.targets[RED][0][1:3] == [card("2♦"), 2]
    assert state.discards[RED] == [card("9♥")]
    assert state.hands[RED] == [card("6♣")]
    assert state.aimed and state.actions_taken == 1


def test_aim_a_wild_names_the_value_it_stands_for(game: BroadSides) -> None:
    # Ruling 1: the named value is what the Target card reads.
    state = position(game, ship(hand=["Wild"]), ship())
    act(state, "Aim")
    assert texts(state) == [f"a Wild as {v}" for v in range(1, 11)]
    act(state, "a Wild as 2", spot(state, RED, 0, "left"))
    assert state.targets[RED][0][1:3] == [40, 2]


# -- Hold ---------------------------------------------------------------------------------------------


def test_hold_draws_one_card_and_may_exceed_the_hand_limit(game: BroadSides) -> None:
    hand = ["1♠", "2♠", "3♠", "4♠", "5♠", "6♠"]
    state = position(game, ship(hand=hand), ship())
    deck = len(state.decks[RED])
    act(state, "Hold")
    assert len(state.hands[RED]) == 7  # over the limit of 6: allowed until Stage 3
    assert len(state.decks[RED]) == deck - 1
    assert state.phase == "stage1" and texts(state) == ["Aim"]


# -- Broadside -----------------------------------------------------------------------------------------


def test_broadside_needs_a_flush_of_at_least_two_cards_of_one_suit(game: BroadSides) -> None:
    state = position(game, ship(hand=["4♠", "7♦", "9♣", "2♥"]), ship())
    assert "Broadside" not in texts(state)
    state = position(game, ship(hand=["4♠", "7♠", "9♣", "2♥"]), ship())
    act(state, "Broadside")
    assert texts(state) == ["4♠"]  # a first card needs another of its suit
    act(state, "4♠")
    assert texts(state) == ["7♠"]  # one suit only; one card is not a flush yet
    act(state, "7♠")
    assert texts(state) == ["done"]


def test_broadside_a_wild_joins_a_flush_and_names_its_suit(game: BroadSides) -> None:
    state = position(game, ship(hand=["Wild", "7♥", "2♣"]), ship())
    act(state, "Broadside")
    assert texts(state) == ["a Wild as ♣", "a Wild as ♥"]
    act(state, "a Wild as ♥", "7♥", "done")
    assert state.covered[RED]["broadside"] == [False, False, False, True]  # hearts
    assert state.hands[RED] == [card("2♣")]
    assert sorted(state.discards[RED]) == [card("7♥"), 40]


def test_broadside_may_not_play_more_cards_than_shots_loaded(game: BroadSides) -> None:
    one_shot = {"fore": ["solid"], "aft": []}
    state = position(game, ship(hand=["1♠", "4♠", "7♠", "9♠"], loaded=one_shot), ship())
    assert "Broadside" not in texts(state)
    two_shots = {"fore": ["solid", "chain"], "aft": []}
    state = position(game, ship(hand=["1♠", "4♠", "7♠", "9♠"], loaded=two_shots), ship())
    act(state, "Broadside", "1♠", "4♠")
    assert texts(state) == ["done"]


def test_broadside_shots_in_a_no_firing_cannon_cannot_be_used(game: BroadSides) -> None:
    # An empty Fore Deck shows the no-firing icon: the fore cannon's shots are out.
    fore_out = {"fore-deck": 0}
    loaded = {"fore": ["solid", "chain"], "aft": ["canister"]}
    state = position(game, ship(hand=["4♠", "7♠", "9♠"], markers=fore_out, loaded=loaded), ship())
    assert not state.can_use_cannon(RED, 0)
    assert "Broadside" not in texts(state)  # only 1 usable shot
    loaded = {"fore": ["solid", "chain"], "aft": ["canister", "canister"]}
    state = position(game, ship(hand=["4♠", "7♠", "9♠"], markers=fore_out, loaded=loaded), ship())
    act(state, "Broadside", "4♠", "7♠", "done")
    # Only the aft Canisters could be spent (so no question was asked).
    assert state.loaded[RED] == [[SOLID, CHAIN], []]
    # The empty Fore Deck also shows two Cannon −1: neither card takes effect.
    assert state.ship_markers(BLUE) == 34
    assert state.phase == "stage1" and state.current_player == RED


def test_broadside_a_covered_suit_cannot_be_used(game: BroadSides) -> None:
    state = position(game, ship(hand=["4♠", "7♠", "2♦"], covered={"broadside": ["spades"]}), ship())
    assert "Broadside" not in texts(state)
    state = position(
        game,
        ship(hand=["4♠", "7♠", "2♦", "5♦", "Wild"], covered={"broadside": ["spades"]}),
        ship(),
    )
    act(state, "Broadside")
    assert texts(state) == ["2♦", "a Wild as ♦"]  # no spades, not even through the Wild


def test_broadside_cannon_penalties_reduce_the_cards_and_the_player_picks_the_shots_that_hit(
    game: BroadSides,
) -> None:
    # Ruling 3. One Cannon −1 shows on the Aft Deck (any Deck counts for a Broadside):
    # a 2-card flush spends 2 shots but only 1 takes effect, which Red chooses.
    red = ship(
        hand=["4♠", "7♠", "2♦"],
        markers={"aft-deck": 2},
        loaded={"fore": ["solid", "chain"], "aft": []},
    )
    blue = ship(targets=[{"centre": [4, 8], "left": "5♥", "bottom": "8♣"}, {"centre": [5, 3]}])
    state = position(game, red, blue)
    assert state.penalty(RED, "cannon") == 1
    act(state, "Broadside", "4♠", "7♠", "done")
    assert state.loaded[RED] == [[], []]  # both shots are spent
    assert state.current_player == RED and state.phase == "effective"
    assert texts(state) == ["the Solid shot takes effect", "the Chain shot takes effect"]
    act(state, "the Chain shot takes effect")
    # Blue discards 1 Aim card (of her 2, her choice), then loses 1 Sail (no Plank).
    assert state.current_player == BLUE and state.phase == "tasks"
    assert len(texts(state)) == 2
    act(state, texts(state)[0])
    assert aim_cards_on_targets(state, BLUE) == 1
    assert texts(state) == ["lose a Sail from the Fore Rigging", "lose a Sail from the Aft Rigging"]
    act(state, "lose a Sail from the Fore Rigging")
    assert sails(state, BLUE) == 5 and planks(state, BLUE) == 14
    assert state.phase == "stage1" and state.current_player == RED


def test_broadside_any_n_prime_of_the_spent_shots_may_be_the_ones_that_take_effect(
    game: BroadSides,
) -> None:
    # Ruling 3: 3 cards, one Cannon −1: any 2 of the 3 spent shots, and no dead end.
    red = ship(
        hand=["1♦", "4♦", "7♦", "2♠"],
        markers={"aft-deck": 2},
        loaded={"fore": ["solid", "chain"], "aft": ["canister"]},
    )
    start = position(game, red, ship())
    act(start, "Broadside", "1♦", "4♦", "7♦", "done")
    assert start.phase == "effective"
    chosen = set()
    paths = [start]
    while paths:
        state = paths.pop()
        if state.phase != "effective":
            chosen.add(tuple(events(state, "broadside-hits")[-1]["shots"]))
            continue
        assert state.legal_actions(), "a dead end"
        for action in state.legal_actions():
            branch = state.clone()
            branch.apply(action)
            paths.append(branch)
    assert chosen == {(SOLID, CHAIN), (SOLID, CANISTER), (CHAIN, CANISTER)}


def test_broadside_the_player_chooses_which_loaded_shots_to_spend(game: BroadSides) -> None:
    red = ship(
        hand=["4♠", "7♠", "2♦"],
        loaded={"fore": ["solid", "chain"], "aft": ["canister", "canister"]},
    )
    state = position(game, red, ship())
    act(state, "Broadside", "4♠", "7♠", "done")
    assert state.current_player == RED and state.phase == "spend-shots"
    assert texts(state) == [
        "the Solid shot in the fore cannon",
        "the Chain shot in the fore cannon",
        "the Canister shot in the aft cannon",
    ]
    act(state, "the Chain shot in the fore cannon")
    # Shots are taken in one order (the second after the first), so only a Canister
    # may follow the Chain: it is spent at once.
    assert state.loaded[RED] == [[SOLID], [CANISTER]]
    assert state.current_player == BLUE  # a Sail and a Crewman to lose


def test_broadside_losses_are_damage_and_uncover_penalties(game: BroadSides) -> None:
    # Ruling 4: a Canister takes Blue's Main Deck from 4 to 3: a Hand −1 shows.
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["canister", "canister"], "aft": []})
    state = position(game, red, ship(markers={"main-deck": 4}))
    assert state.hand_limit(BLUE) == 6
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Crewman from the Main Deck")
    act(state, "lose a Crewman from the Fore Deck")
    assert count(state, BLUE, "main-deck") == 3 and state.hand_limit(BLUE) == 5
    assert state.exposed(BLUE, zone(game, "fore-deck")) == ("none",)


def test_broadside_with_every_card_cancelled_by_penalties_has_no_effect(game: BroadSides) -> None:
    red = ship(
        hand=["4♠", "7♠", "2♦"],
        markers={"fore-deck": 1},  # two Cannon −1 show (the fore cannon may still fire)
        loaded={"fore": ["solid", "chain"], "aft": []},
    )
    blue = ship(targets=[{"centre": [4, 8], "left": "5♥"}, {"centre": [5, 3]}])
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done")
    assert state.loaded[RED] == [[], []]
    assert state.covered[RED]["broadside"][0]
    assert aim_cards_on_targets(state, BLUE) == 1
    assert sails(state, BLUE) == 6 and planks(state, BLUE) == 14
    assert state.phase == "stage1" and state.current_player == RED


def test_broadside_foe_discards_aim_cards_and_loses_a_marker_of_each_shots_colour_anywhere(
    game: BroadSides,
) -> None:
    red = ship(
        hand=["1♦", "4♦", "7♦", "2♠"],
        loaded={"fore": ["solid", "chain"], "aft": ["canister"]},
    )
    blue = ship(
        targets=[
            {"centre": [4, 8], "left": "5♥", "bottom": "8♣"},
            {"centre": [5, 3], "left": "3♠", "bottom": "3♣"},
        ]
    )
    state = position(game, red, blue)
    act(state, "Broadside", "1♦", "4♦", "7♦", "done")
    # 3 cards: Blue discards 3 of her 4 Aim cards, chosen one by one.
    for _ in range(3):
        assert state.current_player == BLUE and state.phase == "tasks"
        act(state, texts(state)[0])
    assert aim_cards_on_targets(state, BLUE) == 1
    assert texts(state) == [
        "lose a Plank from the Fore Hull",
        "lose a Plank from the Mid Hull",
        "lose a Plank from the Aft Hull",
    ]
    act(state, "lose a Plank from the Aft Hull")
    act(state, "lose a Sail from the Aft Rigging")
    # A Crewman from any Deck, or an officer.
    assert texts(state) == [
        "lose a Crewman from the Fore Deck",
        "lose a Crewman from the Main Deck",
        "lose a Crewman from the Aft Deck",
        "lose your Captain",
        "lose your First Mate",
    ]
    act(state, "lose a Crewman from the Fore Deck")
    assert (count(state, BLUE, "aft-hull"), count(state, BLUE, "aft-rigging")) == (4, 2)
    assert count(state, BLUE, "fore-deck") == 3
    assert state.phase == "stage1" and state.current_player == RED


def test_broadside_a_marker_colour_the_foe_no_longer_has_is_not_removed(
    game: BroadSides,
) -> None:
    # Ruling 4.
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    blue = ship(markers={"fore-rigging": 0, "aft-rigging": 0})
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Plank from the Mid Hull")
    assert sails(state, BLUE) == 0 and planks(state, BLUE) == 13
    assert state.phase == "stage1" and state.current_player == RED  # no Sail was asked for


# -- Sheer Off --------------------------------------------------------------------------------------


def test_sheer_off_needs_a_straight_of_at_least_two_cards(game: BroadSides) -> None:
    state = position(game, ship(hand=["4♠", "6♦", "8♣"]), ship())
    assert "Sheer Off" not in texts(state)
    state = position(game, ship(hand=["4♠", "5♦", "8♣"]), ship(hand=["1♥", "2♥", "3♥"]))
    act(state, "Sheer Off")
    assert texts(state) == ["4♠"]
    act(state, "4♠")
    assert texts(state) == ["5♦"]
    act(state, "5♦")
    assert texts(state) == ["done"]
    act(state, "done")
    assert len(state.hands[BLUE]) == 0  # 2 + 1 = 3 cards
    assert state.covered[RED]["sheer-off"] == [False] * 3 + [True, True] + [False] * 5


def test_sheer_off_pulls_random_cards_from_the_foes_hand(game: BroadSides) -> None:
    blue_hand = ["1♥", "2♥", "3♥", "4♥", "5♥", "6♥"]
    pulled = set()
    for seed in range(10):
        red = ship(hand=["4♠", "5♦", "8♣"])
        state = position(game, red, ship(hand=blue_hand), seed=seed)
        act(state, "Sheer Off", "4♠", "5♦", "done")
        assert len(state.hands[BLUE]) == 3 and len(state.discards[BLUE]) == 3
        assert set(state.hands[BLUE]) | set(state.discards[BLUE]) == {card(c) for c in blue_hand}
        pulled.add(tuple(sorted(state.discards[BLUE])))
    assert len(pulled) > 3  # not always the same cards


def test_sheer_off_against_a_short_hand_takes_the_whole_hand(game: BroadSides) -> None:
    # Two cards would pull three, but Blue holds only two: she loses both.
    state = position(game, ship(hand=["4♠", "5♦", "8♣"]), ship(hand=["1♥", "2♥"]))
    act(state, "Sheer Off", "4♠", "5♦", "done")
    assert state.hands[BLUE] == [] and sorted(state.discards[BLUE]) == [card("1♥"), card("2♥")]


def test_sheer_off_a_wild_names_its_value_and_covers_it(game: BroadSides) -> None:
    state = position(game, ship(hand=["Wild", "4♠", "9♦"]), ship(hand=["1♥", "2♥", "3♥", "4♥"]))
    act(state, "Sheer Off")
    assert texts(state) == ["4♠", "9♦", "a Wild as 3", "a Wild as 8"]
    act(state, "4♠", "a Wild as 5", "done")
    assert len(state.hands[BLUE]) == 1
    assert [v + 1 for v in range(10) if state.covered[RED]["sheer-off"][v]] == [4, 5]


def test_sheer_off_covered_numbers_cannot_be_used(game: BroadSides) -> None:
    red = ship(hand=["4♠", "5♦", "1♣"], covered={"sheer_off": [5]})
    assert "Sheer Off" not in texts(position(game, red, ship()))
    # The Evasion track is a different track.
    red = ship(hand=["4♠", "5♦", "1♣"], covered={"evasion": [4, 5]})
    assert "Sheer Off" in texts(position(game, red, ship()))
    # Nor may a Wild stand for a covered number.
    red = ship(hand=["4♠", "Wild", "1♣"], covered={"sheer_off": [5, 2]})
    state = position(game, red, ship())
    act(state, "Sheer Off")
    assert texts(state) == ["a Wild as 3", "a Wild as 10"]


def test_sheer_off_rigging_penalties_count_one_card_fewer(game: BroadSides) -> None:
    red = ship(hand=["3♠", "4♦", "5♣", "9♥"], markers={"fore-rigging": 1})  # one Rigging −1
    blue = ship(hand=["1♥", "2♥", "3♥", "4♥", "5♥", "6♥"])
    state = position(game, red, blue)
    assert state.penalty(RED, "rigging") == 1
    act(state, "Sheer Off", "3♠", "4♦", "5♣", "done")
    assert len(state.hands[BLUE]) == 6 - 3  # as if 2 cards: 2 + 1


def test_sheer_off_with_no_card_left_after_penalties_makes_the_foe_lose_nothing(
    game: BroadSides,
) -> None:
    # Ruling 3: n' = 0.
    red = ship(hand=["3♠", "4♦", "9♥"], markers={"fore-rigging": 1, "aft-rigging": 1})
    blue = ship(hand=["1♥", "2♥", "3♥", "4♥", "5♥", "6♥"])
    state = position(game, red, blue)
    assert state.penalty(RED, "rigging") == 2
    act(state, "Sheer Off", "3♠", "4♦", "done")
    assert len(state.hands[BLUE]) == 6
    assert state.discards[BLUE] == []
    assert sorted(state.discards[RED]) == [card("3♠"), card("4♦")]
    assert state.covered[RED]["sheer-off"][2:4] == [True, True]


# -- Reload --------------------------------------------------------------------------------------------


def test_full_reload_needs_a_pair_and_a_wild_pairs_with_any_card(game: BroadSides) -> None:
    state = position(game, ship(hand=["3♠", "8♦", "1♣"]), ship())
    assert "Full Reload" not in texts(state)
    state = position(game, ship(hand=["3♠", "3♦", "1♣"]), ship())
    act(state, "Full Reload")
    assert texts(state) == ["3♠"]
    act(state, "3♠")
    assert texts(state) == ["3♦"]
    state = position(game, ship(hand=["3♠", "Wild", "8♦"]), ship())
    act(state, "Full Reload")
    assert texts(state) == ["3♠", "8♦"]
    act(state, "8♦")
    assert texts(state) == ["a Wild"]
    act(state, "a Wild")
    assert state.phase == "return-shots"
    assert state.hands[RED] == [card("3♠")]


@pytest.mark.parametrize("action", ["Full Reload", "Single Shot Reload", "Repair"])
def test_two_wilds_make_a_pair_any_two_cards_or_a_payment(game: BroadSides, action: str) -> None:
    """Rule: "When you play a Wild card, it takes the place of any card of any suit";
    ruling 8: no action offered may lead to a dead end. Red has held the second Wild
    since her deck was formed anew (Blue knows it), so it is the one that goes first;
    the other must still follow it."""
    state = position(game, ship(hand=["Wild", "Wild2", "6♣"], markers={"fore-hull": 1}), ship())
    state.refills[RED] = [c for c in range(42) if c != 41]
    state.touched()
    act(state, action, "a Wild")
    assert state.sel[0][0] == 41 and "a Wild" in texts(state)
    act(state, "a Wild")
    if action == "Repair":  # a payment of 1 to 3 cards ends when its captain says
        act(state, "done")
    assert state.hands[RED] == [card("6♣")] and state.legal_actions()


def test_full_reload_fills_every_empty_spot_from_the_bag(game: BroadSides) -> None:
    red = ship(hand=["3♠", "3♦", "1♣"], loaded={"fore": ["solid"], "aft": []})
    state = position(game, red, ship())
    bag = sum(state.bag)
    act(state, "Full Reload", "3♠", "3♦", "done")
    while state.phase == "load":
        state.apply(state.legal_actions()[0])
    assert [len(x) for x in state.loaded[RED]] == [2, 2]
    assert SOLID in state.loaded[RED][0] + state.loaded[RED][1]  # the kept shot stays
    assert sum(state.bag) == bag - 3
    assert state.phase == "stage1" and state.actions_taken == 1


def test_full_reload_returned_shots_go_to_the_bag_before_the_draw(game: BroadSides) -> None:
    red = ship(
        hand=["3♠", "3♦", "1♣"],
        cannons={"fore": "18-pounder", "aft": "long-nine"},
        loaded={"fore": ["chain", "solid"], "aft": []},
    )
    state = position(game, red, ship())
    state.bag = [0, 0, 1]  # one Canister left in the bag
    act(state, "Full Reload", "3♠", "3♦")
    assert state.phase == "return-shots"
    assert texts(state) == [
        "done",
        "the Solid shot in the fore cannon",
        "the Chain shot in the fore cannon",
    ]
    act(state, "the Chain shot in the fore cannon", "done")
    # 2 empty spots, and the bag holds the returned Chain and the Canister: both drawn.
    assert sorted(state.tray) == [SOLID, CHAIN, CANISTER]
    assert state.bag == [0, 0, 0]
    act(state, "load a Canister shot into the aft cannon", "load a Chain shot into the fore cannon")
    assert state.loaded[RED] == [[SOLID, CHAIN], [CANISTER]]
    assert state.phase == "stage1" and state.actions_taken == 1


def test_single_reload_discards_any_two_cards_and_needs_a_free_spot(game: BroadSides) -> None:
    red = ship(
        hand=["1♠", "5♦", "9♣"], loaded={"fore": ["solid", "chain"], "aft": ["canister"] * 2}
    )
    state = position(game, red, ship())
    bag = list(state.bag)
    act(state, "Single Shot Reload", "1♠", "5♦")
    assert state.phase == "return-shots"
    # The cannons are full: a shot must go back to the bag before one can be drawn.
    assert texts(state) == [
        "the Solid shot in the fore cannon",
        "the Chain shot in the fore cannon",
        "the Canister shot in the aft cannon",
    ]
    act(state, "the Chain shot in the fore cannon")
    assert "done" in texts(state)
    act(state, "done")
    while state.phase == "load":
        state.apply(state.legal_actions()[0])
    assert sum(len(x) for x in state.loaded[RED]) == 4  # exactly one shot drawn
    assert sum(state.bag) == sum(bag)
    assert state.hands[RED] == [card("9♣")]


# -- Repair ---------------------------------------------------------------------------------------------


def test_repair_moves_follow_the_rope_lines(game: BroadSides) -> None:
    damaged = {
        "fore-rigging": 2,
        "aft-rigging": 2,
        "fore-hull": 4,
        "mid-hull": 3,
        "aft-hull": 4,
    }
    state = position(game, ship(hand=["1♠", "5♦"], markers=damaged), ship())
    act(state, "Repair", "1♠", "done")
    assert texts(state) == [
        "move a Crewman from the Fore Deck to repair the Fore Rigging",
        "move a Crewman from the Fore Deck to repair the Fore Hull",
        "move a Crewman from the Main Deck to repair the Fore Rigging",
        "move a Crewman from the Main Deck to repair the Aft Rigging",
        "move a Crewman from the Main Deck to repair the Mid Hull",
        "move a Crewman from the Aft Deck to repair the Aft Rigging",
        "move a Crewman from the Aft Deck to repair the Aft Hull",
        "stop repairing",
    ]


def test_repair_to_a_damaged_zone_spends_the_crewman_and_returns_a_marker(
    game: BroadSides,
) -> None:
    state = position(game, ship(hand=["1♠", "5♦"], markers={"fore-hull": 3}), ship())
    total = state.ship_markers(RED)
    supply = list(state.supply)
    act(state, "Repair", "1♠", "done")
    act(state, "move a Crewman from the Fore Deck to repair the Fore Hull")
    assert count(state, RED, "fore-hull") == 4 and count(state, RED, "fore-deck") == 3
    assert state.supply == [supply[0], supply[1] + 1, supply[2] - 1]
    assert state.ship_markers(RED) == total
    assert state.phase == "stage1" and state.actions_taken == 1


def test_repair_officers_move_only_between_decks(game: BroadSides) -> None:
    red = ship(
        hand=["1♠", "5♦"],
        officers={"captain": "fore-deck", "first_mate": "fore-deck"},
        markers={"fore-deck": 2, "main-deck": 5, "fore-hull": 4},
    )
    state = position(game, red, ship())
    act(state, "Repair", "1♠", "done")
    assert texts(state) == [
        "move a Crewman from the Main Deck to the Fore Deck",
        "move a Crewman from the Aft Deck to the Main Deck",
        "move your Captain from the Fore Deck to the Main Deck",
        "move your First Mate from the Fore Deck to the Main Deck",
        "stop repairing",
    ]  # nobody on the Fore Deck may climb to the Fore Hull
    act(state, "move your Captain from the Fore Deck to the Main Deck")
    assert state.officers[RED][0] == zone(game, "main-deck")


def test_repair_never_moves_the_last_one_out_of_a_deck(game: BroadSides) -> None:
    red = ship(
        hand=["1♠", "5♦"],
        officers={"captain": "fore-deck", "first_mate": "main-deck"},
        markers={"fore-deck": 1, "fore-hull": 4},  # the Captain alone on the Fore Deck
    )
    state = position(game, red, ship())
    act(state, "Repair", "1♠", "done")
    assert texts(state) == [
        "move a Crewman from the Main Deck to the Fore Deck",
        "move your First Mate from the Main Deck to the Fore Deck",
        "stop repairing",
    ]
    red = ship(hand=["1♠", "5♦"], markers={"aft-deck": 1, "aft-hull": 4})  # one Crewman
    state = position(game, red, ship())
    act(state, "Repair", "1♠", "done")
    assert texts(state) == [
        "move a Crewman from the Main Deck to the Aft Deck",
        "move your Captain from the Main Deck to the Aft Deck",
        "move your First Mate from the Main Deck to the Aft Deck",
        "stop repairing",
    ]  # the Aft Deck's only Crewman may not climb to the Aft Hull


def test_repair_discards_one_to_three_cards_one_move_each(game: BroadSides) -> None:
    red = ship(hand=["1♠", "3♦", "5♦", "7♣", "9♥"], markers={"fore-hull": 1})
    state = position(game, red, ship())
    act(state, "Repair")
    assert "done" not in texts(state)  # at least one card
    act(state, "1♠")
    assert "done" in texts(state)
    act(state, "3♦", "5♦")
    assert texts(state) == ["done"]  # at most three
    act(state, "done")
    assert state.repairs_left == 3 and len(state.hands[RED]) == 2
    for _ in range(3):
        act(state, "move a Crewman from the Fore Deck to repair the Fore Hull")
    assert count(state, RED, "fore-hull") == 4 and count(state, RED, "fore-deck") == 1
    assert state.phase == "stage1" and state.actions_taken == 1


def test_repair_may_stop_before_every_paid_move_is_made(game: BroadSides) -> None:
    # Each card paid buys one move; the captain need not make them all.
    red = ship(hand=["1♠", "3♦", "9♥"], markers={"fore-hull": 1})
    state = position(game, red, ship())
    act(state, "Repair", "1♠", "3♦", "done")
    assert state.repairs_left == 2
    act(state, "move a Crewman from the Fore Deck to repair the Fore Hull")
    assert "stop repairing" in texts(state)
    act(state, "stop repairing")
    assert state.repairs_left == 0 and count(state, RED, "fore-hull") == 2
    assert state.hands[RED] == [card("9♥")] and state.phase == "stage1"


# -- Stage 2: Firing ----------------------------------------------------------------------------------


def test_only_the_manned_cannon_fires_and_a_long_nine_holds_one_shot(game: BroadSides) -> None:
    """Rule: the Gunner's cannon fires; a Long Nine holds one shot, so it is empty
    after each shot and needs a Reload."""
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    red = {
        "cannons": {"fore": "18-pounder", "aft": "long-nine"},
        "loaded": {"fore": ["solid", "solid"], "aft": ["solid"]},
        "gunner": "aft",
    }
    state = red_fires(game, targets, red=red)
    assert state.capacity(RED, 1) == 1 and state.capacity(RED, 0) == 2
    act(state, "Fire!")
    solid = game.components.shot_for("hull")
    assert state.loaded[RED] == [[solid, solid], []]  # the fore cannon kept its shots
    # It never holds two (a Full Reload fills it with one: see the Reload tests).
    with pytest.raises(ScenarioError, match="more shots than the cannon holds"):
        red_fires(game, targets, red={**red, "loaded": {"aft": ["solid", "solid"]}})


def test_firing_is_optional(game: BroadSides) -> None:
    state = red_fires(game, [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}])
    assert state.phase == "stage2" and texts(state) == ["Fire!", "hold fire"]
    act(state, "hold fire")
    assert len(state.targets[RED]) == 1  # no Zero In without Firing
    assert state.loaded[RED][0] == [SOLID]
    assert state.turn_player == BLUE and state.phase == "stage1"


def test_firing_the_no_firing_icon_forbids_that_cannon(game: BroadSides) -> None:
    state = red_fires(
        game,
        [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}],
        red={"markers": {"fore-deck": 0}},
    )
    assert not state.can_use_cannon(RED, 0)
    assert state.turn_player == BLUE and state.phase == "stage1"  # Stage 2 was skipped
    assert state.loaded[RED][0] == [SOLID]


def test_firing_an_empty_cannon_cannot_fire(game: BroadSides) -> None:
    state = red_fires(game, [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}], loaded=())
    assert state.turn_player == BLUE and state.phase == "stage1"


def test_firing_potential_damage_counts_the_markers_in_the_zone_officers_included(
    game: BroadSides,
) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    state = red_fires(game, targets, loaded=("canister",), gunsight="main-deck")
    act(state, "Fire!")
    assert state.attack[1] == 6  # 4 Crewmen, the Captain and the First Mate
    state = red_fires(
        game,
        targets,
        loaded=("canister",),
        gunsight="main-deck",
        blue={"markers": {"main-deck": 3}},
    )
    act(state, "Fire!")
    assert state.attack[1] == 3


def test_firing_a_shot_of_the_wrong_colour_costs_1(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    state = red_fires(game, targets, loaded=("chain", "solid"), gunsight="mid-hull")
    act(state, "Fire!")
    assert texts(state) == ["fire the Solid shot", "fire the Chain shot"]
    act(state, "fire the Chain shot")
    assert events(state, "shot")[-1]["steps"][0] == ["colour", -1]
    assert state.attack[2] == 4 - 1
    state = red_fires(game, targets, loaded=("chain", "solid"), gunsight="mid-hull")
    act(state, "Fire!", "fire the Solid shot")
    assert state.attack[2] == 4


def test_firing_only_the_firing_cannons_deck_penalties_count(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    # Two Cannon −1 on the Aft Deck, none on the Fore Deck: the fore cannon is unhurt.
    state = red_fires(game, targets, red={"markers": {"aft-deck": 1}})
    act(state, "Fire!")
    assert state.attack[2] == 5
    # One Cannon −1 on the Fore Deck counts.
    state = red_fires(game, targets, red={"markers": {"fore-deck": 2, "aft-deck": 1}})
    act(state, "Fire!")
    assert state.attack[2] == 5 - 1
    assert events(state, "shot")[-1]["steps"][0] == ["cannon", -1]


@pytest.mark.parametrize(
    ("left", "bottom", "result", "change"),
    [
        ("2♥", "2♦", "perfect", 0),
        ("3♥", "2♦", "good", -1),
        ("4♥", "4♦", "poor", -2),
        ("5♥", "2♦", "miss", -3),
        ("2♥", None, "miss", -3),  # only one card played
        (None, "2♦", "miss", -3),
        (None, None, "early", -4),  # no card played
    ],
)
def test_firing_each_target_card_changes_the_damage_by_its_result(
    game: BroadSides, left: str | None, bottom: str | None, result: str, change: int
) -> None:
    # An 18-Pounder at the Fore Hull (5 Planks) with a Solid shot; one Target centred (2, 2).
    state = red_fires(game, [{"centre": [2, 2], "left": left, "bottom": bottom}])
    act(state, "Fire!")
    assert events(state, "shot")[-1]["steps"] == [[result, change, 0]]
    assert state.attack[2] == 5 + change


def test_firing_results_add_up_over_all_target_cards(game: BroadSides) -> None:
    targets = [
        {"centre": [2, 2], "left": "3♥", "bottom": "2♦"},  # good
        {"centre": [3, 5], "left": "3♠", "bottom": "5♠"},  # perfect
        {"centre": [6, 6], "left": "6♣", "bottom": "8♣"},  # poor
    ]
    state = red_fires(game, targets, loaded=("canister",), gunsight="main-deck")
    act(state, "Fire!")
    assert state.attack[2] == 6 - 1 - 0 - 2


@pytest.mark.parametrize(
    ("cannon", "coordinates", "results"),
    [
        # Against the Target centred (5, 5).
        ("18-pounder", [(5, 5), (6, 4), (5, 7), (7, 7), (8, 5)], "perfect good poor poor miss"),
        ("long-nine", [(5, 5), (6, 6), (5, 7), (6, 7), (4, 3)], "perfect perfect poor miss miss"),
        ("carronade", [(5, 5), (7, 7), (8, 5), (8, 6), (8, 7)], "good good poor poor miss"),
    ],
)
def test_cannon_tiles_read_the_house_tables(
    game: BroadSides, cannon: str, coordinates: list[tuple[int, int]], results: str
) -> None:
    kind = next(k.index for k in game.components.cannons if k.id == cannon)
    target = game.components.target_centres.index((5, 5))
    state = position(game, ship(), ship())
    read = [state.target_result(kind, [target, 0, x, 1, y]) for x, y in coordinates]
    assert read == results.split()


def test_firing_an_early_shot_makes_the_defender_discard_an_aim_card(game: BroadSides) -> None:
    # Ruling 6.
    targets: list[dict[str, Any]] = [
        {"centre": [2, 2], "left": "2♥", "bottom": "2♦"},
        {"centre": [3, 5]},
    ]
    blue = {"targets": [{"centre": [4, 8], "left": "5♥", "bottom": "8♣"}, {"centre": [5, 3]}]}
    state = red_fires(game, targets, blue=blue)
    act(state, "Fire!")
    assert state.attack[2] == 5 - 4
    assert state.current_player == BLUE and state.phase == "tasks"
    t = target_no(state, BLUE, 0)
    assert texts(state) == [
        f"discard the Aim card at the left of Target #{t}",
        f"discard the Aim card at the bottom of Target #{t}",
    ]
    act(state, f"discard the Aim card at the bottom of Target #{t}")
    assert state.targets[BLUE][0][1:] == [card("5♥"), 5, None, None]
    assert state.discards[BLUE] == [card("8♣")]
    assert state.phase == "pick"  # then Blue may Evade


def test_firing_the_damage_track_never_goes_below_zero(game: BroadSides) -> None:
    # Ruling 5: 2 Planks, a Chain shot (−1), two Early shots (−8): the track stops at 0,
    # so there is nothing to Evade and no damage.
    state = red_fires(
        game,
        [{"centre": [2, 2]}, {"centre": [3, 5]}],
        loaded=("chain",),
        blue={"markers": {"fore-hull": 2}, "hand": ["3♠", "4♠"]},
    )
    act(state, "Fire!")
    shot = events(state, "shot")[-1]
    assert [step[:2] for step in shot["steps"]] == [["colour", -1], ["early", -4], ["early", -4]]
    assert shot["damage"] == 0
    assert events(state, "damage")[-1]["damage"] == 0
    assert count(state, BLUE, "fore-hull") == 2
    assert state.current_player == RED and state.phase == "zero-in-man"
    assert len(state.hands[BLUE]) == 2


def test_carronade_double_shot_adds_2_for_a_matching_shot_but_not_above_the_potential(
    game: BroadSides,
) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]  # a Good Carronade shot
    state = red_fires(
        game, targets, cannon="carronade", loaded=("solid", "solid"), gunsight="mid-hull"
    )
    act(state, "Fire!")
    assert state.attack[2] == 4 - 1
    assert state.phase == "double" and texts(state) == ["fire a Double Shot", "no Double Shot"]
    act(state, "fire a Double Shot")
    assert state.attack[2] == 4  # 3 + 2, capped at the potential 4
    assert state.loaded[RED][0] == []


def test_carronade_double_shot_adds_1_for_a_shot_of_another_colour(game: BroadSides) -> None:
    targets = [
        {"centre": [2, 2], "left": "2♥", "bottom": "2♦"},
        {"centre": [3, 5], "left": "3♠", "bottom": "5♠"},
    ]  # two Good Carronade shots
    state = red_fires(
        game, targets, cannon="carronade", loaded=("solid", "chain"), gunsight="mid-hull"
    )
    act(state, "Fire!", "fire the Solid shot", "fire a Double Shot")
    assert state.attack[2] == 4 - 2 + 1


def test_carronade_double_shot_adds_to_a_track_already_stopped_at_zero(
    game: BroadSides,
) -> None:
    # Ruling 5 again: two Early shots take 4 Planks to 0 (not −4), then +2.
    state = red_fires(
        game,
        [{"centre": [2, 2]}, {"centre": [3, 5]}],
        cannon="carronade",
        loaded=("solid", "solid"),
        gunsight="mid-hull",
    )
    act(state, "Fire!")
    assert state.attack[2] == 0
    act(state, "fire a Double Shot")
    assert state.attack[2] == 2


def test_carronade_double_shot_needs_a_second_disc(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    state = red_fires(game, targets, cannon="carronade", loaded=("solid",), gunsight="mid-hull")
    act(state, "Fire!")
    assert state.phase == "pick" and state.current_player == BLUE  # straight to Evasion


def test_evasion_covered_numbers_cannot_be_used(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    blue = {
        "hand": ["3♠", "4♠", "5♠", "7♦", "8♦"],
        "covered": {"evasion": [4], "sheer_off": [7, 8]},
    }
    state = red_fires(game, targets, blue=blue)
    act(state, "Fire!")
    assert state.current_player == BLUE
    assert texts(state) == ["7♦", "done"]  # 3-4 and 4-5 need the covered 4


def test_evasion_a_straight_flush_may_hold_a_wild(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    state = red_fires(game, targets, blue={"hand": ["3♠", "Wild"]})
    act(state, "Fire!")
    act(state, "3♠", "a Wild as 4", "done")
    evade = events(state, "evade")[-1]
    assert evade["straight_flush"] and evade["evaded"] == 2
    assert count(state, BLUE, "fore-hull") == 5 - 3
    assert state.covered[BLUE]["evasion"][2:4] == [True, True]


def test_evasion_straights_wrap_from_10_to_1(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    state = red_fires(game, targets, blue={"hand": ["10♦", "1♣"]})
    act(state, "Fire!")
    assert texts(state) == ["10♦", "done"]
    act(state, "10♦", "1♣", "done")
    assert events(state, "evade")[-1]["evaded"] == 1
    assert [v + 1 for v in range(10) if state.covered[BLUE]["evasion"][v]] == [1, 10]


def test_evasion_a_plain_straight_with_a_rigging_penalty_may_evade_nothing(
    game: BroadSides,
) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}]
    blue = {"hand": ["3♠", "4♥"], "markers": {"aft-rigging": 1}}
    state = red_fires(game, targets, blue=blue)
    act(state, "Fire!", "3♠", "4♥", "done")
    assert events(state, "evade")[-1]["evaded"] == 0  # as if 1 card: 1 // 2 = 0
    assert count(state, BLUE, "fore-hull") == 0


def test_firing_damage_is_removed_by_the_defenders_choice_officers_included(
    game: BroadSides,
) -> None:
    # Ruling 7. A Poor shot at a Main Deck of 3 (a Crewman and both officers): 1 damage.
    targets = [{"centre": [2, 2], "left": "4♥", "bottom": "4♦"}]
    state = red_fires(
        game,
        targets,
        loaded=("canister",),
        gunsight="main-deck",
        blue={"markers": {"main-deck": 3}},
    )
    act(state, "Fire!", "done")  # Blue does not Evade
    assert state.current_player == BLUE and state.phase == "tasks"
    # The view tells the waiting loss with the zone it comes off.
    seat, kind, _, zone = state.view(RED)["losses"][0]
    assert (seat, kind, zone) == (BLUE, "zone", "main-deck")
    assert texts(state) == [
        "lose a Crewman from the Main Deck",
        "lose your Captain",
        "lose your First Mate",
    ]
    act(state, "lose your Captain")
    assert state.officers[BLUE][0] == LOST and count(state, BLUE, "main-deck") == 2
    counts = [state.zone_count(BLUE, z.index) for z in game.components.zones]
    assert state.zone_counts(BLUE) == counts  # a lost officer counts nowhere
    assert not state.is_terminal()
    assert state.current_player == RED and state.phase == "zero-in-man"


def test_firing_ends_with_zero_in_possibly_on_the_same_zone(game: BroadSides) -> None:
    targets = [{"centre": [2, 2], "left": "2♥", "bottom": "2♦"}, {"centre": [3, 5], "left": "3♠"}]
    state = red_fires(game, targets, gunsight="mid-hull", red={"hand": ["1♣"]})
    act(state, "Fire!", "done")  # 4 − 3 (a Miss) = 1 Plank
    assert count(state, BLUE, "mid-hull") == 3
    assert state.targets[RED] == []  # discarded, with their Aim cards
    assert sorted(state.discards[RED]) == sorted([card("2♥"), card("2♦"), card("3♠")])
    assert state.phase == "zero-in-man" and state.current_player == RED
    act(state, "man the aft cannon")
    assert "Zero In on the foe's Mid Hull" in texts(state)
    act(state, "Zero In on the foe's Mid Hull")
    assert len(state.targets[RED]) == 2 and state.gunner[RED] == 1
    assert len(state.hands[RED]) == 3  # then Stage 3
    assert state.turn_player == BLUE and state.phase == "stage1"


# -- Stage 3 and the decks --------------------------------------------------------------------------


def test_stage_3_draws_2_then_discards_down_to_the_hand_limit(game: BroadSides) -> None:
    hand = ["1♠", "2♦", "3♣", "4♥", "6♠", "7♦"]
    state = red_fires(game, [{"centre": [2, 2]}], red={"hand": hand})
    act(state, "hold fire")
    assert len(state.hands[RED]) == 8
    assert state.current_player == RED and state.phase == "hand-limit"
    act(state, "1♠")
    assert state.phase == "hand-limit"
    picked = state.view(RED)["selection"]
    assert picked["kind"] == "hand-limit" and [c[0] for c in picked["cards"]] == [card("1♠")]
    act(state, "3♣")
    assert len(state.hands[RED]) == 6
    assert state.discards[RED] == [card("1♠"), card("3♣")]
    assert state.turn_player == BLUE and state.phase == "stage1"


def test_stage_3_hand_penalties_lower_the_hand_limit(game: BroadSides) -> None:
    # A Main Deck of 3 (of 6) shows one Hand −1: the limit is 5.
    hand = ["1♠", "2♦", "3♣", "4♥", "6♠"]
    state = red_fires(game, [{"centre": [2, 2]}], red={"hand": hand, "markers": {"main-deck": 3}})
    assert state.hand_limit(RED) == 5
    act(state, "hold fire")
    assert len(state.hands[RED]) == 7 and state.phase == "hand-limit"
    act(state, "1♠", "2♦")
    assert len(state.hands[RED]) == 5
    assert state.turn_player == BLUE
    state = red_fires(game, [{"centre": [2, 2]}], red={"markers": {"main-deck": 2}})
    assert state.hand_limit(RED) == 4


def test_stage_3_no_discard_at_the_hand_limit(game: BroadSides) -> None:
    state = red_fires(game, [{"centre": [2, 2]}], red={"hand": ["1♠", "2♦", "3♣", "4♥"]})
    act(state, "hold fire")
    assert len(state.hands[RED]) == 6
    assert state.turn_player == BLUE and state.phase == "stage1"


def test_an_empty_aim_deck_is_reshuffled_from_the_discards(game: BroadSides) -> None:
    state = position(game, ship(hand=["1♠"]), ship())
    state.discards[RED] = state.decks[RED]
    state.decks[RED] = []
    state.touched()
    pile = set(state.discards[RED])
    act(state, "Hold")
    assert len(state.hands[RED]) == 2
    drawn = next(c for c in state.hands[RED] if c != card("1♠"))
    assert drawn in pile
    assert state.discards[RED] == [] and len(state.decks[RED]) == len(pile) - 1
    assert len(events(state, "aim-reshuffle")) == 1


def test_nothing_is_drawn_when_the_aim_deck_and_its_discards_are_empty(game: BroadSides) -> None:
    # Ruling 8.
    state = red_fires(game, [{"centre": [2, 2]}], red={"hand": ["1♠"]})
    state.decks[RED] = []
    state.discards[RED] = []
    state.touched()
    act(state, "hold fire")
    assert state.hands[RED] == [card("1♠")]
    assert state.turn_player == BLUE and state.phase == "stage1"
    # A Hold as the second action draws nothing either.
    state = position(game, ship(hand=["1♠", "2♦"]), ship())
    state.decks[RED] = []
    state.touched()
    act(state, "Aim", "1♠", spot(state, RED, 0, "left"), "Hold")
    assert state.hands[RED] == [card("2♦")]


def test_an_empty_target_deck_is_reshuffled_from_the_discarded_targets(
    game: BroadSides,
) -> None:
    # Ruling 9: the discards (Red's own just discarded ones too) form a new deck; the
    # Target cards in front of the players stay there.
    state = position(game, ship(hand=["1♠"]), ship())
    state.target_discards = state.target_deck
    state.target_deck = []
    state.touched()
    blue_targets = [list(t) for t in state.targets[BLUE]]
    old = [t[0] for t in state.targets[RED]]
    act(state, CHANGE_TARGETS, "man the fore cannon", "Zero In on the foe's Main Deck")
    assert len(state.targets[RED]) == 3
    assert state.targets[BLUE] == blue_targets
    assert len(state.target_deck) == 30 - 2 - 3 and state.target_discards == []
    assert set(old) <= set(state.target_deck) | {t[0] for t in state.targets[RED]}
    assert len(events(state, "target-reshuffle")) == 1


# -- Damage effects --------------------------------------------------------------------------------


def test_disasters_flip_when_a_hull_zone_is_emptied_and_may_chain(game: BroadSides) -> None:
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    blue = ship(
        markers={"fore-hull": 1, "mid-hull": 2},  # 6 Planks missing
        disasters={"fore-hull": "planks", "mid-hull": "sails", "aft-hull": "crew"},
    )
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done")
    act(state, "lose a Plank from the Fore Hull")  # empty: Lose 2 Planks, Blue's choice
    assert [e["disaster"] for e in events(state, "disaster")] == [2]
    assert state.current_player == BLUE and state.phase == "tasks"
    assert texts(state) == ["lose a Plank from the Mid Hull", "lose a Plank from the Aft Hull"]
    act(state, "lose a Plank from the Mid Hull", "lose a Plank from the Mid Hull")
    # The Mid Hull is empty in turn: Lose 3 Sails, before the Broadside's Chain shot.
    assert [e["disaster"] for e in events(state, "disaster")] == [2, 0]
    assert state.missing_planks(BLUE) == 9 and not state.is_terminal()
    for _ in range(3):
        assert texts(state) == [
            "lose a Sail from the Fore Rigging",
            "lose a Sail from the Aft Rigging",
        ]
        act(state, "lose a Sail from the Fore Rigging")
    # The Chain shot: only the Aft Rigging has Sails left, so nothing is asked.
    assert sails(state, BLUE) == 2 and count(state, BLUE, "aft-rigging") == 2
    assert sorted(state.disaster_done[BLUE]) == [zone(game, "fore-hull"), zone(game, "mid-hull")]
    assert state.disasters[BLUE][zone(game, "aft-hull")] is not None
    assert state.phase == "stage1" and state.current_player == RED


def test_disasters_happen_once_per_hull_zone(game: BroadSides) -> None:
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["solid", "solid"], "aft": []})
    blue = ship(
        markers={"fore-hull": 1},
        disasters={"fore-hull": "resolved", "mid-hull": "sails", "aft-hull": "crew"},
    )
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Plank from the Fore Hull")
    assert count(state, BLUE, "fore-hull") == 0
    assert events(state, "disaster") == []
    assert texts(state) == ["lose a Plank from the Mid Hull", "lose a Plank from the Aft Hull"]


def test_disaster_lose_3_crewmen_the_owner_may_spare_the_officers(game: BroadSides) -> None:
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["solid", "solid"], "aft": []})
    blue = ship(
        markers={"aft-hull": 1},
        disasters={"fore-hull": "planks", "mid-hull": "sails", "aft-hull": "crew"},
    )
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Plank from the Aft Hull")
    assert [e["disaster"] for e in events(state, "disaster")] == [1]
    assert state.current_player == BLUE
    act(state, "lose a Crewman from the Aft Deck", "lose a Crewman from the Aft Deck")
    # Losses are taken in a fixed order (officers last), so an officer may be chosen
    # as the last of the three.
    assert texts(state) == [
        "lose a Crewman from the Aft Deck",
        "lose your Captain",
        "lose your First Mate",
    ]
    act(state, "lose a Crewman from the Aft Deck")
    assert count(state, BLUE, "aft-deck") == 1
    assert state.officers[BLUE] == [zone(game, "main-deck")] * 2


def test_sinking_at_10_missing_planks_ends_the_game_at_once(game: BroadSides) -> None:
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["solid", "chain"], "aft": []})
    blue = ship(
        markers={"fore-hull": 0, "mid-hull": 1, "aft-hull": 4},  # 9 missing
        disasters={"fore-hull": "resolved", "mid-hull": "sails", "aft-hull": "crew"},
    )
    state = position(game, red, blue)
    assert state.returns() == [0.0, 0.0]
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Plank from the Aft Hull")
    assert state.missing_planks(BLUE) == 10
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert sails(state, BLUE) == 6  # the Chain shot is never resolved
    assert events(state, "game-end")[-1]["reason"] == "sunk"


def test_losing_both_officers_ends_the_game_at_once(game: BroadSides) -> None:
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["canister", "canister"], "aft": []})
    blue = ship(officers={"captain": "main-deck", "first_mate": "lost"}, markers={"main-deck": 2})
    state = position(game, red, blue)
    act(state, "Broadside", "4♠", "7♠", "done")
    assert "lose your Captain" in texts(state)
    act(state, "lose your Captain")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert events(state, "game-end")[-1]["reason"] == "both officers lost"


def test_officers_are_lost_when_nobody_else_is_left(game: BroadSides) -> None:
    # Blue's only Crewmen left are her officers: the Canister must take one.
    red = ship(hand=["4♠", "7♠", "2♦"], loaded={"fore": ["canister", "solid"], "aft": []})
    blue = ship(
        officers={"captain": "main-deck", "first_mate": "aft-deck"},
        markers={"fore-deck": 0, "main-deck": 1, "aft-deck": 1},
    )
    state = position(game, red, blue, turn_player=RED)
    act(state, "Broadside", "4♠", "7♠", "done", "lose a Plank from the Mid Hull")
    assert texts(state) == ["lose your Captain", "lose your First Mate"]


# -- The end of the game ---------------------------------------------------------------------------


def capped(round_cap: int) -> BroadSides:
    g = get_game("broadsides", {"round_cap": round_cap})
    assert isinstance(g, BroadSides)
    return g


def test_round_cap_the_ship_with_more_markers_wins(game: BroadSides) -> None:
    # Ruling 10: Blue played her turn 1; Red's turn ends the cap of 1 round.
    g = capped(1)
    state = red_fires(g, [{"centre": [2, 2]}], blue={"markers": {"fore-hull": 4}})
    state.turns = 1
    state.touched()
    assert state.ship_markers(RED) == 34 and state.ship_markers(BLUE) == 33
    act(state, "hold fire")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    # Officers count too: a lost First Mate is one marker fewer.
    state = red_fires(
        g,
        [{"centre": [2, 2]}],
        red={"officers": {"first_mate": "lost"}, "markers": {"main-deck": 5}},
    )
    state.turns = 1
    assert state.ship_markers(RED) == 33 and state.ship_markers(BLUE) == 34
    act(state, "hold fire")
    assert state.returns() == [-1.0, 1.0]


def test_round_cap_an_equal_count_is_a_draw(game: BroadSides) -> None:
    state = red_fires(capped(2), [{"centre": [2, 2]}])
    state.turns = 3
    act(state, "hold fire")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert events(state, "game-end")[-1]["winner"] is None


def test_round_cap_not_reached_the_game_goes_on(game: BroadSides) -> None:
    state = red_fires(capped(2), [{"centre": [2, 2]}])
    state.turns = 2  # both played 1 turn; Red's second turn is not the last of round 2
    act(state, "hold fire")
    assert not state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.turn_player == BLUE


def test_scenario_ships_without_targets_zero_in_on_their_gunsight(game: BroadSides) -> None:
    """A scenario that leaves Targets out gets those of a Zero In on the Gunsight's zone,
    as in play; before this, such a position offered Aim with nowhere to place the card."""
    state = game.load_scenario({"ships": [{"gunsight": "fore-hull"}, {}]})
    c = game.components
    assert len(state.targets[RED]) == c.zones[c.zone_by_id["fore-hull"]].targets
    assert len(state.targets[BLUE]) == c.zones[c.zone_by_id["mid-hull"]].targets
    in_front = [t[0] for p in (RED, BLUE) for t in state.targets[p]]
    assert len(set(in_front)) == len(in_front) and not set(in_front) & set(state.target_deck)
    assert sum(state.components()[f"target {t}"] for t in range(len(c.target_centres))) == len(
        c.target_centres
    )
    for seed in range(3):  # random play from such a position reaches an end
        s = game.load_scenario({"seed": seed, "ships": [{}, {}]})
        chooser = Rng.from_seed(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal, s.pending()
            s.apply(chooser.choice(legal))
    with pytest.raises(ScenarioError, match="targets"):
        game.load_scenario({"ships": [{"targets": []}, {}]})
