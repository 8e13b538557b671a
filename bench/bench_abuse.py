"""Abusive clients against the live-play server (issue 23): memory and time.

    .venv/bin/python bench/bench_abuse.py [--readers 4] [--seconds 25] [--spectators 1500]

Starts ``quarterdeck serve`` on a free loopback port (an SQLite file in a temporary
directory) and measures:

1. memory: the server's resident size at rest, while ``--readers`` spectators without
   a token send ``sync`` as fast as they can and never read their socket (each for at
   most ``--seconds`` or 300,000 syncs), and a few seconds after they have left;
2. time: how long ``--spectators`` spectators take to connect to one game (each says
   hello and waits for its first view), all from this one address.

Every count and time is bounded. Run it against an older tree with PYTHONPATH to
compare.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def create_game(base: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/games",
        data=json.dumps({"game": "broadsides"}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        game_id: str = json.load(response)["id"]
        return game_id


def slow_reader(port: int, game_id: str, seconds: float, sent: list[int], codes: list[str]) -> None:
    """A spectator that sends sync in a loop and never reads."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    count = 0
    deadline = time.monotonic() + seconds
    with connect(
        f"ws://127.0.0.1:{port}/api/games/{game_id}/ws", sock=sock, max_queue=1, close_timeout=2
    ) as ws:
        ws.send(json.dumps({"type": "hello"}))
        with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
            while count < 300_000 and time.monotonic() < deadline:
                ws.send('{"type": "sync"}')
                count += 1
        sent.append(count)
        codes.append(close_code(ws))


def close_code(ws: ClientConnection) -> str:
    """How the server ended the connection, reading what is left (bounded)."""
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        for _ in range(100_000):
            ws.recv(timeout=5)
    received = ws.protocol.close_rcvd
    return str(received.code) if received is not None else "still open"


def memory_phase(port: int, pid: int, readers: int, seconds: float) -> None:
    base = f"http://127.0.0.1:{port}"
    game_id = create_game(base)
    time.sleep(1.0)
    rest = rss_mb(pid)
    sent: list[int] = []
    codes: list[str] = []
    threads = [
        threading.Thread(target=slow_reader, args=(port, game_id, seconds, sent, codes))
        for _ in range(readers)
    ]
    for t in threads:
        t.start()
    peak = rest
    while any(t.is_alive() for t in threads):
        peak = max(peak, rss_mb(pid))
        time.sleep(0.2)
    for t in threads:
        t.join()
    time.sleep(5.0)  # the server lets go of the connections
    after = rss_mb(pid)
    print(f"slow readers: {readers}, syncs sent: {sum(sent):,} ({', '.join(map(str, sent))})")
    print(f"closed with: {', '.join(codes)}")
    print(f"server RSS: at rest {rest:.0f} MB, peak {peak:.0f} MB, 5 s after {after:.0f} MB")


def spectators_phase(port: int, spectators: int) -> None:
    base = f"http://127.0.0.1:{port}"
    game_id = create_game(base)
    url = f"ws://127.0.0.1:{port}/api/games/{game_id}/ws"
    started = time.monotonic()
    with contextlib.ExitStack() as opened:
        for _ in range(spectators):
            ws = opened.enter_context(connect(url, open_timeout=30))
            ws.send(json.dumps({"type": "hello"}))
            while json.loads(ws.recv(timeout=30))["type"] != "state":
                pass
        took = time.monotonic() - started
        print(f"{spectators:,} spectators connected to one game in {took:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=25.0)
    parser.add_argument("--spectators", type=int, default=1500)
    parser.add_argument("--older", action="store_true", help="a server without limit options")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="qd-abuse-")
    port = free_port()
    command = [sys.executable, "-m", "quarterdeck.cli", "serve", "--port", str(port)]
    # The spectators all come from here: room for them (the limits are the point of
    # the memory phase, not of this one).
    limits = ["--connections-per-game", "2000", "--connections-per-client", "2000"]
    server = subprocess.Popen(
        command + ([] if args.older else limits),
        env={**os.environ, "QUARTERDECK_HOME": home},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.2)
        memory_phase(port, server.pid, args.readers, args.seconds)
        if args.spectators:
            spectators_phase(port, args.spectators)
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
