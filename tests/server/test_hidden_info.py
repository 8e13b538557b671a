"""Nothing a seat may not know ever reaches it: a whole random BroadSides game played
through the WebSocket by two seats, every message to seat 0 checked."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from quarterdeck.engine import State, get_game

from .helpers import Client, duel, hello

JSON = Any
SEED = 11
# Keys only the full state, a record or view_all() hold: never in a message to a seat.
SECRET_KEYS = {"rng", "seed", "decks", "target_order", "history", "events", "state"}


def keys(data: JSON) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys(v)}
    return set()


def check_message_to_seat0(
    message: dict[str, JSON], views: dict[int, JSON], legal: dict[int, list[int]], full: State
) -> None:
    """What seat 0 got is exactly the engine's view for seat 0 at that point, with
    the foe's hand hidden, legal actions only on its own decisions, and no secret."""
    assert not keys(message) & SECRET_KEYS, message.keys()
    if message["type"] != "state":
        assert message["type"] in ("welcome", "ack", "error"), message
        return
    version = message["version"]
    assert message["seat"] == 0
    assert message["view"] == views[version]
    assert message["view"]["ships"][1]["hand"] is None
    assert message["view"]["ships"][1]["hand_size"] == views[version]["ships"][1]["hand_size"]
    deciding = views[version]["current_player"] == 0
    assert (message["legal"] is not None) == deciding
    if deciding:
        assert [a["id"] for a in message["legal"]] == legal[version]
    # The foe's hand as the full state holds it is nowhere in what seat 0 got.
    foe_hand = full.view_all()["ships"][1]["hand"]
    if version == len(full.history) and foe_hand:
        assert json.dumps({"hand": foe_hand}) not in json.dumps(message)


def test_no_message_to_a_seat_holds_what_only_the_other_seat_may_know(
    client: TestClient,
) -> None:
    game_id, t0, t1 = duel(client, SEED, options={"round_cap": 12})
    state = get_game("broadsides", {"round_cap": 12}).new_state(2, SEED)
    views = {0: state.view(0)}
    legal = {0: [a.id for a in state.legal_actions()]}
    choose = random.Random(SEED)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as w0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as w1,
    ):
        clients: list[Client] = [hello(w0, t0), hello(w1, t1)]
        seen = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            action = choose.choice(state.legal_actions()).id
            assert clients[seat].act(action)["type"] == "ack"
            state.apply(action)
            views[len(state.history)] = state.view(0)
            legal[len(state.history)] = [a.id for a in state.legal_actions()]
            for c in clients:
                c.until(lambda m: m["type"] == "state" and m["version"] == len(state.history))
            for message in clients[0].received[seen:]:
                check_message_to_seat0(message, views, legal, state)
            seen = len(clients[0].received)
    assert state.is_terminal() and len(state.history) > 50
    assert views[len(state.history)]["terminal"]


def test_the_checks_catch_a_planted_leak() -> None:
    """The check above fails on a message that holds the foe's view."""
    state = get_game("broadsides").new_state(2, SEED)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    views = {len(state.history): state.view(0)}
    legal = {len(state.history): [a.id for a in state.legal_actions()]}
    leaked = {"type": "state", "version": len(state.history), "seat": 0, "legal": None}
    for planted in (state.view(1), state.view_all(), {**state.view(0), "rng": 1}):
        message = {**leaked, "view": planted}
        try:
            check_message_to_seat0(message, views, legal, state)
        except AssertionError:
            continue
        raise AssertionError("a leak went unnoticed")
