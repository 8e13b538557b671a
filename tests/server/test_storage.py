"""Storage: every acknowledged decision is committed, and a restarted server rebuilds
each game by replaying it, exactly. Runs on SQLite and on PostgreSQL when reachable."""

from __future__ import annotations

import time

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import inspect, update

from quarterdeck.engine import get_game
from quarterdeck.server import create_app
from quarterdeck.server.models import Base, DecisionRow, GameRow
from quarterdeck.server.storage import (
    Appended,
    Decision,
    StaleOwner,
    Store,
    StoredGame,
    StoredSeat,
)

from .helpers import create, duel, hello, join, lobby


def test_migrations_create_the_schema(any_database: str) -> None:
    store = Store(any_database)
    try:
        store.migrate()
        store.migrate()  # idempotent: a second start-up changes nothing
        tables = set(inspect(store.engine).get_table_names())
        assert {"games", "seats", "decisions", "alembic_version"} <= tables
        # The migrations build exactly the tables the models describe.
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        store.close()


def test_migration_0002_marks_the_games_made_from_a_scenario(any_database: str) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    store = Store(any_database)
    try:
        config = Config()
        config.set_main_option("script_location", "quarterdeck.server:migrations")
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
            for game_id, scenario in (("drawn", "null"), ("scenario", '{"seed": 3}')):
                connection.execute(
                    text(
                        "INSERT INTO games (id, game, rules_version, players, seed, options, "
                        "data_hash, scenario, creator_token_hash, status, created_at) VALUES "
                        "(:id, 'broadsides', '1', 2, 3, '{}', '', :scenario, '', 'open', 0)"
                    ),
                    {"id": game_id, "scenario": scenario},
                )
        store.migrate()
        with store.engine.connect() as connection:
            marked: dict[str, bool] = dict(
                connection.execute(text("SELECT id, setup_chosen FROM games")).all()
            )
        assert marked == {"drawn": False, "scenario": True}
    finally:
        store.close()


def test_migration_0005_keeps_the_older_games_at_the_tables_pace(any_database: str) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    store = Store(any_database)
    try:
        config = Config()
        config.set_main_option("script_location", "quarterdeck.server:migrations")
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0004")
            connection.execute(
                text(
                    "INSERT INTO games (id, game, rules_version, players, seed, options, "
                    "data_hash, creator_token_hash, status, created_at) VALUES "
                    "('older', 'broadsides', '1', 2, 3, '{}', '', '', 'open', 0)"
                )
            )
        store.migrate()
        with store.engine.connect() as connection:
            paces = connection.execute(text("SELECT pace FROM games")).scalars().all()
        assert paces == ["table"]
        older = store.load_game("older")
        assert older is not None and older.pace == "table"
    finally:
        store.close()


def test_a_restarted_server_resumes_every_game_where_it_stood(any_database: str) -> None:
    state = get_game("broadsides").new_state(2, 21)
    with TestClient(create_app(any_database)) as client:
        game = create(client, game="broadsides", seed=21)
        t0, t1 = join(client, game["id"], 0), join(client, game["id"], 1, "Bob")
        tokens = [t0, t1]
        with (
            client.websocket_connect(f"/api/games/{game['id']}/ws") as w0,
            client.websocket_connect(f"/api/games/{game['id']}/ws") as w1,
        ):
            seats = [hello(w0, t0), hello(w1, t1)]
            # seat: (seq, action, version acknowledged) of its last decision
            last: dict[int, tuple[int, int, int]] = {}
            for _ in range(30):
                seat = state.current_player
                assert seat is not None
                action = state.legal_actions()[-1].id
                ack = seats[seat].act(action)
                assert ack["type"] == "ack"
                last[seat] = (seats[seat].seq, action, ack["version"])
                state.apply(action)
        listed = lobby(client)
    with TestClient(create_app(any_database)) as client:
        assert lobby(client) == listed
        for seat, token in enumerate(tokens):
            headers = {"Authorization": f"Bearer {token}"}
            message = client.get(f"/api/games/{game['id']}/view", headers=headers).json()
            assert message["version"] == 30
            assert message["view"] == state.view(seat)
        # Play goes on, and a decision resent from before the restart applies once.
        seat = state.current_player
        assert seat is not None
        with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
            c = hello(ws, tokens[seat])
            seq, action, version = last[seat]
            assert c.state()["next_seq"] == seq + 1
            again = c.act(action, seq=seq)
            # Its ack confirms the version that decision led to, as the first one did.
            assert again == {"type": "ack", "seq": seq, "version": version, "duplicate": True}
            assert version < 30
            assert c.act(state.legal_actions()[0].id, seq=seq + 1)["version"] == 31


