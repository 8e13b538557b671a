"""Storage through SQLAlchemy: an SQLite file by default, PostgreSQL by URL.

Every method is one short transaction and is synchronous; the server calls them off
the event loop. A decision is committed here before the server acknowledges it.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from alembic import command
from alembic.config import Config
from filelock import FileLock
from filelock import Timeout as LockTimeout
from sqlalchemy import (
    Connection,
    Engine,
    Table,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    or_,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from .models import DecisionRow, GameRow, PlayerRow, RatingRow, SeatRow

JSON = Any


def default_database_url() -> str:
    """``$QUARTERDECK_HOME/quarterdeck.db``, or ``~/.quarterdeck/quarterdeck.db``."""
    home = os.environ.get("QUARTERDECK_HOME")
    folder = Path(home) if home else Path.home() / ".quarterdeck"
    return f"sqlite:///{folder / 'quarterdeck.db'}"


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy would pick psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def database_name(url: str) -> str:
    """The database at ``url`` as it may be printed: kind, host, port and name, never a
    user's password (in the URL's user part or its query)."""
    try:
        parsed = make_url(normalize_url(url))
        port = f":{parsed.port}" if parsed.port else ""
    except (ArgumentError, ValueError):
        return "the --database URL (it does not parse)"
    if "@" in (parsed.host or ""):  # an '@' in the password, not percent-encoded
        return "the --database URL (percent-encode an '@' in the password as %40)"
    if parsed.get_backend_name() == "sqlite":
        return f"sqlite:///{parsed.database or ''}"
    return f"{parsed.get_backend_name()}://{parsed.host or ''}{port}/{parsed.database or ''}"


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        path = url.partition(":///")[2].partition("?")[0]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers work beside the writer; FULL syncs each commit, so an
    # acknowledged decision survives even a crash of the machine, not just kill -9.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class DatabaseInUse(Exception):
    """Another server process holds the database."""


class StaleOwner(Exception):
    """A cluster process wrote to a game another process has taken over since (its
    epoch is no longer the game's): nothing was stored."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} has been taken over by another process")
        self.game_id = game_id


def sqlite_path(url: str) -> str | None:
    """The file of an SQLite URL; None for another database or one in memory."""
    url = normalize_url(url)
    if not url.startswith("sqlite"):
        return None
    path = url.partition(":///")[2].partition("?")[0]
    return path if path and path != ":memory:" else None


#: The PostgreSQL advisory lock of a server: one per database and schema (the
#: schema in use is part of the key, so that schemas of one database stay apart).
_PG_LOCK_KEY = text(
    "SELECT ('x' || substr(md5('quarterdeck-server:' || current_database() || ':' "
    "|| current_schema()), 1, 16))::bit(64)::bigint"
)

_PG_MIGRATE_KEY = text(
    "SELECT ('x' || substr(md5('quarterdeck-migrate:' || current_database() || ':' "
    "|| current_schema()), 1, 16))::bit(64)::bigint"
)
_PG_IDENTITY = text("SELECT current_database() || ':' || current_schema()")


def migrate(engine: Engine) -> None:
    """``alembic upgrade head`` with the migrations shipped inside the package."""
    config = Config()
    config.set_main_option("script_location", "quarterdeck.server:migrations")
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # The processes of a cluster may start together: one migrates, the others
            # wait for it here and then find nothing left to do.
            key = connection.execute(_PG_MIGRATE_KEY).scalar_one()
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": key})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True)
class Decision:
    action_id: int
    text: str
    seat: int
    seq: int | None
    made_by: str  # "seat", "bot" or "timer"


@dataclass(frozen=True)
class Appended:
    """Decisions ``first``, ``first + 1``, … of one game, with its status after them."""

    game_id: str
    first: int
    decisions: Sequence[Decision]
    status: str
    deadline: float | None
    result: list[float] | None
    #: False when status, deadline and result are as stored: the game's row is left be.
    header_changed: bool = True
    #: In a cluster, the epoch its owner took the game with: stored only while it holds.
    epoch: int | None = None


# The hot path's statements, built once, on the tables themselves: the ORM's bulk
# path and building a statement for every batch cost more CPU than SQLite's own work.
_DECISIONS, _SEATS, _GAMES = (cast(Table, row.__table__) for row in (DecisionRow, SeatRow, GameRow))
_INSERT_DECISIONS = insert(_DECISIONS)
_UPDATE_SEQ = (
    update(_SEATS)
    .where(_SEATS.c.game_id == bindparam("g"), _SEATS.c.seat == bindparam("s"))
    .values(last_seq=bindparam("seq"))
)
_UPDATE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("g"))
    .values(
        status=bindparam("status"),
        deadline=bindparam("deadline"),
        result=bindparam("result", type_=_GAMES.c.result.type),
    )
)


