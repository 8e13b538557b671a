"""A cluster whose Redis restarts empty: a private ``redis-server`` started by the test
(never the machine's shared one) and killed with SIGKILL under two ``quarterdeck
serve --redis`` processes. Moves made meanwhile on the owner are stored; once Redis is
back, every follower catches up at once, the owner takes its leases again, and a stale
owner is fenced by the game's epoch."""

from __future__ import annotations

import shutil
import signal
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, cast

import pytest

from quarterdeck.engine import State, get_game
from quarterdeck.server.storage import Store, StoredGame

from .conftest import _missing
from .test_cluster import (
    TIMEOUT,
    Player,
    cluster_process,
    join,
    make_game,
    pick,
    wait_for,
)
from .test_cluster import database as database  # the fixture
from .test_kill import free_port

JSON = Any


class PrivateRedis:
    """A redis-server of the test's own, on a free port, keeping nothing on disk."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.home)]
        with (self.home / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        wait_for("the private Redis", self.answers)

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(TIMEOUT)

    def lease_holder(self, game_id: str) -> str | None:
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        for key in client.keys(f"qd:*:lease:{game_id}"):
            holder = client.get(key)
            return None if holder is None else cast(bytes, holder).decode()
        return None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    if shutil.which("redis-server") is None:
        _missing("no redis-server to restart (apt-get install redis-server)")
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.kill()


class Table:
    """A two-seat BroadSides game: seat 0 connected to the owner A, seat 1 and a
    spectator to B, and the game as the test plays it (``state``)."""

    def __init__(self, a: int, b: int, seed: int) -> None:
        game = make_game(a, seed=seed)
        self.id = game["id"]
        tokens = [join(a, self.id, 0, "Ann"), join(b, self.id, 1, "Bob")]
        self.seats = [Player([a], self.id, tokens[0]), Player([b], self.id, tokens[1])]
        self.spectator = Player([b], self.id, None)
        self.state: State = get_game("broadsides").new_state(2, seed)
        self.acked: list[int] = []

    def play(self, moves: int) -> None:
        for _ in range(moves):
            self.move()

    def play_until(self, seat: int) -> None:
        """Play until ``seat`` decides."""
        while self.state.current_player != seat:
            self.move()

    def move(self) -> None:
        """One move by the deciding seat, acknowledged."""
        seat = self.state.current_player
        assert seat is not None
        action = pick(self.state)
        ack = self.seats[seat].act(action, at=len(self.state.history))
        assert ack["type"] == "ack", ack
        self.state.apply(action)
        assert ack["version"] == len(self.state.history)
        self.acked.append(ack["version"])

    def stored(self, database: str) -> StoredGame:
        store = Store(database)
        try:
            stored = store.load_game(self.id)
        finally:
            store.close()
        assert stored is not None
        return stored

    def check_stored(self, database: str) -> StoredGame:
        """Storage holds the game as played: every acknowledged decision, once."""
        stored = self.stored(database)
        assert [d.action_id for d in stored.decisions] == self.state.history
        return stored

    def close(self) -> None:
        for player in [*self.seats, self.spectator]:
            player.stack.close()


def test_after_redis_restarts_empty_followers_catch_up_at_once_and_the_owner_keeps_its_game(
    database: str,
    private_redis: PrivateRedis,
    tmp_path: Path,
) -> None:
    with ExitStack() as stack:
        (owner, a), (_, b) = (
            stack.enter_context(cluster_process(database, private_redis.url, tmp_path, name))
            for name in "ab"
        )
        table = Table(a, b, seed=12)
        stack.callback(table.close)
        table.play(4)
        table.play_until(0)
        epoch = table.stored(database).epoch
        private_redis.kill()
        # Redis away: the seat connected to the owner plays on, stored and acknowledged
        # (the followers are not told: nothing carries the event).
        while table.state.current_player == 0:
            table.move()
        private_redis.start()
        # No move is made now, yet the spectator on B sees the last one, within a
        # second or two on an idle machine (before, it waited for the next event, which
        # never came: until_version's deadline, which only bounds a hang, ran out).
        seen = table.spectator.until_version(len(table.state.history))
        assert seen["version"] == len(table.state.history)
        assert seen["view"]["log"] is not None
        # The owner takes its lease again (no other process took the game).
        holder = wait_for("the lease taken again", lambda: private_redis.lease_holder(table.id))
        assert holder.split(":")[1] == str(owner.pid)
        table.play(6)  # seat 1's decisions forwarded from B to A again
        stored = table.check_stored(database)
        assert stored.epoch == epoch


def test_a_stale_owner_after_a_redis_restart_is_fenced_by_the_epoch(
    database: str,
    private_redis: PrivateRedis,
    tmp_path: Path,
) -> None:
    """The owner A is paused (SIGSTOP) while Redis restarts empty, with seat 0 to
    decide: B takes the game over (a higher epoch) when seat 1 sends it a decision
    (refused: not its turn). Seat 0 then decides through A, woken, which still holds
    the game as its owner did: its write is refused by the epoch (or it has found its
    lease gone first), and the decision goes to B, stored once."""
    with ExitStack() as stack:
        (owner, a), (other, b) = (
            stack.enter_context(cluster_process(database, private_redis.url, tmp_path, name))
            for name in "ab"
        )
        table = Table(a, b, seed=13)
        stack.callback(table.close)
        table.play(3)
        table.play_until(0)
        epoch = table.stored(database).epoch
        owner.send_signal(signal.SIGSTOP)
        try:
            private_redis.kill()
            private_redis.start()
            refused = table.seats[1].act(pick(table.state))  # through B: B takes the game
            assert refused["code"] == "not_your_turn", refused
            holder = private_redis.lease_holder(table.id)
            assert holder is not None and holder.split(":")[1] == str(other.pid)
        finally:
            owner.send_signal(signal.SIGCONT)
        table.play(6)  # seat 0's first decision through A, which thinks it owns the game
        stored = table.check_stored(database)
        assert stored.epoch == epoch + 1
        assert cast(str, private_redis.lease_holder(table.id)).split(":")[1] == str(other.pid)
