"""Playing over the WebSocket: who may act, all-or-none decisions, idempotency,
refusals that change nothing, spectators and reconnection."""

from __future__ import annotations

from fastapi.testclient import TestClient

from quarterdeck.engine import get_game
from quarterdeck.games.broadsides import BroadSides
from quarterdeck.server import MAX_MESSAGE_BYTES

from .helpers import Client, create, duel, hello, join, play_to_a_choice, two_step_turn

SEED = 7


def test_a_seat_gets_its_own_view_and_legal_actions(client: TestClient) -> None:
    game_id, t0, t1 = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seat = hello(ws, t0).state()
    assert seat["seat"] == 0 and seat["version"] == 0 and seat["status"] == "active"
    assert seat["view"] == state.view(0)
    assert seat["pending"] == state.pending().to_json()  # type: ignore[union-attr]
    legal = [(a["id"], a["text"]) for a in seat["legal"]]
    assert legal == [(a.id, a.text) for a in state.legal_actions()]
    assert seat["next_seq"] == 1
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        other = hello(ws, t1).state()
    assert other["view"] == state.view(1)
    assert other["legal"] is None  # seat 1 does not decide now


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    game_id, t0, t1 = duel(client, SEED)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        c0, c1 = hello(w0, t0), hello(w1, t1)
        legal = c0.state()["legal"]
        refused = c1.act(legal[0]["id"])
        assert refused["code"] == "not_your_turn"
        assert c0.act(legal[0]["id"])["type"] == "ack"
    # Another game's token, or a made-up one, is no seat here.
    _, other_token, _ = duel(client, SEED)
    for token in (other_token, "guess"):
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["code"] == "unauthorized"
    headers = {"Authorization": f"Bearer {other_token}"}
    assert client.get(f"/api/games/{game_id}/view", headers=headers).status_code == 401


def test_a_spectator_sees_the_public_view_only_and_cannot_act(client: TestClient) -> None:
    game_id, _, _ = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        spectator = hello(ws)
        message = spectator.state()
        assert message["seat"] is None and "next_seq" not in message
        assert message["view"] == state.view(None)
        assert message["legal"] is None
        assert all(ship["hand"] is None for ship in message["view"]["ships"])
        refused = spectator.act(state.legal_actions()[0].id)
        assert refused["code"] == "spectator"
    assert client.get(f"/api/games/{game_id}/view").json()["view"] == state.view(None)


def test_a_compound_decision_is_applied_all_or_none(client: TestClient) -> None:
    game_id, t0, t1 = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        clients = [hello(w0, t0), hello(w1, t1)]
        pick = play_to_a_choice(clients, state)  # a card picked for a set, say
        seat = state.current_player
        assert seat is not None
        c = clients[seat]
        after = state.clone()
        after.apply(pick)
        closing = after.legal_actions()[-1].id
        refused = next(a.id for a in state.game.action_space.actions if not after.is_legal(a))
        # The first step is legal, the second is not: nothing happens.
        bad = c.act(pick, refused)
        assert bad["code"] == "illegal" and bad["message"].startswith("step 2 of 2")
        version = len(state.history)
        c.send({"type": "sync"})
        synced = c.until(
            lambda m: m["type"] == "state" and m["log_from"] == 0 and m["version"] == version
        )
        assert synced["view"] == state.view(seat)
        assert c.act(pick, closing)["version"] == version + 2
        state.apply(pick)
        state.apply(closing)
        moved = c.until(lambda m: m["type"] == "state" and m["version"] == version + 2)
        assert moved["view"] == state.view(seat)


