"""Players and ratings (issue 24 item 7): a name picked once with a private key, the
seats joined with it, and the Elo ratings per game of players and bots on one scale,
updated once when a game finishes. Runs on SQLite and on PostgreSQL when reachable."""

from __future__ import annotations

import hashlib
import math
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select, text

from quarterdeck.arena.play import win_shares
from quarterdeck.server import create_app
from quarterdeck.server.limits import Limits
from quarterdeck.server.models import PlayerRow, RatingRow, SeatRow
from quarterdeck.server.players import (
    K_FACTOR,
    NEW,
    clean_name,
    expected,
    name_key,
    pair_score,
    rate,
    standard_error,
)
from quarterdeck.server.storage import (
    Competitor,
    FinishedGame,
    Standing,
    Store,
    StoredGame,
    StoredSeat,
)

from .helpers import create, hello

JSON = Any


def new_player(client: TestClient, name: str) -> str:
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 201, response.text
    key: str = response.json()["key"]
    return key


def join_as(client: TestClient, game_id: str, seat: int, key: str, name: str = "x") -> str:
    response = client.post(
        f"/api/games/{game_id}/seats/{seat}/join", json={"name": name, "player_key": key}
    )
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def play_to_the_end(client: TestClient, game_id: str, token: str, seed: int = 1) -> JSON:
    """Play the seat of ``token`` with random legal moves until the game is over; the
    last state."""
    rng = random.Random(seed)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seat = hello(ws, token)
        while True:
            message = seat.state()
            if message["status"] == "finished":
                return message
            if message["legal"]:
                seat.act(rng.choice(message["legal"])["id"])


