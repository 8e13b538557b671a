"""Simulations on several processes give exactly the results of one."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, as_completed
from pathlib import Path
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

    def first_then_ctrl_c(futures: Iterable[Future[Any]]) -> Iterator[Future[Any]]:
        for future in as_completed(futures):
            yield future
            raise KeyboardInterrupt

    monkeypatch.setattr(backends, "as_completed", first_then_ctrl_c)
    summary = simulate("letter-of-marque", 3, 200, ["random"], seed=1, workers=2)
    assert summary.interrupted and 0 < summary.games < 200
    assert sum(summary.seat_wins) == pytest.approx(summary.games)


STOPPED_RUN = """
import os, signal, sys, time
import quarterdeck.arena.backends as backends
from quarterdeck.arena.sim import simulate

def slow(batch):  # a batch that takes long, and says who plays it and when it is done
    with open(sys.argv[1] + ".workers", "a") as workers:
        workers.write(f"{os.getpid()}\\n")
    try:  # the first batch to start presses Ctrl-C: a batch is surely under way then
        os.close(os.open(sys.argv[1] + ".started", os.O_CREAT | os.O_EXCL))
        os.kill(os.getppid(), signal.SIGINT)
    except FileExistsError:
        pass
    # Long enough that a loaded machine (CI runs two test passes on two cores) cannot
    # make a stop that works look late; a stop that works ends it at once.
    time.sleep(60)
    with open(sys.argv[1], "a") as log:
        log.write(f"{batch.indices}\\n")
    return batch.tag, []

backends.play_batch = slow
# Ctrl-C raises here even if whoever started the tests ignores it (a background job).
signal.signal(signal.SIGINT, signal.default_int_handler)
summary = simulate("letter-of-marque", 3, 40, ["random"], seed=1, workers=2)
print("interrupted" if summary.interrupted else "played on")
"""


def test_ctrl_c_stops_the_workers_batches_under_way_and_waiting(tmp_path: Path) -> None:
    """After Ctrl-C no batch plays on in a worker (the program would wait for them all
    before it ends, however long they take): the run stops with what it had."""
    script, log = tmp_path / "stopped.py", tmp_path / "batches.log"
    script.write_text(STOPPED_RUN)
    log.touch()
    run = subprocess.run(
        [sys.executable, str(script), str(log)], capture_output=True, text=True, timeout=240
    )
    assert run.returncode == 0 and run.stdout.strip() == "interrupted", run.stderr
    assert log.read_text() == ""  # not one batch finished after the interrupt
    workers = {int(pid) for pid in Path(f"{log}.workers").read_text().split()}
    assert workers and not any(_running(pid) for pid in workers)  # none plays on unseen


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
