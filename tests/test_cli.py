"""The ``quarterdeck`` command, run through Typer's test runner."""

from __future__ import annotations

import json
import math
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text as sql
from typer.testing import CliRunner, Result

from quarterdeck.cli import app
from quarterdeck.engine import Record, get_game
from quarterdeck.server.storage import Store

GAME = "letter-of-marque"
COLOURS = ["Red", "Blue", "Yellow"]  # seats 0, 1, 2 of a three-player game
PLAY = ["play", GAME, "--players", "3", "--seat", "0", "--seed", "5"]
ONES = "1\n" * 300  # more answers than any game of Letter of Marque asks for
ACTION_TEXTS = ("launch an armed ship", "launch a defenceless ship")
TIMING = ("seconds", "games_per_second")

runner = CliRunner()


def invoke(*args: object, input: str | None = None) -> Result:
    return runner.invoke(app, [str(a) for a in args], input=input)


def flat(text: str) -> str:
    """The output with Rich's line wrapping undone (every run of whitespace is one space)."""
    return " ".join(text.split())


def events_printed(output: str) -> list[str]:
    """The event lines of a replay (``  • …``), each unwrapped. The last one may carry
    the board drawn after it, so callers match events from their start."""
    return [part.strip() for part in flat(output).split("•")[1:]]


def the_record(directory: Path) -> Path:
    files = sorted(directory.glob("*.json"))
    assert len(files) == 1, files
    return files[0]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing the command saves by default may land in the real home."""
    path = tmp_path / "home"
    monkeypatch.setenv("QUARTERDECK_HOME", str(path))
    return path


@pytest.fixture(scope="module")
def finished_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A three-player game played to its end through ``play``, always answering 1."""
    save_dir = tmp_path_factory.mktemp("played")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("QUARTERDECK_HOME", str(save_dir / "home"))
        result = invoke(*PLAY, "--save-dir", save_dir, input=ONES)
    assert result.exit_code == 0, result.output
    return the_record(save_dir)


# -- games and rules ------------------------------------------------------------------------


def test_games_lists_letter_of_marque() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert GAME in out
    assert "Letter of" in out and "Marque" in out  # the title may wrap in its cell
    assert "3–6" in out
    assert "heuristic" in out and "random" in out


def test_rules_show_summary_options_and_house_values() -> None:
    result = invoke("rules", GAME)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Faidutti" in out
    assert "Preliminary turn" in out
    assert "cannon_tiebreak" in out
    assert "captured" in out and "unused" in out
    assert "House values" in out
    assert re.search(r"colours\[4\] │ Purple", out), out
    assert re.search(r"colours\[5\] │ Black", out), out
    # Publisher colours are not house values.
    assert "colours[0]" not in out


def test_rules_of_an_unknown_game_fail_clearly() -> None:
    result = invoke("rules", "nosuchgame")
    assert result.exit_code == 1
    out = flat(result.output)
    assert "error: no game called 'nosuchgame'" in out
    assert GAME in out  # says which games there are
    assert "Traceback" not in result.output


# -- play -------------------------------------------------------------------------------------


def test_play_a_whole_game_saves_a_record_that_replays(tmp_path: Path, home: Path) -> None:
    save_dir = tmp_path / "saved"
    result = invoke(*PLAY, "--save-dir", save_dir, input=ONES)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "The game is over." in out
    assert "Record saved to" in out
    path = the_record(save_dir)
    record = Record.load(path)
    assert record.game == GAME
    assert (record.players, record.seed) == (3, 5)
    assert record.seats == ["you", "heuristic bot", "heuristic bot"]
    assert record.finished
    final = record.final_state()
    assert final.is_terminal()
    assert math.isclose(sum(final.returns()), 1.0)
    assert record.result == final.returns()
    assert not home.exists()  # --save-dir was given: nothing in QUARTERDECK_HOME


