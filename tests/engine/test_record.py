"""Records: written for finished games, replayed exactly, refused clearly when they
cannot be replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quarterdeck.engine import (
    Record,
    RecordError,
    Rng,
    RulesVersionError,
    UnknownGameError,
    get_game,
)
from quarterdeck.engine.registry import game_class


def finished_record() -> Record:
    game = get_game("letter-of-marque")
    state = game.new_state(4, 99)
    rng = Rng.from_seed(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return Record.of(state, ["Ann", "Bob", "Cy", "Di"])


def test_record_holds_the_header_and_every_action_with_its_text(tmp_path: Path) -> None:
    record = finished_record()
    data = json.loads(record.save(tmp_path / "game.json").read_text())
    assert data["game"] == "letter-of-marque" and data["rules_version"] == "1"
    assert (
        data["seed"] == 99 and data["players"] == 4 and data["seats"] == ["Ann", "Bob", "Cy", "Di"]
    )
    assert len(data["data_hash"]) == 64 and "data" not in data  # built-in data: not embedded
    assert all(isinstance(i, int) and isinstance(t, str) for i, t in data["actions"])
    assert sum(data["result"]) == pytest.approx(1.0)


def test_replay_rebuilds_every_state_exactly(tmp_path: Path) -> None:
    record = finished_record()
    loaded = Record.load(record.save(tmp_path / "game.json"))
    states = list(loaded.states())
    assert len(states) == len(record.actions) + 1
    game = get_game("letter-of-marque")
    state = game.new_state(4, 99)
    for n, (action_id, _) in enumerate(record.actions):
        assert states[n] == state
        state.apply(action_id)
    assert states[-1] == state and loaded.final_state().returns() == record.result


def test_replay_up_to_a_move_is_the_state_there() -> None:
    record = finished_record()
    states = list(record.states())
    for upto in (0, 1, len(record.actions) // 2, len(record.actions)):
        assert record.replay(upto) == states[upto]
    assert record.replay() == states[-1]
    data = record.to_json()
    data["actions"][3][1] = "something else"
    with pytest.raises(RecordError, match="action 4"):
        Record.from_json(data).replay()
    assert Record.from_json(data).replay(3) == states[3]  # stops before the bad one


def test_unknown_rules_version_is_refused_with_a_clear_message() -> None:
    data = finished_record().to_json()
    data["rules_version"] = "99"
    with pytest.raises(RulesVersionError, match=r"rules version '99'.*cannot replay it"):
        list(Record.from_json(data).states())


def test_old_rules_version_with_a_migration_still_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = game_class("letter-of-marque")
    monkeypatch.setattr(cls, "record_migrations", {"0": lambda header: header})
    data = finished_record().to_json()
    data["rules_version"] = "0"
    assert Record.from_json(data).final_state().is_terminal()


def test_record_whose_action_text_no_longer_matches_is_refused() -> None:
    data = finished_record().to_json()
    data["actions"][3][1] = "something else"
    with pytest.raises(RecordError, match="action 4"):
        list(Record.from_json(data).states())


def test_record_with_an_illegal_action_is_refused() -> None:
    data = finished_record().to_json()
    data["actions"][0] = [0, "pass"]  # nobody may pass in the preliminary turn
    with pytest.raises(RecordError, match="does not replay"):
        list(Record.from_json(data).states())


def test_record_with_other_component_data_is_refused() -> None:
    data = finished_record().to_json()
    data["data_hash"] = "0" * 64
    with pytest.raises(RecordError, match="other component data"):
        list(Record.from_json(data).states())


def test_record_of_an_unknown_game_or_format_is_refused() -> None:
    data = finished_record().to_json()
    with pytest.raises(UnknownGameError):
        list(Record.from_json({**data, "game": "no-such-game"}).states())
    with pytest.raises(RecordError, match="format"):
        Record.from_json({**data, "format": 42})
    with pytest.raises(RecordError, match="malformed"):
        Record.from_json({"format": 1, "game": "letter-of-marque"})


@pytest.mark.parametrize(
    ("entry", "value", "message"),
    [
        ("players", 2.9, "players must be a whole number, not 2.9"),
        ("seed", 1.7, "seed must be a whole number, not 1.7"),
        ("seed", True, "seed must be a whole number"),
        ("options", [1, 2], "options must be an object"),
        ("options", 0, "options must be an object"),
        ("seats", "", "seats must be a list"),
        ("actions", [[1]], r"actions must be \[id, text\] pairs"),
        ("actions", [[2.5, "x"]], r"actions must be \[id, text\] pairs"),
        ("result", "ab", "result must be a list of numbers"),
    ],
)
def test_a_record_entry_of_the_wrong_kind_is_refused_naming_it(
    entry: str, value: object, message: str
) -> None:
    data = {**finished_record().to_json(), entry: value}
    with pytest.raises(RecordError, match=f"malformed record: {message}"):
        Record.from_json(data)


def test_a_record_missing_an_entry_or_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    data = finished_record().to_json()
    del data["seed"]
    with pytest.raises(RecordError, match="it has no 'seed' entry"):
        Record.from_json(data)
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.load(path)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("nope")
    with pytest.raises(RecordError, match="not a JSON record"):
        Record.load(path)


def test_unfinished_record_has_no_result() -> None:
    state = get_game("letter-of-marque").new_state(3, 1)
    record = Record.of(state)
    assert not record.finished and record.result is None
    assert record.final_state() == state


def test_a_record_that_is_not_an_object_or_not_utf8_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="JSON object"):
        Record.from_json([])  # type: ignore[arg-type]
    path = tmp_path / "latin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not a JSON record"):
        Record.load(path)


def test_a_saved_state_of_another_rules_version_is_refused() -> None:
    game = get_game("letter-of-marque")
    data = game.new_state(3, 1).to_json()
    data["rules_version"] = "0"
    with pytest.raises(RulesVersionError, match="rules version '0'"):
        game.from_json(data)
