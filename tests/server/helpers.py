"""Talking to the server in tests: REST calls and a WebSocket client that never hangs."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import anyio
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

JSON = Any
TIMEOUT = 30.0  # generous: only a broken server ever waits this long


def create(client: TestClient, **body: JSON) -> dict[str, JSON]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, JSON] = response.json()
    return created


def lobby(client: TestClient, **params: JSON) -> list[dict[str, JSON]]:
    """The lobby's first page of games."""
    response = client.get("/api/games", params=params)
    assert response.status_code == 200, response.text
    games: list[dict[str, JSON]] = response.json()["games"]
    return games


def join(client: TestClient, game_id: str, seat: int, name: str = "Ann") -> str:
    response = client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": name})
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


class Client:
    """One WebSocket connection, as a browser would hold it."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.received: list[dict[str, JSON]] = []
        self.seq = 0
        self.log: list[JSON] = []  # the log so far, put together as a browser does

    def receive(self) -> dict[str, JSON]:
        """The next message, failing (never hanging) if none comes."""

        async def next_message() -> Any:
            with anyio.fail_after(TIMEOUT):
                return await self.ws._send_rx.receive()  # the test session's own queue

        message = self.ws.portal.call(next_message)
        assert message["type"] == "websocket.send", message
        data: dict[str, JSON] = json.loads(message["text"])
        if data["type"] == "state":
            self.take_log(data)
        self.received.append(data)
        return data

    def take_log(self, data: dict[str, JSON]) -> None:
        """A state message carries the log from ``log_from`` on: add it to what came
        before, and give the message the whole log, so tests compare whole views."""
        start = data["log_from"]
        assert start <= len(self.log), "a gap in the log"
        self.log[start:] = data["view"]["log"]
        data["view"]["log"] = list(self.log)

    def until(self, match: Callable[[dict[str, JSON]], bool]) -> dict[str, JSON]:
        while not match(message := self.receive()):
            pass
        return message

    def state(self) -> dict[str, JSON]:
        return self.until(lambda m: m["type"] == "state")

    def send(self, data: JSON) -> None:
        self.ws.send_json(data)

    def act(self, *actions: int, seq: int | None = None) -> dict[str, JSON]:
        """Send a decision; the ack or the error that answers it."""
        if seq is None:
            self.seq += 1
            seq = self.seq
        self.send({"type": "act", "seq": seq, "actions": list(actions)})
        return self.until(lambda m: m["type"] in ("ack", "error"))


def hello(ws: WebSocketTestSession, token: str | None = None) -> Client:
    """Say who we are; return the client after its welcome."""
    client = Client(ws)
    client.send({"type": "hello", "token": token})
    welcome = client.receive()
    assert welcome["type"] == "welcome", welcome
    return client


def duel(client: TestClient, seed: int = 7, **body: JSON) -> tuple[str, str, str]:
    """A BroadSides game with both seats joined: its id and the two seat tokens."""
    game = create(client, game="broadsides", seed=seed, **body)
    return game["id"], join(client, game["id"], 0, "Ann"), join(client, game["id"], 1, "Bob")


def two_step_turn(state: Any) -> tuple[int, list[int]]:
    """Advance ``state`` (playing the first legal action) to a position where the
    deciding seat decides twice running; return how many actions that took and the
    two steps."""
    played = 0
    while True:
        seat = state.current_player
        first = state.legal_actions()[0]
        probe = state.clone()
        probe.apply(first)
        if probe.current_player == seat:
            return played, [first.id, probe.legal_actions()[0].id]
        state.apply(first)
        played += 1


def play_to_a_choice(clients: Sequence[Client], state: Any) -> int:
    """Play the first legal action, on the server through the deciding seat's client
    and on ``state`` alike, until the deciding seat may take a step that only builds a
    choice (``Game.choice_steps``) and still decides after it; that step's id."""
    steps = state.game.choice_steps
    while True:
        seat = state.current_player
        for action in state.legal_actions():
            if action.kind in steps:
                probe = state.clone()
                probe.apply(action)
                if probe.current_player == seat and probe.legal_actions():
                    return int(action.id)
        first = state.legal_actions()[0]
        assert clients[seat].act(first.id)["type"] == "ack"
        state.apply(first)
