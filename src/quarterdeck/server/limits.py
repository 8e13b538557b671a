"""What one client may ask of the server, and what the server keeps: the limits.

Every limit has a default that a person playing never meets; ``quarterdeck serve``
sets them with options and ``create_app(limits=Limits(...))`` takes them too. See
docs/server.md ("Limits") for each one, its error and its close code.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

JSON = Any
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    #: Largest request body (bytes); a larger one is refused with 413.
    max_body_bytes: int = 256 * 1024
    #: Games one client (address) may create a minute; more are refused with 429.
    games_per_minute: int = 10
    #: Players (names) one client may create a minute; more are refused with 429.
    players_per_minute: int = 5
    #: Open games (waiting for seats) the server holds at once; more are refused with 503.
    max_open_games: int = 1_000
    #: Seconds an open game waits for its seats before it is deleted (nothing was played).
    open_game_expiry: float = 24 * 3600.0
    #: WebSocket connections to one game; one more is closed with 4429.
    connections_per_game: int = 200
    #: WebSocket connections from one client (address) to all games; more close with 4429.
    connections_per_client: int = 50
    #: Messages waiting to be sent to one connection (states replace older unsent ones);
    #: a connection that lets more pile up is closed with 4413.
    outgoing_queue: int = 64
    #: sync, ping and preview messages a connection may send a second (a burst of
    #: ``message_burst``); more are answered ``rate_limited`` and not done.
    messages_per_second: float = 5.0
    message_burst: int = 20
    #: Hints ("what should I do?") one seat may ask for a minute (a burst of as many);
    #: each is a small search on the server, so more are refused with 429.
    hints_per_minute: int = 6
    #: The lobby's largest page.
    max_page: int = 100


#: Most characters of a seat name, and of a bot name (``ismcts:N`` included).
MAX_NAME = 40
MAX_BOT_NAME = 40
#: A game id is 16 hexadecimal digits (``secrets.token_hex(8)``).
GAME_ID = re.compile(r"[0-9a-f]{16}")
#: Control characters (C0, DEL, C1), line and paragraph separators, and lone
#: surrogates: no name may hold them (PostgreSQL refuses NUL; the rest garble pages).
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def is_game_id(text: str) -> bool:
    return GAME_ID.fullmatch(text) is not None


def name_problem(name: str, most: int = MAX_NAME) -> str | None:
    """Why ``name`` cannot be a seat's or a bot's name, or None."""
    if CONTROL.search(name):
        return "a name may not hold control characters"
    if len(name) > most:
        return f"a name is at most {most} characters"
    return None


def non_finite(value: JSON, depth: int = 0) -> bool:
    """Whether JSON ``value`` holds NaN or an infinity (Python's JSON reads ``NaN``,
    ``Infinity`` and ``1e400``; no database column or JSON answer can hold them)."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if depth > 64:  # the parser refuses deeper nesting before this
        return False
    if isinstance(value, dict):
        return any(non_finite(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(non_finite(v, depth + 1) for v in value)
    return False


class RateLimiter:
    """A token bucket per key (a client's address, a connection): ``rate`` a second,
    up to ``burst`` at once. Full buckets are forgotten, so keys do not pile up."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def tokens(self, key: str, now: float) -> float:
        tokens, then = self.buckets.get(key, (self.burst, now))
        return min(self.burst, tokens + (now - then) * self.rate)

    def ready(self, key: str = "") -> bool:
        """Whether ``key`` has a token now (none is taken)."""
        return self.tokens(key, self.clock()) >= 1

    def allow(self, key: str = "") -> bool:
        """Take one token for ``key`` if there is one."""
        now = self.clock()
        tokens = self.tokens(key, now)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:
            self.forget_full(now)
        return True

    def forget_full(self, now: float) -> None:
        full = [
            k
            for k, (tokens, then) in self.buckets.items()
            if tokens + (now - then) * self.rate >= self.burst
        ]
        for key in full:
            del self.buckets[key]


class SharedBuckets(Protocol):
    """Token buckets that a cluster's processes share (cluster.Cluster, in Redis)."""

    async def take_token(self, key: str, per_minute: int, take: bool) -> bool: ...


class PerMinute:
    """So many ``what`` a minute for each key (a client, a seat), as many at once:
    counted on this process and, in a cluster, on all its processes together. With
    Redis away, this process's own count still holds."""

    def __init__(
        self, kind: str, what: str, most: int, shared: SharedBuckets | None = None
    ) -> None:
        self.kind = kind  # the shared buckets' key: "create", "player", "hint"
        self.what = what
        self.most = most
        self.shared = shared
        self.here = RateLimiter(most / 60, most)

    def refusal(self, each: str = "") -> str:
        """The 429's words: "at most 10 new games a minute; try later"."""
        return f"at most {self.most} {self.what} a minute{each}; try later"

    async def allow(self, key: str, take: bool = True) -> bool:
        """Whether ``key`` may have one more now; counted if ``take`` (else only
        looked at: a request refused later for another reason does not count)."""
        if self.shared is not None:
            try:
                allowed = await self.shared.take_token(f"{self.kind}:{key}", self.most, take)
            except Exception:  # Redis away: this process's own count still holds
                log.exception("counting %s in Redis failed", self.what)
            else:
                if not allowed:
                    return False
        return self.here.allow(key) if take else self.here.ready(key)
