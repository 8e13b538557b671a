"""A cluster's Redis side: game leases, requests between processes, pushes.

``quarterdeck serve --redis URL`` runs any number of processes over one PostgreSQL
database. Each live game is owned by one process at a time, the holder of its lease
(the key ``<prefix>lease:<game>``, set with a time to live and renewed by its owner;
a sorted set ``<prefix>leases`` holds when each lease runs out, so that any process
finds the games whose owner died). Every process listens on one pub/sub connection:
to its inbox channel (requests forwarded to it, and the replies to its own) and to
the channel of each game it follows (the owner's events: decisions, seats). Times
are Redis's own (``TIME``), never a process's clock, so hosts need not agree.

This module knows nothing of games: the hub (hub.py) decides what a lease, a
request or an event means.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import os
import secrets
import socket
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any

import orjson
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff

JSON = Any
log = logging.getLogger(__name__)

#: Seconds a lease lasts unless renewed: a dead owner's games are taken over after it.
LEASE_SECONDS = 5.0
#: Seconds a process waits for the owner to answer a forwarded request.
CALL_TIMEOUT = 5.0
#: Redis connections a process uses at most (besides its pub/sub one); a command
#: waits for a free one rather than fail when a burst of moves wants more.
REDIS_CONNECTIONS = 32

_NOW_MS = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)"

# KEYS: lease key, leases; ARGV: me, ttl ms, game. 1 if this process holds the lease now.
_CLAIM = f"""
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
{_NOW_MS}
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3])
return 1
"""

# KEYS: leases; ARGV: me, ttl ms, prefix, games… The games whose lease another
# process holds now. A lease nobody holds (it ran out unnoticed, or Redis restarted
# empty) is taken again: had another process owned the game meanwhile, the epoch it
# raised refuses this one's writes all the same.
_RENEW = f"""
{_NOW_MS}
local lost = {{}}
for i = 4, #ARGV do
  local key = ARGV[3] .. 'lease:' .. ARGV[i]
  local holder = redis.call('GET', key)
  if holder == ARGV[1] or not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[i])
  else
    table.insert(lost, ARGV[i])
  end
end
return lost
"""

# KEYS: leases; ARGV: me, prefix, keep (1: another process should take the game now;
# 0: the game needs no owner), games…
_RELEASE = """
for i = 4, #ARGV do
  local key = ARGV[2] .. 'lease:' .. ARGV[i]
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
    if ARGV[3] == '1' then
      redis.call('ZADD', KEYS[1], 0, ARGV[i])
    else
      redis.call('ZREM', KEYS[1], ARGV[i])
    end
  end
end
return 0
"""

# KEYS: leases; ARGV: most. Games whose lease has run out, oldest first.
_EXPIRED = f"""
{_NOW_MS}
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
"""


# KEYS: a count's hash (a game's connections, a client's); ARGV: me, v, n, seats, ttl
# ms, most (0: no check; -1: only read, write nothing). Each process keeps one field, "expiry|v|n|seats": its n
# connections, the seats among them, written at version v (a process's writes go on
# several Redis connections: an older one arriving late is ignored). Fields past
# their expiry (a process that died) are dropped. Returns {written, others' n,
# others' seats}: written 1, 0 when others' n plus n would pass most (nothing
# written), 2 for a late write (ignored).
_HERE = f"""
{_NOW_MS}
local others, seats, mine = 0, {{}}, -1
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local expiry, v, n, s = string.match(all[i + 1], '^(%d+)|(%d+)|(%d+)|(.*)$')
  if not expiry or tonumber(expiry) < now then
    redis.call('HDEL', KEYS[1], all[i])
  elseif all[i] == ARGV[1] then
    mine = tonumber(v)
  else
    others = others + tonumber(n)
    if s ~= '' then table.insert(seats, s) end
  end
