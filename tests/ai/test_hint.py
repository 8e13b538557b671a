"""Ask the bot: a recommendation with a chance to win, from the seat's information only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from quarterdeck.ai.hint import hint, win_chance, win_probability
from quarterdeck.cli import app
from quarterdeck.engine import OptionError, Record, Rng, get_game


def test_win_probability_maps_zero_sum_results() -> None:
    assert (
        win_probability(1.0, 2) == 1
        and win_probability(-1.0, 2) == 0
        and win_probability(0.0, 2) == 0.5
    )
    assert win_probability(0.25, 4) == 0.25


def test_hint_recommends_a_legal_action_and_ignores_hidden_information() -> None:
    game = get_game("letter-of-marque")
    state = game.new_state(3, 2)
    rng = Rng.from_seed(2)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    options = hint(state, iterations=60, seed=1)
    assert options and options[0].action in [a.text for a in state.legal_actions()]
    assert all(0 <= o.win_probability <= 1 for o in options)
    assert options[0].visits >= options[-1].visits
    twin = state.resample(state.current_player, Rng.from_seed(5))
    assert hint(twin, iterations=60, seed=1) == options


def test_hint_command_reads_a_record(tmp_path: Path) -> None:
    game = get_game("letter-of-marque")
    state = game.new_state(3, 8)
    rng = Rng.from_seed(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    path = Record.of(state).save(tmp_path / "r.json")
    result = CliRunner().invoke(app, ["hint", str(path), "--iterations", "40"])
    assert result.exit_code == 0, result.output
    assert "chance to win" in result.output
    bad = CliRunner().invoke(app, ["hint", str(path), "--at", "999"])
    assert bad.exit_code == 1


def test_hint_command_reads_a_scenario_and_advises_its_position() -> None:
    """The rulebook's firing example: Blue may fire now. The hint names a legal choice
    of that position, with its chance to win, and a scenario has no --at."""
    scenario = Path(__file__).parents[2] / "docs/scenarios/broadsides-firing-example.json"
    result = CliRunner().invoke(app, ["hint", str(scenario), "--iterations", "30", "--top", "9"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "After 0 actions, seat 1 to decide" in said and "chance to win" in said
    state = get_game("broadsides").load_scenario(json.loads(scenario.read_text()))
    rows = said.split("chance to win", 1)[1]  # the table, after its title and header
    options = hint(state, 30, 0, top=9)
    assert options
    for o in options:  # each of the search's options, with its visits and chance
        assert f"{o.action} │ {o.visits} │ {o.win_probability:.0%}" in rows
    bad = CliRunner().invoke(app, ["hint", str(scenario), "--at", "3"])
    assert bad.exit_code == 1 and "--at is for records" in bad.output
    other = CliRunner().invoke(app, ["hint", str(scenario), "--game", "letter-of-marque"])
    assert other.exit_code == 1 and "no scenario format" in " ".join(other.output.split())


def test_any_seats_chance_to_win_comes_from_its_own_information_only() -> None:
    """A win-probability bar for every seat, not only the one to decide: the same
    whatever is hidden from that seat, and the result itself once the game is over."""
    game = get_game("letter-of-marque")
    state = game.new_state(3, 4)
    rng = Rng.from_seed(4)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    watcher = (state.current_player + 1) % 3  # type: ignore[operator]
    chance = win_chance(state, watcher, iterations=40, seed=2)
    assert 0 <= chance <= 1
    for k in range(3):
        twin = state.resample(watcher, Rng.from_seed(k))
        assert win_chance(twin, watcher, iterations=40, seed=2) == chance
    mover = state.current_player
    assert win_chance(state, mover, 40, 2) == hint(state, 40, 2, top=1)[0].win_probability  # type: ignore[arg-type]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert [win_chance(state, s) for s in range(3)] == [
        win_probability(r, 3) for r in state.returns()
    ]
    with pytest.raises(OptionError, match="seat must be 0–2"):
        win_chance(state, 3)


def test_hint_command_tells_another_seats_chance_to_win() -> None:
    scenario = Path(__file__).parents[2] / "docs/scenarios/broadsides-firing-example.json"
    result = CliRunner().invoke(app, ["hint", str(scenario), "--seat", "0", "--iterations", "30"])
    assert result.exit_code == 0, result.output
    assert "seat 0's chance to win:" in result.output
