"""The HTTP API (lobby, seats, records) and the WebSocket play protocol.

See docs/server.md for the protocol with examples; OpenAPI docs are served at /docs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from quarterdeck.ai import bot_names
from quarterdeck.engine import QuarterdeckError, game_names, get_game, whole_number

from .hub import MAX_SEED, Hub, UnknownGame, UnplayableGame, summary
from .preview import PreviewError, preview
from .rooms import ACTIVE, FINISHED, OPEN, Connection, Room, RoomError, fallback_bot
from .storage import Store, default_database_url
from .tokens import hash_token, new_token
from .web import add_web

JSON = Any
log = logging.getLogger(__name__)
#: Largest WebSocket message a client may send (a decision is a few dozen bytes).
MAX_MESSAGE_BYTES = 64 * 1024
#: How long a new WebSocket may take to say who it is.
JOIN_TIMEOUT = 30.0

bearer = HTTPBearer(auto_error=False, description="A seat token, or the game's creator token.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


# -- request and response bodies ---------------------------------------------------------------


class OptionInfo(BaseModel):
    name: str
    default: JSON
    choices: list[JSON] | None
    help: str
    house: bool


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionInfo]
    bots: list[str]
    fallback_bot: str


MAX_TURN_TIMER = 7 * 24 * 3600  # a week: a turn timer is stored as a 32-bit integer


class CreateGame(BaseModel):
    game: str = Field(examples=["broadsides"])
    players: int | None = Field(None, description="Seats (default: the game's minimum).")
    options: dict[str, JSON] = Field(default_factory=dict, examples=[{"round_cap": 40}])
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="Random if not given.")
    turn_timer: int | None = Field(
        None,
        ge=1,
        le=MAX_TURN_TIMER,
        description="Seconds a seat has for its turn (at most a week); none if not given.",
    )
    bots: dict[int, str] = Field(
        default_factory=dict, description='Seats played by bots, e.g. {"1": "heuristic"}.'
    )
    scenario: dict[str, JSON] | None = Field(
        None, description="Start from a position (the game's scenario JSON)."
    )


class SeatInfo(BaseModel):
    seat: int
    name: str | None
    bot: str | None
    taken: bool


class GameSummary(BaseModel):
    id: str
    game: str
    players: int
    status: str = Field(description="open (seats to fill), active or finished")
    options: dict[str, JSON] = Field(description="The options that differ from the defaults.")
    turn_timer: int | None
    setup_chosen: bool = Field(
        description="The creator chose the seed or the starting position (a scenario), "
        "and so may know every draw or hand."
    )
    created_at: float
    seats: list[SeatInfo]
    result: list[float] | None


class Created(GameSummary):
    creator_token: str = Field(description="Shown once: it hands seats to bots.")


class Join(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Joined(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="Shown once: the seat's secret; keep it to rejoin.")


class SeatBot(BaseModel):
    bot: str = Field(examples=["heuristic", "random", "ismcts:easy"])


class Problem(BaseModel):
    detail: str


# -- the app ---------------------------------------------------------------------------------


def create_app(database_url: str | None = None, *, bot_threads: int = 2) -> FastAPI:
    """The server over the database at ``database_url`` (default: the SQLite file in
    ~/.quarterdeck or $QUARTERDECK_HOME). Storage is migrated at start-up."""
    store = Store(database_url or default_database_url())
    hub = Hub(store, bot_threads=bot_threads)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="Quarterdeck",
        summary="Live play of Quarterdeck's games: lobby, seats, bots and WebSocket play.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    add_routes(app, hub)
    add_web(app)  # after the API: the pages and static files
    return app


def add_routes(app: FastAPI, hub: Hub) -> None:
    errors: dict[int | str, dict[str, Any]] = {
        400: {"model": Problem},
        401: {"model": Problem},
        403: {"model": Problem},
        404: {"model": Problem},
        409: {"model": Problem},
    }

    async def room_or_404(game_id: str) -> Room:
        try:
            return await hub.room(game_id)
        except UnknownGame:
            raise HTTPException(404, f"no game {game_id!r}") from None
        except UnplayableGame as exc:
            raise HTTPException(409, str(exc)) from None

    @app.get("/api/catalog", response_model=list[GameInfo], tags=["lobby"])
    async def catalog() -> list[GameInfo]:
        """The games that can be created: players, options with defaults, bots."""
        out = []
        for name in game_names():
            game = get_game(name)
            out.append(
                GameInfo(
                    name=name,
                    title=game.title,
                    min_players=game.min_players,
                    max_players=game.max_players,
                    rules_version=game.rules_version,
                    options=[
                        OptionInfo(
                            name=o.name,
                            default=o.default,
                            choices=list(o.choices) if o.choices is not None else None,
                            help=o.help,
                            house=o.house,
                        )
                        for o in game.option_specs  # not "data": a path on the server
                    ],
                    bots=bot_names(game),
                    fallback_bot=fallback_bot(game),
                )
            )
        return out

    @app.post(
        "/api/games", response_model=Created, status_code=201, responses=errors, tags=["lobby"]
    )
    async def create_game(body: CreateGame) -> Created:
        """Create a game. The answer holds the creator token, once."""
        try:
            room, creator = await hub.create(
                body.game,
                body.players,
                body.options,
                body.seed,
                body.turn_timer,
                body.bots,
                body.scenario,
            )
        except QuarterdeckError as exc:
            raise HTTPException(400, str(exc)) from None
        return Created(**summary_of(room), creator_token=creator)

    @app.get("/api/games", response_model=list[GameSummary], tags=["lobby"])
    async def lobby(
        status: Annotated[list[str] | None, Query(description="open, active, finished")] = None,
    ) -> list[dict[str, JSON]]:
        """The games with these statuses (default: open and active), newest first."""
        wanted = status or [OPEN, ACTIVE]
        unknown = set(wanted) - {OPEN, ACTIVE, FINISHED}
        if unknown:
            raise HTTPException(400, f"unknown status {sorted(unknown)[0]!r}")
        return await hub.lobby(wanted)

    @app.get("/api/games/{game_id}", response_model=GameSummary, responses=errors, tags=["lobby"])
    async def game_summary(game_id: str) -> dict[str, JSON]:
        return summary_of(await room_or_404(game_id))

    @app.post(
        "/api/games/{game_id}/seats/{seat}/join",
        response_model=Joined,
        status_code=201,
        responses=errors,
        tags=["seats"],
    )
    async def join(game_id: str, seat: int, body: Join) -> Joined:
        """Take an open seat. The answer holds the seat token, once: only it acts for
        the seat and sees its hidden things."""
        room = await room_or_404(game_id)
        token = new_token()
        try:
            await room.join(seat, body.name.strip() or "player", hash_token(token))
        except RoomError as exc:
            raise HTTPException(room_error_status(exc), exc.message) from None
        return Joined(game_id=game_id, seat=seat, token=token)

    @app.put(
        "/api/games/{game_id}/seats/{seat}/bot",
        response_model=GameSummary,
        responses=errors,
        tags=["seats"],
    )
    async def seat_bot(
        game_id: str, seat: int, body: SeatBot, credentials: Credentials
    ) -> dict[str, JSON]:
        """The creator puts a bot in a seat: an open one, or an abandoned person's seat
        (whose token then acts no more)."""
        room = await room_or_404(game_id)
        if credentials is None or not room.is_creator(credentials.credentials):
            raise HTTPException(403, "only the game's creator (with the creator token) may")
        try:
            await room.seat_bot(seat, body.bot)
        except QuarterdeckError as exc:
            raise HTTPException(400, str(exc)) from None
        except RoomError as exc:
            raise HTTPException(room_error_status(exc), exc.message) from None
        return summary_of(room)

    @app.get("/api/games/{game_id}/view", responses=errors, tags=["play"])
    async def view(game_id: str, credentials: Credentials) -> dict[str, JSON]:
        """The same message a WebSocket gets (see docs/server.md): a seat's view and
        legal actions with its token, the public view without one."""
        room = await room_or_404(game_id)
        seat = None
        if credentials is not None:
            seat = room.seat_of(credentials.credentials)
            if seat is None:
                raise HTTPException(401, "that token is no seat of this game")
        return room.state_message(seat)

    @app.get("/api/games/{game_id}/record", responses=errors, tags=["play"])
    async def record(game_id: str) -> dict[str, JSON]:
        """A finished game's record in the engine's record format (refused before the
        end: it holds the seed, which fixes every future draw)."""
        room = await room_or_404(game_id)
        try:
            return room.record()
        except RoomError as exc:
            raise HTTPException(409, exc.message) from None

    @app.websocket("/api/games/{game_id}/ws")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await serve_connection(hub, websocket, game_id)


def summary_of(room: Room) -> dict[str, JSON]:
    return summary(room.stored)


def room_error_status(exc: RoomError) -> int:
    return {"no_seat": 404, "unauthorized": 401}.get(exc.code, 409)


# -- the WebSocket protocol ------------------------------------------------------------------


def error(code: str, message: str, seq: JSON = None) -> dict[str, JSON]:
    return {"type": "error", "code": code, "message": message, "seq": seq}


async def serve_connection(hub: Hub, websocket: WebSocket, game_id: str) -> None:
    """Hello (a token, or none to spectate), then decisions until the client goes."""
    try:
        room = await hub.room(game_id)
    except UnknownGame:
        await websocket.send_json(error("no_game", f"no game {game_id!r}"))
        await websocket.close(4404)
        return
    except UnplayableGame as exc:
        await websocket.send_json(error("no_game", str(exc)))
        await websocket.close(4409)
        return
    conn = await greet(room, websocket)
    if conn is None:
        return
    sender = asyncio.create_task(send_queued(websocket, conn))
    room.attach(conn)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await handle(room, conn, message)
    finally:
        room.detach(conn)
        conn.close()
        with contextlib.suppress(Exception):
            await sender


async def greet(room: Room, websocket: WebSocket) -> Connection | None:
    """The first message names the seat by its token; none means a spectator. The
    token travels inside the connection, never in the URL (URLs end up in logs)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), JOIN_TIMEOUT)
    except TimeoutError:
        await websocket.close(4408)
        return None
    if message["type"] == "websocket.disconnect":
        return None
    hello = parse(message)
    if isinstance(hello, str) or hello.get("type") != "hello":
        await websocket.send_json(error("hello_first", 'say {"type": "hello", "token": …} first'))
        await websocket.close(4400)
        return None
    token = hello.get("token")
    if token is None:
        return Connection(None)
    seat = room.seat_of(token) if isinstance(token, str) else None
    if seat is None:
        await websocket.send_json(error("unauthorized", "that token is no seat of this game"))
        await websocket.close(4401)
        return None
    return Connection(seat, hash_token(token))


