"""Load on the live-play server: many concurrent BroadSides games over WebSockets.

    .venv/bin/python bench/bench_server_load.py [--games 200] [--rate 2] [--seconds 30]
                                                [--database URL]

Starts ``quarterdeck serve`` on a free port (an SQLite file in a temporary directory
unless ``--database`` is given), creates ``--games`` games with both seats joined,
and plays them with client-side random bots: each game offers ``--rate`` decisions a
second on average, at random moments (200 games × 2 = 400 decisions/s). It reports
the round trip from sending a decision to receiving the view that follows it (p50,
p99, max), the decisions made, every error and the server's CPU time per decision.
Then it measures the most decisions/s the server sustains: the same games, each
deciding as soon as its view arrives. The clients run in this process, on the same
machine, and their own CPU per decision is reported beside the server's (on 2 cores
they compete for the same CPUs). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
import websockets
from rich.console import Console
from rich.table import Table

JSON = Any
T = TypeVar("T")


def call(base: str, path: str, body: JSON = None) -> JSON:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    decisions: int = 0
    finished: int = 0
    first: float = float("inf")  # when the first decision was sent (after connecting)


@dataclass
class GameClock:
    """When a game's next decision is due: its decisions arrive as a Poisson process
    (whichever seat makes them), whatever the round trips take."""

    due: float = 0.0


def read(raw: str | bytes, tally: Tally) -> tuple[str, int | None, str | None, list[int]]:
    """What a seat needs of a message: its type, version, status and legal action
    ids. The parsed view is dropped at once: 400 clients each holding their last one
    would make this process's cycle collections, and so its round trips, slow."""
    message = orjson.loads(raw)
    if message["type"] == "error":
        tally.errors.append(message["message"])
    legal = [a["id"] for a in message.get("legal") or ()]
    return message["type"], message.get("version"), message.get("status"), legal


async def seat_loop(
    url: str,
    token: str,
    rate: float | None,
    clock: GameClock,
    stop_at: float,
    tally: Tally,
    rng: random.Random,
) -> None:
    """One seat: decide (at random among the legal actions) whenever it may, paced to
    ``rate`` decisions a second for its game (None: at once)."""
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        seq = 0
        sent_at: float | None = None
        version: int | None = -1
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            kind, new_version, status, legal = read(raw, tally)
            if kind != "state" or new_version == version:
                continue
            version = new_version
            if sent_at is not None:
                tally.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if status == "finished":
                tally.finished += 1
                return
            if not legal:
                continue
            if rate:  # decisions arrive as a Poisson process: games do not move in step
                clock.due = (clock.due or time.monotonic()) + rng.expovariate(rate)
                await asyncio.sleep(max(0.0, clock.due - time.monotonic()))
            seq += 1
            action = rng.choice(legal)
            sent_at = time.perf_counter()
            tally.first = min(tally.first, time.monotonic())
            await ws.send(json.dumps({"type": "act", "seq": seq, "actions": [action]}))
            tally.decisions += 1


async def run(
    base: str, games: list[tuple[str, str, str]], rate: float | None, seconds: float
) -> tuple[Tally, float]:
    tally = Tally()
    start = time.monotonic()
    stop_at = start + seconds
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(1)
    tasks = []
    for game_id, *tokens in games:
        clock = GameClock()
        for token in tokens:
            url = f"{ws_base}/api/games/{game_id}/ws"
            seat_rng = random.Random(rng.getrandbits(32))
            tasks.append(seat_loop(url, token, rate, clock, stop_at, tally, seat_rng))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    tally.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    # The rate is over the time decisions were being made, not connecting.
    return tally, time.monotonic() - min(tally.first, stop_at)


def new_games(base: str, n: int) -> list[tuple[str, str, str]]:
    out = []
    for i in range(n):
        game = call(base, "/api/games", {"game": "broadsides", "seed": i})
        tokens = [
            call(base, f"/api/games/{game['id']}/seats/{s}/join", {"name": f"p{s}"})["token"]
            for s in (0, 1)
        ]
        out.append((game["id"], *tokens))
    return out


def cpu_seconds(pid: int) -> float | None:
    """The process's CPU time so far (user + system), where /proc tells it."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """The load generator on uvloop where it is installed (uvicorn's standard extra
    brings it on Linux and macOS): it spares the clients CPU that the server would
    otherwise have to share its two cores with."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def ms(x: float) -> str:
    return f"{x * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=2.0, help="decisions a second per game")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    args = parser.parse_args()
    # The load generator parses every view it receives: spare it the cycle collector's
    # default thresholds as the server does (quarterdeck.cli.tune_gc_for_serving).
    gc.set_threshold(50_000, 20, 10)
    gc.freeze()
    home = tempfile.mkdtemp(prefix="qd-load-")
    port = free_port()
    command = [sys.executable, "-m", "quarterdeck.cli", "serve", "--port", str(port)]
    # Every game and both its seats come from this one address: lift the per-client limits.
    command += ["--games-per-minute", str(max(10, 2 * args.games))]  # two phases
    command += ["--connections-per-client", str(2 * args.games + 10)]
    if args.database:
        command += ["--database", args.database]
    server = subprocess.Popen(
        command,
        env={**os.environ, "QUARTERDECK_HOME": home},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                call(base, "/api/catalog")
                break
            except OSError:
                time.sleep(0.2)
        console = Console(width=None if sys.stdout.isatty() else 110)
        table = Table(title=f"{args.games} concurrent BroadSides games over WebSockets")
        columns = ("phase", "decisions", "per s", "p50 ms", "p99 ms", "max ms", "errors")
        for column in (*columns, "server CPU ms/dec.", "clients' CPU ms/dec."):
            table.add_column(column, justify="left" if column == "phase" else "right")
        for label, rate in (
            (f"{args.rate:g}/s a game", args.rate),
            ("flat out", None),
        ):
            games = new_games(base, args.games)
            cpu_before, client_before = cpu_seconds(server.pid), time.process_time()
            tally, elapsed = run_loop(run(base, games, rate, args.seconds))
            cpu_after, client_cpu = cpu_seconds(server.pid), time.process_time() - client_before
            cpu = (
                ms((cpu_after - cpu_before) / max(tally.decisions, 1))
                if cpu_before is not None and cpu_after is not None
                else "?"
            )
            trips = sorted(tally.round_trips) or [0.0]
            p99 = trips[min(len(trips) - 1, int(0.99 * len(trips)))]
            table.add_row(
                label,
                f"{tally.decisions:,}",
                f"{tally.decisions / elapsed:,.0f}",
                ms(statistics.median(trips)),
                ms(p99),
                ms(trips[-1]),
                str(len(tally.errors)),
                cpu,
                ms(client_cpu / max(tally.decisions, 1)),
            )
            for error in tally.errors[:5]:
                console.print(f"[red]error:[/] {error}")
        console.print(table)
        console.print(
            f"storage: {args.database or 'SQLite file in ' + home}; one server process, {os.cpu_count()} cores"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
