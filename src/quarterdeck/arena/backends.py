"""Where simulated games are played: this process, a local process pool, or Ray.

A run is cut into batches (a few game indices of one run each); a backend plays the
batches and reports every finished game. Each game is a pure function of its batch's
fields and its index, so the backend and the number of workers never change a result.
"""

from __future__ import annotations

import signal
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from quarterdeck.engine import OptionError, get_game

from .play import GameResult, play_one

JSON = Any
BACKENDS = ("process", "ray")


@dataclass(frozen=True)
class Batch:
    """Games ``indices`` of one run: ``tag`` tells the caller which run (a tournament
    plays one run per pair of bots)."""

    tag: int
    game: str
    options: Mapping[str, JSON] | None
    players: int
    bots: tuple[str, ...]
    run_seed: int
    indices: tuple[int, ...]
    keep_records: bool = False


def play_batch(batch: Batch) -> tuple[int, list[GameResult]]:
    game = get_game(batch.game, batch.options)
    return batch.tag, [
        play_one(game, batch.players, batch.bots, batch.run_seed, index, batch.keep_records)
        for index in batch.indices
    ]


def batches(
    tag: int,
    game: str,
    options: Mapping[str, JSON] | None,
    players: int,
    bots: Sequence[str],
    run_seed: int,
    games: int | Sequence[int],
    keep_records: bool,
    size: int,
) -> list[Batch]:
    """Games ``games`` of a run (a count n: games 0..n-1), ``size`` to a batch."""
    indices = list(range(games)) if isinstance(games, int) else list(games)
    return [
        Batch(
            tag,
            game,
            options,
            players,
            tuple(bots),
            run_seed,
            tuple(indices[start : start + size]),
            keep_records,
        )
        for start in range(0, len(indices), size)
    ]


def batch_size(n: int, workers: int, most: int = 50) -> int:
    """Games to a batch. Small batches keep the progress bar moving and the workers
    evenly loaded; a batch's games arrive together, so a run that is stopped loses
    the batches under way (at most ``most`` games each)."""
    return max(1, min(most, n // (workers * 8) or 1))


Finished = Callable[[int, GameResult], None]


class Backend(ABC):
    """Plays batches; ``finished(tag, result)`` is called in the caller's process as
    each game's result arrives. Ctrl-C stops the work and is raised again, after the
    results that arrived were reported."""

    workers = 1

    @abstractmethod
    def run(self, work: Sequence[Batch], finished: Finished) -> None: ...

    def close(self) -> None:  # noqa: B027 - most backends hold nothing to release
        """Release what the backend started."""


class InProcess(Backend):
    def run(self, work: Sequence[Batch], finished: Finished) -> None:
        for batch in work:
            game = get_game(batch.game, batch.options)
            for index in batch.indices:
                finished(
                    batch.tag,
                    play_one(
                        game, batch.players, batch.bots, batch.run_seed, index, batch.keep_records
                    ),
                )


class ProcessPool(Backend):
    """A pool of local processes (``workers`` of them)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, work: Sequence[Batch], finished: Finished) -> None:
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        try:
            futures = [pool.submit(play_batch, batch) for batch in work]
            for future in as_completed(futures):
                tag, results = future.result()
                for result in results:
                    finished(tag, result)
        except KeyboardInterrupt:
            _stop_now(pool)
            raise
        pool.shutdown()


class RayCluster(Backend):
    """Ray tasks, one per batch: on a local Ray runtime with ``workers`` CPUs, or on the
    cluster at ``address`` (whose nodes have Quarterdeck installed)."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise OptionError("the Ray backend needs Ray: pip install 'quarterdeck[ray]'") from None
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            self.started = True
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
        self.workers = int(resources.get("CPU", workers))

    def run(self, work: Sequence[Batch], finished: Finished) -> None:
        task = self.ray.remote(play_batch)
        pending = [task.remote(batch) for batch in work]
        try:
            while pending:
                done, pending = self.ray.wait(pending, num_returns=1)
                for ref in done:
                    tag, results = self.ray.get(ref)
                    for result in results:
                        finished(tag, result)
        except KeyboardInterrupt:
            for ref in pending:
                self.ray.cancel(ref, force=True)
            raise

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False


def play_all(
    work: Sequence[Batch], finished: Finished, backend: Backend | None, workers: int
) -> bool:
    """Play ``work`` on ``backend`` (default: ``workers`` local processes, closed
    afterwards); True when Ctrl-C stopped it, the games finished so far reported."""
    runner = backend or make_backend("process", workers)
    try:
        runner.run(work, finished)
    except KeyboardInterrupt:
        return True
    finally:
        if backend is None:
            runner.close()
    return False


def make_backend(name: str = "process", workers: int = 1, address: str | None = None) -> Backend:
    """A backend by name: ``process`` (``workers`` local processes; one plays in this
    process) or ``ray`` (local Ray with ``workers`` CPUs, or the cluster at ``address``)."""
    if name == "process":
        if address:
            raise OptionError("--address is for the Ray backend")
        return InProcess() if workers <= 1 else ProcessPool(workers)
    if name == "ray":
        return RayCluster(workers, address)
    raise OptionError(f"unknown backend {name!r} (backends: {', '.join(BACKENDS)})")


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Keep what is done and stop the rest now: the batches waiting are dropped and the
    ones under way stopped (their games would not be counted, and the program could
    not end before they did). Python 3.11's pool has no way to stop its workers, so
    this reaches into it: the workers are ended, and the pipe they answer on closed,
    so that the pool's own thread, perhaps half-way through reading an answer, ends
    too instead of waiting for the rest for ever."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    answers = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=5)
    writer = getattr(answers, "_writer", None)
    if writer is not None:
        writer.close()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the results."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