async def send_queued(websocket: WebSocket, conn: Connection) -> None:
    while (text := await conn.queue.get()) is not None:
        await websocket.send_text(text)


def parse(message: Mapping[str, JSON]) -> dict[str, JSON] | str:
    """The client's JSON object, or why it is refused (an error code)."""
    text = message.get("text")
    if text is None:
        return "malformed"  # binary frames are not part of the protocol
    if (
        len(text) > MAX_MESSAGE_BYTES
        or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    ):
        return "too_large"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, a huge number, deep nesting
        return "malformed"
    return data if isinstance(data, dict) else "malformed"


PARSE_ERRORS = {
    "malformed": "send one JSON object per text message",
    "too_large": f"messages are limited to {MAX_MESSAGE_BYTES} bytes",
}


async def handle(room: Room, conn: Connection, message: Mapping[str, JSON]) -> None:
    data = parse(message)
    if isinstance(data, str):
        conn.push(error(data, PARSE_ERRORS[data]))
        return
    kind = data.get("type")
    if kind == "act":
        await handle_act(room, conn, data)
    elif kind == "preview":
        handle_preview(room, conn, data)
    elif kind == "sync":
        conn.log_sent = 0  # the whole picture again, log included
        room.push_state(conn)
    elif kind == "ping":
        conn.push({"type": "pong"})
    else:
        conn.push(
            error("unknown_type", f"unknown message type {kind!r} (act, preview, sync, ping)")
        )


