"""Live games: each one a room holding its engine state, its seats and its connections.

A room serializes every change of its game behind an ``asyncio.Lock``: check the
decision on a clone, commit it to storage, and only then make it live, acknowledge it
and push every connection its own view. Bots and expired turn timers decide through
the same path. Bot thinking runs in a thread pool, so one game's bot never stalls
another game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

import orjson

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.engine import (
    Game,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    Record,
    State,
    derive_seed,
)

from .limits import MAX_BOT_NAME, name_problem
from .preview import PreviewError, action_json, preview
from .storage import Appended, Decision, StaleOwner, Store, StoredGame, StoredSeat
from .tokens import token_matches

JSON = Any
T = TypeVar("T")
log = logging.getLogger(__name__)

OPEN, ACTIVE, FINISHED = "open", "active", "finished"


class RoomError(Exception):
    """A decision or request refused; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def encode(message: Mapping[str, JSON]) -> str:
    """A message as compact JSON: orjson, several times quicker than the standard
    library on every push; the standard library for what orjson refuses (a client's
    echoed ``ref`` beyond 64 bits, say)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


@dataclass(eq=False)
class Outgoing:
    """A message waiting to be sent; ``log_from`` is set on a state message."""

    text: str
    log_from: int | None = None


#: Close codes of a connection the server ends (docs/server.md).
CLOSE_SLOW_READER = 4413  # messages piled up unread
CLOSE_TOO_MANY = 4429  # the game's or the client's connections are full


@dataclass(eq=False)
class Connection:
    """One WebSocket: a seat (with the hash of the token it joined with) or a
    spectator (``seat`` None). Messages queue here as JSON text and a sender task
    writes them, so a slow client never holds up a game. The queue is bounded: a
    newer state replaces one still unsent (a client needs only the latest), and a
    client that lets ``limit`` other messages pile up unread is let go of
    (``overflowed``): otherwise one reader that never reads would hold the server's
    memory without end."""

    seat: int | None
    token_hash: str | None = None
    limit: int = 64
    outbox: deque[Outgoing] = field(default_factory=deque)
    #: Log entries this connection has been sent: later pushes carry only new ones.
    log_sent: int = 0
    closed: bool = False
    overflowed: bool = False
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    unsent_state: Outgoing | None = None
    #: Called once when the queue overflows (the server then closes the socket).
    on_overflow: Callable[[], None] | None = None

    def push(self, message: Mapping[str, JSON]) -> None:
        # Encoded at once: a view is a tree of many small dicts and lists, and kept
        # waiting (or held by the sender until the next message) it would swell what
        # each of the cycle collector's young collections must walk, pausing every
        # game on the server (bench/bench_server_load.py).
        self.push_text(encode(message))

    def push_text(self, text: str, log_from: int | None = None) -> None:
        if self.closed:
            return
        if len(self.outbox) >= self.limit:
            self.overflowed = True
            self.outbox.clear()
            self.unsent_state = None
            self.close()
            if self.on_overflow is not None:
                self.on_overflow()
            return
        item = Outgoing(text, log_from)
        self.outbox.append(item)
        if log_from is not None:
            self.unsent_state = item
        self.ready.set()

    def take_back_state(self) -> None:
        """Withdraw the state still waiting to be sent, so that a newer one, carrying
        its log entries too, takes its place."""
        if self.unsent_state is not None:
            self.outbox.remove(self.unsent_state)
            assert self.unsent_state.log_from is not None
            # From where the withdrawn one started, or from 0 for a sync.
            self.log_sent = min(self.log_sent, self.unsent_state.log_from)
            self.unsent_state = None

    async def next_text(self) -> str | None:
        """The next message to send, waiting for one; None once closed and sent."""
        while not self.outbox:
            if self.closed:
                return None
            self.ready.clear()
            await self.ready.wait()
        item = self.outbox.popleft()
        if item is self.unsent_state:
            self.unsent_state = None
        return item.text

    def close(self) -> None:
        self.closed = True
        self.ready.set()


#: The least time a search bot seated on the server takes over a turn (its run of
#: decisions until another seat decides), by level. A search answers a lone legal
#: move at once and takes longer the more options it has, and its options may hang on
#: what only its seat knows (a Letter of Marque reserve of one kind of ship, a hand
#: with no straight to Evade): everyone else sees when its moves are pushed. So the
#: bot thinks its whole turn first, the turn is padded to about its usual time, and
#: its decisions are then pushed a fixed step apart: the gaps tell nothing. (Paced per
#: decision, a hard bot's turn of several decisions took 3–15 s: issue 24.)
SEARCH_PACE = {"easy": 0.25, "normal": 0.6, "hard": 1.5}
SEARCH_PACE_OTHER = 1.0  # ismcts:N
#: Seconds between the pushed decisions of a paced bot's turn (at most its pace), so
#: that people can follow them.
TURN_STEP = 0.4
#: The most decisions a bot thinks ahead in one turn before showing them.
TURN_DECISIONS = 12


@dataclass(frozen=True)
class Pace:
    """How a game's bots are paced, chosen by its creator: the share of its level's
    ``SEARCH_PACE`` a search bot's turn is padded to, and the step between its pushed
    decisions. Every pace pads a level's turns to one fixed time, so none tells a
    hand; a shorter padding is only outlasted by a long think more often."""

    padding: float
    step: float


TABLE, CASUAL = "table", "casual"
#: "table": the pace of a table of people; "casual": for who wants a quicker game.
PACES = {TABLE: Pace(padding=1.0, step=TURN_STEP), CASUAL: Pace(padding=0.25, step=0.15)}


def bot_pace(bot_name: str, pace: str = TABLE) -> float:
    """Seconds a turn of ``bot_name`` takes at least on the server at ``pace`` (0: as
    it comes; the heuristic and random bots answer in microseconds whatever they hold)."""
    kind, _, level = bot_name.partition(":")
    if kind != "ismcts":
        return 0.0
    return SEARCH_PACE.get(level, SEARCH_PACE_OTHER) * PACES[pace].padding


def pace_left(bot_name: str, thought: float, pace: str = TABLE) -> float:
    """Seconds to hold a turn that ``bot_name`` took ``thought`` seconds over."""
    return max(0.0, bot_pace(bot_name, pace) - thought)


def turn_step(bot_name: str, pace: str = TABLE) -> float:
    """Seconds between the pushed decisions of one of ``bot_name``'s turns."""
    return min(PACES[pace].step, bot_pace(bot_name, pace))