def rated(client: TestClient, name: str, game: str, games: int = 1) -> JSON:
    """The player's rating at ``game`` once it has counted ``games`` games (ratings are
    made just after the last decision is stored)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        page = client.get(f"/api/players/{name}").json()
        for rating in page["ratings"]:
            if rating["game"] == game and rating["games"] >= games:
                return rating
        time.sleep(0.05)
    raise AssertionError(f"{name} was never rated at {game}")


# -- names and keys --------------------------------------------------------------------


def test_a_name_is_picked_once_and_its_key_says_who_it_is(any_database: str) -> None:
    with TestClient(create_app(any_database)) as client:
        key = new_player(client, "Anne Bonny")
        me = client.get("/api/me", headers={"Authorization": f"Bearer {key}"})
        assert me.status_code == 200 and me.json() == {"name": "Anne Bonny"}
        # The same name but for case, spacing or look-alike (full-width) letters is taken.
        for same in ("Anne Bonny", "anne  BONNY", "Ａｎｎｅ Ｂｏｎｎｙ"):
            taken = client.post("/api/players", json={"name": same})
            assert taken.status_code == 409, same
        assert client.get("/api/me", headers={"Authorization": "Bearer nope"}).status_code == 401
        assert client.get("/api/me").status_code == 401
        page = client.get("/api/players/anne bonny").json()
        assert page["name"] == "Anne Bonny" and page["ratings"] == [] and page["games"] == []
        assert client.get("/api/players/Mary Read").status_code == 404


def test_a_key_is_kept_only_as_its_hash(database: str) -> None:
    with TestClient(create_app(database)) as client:
        key = new_player(client, "Mary Read")
    store = Store(database)
    try:
        with store.engine.connect() as connection:
            row = connection.execute(select(PlayerRow)).one()
    finally:
        store.close()
    assert row.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in (row.name, row.name_key)


def test_names_are_checked_like_seat_names(client: TestClient) -> None:
    for bad in ("", "   ", "a\x00b", "line\nbreak", "x" * 41):
        assert client.post("/api/players", json={"name": bad}).status_code == 422, repr(bad)
    made = client.post("/api/players", json={"name": "  Calico   Jack "})
    assert made.status_code == 201 and made.json()["name"] == "Calico Jack"
    assert clean_name("Jack Rackham") == "Jack Rackham"
    assert name_key("ＪＡＣＫ") == name_key("jack")


def test_new_players_are_rate_limited_per_client(database: str) -> None:
    with TestClient(create_app(database, limits=Limits(players_per_minute=2))) as client:
        new_player(client, "One")
        # A refused name does not count (as with games: only what is made counts).
        assert client.post("/api/players", json={"name": "one"}).status_code == 409
        new_player(client, "Two")
        refused = client.post("/api/players", json={"name": "Three"})
        assert refused.status_code == 429
        assert client.get("/api/players/Three").status_code == 404


def test_a_player_body_over_the_cap_is_refused(database: str) -> None:
    with TestClient(create_app(database, limits=Limits(max_body_bytes=1024))) as client:
        big = client.post("/api/players", json={"name": "x" * 2000})
        assert big.status_code == 413


def test_a_seat_joined_with_a_key_is_the_players_under_their_name(client: TestClient) -> None:
    key = new_player(client, "Anne")
    game = create(client, game="broadsides", bots={"1": "heuristic"})
    join_as(client, game["id"], 0, key, name="Someone Else")
    seats = client.get(f"/api/games/{game['id']}").json()["seats"]
    assert seats[0]["name"] == "Anne"
    bad = client.post(
        f"/api/games/{game['id']}/seats/1/join", json={"name": "Ann", "player_key": "wrong"}
    )
    assert bad.status_code == 401
    page = client.get("/api/players/Anne").json()
    assert [g["id"] for g in page["games"]] == [game["id"]]
    assert page["games"][0]["seat"] == 0 and page["games"][0]["elo_change"] is None


# -- ratings ---------------------------------------------------------------------------


def test_a_finished_game_rates_the_player_and_the_bot_on_one_scale(any_database: str) -> None:
    with TestClient(create_app(any_database)) as client:
        key = new_player(client, "Anne")
        game = create(client, game="broadsides", options={"round_cap": 1}, bots={"1": "heuristic"})
        token = join_as(client, game["id"], 0, key)
        play_to_the_end(client, game["id"], token)
        result = client.get(f"/api/games/{game['id']}").json()["result"]
        anne = rated(client, "Anne", "broadsides")
        board = client.get("/api/leaderboard/broadsides").json()
        page = client.get("/api/players/Anne").json()
    # Both started at the arena's 1500: a win moves each by K/2, a draw by nothing.
    change = K_FACTOR * (pair_score(win_shares(result), 0, 1) - expected(1500, 1500))
    assert anne["elo"] == pytest.approx(1500 + change)
    assert anne["games"] == 1 and not anne["bot"]
    assert anne["se"] == pytest.approx(standard_error(Standing(1500 + change, 0.25, 1)))
    assert board["title"] == "BroadSides"
    by_name = {r["name"]: r for r in board["ratings"]}
    assert set(by_name) == {"Anne", "heuristic"}
    assert by_name["heuristic"]["bot"]
    assert by_name["heuristic"]["elo"] == pytest.approx(1500 - change)
    assert [r["rank"] for r in board["ratings"]] == [1, 2]
    assert board["ratings"][0]["elo"] >= board["ratings"][1]["elo"]
    assert page["games"][0]["elo_change"] == pytest.approx(change)
    assert page["games"][0]["status"] == "finished"
    assert page["games"][0]["seats"][0]["player"] == "Anne"


def test_an_unfinished_game_rates_nobody(client: TestClient) -> None:
    key = new_player(client, "Anne")
    game = create(client, game="broadsides", bots={"1": "heuristic"})
    token = join_as(client, game["id"], 0, key)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        seat = hello(ws, token)
        for _ in range(3):
            message = seat.until(lambda m: m["type"] == "state" and bool(m["legal"]))
            assert seat.act(message["legal"][0]["id"])["type"] == "ack"
    assert client.get("/api/leaderboard/broadsides").json()["ratings"] == []
    page = client.get("/api/players/Anne").json()
    assert page["ratings"] == [] and page["games"][0]["status"] == "active"


def test_a_leaderboard_names_a_game_that_exists(client: TestClient) -> None:
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert client.get("/api/leaderboard/broadsides?limit=101").status_code == 400
    assert client.get("/api/leaderboard/broadsides").json()["ratings"] == []
    assert client.get("/leaderboard/broadsides").status_code == 200
    assert client.get("/leaderboard/chess").status_code == 404
    assert client.get("/players/Anne%2FBonny").status_code == 200  # the page; its data 404s


# -- ratings in storage: who is rated for a seat, once ----------------------------------


def finished_game(
    game_id: str, seats: list[tuple[str | None, str | None]], result: list[float], **kw: Any
) -> StoredGame:
    """A game stored as finished, with seats of (name, bot)."""
    return StoredGame(
        id=game_id,
        game="letter-of-marque",
        rules_version="1",
        players=len(seats),
        seed=1,
        options={},
        data_hash="",
        data=None,
        scenario=None,
        creator_token_hash="",
        status="finished",
        turn_timer=None,
        deadline=None,
        result=result,
        created_at=time.time(),
        seats=[
            StoredSeat(s, name, None if bot else f"t{game_id}{s}", bot, 0)
            for s, (name, bot) in enumerate(seats)
        ],
        decisions=[],
        **kw,
    )


@pytest.fixture
def store(any_database: str) -> Any:
    store = Store(any_database)
    store.migrate()
    yield store
    store.close()


def ratings_of(store: Store) -> dict[tuple[int | None, str | None], tuple[float, int]]:
    with store.engine.connect() as connection:
        rows = connection.execute(select(RatingRow)).all()
    return {(r.player_id, r.bot): (round(r.elo, 9), r.games) for r in rows}


def test_an_anonymous_seat_finishes_but_is_not_rated(store: Store) -> None:
    """Letter of Marque, three seats: the player Anne, a person without a key (who
    won), and the heuristic bot. Anne and the bot both lost to the anonymous seat:
    between the two of them it is a draw, and the anonymous seat counts for nobody."""
    anne = store.create_player("Anne", "anne", "h1", 0.0)
    assert anne is not None
    store.create_game(
        finished_game("g1", [("Anne", None), ("Ned", None), (None, "heuristic")], [0, 1, 0])
    )
    assert store.link_seat("g1", 0, anne.id, "tg10")
    assert store.rate_game("g1", rate)
    assert ratings_of(store) == {(anne.id, None): (1500.0, 1), (None, "heuristic"): (1500.0, 1)}
    # Anne wins the next one: she gains what the bot loses.
    store.create_game(
        finished_game("g2", [("Anne", None), ("Ned", None), (None, "heuristic")], [1, 0, 0])
    )
    assert store.link_seat("g2", 0, anne.id, "tg20")
    assert store.rate_game("g2", rate)
    after = ratings_of(store)
    assert after[(anne.id, None)] == (1516.0, 2)
    assert after[(None, "heuristic")] == (1484.0, 2)
    with store.engine.connect() as connection:
        changes = dict(
            connection.execute(
                select(SeatRow.seat, SeatRow.elo_change).where(SeatRow.game_id == "g2")
            ).all()
        )
    assert changes == {0: pytest.approx(16.0), 1: None, 2: pytest.approx(-16.0)}


def test_a_game_is_rated_once(store: Store) -> None:
    store.create_game(
        finished_game("g1", [(None, "heuristic"), (None, "random"), (None, "random")], [1, 0, 0])
    )
    assert store.rate_game("g1", rate)
    assert not store.rate_game("g1", rate)  # a second finish hook, or another process
    assert store.unrated_game_ids() == []
    board = ratings_of(store)
    # One bot in two seats is one competitor: it is never measured against itself.
    assert board[(None, "heuristic")] == (1516.0, 1)
    assert board[(None, "random")] == (1484.0, 1)


def test_a_game_whose_creator_chose_the_deal_is_not_rated(store: Store) -> None:
    game = finished_game("g1", [(None, "heuristic"), (None, "random")], [1, -1], setup_chosen=True)
    store.create_game(game)
    assert store.rate_game("g1", rate)  # done with: it counts for nobody
    assert ratings_of(store) == {}


def test_a_bot_given_a_players_seat_is_rated_as_the_player(store: Store) -> None:
    """A player who leaves a game a bot finishes for them keeps its result."""
    anne = store.create_player("Anne", "anne", "h1", 0.0)
    assert anne is not None
    game = finished_game("g1", [("Anne", None), (None, "heuristic")], [-1, 1])
    store.create_game(game)
    assert store.link_seat("g1", 0, anne.id, "tg10")
    with store.engine.begin() as connection:  # handed to a bot: the token acts no more
        connection.execute(
            text("UPDATE seats SET bot = 'heuristic', token_hash = NULL WHERE seat = 0")
        )
    assert store.rate_game("g1", rate)
    assert ratings_of(store)[(anne.id, None)] == (1484.0, 1)


def test_the_games_left_unrated_are_rated_at_start_up(database: str) -> None:
    store = Store(database)
    store.migrate()
    store.create_game(finished_game("g1", [(None, "heuristic"), (None, "random")], [1, -1]))
    store.close()  # the server stopped between the last decision and the ratings
    with TestClient(create_app(database)) as client:
        board = client.get("/api/leaderboard/letter-of-marque").json()["ratings"]
    assert [(r["name"], r["games"]) for r in board] == [("heuristic", 1), ("random", 1)]


def test_the_rating_follows_the_arenas_elo_scale() -> None:
    # 400 points are odds of 10 to 1, as in arena.tournament.bradley_terry.
    assert expected(1900, 1500) == pytest.approx(10 / 11)
    assert standard_error(NEW) is None
    # After many even games the error is that of the estimate and K's own spread.
    many = Standing(1500.0, 100 * 0.25, 100)
    assert standard_error(many) == pytest.approx(
        math.sqrt((400 / math.log(10)) ** 2 / 25 + K_FACTOR * 400 / (2 * math.log(10)))
    )
    competitors = [Competitor(player_id=1), Competitor(bot="heuristic")]
    update = rate(FinishedGame("g", "broadsides", [0.0, 0.0], False, list(competitors)), {})
    assert [update.standings[c].elo for c in competitors] == [1500.0, 1500.0]  # a draw


# -- the migration -----------------------------------------------------------------------


def test_migration_0004_adds_players_and_marks_old_finished_games_rated(database: str) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(database)
    try:
        config = Config()
        config.set_main_option("script_location", "quarterdeck.server:migrations")
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0003")
            for game_id, status in (("old", "finished"), ("on", "active")):
                connection.execute(
                    text(
                        "INSERT INTO games (id, game, rules_version, players, seed, options, "
                        "data_hash, creator_token_hash, status, created_at) VALUES "
                        "(:id, 'broadsides', '1', 2, 3, '{}', '', '', :status, 0)"
                    ),
                    {"id": game_id, "status": status},
                )
                connection.execute(
                    text(
                        "INSERT INTO seats (game_id, seat, name, last_seq) VALUES (:id, 0, 'Ann', 0)"
                    ),
                    {"id": game_id},
                )
        store.migrate()
        tables = set(inspect(store.engine).get_table_names())
        assert {"players", "ratings"} <= tables
        with store.engine.connect() as connection:
            marked = {
                i: bool(r) for i, r in connection.execute(text("SELECT id, rated FROM games"))
            }
            seats = connection.execute(text("SELECT game_id, name, player_id FROM seats")).all()
        assert marked == {"old": True, "on": False}
        assert sorted(tuple(s) for s in seats) == [("old", "Ann", None), ("on", "Ann", None)]
        with store.engine.begin() as connection:  # and back down, and up again
            config.attributes["connection"] = connection
            command.downgrade(config, "0003")
        assert "players" not in set(inspect(store.engine).get_table_names())
        store.migrate()
    finally:
        store.close()
