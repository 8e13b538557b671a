"""The hub: every room of one server process, created, loaded and resumed here."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from quarterdeck.engine import (
    Game,
    OptionError,
    QuarterdeckError,
    RulesVersionError,
    State,
    fresh_seed,
    get_game,
)

from .cluster import Cluster, NoAnswer
from .limits import Limits, PerMinute
from .rooms import (
    ACTIVE,
    FINISHED,
    OPEN,
    TABLE,
    UNAVAILABLE,
    Connection,
    Room,
    RoomError,
    Services,
    check_server_bot,
    log,
    replay,
)
from .storage import DatabaseInUse, Store, StoredGame, StoredSeat
from .tokens import hash_token, new_token

JSON = Any
MAX_SEED = 2**63 - 1  # seeds are stored as signed 64-bit integers


class UnknownGame(LookupError):
    """No game with that id."""


class UnplayableGame(Exception):
    """A stored game this server cannot replay (rules of another version, say)."""


class Refused(Exception):
    """A request over one of the server's limits; ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


#: How often finished games nobody watches are let go of (``Hub.sweep``).
SWEEP_SECONDS = 60.0
#: How often a cluster process looks for games whose owner died.
WATCH_SECONDS = 1.0
#: Games a cluster process takes over at once (each: a claim, a read, a replay).
TAKEOVERS_AT_ONCE = 16