def fallback_bot(game: Game) -> str:
    """The bot that plays for a seat whose time ran out: the game's heuristic bot,
    or the random bot for a game without one."""
    return "heuristic" if "heuristic" in game.bots() else "random"


#: The most iterations an ``ismcts:N`` bot may search a decision on the server (four
#: times ``hard``): every game's bots and turn timers share two threads.
SERVER_MAX_ITERATIONS = 2_400


def check_server_bot(bot_name: str, game: Game) -> None:
    """Refuse (``OptionError``) a bot the server cannot seat: unknown, or a search
    that would keep the shared threads from every other game."""
    problem = name_problem(bot_name, MAX_BOT_NAME)
    if problem is not None:  # ismcts: and thousands of digits, say
        raise OptionError(f"no bot called that: {problem}")
    bot = make_bot(bot_name, game)
    if isinstance(bot, ISMCTSBot) and bot.iterations > SERVER_MAX_ITERATIONS:
        raise OptionError(
            f"on the server a search bot takes at most {SERVER_MAX_ITERATIONS:,} iterations "
            f"a decision, not {bot.iterations:,}"
        )


def bot_choice(bot_name: str, state: State, game_seed: int) -> int:
    """The bot's decision for the current seat of ``state`` (a private clone).

    The bot is seeded one-way from the game's seed, the seat and the decision's
    number, so its choice is the same whenever it is asked, restarts included."""
    seat = state.current_player
    assert seat is not None
    bot = make_bot(
        bot_name, state.game, derive_seed("server-bot", game_seed, seat, len(state.history))
    )
    return bot.choose(state).id


def bot_turn(bot_name: str, state: State, game_seed: int) -> list[int]:
    """The bot's decisions for the current seat of ``state`` (a private clone, played
    on) until another seat decides or the game ends, at most ``TURN_DECISIONS``: each
    the one :func:`bot_choice` makes there, so a turn thought ahead is the same turn."""
    seat = state.current_player
    turn: list[int] = []
    while state.current_player == seat and not state.is_terminal() and len(turn) < TURN_DECISIONS:
        action = bot_choice(bot_name, state, game_seed)
        turn.append(action)
        state.apply(action)
    return turn


def replay(stored: StoredGame) -> State:
    """The live state of a stored game: its start, then every stored decision (each
    checked to mean what it meant when it was made)."""
    record = Record(
        game=stored.game,
        rules_version=stored.rules_version,
        players=stored.players,
        seed=stored.seed,
        options=stored.options,
        data_hash=stored.data_hash,
        data=stored.data,
        scenario=stored.scenario,
        actions=[(d.action_id, d.text) for d in stored.decisions],
    )
    return record.replay()


@dataclass(frozen=True)
class Confirmed:
    """A seat's last decision sent by a client: its steps and the game's version just
    after it (what its acknowledgement said, and says again for a resent copy)."""

    steps: list[int]
    version: int


def last_decisions(decisions: Sequence[Decision]) -> dict[int, Confirmed]:
    """Each seat's last decision sent by a client: the steps sharing its last seq
    (a compound decision's steps are stored together, in order)."""
    last: dict[int, tuple[int, Confirmed]] = {}
    for n, d in enumerate(decisions, start=1):
        if d.seq is None:
            continue
        seq, confirmed = last.get(d.seat, (d.seq, Confirmed([], 0)))
        steps = confirmed.steps if seq == d.seq else []
        last[d.seat] = (d.seq, Confirmed([*steps, d.action_id], n))
    return {seat: confirmed for seat, (_, confirmed) in last.items()}