def handle_preview(room: Room, conn: Connection, data: dict[str, JSON]) -> None:
    """Where a choice assembled in the page leads (quarterdeck.server.preview): told
    from the seat's information only, and the game is not touched."""
    steps, ref = data.get("actions"), data.get("ref")
    if conn.seat is None:
        conn.push(error("spectator", "spectators cannot act"))
        return
    if not isinstance(steps, list) or not all(whole_number(a) for a in steps):
        conn.push(error("malformed", "'actions' must be a list of action ids"))
        return
    try:
        message = preview(room.state, conn.seat, steps, salt=room.version)
    except PreviewError as exc:
        conn.push({**error(exc.code, exc.message), "ref": ref})
        return
    conn.push({**message, "ref": ref, "version": room.version})


async def handle_act(room: Room, conn: Connection, data: dict[str, JSON]) -> None:
    seq, actions, version = data.get("seq"), data.get("actions"), data.get("version")
    if not whole_number(seq) or not 1 <= seq <= MAX_SEED:
        conn.push(error("malformed", f"'seq' must be a whole number from 1 to {MAX_SEED}"))
        return
    if not isinstance(actions, list) or not all(whole_number(a) for a in actions):
        conn.push(error("malformed", "'actions' must be a list of action ids", seq))
        return
    if version is not None and not whole_number(version):
        conn.push(error("malformed", "'version' must be a whole number", seq))
        return
    try:
        await room.act(conn, seq, actions, version)
    except RoomError as exc:
        conn.push(error(exc.code, exc.message, seq))
    except Exception:  # storage failed: the decision was not made, the game is unchanged
        log.exception("storing a decision of game %s failed", room.id)
        conn.push(error("server_error", "the decision could not be stored; nothing changed", seq))
