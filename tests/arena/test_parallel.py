"""Simulations on several processes give exactly the results of one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from typing import Any

import pytest

import quarterdeck.arena.backends as backends
from quarterdeck.arena.sim import simulate


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [("letter-of-marque", 4, ["heuristic", "random"]), ("broadsides", 2, ["heuristic", "random"])],
)
def test_results_never_depend_on_the_number_of_workers(
    game: str, players: int, bots: list[str]
) -> None:
    n = 24 if game == "letter-of-marque" else 4
    one = simulate(game, players, n, bots, seed=5, workers=1).to_json()
    two = simulate(game, players, n, bots, seed=5, workers=2).to_json()
    assert one == two and one["games"] == n


def test_an_interrupted_parallel_run_keeps_the_games_already_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = backends.as_completed

    def first_then_ctrl_c(futures: Iterable[Future[Any]]) -> Iterator[Future[Any]]:
        for future in real(futures):
            yield future
            raise KeyboardInterrupt

    monkeypatch.setattr(backends, "as_completed", first_then_ctrl_c)
    summary = simulate("letter-of-marque", 3, 200, ["random"], seed=1, workers=2)
    assert summary.interrupted and 0 < summary.games < 200
    assert sum(summary.seat_wins) == pytest.approx(summary.games)