def seat_json(seat: StoredSeat) -> dict[str, JSON]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "bot": seat.bot,
        "last_seq": seat.last_seq,
    }


def rematch_offer(game_id: str, rematch_id: str, asker: StoredSeat) -> dict[str, JSON]:
    """The message every connection of a finished game gets when one of its seats
    starts a rematch: each person's own seat is open there, by the same number."""
    return {
        "type": "rematch",
        "game_id": game_id,
        "rematch": rematch_id,
        "seat": asker.seat,
        "by": asker.name,
    }


def report_failure(task: asyncio.Task[None]) -> None:
    """Log a bot's or timer's failure (storage down, say) instead of losing it; the
    game stays as it was stored, and the next change or a restart wakes it again."""
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.error("%s failed", task.get_name(), exc_info=exc)


class Services:
    """What every room shares: storage and the thread pools (storage and bots)."""

    def __init__(self, store: Store, storage_pool: Executor, bot_pool: Executor) -> None:
        self.store = store
        self.storage_pool = storage_pool
        self.bot_pool = bot_pool
        self.writer = DecisionWriter(store)
        #: Told the id of each game whose last decision was just stored (its ratings).
        self.on_finished: Callable[[str], None] | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.storage_pool, fn, *args)

    async def think(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.bot_pool, fn, *args)

    async def pace(self, bot_name: str, since: float, pace: str = TABLE) -> None:
        """Hold a bot's turn until its pace has passed since it began to think."""
        await asyncio.sleep(pace_left(bot_name, time.monotonic() - since, pace))

    async def step(self, bot_name: str, pace: str = TABLE) -> None:
        """The wait between two pushed decisions of a bot's turn."""
        await asyncio.sleep(turn_step(bot_name, pace))


class DecisionWriter:
    """Writes decisions of every game through one thread, in group commits: while one
    transaction is being written, the decisions that arrive wait and then go in the
    next, together. Each ``append`` returns once its own decisions are committed (or
    raises, having stored nothing), so acknowledgements still follow the commit; one
    writer also spares SQLite's single write lock from threads queueing for it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="qd-writer")
        self.waiting: list[tuple[Appended, asyncio.Future[None]]] = []
        self.draining = False

    async def append(self, appended: Appended) -> None:
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((appended, done))
        if not self.draining:
            self.draining = True
            task = asyncio.create_task(self._drain(), name="decision writer")
            task.add_done_callback(report_failure)
        await done

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    await loop.run_in_executor(
                        self.thread, self.store.append_batch, [a for a, _ in batch]
                    )
                except Exception:
                    # One bad game must not fail the others: write each alone.
                    for appended, done in batch:
                        try:
                            await loop.run_in_executor(
                                self.thread, self.store.append_batch, [appended]
                            )
                        except Exception as exc:
                            done.set_exception(exc)
                        else:
                            done.set_result(None)
                    continue
                for _, done in batch:
                    done.set_result(None)
        finally:
            self.draining = False

    def close(self) -> None:
        self.thread.shutdown(wait=True)


class Relay(Protocol):
    """A cluster as a room sees it (the hub, with ``--redis``): where its events go,
    and how a room that does not own its game reaches the process that does."""

    async def publish(self, room: Room, event: dict[str, JSON]) -> None:
        """Tell the processes that follow the game what changed (its owner only)."""

    async def forward(
        self,
        room: Room,
        request: dict[str, JSON],
        on_reply: Callable[[dict[str, JSON]], None] | None = None,
    ) -> dict[str, JSON] | None:
        """Have the game's owner handle ``request``: its reply, or None when this
        process has just taken the game over and the room should handle it itself.
        ``on_reply`` sees the reply first, before any later event of the game."""

    def lost(self, room: Room) -> None:
        """The room's process no longer owns the game (another took it over)."""

    async def seats_connected_elsewhere(self, room: Room) -> set[int]:
        """The seats of the game with a connection to another process (a RoomError,
        ``unavailable``, when that cannot be told now)."""


#: Codes of a request a room cannot handle now: it may be sent again.
UNAVAILABLE = "unavailable"


