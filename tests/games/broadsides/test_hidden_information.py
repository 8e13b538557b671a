"""What each captain may not know stays hidden, and resampling respects what they do know."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quarterdeck.engine import OptionError, Rng, ScenarioError, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from ...contract.helpers import checkpoints
from .conftest import BLUE, RED, act, card, position, ship


def test_resample_after_a_reshuffle_keeps_the_cards_the_foe_can_place(game: BroadSides) -> None:
    # Blue's deck is empty and her discards are public: drawing forms a new deck from
    # them, so Red knows every card Blue held before the draw.
    others = [c for c in range(42) if c not in (card("3♥"), card("5♦"), card("9♣"))]
    blue = ship(hand=["3♥", "5♦", "9♣"])
    state = position(game, ship(hand=["1♦", "2♦", "3♦"]), blue, turn_player=BLUE)
    state.decks[BLUE] = []
    state.discards[BLUE] = [c for c in others if c // 10 in (0, 1)]
    state.touched()
    act(state, "Hold")
    refill = set(state.refills[BLUE])
    assert refill and refill <= set(others)
    held = {card("3♥"), card("5♦"), card("9♣")}
    rng = Rng.from_seed(4)
    for _ in range(50):
        other = state.resample(RED, rng)
        assert isinstance(other, BroadSidesState)
        assert held <= set(other.hands[BLUE])  # Red knows Blue still holds these
        assert set(other.decks[BLUE]) <= refill  # and what her new deck can hold
        assert other.view(RED, log=True) == state.view(RED)


def test_resample_never_leaves_a_captain_unable_to_finish_the_set_they_started(
    game: BroadSides,
) -> None:
    red = ship(hand=["5♠", "8♠", "1♦", "2♣"], loaded={"fore": ["solid", "chain"], "aft": []})
    state = position(game, red, ship(hand=["1♥", "4♥"]))
    act(state, "Broadside", "5♠")  # Red holds another spade: the flush can be finished
    rng = Rng.from_seed(9)
    for _ in range(200):
        other = state.resample(BLUE, rng)
        assert isinstance(other, BroadSidesState)
        assert other.legal_actions(), "Red cannot finish her flush"
        assert card("5♠") in other.hands[RED]


def test_a_wild_played_with_none_known_in_hand_is_the_lowest_numbered_hidden_one(
    game: BroadSides,
) -> None:
    # Red holds the second Wild, the first is still in her deck: the Wild she plays
    # must not tell Blue that the other one is not in her hand.
    red = ship(hand=["Wild2", "3♠"])
    state = position(game, red, ship())
    assert 40 in state.decks[RED] and 41 in state.hands[RED]
    act(state, "Aim", "a Wild as 2")
    assert state.view(BLUE)["selection"]["cards"][0][0] == 40
    assert 41 in state.decks[RED] and 40 in state.hands[RED]


def test_a_wild_pulled_by_a_sheer_off_shows_the_same_number_wherever_the_other_lies(
    game: BroadSides,
) -> None:
    # Blue holds both Wilds, or one with the other still in her deck: Red cannot tell
    # which, so a lone Wild pulled from her hand must show the same number either way.
    plain = ["1♥", "2♥", "3♥", "4♥"]
    shown: dict[str, set[int]] = {}
    for world, hand in (
        ("both in hand", ["Wild", "Wild2", *plain]),
        ("one in the deck", ["Wild2", "5♥", *plain]),
    ):
        shown[world] = set()
        for seed in range(40):
            state = position(game, ship(hand=["4♠", "5♦", "8♣"]), ship(hand=hand), seed=seed)
            act(state, "Sheer Off", "4♠", "5♦", "done")
            wilds = [c for c in state.discards[BLUE] if c >= 40]
            if len(wilds) == 1:
                shown[world].add(wilds[0])
    assert shown == {"both in hand": {40}, "one in the deck": {40}}


def test_a_wild_played_tells_nothing_of_whether_the_foe_holds_the_other(game: BroadSides) -> None:
    # Blue's deck was formed anew while she held the second Wild, so Red knows it is in
    # her hand. Either she has since drawn the first Wild too (A) or it is still in her
    # deck (B). She plays a Wild: Red must not learn which world it is, from her view,
    # her observation tensor or the guesses of her search.
    worlds = []
    for hand in (["Wild", "Wild2", "1♥", "2♥"], ["Wild2", "1♥", "2♥", "3♥"]):
        state = position(game, ship(), ship(hand=hand), turn_player=BLUE)
        state.refills[BLUE] = sorted(c for c in range(42) if c not in (41, card("1♥"), card("2♥")))
        state.touched()
        act(state, "Aim", "a Wild as 5")
        worlds.append(state)
    a, b = worlds
    assert a.view(RED, log=False) == b.view(RED, log=False)
    assert list(a.observation(RED)) == list(b.observation(RED))
    guesses = [
        sum(
            any(
                c >= 40
                for c in cast(BroadSidesState, w.resample(RED, Rng.from_seed(k))).hands[BLUE]
            )
            for k in range(60)
        )
        for w in worlds
    ]
    assert guesses[0] == guesses[1]


@pytest.mark.parametrize("cap", [0, -1, True, "many", 10_001])
def test_the_round_cap_is_a_whole_number_from_one_to_ten_thousand(cap: object) -> None:
    with pytest.raises(OptionError, match="round_cap"):
        get_game("broadsides", {"round_cap": cap})
    assert get_game("broadsides", {"round_cap": 10_000}).options["round_cap"] == 10_000


def test_a_scenario_of_a_lost_ship_or_an_empty_hull_without_its_disaster_is_refused(
    game: BroadSides,
) -> None:
    with pytest.raises(ScenarioError, match="already lost"):
        position(game, ship(officers={"captain": "lost", "first_mate": "lost"}), ship())
    with pytest.raises(ScenarioError, match="mark it 'resolved'"):
        position(game, ship(markers={"mid-hull": 0}), ship())
    with pytest.raises(ScenarioError, match="first_player"):
        position(game, ship(), ship(), first_player=3)


@pytest.mark.parametrize(
    ("red", "rest", "message"),
    [
        ({"officers": []}, {}, r"ships\[0\].officers: an object"),
        ({"gunsight": ["x"]}, {}, r"ships\[0\].gunsight: unknown zone"),
        ({"markers": {"mid-hull": True}}, {}, r"markers.mid-hull: from 0 to"),
        ({"targets": [{"centre": 5}]}, {}, r"targets\[0\]: needs a centre"),
        ({"loaded": {"fore": 3}}, {}, r"loaded.fore: a list"),
        ({"covered": {"broadside": 3}}, {}, r"covered.broadside: a list"),
        ({"hand": ["1²S"]}, {}, r"hand\[0\]: '1²S' is not a card"),
        ({}, {"turn_player": True}, "turn_player: 0 .Red. or 1"),
        ({}, {"turns": True}, "turns: the number of turns"),
        ({}, {"aimed": "yes"}, "aimed: true or false"),
    ],
)
def test_a_scenario_entry_of_the_wrong_kind_is_refused_naming_it(
    game: BroadSides, red: dict[str, object], rest: dict[str, object], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        position(game, ship(**red), ship(), **rest)


@pytest.mark.parametrize(
    ("red", "message"),
    [
        (
            {"officers": {"firstmate": "aft-deck"}},
            r"ships\[0\].officers: unknown entry 'firstmate'",
        ),
        ({"loaded": {"for": ["solid"]}}, r"ships\[0\].loaded: unknown entry 'for'"),
        ({"cannons": {"middle": "carronade"}}, r"ships\[0\].cannons: unknown entry 'middle'"),
        (
            {"targets": [{"centre": [9, 6], "left": "Wild", "left_value": True}]},
            "left_value: the value a Wild stands for",
        ),
    ],
)
def test_a_misspelt_officer_or_cannon_position_is_refused(
    game: BroadSides, red: dict[str, object], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        position(game, ship(**red), ship())


def test_a_stored_scenario_replays_as_it_was_accepted(game: BroadSides) -> None:
    """Entries of no known name are refused in a new scenario only: one stored with a
    game or a record before they were refused still loads (strict=False)."""
    stored = {"ships": [ship(), ship()], "description": "from an older Quarterdeck"}
    with pytest.raises(ScenarioError, match="unknown entry 'description'"):
        game.load_scenario(stored)
    assert game.load_scenario(stored, strict=False) == game.load_scenario(
        {"ships": [ship(), ship()]}
    )


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("scenario", "scenario: unknown entry 'turn'"),
        ("ship", r"scenario entry ships\[0\]: unknown entry 'turn'"),
        ("target", r"scenario entry ships\[0\].targets\[0\]: unknown entry 'turn'"),
        ("covered", r"scenario entry ships\[0\].covered: unknown entry 'turn'"),
    ],
)
def test_a_scenario_entry_of_no_known_name_is_refused_rather_than_left_at_its_default(
    game: BroadSides, where: str, message: str
) -> None:
    red = ship(targets=[{"centre": [2, 2]}], covered={"evasion": [3]})
    scenario: dict[str, object] = {}
    {
        "scenario": scenario,
        "ship": red,
        "target": red["targets"][0],
        "covered": red["covered"],
    }[where]["turn"] = 1
    with pytest.raises(ScenarioError, match=message):
        position(game, red, ship(), **scenario)


@given(seed=st.integers(0, 2**63), choice_seed=st.integers(0, 2**63))
@settings(max_examples=10, deadline=None)
def test_the_bots_view_reads_exactly_as_the_seats_own_view(seed: int, choice_seed: int) -> None:
    """The heuristic captain reads a lazy view (each part of a ship drawn when first
    read): part for part it is the seat's own view, so it knows no more than the seat."""
    for state in checkpoints(get_game("broadsides"), 2, seed, choice_seed, n=25):
        for seat in (RED, BLUE):
            lazy = state.bot_view(seat)
            full = state.view(seat, log=False)
            for key, value in full.items():
                if key != "ships":
                    assert lazy[key] == value, key
            assert set(lazy) == set(full)
            for drawn, shown in zip(lazy["ships"], full["ships"], strict=True):
                assert not drawn  # nothing drawn before it is read
                assert {part: drawn[part] for part in shown} == shown
    lazy = state.bot_view(RED)
    with pytest.raises(KeyError):
        lazy["ships"][BLUE]["decks"]  # not a part of a ship
    # Parts not drawn yet are there to get and to ask about, like the drawn ones.
    assert "pending" in lazy and lazy.get("pending") == state.view(RED)["pending"]
    assert "hand" in lazy["ships"][RED] and lazy["ships"][RED].get("hand") is not None
    assert lazy["ships"][BLUE].get("hand", "none") is None  # the foe's hand is hidden
    assert lazy["ships"][BLUE].get("decks", "none") == "none"
