"""Backends: a small tournament gives the same results in one process, on two local
processes and on a local Ray runtime."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from quarterdeck.arena.backends import RayCluster, make_backend
from quarterdeck.arena.sim import simulate
from quarterdeck.arena.tournament import round_robin
from quarterdeck.cli import app
from quarterdeck.engine import OptionError

BOTS = ["random", "heuristic", "ismcts:easy"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[RayCluster]:
    """A small local Ray runtime: two CPUs, no dashboard. Without Ray installed the
    Ray tests skip, except under CI, which must run them (Ray is a test dependency)."""
    try:
        import ray
    except ImportError:
        why = "the Ray backend needs: pip install 'quarterdeck[ray]'"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI must run the Ray tests")
        pytest.skip(why)
    backend = make_backend("ray", workers=2)
    assert isinstance(backend, RayCluster) and backend.started
    yield backend
    backend.close()
    assert not ray.is_initialized()


def tournament(**how: Any) -> dict[str, Any]:
    return round_robin("letter-of-marque", BOTS, 8, seed=4, players=3, **how).to_json()


@pytest.mark.ray
def test_small_tournament_is_the_same_on_every_backend(local_ray: RayCluster) -> None:
    one = tournament(workers=1)
    assert [(m["a"], m["b"], m["games"]) for m in one["matches"]] == [
        ("random", "heuristic", 8),
        ("random", "ismcts:easy", 8),
        ("heuristic", "ismcts:easy", 8),
    ]
    assert tournament(workers=2) == one
    assert tournament(backend=local_ray) == one


@pytest.mark.ray
def test_simulation_on_ray_matches_the_process_pool(local_ray: RayCluster) -> None:
    pool = simulate("broadsides", 2, 4, ["heuristic", "random"], seed=9, workers=2)
    on_ray = simulate("broadsides", 2, 4, ["heuristic", "random"], seed=9, backend=local_ray)
    assert on_ray.to_json() == pool.to_json() and pool.games == 4


def test_unknown_backends_and_misplaced_addresses_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown backend 'spark'"):
        make_backend("spark")
    with pytest.raises(OptionError, match="--address is for the Ray backend"):
        make_backend("process", 2, "ray://head:10001")


def test_the_command_line_refuses_an_unknown_backend() -> None:
    result = CliRunner().invoke(app, ["sim", "letter-of-marque", "-n", "2", "--backend", "spark"])
    assert result.exit_code == 1
    assert "unknown backend 'spark'" in result.output
