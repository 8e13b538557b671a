"""What the browser client needs from the server: its pages, the games' data, previews
of a choice being assembled, and replays of finished games."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from quarterdeck.engine import get_game

from .helpers import create, duel, hello, join


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "Quarterdeck" in lobby.text
    assert "play.js" in client.get("/play/anything").text
    assert "replay.js" in client.get("/replay/anything").text
    for name in ("style.css", "common.js", "lobby.js", "play.js", "replay.js", "broadsides.js"):
        assert client.get(f"/static/{name}").status_code == 200, name
    assert client.get("/static/letter-of-marque.js").status_code == 200


def test_the_client_gets_every_action_with_its_meaning_and_the_components(
    client: TestClient,
) -> None:
    game = get_game("broadsides")
    actions = client.get("/api/catalog/broadsides/actions").json()
    assert len(actions) == game.num_actions
    aim = game.action_space.get("place", 3, 1)
    assert actions[aim.id] == {"id": aim.id, "kind": "place", "args": [3, 1], "text": aim.text}
    components = client.get("/api/catalog/broadsides/components").json()
    assert [z["id"] for z in components["zones"]][:2] == ["fore-rigging", "aft-rigging"]
    assert client.get("/api/catalog/nonsense/actions").status_code == 404


def test_a_preview_answers_the_deciding_seat_only_and_changes_nothing(
    client: TestClient,
) -> None:
    game_id, ann, bob = duel(client)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws1,
        client.websocket_connect(f"/api/games/{game_id}/ws") as watcher_ws,
    ):
        seats = [hello(ws0, ann), hello(ws1, bob)]
        watcher = hello(watcher_ws)
        states = [seats[0].state(), seats[1].state()]
        watcher.state()
        deciding = states[0]["view"]["current_player"]
        mover, other = seats[deciding], seats[1 - deciding]
        first = states[deciding]
        step = first["legal"][0]
        mover.send({"type": "preview", "actions": [step["id"]], "ref": 7})
        answer = mover.until(lambda m: m["type"] in ("preview", "error"))
        assert answer["type"] == "preview" and answer["ref"] == 7
        assert answer["version"] == first["version"]
        other.send({"type": "preview", "actions": [step["id"]], "ref": 1})
        refused = other.until(lambda m: m["type"] == "error")
        assert refused["code"] == "not_your_turn" and refused["ref"] == 1
        watcher.send({"type": "preview", "actions": [step["id"]]})
        assert watcher.until(lambda m: m["type"] == "error")["code"] == "spectator"
        mover.send({"type": "preview", "actions": "nonsense"})
        assert mover.until(lambda m: m["type"] == "error")["code"] == "malformed"
        mover.send({"type": "sync"})
        assert mover.state()["version"] == first["version"]  # nothing was played


def test_state_messages_carry_the_log_in_words_and_actions_with_their_meaning(
    client: TestClient,
) -> None:
    game_id, ann, _ = duel(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seat = hello(ws, ann)
        message = seat.state()
        assert len(message["said"]) == len(message["view"]["log"])
        assert all(isinstance(line, str) and line for line in message["said"])
        assert message["legal"], "Ann decides first"
        assert all({"id", "kind", "args", "text"} <= set(a) for a in message["legal"])


def test_a_replay_steps_through_a_finished_game_only(client: TestClient) -> None:
    game = create(client, game="broadsides", seed=3, bots={"1": "random"})
    token = join(client, game["id"], 0)
    assert client.get(f"/api/games/{game['id']}/replay?at=1").status_code == 409
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        me = hello(ws, token)
        message = me.state()
        while message["status"] != "finished":
            if message["legal"]:
                me.act(message["legal"][0]["id"])
            message = me.state()
    replay = client.get(f"/api/games/{game['id']}/replay?at=0").json()
    length = replay["length"]
    assert replay["action"] is None and length > 10
    last = client.get(f"/api/games/{game['id']}/replay?at={length}&seat=1").json()
    assert last["view"]["terminal"] and last["action"]["text"]
    assert last["view"]["ships"][0]["hand"] is None  # as seat 1 saw it
    everything = client.get(f"/api/games/{game['id']}/replay?at={length}").json()
    assert everything["view"]["ships"][0]["hand"] is not None
    assert client.get(f"/api/games/{game['id']}/replay?at=0&seat=5").status_code == 400


def test_each_log_entry_is_sent_once_and_sync_sends_it_whole(client: TestClient) -> None:
    """Pushes carry only the log entries a connection has not had (the client adds
    them up); a sync starts again from the first."""
    game_id, ann, bob = duel(client)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws1,
    ):
        seats = [hello(ws0, ann), hello(ws1, bob)]
        messages = [seats[0].state(), seats[1].state()]
        assert messages[0]["log_from"] == 0
        for _ in range(6):
            deciding = messages[0]["view"]["current_player"]
            seats[deciding].act(messages[deciding]["legal"][0]["id"])
            sent_before = len(seats[0].log)
            messages = [seats[0].state(), seats[1].state()]
            raw = seats[0].received[-1]
            assert raw["log_from"] == sent_before
            assert len(raw["said"]) == len(seats[0].log) - sent_before
        seats[0].send({"type": "sync"})
        whole = seats[0].state()
        assert whole["log_from"] == 0 and len(whole["said"]) == len(whole["view"]["log"])


def test_what_a_client_echoes_back_is_sent_whatever_it_holds(client: TestClient) -> None:
    """A preview's ``ref`` comes back as sent, even a number beyond 64 bits."""
    game_id, ann, _ = duel(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seat = hello(ws, ann)
        seat.state()
        seat.send({"type": "preview", "actions": [10**40], "ref": 10**30})
        answer = seat.until(lambda m: m["type"] in ("preview", "error"))
        assert answer["ref"] == 10**30


def test_a_replay_seen_by_a_seat_hides_the_others_secret_moves(client: TestClient) -> None:
    # Letter of Marque: a captain launches an armed or a defenceless ship, and only
    # that captain knows which. The replay as seat 0 shows what seat 0 saw, as the
    # terminal's `quarterdeck replay --seat 0` does: its own launches, nobody else's.
    game = create(
        client,
        game="letter-of-marque",
        players=3,
        seed=5,
        bots={"0": "heuristic", "1": "heuristic", "2": "random"},
    )
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        hello(ws).until(lambda m: m["type"] == "state" and m["status"] == "finished")
    record = client.get(f"/api/games/{game['id']}/record").json()
    secret = {"launch an armed ship", "launch a defenceless ship"}
    others_launches = own_launches = 0
    for at in range(1, len(record["actions"]) + 1):
        step = client.get(f"/api/games/{game['id']}/replay?at={at}&seat=0").json()
        made = record["actions"][at - 1][1]
        if step["action"]["seat"] == 0:
            assert step["action"]["text"] == made
            own_launches += made in secret
        else:
            assert step["action"]["text"] is None
            others_launches += made in secret
        # Nor does the log tell it: no line, no view shows another's launch in words.
        text = json.dumps(step)
        if step["action"]["seat"] != 0:
            assert not any(words in text for words in secret), at
        everything = client.get(f"/api/games/{game['id']}/replay?at={at}").json()
        assert everything["action"]["text"] == made
    assert others_launches and own_launches  # the game had both kinds to hide and show


def test_the_catalog_gives_every_registered_game_its_title_and_blurb(client: TestClient) -> None:
    # The lobby, the table and the replay take a game's title and blurb from here:
    # no game is named in the browser's code.
    from quarterdeck.engine import game_names

    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert set(catalog) == set(game_names())
    for name in game_names():
        game = get_game(name)
        entry = catalog[name]
        assert entry["title"] == game.title
        assert isinstance(entry["blurb"], str) and 10 < len(entry["blurb"]) < 300, name
        assert "#" not in entry["blurb"] and "*" not in entry["blurb"], name
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        assert client.get(f"/static/{name}.js").status_code == 200, name  # its renderer