def test_a_bot_game_finishes_in_storage(any_database: str) -> None:
    with TestClient(create_app(any_database)) as client:
        game = create(
            client,
            game="letter-of-marque",
            players=3,
            seed=2,
            bots={"0": "heuristic", "1": "random", "2": "random"},
        )
        with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
            hello(ws).until(lambda m: m["type"] == "state" and m["status"] == "finished")
        record = client.get(f"/api/games/{game['id']}/record").json()
    with TestClient(create_app(any_database)) as client:
        assert client.get(f"/api/games/{game['id']}/record").json() == record
        assert lobby(client, status="finished")[0]["result"]


def test_turn_timers_survive_a_restart(any_database: str) -> None:
    with TestClient(create_app(any_database)) as client:
        game = create(client, game="broadsides", seed=8, turn_timer=3600, bots={"1": "random"})
        join(client, game["id"], 0)
        deadline = client.get(f"/api/games/{game['id']}/view").json()["deadline"]
        assert deadline > time.time() + 3000
    # The server was down when the hour ran out (as if): the deadline is in the past.
    store = Store(any_database)
    with store.engine.begin() as connection:
        connection.execute(
            update(GameRow).where(GameRow.id == game["id"]).values(deadline=time.time() - 1)
        )
    store.close()
    with TestClient(create_app(any_database)) as client:
        with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
            moved = hello(ws).until(lambda m: m["type"] == "state" and m["version"] > 0)
        assert moved["status"] == "active"