@dataclass
class StoredSeat:
    seat: int
    name: str | None
    token_hash: str | None
    bot: str | None
    last_seq: int


@dataclass
class StoredGame:
    id: str
    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, JSON]
    data_hash: str
    data: JSON
    scenario: JSON
    creator_token_hash: str
    status: str
    turn_timer: int | None
    deadline: float | None
    result: list[float] | None
    created_at: float
    seats: list[StoredSeat]
    decisions: list[Decision]
    setup_chosen: bool = False  # by the creator: the lobby tells everyone
    epoch: int = 0  # a cluster's fencing token (the owner's takeovers)
    pace: str = "table"  # its bots' pace, chosen by its creator (rooms.PACES)
    rematch: str | None = None  # the rematch a seat started once it finished (its id)


@dataclass(frozen=True)
class StoredPlayer:
    id: int
    name: str
    created_at: float


@dataclass(frozen=True)
class Competitor:
    """Who a rating is of: a player (by id) or a bot (by its name, ``ismcts:hard``)."""

    player_id: int | None = None
    bot: str | None = None


@dataclass(frozen=True)
class Standing:
    """A competitor's rating at one game: its Elo, the information of its games (its
    standard error follows from it) and how many games it was rated in."""

    elo: float
    information: float
    games: int


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as its ratings see it."""

    id: str
    game: str
    result: list[float]
    setup_chosen: bool
    #: Who is rated for each seat: the player who joined it with a key (even if a bot
    #: finished it for them), else the bot that held it from the start; None for a
    #: person without a key, or a bot that took such a person's seat over.
    competitors: list[Competitor | None]


@dataclass(frozen=True)
class RatingUpdate:
    standings: dict[Competitor, Standing]
    changes: dict[int, float]  # seat -> how its rating moved


@dataclass(frozen=True)
class RatingEntry:
    game: str
    competitor: Competitor
    name: str  # the player's name, or the bot's
    standing: Standing


@dataclass(frozen=True)
class PlayerGame:
    """A game on a player's page: the game, the player's seat, how their rating moved,
    and the players (by name) in its seats."""

    game: StoredGame
    seat: int
    elo_change: float | None
    players: dict[int, str]  # seat -> player name, for the seats joined with a key


#: How often a rating transaction is tried again when another process created the
#: same rating row at the same moment (PostgreSQL), or the database was busy.
RATING_ATTEMPTS = 4


class Store:
    """The server's storage. Thread-safe: each call opens its own session."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Decisions are written on a connection each writing thread keeps (the server
        # has one writer): checking one out of the pool for every commit would cost
        # more than the commit.
        self._local = threading.local()
        self._kept: list[Connection] = []
        self._kept_lock = threading.Lock()
        self.url = url
        self._claim: FileLock | Connection | None = None

    def migrate(self) -> None:
        migrate(self.engine)

    def claim(self) -> None:
        """Hold the database for this process until ``close``, or raise
        ``DatabaseInUse``: two server processes on one database would each keep
        games in memory and overwrite each other's decisions. SQLite: an exclusive
        lock on the file ``<database>.lock``; PostgreSQL: a session advisory lock.
        Both die with the process, ``kill -9`` included, so nothing stale is left."""
        if self._claim is not None:
            return
        path = sqlite_path(self.url)
        if path is not None:
            self._claim = self._lock_file(path)
        elif self.engine.dialect.name == "postgresql":
            self._claim = self._advisory_lock()

    def _in_use(self) -> DatabaseInUse:
        return DatabaseInUse(f"another Quarterdeck server already uses {database_name(self.url)}")

    def _lock_file(self, path: str) -> FileLock:
        lock = FileLock(f"{path}.lock", timeout=0)
        try:
            lock.acquire()
        except LockTimeout:
            raise self._in_use() from None
        return lock

    def _advisory_lock(self) -> Connection:
        connection = self.engine.connect()
        try:
            key = connection.execute(_PG_LOCK_KEY).scalar_one()
            got = connection.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key})
            held = bool(got.scalar_one())
            connection.commit()
        except Exception:
            connection.close()
            raise
        if not held:
            connection.close()
            raise self._in_use()
        return connection

    def identity(self) -> str:
        """What names this database wherever it is reached from (a cluster's Redis keys
        start with it): PostgreSQL's database and schema, or an SQLite file's path."""
        path = sqlite_path(self.url)
        if path is not None:
            return f"sqlite:{Path(path).resolve()}"
        with self.engine.connect() as connection:
            if self.engine.dialect.name == "postgresql":
                return f"postgresql:{connection.execute(_PG_IDENTITY).scalar_one()}"
        return database_name(self.url)

    def keep_claim(self) -> None:
        """Check now and then that the claim still holds: a PostgreSQL advisory lock
        ends with its connection, which the network may drop. A lost one is taken
        again (``DatabaseInUse`` if another server took it meanwhile)."""
        claim = self._claim
        if not isinstance(claim, Connection):
            return  # a lock file lasts as long as the process
        try:
            claim.execute(text("SELECT 1")).scalar_one()
            claim.commit()
        except Exception:
            self.release()
            self._claim = self._advisory_lock()

    def release(self) -> None:
        """Let go of the database (see ``claim``)."""
        claim, self._claim = self._claim, None
        if isinstance(claim, FileLock):
            claim.release()
        elif claim is not None:
            with contextlib.suppress(Exception):
                claim.invalidate()  # the session, and its advisory lock, end with it
                claim.close()

    def close(self) -> None:
        self.release()
        with self._kept_lock:
            for connection in self._kept:
                connection.close()
            self._kept.clear()
        self.engine.dispose()

    def _writer(self) -> Connection:
        connection: Connection | None = getattr(self._local, "connection", None)
        if connection is None or connection.closed:
            connection = self._local.connection = self.engine.connect()
            with self._kept_lock:
                self._kept.append(connection)
        return connection

    def _drop_writer(self) -> None:
        connection: Connection | None = getattr(self._local, "connection", None)
        self._local.connection = None
        if connection is not None:
            with self._kept_lock:
                if connection in self._kept:
                    self._kept.remove(connection)
            connection.invalidate()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    # -- writing ---------------------------------------------------------------------------

    def create_game(self, game: StoredGame) -> None:
        with self._session() as session:
            row = GameRow(
                id=game.id,
                game=game.game,
                rules_version=game.rules_version,
                players=game.players,
                seed=game.seed,
                setup_chosen=game.setup_chosen,
                options=game.options,
                data_hash=game.data_hash,
                data=game.data,
                scenario=game.scenario,
                creator_token_hash=game.creator_token_hash,
                status=game.status,
                turn_timer=game.turn_timer,
                pace=game.pace,
                rematch=game.rematch,
                deadline=game.deadline,
                result=game.result,
                created_at=game.created_at,
                epoch=game.epoch,
            )
            row.seats = [
                SeatRow(seat=s.seat, name=s.name, token_hash=s.token_hash, bot=s.bot, last_seq=0)
                for s in game.seats
            ]
            session.add(row)

    def save_seat(
        self,
        game_id: str,
        seat: StoredSeat,
        status: str,
        deadline: float | None,
        was: StoredSeat | None = None,
    ) -> bool:
        """Store a seat's new holder and the game's status; with ``was``, only if the
        seat is still held as ``was`` says (its token and bot): False, and nothing
        stored, if another took it meanwhile. The condition is the database's own, so
        two server processes can never both seat someone in one seat."""
        query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat.seat)
        if was is not None:
            query = query.where(
                SeatRow.token_hash.is_(None)
                if was.token_hash is None
                else SeatRow.token_hash == was.token_hash,
                SeatRow.bot.is_(None) if was.bot is None else SeatRow.bot == was.bot,
            )
        with self._session() as session:
            changed = session.execute(
                query.values(name=seat.name, token_hash=seat.token_hash, bot=seat.bot)
            )
            if cast(Any, changed).rowcount != 1:
                return False
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(status=status, deadline=deadline)
            )
            return True

    def take_over(self, game_id: str) -> int | None:
        """Raise the game's epoch (a cluster process takes it over): from now on only
        the process holding the new epoch stores its decisions. None: no such game."""
        with self._session() as session:
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(epoch=GameRow.epoch + 1)
            )
            epoch = session.scalar(select(GameRow.epoch).where(GameRow.id == game_id))
            return None if epoch is None else int(epoch)

    def append_decisions(
        self,
        game_id: str,
        first: int,
        decisions: Sequence[Decision],
        status: str,
        deadline: float | None,
        result: list[float] | None,
    ) -> None:
        """Decisions ``first``, ``first + 1``, … in one transaction, with the game's new
        status, deadline and result and the deciding seat's sequence number."""
        self.append_batch([Appended(game_id, first, decisions, status, deadline, result)])

    def append_batch(self, batch: Sequence[Appended]) -> None:
        """The decisions of several games in one transaction: one commit (and one sync
        to disk) for all the decisions that arrived while the last one was written.
        Plain SQL statements, not ORM objects: this is the server's hot path."""
        rows = [
            {
                "game_id": a.game_id,
                "number": n,
                "action_id": d.action_id,
                "text": d.text,
                "seat": d.seat,
                "seq": d.seq,
                "made_by": d.made_by,
            }
            for a in batch
            for n, d in enumerate(a.decisions, start=a.first)
        ]
        seqs = [
            {"g": a.game_id, "s": seat, "seq": seq}
            for a in batch
            for seat, seq in {d.seat: d.seq for d in a.decisions if d.seq is not None}.items()
        ]
        games = [
            {"g": a.game_id, "status": a.status, "deadline": a.deadline, "result": a.result}
            for a in batch
            if a.header_changed
        ]
        fenced = [(a.game_id, a.epoch) for a in batch if a.epoch is not None]
        connection = self._writer()
        try:
            with connection.begin():
                if fenced:  # first: the games' rows stay locked until the commit
                    self._check_epochs(connection, fenced)
                self._write(connection, rows, seqs, games)
        except StaleOwner:
            raise
        except Exception:
            self._drop_writer()  # a broken connection is not kept
            raise

    @staticmethod
    def _check_epochs(connection: Connection, fenced: list[tuple[str, int]]) -> None:
        """Lock the games' rows, in one statement, where each epoch is still as given;
        ``StaleOwner`` for a game that was taken over meanwhile."""
        held = set(
            connection.execute(
                update(_GAMES)
                .where(tuple_(_GAMES.c.id, _GAMES.c.epoch).in_(fenced))
                .values(epoch=_GAMES.c.epoch)
                .returning(_GAMES.c.id)
            ).scalars()
        )
        for game_id, _ in fenced:
            if game_id not in held:
                raise StaleOwner(game_id)

    @staticmethod
    def _write(
        connection: Connection,
        rows: list[dict[str, JSON]],
        seqs: list[dict[str, JSON]],
        games: list[dict[str, JSON]],
    ) -> None:
        if rows:
            connection.execute(_INSERT_DECISIONS, rows)
        if seqs:
            connection.execute(_UPDATE_SEQ, seqs)
        if games:
            connection.execute(_UPDATE_GAME, games)

    def link_rematch(self, game_id: str, rematch_id: str) -> bool:
        """Store ``rematch_id`` as the finished game's rematch, if it has none yet:
        False, and nothing stored, if another was linked first (by any process)."""
        query = (
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.status == "finished", GameRow.rematch.is_(None))
            .values(rematch=rematch_id)
        )
        with self._session() as session:
            return bool(cast(Any, session.execute(query)).rowcount == 1)

    def delete_open_game(self, game_id: str) -> bool:
        """Delete a game still open (it has no decisions); False if it is no more."""
        with self._session() as session:
            status = session.scalar(
                select(GameRow.status).where(GameRow.id == game_id).with_for_update()
            )
            if status != "open":
                return False
            session.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
            session.execute(delete(GameRow).where(GameRow.id == game_id))
            return True

    def delete_game(self, game_id: str) -> None:
        with self._session() as session:
            session.execute(delete(DecisionRow).where(DecisionRow.game_id == game_id))
            session.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
            session.execute(delete(GameRow).where(GameRow.id == game_id))

    # -- reading ---------------------------------------------------------------------------

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id, options=[selectinload(GameRow.seats)])
            if row is None:
                return None
            decisions = session.scalars(
                select(DecisionRow)
                .where(DecisionRow.game_id == game_id)
                .order_by(DecisionRow.number)
            ).all()
            return _stored(row, [_decision(d) for d in decisions])

    def list_games(
        self,
        statuses: Sequence[str],
        limit: int | None = None,
        after: tuple[float, str] | None = None,
    ) -> list[StoredGame]:
        """Games with these statuses, newest first (ties by id), without their
        decisions (the lobby's list; ``decisions`` is left empty): at most ``limit``,
        those after the game ``after`` (its creation time and id) in that order."""
        query = select(GameRow).where(GameRow.status.in_(statuses))
        if after is not None:
            created_at, game_id = after
            query = query.where(
                or_(
                    GameRow.created_at < created_at,
                    and_(GameRow.created_at == created_at, GameRow.id > game_id),
                )
            )
        query = query.order_by(GameRow.created_at.desc(), GameRow.id).limit(limit)
        with self._session() as session:
            rows = session.scalars(query.options(selectinload(GameRow.seats))).all()
            return [_stored(row, []) for row in rows]

    def count_games(self, status: str) -> int:
        with self._session() as session:
            count = session.scalar(
                select(func.count()).select_from(GameRow).where(GameRow.status == status)
            )
            return int(count or 0)

    def open_game_ids(self, created_before: float) -> list[str]:
        """The open games created before ``created_before`` (Unix seconds)."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(GameRow.id).where(
                        GameRow.status == "open", GameRow.created_at < created_before
                    )
                )
            )

    def decision_counts(self, game_ids: Sequence[str]) -> dict[str, int]:
        with self._session() as session:
            rows = session.execute(
                select(DecisionRow.game_id, func.count())
                .where(DecisionRow.game_id.in_(game_ids))
                .group_by(DecisionRow.game_id)
            ).all()
            return {game_id: count for game_id, count in rows}

    def active_game_ids(self) -> list[str]:
        with self._session() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.status == "active")))

    # -- players and ratings ----------------------------------------------------------------

    def create_player(
        self, name: str, name_key: str, key_hash: str, created_at: float
    ) -> StoredPlayer | None:
        """A new player; None if the name (as compared: ``name_key``) is taken."""
        try:
            with self._session() as session:
                row = PlayerRow(
                    name=name, name_key=name_key, key_hash=key_hash, created_at=created_at
                )
                session.add(row)
                session.flush()
                return StoredPlayer(row.id, row.name, row.created_at)
        except IntegrityError:
            return None

    def player_by_key(self, key_hash: str) -> StoredPlayer | None:
        return self._player(PlayerRow.key_hash == key_hash)

    def player_by_name(self, name_key: str) -> StoredPlayer | None:
        return self._player(PlayerRow.name_key == name_key)

    def _player(self, where: Any) -> StoredPlayer | None:
        with self._session() as session:
            row = session.scalars(select(PlayerRow).where(where)).first()
            return None if row is None else StoredPlayer(row.id, row.name, row.created_at)

    def link_seat(self, game_id: str, seat: int, player_id: int, token_hash: str) -> bool:
        """Name the player who joined a seat (with ``token_hash``); False if the seat is
        no longer held by that token."""
        with self._session() as session:
            changed = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash == token_hash,
                )
                .values(player_id=player_id)
            )
            return bool(cast(Any, changed).rowcount == 1)

    def keyed_seats(self, game_id: str) -> list[int]:
        """The seats of a game joined with a player's key (their player is rated)."""
        with self._session() as session:
            rows = session.scalars(
                select(SeatRow.seat)
                .where(SeatRow.game_id == game_id, SeatRow.player_id.is_not(None))
                .order_by(SeatRow.seat)
            )
            return list(rows)

    def unrated_game_ids(self) -> list[str]:
        """Finished games whose ratings were not updated yet (the server stopped
        between a game's last decision and its ratings)."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(GameRow.id).where(GameRow.rated == false(), GameRow.status == "finished")
                )
            )

    def rate_game(
        self,
        game_id: str,
        rate: Callable[[FinishedGame, Mapping[Competitor, Standing]], RatingUpdate],
    ) -> bool:
        """Update the ratings of a finished game's competitors once: ``rate`` gets the
        game and the standings they have (those never rated are left out) and returns
        the new ones. False if the game is not finished or was rated already. One
        transaction: the game is marked first, so two processes never both rate it."""
        for attempt in range(RATING_ATTEMPTS):
            try:
                with self._session() as session:
                    return self._rate(session, game_id, rate)
            except (IntegrityError, OperationalError):
                # Another game created the same new rating row meanwhile (PostgreSQL),
                # or two games locked theirs in opposite orders: once more, afresh.
                if attempt == RATING_ATTEMPTS - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        return False

    def _rate(
        self,
        session: Session,
        game_id: str,
        rate: Callable[[FinishedGame, Mapping[Competitor, Standing]], RatingUpdate],
    ) -> bool:
        claimed = session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.status == "finished", GameRow.rated == false())
            .values(rated=True)
        )
        if cast(Any, claimed).rowcount != 1:
            return False
        row = session.get(GameRow, game_id, options=[selectinload(GameRow.seats)])
        assert row is not None
        finished = FinishedGame(
            id=row.id,
            game=row.game,
            result=list(row.result or []),
            setup_chosen=bool(row.setup_chosen),
            competitors=[_competitor(s) for s in row.seats],
        )
        who = {c for c in finished.competitors if c is not None}
        rows = self._rating_rows(session, row.game, who)
        standings = {c: Standing(r.elo, r.information, r.games) for c, r in rows.items()}
        update_ = rate(finished, standings)
        when = now()
        for competitor, standing in update_.standings.items():
            kept = rows.get(competitor)
            if kept is None:
                kept = RatingRow(game=row.game, player_id=competitor.player_id, bot=competitor.bot)
                session.add(kept)
            kept.elo, kept.information, kept.games = (
                standing.elo,
                standing.information,
                standing.games,
            )
            kept.updated_at = when
        for seat in row.seats:
            if seat.seat in update_.changes:
                seat.elo_change = update_.changes[seat.seat]
        return True

    @staticmethod
    def _rating_rows(
        session: Session, game: str, who: set[Competitor]
    ) -> dict[Competitor, RatingRow]:
        """The rating rows of ``who`` at ``game`` that exist, locked until the commit
        (in the order of their ids, so two games never wait on each other's)."""
        players = [c.player_id for c in who if c.player_id is not None]
        bots = [c.bot for c in who if c.bot is not None]
        if not who:
            return {}
        rows = session.scalars(
            select(RatingRow)
            .where(
                RatingRow.game == game,
                or_(RatingRow.player_id.in_(players), RatingRow.bot.in_(bots)),
            )
            .order_by(RatingRow.id)
            .with_for_update()
        ).all()
        return {Competitor(r.player_id, r.bot): r for r in rows}

    def player_ratings(self, player_id: int) -> list[RatingEntry]:
        """A player's ratings, one per game they were rated in."""
        with self._session() as session:
            rows = session.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow, RatingRow.player_id == PlayerRow.id)
                .where(RatingRow.player_id == player_id)
                .order_by(RatingRow.game)
            ).all()
            return [_entry(r, name) for r, name in rows]

    def leaderboard(self, game: str, limit: int) -> list[RatingEntry]:
        """The ratings at ``game``, highest first: players and bots on one scale."""
        with self._session() as session:
            rows = session.execute(
                select(RatingRow, PlayerRow.name)
                .outerjoin(PlayerRow, RatingRow.player_id == PlayerRow.id)
                .where(RatingRow.game == game)
                .order_by(RatingRow.elo.desc(), RatingRow.id)
                .limit(limit)
            ).all()
            return [_entry(r, name) for r, name in rows]

    def player_games(
        self, player_id: int, limit: int, after: tuple[float, str] | None = None
    ) -> list[PlayerGame]:
        """The games a player joined with their key, newest first (ties by id): at most
        ``limit``, those after the game ``after`` (its creation time and id)."""
        query = (
            select(GameRow, SeatRow.seat, SeatRow.elo_change)
            .join(SeatRow, SeatRow.game_id == GameRow.id)
            .where(SeatRow.player_id == player_id)
        )
        if after is not None:
            created_at, game_id = after
            query = query.where(
                or_(
                    GameRow.created_at < created_at,
                    and_(GameRow.created_at == created_at, GameRow.id > game_id),
                )
            )
        query = query.order_by(GameRow.created_at.desc(), GameRow.id, SeatRow.seat).limit(limit)
        with self._session() as session:
            found = session.execute(query.options(selectinload(GameRow.seats))).all()
            ids = {s.player_id for g, _, _ in found for s in g.seats if s.player_id is not None}
            rows = session.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))
            )
            names = {player_id: name for player_id, name in rows}
            return [
                PlayerGame(
                    _stored(g, []),
                    seat,
                    change,
                    {s.seat: names[s.player_id] for s in g.seats if s.player_id is not None},
                )
                for g, seat, change in found
            ]