def test_play_saves_under_quarterdeck_home_by_default(home: Path) -> None:
    result = invoke(*PLAY, input=ONES)
    assert result.exit_code == 0, result.output
    record = Record.load(the_record(home / "records"))
    assert record.final_state().is_terminal()


def test_play_without_a_seed_draws_one_too_wide_to_search(tmp_path: Path) -> None:
    unseeded = [arg for arg in PLAY if arg not in ("--seed", "5")]
    assert invoke(*unseeded, "--save-dir", tmp_path, input=ONES).exit_code == 0
    record = Record.load(the_record(tmp_path))
    assert record.seed.bit_length() > 40  # 63 random bits (32 could be searched)


def test_play_never_overwrites_an_earlier_record(tmp_path: Path) -> None:
    for _ in range(2):  # same game, same seed, very likely the same second
        assert invoke(*PLAY, "--save-dir", tmp_path, input=ONES).exit_code == 0
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_bad_answers_are_asked_again_and_change_nothing(tmp_path: Path) -> None:
    plain = invoke(*PLAY, "--save-dir", tmp_path / "plain", input=ONES)
    bad = ["abc", "0", "99", "-1", "1.0", "²", "9" * 5000, ""]
    noisy = invoke(
        *PLAY,
        "--save-dir",
        tmp_path / "noisy",
        input=("".join(f"{b}\n" for b in bad) + "1\n") * 300,
    )
    assert plain.exit_code == 0, plain.output
    assert noisy.exit_code == 0, noisy.output
    decisions = plain.output.count("Your choice")
    assert decisions >= 5  # at least one ship per treasure
    assert "Please type a number" not in plain.output
    assert noisy.output.count("Please type a number from 1 to") == len(bad) * decisions
    # The very first decision is the choice between two ships.
    assert "Please type a number from 1 to 2." in noisy.output
    a = Record.load(the_record(tmp_path / "plain"))
    b = Record.load(the_record(tmp_path / "noisy"))
    assert a.actions == b.actions
    assert a.result == b.result


@pytest.mark.parametrize(
    ("answer", "ship"),
    [("1", "armed"), ("2", "defenceless"), ("launch a defenceless ship", "defenceless")],
)
def test_your_own_choice_is_shown_to_you(tmp_path: Path, answer: str, ship: str) -> None:
    result = invoke(*PLAY, "--save-dir", tmp_path, input=f"{answer}\nq\n")
    assert result.exit_code == 0, result.output
    launches = [e for e in events_printed(result.output) if "sends a ship out" in e]
    red = [e for e in launches if e.startswith("Red ")]
    assert len(red) == 1
    assert f"— your {ship} ship." in red[0]
    others = [e for e in launches if not e.startswith("Red ")]
    assert others  # the bots launched too, and their ships stay hidden from Red
    assert all("— your" not in e for e in others)