def test_a_decision_is_stored_before_it_is_acknowledged(
    client: TestClient, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, t0, _ = duel(client, seed=5)
    state = get_game("broadsides").new_state(2, 5)
    first = state.legal_actions()[0].id
    store = Store(database)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seat = hello(ws, t0)
        seat.state()
        assert seat.act(first)["type"] == "ack"
        # By the time the ack arrives, the decision is in the database.
        stored = store.load_game(game_id)
        assert stored is not None
        assert stored.decisions == [
            Decision(first, state.game.action_space[first].text, 0, 1, "seat")
        ]
        state.apply(first)

        # When storage fails, nothing is acknowledged and nothing changes.
        def fail(*_: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(Store, "append_batch", fail)
        second = state.legal_actions()[0].id
        assert seat.act(second)["code"] == "server_error"
        ws.send_json({"type": "sync"})
        assert seat.state()["version"] == 1
        monkeypatch.undo()
        assert seat.act(second, seq=2)["version"] == 2  # the same decision, now stored
    store.close()


def test_stored_games_come_back_as_they_were_accepted_and_one_that_cannot_stops_no_other(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A scenario stored before entries of no known name were refused still replays;
    a game that no longer replays at all (rules of another version) stays stopped,
    said in the log and to whoever asks for it (409), and the server starts with every
    other game."""
    scenario = {"ships": [{}, {}], "seed": 4}
    with TestClient(create_app(database)) as client:
        old = create(client, game="broadsides", scenario=scenario, bots={"1": "random"})["id"]
        gone = create(client, game="broadsides", seed=5, bots={"1": "random"})["id"]
        kept = create(client, game="broadsides", seed=6, bots={"1": "random"})["id"]
        for game_id in (old, gone, kept):
            join(client, game_id, 0)  # in play: each comes back at start-up
    store = Store(database)
    with store.engine.begin() as connection:
        connection.execute(
            update(GameRow)
            .where(GameRow.id == old)
            .values(scenario={**scenario, "description": "from an older server"})
        )
        connection.execute(update(GameRow).where(GameRow.id == gone).values(rules_version="0"))
    store.engine.dispose()
    with TestClient(create_app(database)) as client:
        assert set(client.app.state.hub.rooms) == {old, kept}  # type: ignore[attr-defined]
        assert client.get(f"/api/games/{old}").json()["status"] == "active"
        assert client.get(f"/api/games/{kept}").json()["status"] == "active"
        # Asked for, it says why it cannot be played, never a server error.
        refused = client.get(f"/api/games/{gone}")
        assert refused.status_code == 409 and "rules version '0'" in refused.json()["detail"]
    assert f"game {gone} cannot be played here" in caplog.text and "stays stopped" in caplog.text


def test_a_game_that_no_longer_replays_tells_the_asker_nothing_of_its_moves(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Why a stored game does not replay may quote a stored move (a captain's secret
    cannon choice in set-up): the log has it, the asker only that it cannot be played."""
    with TestClient(create_app(database)) as client:
        game = create(client, game="broadsides", seed=8, bots={"0": "random", "1": "random"})
        with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
            hello(ws).until(lambda m: m["type"] == "state" and m["status"] == "finished")
    store = Store(database)
    with store.engine.begin() as connection:
        connection.execute(
            update(DecisionRow)
            .where(DecisionRow.game_id == game["id"], DecisionRow.number == 0)
            .values(text="the secret move")
        )
    store.engine.dispose()
    with TestClient(create_app(database)) as client:
        refused = client.get(f"/api/games/{game['id']}")
        assert refused.status_code == 409
        assert "cannot be played here" in refused.json()["detail"]
        assert "secret" not in refused.json()["detail"]
    assert "the secret move" in caplog.text


def bare_game(game_id: str) -> StoredGame:
    """A BroadSides game's header as the hub stores it, both seats open."""
    return StoredGame(
        id=game_id, game="broadsides", rules_version="1", players=2, seed=1, options={},
        data_hash="", data=None, scenario=None, creator_token_hash="x", status="open",
        turn_timer=None, deadline=None, result=None, created_at=0.0,
        seats=[StoredSeat(s, None, None, None, 0) for s in range(2)], decisions=[],
    )  # fmt: skip


def test_a_seat_is_taken_once_whichever_server_asks(any_database: str) -> None:
    """Two servers' stores on one database: a join is conditional in the database."""
    first, second = Store(any_database), Store(any_database)
    try:
        first.migrate()
        first.create_game(bare_game("g1"))
        free = StoredSeat(0, None, None, None, 0)
        assert first.save_seat("g1", StoredSeat(0, "Ann", "a", None, 0), "open", None, free)
        assert not second.save_seat("g1", StoredSeat(0, "Bob", "b", None, 0), "open", None, free)
        taken = StoredSeat(0, "Ann", "a", None, 0)  # handed to a bot: only as it is held
        assert second.save_seat("g1", StoredSeat(0, "Ann", None, "random", 0), "open", None, taken)
        loaded = second.load_game("g1")
        assert loaded is not None and loaded.seats[0].bot == "random"
    finally:
        first.close()
        second.close()


def test_a_process_that_lost_a_game_stores_nothing_more_for_it(any_database: str) -> None:
    """The epoch fences a cluster's owners: once another process has taken the game
    over, the writes of the one before are refused whole, other games' writes not."""
    store = Store(any_database)
    try:
        store.migrate()
        for game_id in ("g1", "g2"):
            store.create_game(bare_game(game_id))
        move = [Decision(3, "x", 0, 1, "seat")]
        store.append_batch([Appended("g1", 0, move, "active", None, None, epoch=0)])
        assert store.take_over("g1") == 1  # another process takes it
        assert store.take_over("nowhere") is None
        with pytest.raises(StaleOwner):
            store.append_batch(
                [
                    Appended("g2", 0, move, "active", None, None, epoch=0),
                    Appended("g1", 1, move, "active", None, None, epoch=0),
                ]
            )
        assert store.decision_counts(["g1", "g2"]) == {"g1": 1}  # nothing of that batch
        store.append_batch([Appended("g1", 1, move, "active", None, None, epoch=1)])
        store.append_batch([Appended("g2", 0, move, "active", None, None, epoch=0)])
        assert store.decision_counts(["g1", "g2"]) == {"g1": 2, "g2": 1}
    finally:
        store.close()
