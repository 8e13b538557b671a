"""The observation tensor of BroadSides: my ship first, my hand exactly, the foe's
hand only as a count and the foe's cannons only once revealed."""

from __future__ import annotations

from quarterdeck.engine import Rng
from quarterdeck.games.broadsides import BroadSides

from .conftest import BLUE, RED, card, position, ship


def split(game: BroadSides, state, seat: int) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    return game.observation_layout(2).split(state.observation(seat))


def test_my_hand_is_encoded_exactly_and_the_foes_only_as_a_count(game: BroadSides) -> None:
    state = position(game, ship(hand=["3♠", "7♥", "Wild"]), ship(hand=["1♦", "2♦"]))
    red = split(game, state, RED)
    assert [i for i, v in enumerate(red["hand"]) if v] == sorted([card("3♠"), card("7♥"), 40])
    assert red["hand_size"] == [3 / 42, 2 / 42]
    blue = split(game, state, BLUE)
    assert [i for i, v in enumerate(blue["hand"]) if v] == sorted([card("1♦"), card("2♦")])
    assert blue["hand_size"] == [2 / 42, 3 / 42]  # my ship first


def test_ships_are_told_relative_to_the_observer(game: BroadSides) -> None:
    state = position(game, ship(markers={"mid-hull": 1}), ship())
    red, blue = split(game, state, RED), split(game, state, BLUE)
    assert red["colour"] == [1.0, 0.0] and blue["colour"] == [0.0, 1.0]
    assert red["missing_planks"][0] == blue["missing_planks"][1] == 3 / 10
    assert red["markers"][:8] == blue["markers"][8:]
    assert (
        sum(red["phase"]) == 1.0
        and red["deciding"] == [1.0, 0.0]
        and blue["deciding"] == [0.0, 1.0]
    )


def test_the_foes_cannons_stay_hidden_until_both_captains_have_chosen(game: BroadSides) -> None:
    """Rule: the cannon tiles are chosen in secret and revealed together."""
    state = game.new_state(2, 4)
    while state.pending().decision != "mount" or state.seat != BLUE:  # type: ignore[union-attr]
        state.apply(state.legal_actions()[0])
    # Red has chosen; Blue has not: Blue sees that Red chose, not what.
    blue = split(game, state, BLUE)["cannons"]
    foe_fore = blue[2 * 5 : 3 * 5]  # ship 1 (the foe), fore: 3 tiles, chosen, manned
    assert foe_fore[:3] == [0.0, 0.0, 0.0] and foe_fore[3] == 1.0
    red_own = split(game, state, RED)["cannons"][:5]
    assert sum(red_own[:3]) == 1.0
    rng = Rng.from_seed(2)
    assert state.resample(BLUE, rng).observation(BLUE) == state.observation(BLUE)
    while state.cannons[BLUE][1] is None:
        state.apply(state.legal_actions()[0])
    foe_fore = split(game, state, BLUE)["cannons"][2 * 5 : 3 * 5]
    assert sum(foe_fore[:3]) == 1.0  # revealed


def test_targets_show_the_aim_cards_played_to_them(game: BroadSides) -> None:
    state = position(
        game,
        ship(targets=[{"centre": [2, 2], "left": "8♠", "bottom": "Wild", "bottom_value": 4}]),
        ship(),
    )
    layout = game.observation_layout(2)
    targets = layout.split(state.observation(RED))["targets"]
    target = state.targets[RED][0][0]
    row = targets[target * 15 : target * 15 + 15]
    assert row[0] == 1.0  # in front
    assert row[1:3] == [1.0, 0.8] and row[3] == 1.0  # left: an 8 of spades
    assert row[8:10] == [1.0, 0.4] and row[14] == 1.0  # bottom: the Wild as a 4