@pytest.mark.parametrize("answers", ["q\n", "1\n1\n1\nq\n", "QUIT\n", ""])
def test_quitting_ends_cleanly_and_saves_nothing(tmp_path: Path, home: Path, answers: str) -> None:
    save_dir = tmp_path / "saved"
    result = invoke(*PLAY, "--save-dir", save_dir, input=answers)
    assert result.exit_code == 0, result.output
    assert "You leave the table. The game is not saved." in flat(result.output)
    assert "The game is over" not in result.output
    assert not save_dir.exists()
    assert not home.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["-o", "cannon_tiebreak=bogus"],
            "option 'cannon_tiebreak' must be one of all, captured, unused, not 'bogus'",
        ),
        (["-o", "broadsides=3"], "has no option 'broadsides'"),
        (["--bot", "pirate"], "has no bot called 'pirate' (bots: random, heuristic)"),
        (["--bot", "heuristic,pirate"], "has no bot called 'pirate'"),
        (["--bot", ","], "name at least one bot"),
        (["--players", "3", "--seat", "7"], "--seat must be between 0 and 2"),
        (["--players", "3", "--seat", "-1"], "--seat must be between 0 and 2"),
        (["--players", "2"], "takes 3–6 players"),
        (["--players", "-1"], "takes 3–6 players"),
        (["--seed", "-4"], "a seed must be a non-negative integer"),
    ],
)
def test_play_refuses_bad_settings(tmp_path: Path, args: list[str], message: str) -> None:
    result = invoke("play", GAME, *args, "--save-dir", tmp_path, input=ONES)
    assert result.exit_code == 1, result.output
    out = flat(result.output)
    assert "error:" in out
    assert message in out
    assert "Your choice" not in out  # no game was started
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_play_accepts_a_list_of_bots_and_a_house_option(tmp_path: Path) -> None:
    result = invoke(
        *PLAY,
        "--bot",
        " random , heuristic ",
        "-o",
        "cannon_tiebreak=captured",
        "--name",
        "Ada",
        "--save-dir",
        tmp_path,
        input=ONES,
    )
    assert result.exit_code == 0, result.output
    record = Record.load(the_record(tmp_path))
    assert record.seats == ["Ada", "random bot", "heuristic bot"]
    assert record.options == {"cannon_tiebreak": "captured"}
    assert record.final_state().game.options["cannon_tiebreak"] == "captured"


# -- replay -----------------------------------------------------------------------------------


def launches_by_seat(record: Record) -> list[int]:
    counts = [0] * record.players
    for event in record.final_state().events:
        if event.kind == "launch":
            counts[event.data["seat"]] += 1
    return counts


def test_replay_as_a_seat_leaks_nothing_hidden(finished_record: Path) -> None:
    record = Record.load(finished_record)
    result = invoke("replay", finished_record, "--seat", 1, "--no-step")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "as seat 1" in out
    for text in ACTION_TEXTS:
        assert text not in out
    events = events_printed(result.output)
    launches = [e for e in events if " sends a ship out " in e]
    assert len(launches) == sum(launches_by_seat(record))
    blue = [e for e in launches if e.startswith("Blue ")]
    assert len(blue) == launches_by_seat(record)[1]
    assert all("— your" in e for e in blue)  # seat 1 sees its own ships
    assert all("— your" not in e for e in launches if not e.startswith("Blue "))
    assert out.count("— your") == len(blue)
    # Other seats' ships that arrive unattacked arrive unrevealed.
    attacked = {
        (m.group(1), m.group(2))
        for e in events
        if (m := re.match(r"\w+ attacks (\w+)'s ship on treasure (\d+)", e))
    }
    quiet = 0
    for e in events:
        m = re.match(r"(\w+)'s ship on treasure (\d+) arrives home \((\w+)\)", e)
        if m and m.group(1) != "Blue" and (m.group(1), m.group(2)) not in attacked:
            assert m.group(3) == "unrevealed", e
            quiet += 1
    assert quiet, "the game has other seats' ships arriving unattacked"
    assert "The game is over." in out


def test_replay_as_a_spectator_shows_no_ship(finished_record: Path) -> None:
    result = invoke("replay", finished_record, "--no-step")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "as a spectator" in out
    assert "sends a ship out" in out
    assert "— your" not in out
    for text in ACTION_TEXTS:
        assert text not in out


def test_replay_reveal_of_a_finished_game_shows_every_action(finished_record: Path) -> None:
    record = Record.load(finished_record)
    result = invoke("replay", finished_record, "--reveal", "--no-step")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "everything revealed" in out
    position = 0
    for n, (_, text) in enumerate(record.actions, start=1):
        position = out.index(f"{n}. {text}", position)
    assert "— your" not in out  # nobody's "own" ships: everything is shown to a watcher
    revealed = [
        e
        for e in events_printed(result.output)
        if re.match(r"\w+ sends a ship out on treasure \d \((armed|defenceless)\)\.", e)
    ]
    assert {e.split()[0] for e in revealed} == set(COLOURS)  # every seat's ships
    assert "The game is over." in out