class Hub:
    def __init__(
        self,
        store: Store,
        bot_threads: int = 2,
        storage_threads: int = 4,
        limits: Limits | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        #: With ``--redis``: this process is one of a cluster's (cluster.py).
        self.cluster = cluster
        self._cluster_tasks: list[asyncio.Task[None]] = []
        self._swept: list[Room] = []
        self._background: set[asyncio.Task[None]] = set()
        #: Events of the games being loaded to be followed here.
        self._arriving: dict[str, list[dict[str, JSON]]] = {}
        self.limits = limits or Limits()
        # Games created by each client (address): so many a minute, in a burst at most.
        self.creations = PerMinute("create", "new games", self.limits.games_per_minute, cluster)
        #: Open WebSocket connections by client address.
        self.client_connections: dict[str, int] = {}
        self.services = Services(
            store,
            ThreadPoolExecutor(storage_threads, thread_name_prefix="qd-storage"),
            ThreadPoolExecutor(bot_threads, thread_name_prefix="qd-bots"),
        )
        self.rooms: dict[str, Room] = {}
        #: A lock for each game being loaded, taken over or expired, and how many want it.
        self._loads: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Claim the database for this process (``DatabaseInUse`` if another server
        has it), migrate it, then bring back every game in play, so that bots and
        turn timers go on where they stopped. In a cluster the database is shared:
        the process joins the cluster and takes the games in play that no process
        owns (after the whole cluster stopped, say)."""
        if self.cluster is None:
            await self.services.db(self.store.claim)
        await self.services.db(self.store.migrate)
        if self.cluster is not None:
            identity = await self.services.db(self.store.identity)
            self.cluster.on_reconnect = self._catch_up
            await self.cluster.start(identity, self._on_cluster_message)
            # Leases renewed from the first game taken on.
            self._cluster_tasks = [
                asyncio.create_task(self._renew_leases(self.cluster), name="lease renewal"),
                asyncio.create_task(self._watch(self.cluster), name="cluster watchdog"),
                asyncio.create_task(self._keep_presence(self.cluster), name="presence"),
            ]
        for game_id in await self.services.db(self.store.active_game_ids):
            try:
                if self.cluster is None:
                    await self.room(game_id)
                elif await self.cluster.owner(game_id) is None:
                    await self.acquire(game_id)
            except UnplayableGame as exc:  # one game that no longer replays
                log.error("%s; it stays stopped", exc)
            except UnknownGame:  # deleted meanwhile (by another process)
                pass
        self._sweeper = asyncio.create_task(self._sweep_now_and_then(), name="sweeper")

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()
            try:
                if self.cluster is not None:
                    await self._let_go(self.cluster)
                await self.services.db(self.store.keep_claim)
                await self.expire_open_games()
            except DatabaseInUse as exc:  # our lock was lost and another server took it
                log.critical("%s: this server no longer holds the database", exc)
            except Exception:  # storage down: the next sweep tries again
                log.exception("checking the database claim or expiring open games failed")

    async def expire_open_games(self, now: float | None = None) -> list[str]:
        """Delete the open games that waited for their seats longer than the limit
        and have nobody connected: nothing was ever played in them (a game with a
        seat to fill takes no decision), and kept they would hold memory for ever."""
        cutoff = (time.time() if now is None else now) - self.limits.open_game_expiry
        expired = []
        for game_id in await self.services.db(self.store.open_game_ids, cutoff):
            async with self._loading(game_id):  # the game is not loaded meanwhile
                if await self._expire(game_id):
                    expired.append(game_id)
        if expired:
            log.info("%d open games expired unstarted", len(expired))
        return expired

    def sweep(self) -> list[str]:
        """Let go of the finished games nobody is connected to: they never change
        again and storage holds them whole, so a later visit replays them from it.
        Without this a long-running server would keep every game it ever served. In
        a cluster, also of the games followed here that nobody here is connected to."""
        gone = [
            room
            for room in self.rooms.values()
            if room.done_with() or (not room.owned and not room.connections)
        ]
        for room in gone:
            del self.rooms[room.id]
        self._swept = gone
        return [room.id for room in gone]

    async def _let_go(self, cluster: Cluster) -> None:
        """Give up the leases of the games swept, and stop following those followed."""
        gone, self._swept = self._swept, []
        await cluster.release([r.id for r in gone if r.owned], hand_over=False)
        for room in gone:
            if not room.owned:
                await cluster.unfollow(room.id)

    async def stop(self) -> None:
        tasks = [t for t in (self._sweeper, *self._cluster_tasks) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for room in self.rooms.values():
            await room.stop()
        if self.cluster is not None:
            # Handed over at once: the other processes need not wait for the leases to run out.
            owned = [r.id for r in self.rooms.values() if r.owned]
            with contextlib.suppress(Exception):
                await self.cluster.release(owned, hand_over=True)
            await self.cluster.stop()
        self.services.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.services.storage_pool.shutdown(wait=True)
        self.services.writer.close()
        self.store.close()

    async def room(self, game_id: str) -> Room:
        """The live game, rebuilt from storage by replaying it on first access."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading(game_id):
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            if self.cluster is not None:
                # Owned here if no process owns it (this one made it live again), else followed.
                if await self._take_over(self.cluster, game_id):
                    return self.rooms[game_id]
                # Followed before it is loaded, and the events that come meanwhile kept:
                # none falls between what storage said and what the owner says next.
                self._arriving[game_id] = []
                try:
                    await self.cluster.follow(game_id)
                    stored, state = await self._load(game_id)
                except BaseException:
                    del self._arriving[game_id]
                    await self.cluster.unfollow(game_id)
                    raise
                room = self.new_room(stored, state)
                room.owned = False
                self.rooms[game_id] = room
                for event in self._arriving.pop(game_id):
                    self._on_event(room, event)
                return room
            stored, state = await self._load(game_id)
            room = self.new_room(stored, state)
            self.rooms[game_id] = room
            room.wake()
            return room

    @contextlib.asynccontextmanager
    async def _loading(self, game_id: str) -> AsyncIterator[None]:
        """Hold the game while it is loaded, taken over or expired: one of these at a
        time for one game, any number for different games."""
        lock, wanting = self._loads.setdefault(game_id, (asyncio.Lock(), [0]))
        wanting[0] += 1
        try:
            async with lock:
                yield
        finally:
            wanting[0] -= 1
            if not wanting[0]:
                del self._loads[game_id]

    async def _load(self, game_id: str) -> tuple[StoredGame, State]:
        stored = await self.services.db(self.store.load_game, game_id)
        if stored is None:
            raise UnknownGame(game_id)
        try:
            state = await self.services.think(replay, stored)
        except QuarterdeckError as exc:
            # The whole reason goes to the log only: it may quote a stored action,
            # a captain's secret cannon choice among them.
            log.error("game %s does not replay: %s", game_id, exc)
            if isinstance(exc, RulesVersionError):
                why = f"it was played under rules version {stored.rules_version!r}"
            else:
                why = "its rules or component data have changed since it was played"
            raise UnplayableGame(f"game {game_id} cannot be played here: {why}") from None
        return stored, state

    # -- a cluster -------------------------------------------------------------------------

    async def acquire(self, game_id: str) -> bool:
        """Take the game over if no process owns it; whether this process owns it now."""
        async with self._loading(game_id):
            room = self.rooms.get(game_id)
            if room is not None and room.owned:
                return True
            assert self.cluster is not None
            return await self._take_over(self.cluster, game_id)

    async def _take_over(self, cluster: Cluster, game_id: str) -> bool:
        """Claim the game's lease, raise its epoch in the database (the last owner can
        store nothing more), then load it from storage, which now holds every decision
        ever acknowledged, and go on with its bots and timers here. The caller holds
        ``_loading(game_id)``."""
        if not await cluster.claim(game_id):
            return False
        try:
            epoch = await self.services.db(self.store.take_over, game_id)
            if epoch is None:
                raise UnknownGame(game_id)
            stored, state = await self._load(game_id)
        except (UnknownGame, UnplayableGame):
            await cluster.release([game_id], hand_over=False)  # nobody need try again
            raise
        except BaseException:
            await cluster.release([game_id], hand_over=True)
            raise
        room = self.rooms.get(game_id)
        if room is None:
            room = self.rooms[game_id] = self.new_room(stored, state)
        else:
            room.reload(stored, state)
        room.own(epoch)
        await cluster.unfollow(game_id)
        # A follower that missed the last owner's last events (it died between a
        # commit and its publication) learns of them here, and reloads.
        await room.publish_owner()
        log.info("game %s: owned by this process from epoch %d", game_id, epoch)
        return True

    async def _renew_leases(self, cluster: Cluster) -> None:
        while True:
            await asyncio.sleep(cluster.lease_seconds / 4)
            try:
                owned = [r.id for r in self.rooms.values() if r.owned]
                for game_id in await cluster.renew(owned):
                    room = self.rooms.get(game_id)
                    if room is not None and room.owned:
                        self.lost(room)
            except Exception:  # Redis away: the epoch keeps storage safe meanwhile
                log.exception("renewing the game leases failed")

    async def _watch(self, cluster: Cluster) -> None:
        """Take over the games whose owner died (its lease ran out)."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                orphans = [
                    game_id
                    for game_id in await cluster.expired()
                    if game_id not in self.rooms or not self.rooms[game_id].owned
                ]
                # Several at once: a dead process's games are taken over together.
                for start in range(0, len(orphans), TAKEOVERS_AT_ONCE):
                    batch = orphans[start : start + TAKEOVERS_AT_ONCE]
                    results = await asyncio.gather(
                        *(self.acquire(game_id) for game_id in batch), return_exceptions=True
                    )
                    for game_id, result in zip(batch, results, strict=True):
                        if isinstance(result, Exception) and not isinstance(
                            result, UnknownGame | UnplayableGame
                        ):
                            log.error("taking game %s over failed", game_id, exc_info=result)
            except Exception:
                log.exception("looking for games without an owner failed")

    async def _catch_up(self) -> None:
        """The pub/sub connection is back (Redis restarted, or the link dropped): what
        was published meanwhile never arrives, so each game followed here is reloaded
        from storage at once, and each game owned here tells its followers its version
        and seats (a follower that missed something reloads)."""
        for room in list(self.rooms.values()):
            try:
                if room.owned:
                    await room.publish_owner()
                else:
                    await self._resync(room)
            except Exception:  # storage away: the next event that does not follow on
                log.exception("catching game %s up failed", room.id)

    async def _keep_presence(self, cluster: Cluster) -> None:
        """Every quarter lease, say again which connections this process holds (to each
        game, from each client), so that they count on every process, and learn the
        seats connected elsewhere; an owner whose events could not be published tells
        its followers its version again."""
        while True:
            await asyncio.sleep(cluster.lease_seconds / 4)
            try:
                await self._say_here(cluster)
                for room in list(self.rooms.values()):
                    if room.owned and room.publish_failed:
                        room.publish_failed = False
                        await room.publish_owner()
            except Exception:  # Redis away: said again at the next beat
                log.exception("keeping this process's connections known failed")

    async def _say_here(self, cluster: Cluster) -> None:
        # The games with connections here, and those owned here that are on: their
        # owner shows (and the lobby's REST views too) who is connected elsewhere.
        rooms = [
            room
            for room in self.rooms.values()
            if room.connections or (room.owned and room.status != FINISHED)
        ]
        counts: list[tuple[str, int | None, Iterable[int]]] = [
            (cluster.game_key(room.id), *self._presence(room))
            if room.connections
            else (cluster.game_key(room.id), None, ())
            for room in rooms
        ]
        counts += [(cluster.client_key(c), n, ()) for c, n in self.client_connections.items()]
        answers = await cluster.here_all(counts)
        for room, (_, seats) in zip(rooms, answers, strict=False):
            room.see_elsewhere(seats)

    @staticmethod
    def _presence(room: Room) -> tuple[int, set[int]]:
        """This process's connections to the game, and the seats among them."""
        return len(room.connections), {c.seat for c in room.connections if c.seat is not None}

    async def attach(self, room: Room, conn: Connection) -> None:
        """A connection joins the game: refused (``too_many``) when the game has its
        most connections, on this process or (in a cluster) on all of them."""
        room.attach(conn)
        if self.cluster is None:
            return
        try:
            allowed, _, seats = await self.cluster.here(
                self.cluster.game_key(room.id),
                *self._presence(room),
                most=self.limits.connections_per_game,
            )
        except Exception:  # Redis away: this process's own count still holds
            log.exception("counting a connection to game %s failed", room.id)
            return
        if not allowed:
            self.detach(room, conn)
            raise RoomError(
                "too_many",
                f"this game has its most connections ({self.limits.connections_per_game})",
            )
        room.see_elsewhere(seats)

    def detach(self, room: Room, conn: Connection) -> None:
        """A connection leaves the game (in a cluster, the other processes are told
        in the background)."""
        room.detach(conn)
        if self.cluster is not None:
            self._in_background(self._say_left(self.cluster, room), f"left {room.id}")

    async def _say_left(self, cluster: Cluster, room: Room) -> None:
        try:
            _, _, seats = await cluster.here(cluster.game_key(room.id), *self._presence(room))
        except Exception:  # it runs out with the lease
            log.exception("uncounting a connection to game %s failed", room.id)
            return
        room.see_elsewhere(seats)

    def _in_background(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._background.add(task)  # kept until done: the loop holds tasks weakly
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_report)

    async def seats_connected_elsewhere(self, room: Room) -> set[int]:
        assert self.cluster is not None
        try:
            _, _, seats = await self.cluster.here(
                self.cluster.game_key(room.id), *self._presence(room)
            )
        except Exception:
            log.exception("reading who is connected to game %s failed", room.id)
            raise RoomError(
                UNAVAILABLE, "who is connected to the game cannot be told now; try again"
            ) from None
        room.see_elsewhere(seats)
        return seats

    def lost(self, room: Room) -> None:
        """Another process took the game over: follow it from storage."""
        if not room.owned:
            return
        log.warning("game %s: another process owns it now", room.id)
        room.disown()
        task = asyncio.create_task(self._refollow(room), name=f"refollow {room.id}")
        task.add_done_callback(_report)

    async def _refollow(self, room: Room) -> None:
        assert self.cluster is not None
        await self.cluster.follow(room.id)
        await self._resync(room)

    async def refresh(self, room: Room) -> None:
        """A follower brought up to what storage holds, which is every decision ever
        acknowledged: a move acknowledged by the owner a moment ago may not have
        reached this process yet (its event travels on apart)."""
        if self.cluster is not None and not room.owned:
            await self._resync(room)

    async def _resync(self, room: Room) -> None:
        """A follower that missed an event: reload the game from storage, then apply
        the events that came meanwhile."""
        if room.held_events is not None:
            return  # already reloading
        room.held_events = []
        try:
            stored, state = await self._load(room.id)
            if room.owned:
                return
            room.reload(stored, state)
            held, room.held_events = room.held_events, None
            for event in held:
                if not room.apply(event):
                    break  # the next event reloads again
        finally:
            room.held_events = None

    async def publish(self, room: Room, event: dict[str, JSON]) -> None:
        assert self.cluster is not None
        await self.cluster.publish(room.id, event)

    async def forward(
        self,
        room: Room,
        request: dict[str, JSON],
        on_reply: Callable[[dict[str, JSON]], None] | None = None,
    ) -> dict[str, JSON] | None:
        """Send ``request`` to the game's owner; take the game over if it has none."""
        try:
            return await self._forward(room, request, on_reply)
        except (RoomError, UnknownGame, UnplayableGame):
            raise
        except Exception:  # Redis or storage away
            log.exception("forwarding a request for game %s failed", room.id)
            raise RoomError(
                UNAVAILABLE, "the game's server process cannot be reached; send it again"
            ) from None

    async def _forward(
        self,
        room: Room,
        request: dict[str, JSON],
        on_reply: Callable[[dict[str, JSON]], None] | None,
    ) -> dict[str, JSON] | None:
        cluster = self.cluster
        assert cluster is not None
        for attempt in range(4):
            # The owner as its last event named it, else as Redis says now.
            owner = room.owner_hint or await cluster.owner(room.id)
            room.owner_hint = None
            if owner is None or owner == cluster.me:
                if await self.acquire(room.id):
                    return None  # this process owns it now: the room handles it
                continue
            try:
                reply = await cluster.call(owner, {**request, "game": room.id}, room.id, on_reply)
            except NoAnswer:
                if request.get("op") != "act":
                    break  # a join may have been made: only a decision (its seq) is safe again
                continue  # to the next owner: a decision it has stored is acked again
            if reply.get("error") != "moved":
                room.owner_hint = owner
                return reply
            await asyncio.sleep(0.1 * (attempt + 1))
        raise RoomError(UNAVAILABLE, "the game's server process did not answer; send it again")

    def _on_cluster_message(self, channel: str, data: dict[str, JSON]) -> None:
        kind = data.get("k")
        if kind == "req":
            task = asyncio.create_task(self._serve_request(data), name="cluster request")
            task.add_done_callback(_report)
        elif kind == "ev":
            game_id = str(data.get("game"))
            room = self.rooms.get(game_id)
            if room is None:
                if game_id in self._arriving:
                    self._arriving[game_id].append(data)
                return
            self._on_event(room, data)

    def _on_event(self, room: Room, event: dict[str, JSON]) -> None:
        if room.owned:
            return
        room.owner_hint = event.get("by")
        if room.held_events is not None:
            room.held_events.append(event)
        elif not room.apply(event):
            task = asyncio.create_task(self._resync(room), name=f"resync {room.id}")
            task.add_done_callback(_report)

    async def _serve_request(self, request: dict[str, JSON]) -> None:
        """Handle a request another process forwarded: its game is owned here."""
        assert self.cluster is not None
        room = self.rooms.get(str(request.get("game")))
        answer: dict[str, JSON] | None
        if room is None or not room.owned:
            answer = {"error": "moved", "message": "not owned here"}
        else:
            try:
                answer = await self._handle_request(room, request)  # None: answered already
            except RoomError as exc:
                answer = {"error": exc.code, "message": exc.message}
            except QuarterdeckError as exc:
                answer = {"error": "illegal", "message": str(exc)}
            except Exception:
                log.exception("a forwarded request for game %s failed", room.id)
                answer = {"error": "server_error", "message": "the request failed; nothing changed"}
        if answer is not None:
            await self.cluster.reply(request, answer)

    async def _handle_request(self, room: Room, request: dict[str, JSON]) -> dict[str, JSON] | None:
        """The reply to a forwarded request; None if it was sent already."""
        cluster = self.cluster
        assert cluster is not None
        op = request.get("op")
        if op == "act":
            proxy = Connection(request["seat"], request["token_hash"])
            answered = False

            async def acked() -> None:
                nonlocal answered
                answered = True
                pushes = [item.text for item in proxy.outbox]
                try:
                    await cluster.reply(request, {"pushes": pushes})
                except Exception:  # stored all the same: a resent decision is acked again
                    log.exception("answering a forwarded decision of game %s failed", room.id)

            seq, actions, version = int(request["seq"]), request["actions"], request["version"]
            await room.act(proxy, seq, actions, version, acked)
            return None if answered else {"pushes": [item.text for item in proxy.outbox]}
        if op == "join":
            await room.join(int(request["seat"]), str(request["name"]), str(request["token_hash"]))
            return {}
        if op == "seat_bot":
            await room.seat_bot(int(request["seat"]), str(request["bot"]))
            return {}
        if op == "rematch":
            await room.offer_rematch(str(request["rematch"]), int(request["seat"]))
            return {}
        return {"error": "malformed", "message": f"unknown request {op!r}"}

    async def _expire(self, game_id: str) -> bool:
        room = self.rooms.get(game_id)
        if self.cluster is not None:
            # Only its owner deletes a game, and not while anyone is connected to it
            # through any process.
            if room is None and await self.cluster.owner(game_id) is not None:
                return False
            if room is not None and not room.owned:
                return False
            count, seats = self._presence(room) if room is not None else (0, set())
            _, elsewhere, _ = await self.cluster.here(self.cluster.game_key(game_id), count, seats)
            if elsewhere:
                return False
        if room is None:
            return await self.services.db(self.store.delete_open_game, game_id)
        async with room.lock:  # no seat is taken meanwhile
            if room.connections or room.status != OPEN:
                return False
            deleted = await self.services.db(self.store.delete_open_game, game_id)
            if deleted:
                del self.rooms[game_id]
            return deleted

    def new_room(self, stored: StoredGame, state: State) -> Room:
        room = Room(stored, state, self.services, self.limits.connections_per_game)
        if self.cluster is not None:
            room.relay = self
        return room

    async def check_creation(self, client: str, take: bool = True) -> None:
        """Refuse (``Refused``) a creation over the client's rate; count it if
        ``take`` (else only look: a request refused later does not count). In a
        cluster the rate is the client's on all processes together (in Redis)."""
        if not await self.creations.allow(client, take):
            raise Refused(429, self.creations.refusal())

    async def check_room_for_open_game(self) -> None:
        if await self.services.db(self.store.count_games, OPEN) >= self.limits.max_open_games:
            raise Refused(503, "too many games wait for players now; join one of them or try later")

    async def connect_client(self, client: str) -> bool:
        """Count a new connection of ``client``: False (and not counted) when it has
        its most, on this process or (in a cluster) on all of them together."""
        most = self.limits.connections_per_client
        count = self.client_connections.get(client, 0)
        if count >= most:
            return False
        self.client_connections[client] = count + 1
        if self.cluster is not None:
            try:
                allowed, _, _ = await self.cluster.here(
                    self.cluster.client_key(client), self.client_connections[client], most=most
                )
            except Exception:  # Redis away: this process's own count still holds
                log.exception("counting a connection of a client failed")
                return True
            if not allowed:
                self._uncount(client)
                return False
        return True

    def disconnect_client(self, client: str) -> None:
        self._uncount(client)
        if self.cluster is not None:
            self._in_background(self._say_client_left(self.cluster, client), "client left")

    async def _say_client_left(self, cluster: Cluster, client: str) -> None:
        with contextlib.suppress(Exception):  # else it runs out with the lease
            await cluster.here(cluster.client_key(client), self.client_connections.get(client, 0))

    def _uncount(self, client: str) -> None:
        count = self.client_connections.pop(client, 0) - 1
        if count > 0:
            self.client_connections[client] = count

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: Mapping[str, JSON],
        seed: int | None,
        turn_timer: int | None,
        bots: Mapping[int, str],
        scenario: Mapping[str, JSON] | None,
        pace: str = TABLE,
        client: str = "",
    ) -> tuple[Room, str]:
        """A new game and its creator's token (returned this once only). ``Refused``
        over the client's rate of creation or the server's number of open games."""
        await self.check_creation(client, take=False)  # before any work for it
        if "data" in options:
            # A path on the server's disk: never let a client make the server read files.
            raise OptionError("the data option is not available on the server")
        game = get_game(game_name, options)
        # A creator who chose the seed or the position knows every draw or every hand.
        setup_chosen = seed is not None or scenario is not None
        seed = fresh_seed() if seed is None else seed
        state, start = start_state(game, players, seed, scenario)
        if not 0 <= state.seed <= MAX_SEED:  # a scenario names its own seed
            raise OptionError(f"a seed must be between 0 and {MAX_SEED}")
        for seat, bot in bots.items():
            if not 0 <= seat < state.num_players:
                raise OptionError(f"there is no seat {seat} for a bot")
            check_server_bot(bot, game)  # refused before the game exists
        creator = new_token()
        stored = StoredGame(
            id=secrets.token_hex(8),
            game=game.name,
            rules_version=game.rules_version,
            players=state.num_players,
            seed=state.seed,
            setup_chosen=setup_chosen,
            options=game.non_default_options(),
            data_hash=game.data_hash,
            data=None,
            scenario=start,
            creator_token_hash=hash_token(creator),
            status=OPEN,
            turn_timer=turn_timer,
            pace=pace,
            deadline=None,
            result=None,
            created_at=time.time(),
            seats=[StoredSeat(s, None, None, bots.get(s), 0) for s in range(state.num_players)],
            decisions=[],
        )
        room = self.new_room(stored, state)
        stored.status = room.status_of(state)
        if stored.status == OPEN:
            await self.check_room_for_open_game()
        await self.check_creation(client)  # only games that would be made count
        stored.deadline = room.deadline_of(state, None, stored.status)
        if self.cluster is not None:
            await self.cluster.claim(stored.id)  # a new id: nobody else holds it
            room.epoch = stored.epoch
        await self.services.db(self.store.create_game, stored)
        self.rooms[stored.id] = room
        room.wake()
        return room, creator

    async def lobby(
        self, statuses: list[str], limit: int, after: tuple[float, str] | None = None
    ) -> tuple[list[dict[str, JSON]], tuple[float, str] | None]:
        """A page of the lobby, newest first: at most ``limit`` games after the game
        ``after`` (its creation time and id), and where the next page starts."""
        stored = await self.services.db(self.store.list_games, statuses, limit + 1, after)
        more = len(stored) > limit
        stored = stored[:limit]
        last = (stored[-1].created_at, stored[-1].id) if more else None
        return [summary(s) for s in stored], last


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("%s failed", task.get_name(), exc_info=exc)


def start_state(
    game: Game, players: int | None, seed: int, scenario: Mapping[str, JSON] | None
) -> tuple[State, dict[str, JSON] | None]:
    """The first state, and the scenario (with its seed) to store when there is one."""
    if scenario is not None:
        start = {**scenario}
        start.setdefault("seed", seed)
        return game.load_scenario(start), start
    count = players if players is not None else game.min_players
    return game.new_state(count, seed), None


def summary(stored: StoredGame) -> dict[str, JSON]:
    """A game as the lobby lists it: nothing secret (no seed, no tokens), but whether
    its creator chose the seed or the starting position, and so may know every draw."""
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "status": stored.status,
        "options": stored.options,
        "turn_timer": stored.turn_timer,
        "pace": stored.pace,
        "rematch": stored.rematch,
        "setup_chosen": stored.setup_chosen,
        "created_at": stored.created_at,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "taken": s.token_hash is not None or s.bot is not None,
            }
            for s in stored.seats
        ],
        "result": stored.result,
    }


__all__ = ["ACTIVE", "FINISHED", "OPEN", "Hub", "RoomError", "UnknownGame"]
