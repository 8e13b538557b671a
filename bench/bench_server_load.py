"""Load on the live-play server: many concurrent BroadSides games over WebSockets.

    .venv/bin/python bench/bench_server_load.py [--games 200] [--rate 2] [--seconds 30]
                                                [--database URL] [--phases paced,flat]
    # a cluster: N processes over PostgreSQL and Redis
    .venv/bin/python bench/bench_server_load.py --processes 3 --database postgresql://… \
                                                [--redis redis://…] [--forwarded] [--kill-after S]

Starts ``quarterdeck serve`` on a free port (an SQLite file in a temporary directory
unless ``--database`` is given), creates ``--games`` games with both seats joined,
and plays them with client-side random bots: each game offers ``--rate`` decisions a
second on average, at random moments (200 games × 2 = 400 decisions/s). It reports
the round trip from sending a decision to receiving the view that follows it (p50,
p99, max), the decisions made, every error and the server's CPU time per decision.
Then it measures the most decisions/s the server sustains: the same games, each
deciding as soon as its view arrives. The clients run in this process, on the same
machine, and their own CPU per decision is reported beside the server's (on 2 cores
they compete for the same CPUs). The servers' resident memory is sampled every 10 s
(first, last and most, summed over the processes). A benchmark, never a test.

``--processes N`` starts N processes of a cluster (``--redis``, default the local
Redis) over the ``--database`` (PostgreSQL); game i is made on process i mod N (its
owner) and its seats connect to processes i and i + 1 mod N, as a load balancer
without sticky sessions would spread them: most decisions go through a process that
is not their game's owner. ``--forwarded``: the games are made on processes 2…N and
every client connects to process 1, so that every decision is forwarded.
``--kill-after S`` kills the last process (kill -9) S seconds into the first phase
and reports how long its games took to move again (clients reconnect and send their
decision again, with the same seq, as the browser does).
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
from collections.abc import Callable, Coroutine
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
    would make this process's cycle collections, and so its round trips, slow. An
    ``unavailable`` error (the game's owner died) is its own type: send it again."""
    message = orjson.loads(raw)
    if message["type"] == "error":
        if message.get("code") == "unavailable":
            return "unavailable", None, None, []
        tally.errors.append(message["message"])
    legal = [a["id"] for a in message.get("legal") or ()]
    return message["type"], message.get("version"), message.get("status"), legal


@dataclass
class Failover:
    """When the owner was killed, and how long each game took to move again."""

    killed: float | None = None
    gaps: dict[str, float] = field(default_factory=dict)
    owned: set[str] = field(default_factory=set)  # the games the killed process owned

    def moved(self, game_id: str) -> None:
        if self.killed is not None and game_id in self.owned and game_id not in self.gaps:
            self.gaps[game_id] = time.monotonic() - self.killed


async def seat_loop(
    urls: list[str],
    token: str,
    rate: float | None,
    clock: GameClock,
    stop_at: float,
    tally: Tally,
    rng: random.Random,
    failover: Failover,
) -> None:
    """One seat: decide (at random among the legal actions) whenever it may, paced to
    ``rate`` decisions a second for its game (None: at once). When its process goes
    it connects to the next of ``urls``."""
    seq = 0
    version: int | None = -1
    sent: str | None = None  # the decision awaiting its view
    sent_at: float | None = None
    game_id = urls[0].rsplit("/", 2)[-2]
    for attempt in range(len(urls) * 2):
        url = urls[attempt % len(urls)]
        try:
            async with websockets.connect(url, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                if sent is not None:
                    await ws.send(sent)
                result = await seat_session(
                    ws,
                    seq,
                    version,
                    sent,
                    sent_at,
                    rate,
                    clock,
                    stop_at,
                    tally,
                    rng,
                    failover,
                    game_id,
                )
                if result is None:
                    return
                seq, version, sent, sent_at = result
        except (OSError, websockets.ConnectionClosed):
            await asyncio.sleep(0.2)
            continue


async def seat_session(
    ws: Any,
    seq: int,
    version: int | None,
    sent: str | None,
    sent_at: float | None,
    rate: float | None,
    clock: GameClock,
    stop_at: float,
    tally: Tally,
    rng: random.Random,
    failover: Failover,
    game_id: str,
) -> tuple[int, int | None, str | None, float | None] | None:
    """Play over one connection; None when done, else where it stopped (its
    connection closed: the seat goes on over another)."""
    try:
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, stop_at - time.monotonic())
                )
            except TimeoutError:
                return None
            kind, new_version, status, legal = read(raw, tally)
            if kind == "unavailable" and sent is not None:
                await asyncio.sleep(0.2)
                await ws.send(sent)
                continue
            if kind != "state" or new_version == version:
                continue
            if version != -1:
                failover.moved(game_id)
            version, sent = new_version, None
            if sent_at is not None:
                tally.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if status == "finished":
                tally.finished += 1
                return None
            if not legal:
                continue
            if rate:  # decisions arrive as a Poisson process: games do not move in step
                clock.due = (clock.due or time.monotonic()) + rng.expovariate(rate)
                await asyncio.sleep(max(0.0, clock.due - time.monotonic()))
            seq += 1
            action = rng.choice(legal)
            sent_at = time.perf_counter()
            tally.first = min(tally.first, time.monotonic())
            sent = json.dumps({"type": "act", "seq": seq, "actions": [action]})
            await ws.send(sent)
            tally.decisions += 1
    except websockets.ConnectionClosed:
        return seq, version, sent, sent_at
    return None