@pytest.fixture
def unfinished_record(tmp_path: Path) -> Path:
    game = get_game(GAME)
    state = game.new_state(3, 11)
    for _ in range(8):
        state.apply(state.legal_actions()[-1])
    assert not state.is_terminal()
    return Record.of(state).save(tmp_path / "unfinished.json")


def test_replay_reveal_refuses_an_unfinished_game(unfinished_record: Path) -> None:
    result = invoke("replay", unfinished_record, "--reveal", "--no-step")
    assert result.exit_code == 1
    out = flat(result.output)
    assert "error: --reveal shows hidden things, so it is only for finished games" in out
    for text in ACTION_TEXTS:
        assert text not in out
    # Watching it as a seat is fine.
    result = invoke("replay", unfinished_record, "--seat", 0, "--no-step")
    assert result.exit_code == 0, result.output
    assert "sends a ship out" in result.output


def test_replay_reveal_refuses_a_record_whose_result_is_not_its_game(
    finished_record: Path, tmp_path: Path
) -> None:
    """A record that claims a result but stops mid-game must not reveal hidden things."""
    data: dict[str, Any] = json.loads(finished_record.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:10]
    assert data["result"] is not None
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", cut, "--reveal", "--no-step")
    assert result.exit_code == 1
    assert "error:" in result.output
    for text in ACTION_TEXTS:
        assert text not in result.output


def test_replay_refuses_a_seat_that_is_not_in_the_game(finished_record: Path) -> None:
    result = invoke("replay", finished_record, "--seat", 3, "--no-step")
    assert result.exit_code == 1
    assert "--seat must be between 0 and 2" in flat(result.output)


def test_replay_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text("not json", encoding="utf-8")
    result = invoke("replay", path, "--no-step")
    assert result.exit_code == 1
    assert "is not a JSON record" in flat(result.output)
    assert invoke("replay", tmp_path / "missing.json").exit_code != 0