def test_steps_sent_together_must_build_one_choice_so_no_draw_can_be_probed(
    client: TestClient,
) -> None:
    # Placing the Captain ends a decision (it is no step of a choice): a compound act
    # starting with it is refused before anything is tried, and the reply is the same
    # whatever follows, so no later step can tell what the first would have brought.
    game_id, t0, _ = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    played, steps = two_step_turn(state.clone())
    assert played == 0
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        c = hello(ws, t0)
        c.state()
        replies = [
            c.act(steps[0], second)
            for second in (steps[1], steps[0], 0, state.game.num_actions - 1)
        ]
        assert {(r["code"], r["message"]) for r in replies} == {
            (
                "malformed",
                "step 1 of 2 ends the decision: only the steps that build one choice (the "
                "game's choice steps) may be sent together, with the step that ends it last",
            )
        }
        c.send({"type": "sync"})
        assert c.until(lambda m: m["type"] == "state" and m["log_from"] == 0)["version"] == 0
        assert c.act(steps[0])["version"] == 1  # one step at a time is fine


def test_a_draw_and_a_probe_sent_together_are_refused_whatever_the_deck(
    client: TestClient,
) -> None:
    # [Hold, Aim, a card, …]: were it tried, which step failed would tell Red the card
    # Hold draws. It is refused before anything is tried, with the same words for every
    # card named, and nothing changes.
    red = {"hand": ["1♠", "2♠", "3♠"], "loaded": {"fore": [], "aft": []}}
    game = get_game("broadsides")
    assert isinstance(game, BroadSides)
    created = create(client, game="broadsides", scenario={"ships": [red, {"hand": ["1♦"]}]})
    token = join(client, created["id"], 0)
    join(client, created["id"], 1, "Bob")
    ids = game.ids
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as ws:
        c = hello(ws, token)
        assert c.state()["version"] == 0
        replies = {
            (r["code"], r["message"])
            for r in (
                c.act(ids["action", 1], ids["action", 0], ids["card", probe], 10**6)
                for probe in range(40)
            )
        }
        assert replies == {
            (
                "malformed",
                "step 1 of 4 ends the decision: only the steps that build one choice (the "
                "game's choice steps) may be sent together, with the step that ends it last",
            )
        }
        c.send({"type": "sync"})
        assert c.until(lambda m: m["type"] == "state" and m["log_from"] == 0)["version"] == 0


def test_a_decision_sent_twice_is_applied_once(client: TestClient) -> None:
    game_id, t0, _ = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    first = state.legal_actions()[0].id
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        c = hello(ws, t0)
        c.state()
        assert c.act(first, seq=1) == {"type": "ack", "seq": 1, "version": 1, "duplicate": False}
        assert c.state()["version"] == 1
        again = c.act(first, seq=1)
        assert again == {"type": "ack", "seq": 1, "version": 1, "duplicate": True}
        # Reusing the seq for another decision is refused, as is an older seq.
        state.apply(first)
        other = state.legal_actions()[0].id
        assert c.act(other, seq=1)["code"] == "bad_seq"
        ws.send_json({"type": "sync"})
        synced = c.state()
        assert synced["version"] == 1 and synced["next_seq"] == 2
        assert synced["view"] == state.view(0)
        assert c.act(other, seq=5)["type"] == "ack"  # gaps are fine: seqs only grow
        assert c.act(other, seq=3)["code"] == "stale"


def test_refused_messages_leave_the_game_unchanged_and_the_connection_open(
    client: TestClient,
) -> None:
    game_id, t0, _ = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    legal = {a.id for a in state.legal_actions()}
    illegal = next(i for i in range(state.game.num_actions) if i not in legal)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        c = hello(ws, t0)
        c.state()
        refusals = [
            ({"type": "act", "seq": 1, "actions": [illegal]}, "illegal"),
            ({"type": "act", "seq": 1, "actions": [10**9]}, "malformed"),
            ({"type": "act", "seq": 1, "actions": []}, "malformed"),
            ({"type": "act", "seq": 1, "actions": ["0"]}, "malformed"),
            ({"type": "act", "seq": "1", "actions": [0]}, "malformed"),
            ({"type": "act", "seq": 1, "actions": [0], "version": 3}, "stale"),
            ({"type": "dance"}, "unknown_type"),
            (
                {"type": "act", "seq": 1, "actions": [0], "pad": "x" * MAX_MESSAGE_BYTES},
                "too_large",
            ),
            ([1, 2], "malformed"),
        ]
        for message, code in refusals:
            c.send(message)
            answer = c.until(lambda m: m["type"] in ("ack", "error"))
            assert answer["code"] == code, (message, answer)
        for text in ("{not json", "[" * 20_000 + "]" * 20_000, '{"seq": ' + "9" * 5000 + "}"):
            ws.send_text(text)
            assert c.until(lambda m: m["type"] == "error")["code"] == "malformed"
        ws.send_bytes(b"\x00\x01")
        assert c.until(lambda m: m["type"] == "error")["code"] == "malformed"
        ws.send_json({"type": "sync"})
        after = c.state()
        assert after["version"] == 0 and after["view"] == state.view(0)
        assert after["next_seq"] == 1
        # Still usable: a good decision goes through.
        assert c.act(min(legal), seq=1)["type"] == "ack"


