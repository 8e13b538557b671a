"""What one client may ask of the server (issue 23): bad input refused with a clear
4xx, limits on bodies, creations, open games and connections, the paged lobby,
bounded outgoing queues and one server process per database."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any, cast

import anyio
import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy import Connection as SAConnection
from sqlalchemy import text as sql
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from quarterdeck.engine import get_game
from quarterdeck.server import create_app
from quarterdeck.server.hub import Hub
from quarterdeck.server.limits import Limits, PerMinute
from quarterdeck.server.rooms import Connection
from quarterdeck.server.storage import DatabaseInUse, Store

from .helpers import TIMEOUT, create, duel, hello, lobby

JSON = Any


def app_client(database: str, **limits: Any) -> TestClient:
    return TestClient(create_app(database, limits=Limits(**limits)))


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def post_json(client: TestClient, path: str, text: str) -> Any:
    return client.post(path, content=text, headers={"content-type": "application/json"})


# -- bad input: a clear 4xx, never a 500, and nothing changes ---------------------------------


def test_bad_input_gets_a_clear_error_on_every_database(any_database: str) -> None:
    # Each was a 500 (found against the running server, PostgreSQL for the NULs).
    with TestClient(create_app(any_database)) as client:
        game = create(client, game="broadsides")
        seat = f"/api/games/{game['id']}/seats/0/join"
        for name in ("A\x00B", "tab\there", "\x7f", "bell\x07", "a\u2028b"):
            response = client.post(seat, json={"name": name})
            assert response.status_code == 422, name
            assert "control characters" in response.text
        assert client.post(seat, json={"name": "x" * 41}).status_code == 422
        for path in ("/api/games/%00", "/api/games/%00/view", "/api/games/%00/replay"):
            response = client.get(path)
            assert response.status_code == 404, path
        for seed in ("1e400", "NaN", "-Infinity"):
            response = post_json(client, "/api/games", f'{{"game": "broadsides", "seed": {seed}}}')
            assert response.status_code == 422, seed
            assert "finite" in response.text
        for body in (
            '{"game": "broadsides", "turn_timer": 1e400}',
            '{"game": "broadsides", "scenario": {"ships": [{}, {}], "x": NaN}}',
            '{"game": "broadsides", "options": {"round_cap": Infinity}}',
        ):
            assert post_json(client, "/api/games", body).status_code == 422, body
        digits = {"game": "broadsides", "bots": {"1": "ismcts:" + "9" * 5000}}
        response = client.post("/api/games", json=digits)
        assert response.status_code == 400
        assert "at most 40 characters" in response.json()["detail"]
        creator = {"Authorization": f"Bearer {game['creator_token']}"}
        response = client.put(
            f"/api/games/{game['id']}/seats/1/bot",
            json={"bot": "ismcts:" + "9" * 5000},
            headers=creator,
        )
        assert response.status_code == 400
        # Nothing changed: one game, its seats open, a good name still joins.
        assert [g["id"] for g in lobby(client)] == [game["id"]]
        assert client.get(f"/api/games/{game['id']}").json()["seats"][0]["taken"] is False
        assert client.post(seat, json={"name": "Ann Bonny"}).status_code == 201


def test_a_websocket_to_no_possible_game_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/api/games/%00/ws") as ws:
        assert ws.receive_json()["code"] == "no_game"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


# -- a duplicate ack ------------------------------------------------------------------------


def test_a_resent_decision_is_acknowledged_with_the_version_it_led_to(
    client: TestClient,
) -> None:
    game_id, t0, t1 = duel(client, 7)
    state = get_game("broadsides").new_state(2, 7)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        seats = [hello(w0, t0), hello(w1, t1)]
        last: dict[int, tuple[int, int, dict[str, JSON]]] = {}  # seat: seq, action, ack
        # Play until one seat's last decision lies behind the other seat's.
        while len(last) < 2 or len(state.history) < 4:
            seat = state.current_player
            assert seat is not None
            action = state.legal_actions()[0].id
            ack = seats[seat].act(action)
            assert ack["type"] == "ack"
            last[seat] = (seats[seat].seq, action, ack)
            state.apply(action)
        behind = min(last, key=lambda s: last[s][2]["version"])
        seq, action, ack = last[behind]
        assert ack["version"] < len(state.history)  # the game has moved on since
        again = seats[behind].act(action, seq=seq)
        assert again == {"type": "ack", "seq": seq, "version": ack["version"], "duplicate": True}


# -- limits on requests and what the server keeps ---------------------------------------------


def test_a_request_body_over_the_limit_is_refused_unread(database: str) -> None:
    with app_client(database, max_body_bytes=4096) as client:
        padded = {"game": "broadsides", "scenario": {"ships": [{}, {}], "pad": "x" * 10**7}}
        response = client.post("/api/games", json=padded)
        assert response.status_code == 413
        assert "at most 4096 bytes" in response.json()["detail"]

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            yield b'{"game": "broadsides", "scenario": {"pad": "'
            for _ in range(100):
                yield b"x" * 1000
            yield b'"}}'

        streamed = client.post(
            "/api/games", content=chunks(), headers={"content-type": "application/json"}
        )
        assert streamed.status_code == 413
        assert lobby(client) == []
        assert create(client, game="broadsides")["status"] == "open"


def test_a_client_creates_so_many_games_a_minute(database: str) -> None:
    # 5,000 games in 11 s from one client (+338 MB) before.
    with app_client(database, games_per_minute=3) as client:
        for _ in range(5):  # refused requests use up nothing
            assert client.post("/api/games", json={"game": "chess"}).status_code == 400
        made = [create(client, game="broadsides")["id"] for _ in range(3)]
        for body in ({"game": "broadsides"}, {"game": "chess"}):  # refused before any work
            refused = client.post("/api/games", json=body)
            assert refused.status_code == 429
            assert "at most 3 new games a minute" in refused.json()["detail"]
        assert {g["id"] for g in lobby(client)} == set(made)


class Buckets:
    """A cluster's shared buckets that refuse, answer, or are away (Redis down)."""

    def __init__(self, answer: bool | None) -> None:
        self.answer = answer
        self.asked: list[tuple[str, int, bool]] = []

    async def take_token(self, key: str, per_minute: int, take: bool) -> bool:
        self.asked.append((key, per_minute, take))
        if self.answer is None:
            raise ConnectionError("Redis is away")
        return self.answer


