"""Round robins: scores with intervals, Bradley–Terry Elo, the same on any worker count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.arena import tournament
from quarterdeck.arena.play import GameResult
from quarterdeck.arena.sim import seat_bots
from quarterdeck.arena.tournament import Match, bradley_terry, round_robin
from quarterdeck.cli import app
from quarterdeck.engine import OptionError, Record, get_game


def test_equal_records_give_equal_ratings_and_a_better_record_a_higher_one() -> None:
    even = bradley_terry(["a", "b"], [(0, 1, 5.0, 10)])
    assert even[0] == pytest.approx(even[1]) == pytest.approx(1500)
    a, b, c = bradley_terry(["a", "b", "c"], [(0, 1, 7.5, 10), (1, 2, 7.5, 10), (0, 2, 9.0, 10)])
    assert a > b > c
    # 75% is 3:1 odds: about 191 Elo points apart when only a and b play.
    x, y = bradley_terry(["x", "y"], [(0, 1, 75.0, 100)])
    assert x - y == pytest.approx(400 * 0.4771, abs=1)


def test_match_interval_holds_the_score() -> None:
    m = Match("a", "b", [1, 0, 1, 1, 0.5, 1, 0, 1])
    low, high = m.interval()
    assert low < m.score < high and low >= 0 and high <= 1


def test_seats_rotate_and_no_bot_always_fills_more_seats() -> None:
    counts = {"a": 0, "b": 0}
    for index in range(6):
        for bot in seat_bots(["a", "b"], 3, index):
            counts[bot] += 1
    assert counts == {"a": 9, "b": 9}


def test_a_tournament_needs_different_bots() -> None:
    with pytest.raises(OptionError):
        round_robin("letter-of-marque", ["random", "random"], 2)


def test_tournament_command_prints_ratings_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "letter-of-marque",
            "--bots",
            "random,heuristic",
            "-n",
            "12",
            "-p",
            "3",
            "--json",
            str(out),
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output
    data = json.loads(out.read_text())
    assert data["matches"][0]["games"] == 12
    assert set(data["ratings"]) == {"random", "heuristic"}


def test_a_tournament_resumed_from_its_journal_gives_the_results_of_an_unbroken_one(
    tmp_path: Path,
) -> None:
    bots = ["random", "heuristic", "ismcts:10"]
    journal = tmp_path / "t.jsonl"
    whole = round_robin("letter-of-marque", bots, 6, seed=3, players=3, journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + 3 * 6  # the tournament, then one line per game
    # A sitting that stopped after 10 games, its last line cut short by a crash.
    journal.write_text("\n".join([*lines[:11], lines[11][:25]]) + "\n")
    played: list[int] = []
    resumed = round_robin(
        "letter-of-marque",
        bots,
        6,
        seed=3,
        players=3,
        journal=journal,
        on_result=lambda r: played.append(r.index),
    )
    assert resumed.to_json() == whole.to_json()
    assert len(played) == 3 * 6 - 10


def test_a_tournament_stopped_early_has_every_match_under_way(tmp_path: Path) -> None:
    """Games go out a few at a time, game i of every match before game i + 1 of any:
    a long tournament that is stopped has played (and journaled) every pair alike."""
    journal = tmp_path / "t.jsonl"
    seen: list[int] = []

    def stop_after_twelve(result: GameResult) -> None:
        seen.append(result.index)
        if len(seen) == 12:
            raise KeyboardInterrupt

    bots = ["random", "heuristic", "ismcts:5"]
    t = round_robin(
        "letter-of-marque", bots, 40, players=3, journal=journal, on_result=stop_after_twelve
    )
    assert t.interrupted
    assert [m.games for m in t.matches] == [4, 4, 4]  # batches of 4, one per match
    assert len(journal.read_text().splitlines()) == 1 + 12


def test_a_tournament_grows_from_its_journal_to_more_games(tmp_path: Path) -> None:
    """Game i of a match is the same game whatever the number of games: a journal of
    a short tournament is the start of a longer one, which plays only the rest."""
    bots = ["random", "heuristic"]
    journal = tmp_path / "t.jsonl"
    round_robin("letter-of-marque", bots, 3, seed=4, players=3, journal=journal)
    played: list[int] = []
    grown = round_robin(
        "letter-of-marque",
        bots,
        7,
        seed=4,
        players=3,
        journal=journal,
        on_result=lambda r: played.append(r.index),
    )
    assert sorted(played) == [3, 4, 5, 6]
    whole = round_robin("letter-of-marque", bots, 7, seed=4, players=3)
    assert grown.to_json() == whole.to_json()
    # A shorter reading of the same journal counts only its first games.
    again: list[GameResult] = []
    short = round_robin(
        "letter-of-marque", bots, 2, seed=4, players=3, journal=journal, on_result=again.append
    )
    assert short.matches[0].games == 2 and not again


def test_a_journal_of_another_tournament_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    round_robin("letter-of-marque", ["random", "heuristic"], 2, seed=1, players=3, journal=journal)
    with pytest.raises(OptionError, match="belongs to another tournament"):
        round_robin(
            "letter-of-marque", ["random", "heuristic"], 2, seed=2, players=3, journal=journal
        )


def test_a_journal_of_other_bots_or_rules_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ladder grows over many runs: games that bots of another revision (or another
    rules version) played are not the games these would play, so they are not mixed."""
    journal = tmp_path / "t.jsonl"
    bots = ["random", "heuristic"]
    round_robin("letter-of-marque", bots, 2, seed=1, players=3, journal=journal)
    header = json.loads(journal.read_text().splitlines()[0])["tournament"]
    assert header["bots_revision"] == BOTS_REVISION and header["rules_version"]
    before = journal.read_text()
    monkeypatch.setattr(tournament, "BOTS_REVISION", BOTS_REVISION + 1)
    with pytest.raises(OptionError, match=r"bots of revision .* give a new file"):
        round_robin("letter-of-marque", bots, 4, seed=1, players=3, journal=journal)
    monkeypatch.undo()
    lom = type(get_game("letter-of-marque"))
    monkeypatch.setattr(lom, "rules_version", "next")
    with pytest.raises(OptionError, match=r"rules '.*'; these are bots of .* rules 'next'"):
        round_robin("letter-of-marque", bots, 4, seed=1, players=3, journal=journal)
    assert journal.read_text() == before  # refused: nothing played, nothing written


