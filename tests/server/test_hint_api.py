"""GET /api/games/{id}/hint: the table's "what should I do?" (issue 24, help at the
table). A hint is told from the deciding seat's information only, to that seat only,
never in a rated game, and a seat may ask for only so many."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

from fastapi.testclient import TestClient

from quarterdeck.engine import State, get_game
from quarterdeck.games.broadsides import BroadSidesState
from quarterdeck.server import create_app
from quarterdeck.server.hints import HINT_ITERATIONS, seat_hint
from quarterdeck.server.limits import Limits

from .helpers import create, duel, join

JSON = Any


def hint_of(client: TestClient, game_id: str, token: str | None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.get(f"/api/games/{game_id}/hint", headers=headers)


def seat0_to_decide(seed: int, moves: int) -> State:
    """A BroadSides position some random moves in, where seat 0 decides and the foe
    holds cards."""
    state = cast(BroadSidesState, get_game("broadsides").new_state(2, seed))
    choose = random.Random(seed)
    for _ in range(moves):
        state.apply(choose.choice(state.legal_actions()))
    while state.current_player != 0 or not state.hands[1]:
        state.apply(choose.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def foe_card_swapped(state: Any) -> Any:
    """The same position but for one card of the foe's hand, exchanged with one of
    their Aim deck: seat 0 cannot tell the two apart."""
    twin = state.clone()
    hand, deck = twin.hands[1], twin.decks[1]
    swap_in = next(k for k, card in enumerate(deck) if card not in hand)
    hand[0], deck[swap_in] = deck[swap_in], hand[0]
    twin.hands[1] = sorted(hand)
    return twin


def test_the_hint_depends_only_on_what_the_deciding_seat_may_know() -> None:
    # Hidden information never reaches a seat: two games that differ only in the
    # foe's hidden cards give the same hint, word for word, with the same seed.
    for seed, moves in ((5, 30), (9, 12), (13, 60)):
        state = seat0_to_decide(seed, moves)
        twin = foe_card_swapped(state)
        assert state.view(0) == twin.view(0)
        assert state.view_all() != twin.view_all()  # the foe's hands do differ
        hint, twin_hint = seat_hint(state.clone(), 0, seed), seat_hint(twin.clone(), 0, seed)
        assert hint == twin_hint
        assert hint["iterations"] == HINT_ITERATIONS
        legal = {a.id: a.text for a in state.legal_actions()}
        for option in hint["options"]:
            assert legal[option["action_id"]] == option["action"]
            assert 0.0 <= option["win_chance"] <= 1.0


def test_the_deciding_seat_gets_its_options_best_first_with_a_win_chance(
    client: TestClient,
) -> None:
    game_id, t0, _ = duel(client, 7)
    view = client.get(f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {t0}"})
    legal = {a["id"]: a for a in view.json()["legal"]}
    answer = hint_of(client, game_id, t0)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert hint["seat"] == 0 and hint["version"] == 0 and hint["game_id"] == game_id
    assert hint["options"], "at least the suggestion"
    visits = [o["visits"] for o in hint["options"]]
    assert visits == sorted(visits, reverse=True)  # the suggestion first
    for option in hint["options"]:
        assert option["action_id"] in legal
        assert 0.0 <= option["win_chance"] <= 1.0


def test_a_hint_is_refused_to_the_seat_not_deciding_409(client: TestClient) -> None:
    game_id, _, t1 = duel(client, 7)
    answer = hint_of(client, game_id, t1)
    assert answer.status_code == 409
    assert "not your turn" in answer.json()["detail"]


def test_a_hint_is_refused_without_a_seat_token_401(client: TestClient) -> None:
    game_id, _, _ = duel(client, 7)
    assert hint_of(client, game_id, None).status_code == 401  # a spectator
    assert hint_of(client, game_id, "not-a-token").status_code == 401
    other_game = create(client, game="broadsides", seed=7)["id"]
    creator = create(client, game="broadsides")["creator_token"]
    assert hint_of(client, other_game, creator).status_code == 401  # no seat's token


def keyed_join(client: TestClient, game_id: str, seat: int, name: str) -> str:
    key = client.post("/api/players", json={"name": name}).json()["key"]
    joined = client.post(
        f"/api/games/{game_id}/seats/{seat}/join", json={"name": name, "player_key": key}
    )
    assert joined.status_code == 201, joined.text
    token: str = joined.json()["token"]
    return token


def test_hints_are_off_in_a_rated_game_403(client: TestClient) -> None:
    # Rated: a seat joined with a player's key, in a game whose seed nobody chose.
    game_id = create(client, game="broadsides")["id"]
    t0 = keyed_join(client, game_id, 0, "Anne Bonny")
    t1 = join(client, game_id, 1, "Bob")
    for token in (t0, t1):  # the keyless seat is refused too: its foe is rated
        answer = hint_of(client, game_id, token)
        assert answer.status_code == 403
        assert "rated" in answer.json()["detail"]


def test_a_game_whose_seed_was_chosen_is_never_rated_so_it_has_hints(
    client: TestClient,
) -> None:
    game = create(client, game="broadsides", seed=7)
    t0 = keyed_join(client, game["id"], 0, "Mary Read")
    join(client, game["id"], 1, "Bob")
    assert hint_of(client, game["id"], t0).status_code == 200


def test_a_seat_asks_for_at_most_hints_per_minute_429(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'q.db'}", limits=Limits(hints_per_minute=2))
    with TestClient(app) as client:
        game_id, t0, _ = duel(client, 7)
        assert [hint_of(client, game_id, t0).status_code for _ in range(3)] == [200, 200, 429]
        assert "hints a minute" in hint_of(client, game_id, t0).json()["detail"]


def test_a_check_says_whether_hints_are_on_at_any_turn_without_a_search(
    client: TestClient,
) -> None:
    game_id, _, t1 = duel(client, 7)
    answer = client.get(
        f"/api/games/{game_id}/hint",
        params={"check": True},
        headers={"Authorization": f"Bearer {t1}"},
    )
    assert answer.status_code == 200  # not seat 1's turn, but hints are on in this game
    assert answer.json() == {"game_id": game_id, "seat": 1, "hints": True}
    rated = create(client, game="broadsides")["id"]
    token = keyed_join(client, rated, 0, "Calico Jack")
    refused = client.get(
        f"/api/games/{rated}/hint",
        params={"check": True},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert refused.status_code == 403