def test_a_rate_counts_here_and_on_the_cluster_and_holds_with_redis_away(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def allowed(rate: PerMinute, take: bool = True) -> bool:
        return await rate.allow("203.0.113.9", take)

    alone = PerMinute("create", "new games", 2)
    assert [asyncio.run(allowed(alone, take=False)) for _ in range(3)] == [True] * 3  # a look
    assert [asyncio.run(allowed(alone)) for _ in range(3)] == [True, True, False]
    assert alone.refusal() == "at most 2 new games a minute; try later"
    refusing = Buckets(False)
    assert not asyncio.run(allowed(PerMinute("create", "new games", 2, refusing)))
    assert refusing.asked == [("create:203.0.113.9", 2, True)]  # the key other processes share
    away = PerMinute("player", "new players", 1, Buckets(None))
    with caplog.at_level(logging.ERROR):
        assert [asyncio.run(allowed(away)) for _ in range(2)] == [True, False]
    assert "counting new players in Redis failed" in caplog.text


def test_open_games_are_capped_and_expire_unstarted(database: str) -> None:
    with app_client(database, max_open_games=2, open_game_expiry=3600) as client:
        hub = hub_of(client)
        waiting = create(client, game="broadsides")
        watched = create(client, game="broadsides")
        full = client.post("/api/games", json={"game": "broadsides"})
        assert full.status_code == 503
        assert "too many games wait for players" in full.json()["detail"]
        # A game with every seat filled by bots waits for nobody: it is not capped.
        assert create(client, game="broadsides", bots={"0": "random", "1": "random"})
        with client.websocket_connect(f"/api/games/{watched['id']}/ws") as ws:
            hello(ws).state()
            # A day later: the open game nobody is connected to is gone, the one
            # somebody watches stays.
            gone = client.portal.call(hub.expire_open_games, time.time() + 3601)  # type: ignore[union-attr]
            assert gone == [waiting["id"]]
        assert client.get(f"/api/games/{waiting['id']}").status_code == 404
        assert waiting["id"] not in hub.rooms
        assert [g["id"] for g in lobby(client, status="open")] == [watched["id"]]
        assert create(client, game="broadsides")["status"] == "open"  # room again


def test_the_lobby_is_paged_newest_first(database: str) -> None:
    with app_client(database, games_per_minute=100) as client:
        made = [create(client, game="letter-of-marque")["id"] for _ in range(7)]
        seen: list[str] = []
        after = None
        pages = 0
        while True:
            params: dict[str, JSON] = {"limit": 3}
            if after is not None:
                params["after"] = after
            page = client.get("/api/games", params=params).json()
            assert len(page["games"]) <= 3
            seen += [g["id"] for g in page["games"]]
            pages += 1
            after = page["next"]
            if after is None:
                break
        assert pages == 3
        assert seen == made[::-1]  # newest first, each once
        for params in ({"limit": 101}, {"limit": 0}, {"after": "x"}, {"after": "nan_0123"}):
            assert client.get("/api/games", params=params).status_code in (400, 422), params


def test_connections_are_capped_per_game_and_per_client(database: str) -> None:
    with app_client(database, connections_per_game=2, connections_per_client=3) as client:
        one, two = (create(client, game="broadsides")["id"] for _ in range(2))
        with (
            client.websocket_connect(f"/api/games/{one}/ws") as a,
            client.websocket_connect(f"/api/games/{one}/ws") as b,
        ):
            hello(a), hello(b)
            with client.websocket_connect(f"/api/games/{one}/ws") as c:
                c.send_json({"type": "hello"})
                assert c.receive_json()["code"] == "too_many"
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
            with client.websocket_connect(f"/api/games/{two}/ws") as d:
                hello(d)
                with client.websocket_connect(f"/api/games/{two}/ws") as e:
                    refused = e.receive_json()  # before its hello: the client is full
                    assert refused["code"] == "too_many"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        e.receive_json()
                    assert closed.value.code == 4429
        # Gone connections count no more.
        with client.websocket_connect(f"/api/games/{one}/ws") as again:
            hello(again).state()


def test_a_spectator_coming_or_going_pushes_nobody_else(client: TestClient) -> None:
    # 1,500 spectators took 53 s to connect: each one pushed a view to all the others.
    game_id, t0, _ = duel(client, 7)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as first:
        watcher = hello(first)
        watcher.state()
        for _ in range(3):
            with client.websocket_connect(f"/api/games/{game_id}/ws") as other:
                hello(other).state()
        # Had anyone's coming or going pushed the watcher a view, it would come first.
        watcher.send({"type": "ping"})
        assert watcher.receive() == {"type": "pong"}
        # A seat connecting is news to everyone (its "connected" changes).
        with client.websocket_connect(f"/api/games/{game_id}/ws") as seat:
            hello(seat, t0)
            pushed = watcher.receive()
            assert pushed["type"] == "state" and pushed["seats"][0]["connected"] is True


# -- back-pressure ------------------------------------------------------------------------------


def test_a_newer_state_replaces_an_unsent_one_with_its_log(client: TestClient) -> None:
    game_id, t0, t1 = duel(client, 7)
    room = hub_of(client).rooms[game_id]
    state = get_game("broadsides").new_state(2, 7)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        seats = [hello(w0, t0), hello(w1, t1)]

        def play(decisions: int) -> None:
            for _ in range(decisions):
                seat, action = state.current_player, state.legal_actions()[0].id
                assert seat is not None
                answer = seats[seat].act(action)
                assert answer["type"] == "ack", answer
                state.apply(action)

        play(2)
        # A connection whose client reads its welcome and first view, then no more.
        stuck = Connection(None, limit=8)
        room.attach(stuck)
        for _ in range(1000):  # a sync loop
            room.push_state(stuck)
        assert len(stuck.outbox) == 2  # the welcome and one state
        first = [asyncio.run(stuck.next_text()) for _ in range(2)]
        assert '"type":"state"' in str(first[1]) and not stuck.outbox
        had = len(room.state.events)
        play(3)
    assert len(stuck.outbox) == 1 and not stuck.overflowed
    latest = stuck.outbox[-1]
    # One view, the latest, with the log entries of every view it replaced.
    assert 0 < cast(int, latest.log_from) == had < len(state.events)
    assert f'"version":{len(state.history)}' in latest.text
    # A sync still gets the whole log, whatever was waiting.
    stuck.log_sent = 0
    room.push_state(stuck)
    assert len(stuck.outbox) == 1 and stuck.outbox[-1].log_from == 0
    room.detach(stuck)


def test_a_connection_that_lets_messages_pile_up_is_let_go_of() -> None:
    conn = Connection(None, limit=4)
    for n in range(4):
        conn.push({"type": "pong", "n": n})
    assert not conn.overflowed
    conn.push({"type": "pong"})
    assert conn.overflowed and conn.closed and not conn.outbox
    conn.push({"type": "pong"})  # nothing more is kept
    assert not conn.outbox


def test_a_quiet_connection_whose_messages_pile_up_is_closed(database: str) -> None:
    # A spectator that sends nothing and reads nothing: what piles up for it is
    # pushed by others (turn timeouts, say). It is closed too, with 4413.
    with app_client(database, outgoing_queue=8) as client:
        game_id, _, _ = duel(client, 7)
        room = hub_of(client).rooms[game_id]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            hello(ws).state()
            (quiet,) = room.connections

            async def flood() -> None:  # faster than any sender: all in one go
                for _ in range(9):
                    quiet.push({"type": "timeout", "seat": 0, "bot": "heuristic"})

            client.portal.call(flood)  # type: ignore[union-attr]
            assert close_code(ws) == 4413
        assert not room.connections


def close_code(ws: WebSocketTestSession) -> int:
    """The code the server closes ``ws`` with, reading what comes before; failing,
    never hanging, if it does not close."""

    async def next_message() -> Any:
        with anyio.fail_after(TIMEOUT):
            return await ws._send_rx.receive()  # the test session's own queue

    for _ in range(1000):
        message = ws.portal.call(next_message)
        if message["type"] == "websocket.close":
            code: int = message["code"]
            return code
    raise AssertionError("the server kept the connection open")


def test_sync_and_ping_are_rate_limited(database: str) -> None:
    with app_client(database, messages_per_second=0.001, message_burst=3) as client:
        game_id, _, _ = duel(client, 7)
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            c = hello(ws)
            c.state()
            for _ in range(3):
                c.send({"type": "ping"})
                assert c.receive() == {"type": "pong"}
            for kind in ("ping", "sync"):
                c.send({"type": kind})
                refused = c.receive()
                assert refused["type"] == "error" and refused["code"] == "rate_limited"


# -- one server process per database ------------------------------------------------------------


def test_a_second_server_on_the_same_database_refuses_to_start(any_database: str) -> None:
    with TestClient(create_app(any_database)) as first:
        game = create(first, game="broadsides")
        second = TestClient(create_app(any_database))
        with pytest.raises(DatabaseInUse, match="another Quarterdeck server already uses"):
            second.__enter__()
        assert first.get(f"/api/games/{game['id']}").status_code == 200
    # Once the first has stopped, the database is free again.
    with TestClient(create_app(any_database)) as later:
        assert later.get(f"/api/games/{game['id']}").status_code == 200


# -- a client that never reads, against a real server on loopback ----------------------------


@pytest.fixture
def live_server(database: str) -> Iterator[tuple[str, Hub]]:
    """The app under uvicorn on a free loopback port: TestClient's sockets never fill,
    so only a real one shows a client that does not read."""
    config = uvicorn.Config(
        create_app(database, limits=Limits(outgoing_queue=16)),
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_per_message_deflate=False,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:  # start-up, not a measurement
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"127.0.0.1:{port}", config.app.state.hub  # type: ignore[union-attr]
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def test_a_spectator_that_syncs_and_never_reads_is_closed(
    live_server: tuple[str, Hub], caplog: pytest.LogCaptureFixture
) -> None:
    # Found against the running server: 672,800 syncs in 25 s grew it from 115 MB to
    # 2.26 GB. Now its unread messages stay few and it is closed with 4413.
    caplog.set_level(logging.INFO, logger="quarterdeck.server.api")
    address, hub = live_server
    request = urllib.request.Request(
        f"http://{address}/api/games",
        data=json.dumps({"game": "broadsides"}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        game_id = json.load(response)["id"]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # fills soon
    sock.connect(("127.0.0.1", int(address.split(":")[1])))
    with connect(f"ws://{address}/api/games/{game_id}/ws", sock=sock, max_queue=1) as ws:
        ws.send(json.dumps({"type": "hello"}))
        sent = 0
        with contextlib.suppress(ConnectionClosed):
            while sent < 200_000:  # far more than it takes; bounded all the same
                ws.send('{"type": "sync"}')
                sent += 1
        received = 0
        with pytest.raises(ConnectionClosed) as closed:
            while received < 10_000:  # what was in flight, then the close
                ws.recv(timeout=30)
                received += 1
    assert f"game {game_id}: closing a connection whose messages piled up unread" in caplog.text
    # The close frame waits behind what the client left unread; a client still busy
    # sending when the server stops waiting for it (CLOSE_WAIT) finds the connection
    # dropped without it (seen once in CI on a loaded machine).
    if closed.value.rcvd is not None:
        assert closed.value.rcvd.code == 4413
        assert closed.value.rcvd.reason == "messages piled up unread"
    room = hub.rooms[game_id]
    # The close reaches the client a moment before the server has counted it gone
    # (polled: the deadline only bounds a hang, as a loaded machine may take seconds).
    deadline = time.monotonic() + TIMEOUT
    while (room.connections or hub.client_connections) and time.monotonic() < deadline:
        time.sleep(0.01)  # polling the server's own thread, not timing play
    assert not room.connections and not hub.client_connections


def test_a_claim_lost_with_its_connection_is_taken_again(any_database: str) -> None:
    first, second = Store(any_database), Store(any_database)
    try:
        first.claim()
        first.keep_claim()  # held: nothing to do
        with pytest.raises(DatabaseInUse):
            second.claim()
        if not any_database.startswith("postgresql"):
            return  # a lock file lasts as long as the process
        end_session_of(first)  # the network dropped the lock's connection, say
        first.keep_claim()
        with pytest.raises(DatabaseInUse):
            second.claim()
        end_session_of(first)
        second.claim()  # while the lock was lost, another server took it
        with pytest.raises(DatabaseInUse, match="another Quarterdeck server"):
            first.keep_claim()
    finally:
        first.close()
        second.close()


def end_session_of(store: Store) -> None:
    """End the PostgreSQL session that holds ``store``'s advisory lock."""
    holder = store._claim  # the connection holding the lock
    assert isinstance(holder, SAConnection)
    pid = holder.execute(sql("SELECT pg_backend_pid()")).scalar_one()
    holder.commit()
    with store.engine.connect() as admin:
        admin.execute(sql("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        admin.commit()
