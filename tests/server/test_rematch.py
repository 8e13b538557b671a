"""A rematch offered at the finished table: a seat of the finished game creates it
(``rematch_of`` with its seat token), the game stores it as its one rematch, and every
connection of the finished game is told at once, and again on (re)connecting."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient

from quarterdeck.engine import get_game
from quarterdeck.server.storage import Store

from .helpers import Client, create, duel, hello, lobby

OPTIONS = {"round_cap": 1}  # a duel of one round: some thirty moves
SEED = 7


def play_out(clients: list[Client]) -> None:
    """Play the first legal action for the deciding seat until the game is over."""
    state = get_game("broadsides", OPTIONS).new_state(2, SEED)
    while not state.is_terminal():
        first = state.legal_actions()[0]
        assert clients[cast(int, state.current_player)].act(first.id)["type"] == "ack"
        state.apply(first)


def rematch_body(**extra: Any) -> dict[str, Any]:
    return {"game": "broadsides", "players": 2, "options": OPTIONS, **extra}


def ask(client: TestClient, token: str | None, **body: Any) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.post("/api/games", json=rematch_body(**body), headers=headers)


@pytest.fixture
def finished(client: TestClient) -> Iterator[tuple[str, str, str, Client, Client]]:
    """A finished duel of Ann and Bob, both still connected to its table."""
    game_id, ann, bob = duel(client, seed=SEED, options=OPTIONS)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        seats = [hello(w0, ann), hello(w1, bob)]
        play_out(seats)
        assert client.get(f"/api/games/{game_id}").json()["status"] == "finished"
        yield game_id, ann, bob, seats[0], seats[1]


def test_a_seats_rematch_is_stored_and_pushed_to_every_seat_at_the_table(
    client: TestClient, finished: tuple[str, str, str, Client, Client]
) -> None:
    game_id, ann, _, _, bob_at_table = finished
    response = ask(client, ann, rematch_of=game_id)
    assert response.status_code == 201, response.text
    again = response.json()["id"]
    # Bob, still at the finished table, is told who asks and where, without asking.
    offer = bob_at_table.until(lambda m: m["type"] == "rematch")
    assert offer == {
        "type": "rematch",
        "game_id": game_id,
        "rematch": again,
        "seat": 0,
        "by": "Ann",
    }
    assert bob_at_table.state()["rematch"] == again
    # The link is stored: the summary and a later connection (a reload) carry it.
    assert client.get(f"/api/games/{game_id}").json()["rematch"] == again
    assert client.get(f"/api/games/{again}").json()["rematch"] is None
    with client.websocket_connect(f"/api/games/{game_id}/ws") as later:
        assert hello(later).state()["rematch"] == again
    # Bob's own seat is open there, by the same number.
    seats = client.get(f"/api/games/{again}").json()["seats"]
    assert seats[1]["taken"] is False


def test_a_game_has_one_rematch(
    client: TestClient, finished: tuple[str, str, str, Client, Client]
) -> None:
    game_id, ann, bob, _, _ = finished
    first = ask(client, ann, rematch_of=game_id).json()["id"]
    before = len(lobby(client))
    second = ask(client, bob, rematch_of=game_id)
    assert second.status_code == 409 and first in second.json()["detail"]
    assert len(lobby(client)) == before  # nothing created
    assert client.get(f"/api/games/{game_id}").json()["rematch"] == first


def test_a_rematch_is_refused_unless_a_seat_asks_for_the_same_game_once_it_is_over(
    client: TestClient, finished: tuple[str, str, str, Client, Client]
) -> None:
    game_id, ann, _, _, _ = finished
    on_game, on_ann, _ = duel(client, seed=SEED, options=OPTIONS)  # still being played
    before = len(lobby(client))
    refused = {
        "no such game": (ask(client, ann, rematch_of="0123456789abcdef"), 404),
        "no token": (ask(client, None, rematch_of=game_id), 403),
        "a stranger's token": (ask(client, "not-a-seat", rematch_of=game_id), 403),
        "another game's seat": (ask(client, on_ann, rematch_of=game_id), 403),
        "not finished": (ask(client, on_ann, rematch_of=on_game), 409),
        "another game": (
            client.post(
                "/api/games",
                json={"game": "letter-of-marque", "players": 3, "rematch_of": game_id},
                headers={"Authorization": f"Bearer {ann}"},
            ),
            400,
        ),
        "other seats": (ask(client, ann, rematch_of=game_id, players=3), 400),
    }
    for why, (response, status) in refused.items():
        assert response.status_code == status, (why, response.text)
    assert len(lobby(client)) == before  # nothing created
    assert client.get(f"/api/games/{game_id}").json()["rematch"] is None
    assert create(client, **rematch_body())["rematch"] is None  # a plain game as before


def test_a_rematch_that_loses_the_race_to_another_process_is_not_created(
    client: TestClient, database: str, finished: tuple[str, str, str, Client, Client]
) -> None:
    """Another process linked its rematch first (straight in storage, which this
    process's copy has not heard of): this one is refused and leaves nothing behind."""
    game_id, ann, _, _, _ = finished
    elsewhere = Store(database)
    try:
        assert elsewhere.link_rematch(game_id, "0123456789abcdef")
        before = len(lobby(client))
        response = ask(client, ann, rematch_of=game_id)
        assert response.status_code == 409, response.text
        assert len(lobby(client)) == before
        assert elsewhere.link_rematch(game_id, "fedcba9876543210") is False  # still one
    finally:
        elsewhere.close()
