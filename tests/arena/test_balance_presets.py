"""Preset experiments come from the game (``Game.experiments``), not from the arena:
BroadSides' cannon-pairs as the game declares it, and a preset of any other game."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest

from quarterdeck.arena import balance as bal
from quarterdeck.engine import Game, OptionError, get_game, registry
from quarterdeck.engine.game import ExperimentDesign
from quarterdeck.games.letter_of_marque import LetterOfMarque

LOM = "letter-of-marque"


def test_a_game_offers_no_experiment_by_default() -> None:
    assert Game.experiments(get_game(LOM)) == {}
    assert get_game(LOM).experiments() == {}


def test_broadsides_declares_cannon_pairs() -> None:
    game = get_game("broadsides")
    design = game.experiments()["cannon-pairs"](False)
    assert isinstance(design, ExperimentDesign)
    (red, red_levels, red_title), (blue, blue_levels, blue_title) = design.factors
    assert (red, red_title, blue, blue_title) == ("red_cannons", "Red", "blue_cannons", "Blue")
    pairs = list(game.cannon_pairs())  # type: ignore[attr-defined]
    assert [label for label, _ in red_levels] == pairs and red_levels == blue_levels
    assert design.seat_factors and design.level_noun == "cannon pair"
    unordered = game.experiments()["cannon-pairs"](True)
    assert len(unordered.factors[0][1]) == 6
    assert "--unordered" in unordered.notes[0] and "--unordered" not in design.notes[0]


def test_seat_names_come_from_the_game() -> None:
    assert bal.build_experiment("broadsides").seat_names == ("Red", "Blue")
    colours = get_game(LOM).components.colours  # type: ignore[attr-defined]
    assert bal.build_experiment(LOM).seat_names == colours


def test_an_unknown_preset_names_the_games_that_offer_it() -> None:
    with pytest.raises(OptionError, match=r"Letter of Marque \(experiments: none\).*BroadSides"):
        bal.build_experiment(LOM, preset="cannon-pairs")
    with pytest.raises(
        OptionError,
        match=r"for BroadSides \(experiments: cannon-pairs, sea-dog-reputations, sea-dog-tricks\)$",
    ):
        bal.build_experiment("broadsides", preset="everything")


class TiebreakStudy(LetterOfMarque):
    """Letter of Marque offering an experiment of its own, as any game may."""

    name = "tiebreak-study"
    title = "Tiebreak study"

    def experiments(self) -> Mapping[str, Callable[[bool], ExperimentDesign]]:
        def tiebreaks(unordered: bool) -> ExperimentDesign:
            if unordered:
                raise OptionError("tiebreaks has no pairs: no --unordered")
            levels = (("all", "all"), ("unused", "unused"))
            return ExperimentDesign((("cannon_tiebreak", levels, "tiebreak"),), notes=("A note.",))

        return {"tiebreaks": tiebreaks}


def test_any_game_may_offer_a_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.game_names()  # the built-in games first
    monkeypatch.setitem(registry._games, TiebreakStudy.name, TiebreakStudy)
    exp = bal.build_experiment(TiebreakStudy.name, preset="tiebreaks")
    assert [v.label for v in exp.variants()] == ["tiebreak=all", "tiebreak=unused"]
    assert exp.notes == ["A note."] and not exp.seat_factors and exp.level_noun == "level"
    with pytest.raises(OptionError, match="no --unordered"):
        bal.build_experiment(TiebreakStudy.name, preset="tiebreaks", unordered=True)
    with pytest.raises(OptionError, match=r"tiebreaks is an experiment of Tiebreak study$"):
        bal.build_experiment("broadsides", preset="tiebreaks")
