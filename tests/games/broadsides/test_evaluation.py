"""The search bots' estimate of an unfinished duel (evaluation.py and its fitted weights)."""

from __future__ import annotations

import json
from importlib import resources
from typing import cast

from quarterdeck.games.broadsides import BroadSides
from quarterdeck.games.broadsides.evaluation import FEATURES, red_win_chance

from .conftest import RED, position, ship


def fitted() -> dict[str, object]:
    text = resources.files("quarterdeck.games.broadsides").joinpath("data/evaluation.json")
    data: dict[str, object] = json.loads(text.read_text(encoding="utf-8"))
    return data


def test_the_weights_file_names_exactly_the_features_and_says_how_it_was_fitted() -> None:
    data = fitted()
    assert set(cast("dict[str, float]", data["weights"])) == set(FEATURES)
    how = data["fitted_on"]
    assert isinstance(how, dict) and how["games"] >= 100
    # On games it never saw, the model predicts the winner better than a coin.
    assert how["held_out_log_loss"] < how["log_loss_of_a_coin"]
    assert how["held_out_accuracy"] > 0.5


def test_an_even_position_is_even_and_the_estimate_is_a_result_between_minus_one_and_one(
    game: BroadSides,
) -> None:
    state = position(game, ship(), ship(), turn_player=RED)
    red, blue = game.evaluate(state)
    assert red == -blue and -1 < red < 1
    # Only whose turn it is tells the two ships apart.
    assert abs(red) < 0.2


def test_a_ship_near_sinking_is_judged_to_be_losing(game: BroadSides) -> None:
    def holed() -> dict[str, object]:
        return ship(  # 8 Planks missing: two more sink her
            markers={"fore-hull": 0, "mid-hull": 2, "aft-hull": 4},
            disasters={"fore-hull": "resolved", "mid-hull": "crew", "aft-hull": "planks"},
        )

    assert red_win_chance(position(game, ship(), holed(), turn_player=RED)) > 0.7
    assert red_win_chance(position(game, holed(), ship(), turn_player=RED)) < 0.3


def test_a_finished_game_is_scored_by_its_result(game: BroadSides) -> None:
    state = position(game, ship(), ship(), turn_player=RED)
    state._win(RED, "test")
    assert game.evaluate(state) == [1.0, -1.0]
