"""The lobby over REST: what can be created, creating, listing, joining, bots, records."""

from __future__ import annotations

from fastapi.testclient import TestClient

from quarterdeck.ai import bot_names
from quarterdeck.engine import get_game

from .helpers import create, join, lobby


def test_catalog_lists_every_game_with_players_options_and_bots(client: TestClient) -> None:
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    broadsides = catalog["broadsides"]
    assert (broadsides["min_players"], broadsides["max_players"]) == (2, 2)
    assert broadsides["bots"] == bot_names(get_game("broadsides"))
    assert {o["name"]: o["default"] for o in broadsides["options"]}["round_cap"] == 60
    # The data option names a file on the server's disk: never offered to clients.
    assert all(o["name"] != "data" for g in catalog.values() for o in g["options"])
    assert catalog["letter-of-marque"]["fallback_bot"] == "heuristic"


def test_a_game_waits_in_the_lobby_until_its_seats_are_filled(client: TestClient) -> None:
    game = create(client, game="letter-of-marque", players=3, bots={"2": "random"})
    assert game["status"] == "open"
    assert [s["taken"] for s in game["seats"]] == [False, False, True]
    listed = lobby(client)
    assert [g["id"] for g in listed] == [game["id"]]
    join(client, game["id"], 0, "Ann")
    join(client, game["id"], 1, "Bob")
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["status"] == "active"
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob", None]
    assert summary["options"] == {}
    assert lobby(client, status="open") == []
    assert [g["id"] for g in lobby(client, status="active")] == [game["id"]]


def test_joining_gives_the_token_once_and_never_again(client: TestClient) -> None:
    game = create(client, game="broadsides")
    token = join(client, game["id"], 0)
    again = client.post(f"/api/games/{game['id']}/seats/0/join", json={"name": "Eve"})
    assert again.status_code == 409
    # No later answer shows the token (nor its hash, nor the creator's).
    for path in ("/api/games", f"/api/games/{game['id']}", f"/api/games/{game['id']}/view"):
        text = client.get(path).text
        assert token not in text and game["creator_token"] not in text
        assert "token" not in text and "seed" not in text


def test_bad_requests_are_refused_with_a_reason(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, "no game called"),
        ({"game": "broadsides", "players": 3}, "2–2 players"),
        ({"game": "broadsides", "options": {"round_cap": "x"}}, "round_cap"),
        ({"game": "broadsides", "options": {"data": "/etc/passwd"}}, "data option"),
        ({"game": "broadsides", "bots": {"1": "genius"}}, "no bot called"),
        ({"game": "broadsides", "bots": {"5": "random"}}, "no seat 5"),
        ({"game": "broadsides", "bots": {"1": "ismcts:²"}}, "a number of iterations"),
        # Every game's bots and timers share two threads: no search may hog them.
        ({"game": "broadsides", "bots": {"1": "ismcts:999999"}}, "at most 2,400 iterations"),
        # A scenario's own seed is stored like any other: 63 bits at most.
        ({"game": "broadsides", "scenario": {"ships": [{}, {}], "seed": 2**63}}, "a seed must"),
    ]
    for body, reason in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert reason in response.json()["detail"]
    huge = {"game": "broadsides", "turn_timer": 10**20}
    assert client.post("/api/games", json=huge).status_code == 422
    assert client.get("/api/games", params={"status": "lost"}).status_code == 400
    assert client.get("/api/games/nope").status_code == 404
    game = create(client, game="broadsides")
    assert (
        client.post(f"/api/games/{game['id']}/seats/2/join", json={"name": "A"}).status_code == 404
    )
    assert (
        client.post(f"/api/games/{game['id']}/seats/0/join", json={"name": ""}).status_code == 422
    )


def test_only_the_creator_hands_a_seat_to_a_bot(client: TestClient) -> None:
    game = create(client, game="broadsides")
    seat_token = join(client, game["id"], 0)
    path = f"/api/games/{game['id']}/seats/1/bot"
    for headers in ({}, {"Authorization": f"Bearer {seat_token}"}):
        assert client.put(path, json={"bot": "random"}, headers=headers).status_code == 403
    creator = {"Authorization": f"Bearer {game['creator_token']}"}
    for name in ("genius", "ismcts:999999"):
        bad = client.put(path, json={"bot": name}, headers=creator)
        assert bad.status_code == 400, name
    summary = client.put(path, json={"bot": "random"}, headers=creator).json()
    assert summary["seats"][1]["bot"] == "random"
    assert summary["status"] == "active"


def test_an_unfinished_games_record_is_refused(client: TestClient) -> None:
    game = create(client, game="broadsides")
    response = client.get(f"/api/games/{game['id']}/record")
    assert response.status_code == 409
    assert "finished" in response.json()["detail"]


def test_a_game_without_a_seed_gets_one_too_wide_to_search(client: TestClient) -> None:
    # A seed fixes every draw: with 32 bits a seat could try them all (minutes on one
    # core) against the cards it holds, and so learn the foe's hand and every deck.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seeds = [hub.rooms[create(client, game="letter-of-marque")["id"]].state.seed for _ in range(8)]
    assert len(set(seeds)) == 8 and all(0 <= seed < 2**63 for seed in seeds)
    assert max(seed.bit_length() for seed in seeds) > 40


def test_the_lobby_says_when_the_creator_chose_the_deal(client: TestClient) -> None:
    # A creator who chose the seed or the position may know every draw or hand.
    chosen = [
        create(client, game="letter-of-marque", seed=5)["id"],
        create(client, game="broadsides", scenario={"ships": [{}, {}]})["id"],
    ]
    drawn = create(client, game="letter-of-marque")["id"]
    listed = {g["id"]: g["setup_chosen"] for g in lobby(client)}
    assert listed == {chosen[0]: True, chosen[1]: True, drawn: False}


def test_the_openapi_docs_describe_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/catalog", "/api/games", "/api/games/{game_id}/seats/{seat}/join"} <= set(paths)
    assert client.get("/docs").status_code == 200