def _competitor(seat: SeatRow) -> Competitor | None:
    """Who is rated for a seat (see ``FinishedGame.competitors``)."""
    if seat.player_id is not None:
        return Competitor(player_id=seat.player_id)
    if seat.bot is not None and seat.name is None:
        return Competitor(bot=seat.bot)
    return None


def _entry(row: RatingRow, player_name: str | None) -> RatingEntry:
    name = player_name if row.player_id is not None else row.bot
    return RatingEntry(
        row.game,
        Competitor(row.player_id, row.bot),
        name or "",
        Standing(row.elo, row.information, row.games),
    )


def _decision(row: DecisionRow) -> Decision:
    return Decision(row.action_id, row.text, row.seat, row.seq, row.made_by)


def _stored(row: GameRow, decisions: list[Decision]) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        rules_version=row.rules_version,
        players=row.players,
        seed=row.seed,
        setup_chosen=bool(row.setup_chosen),
        options=dict(row.options or {}),
        data_hash=row.data_hash,
        data=row.data,
        scenario=row.scenario,
        creator_token_hash=row.creator_token_hash,
        status=row.status,
        turn_timer=row.turn_timer,
        pace=row.pace,
        rematch=row.rematch,
        deadline=row.deadline,
        result=row.result,
        created_at=row.created_at,
        epoch=int(row.epoch or 0),
        seats=[StoredSeat(s.seat, s.name, s.token_hash, s.bot, s.last_seq) for s in row.seats],
        decisions=decisions,
    )


def now() -> float:
    return time.time()