end
local seen = table.concat(seats, ',')
if tonumber(ARGV[2]) <= mine then return {{2, others, seen}} end
local most = tonumber(ARGV[6])
if most < 0 then return {{2, others, seen}} end
if most > 0 and others + tonumber(ARGV[3]) > most then return {{0, others, seen}} end
local ttl = tonumber(ARGV[5])
local value = tostring(now + ttl) .. '|' .. ARGV[2] .. '|' .. ARGV[3] .. '|' .. ARGV[4]
redis.call('HSET', KEYS[1], ARGV[1], value)
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return {{1, others, seen}}
"""

# KEYS: a token bucket; ARGV: tokens a millisecond, burst, take (1: take one, 0: look).
# 1 if a token was there (and taken if asked).
_BUCKET = f"""
{_NOW_MS}
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local held = redis.call('HMGET', KEYS[1], 't', 'w')
local tokens = tonumber(held[1]) or burst
local when = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - when) * rate)
if tokens < 1 then return 0 end
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 't', tostring(tokens - 1), 'w', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate))
end
return 1
"""


def encode(message: dict[str, JSON]) -> bytes:
    return orjson.dumps(message)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class NoAnswer(Exception):
    """The process a request went to did not answer in time (it may have died)."""


class Cluster:
    """This process's link to the cluster's Redis."""

    def __init__(self, url: str, lease: float = LEASE_SECONDS) -> None:
        self.url = url
        # Named, so that an operator (or a test) can tell this process's connections apart.
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=REDIS_CONNECTIONS,
            timeout=10,
            client_name=f"quarterdeck-{os.getpid()}",
            # Redis away fails a command within a second, not after redis-py's default
            # retries (seconds, some of them under a game's lock); a connection that
            # cannot be made fails in 2 s.
            retry=Retry(ExponentialWithJitterBackoff(base=0.01, cap=0.2), 3),
            socket_connect_timeout=2,
        )
        self.redis: Redis = Redis(connection_pool=pool)
        self.me = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_ms = int(lease * 1000)
        self.prefix = "qd:"
        self.pubsub: PubSub | None = None
        #: Calls awaiting their reply: its future, and what to do with it at once.
        self.replies: dict[
            str,
            tuple[asyncio.Future[dict[str, JSON]], Callable[[dict[str, JSON]], None] | None],
        ] = {}
        self.followed: set[str] = set()
        self._listener: asyncio.Task[None] | None = None
        self._claim = self.redis.register_script(_CLAIM)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._expired = self.redis.register_script(_EXPIRED)
        self._here = self.redis.register_script(_HERE)
        self._bucket = self.redis.register_script(_BUCKET)
        #: Versions of this process's counts, so that a late write never undoes a newer one.
        self._writes = itertools.count(1)
        #: Called (as a task) each time the pub/sub connection is made again, after it
        #: has subscribed again: what was published meanwhile never arrives.
        self.on_reconnect: Callable[[], Coroutine[Any, Any, None]] | None = None
        self._catching_up: set[asyncio.Task[None]] = set()

    @property
    def lease_seconds(self) -> float:
        return self.lease_ms / 1000

    async def start(
        self, database: str, on_message: Callable[[str, dict[str, JSON]], None]
    ) -> None:
        """Listen, under keys of the database ``database`` (its identity): every
        process of one database shares them, those of another never meet them."""
        self.prefix = f"qd:{hashlib.sha256(database.encode()).hexdigest()[:12]}:"
        await self.redis.ping()  # a Redis that does not answer stops the start here
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(self.inbox(self.me))
        # Registered after the pubsub's own (which subscribes again): called on reconnects.
        assert self.pubsub.connection is not None
        self.pubsub.connection.register_connect_callback(self._reconnected)
        self._listener = asyncio.create_task(self._listen(on_message), name="cluster listener")

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- names ---------------------------------------------------------------------------------

    def inbox(self, process: str) -> str:
        return f"{self.prefix}proc:{process}"

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}game:{game_id}"

    def lease_key(self, game_id: str) -> str:
        return f"{self.prefix}lease:{game_id}"

    # -- leases --------------------------------------------------------------------------------

    async def claim(self, game_id: str) -> bool:
        """Take the game's lease if nobody holds it (or keep it if this process does)."""
        keys = [self.lease_key(game_id), f"{self.prefix}leases"]
        return bool(await self._claim(keys=keys, args=[self.me, self.lease_ms, game_id]))

    async def renew(self, game_ids: Sequence[str]) -> list[str]:
        """Renew this process's leases; the games among ``game_ids`` it no longer holds."""
        if not game_ids:
            return []
        lost = await self._renew(
            keys=[f"{self.prefix}leases"], args=[self.me, self.lease_ms, self.prefix, *game_ids]
        )
        return [g.decode() if isinstance(g, bytes) else str(g) for g in lost]

    async def release(self, game_ids: Sequence[str], hand_over: bool) -> None:
        """Give up leases: ``hand_over``, for another process to take the games at once
        (this one is stopping); else the games need no owner (finished, deleted)."""
        if game_ids:
            await self._release(
                keys=[f"{self.prefix}leases"],
                args=[self.me, self.prefix, "1" if hand_over else "0", *game_ids],
            )

    async def expired(self, most: int = 100) -> list[str]:
        """Games whose lease ran out: their owner died or let them go."""
        found = await self._expired(keys=[f"{self.prefix}leases"], args=[most])
        return [g.decode() if isinstance(g, bytes) else str(g) for g in found]

    async def owner(self, game_id: str) -> str | None:
        holder = await self.redis.get(self.lease_key(game_id))
        if holder is None:
            return None
        return holder.decode() if isinstance(holder, bytes) else str(holder)

    # -- counts shared by the processes: connections, games created ---------------------------

    def game_key(self, game_id: str) -> str:
        return f"{self.prefix}here:{game_id}"

    def client_key(self, client: str) -> str:
        return f"{self.prefix}client:{client}"

    async def here(
        self, key: str, count: int, seats: Iterable[int] = (), most: int = 0
    ) -> tuple[bool, int, set[int]]:
        """Say that this process holds ``count`` connections under ``key`` (those of
        ``seats`` among them), for a lease's time unless said again; refused (False,
        nothing written) if ``most`` and the other processes' connections plus
        ``count`` would pass it. Also: the other processes' connections and seats."""
        written, others, their_seats = await self._here(
            keys=[key], args=self._here_args(count, seats, most)
        )
        return int(written) != 0, int(others), _seats(their_seats)

    def _here_args(self, count: int, seats: Iterable[int], most: int) -> list[JSON]:
        listed = ",".join(str(s) for s in sorted(set(seats)))
        return [self.me, next(self._writes), count, listed, self.lease_ms, most]

    async def here_all(
        self, counts: Sequence[tuple[str, int | None, Iterable[int]]]
    ) -> list[tuple[int, set[int]]]:
        """``here`` for many keys at once, in one round trip (a heartbeat): the other
        processes' connections and seats under each (a count of None: only read)."""
        if not counts:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for key, count, seats in counts:
                args = self._here_args(count or 0, seats, -1 if count is None else 0)
                await self._here(keys=[key], args=args, client=pipe)
            answers = await pipe.execute()
        return [(int(others), _seats(seats)) for _, others, seats in answers]

    async def take_token(self, key: str, per_minute: int, take: bool) -> bool:
        """A token bucket shared by the processes: ``per_minute`` a minute, as many at
        once; whether there was a token (taken if ``take``)."""
        rate = per_minute / 60_000
        found = await self._bucket(
            keys=[f"{self.prefix}bucket:{key}"], args=[rate, per_minute, "1" if take else "0"]
        )
        return bool(found)

    # -- following games' events ---------------------------------------------------------------

    async def follow(self, game_id: str) -> None:
        if game_id not in self.followed and self.pubsub is not None:
            self.followed.add(game_id)
            await self.pubsub.subscribe(self.channel(game_id))

    async def unfollow(self, game_id: str) -> None:
        if game_id in self.followed and self.pubsub is not None:
            self.followed.discard(game_id)
            await self.pubsub.unsubscribe(self.channel(game_id))

    async def publish(self, game_id: str, event: dict[str, JSON]) -> None:
        await self.redis.publish(
            self.channel(game_id), encode({**event, "k": "ev", "game": game_id, "by": self.me})
        )

    # -- requests between processes ------------------------------------------------------------

    async def call(
        self,
        process: str,
        request: dict[str, JSON],
        game_id: str,
        on_reply: Callable[[dict[str, JSON]], None] | None = None,
        timeout: float = CALL_TIMEOUT,
    ) -> dict[str, JSON]:
        """Send ``request`` about ``game_id`` to ``process``, its owner, and wait for the
        reply: ``NoAnswer`` after ``timeout``, or as soon as the process no longer
        holds the game's lease (it died, and the lease ran out: the request may go to
        the next owner at once). ``on_reply`` is called with the reply as soon as it
        arrives, before any message published after it is handled."""
        rid = secrets.token_hex(8)
        reply: asyncio.Future[dict[str, JSON]] = asyncio.get_running_loop().create_future()
        self.replies[rid] = (reply, on_reply)
        give_up = asyncio.get_running_loop().time() + timeout
        try:
            message = {**request, "k": "req", "rid": rid, "from": self.me}
            if not await self.redis.publish(self.inbox(process), encode(message)):
                raise NoAnswer(f"process {process} is not listening")
            while True:
                left = give_up - asyncio.get_running_loop().time()
                if left <= 0:
                    raise NoAnswer(f"process {process} did not answer in {timeout:g} s")
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(reply), min(left, 0.5))
                if await self.owner(game_id) != process:
                    raise NoAnswer(f"process {process} no longer owns game {game_id}")
        finally:
            self.replies.pop(rid, None)
            reply.cancel()

    async def reply(self, request: dict[str, JSON], answer: dict[str, JSON]) -> None:
        message = {**answer, "k": "rep", "rid": request["rid"]}
        await self.redis.publish(self.inbox(str(request["from"])), encode(message))

    async def _reconnected(self, _: object) -> None:
        if self.on_reconnect is not None:
            log.warning("the cluster's pub/sub connection is back: catching up")
            task = asyncio.create_task(self.on_reconnect(), name="cluster catch-up")
            self._catching_up.add(task)  # the loop holds tasks weakly
            task.add_done_callback(self._catching_up.discard)
            task.add_done_callback(_report)

    async def _listen(self, on_message: Callable[[str, dict[str, JSON]], None]) -> None:
        """Replies resolve their calls; requests and events go to ``on_message``, in
        the order they were published (one connection carries them all)."""
        assert self.pubsub is not None
        while True:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: redis-py reconnects and resubscribes
                log.exception("the cluster's pub/sub connection failed; listening again")
                await asyncio.sleep(0.5)
                continue
            if message is None:
                continue
            try:
                data = orjson.loads(message["data"])
                channel = message["channel"]
                channel = channel.decode() if isinstance(channel, bytes) else str(channel)
                if data.get("k") == "rep":
                    waiting, on_reply = self.replies.pop(str(data.get("rid")), (None, None))
                    if waiting is not None and not waiting.done():
                        if on_reply is not None:
                            on_reply(data)
                        waiting.set_result(data)
                else:
                    on_message(channel, data)
            except Exception:
                log.exception("a cluster message could not be handled")


def _seats(listed: bytes | str) -> set[int]:
    text = _text(listed)
    return {int(s) for s in text.split(",")} if text else set()


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("%s failed", task.get_name(), exc_info=exc)