def test_replay_step_pauses_after_each_action(finished_record: Path) -> None:
    record = Record.load(finished_record)
    result = invoke("replay", finished_record, "--seat", 0, "--step", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Enter: next") == 3  # then q
    everything = invoke(
        "replay", finished_record, "--seat", 0, "--step", input="\n" * (len(record.actions) + 5)
    )
    assert everything.exit_code == 0, everything.output
    assert everything.output.count("Enter: next") == len(record.actions) + 1
    assert everything.output.count("captain") == len(record.actions) + 1  # one board each
    ended = invoke("replay", finished_record, "--step", input="")  # end of input: stop
    assert ended.exit_code == 0, ended.output


# -- sim --------------------------------------------------------------------------------------


def run_sim(tmp_path: Path, *args: object, name: str = "sim.json") -> dict[str, Any]:
    out = tmp_path / name
    result = invoke("sim", GAME, *args, "--json", out)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


def test_sim_writes_a_consistent_summary(tmp_path: Path) -> None:
    data = run_sim(tmp_path, "-n", 30, "--seed", 3)
    assert data["game"] == GAME
    assert data["games"] == 30
    assert data["players"] == 4
    assert len(data["seat_wins"]) == 4
    assert math.isclose(sum(data["seat_wins"]), 30)
    assert math.isclose(sum(data["seat_win_rate"]), 1)
    assert set(data["bot_wins"]) == {"heuristic", "random"}
    assert math.isclose(sum(data["bot_wins"].values()), 30)
    assert data["max_decisions"] >= data["mean_decisions"] > 0
    assert data["seconds"] > 0 and data["games_per_second"] > 0


def test_sim_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    def without_timing(data: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in data.items() if k not in TIMING}

    first = run_sim(tmp_path, "-n", 30, "--seed", 3, name="a.json")
    again = run_sim(tmp_path, "-n", 30, "--seed", 3, name="b.json")
    other = run_sim(tmp_path, "-n", 30, "--seed", 4, name="c.json")
    assert without_timing(first) == without_timing(again)
    assert without_timing(first) != without_timing(other)


def test_the_heuristic_bot_beats_random(tmp_path: Path) -> None:
    data = run_sim(tmp_path, "-n", 300, "--seed", 1)
    rates = data["bot_win_rate"]
    assert rates["heuristic"] > 1 / data["players"] > rates["random"]


def test_sim_players_and_options(tmp_path: Path) -> None:
    data = run_sim(
        tmp_path, "-n", 12, "--players", 3, "--bots", "random", "-o", "cannon_tiebreak=unused"
    )
    assert data["players"] == 3
    assert list(data["bot_wins"]) == ["random"]
    assert math.isclose(data["bot_wins"]["random"], 12)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "heuristic,pirate"], "has no bot called 'pirate'"),
        (["--bots", ","], "name at least one bot"),
        (["--players", "9"], "takes 3–6 players"),
        (["-o", "cannon_tiebreak=bogus"], "must be one of all, captured, unused"),
    ],
)
def test_sim_refuses_bad_settings(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "sim.json"
    result = invoke("sim", GAME, "-n", 5, *args, "--json", out)
    assert result.exit_code == 1, result.output
    assert message in flat(result.output)
    assert "Traceback" not in result.output
    assert not out.exists()


def test_sim_of_an_unknown_game_fails(tmp_path: Path) -> None:
    result = invoke("sim", "nosuchgame", "-n", 5)
    assert result.exit_code == 1
    assert "no game called 'nosuchgame'" in flat(result.output)


def test_sim_saves_every_record_and_they_replay(tmp_path: Path) -> None:
    records = tmp_path / "records"
    data = run_sim(tmp_path, "-n", 30, "--seed", 3, "--records", records)
    files = sorted(records.glob("*.json"))
    assert len(files) == 30
    seat_wins = [0.0] * data["players"]
    for path in files:
        record = Record.load(path)
        assert sorted(set(record.seats)) == ["heuristic", "random"]
        final = record.final_state()
        assert final.is_terminal()
        assert math.isclose(sum(final.returns()), 1.0)
        seat_wins = [w + r for w, r in zip(seat_wins, final.returns(), strict=True)]
    for ours, theirs in zip(seat_wins, data["seat_wins"], strict=True):
        assert math.isclose(ours, theirs)


def test_sim_reports_a_folder_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = invoke("sim", GAME, "-n", 3, "--records", blocker / "records")
    assert result.exit_code == 1
    assert "cannot write records" in flat(result.output)


def test_no_subcommand_shows_help() -> None:
    result = invoke()
    assert "Usage" in result.output
    for command in ("games", "rules", "play", "replay", "sim"):
        assert command in result.output


def test_sim_interrupted_reports_the_games_so_far_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import quarterdeck.arena.backends as sim_module
    from quarterdeck.arena.play import play_one as real_play_one

    def play_one_then_interrupt(*args: object, **kwargs: object) -> object:
        if args[4] == 5:  # the sixth game: Ctrl-C
            raise KeyboardInterrupt
        return real_play_one(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sim_module, "play_one", play_one_then_interrupt)
    out = tmp_path / "partial.json"
    result = invoke("sim", GAME, "-n", "20", "--json", out, "--workers", "1")
    assert result.exit_code == 130
    data = json.loads(out.read_text())
    assert data["games"] == 5 and data["interrupted"] is True
    assert sum(data["seat_wins"]) == pytest.approx(5)


def test_play_broadsides_from_a_scenario_saves_a_record_that_replays(tmp_path: Path) -> None:
    scenario = Path(__file__).parents[1] / "docs/scenarios/broadsides-firing-example.json"
    result = invoke(
        "play",
        "broadsides",
        "--scenario",
        scenario,
        "--seed",
        "3",
        "--save-dir",
        tmp_path,
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    record = Record.load(the_record(tmp_path))
    assert record.scenario is not None and record.scenario["name"].startswith("The rulebook")
    final = record.final_state()
    assert final.is_terminal() and final.returns() == record.result


def test_play_with_a_malformed_scenario_names_the_bad_entry(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ships": [{"hand": ["11♠"]}, {}]}))
    result = invoke("play", "broadsides", "--scenario", bad)
    assert result.exit_code == 1
    assert "ships[0].hand[0]" in flat(result.output)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000)
    result = invoke("play", "broadsides", "--scenario", deep)
    assert result.exit_code == 1 and "nested too deeply" in flat(result.output)


@pytest.mark.parametrize(
    ("database", "reason"),
    [
        ("foo", "cannot use the --database URL (it does not parse)"),
        ("postgresql://me:p@hunter2@127.0.0.1:1/x", "percent-encode an '@' in the password"),
        ("postgresql://me:hunter2@127.0.0.1:1/x", "postgresql://127.0.0.1:1/x: connection failed"),
        ("postgresql://127.0.0.1:1/x?user=me&password=hunter2", "connection failed"),
        ("sqlite:///{tmp}/garbage.db", "file is not a database"),
        ("sqlite:///{tmp}/future.db", "a newer Quarterdeck has written it"),
    ],
)
def test_serve_refuses_a_database_it_cannot_use_in_one_line(
    tmp_path: Path, database: str, reason: str
) -> None:
    (tmp_path / "garbage.db").write_bytes(b"not a database, only words " * 200)
    future = Store(f"sqlite:///{tmp_path / 'future.db'}")
    future.migrate()
    with future.engine.begin() as connection:
        connection.execute(sql("UPDATE alembic_version SET version_num = '9999_future'"))
    future.engine.dispose()
    result = invoke("serve", "--database", database.format(tmp=tmp_path), "--port", "1")
    said = flat(result.output)
    assert result.exit_code == 1 and reason in said, said
    assert "Traceback" not in said and "hunter2" not in said  # never a password


def test_serve_refuses_a_database_another_server_uses_in_one_line(tmp_path: Path) -> None:
    # Two processes on one database would each keep its games in memory and
    # overwrite each other's decisions (issue 23).
    url = f"sqlite:///{tmp_path / 'quarterdeck.db'}"
    running = Store(url)
    running.claim()
    try:
        with socket.socket() as busy:  # were serve to go on, it would stop here instead
            busy.bind(("127.0.0.1", 0))
            busy.listen()
            port = busy.getsockname()[1]
            result = invoke("serve", "--database", url, "--port", port)
    finally:
        running.close()
    said = flat(result.output)
    assert result.exit_code == 1, said
    refusal = (
        f"error: another Quarterdeck server already uses {url}: one server process per database"
    )
    assert "".join(refusal.split()) in "".join(said.split())  # Rich may wrap the path
    assert "Traceback" not in said


def test_serve_passes_every_limit_it_is_given_to_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    import quarterdeck.server as server

    made: dict[str, Any] = {}

    def create_app(url: str, **kwargs: Any) -> str:
        made.update(kwargs)
        return "app"

    monkeypatch.setattr(server, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    url = f"sqlite:///{tmp_path / 'quarterdeck.db'}"
    given = ["--players-per-minute", 2, "--hints-per-minute", 3, "--games-per-minute", 4]
    result = invoke("serve", "--database", url, *given)
    assert result.exit_code == 0, result.output
    limits = made["limits"]
    per_minute = (limits.players_per_minute, limits.hints_per_minute, limits.games_per_minute)
    assert per_minute == (2, 3, 4)
    assert limits.max_open_games == 1_000  # not given: the default
    refused = invoke("serve", "--database", url, "--hints-per-minute", 0)
    assert refused.exit_code != 0 and "hints-per-minute" in flat(refused.output)