@dataclass
class LoadGame:
    """A game under load: its id, the bases its two seats connect to, their tokens."""

    id: str
    bases: tuple[str, str]
    tokens: tuple[str, str]


async def run(
    games: list[LoadGame],
    rate: float | None,
    seconds: float,
    failover: Failover,
    kill: Any = None,
    renew: Callable[[int], LoadGame] | None = None,
) -> tuple[Tally, float]:
    """Play ``games``; with ``renew``, game i finished is followed by ``renew(i)``, so
    that as many games stay in play throughout."""
    tally = Tally()
    start = time.monotonic()
    stop_at = start + seconds
    rng = random.Random(1)
    every = sorted({base for game in games for base in game.bases})

    async def play(i: int, game: LoadGame) -> None:
        while True:
            clock = GameClock()
            seats = []
            for base, token in zip(game.bases, game.tokens, strict=True):
                # Its own process first, then the others (a load balancer's next choice).
                order = [base, *(b for b in every if b != base)]
                urls = [f"{b.replace('http://', 'ws://')}/api/games/{game.id}/ws" for b in order]
                seat_rng = random.Random(rng.getrandbits(32))
                seats.append(
                    seat_loop(urls, token, rate, clock, stop_at, tally, seat_rng, failover)
                )
            await asyncio.gather(*seats)
            if renew is None or time.monotonic() >= stop_at:
                return
            game = await asyncio.to_thread(renew, i)

    tasks = [play(i, game) for i, game in enumerate(games)]
    if kill is not None:
        tasks.append(kill(failover))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    tally.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    # The rate is over the time decisions were being made, not connecting.
    return tally, time.monotonic() - min(tally.first, stop_at)


def new_game(
    owners: list[str], clients: list[str], i: int, spread: bool, options: dict[str, JSON]
) -> LoadGame:
    """Game i made on ``owners[i % len]`` (its owner); its seats connect to
    ``clients``: spread over them (seat s of game i to i + s), or all to the first."""
    base = owners[i % len(owners)]
    game = call(base, "/api/games", {"game": "broadsides", "seed": i, "options": options})
    tokens = [
        call(base, f"/api/games/{game['id']}/seats/{s}/join", {"name": f"p{s}"})["token"]
        for s in (0, 1)
    ]
    seats = [clients[(i + s) % len(clients)] if spread else clients[0] for s in (0, 1)]
    return LoadGame(game["id"], (seats[0], seats[1]), (tokens[0], tokens[1]))


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def sample_memory(pids: list[int], stop_at: float, samples: list[float]) -> None:
    """The servers' resident memory (summed) every 10 s until ``stop_at``."""
    while time.monotonic() < stop_at:
        await asyncio.sleep(min(10.0, max(0.0, stop_at - time.monotonic())))
        samples.append(sum(rss_mb(pid) for pid in pids))


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