def test_a_game_s_own_bots_revision_starts_its_journals_anew_and_no_other_game_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to one game's bots (``Game.bots_revision``) refuses that game's old
    journals; a game whose own bots never changed writes no such key, so its journals
    from before the key existed still grow."""
    journal = tmp_path / "t.jsonl"
    bots = ["random", "heuristic"]
    lom = type(get_game("letter-of-marque"))
    monkeypatch.setattr(lom, "bots_revision", 0)  # bots that never changed
    round_robin("letter-of-marque", bots, 2, seed=1, players=3, journal=journal)
    header = json.loads(journal.read_text().splitlines()[0])["tournament"]
    assert "game_bots_revision" not in header
    monkeypatch.setattr(lom, "bots_revision", 2)
    with pytest.raises(OptionError, match=r"\(the game's own 2\).* give a new file"):
        round_robin("letter-of-marque", bots, 4, seed=1, players=3, journal=journal)
    fresh = tmp_path / "fresh.jsonl"
    round_robin("letter-of-marque", bots, 2, seed=1, players=3, journal=fresh)
    assert json.loads(fresh.read_text().splitlines()[0])["tournament"]["game_bots_revision"] == 2
    monkeypatch.setattr(lom, "bots_revision", 0)
    round_robin("letter-of-marque", bots, 4, seed=1, players=3, journal=journal)  # grows


def test_a_journal_from_before_revisions_were_named_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    bots = ["random", "heuristic"]
    round_robin("letter-of-marque", bots, 2, seed=1, players=3, journal=journal)
    first, *games = journal.read_text().splitlines()
    header = json.loads(first)["tournament"]
    del header["bots_revision"], header["rules_version"]
    journal.write_text("\n".join([json.dumps({"tournament": header}), *games]) + "\n")
    with pytest.raises(OptionError, match="bots from before journals named their revision"):
        round_robin("letter-of-marque", bots, 2, seed=1, players=3, journal=journal)


def test_a_journal_played_with_other_component_data_is_refused(tmp_path: Path) -> None:
    """``-o data=FILE`` names a file: its contents, not its name, say what was played."""
    data = tmp_path / "my-copy.json"
    raw = json.loads(json.dumps(get_game("letter-of-marque").raw_data))
    raw["treasures"]["values"] = [3, 4, 5, 6, 8]
    data.write_text(json.dumps(raw))
    journal = tmp_path / "t.jsonl"
    bots, options = ["random", "heuristic"], {"data": str(data)}
    round_robin("letter-of-marque", bots, 2, players=3, options=options, journal=journal)
    header = json.loads(journal.read_text().splitlines()[0])["tournament"]
    assert header["data_hash"] == get_game("letter-of-marque", options).data_hash
    raw["treasures"]["values"] = [3, 4, 5, 6, 9]  # the printed copy, read again
    data.write_text(json.dumps(raw))
    with pytest.raises(OptionError, match=r"data .* would play other games"):
        round_robin("letter-of-marque", bots, 4, players=3, options=options, journal=journal)


def test_tournament_command_resumes_from_its_journal(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    args = ["tournament", "letter-of-marque", "--bots", "random,heuristic", "-n", "4"]
    args += ["-p", "3", "--workers", "1", "--journal", str(journal)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(app, args)  # everything is in the journal: nothing to play
    assert again.exit_code == 0 and again.output.split("Elo")[-1] == first.output.split("Elo")[-1]
    assert len(journal.read_text().splitlines()) == 1 + 4
    # More games grow the same tournament: only the new ones are played.
    grown = CliRunner().invoke(app, [*args[:5], "6", *args[6:]])
    assert grown.exit_code == 0, grown.output
    assert len(journal.read_text().splitlines()) == 1 + 6
    other = CliRunner().invoke(app, [*args, "--seed", "9"])
    assert other.exit_code == 1
    assert "belongs to another tournament" in " ".join(other.output.split())


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random,random"], "two or more different bots"),
        (["--bots", "random,heuristic", "--backend", "spark"], "unknown backend"),
    ],
)
def test_a_refused_tournament_leaves_no_journal_to_block_the_next(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    journal = tmp_path / "t.jsonl"
    args = ["tournament", "letter-of-marque", "-n", "1", "-p", "3", "--workers", "1"]
    args += ["--journal", str(journal)]
    refused = CliRunner().invoke(app, [*args, *extra])
    assert refused.exit_code == 1 and message in " ".join(refused.output.split())
    assert not journal.exists()
    fixed = CliRunner().invoke(app, [*args, "--bots", "random,heuristic"])
    assert fixed.exit_code == 0, fixed.output


def test_a_journal_or_json_file_in_no_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    args = ["tournament", "letter-of-marque", "--bots", "random,heuristic", "-n", "1", "-p", "3"]
    for where in ("--journal", "--json"):
        result = CliRunner().invoke(app, [*args, where, str(tmp_path / "no" / "t.json")])
        said = " ".join(result.output.split())
        assert result.exit_code == 1 and "there is no folder" in said, said
        assert "Elo" not in result.output  # refused before any game


def test_damaged_journal_lines_are_played_again_and_a_binary_file_is_refused(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "t.jsonl"
    bots = ["random", "heuristic"]
    whole = round_robin("letter-of-marque", bots, 3, seed=2, players=3, journal=journal)
    first, *games = journal.read_text().splitlines()
    damaged = json.loads(games[0])
    damaged["result"]["index"], damaged["result"]["returns"] = "0", "ab"
    deep = "[" * 200_000 + "]" * 200_000
    journal.write_text("\n".join([first, json.dumps(damaged), deep, *games[1:]]) + "\n")
    again = round_robin("letter-of-marque", bots, 3, seed=2, players=3, journal=journal)
    assert again.to_json() == whole.to_json()  # the damaged game was played again
    journal.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(OptionError, match="not a tournament journal"):
        round_robin("letter-of-marque", bots, 3, seed=2, players=3, journal=journal)


def test_a_clean_sweep_still_has_an_interval_of_doubt() -> None:
    low, high = Match("a", "b", [0.0] * 10).interval()
    assert low == 0.0 and 0.25 < high < 0.35  # Wilson: 0–27.8% for 0 of 10


def test_tournament_keeps_every_games_record_on_request(tmp_path: Path) -> None:
    """--records DIR: each game's record, named by its match and number, replays to the
    result the tournament counted."""
    records = tmp_path / "records"
    args = ["tournament", "letter-of-marque", "--bots", "random,heuristic,ismcts:easy"]
    args += ["-n", "2", "-p", "3", "--workers", "1", "--records", str(records)]
    args += ["--json", str(tmp_path / "t.json")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    saved = sorted(p.name for p in records.iterdir())
    assert saved == [
        f"letter-of-marque-0-{match}-{i:06d}.json"
        for match in ("heuristic-vs-ismcts_easy", "heuristic-vs-random", "ismcts_easy-vs-random")
        for i in range(2)
    ]
    for path in records.iterdir():
        record = Record.load(path)
        final = record.final_state()
        assert final.is_terminal() and record.result == final.returns()
        # The record's seats are the match's two bots, as its name says.
        assert "-vs-".join(sorted(set(record.seats))).replace(":", "_") in path.name