class Room:
    """One live game. In a cluster (``relay`` set) the room of the process that owns
    the game (``owned``) decides, runs its bots and timers, and publishes each change;
    the rooms of the other processes follow it (``apply``) for their own connections
    and forward their clients' decisions and seat requests to it."""

    def __init__(
        self,
        stored: StoredGame,
        state: State,
        services: Services,
        max_connections: int = 200,
    ) -> None:
        self.id = stored.id
        self.stored = stored  # the header and seats (its decisions are not kept up to date)
        self.seats: list[StoredSeat] = stored.seats
        self.state = state
        self.services = services
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.max_connections = max_connections
        # Each seat's last accepted decision, to tell a resent one from a reused seq.
        self.last_actions = last_decisions(stored.decisions)
        self._bot_task: asyncio.Task[None] | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._timer_deadline: float | None = None
        self.relay: Relay | None = None
        self.owned = True
        self.epoch: int | None = None  # in a cluster, the fencing token it owns the game by
        self.owner_hint: str | None = None  # a follower: the owner's process, as last heard
        #: An owner's decisions made and not yet published (``_tell_followers``).
        self._untold: list[dict[str, JSON]] = []
        #: A follower reloading from storage keeps the events that arrive meanwhile here.
        self.held_events: list[dict[str, JSON]] | None = None
        #: In a cluster: the seats with a connection to another process, as last heard.
        self.remote_seats: set[int] = set()
        #: An owner's event could not be published (Redis away): followers may lag.
        self.publish_failed = False

    # -- what the room is now ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def status(self) -> str:
        return self.stored.status

    @property
    def version(self) -> int:
        """How many decisions have been made: every push and ack carries it."""
        return len(self.state.history)

    def status_of(self, state: State, seats: Sequence[StoredSeat] | None = None) -> str:
        if state.is_terminal():
            return FINISHED
        if any(s.token_hash is None and s.bot is None for s in seats or self.seats):
            return OPEN
        return ACTIVE

    def done_with(self) -> bool:
        """Finished, nobody connected, no bot or timer still winding down."""
        tasks = (self._bot_task, self._timer_task)
        return (
            self.status == FINISHED
            and not self.connections
            and all(t is None or t.done() for t in tasks)
        )

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` acts for, or None. Every seat is compared, in constant time."""
        found = None
        for s in self.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def is_creator(self, token: str) -> bool:
        return token_matches(token, self.stored.creator_token_hash)

    def seat_names(self) -> list[str]:
        return [s.name or (f"{s.bot} bot" if s.bot else f"seat {s.seat}") for s in self.seats]

    def public_seats(self) -> list[dict[str, JSON]]:
        connected = {c.seat for c in self.connections if c.seat is not None} | self.remote_seats
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "taken": s.token_hash is not None or s.bot is not None,
                "connected": s.seat in connected,
            }
            for s in self.seats
        ]

    def record(self) -> dict[str, JSON]:
        """The finished game's record in the engine's format (refused while it is on:
        it holds the seed, which fixes every future draw)."""
        if self.status != FINISHED:
            raise RoomError("unfinished", "the record is public once the game is finished")
        return Record.of(self.state, self.seat_names(), self.stored.scenario).to_json()

    def state_message(self, seat: int | None, log_from: int = 0) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) may know now. Never the full state: the
        view strips hidden things, and legal actions go to the deciding seat only.
        The view's log holds the entries from ``log_from`` on (``log_from`` says
        where they start), so a connection is sent each entry once."""
        state = self.state
        view = state.view(seat, log=False)
        view["log"] = [e.for_seat(seat) for e in state.events[log_from:]]
        pending = state.pending()
        deciding = self.status == ACTIVE and seat is not None and state.current_player == seat
        message: dict[str, JSON] = {
            "type": "state",
            "game_id": self.id,
            "version": self.version,
            "status": self.status,
            "seat": seat,
            "seats": self.public_seats(),
            "turn_timer": self.stored.turn_timer,
            "pace": self.stored.pace,
            "rematch": self.stored.rematch,
            "deadline": self.stored.deadline,
            "view": view,
            "log_from": log_from,
            # The log told in words, as this seat may hear it.
            "said": [self.game.describe_event(e, seat) for e in view["log"]],
            "pending": pending.to_json() if pending else None,
            "legal": [action_json(a) for a in state.legal_actions()] if deciding else None,
        }
        if seat is not None:
            message["next_seq"] = self.seats[seat].last_seq + 1
        return message

    # -- connections -------------------------------------------------------------------------

    def attach(self, conn: Connection) -> None:
        """A connection joins: it gets the whole current picture at once. Refused
        (``too_many``) when the game has its most connections."""
        if len(self.connections) >= self.max_connections:
            raise RoomError(
                "too_many", f"this game has its most connections ({self.max_connections})"
            )
        newly_connected = self.seat_newly_connected(conn)
        self.connections.add(conn)
        conn.push({"type": "welcome", "game_id": self.id, "seat": conn.seat})
        if newly_connected:
            self.broadcast()  # everyone sees the seat connected; the newcomer gets its view
        else:
            # Spectators are not shown: nobody else's picture changes (pushing every
            # connection for each of many spectators was quadratic).
            self.push_state(conn)

    def detach(self, conn: Connection) -> None:
        self.connections.discard(conn)
        if self.seat_newly_connected(conn):  # its seat has no connection left
            self.broadcast()

    def seat_newly_connected(self, conn: Connection) -> bool:
        """Whether ``conn``'s seat has no other connection (a seat's "connected"
        changes with it); False for a spectator."""
        return conn.seat is not None and not any(
            c.seat == conn.seat for c in self.connections if c is not conn
        )

    def seat_connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    async def seat_connected_anywhere(self, seat: int) -> bool:
        """Whether the seat's player is connected, to this process or (in a cluster)
        to any other."""
        if self.seat_connected(seat):
            return True
        return self.relay is not None and seat in await self.relay.seats_connected_elsewhere(self)

    def see_elsewhere(self, seats: set[int]) -> None:
        """The seats connected to other processes now: everyone here is shown any
        change of a person's seat's ``connected``."""
        shown = {s.seat for s in self.seats if s.bot is None}
        before, self.remote_seats = self.remote_seats & shown, seats
        if seats & shown != before:
            self.broadcast()

    def broadcast(self, extra: dict[str, JSON] | None = None) -> None:
        """Push every connection its own view (computed once per seat and log start)."""
        cache: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            if extra is not None:
                conn.push(extra)
            self.push_state(conn, cache)

    def push_state(
        self, conn: Connection, cache: dict[tuple[int | None, int], str] | None = None
    ) -> None:
        """Push ``conn`` its view with the log entries it has not had yet (and those of
        an unsent older view, which this one replaces)."""
        conn.take_back_state()
        key = (conn.seat, conn.log_sent)
        text = cache.get(key) if cache is not None else None
        if text is None:
            text = encode(self.state_message(conn.seat, conn.log_sent))
            if cache is not None:
                cache[key] = text
        conn.push_text(text, log_from=conn.log_sent)
        conn.log_sent = len(self.state.events)

    # -- seats -------------------------------------------------------------------------------

    async def join(self, seat: int, name: str, token_hash: str) -> None:
        if not self.owned and await self._forward(
            {"op": "join", "seat": seat, "name": name, "token_hash": token_hash}
        ):
            return
        async with self.lock:
            s = self._seat(seat)
            if self.status == FINISHED:
                raise RoomError("game_over", "the game is over")
            if s.token_hash is not None or s.bot is not None:
                raise RoomError("seat_taken", f"seat {seat} is taken")
            await self._save_seat(replace(s, name=name, token_hash=token_hash))
            self.broadcast()
            self.wake()

    async def seat_bot(self, seat: int, bot: str) -> None:
        """Put a bot in ``seat``: an open seat, or an abandoned person's seat, whose
        token then acts no more and whose connections now watch as spectators."""
        check_server_bot(bot, self.game)  # refused before anything changes
        if not self.owned and await self._forward({"op": "seat_bot", "seat": seat, "bot": bot}):
            return
        async with self.lock:
            s = self._seat(seat)
            if self.status == FINISHED:
                raise RoomError("game_over", "the game is over")
            if s.bot is not None:
                raise RoomError("seat_taken", f"a bot already plays seat {seat}")
            if s.token_hash is not None and await self.seat_connected_anywhere(seat):
                # Only a seat its player has left: not one whose player is still here.
                raise RoomError(
                    "seat_connected", f"seat {seat}'s player is connected: it is not abandoned"
                )
            await self._save_seat(replace(s, bot=bot, token_hash=None))
            self._handed_to_bot(seat)
            self.broadcast()
            self.wake()

    async def offer_rematch(self, rematch_id: str, seat: int) -> None:
        """The finished game's ``seat`` started a rematch: stored as the game's one
        rematch (a RoomError, ``rematch_taken``, if another was first), and every
        connection is told at once who asks. It tells what the lobby tells: the new
        game's id and a seat's public name."""
        if not self.owned and await self._forward(
            {"op": "rematch", "rematch": rematch_id, "seat": seat}
        ):
            return
        async with self.lock:
            asker = self._seat(seat)
            linked = await self.services.db(self.services.store.link_rematch, self.id, rematch_id)
            if not linked:
                raise RoomError("rematch_taken", f"game {self.id} has its rematch already")
            self.stored.rematch = rematch_id
            offer = rematch_offer(self.id, rematch_id, asker)
            await self._publish({"t": "rematch", "message": offer})
            self.broadcast(offer)

    def _handed_to_bot(self, seat: int) -> None:
        """The seat's connections watch from now on."""
        for conn in self.connections:
            if conn.seat == seat:
                conn.seat = conn.token_hash = None
                conn.push(
                    {
                        "type": "error",
                        "code": "unauthorized",
                        "message": f"seat {seat} was handed to a bot: you now watch",
                        "seq": None,
                    }
                )

    def _seat(self, seat: int) -> StoredSeat:
        if not 0 <= seat < len(self.seats):
            raise RoomError("no_seat", f"this game has seats 0–{len(self.seats) - 1}")
        return self.seats[seat]

    async def _save_seat(self, seat: StoredSeat) -> None:
        """Store a seat's new holder, then make it live (the caller holds the lock)."""
        seats = [seat if s.seat == seat.seat else s for s in self.seats]
        status = self.status_of(self.state, seats)
        # A seat changing hands does not restart the deciding seat's clock.
        deadline = self.deadline_of(self.state, self.state.current_player, status, seats)
        was = self.seats[seat.seat]
        saved = await self.services.db(
            self.services.store.save_seat, self.id, seat, status, deadline, was
        )
        if not saved:  # taken meanwhile by a process that had the game before this one
            raise RoomError("seat_taken", f"seat {seat.seat} is taken")
        self.seats[seat.seat] = seat
        self.stored.status, self.stored.deadline = status, deadline
        await self._publish(
            {"t": "seat", "seat": seat_json(seat), "status": status, "deadline": deadline}
        )

    # -- decisions ---------------------------------------------------------------------------

    async def act(
        self,
        conn: Connection,
        seq: int,
        actions: Sequence[int],
        version: int | None,
        acked: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """A seat's decision (one or more steps, applied all or none), acknowledged
        once stored; a RoomError if refused, and then nothing changed. ``acked``
        (a decision forwarded by another process) sends its ack back before the
        followers hear of the move, so that there too the ack comes first."""
        if not self.owned:
            request = {
                "op": "act",
                "seat": conn.seat,
                "token_hash": conn.token_hash,
                "seq": seq,
                "actions": list(actions),
                "version": version,
            }

            def deliver(reply: dict[str, JSON]) -> None:
                # At once, as the reply arrives: the ack goes before the move's state.
                for text in reply.get("pushes", []):
                    conn.push_text(text)

            if await self._forward(request, deliver) is not None:
                return
        async with self.lock:
            seat = self._acting_seat(conn)
            s = self.seats[seat]
            if seq == s.last_seq:
                confirmed = self.last_actions.get(seat)
                if confirmed is None or confirmed.steps != list(actions):
                    raise RoomError("bad_seq", f"seq {seq} was already used for another decision")
                # The version the decision led to, as its first ack said, not the game's now.
                conn.push(
                    {"type": "ack", "seq": seq, "version": confirmed.version, "duplicate": True}
                )
                return
            if seq < s.last_seq:
                raise RoomError(
                    "stale", f"seq {seq} is stale: the next is {s.last_seq + 1} or more"
                )
            if self.status != ACTIVE:
                raise RoomError(
                    "game_over" if self.status == FINISHED else "not_started",
                    "the game is over"
                    if self.status == FINISHED
                    else "the game waits for seats to fill",
                )
            if version is not None and version != self.version:
                raise RoomError(
                    "stale",
                    f"that decision was made at version {version}; the game is at {self.version}",
                )
            trial = self._try(seat, actions)
            decisions = [
                Decision(i, self.game.action_space[i].text, seat, seq, "seat")
                for i in trial.history[self.version :]
            ]
            await self._commit(trial, decisions)
            s.last_seq = seq
            self.last_actions[seat] = Confirmed(list(actions), self.version)
            conn.push({"type": "ack", "seq": seq, "version": self.version, "duplicate": False})
            if acked is not None:
                await acked()
            await self._tell_followers()
            self.broadcast()
            self.wake()

    def _acting_seat(self, conn: Connection) -> int:
        if conn.seat is None:
            raise RoomError("spectator", "spectators cannot act")
        if self.seats[conn.seat].token_hash != conn.token_hash:
            raise RoomError(
                "unauthorized", "this seat was handed to a bot; your token no longer acts"
            )
        return conn.seat

    def _try(self, seat: int, actions: Sequence[int]) -> State:
        """``actions`` applied to a clone, all of them, or a RoomError and no change."""
        if not actions:
            raise RoomError("malformed", "'actions' must list at least one action id")
        if len(actions) > 1:
            self._check_choice(seat, actions)
        trial = self.state.clone()
        for n, action in enumerate(actions, start=1):
            step = f"step {n} of {len(actions)}: " if len(actions) > 1 else ""
            try:
                trial.act(seat, action)
            except NotYourTurnError as exc:
                raise RoomError("not_your_turn", step + str(exc)) from None
            except GameOverError as exc:
                raise RoomError("game_over", step + str(exc)) from None
            except IllegalActionError as exc:
                raise RoomError("illegal", step + str(exc)) from None
            except MalformedActionError as exc:
                raise RoomError("malformed", step + str(exc)) from None
        return trial

    def _check_choice(self, seat: int, actions: Sequence[int]) -> None:
        """Steps sent together must be one choice assembled in the page: every step but
        the last only builds it (a choice step that logs nothing), as the preview tells
        (on positions drawn for the seat, never the real one). Otherwise a seat could
        send a draw followed by a probe and read, from which step was refused, what the
        draw would have been, then have nothing happen."""
        ended_at = len(actions) - 1
        try:
            built = preview(self.state, seat, actions[:-1], salt=self.version)
        except PreviewError as exc:
            if exc.ended_at is None:
                code = "malformed" if exc.code == "too_long" else exc.code
                raise RoomError(code, exc.message) from None
            ended_at = exc.ended_at
        else:
            if built["open"]:
                return
        raise RoomError(
            "malformed",
            f"step {ended_at} of {len(actions)} ends the decision: only the steps that "
            "build one choice (the game's choice steps) may be sent together, with the "
            "step that ends it last",
        )

    async def _commit(self, trial: State, decisions: Sequence[Decision]) -> None:
        """Store the decisions that led to ``trial``, then make them on the live state
        (the caller holds the lock). If storage fails nothing changes and the error
        propagates."""
        status = self.status_of(trial)
        deadline = self.deadline_of(trial, self.state.current_player, status)
        result = trial.returns() if trial.is_terminal() else None
        stored = self.stored
        changed = (status, deadline, result) != (stored.status, stored.deadline, stored.result)
        if self.relay is not None and not self.owned:  # a follower never decides
            raise RoomError(UNAVAILABLE, "the game moved to another server process; send it again")
        first = self.version
        appended = Appended(self.id, first, decisions, status, deadline, result, changed)
        try:
            await self.services.writer.append(replace(appended, epoch=self.epoch))
        except StaleOwner:
            # Another process took the game over: nothing was stored here.
            if self.relay is not None:
                self.relay.lost(self)
            raise RoomError(
                UNAVAILABLE, "the game moved to another server process; send it again"
            ) from None
        # The stored steps are replayed on the live state (the same seed, the same
        # game) rather than the trial swapped in: the live board, log and history are
        # long-lived, and a fresh copy of them on every move would be walked by each
        # of the cycle collector's young collections, a pause that grows with the
        # games' length for every game on the server (bench/bench_server_load.py).
        for d in decisions:
            self.state.act(d.seat, d.action_id)
        assert len(self.state.history) == len(trial.history)
        self.stored.status, self.stored.deadline, self.stored.result = status, deadline, result
        if status == FINISHED and self.services.on_finished is not None:
            self.services.on_finished(self.id)
        self._untold.append(
            {
                "t": "dec",
                "from": first,
                "steps": [[d.seat, d.action_id, d.seq] for d in decisions],
                "status": status,
                "deadline": deadline,
                "result": result,
            }
        )

    def deadline_of(
        self,
        state: State,
        before: int | None,
        status: str,
        seats: Sequence[StoredSeat] | None = None,
    ) -> float | None:
        """The deciding seat's deadline: set when a person's seat comes to decide,
        kept while the same seat goes on deciding, none for bots or without a timer."""
        timer = self.stored.turn_timer
        seat = state.current_player
        seats = seats or self.seats
        if timer is None or status != ACTIVE or seat is None or seats[seat].bot is not None:
            return None
        if seat == before and self.stored.deadline is not None:
            return self.stored.deadline
        return time.time() + timer

    # -- bots and timers ---------------------------------------------------------------------

    def wake(self) -> None:
        """Start the bot if a bot must decide, and the timer if a person's clock runs
        (in a cluster, on the game's owner only)."""
        if not self.owned:
            return
        seat = self.state.current_player
        if (
            self.status == ACTIVE
            and seat is not None
            and self.seats[seat].bot is not None
            and (self._bot_task is None or self._bot_task.done())
        ):
            self._bot_task = asyncio.create_task(self._play_bots(), name=f"bots {self.id}")
            self._bot_task.add_done_callback(report_failure)
        self._schedule_timer()

    async def _play_bots(self) -> None:
        while True:
            async with self.lock:
                seat = self.state.current_player
                if (
                    not self.owned
                    or self.status != ACTIVE
                    or seat is None
                    or self.seats[seat].bot is None
                ):
                    return
                bot, snapshot, version = self.seats[seat].bot, self.state.clone(), self.version
            assert bot is not None
            # Think the whole turn outside the lock: joins and spectators are not held
            # up meanwhile. Paced once per turn (SEARCH_PACE at the game's pace), then
            # a step apart.
            started, pace = time.monotonic(), self.stored.pace
            turn = await self.services.think(bot_turn, bot, snapshot, self.stored.seed)
            await self.services.pace(bot, started, pace)
            for i, action in enumerate(turn):
                if i:
                    await self.services.step(bot, pace)
                async with self.lock:
                    if not self.owned:
                        return
                    if self.version != version or self.seats[seat].bot != bot:
                        break  # the game moved on without it: think again
                    await self._decide_for(seat, action, "bot")
                    version = self.version

    async def _decide_for(self, seat: int, action: int, by: str) -> None:
        trial = self.state.clone()
        trial.act(seat, action)
        await self._commit(
            trial, [Decision(action, self.game.action_space[action].text, seat, None, by)]
        )
        await self._tell_followers()
        self.broadcast()
        self.wake()  # the next seat's clock, or its bot

    def _schedule_timer(self) -> None:
        deadline = self.stored.deadline
        if deadline == self._timer_deadline:
            return
        task, self._timer_task, self._timer_deadline = self._timer_task, None, deadline
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if deadline is not None:
            self._timer_task = asyncio.create_task(self._expire(deadline), name=f"timer {self.id}")
            self._timer_task.add_done_callback(report_failure)

    async def _expire(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with self.lock:
            seat = self.state.current_player
            if (
                not self.owned
                or self.stored.deadline != deadline
                or self.status != ACTIVE
                or seat is None
            ):
                return
            bot = fallback_bot(self.game)
            said = {"type": "timeout", "seat": seat, "bot": bot}
            await self._publish({"t": "say", "message": said})
            self.broadcast(said)
            # The bot finishes the seat's turn: every decision until another seat decides.
            while self.status == ACTIVE and self.state.current_player == seat:
                snapshot = self.state.clone()
                action = await self.services.think(bot_choice, bot, snapshot, self.stored.seed)
                await self._decide_for(seat, action, "timer")

    async def stop(self) -> None:
        """Stop the room's bot and timer and let its connections go (server shutdown)."""
        await self.stop_tasks()
        for conn in self.connections:
            conn.close()

    async def stop_tasks(self) -> None:
        tasks = [t for t in (self._bot_task, self._timer_task) if t is not None]
        for task in tasks:
            if task is not asyncio.current_task():
                task.cancel()
        await asyncio.gather(
            *(t for t in tasks if t is not asyncio.current_task()), return_exceptions=True
        )
        self._timer_deadline = None

    # -- a cluster ---------------------------------------------------------------------------

    async def _publish(self, event: dict[str, JSON]) -> None:
        """Tell the followers (before the ack: one Redis connection carries both to a
        follower, so its client sees the move no later than its acknowledgement)."""
        if self.relay is not None and self.owned:
            try:
                await self.relay.publish(self, event)
            except Exception:  # stored all the same: the version is told again (hub)
                self.publish_failed = True
                log.exception("publishing an event of game %s failed", self.id)

    async def publish_owner(self) -> None:
        """Tell the followers this process owns the game, at which version and with
        which seats: a follower that holds anything else reloads from storage."""
        seats = [seat_json(s) for s in self.seats]
        await self._publish({"t": "owner", "version": self.version, "seats": seats})

    async def _tell_followers(self) -> None:
        untold, self._untold = self._untold, []
        for event in untold:
            await self._publish(event)

    async def _forward(
        self,
        request: dict[str, JSON],
        on_reply: Callable[[dict[str, JSON]], None] | None = None,
    ) -> dict[str, JSON] | None:
        """Have the owner handle ``request``: its reply (a RoomError if it refused),
        or None if this room now owns the game and must handle it itself."""
        assert self.relay is not None
        reply = await self.relay.forward(self, request, on_reply)
        if reply is None:
            return None
        if "error" in reply:
            raise RoomError(str(reply["error"]), str(reply.get("message", "")))
        return reply

    def own(self, epoch: int) -> None:
        """This process has taken the game over with ``epoch``: bots and timers go on here."""
        self.owned, self.epoch = True, epoch
        self.wake()

    def disown(self) -> None:
        """Another process owns the game now: stop deciding for it here."""
        self.owned = False
        for task in (self._bot_task, self._timer_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._timer_deadline = None

    def reload(self, stored: StoredGame, state: State) -> None:
        """The game as storage holds it now (a follower that missed events, or a
        process taking the game over); every connection is sent its new view."""
        self.stored, self.seats, self.state = stored, stored.seats, state
        self.last_actions = last_decisions(stored.decisions)
        for conn in self.connections:
            conn.log_sent = min(conn.log_sent, len(state.events))
            if conn.seat is not None and self.seats[conn.seat].token_hash != conn.token_hash:
                conn.seat = conn.token_hash = None  # handed to a bot meanwhile
        self.broadcast()

    def apply(self, event: dict[str, JSON]) -> bool:
        """A follower: apply the owner's event and push every connection its view.
        False when it does not follow on from what this room holds (an event was
        missed): the room must then reload from storage."""
        kind = event.get("t")
        try:
            if kind == "dec":
                steps = event["steps"]
                start = int(event["from"])
                if start + len(steps) <= self.version:
                    return True  # already here (a reload read it from storage)
                if start != self.version:
                    return False
                for seat, action_id, seq in steps:
                    self.state.act(seat, action_id)
                    if seq is not None:
                        self.seats[seat].last_seq = seq
                stored = self.stored
                stored.status, stored.deadline = event["status"], event["deadline"]
                stored.result = event["result"]
            elif kind == "seat":
                seat = StoredSeat(**event["seat"])
                self.seats[seat.seat] = seat
                self.stored.status, self.stored.deadline = event["status"], event["deadline"]
                if seat.bot is not None:
                    self._handed_to_bot(seat.seat)
            elif kind == "say":
                self.broadcast(event["message"])
                return True
            elif kind == "rematch":
                self.stored.rematch = str(event["message"]["rematch"])
                self.broadcast(event["message"])
                return True
            elif kind == "owner":  # does this copy hold what the owner holds?
                seats = event.get("seats")
                same_seats = seats is None or seats == [seat_json(s) for s in self.seats]
                return int(event["version"]) == self.version and same_seats
            else:
                return True
        except Exception:  # a step the state refuses: it is not the owner's state
            log.exception("an event of game %s does not apply; reloading it", self.id)
            return False
        self.broadcast()
        return True