def start_server(
    args: argparse.Namespace, home: str, n: int
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "quarterdeck.cli", "serve", "--port", str(port)]
    # Every game and both its seats come from this one address: lift the per-client
    # limits (counted over the whole cluster).
    command += ["--games-per-minute", str(max(10, 4 * args.games))]  # phases, renewals
    command += ["--connections-per-client", str(4 * args.games + 10)]
    if args.database:
        command += ["--database", args.database]
    if args.redis:
        command += ["--redis", args.redis, "--lease", str(args.lease)]
    server = subprocess.Popen(
        command,
        env={**os.environ, "QUARTERDECK_HOME": home},
        stdout=open(os.path.join(home, f"serve-{n}.log"), "ab"),  # noqa: SIM115
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: see {home}/serve-{n}.log")
        try:
            call(base, "/api/catalog")
            break
        except OSError:
            time.sleep(0.2)
    return server, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rate", type=float, default=2.0, help="decisions a second per game")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--database", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--phases", default="paced,flat", help="paced, flat or both")
    parser.add_argument("--processes", type=int, default=1, help="a cluster of N processes")
    parser.add_argument("--redis", default=None, help="default with --processes > 1: local")
    parser.add_argument("--lease", type=float, default=5.0, help="the cluster's lease, s")
    parser.add_argument(
        "--forwarded", action="store_true", help="clients on process 1, owners on the others"
    )
    parser.add_argument(
        "--kill-after", type=float, default=None, help="kill -9 the last process after S s"
    )
    parser.add_argument(
        "--round-cap", type=int, default=None, help="BroadSides' round_cap (shorter games)"
    )
    parser.add_argument(
        "--renew", action="store_true", help="replace each finished game by a new one"
    )
    args = parser.parse_args()
    options: dict[str, JSON] = {} if args.round_cap is None else {"round_cap": args.round_cap}
    if args.processes > 1 and args.redis is None:
        args.redis = "redis://127.0.0.1:6379/0"
    if args.redis and not (args.database or "").startswith("postgresql"):
        parser.error("a cluster needs --database postgresql://…")
    if args.forwarded and args.processes < 2:
        parser.error("--forwarded needs --processes 2 or more")
    # The load generator parses every view it receives: spare it the cycle collector's
    # default thresholds as the server does (quarterdeck.cli.tune_gc_for_serving).
    gc.set_threshold(50_000, 20, 10)
    gc.freeze()
    home = tempfile.mkdtemp(prefix="qd-load-")
    servers: list[subprocess.Popen[bytes]] = []
    try:
        bases = []
        for n in range(args.processes):
            server, base = start_server(args, home, n)
            servers.append(server)
            bases.append(base)
        if args.forwarded:
            owners, clients = bases[1:], bases[:1]
        else:
            owners, clients = bases, bases
        console = Console(width=None if sys.stdout.isatty() else 130)
        where = (
            f", {args.processes} processes"
            + (" (every decision forwarded)" if args.forwarded else "")
            if args.processes > 1 or args.redis
            else ""
        )
        table = Table(title=f"{args.games} concurrent BroadSides games over WebSockets{where}")
        columns = ("phase", "decisions", "per s", "p50 ms", "p99 ms", "max ms", "errors")
        for column in (*columns, "server CPU ms/dec.", "clients' CPU ms/dec.", "RSS MB"):
            table.add_column(column, justify="left" if column == "phase" else "right")
        phases = [
            (label, rate)
            for label, rate, name in (
                (f"{args.rate:g}/s a game", args.rate, "paced"),
                ("flat out", None, "flat"),
            )
            if name in args.phases.split(",")
        ]
        failover = Failover()
        for n, (label, rate) in enumerate(phases):
            spread = not args.forwarded
            games = [new_game(owners, clients, i, spread, options) for i in range(args.games)]
            renew = None
            if args.renew:

                def renew(i: int, spread: bool = spread) -> LoadGame:
                    return new_game(owners, clients, i, spread, options)

            kill = None
            if n == 0 and args.kill_after is not None:
                victim = servers[-1]
                failover.owned = {
                    g.id for i, g in enumerate(games) if i % len(owners) == len(owners) - 1
                }

                async def kill(failover: Failover, victim: Any = victim) -> None:
                    await asyncio.sleep(args.kill_after)
                    victim.kill()
                    failover.killed = time.monotonic()

            pids = [server.pid for server in servers]
            cpu_before = [cpu_seconds(pid) for pid in pids]
            client_before = time.process_time()
            memory: list[float] = []

            async def phase(
                games: list[LoadGame] = games,
                rate: float | None = rate,
                kill: Any = kill,
                memory: list[float] = memory,
                pids: list[int] = pids,
                renew: Callable[[int], LoadGame] | None = renew,
            ) -> tuple[Tally, float]:
                sampler = asyncio.create_task(
                    sample_memory(pids, time.monotonic() + args.seconds, memory)
                )
                try:
                    return await run(games, rate, args.seconds, failover, kill, renew)
                finally:
                    await sampler

            tally, elapsed = run_loop(phase())
            cpu_after = [cpu_seconds(pid) for pid in pids]
            client_cpu = time.process_time() - client_before
            used = [
                a - b
                for a, b in zip(cpu_after, cpu_before, strict=True)
                if a is not None and b is not None
            ]
            cpu = ms(sum(used) / max(tally.decisions, 1)) if used else "?"
            trips = sorted(tally.round_trips) or [0.0]
            p99 = trips[min(len(trips) - 1, int(0.99 * len(trips)))]
            rss = f"{memory[0]:.0f}→{memory[-1]:.0f} (max {max(memory):.0f})" if memory else "?"
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
                rss,
            )
            for error in tally.errors[:5]:
                console.print(f"[red]error:[/] {error}")
            if len(memory) > 2:
                console.print(
                    f"{label}: RSS MB every 10 s: " + " ".join(f"{m:.0f}" for m in memory)
                )
        console.print(table)
        if failover.killed is not None:
            gaps = sorted(failover.gaps.values()) or [float("nan")]
            console.print(
                f"kill -9 of the last process: {len(failover.gaps)} games moved again; "
                f"the first after {gaps[0]:.2f} s, median {statistics.median(gaps):.2f} s, "
                f"the last after {gaps[-1]:.2f} s (lease {args.lease:g} s)"
            )
        console.print(
            f"storage: {args.database or 'SQLite file in ' + home}; "
            f"{args.processes} server process(es); {os.cpu_count()} cores"
        )
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
