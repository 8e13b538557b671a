"""Game options as the engine parses them (``engine.game.Option``): a boolean option
takes true/false, yes/no, on/off and 1/0 in any case, and refuses anything else with a
message that says what it takes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from quarterdeck.engine import ActionSpace, Game, Option, OptionError, State


class _Switches(Game):
    """The least game that has a boolean option (and a whole-number one beside it)."""

    name = "switches"
    title = "Switches"
    min_players = max_players = 2
    rules_version = "1"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("sanctuary", True, "a switch"),
        Option("rounds", 3, "a count", minimum=1),
    )

    def build_action_space(self) -> ActionSpace:
        return ActionSpace([("pass", (), "pass")])

    # Options are parsed when the game is made: no state is ever needed here.
    def _new_state(self, players: int, seed: int) -> State:
        raise NotImplementedError

    def max_game_length(self, players: int) -> int:
        return 1

    def _state_from_json(self, data: Mapping[str, Any], players: int) -> State:
        raise NotImplementedError


def switch(value: Any) -> Any:
    return _Switches(sanctuary=value).options["sanctuary"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, True),
        (False, False),
        ("true", True),
        ("TRUE", True),
        ("False", False),
        ("yes", True),
        ("No", False),
        ("on", True),
        ("OFF", False),
        (" on ", True),
        ("1", True),
        ("0", False),
        (1, True),
        (0, False),
    ],
)
def test_boolean_option_takes_the_usual_words(value: Any, expected: bool) -> None:
    parsed = switch(value)
    assert parsed is expected  # a real bool, whatever the spelling


@pytest.mark.parametrize("value", ["maybe", "", "2", 2, -1, 0.5, None, [True]])
def test_boolean_option_refuses_anything_else_clearly(value: Any) -> None:
    with pytest.raises(OptionError) as refused:
        switch(value)
    message = str(refused.value)
    assert "'sanctuary'" in message
    assert "true/false, yes/no, on/off or 1/0" in message


def test_boolean_default_stays_when_not_given() -> None:
    assert _Switches().options["sanctuary"] is True


def test_whole_number_option_still_refuses_true_and_false() -> None:
    # bool is a kind of int in Python: a count must not take true for 1.
    with pytest.raises(OptionError, match="whole number"):
        _Switches(rounds=True)
    assert _Switches(rounds=5).options["rounds"] == 5
