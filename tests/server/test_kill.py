"""kill -9: the real server (``quarterdeck serve``, Uvicorn) killed mid-game and
started again on the same SQLite file resumes exactly at the last acknowledged
decision."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from quarterdeck.engine import get_game
from quarterdeck.server.storage import default_database_url

JSON = Any
TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(database: str, port: int, home: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``quarterdeck serve`` in a child process, ready to answer; its output goes to
    home/serve.log (a file, not a pipe that could fill up and stall it)."""
    command = [sys.executable, "-m", "quarterdeck.cli", "serve", "--port", str(port)]
    with (home / "serve.log").open("ab") as log:
        process = subprocess.Popen(
            [*command, "--database", database],
            env={**os.environ, "QUARTERDECK_HOME": str(home)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_ready(process, port)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(TIMEOUT)


def wait_until_ready(process: subprocess.Popen[bytes], port: int) -> None:
    give_up = time.monotonic() + TIMEOUT
    while time.monotonic() < give_up:
        assert process.poll() is None, "the server stopped while starting"
        try:
            request(port, "GET", "/api/catalog")
            return
        except OSError:  # urllib's URLError too: the port is not open yet
            time.sleep(0.1)  # polling for the port to open, not synchronizing on play
    raise AssertionError("the server did not start")


def request(port: int, method: str, path: str, body: JSON = None, token: str = "") -> JSON:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data, headers, method=method)
    with urllib.request.urlopen(req, timeout=TIMEOUT) as response:
        return json.loads(response.read())


def receive(ws: ClientConnection, kind: str) -> dict[str, JSON]:
    while True:
        message: dict[str, JSON] = json.loads(ws.recv(timeout=TIMEOUT))
        if message["type"] == kind or message["type"] == "error":
            return message


def test_a_server_killed_with_kill_9_resumes_at_the_last_acknowledged_decision(
    tmp_path: Path,
) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    state = get_game("broadsides").new_state(2, 13)
    with server(database, port, tmp_path) as process, ExitStack() as stack:
        game = request(port, "POST", "/api/games", {"game": "broadsides", "seed": 13})
        tokens = [
            request(port, "POST", f"/api/games/{game['id']}/seats/{s}/join", {"name": n})["token"]
            for s, n in ((0, "Ann"), (1, "Bob"))
        ]
        url = f"ws://127.0.0.1:{port}/api/games/{game['id']}/ws"
        sockets = [stack.enter_context(connect(url)) for _ in tokens]
        seqs = [0, 0]
        for ws, token in zip(sockets, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(25):
            seat = state.current_player
            assert seat is not None
            action = state.legal_actions()[len(state.history) % len(state.legal_actions())].id
            seqs[seat] += 1
            sockets[seat].send(json.dumps({"type": "act", "seq": seqs[seat], "actions": [action]}))
            ack = receive(sockets[seat], "ack")
            assert ack["type"] == "ack" and ack["version"] == len(state.history) + 1, ack
            state.apply(action)
        process.send_signal(signal.SIGKILL)
        process.wait(TIMEOUT)
    assert process.returncode == -signal.SIGKILL
    with server(database, port, tmp_path):
        for seat, token in enumerate(tokens):
            message = request(port, "GET", f"/api/games/{game['id']}/view", token=token)
            assert message["version"] == 25
            assert message["view"] == state.view(seat)
            assert message["next_seq"] == seqs[seat] + 1
        with connect(f"ws://127.0.0.1:{port}/api/games/{game['id']}/ws") as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert receive(ws, "state")["view"] == state.view(None)


def test_serve_prints_its_address(tmp_path: Path) -> None:
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'games.db'}", port, tmp_path) as process:
        process.send_signal(signal.SIGINT)
        assert process.wait(TIMEOUT) == 0
    assert f"http://127.0.0.1:{port}/" in (tmp_path / "serve.log").read_text()
    assert (tmp_path / "games.db").exists()


def test_the_default_database_lives_in_quarterdeck_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUARTERDECK_HOME", str(tmp_path))
    assert default_database_url() == f"sqlite:///{tmp_path / 'quarterdeck.db'}"
