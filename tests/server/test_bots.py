"""Bots on the server: whole games to their end, and the turn timer's fallback bot."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from quarterdeck.ai import CUSTOM_BOTS
from quarterdeck.engine import Action, Bot, Record, State, get_game
from quarterdeck.server import create_app, rooms
from quarterdeck.server.rooms import (
    CASUAL,
    SEARCH_PACE,
    SEARCH_PACE_OTHER,
    TABLE,
    bot_choice,
    bot_pace,
    pace_left,
    turn_step,
)

from .helpers import TIMEOUT, create, hello, join, lobby

JSON = Any


def watch_to_the_end(client: TestClient, game_id: str) -> dict[str, JSON]:
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        return hello(ws).until(lambda m: m["type"] == "state" and m["status"] == "finished")


def check_record(client: TestClient, game_id: str, final: dict[str, JSON]) -> Record:
    """The finished game's record is public and replays to the result everyone saw."""
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    record = Record.from_json(response.json())
    state = record.final_state()
    assert state.is_terminal() and state.returns() == final["view"]["returns"]
    assert len(record.actions) == final["version"]
    return record


def test_bots_play_broadsides_to_its_end(client: TestClient) -> None:
    game = create(client, game="broadsides", seed=3, bots={"0": "heuristic", "1": "random"})
    assert game["status"] == "active"
    final = watch_to_the_end(client, game["id"])
    record = check_record(client, game["id"], final)
    assert record.seats == ["heuristic bot", "random bot"]
    # Each bot decision is the bot's own choice, seeded from the game: reproducible.
    state = get_game("broadsides").new_state(2, 3)
    for action_id, _ in record.actions[:40]:
        seat = state.current_player
        assert action_id == bot_choice(["heuristic", "random"][seat], state.clone(), 3)  # type: ignore[index]
        state.apply(action_id)


def test_bots_play_letter_of_marque_beside_nobody(client: TestClient) -> None:
    game = create(
        client,
        game="letter-of-marque",
        players=4,
        seed=5,
        bots={"0": "heuristic", "1": "random", "2": "heuristic", "3": "random"},
    )
    final = watch_to_the_end(client, game["id"])
    check_record(client, game["id"], final)
    assert lobby(client, status="finished")[0]["id"] == game["id"]


def test_a_person_plays_against_a_bot(client: TestClient) -> None:
    game = create(
        client, game="letter-of-marque", players=3, seed=9, bots={"1": "heuristic", "2": "random"}
    )
    token = join(client, game["id"], 0)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        me = hello(ws, token)
        while True:
            message = me.state()
            if message["status"] == "finished":
                break
            if message["legal"]:
                answer = me.act(message["legal"][0]["id"])
                assert answer["type"] == "ack", answer
    check_record(client, game["id"], message)


