"""A rematch offered in a cluster: asked of a process that only follows the finished
game, it is forwarded to the game's owner, stored once, and heard by every seat at the
table on every process (real ``quarterdeck serve --redis`` processes, as in
test_cluster)."""

from __future__ import annotations

import urllib.error
from contextlib import ExitStack
from pathlib import Path
from typing import Any, cast

import pytest

from quarterdeck.engine import get_game

from .test_cluster import Player, cluster_process, database, join, make_game, redis_url
from .test_kill import request

__all__ = ["database", "redis_url"]  # the cluster's fixtures: PostgreSQL and Redis

OPTIONS = {"round_cap": 1}
SEED = 7


def offered(player: Player) -> dict[str, Any]:
    while (message := player.receive())["type"] != "rematch":
        pass
    return message


def test_a_rematch_asked_of_a_follower_is_offered_on_every_process(
    database: str, redis_url: str, tmp_path: Path
) -> None:
    with ExitStack() as stack:
        (_, a), (_, b) = (
            stack.enter_context(cluster_process(database, redis_url, tmp_path, name))
            for name in "ab"
        )
        game_id = make_game(a, seed=SEED, options=OPTIONS)["id"]  # A owns it
        tokens = [join(a, game_id, 0, "Ann"), join(b, game_id, 1, "Bob")]
        seats = [Player([a], game_id, tokens[0]), Player([b], game_id, tokens[1])]
        state = get_game("broadsides", OPTIONS).new_state(2, SEED)
        while not state.is_terminal():
            first = state.legal_actions()[0]
            assert (
                seats[cast(int, state.current_player)].act(first.id, at=len(state.history))["type"]
                == "ack"
            )
            state.apply(first)
        body = {"game": "broadsides", "players": 2, "options": OPTIONS, "rematch_of": game_id}
        again = request(b, "POST", "/api/games", body, token=tokens[0])["id"]  # asked of B
        for player in seats:  # Ann on the owner, Bob on the follower
            assert offered(player) == {
                "type": "rematch",
                "game_id": game_id,
                "rematch": again,
                "seat": 0,
                "by": "Ann",
            }
        for port in (a, b):
            assert request(port, "GET", f"/api/games/{game_id}")["rematch"] == again
        with pytest.raises(urllib.error.HTTPError) as refused:  # one rematch a game
            request(a, "POST", "/api/games", body, token=tokens[1])
        assert refused.value.code == 409