def test_a_reconnecting_seat_gets_the_full_current_view_at_once(client: TestClient) -> None:
    game_id, t0, t1 = duel(client, SEED)
    state = get_game("broadsides").new_state(2, SEED)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        c = hello(ws, t0)
        c.state()
        for _ in range(2):  # Red's Captain and First Mate
            action = state.legal_actions()[-1].id
            assert c.act(action)["type"] == "ack"
            state.apply(action)
    # Seat 1 was away for all of it; seat 0 drops and comes back.
    for seat, token in ((1, t1), (0, t0)):
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            back = hello(ws, token).state()
            assert back["version"] == 2 and back["view"] == state.view(seat)
            assert (back["legal"] is not None) == (state.current_player == seat)
            assert back["next_seq"] == (3 if seat == 0 else 1)


def test_the_game_waits_for_its_seats_before_anyone_acts(client: TestClient) -> None:
    game = create(client, game="broadsides", seed=SEED)
    token = join(client, game["id"], 0)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        c: Client = hello(ws, token)
        assert c.state()["status"] == "open"
        assert c.act(0)["code"] == "not_started"


def test_a_seat_handed_to_a_bot_no_longer_takes_its_tokens_decisions(
    client: TestClient,
) -> None:
    game = create(client, game="broadsides", seed=SEED)
    t0 = join(client, game["id"], 0)
    join(client, game["id"], 1)
    creator = {"Authorization": f"Bearer {game['creator_token']}"}
    path = f"/api/games/{game['id']}/seats/0/bot"
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        c = hello(ws, t0)
        c.state()
    # Ann has left: her seat is abandoned, and the creator hands it to a bot.
    assert client.put(path, json={"bot": "random"}, headers=creator).status_code == 200
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": t0})
        assert ws.receive_json()["code"] == "unauthorized"
    headers = {"Authorization": f"Bearer {t0}"}
    assert client.get(f"/api/games/{game['id']}/view", headers=headers).status_code == 401
    watched = client.get(f"/api/games/{game['id']}/view").json()
    assert watched["seats"][0]["bot"] == "random"


def test_a_connected_players_seat_is_not_handed_to_a_bot(client: TestClient) -> None:
    # Only an abandoned seat goes to a bot: not one whose player is here and playing.
    game = create(client, game="broadsides", seed=SEED)
    t0 = join(client, game["id"], 0)
    join(client, game["id"], 1)
    creator = {"Authorization": f"Bearer {game['creator_token']}"}
    state = get_game("broadsides").new_state(2, SEED)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        c = hello(ws, t0)
        c.state()
        response = client.put(
            f"/api/games/{game['id']}/seats/0/bot", json={"bot": "random"}, headers=creator
        )
        assert response.status_code == 409
        assert "connected" in response.json()["detail"]
        # Nothing changed: the seat is still Ann's, and she plays on.
        summary = client.get(f"/api/games/{game['id']}").json()
        assert summary["seats"][0] == {"seat": 0, "name": "Ann", "bot": None, "taken": True}
        assert c.act(state.legal_actions()[0].id)["type"] == "ack"