def test_a_search_bot_takes_its_levels_pace_once_a_turn(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A search answers a lone legal move at once, and its options can hang on what only
    # its seat knows: padded to a pace, the gap between pushes tells the others nothing.
    assert (bot_pace("heuristic"), bot_pace("random")) == (0.0, 0.0)
    assert bot_pace("ismcts:hard") == SEARCH_PACE["hard"] > bot_pace("ismcts:easy") > 0
    assert bot_pace("ismcts:3") == SEARCH_PACE_OTHER
    # The decision is held for what is left of the pace after thinking, if anything.
    assert pace_left("ismcts:easy", 0.1) == pytest.approx(SEARCH_PACE["easy"] - 0.1)
    assert pace_left("ismcts:easy", 5.0) == pace_left("heuristic", 0.0) == 0.0
    # Every bot turn (its run of decisions until another seat decides) waits out its
    # bot's pace once, a turn of one lone legal move too; its decisions then go a
    # fixed step apart (issue 24: paced per decision, a hard bot's turn took 3–15 s).
    paced: list[str] = []
    stepped: list[str] = []

    async def note_pace(bot_name: str, since: float, pace: str) -> None:
        paced.append(bot_name)

    async def note_step(bot_name: str, pace: str) -> None:
        stepped.append(bot_name)

    services = client.app.state.hub.services  # type: ignore[attr-defined]
    monkeypatch.setattr(services, "pace", note_pace)
    monkeypatch.setattr(services, "step", note_step)
    bots = ["ismcts:easy", "ismcts:3", "heuristic"]
    game = create(client, game="letter-of-marque", players=3, seed=9, bots=dict(enumerate(bots)))
    record = check_record(client, game["id"], watch_to_the_end(client, game["id"]))
    state = record.replay(0)
    deciders, lone = [], 0
    for action_id, _ in record.actions:
        seat = state.current_player
        assert seat is not None
        deciders.append(bots[seat])
        lone += len(state.legal_actions()) == 1
        state.apply(action_id)
    assert lone > 0, "the game has a lone legal move for a bot"
    turns = [b for i, b in enumerate(deciders) if i == 0 or deciders[i - 1] != b]
    assert paced == turns and len(turns) < len(deciders)
    assert len(stepped) == len(deciders) - len(turns)


def run_at_once(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that never truly waits (its sleep replaced) to its end, with no
    event loop: asyncio.run refuses to start where one runs already (the browser
    tests' Playwright leaves one in this thread)."""
    with pytest.raises(StopIteration):
        coroutine.send(None)


def test_the_pace_is_waited_out_from_when_the_bot_began_to_think(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Services.pace sleeps what is left of the bot's pace since it began: the clock
    and the sleep are the room module's own, replaced here, so nothing waits."""
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(rooms, "time", SimpleNamespace(monotonic=lambda: 100.0))
    monkeypatch.setattr(rooms, "asyncio", SimpleNamespace(sleep=sleep))
    services = object.__new__(rooms.Services)  # pace needs none of its storage
    for bot, since in (("ismcts:easy", 99.9), ("ismcts:hard", 90.0), ("heuristic", 100.0)):
        run_at_once(services.pace(bot, since))
    assert slept == pytest.approx([SEARCH_PACE["easy"] - 0.1, 0.0, 0.0])


SEARCH_BOTS = [f"ismcts:{level}" for level in SEARCH_PACE] + ["ismcts:3"]


def test_a_casual_pace_pads_every_search_level_less_and_still_to_a_fixed_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 24: a quicker game for who wants one, still telling nothing of a hand.
    for bot in SEARCH_BOTS:
        assert 0 < bot_pace(bot, CASUAL) < bot_pace(bot, TABLE) == bot_pace(bot)
        assert 0 < turn_step(bot, CASUAL) < turn_step(bot, TABLE)
        # Fixed: a turn thought in any time short of the padding ends at the padding.
        padding = bot_pace(bot, CASUAL)
        for thought in (0.0, padding / 3, padding * 0.9):
            assert thought + pace_left(bot, thought, CASUAL) == pytest.approx(padding)
        # A think that outlasts it is shown as it came, as at the table's pace.
        assert pace_left(bot, padding + 0.5, CASUAL) == 0.0
    assert bot_pace("heuristic", CASUAL) == bot_pace("random", CASUAL) == 0.0
    # The room module's own sleep, replaced: the casual padding is what is waited out.
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(rooms, "time", SimpleNamespace(monotonic=lambda: 100.0))
    monkeypatch.setattr(rooms, "asyncio", SimpleNamespace(sleep=sleep))
    services = object.__new__(rooms.Services)
    run_at_once(services.pace("ismcts:hard", 99.9, CASUAL))
    run_at_once(services.step("ismcts:hard", CASUAL))
    assert slept == pytest.approx(
        [bot_pace("ismcts:hard", CASUAL) - 0.1, turn_step("ismcts:hard", CASUAL)]
    )


def test_a_games_bots_play_at_the_pace_chosen_when_it_was_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    paces: list[str] = []

    async def note_pace(bot_name: str, since: float, pace: str) -> None:
        paces.append(pace)

    async def note_step(bot_name: str, pace: str) -> None:
        paces.append(pace)

    services = client.app.state.hub.services  # type: ignore[attr-defined]
    monkeypatch.setattr(services, "pace", note_pace)
    monkeypatch.setattr(services, "step", note_step)
    bots = {"0": "ismcts:3", "1": "ismcts:3", "2": "heuristic"}
    for pace in (CASUAL, TABLE):
        paces.clear()
        game = create(client, game="letter-of-marque", players=3, seed=4, bots=bots, pace=pace)
        assert game["pace"] == pace
        final = watch_to_the_end(client, game["id"])
        assert final["pace"] == pace  # the table is told it too
        assert paces and set(paces) == {pace}
    assert create(client, game="broadsides")["pace"] == TABLE  # unless chosen


def test_a_games_pace_is_kept_across_a_restart(database: str) -> None:
    with TestClient(create_app(database)) as client:
        casual = create(client, game="broadsides", pace=CASUAL)["id"]
        table = create(client, game="broadsides")["id"]
    with TestClient(create_app(database)) as client:
        assert client.get(f"/api/games/{casual}").json()["pace"] == CASUAL
        assert {g["id"]: g["pace"] for g in lobby(client)} == {casual: CASUAL, table: TABLE}
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.rooms[casual].stored.pace == CASUAL  # what its bots are paced by


def test_an_unknown_pace_is_refused_and_nothing_is_made(client: TestClient) -> None:
    for pace in ("fast", "", None, 2):
        response = client.post("/api/games", json={"game": "broadsides", "pace": pace})
        assert response.status_code == 422, pace
        (problem,) = response.json()["detail"]
        assert problem["loc"] == ["body", "pace"] and "'table' or 'casual'" in problem["msg"]
    assert lobby(client) == []
    # The API offers exactly the paces the rooms know.
    schema = client.get("/openapi.json").json()["components"]["schemas"]["CreateGame"]
    assert schema["properties"]["pace"]["enum"] == list(rooms.PACES)


def test_when_time_runs_out_the_fallback_bot_plays_the_seats_turn(client: TestClient) -> None:
    game = create(client, game="broadsides", seed=4, turn_timer=1)
    token = join(client, game["id"], 0)
    state = get_game("broadsides").new_state(2, 4)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        me = hello(ws, token)
        # Seat 0 is here before its clock runs (a clock started by its join could run
        # out before a loaded machine connected it): the last seat goes to a bot now,
        # the game starts, the clock runs.
        assert me.state()["status"] == "open"
        creator = {"Authorization": f"Bearer {game['creator_token']}"}
        seat_bot = client.put(
            f"/api/games/{game['id']}/seats/1/bot", json={"bot": "random"}, headers=creator
        )
        assert seat_bot.status_code == 200, seat_bot.text
        first = me.until(lambda m: m["type"] == "state" and m["status"] == "active")
        assert first["version"] == 0 and first["deadline"] is not None
        # Seat 0 does nothing: everyone is told its time ran out, and its bot plays
        # the seat's turn (Captain and First Mate), then the foe's bot plays, and
        # seat 0's new clock runs out in turn.
        for _ in range(2):
            timeout = me.until(lambda m: m["type"] == "timeout")
            arrived = time.time()
            assert timeout == {"type": "timeout", "seat": 0, "bot": "heuristic"}
            # Never before the deadline that was running: the last one pushed.
            running = [m["deadline"] for m in me.received if m["type"] == "state"][-1]
            assert running is not None and arrived >= running
        moved = me.until(lambda m: m["type"] == "state" and m["version"] >= 5)
    assert moved["deadline"] > first["deadline"]
    # What the fallback bot played is the heuristic bot's choice, seeded from the game.
    while len(state.history) < 5:
        seat = state.current_player
        bot = "heuristic" if seat == 0 else "random"
        state.apply(bot_choice(bot, state.clone(), 4))
    assert moved["view"] == state.view(0)


def test_many_games_play_at_once_and_bots_hold_up_no_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three bot games run, and a bot stays lost in thought in a fifth, while two
    people play a fourth: each person's decisions are acknowledged as they come, and
    every game reaches its end."""
    thinking, release = threading.Event(), threading.Event()

    class LostInThought(Bot):
        name = "lost-in-thought"

        def choose(self, state: State) -> Action:
            if not thinking.is_set():  # lost in its first thought only
                thinking.set()
                release.wait(600)  # until the test lets it go (its finally, if it fails)
            return state.legal_actions()[0]

    monkeypatch.setitem(CUSTOM_BOTS, LostInThought.name, lambda game, seed: LostInThought(seed))
    bots = {"0": LostInThought.name, "1": LostInThought.name}
    try:
        stuck = create(client, game="broadsides", seed=5, bots=bots)["id"]
        assert thinking.wait(30), "the bot has begun to think"
        stuck_at = stuck_version(client, stuck)
        heuristic = {"0": "heuristic", "1": "heuristic"}
        bot_games = [
            create(client, game="broadsides", seed=s, bots=heuristic)["id"] for s in range(3)
        ]
        game = create(client, game="broadsides", seed=30)
        tokens = [join(client, game["id"], 0), join(client, game["id"], 1)]
        state = get_game("broadsides").new_state(2, 30)
        with (
            client.websocket_connect(f"/api/games/{game['id']}/ws") as w0,
            client.websocket_connect(f"/api/games/{game['id']}/ws") as w1,
        ):
            people = [hello(w0, tokens[0]), hello(w1, tokens[1])]
            for _ in range(40):
                seat = state.current_player
                assert seat is not None
                action = state.legal_actions()[0].id
                assert people[seat].act(action)["type"] == "ack"
                state.apply(action)
        for game_id in bot_games:
            final = watch_to_the_end(client, game_id)
            check_record(client, game_id, final)
        # All that while the bot was still thinking: its game had not moved.
        assert stuck_version(client, stuck) == stuck_at
    finally:
        release.set()
    with client.websocket_connect(f"/api/games/{stuck}/ws") as ws:
        hello(ws).until(lambda m: m["type"] == "state" and m["version"] > stuck_at)


def stuck_version(client: TestClient, game_id: str) -> int:
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        version: int = hello(ws).state()["version"]
    return version


def test_a_game_starts_from_a_scenario_and_its_record_replays_from_it(
    client: TestClient,
) -> None:
    scenario = json.loads(
        (Path(__file__).parents[2] / "docs/scenarios/broadsides-firing-example.json").read_text()
    )
    game = create(
        client, game="broadsides", scenario=scenario, bots={"0": "heuristic", "1": "heuristic"}
    )
    assert game["players"] == 2
    final = watch_to_the_end(client, game["id"])
    record = check_record(client, game["id"], final)
    assert record.scenario is not None and record.scenario["ships"] == scenario["ships"]


def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back_from_storage(
    client: TestClient,
) -> None:
    """A long-running server does not keep every game it served: a finished game with
    no connection is let go of (Hub.sweep, run every minute), and a later visit
    replays it from storage, record and view alike."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    portal = client.portal
    assert portal is not None  # the client runs the app (a with block)
    finished = create(
        client, game="letter-of-marque", players=3, seed=2, bots=dict.fromkeys("012", "random")
    )
    waiting = create(client, game="broadsides", seed=4)  # seats open: still in play
    final = watch_to_the_end(client, finished["id"])
    record = client.get(f"/api/games/{finished['id']}/record").json()
    swept: list[str] = []
    # The game's bot task winds down on the server's own time: polled, the deadline
    # only bounds a hang (a loaded machine may take seconds).
    give_up = time.monotonic() + TIMEOUT
    while not (swept := portal.call(hub.sweep)) and time.monotonic() < give_up:
        time.sleep(0.01)
    assert swept == [finished["id"]]
    assert finished["id"] not in hub.rooms and waiting["id"] in hub.rooms
    assert client.get(f"/api/games/{finished['id']}/record").json() == record
    again = watch_to_the_end(client, finished["id"])
    # The same position (the log aside: a push carries only the entries not yet sent).
    assert {k: v for k, v in again["view"].items() if k != "log"} == {
        k: v for k, v in final["view"].items() if k != "log"
    }
    assert again["version"] == final["version"]
    assert finished["id"] in hub.rooms
