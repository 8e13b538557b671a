"""The HTTP API (lobby, seats, records) and the WebSocket play protocol.

See docs/server.md for the protocol with examples; OpenAPI docs are served at /docs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import (
    Depends,
    FastAPI,
    HTTPException,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field, field_validator, model_validator
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from quarterdeck.ai import bot_names
from quarterdeck.engine import QuarterdeckError, game_names, get_game, whole_number

from .cluster import LEASE_SECONDS, Cluster
from .hints import RATED_REFUSAL, is_rated, seat_hint
from .hub import MAX_SEED, Hub, Refused, UnknownGame, UnplayableGame, summary
from .limits import (
    MAX_NAME,
    Limits,
    PerMinute,
    RateLimiter,
    is_game_id,
    name_problem,
    non_finite,
)
from .players import Ratings, clean_name, name_key, player_game_json, rating_json
from .preview import PreviewError, preview
from .rooms import (
    ACTIVE,
    CLOSE_SLOW_READER,
    CLOSE_TOO_MANY,
    FINISHED,
    OPEN,
    Connection,
    Room,
    RoomError,
    fallback_bot,
)
from .storage import Store, StoredPlayer, default_database_url
from .tokens import hash_token, new_token
from .web import add_web, blurb_of

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
    blurb: str = Field(description="A sentence about the game, for the lobby.")
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionInfo]
    bots: list[str]
    fallback_bot: str


#: The longest player key accepted (keys are 43 characters).
MAX_KEY = 100
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
    pace: Literal["table", "casual"] = Field(
        "table",
        description="How bots are paced: table (a search bot's turn padded to its level's "
        "time) or casual (padded a quarter as long, its moves shown closer together).",
    )
    rematch_of: str | None = Field(
        None,
        max_length=64,
        description="A finished game this one is the rematch of: the same game and seats, "
        "asked for with the token of a seat of it (Authorization). Its table offers every "
        "seat its own seat here; a game has one rematch.",
    )

    @model_validator(mode="after")
    def finite_numbers(self) -> CreateGame:
        # Python's JSON reads NaN, Infinity and 1e400: no column can store them.
        if non_finite(self.options) or non_finite(self.scenario):
            raise ValueError("numbers must be finite (no NaN, Infinity or 1e400)")
        return self


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
    pace: str = Field(description="The bots' pace: table or casual.")
    rematch: str | None = Field(
        None, description="The rematch a seat started once it finished (its id), if any."
    )
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
    name: str = Field(min_length=1, max_length=MAX_NAME)
    player_key: str | None = Field(
        None,
        max_length=MAX_KEY,
        description="A player's key (POST /api/players): the seat is theirs, under their "
        "name, and rated; without one the seat is a person's without a rating.",
    )

    @field_validator("name")
    @classmethod
    def printable(cls, name: str) -> str:
        problem = name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name


class Joined(BaseModel):
    game_id: str
    seat: int
    token: str = Field(description="Shown once: the seat's secret; keep it to rejoin.")


class SeatBot(BaseModel):
    bot: str = Field(examples=["heuristic", "random", "ismcts:easy"])


class Problem(BaseModel):
    detail: str


class NewPlayer(BaseModel):
    name: str = Field(min_length=1, max_length=MAX_NAME, examples=["Anne Bonny"])

    @field_validator("name")
    @classmethod
    def fit(cls, name: str) -> str:
        return clean_name(name)


class PlayerKey(BaseModel):
    name: str
    key: str = Field(description="Shown once: the player's only key; keep it secret.")


class Me(BaseModel):
    name: str


class RatingInfo(BaseModel):
    game: str
    name: str = Field(description="The player's name, or the bot's (e.g. ismcts:hard).")
    bot: bool
    elo: float = Field(description="Elo on the arena's scale (starts at 1500).")
    se: float | None = Field(description="One standard error of the Elo.")
    games: int = Field(description="Games rated.")


class RankedRating(RatingInfo):
    rank: int


class PlayerSeat(BaseModel):
    seat: int
    name: str | None
    bot: str | None
    player: str | None = Field(description="The player who joined the seat with a key.")


class PlayerGameInfo(BaseModel):
    id: str
    game: str
    status: str
    created_at: float
    seat: int = Field(description="The player's seat.")
    seats: list[PlayerSeat]
    result: list[float] | None
    elo_change: float | None = Field(description="How the game moved the player's rating.")


class PlayerPage(BaseModel):
    name: str
    created_at: float
    ratings: list[RatingInfo]
    games: list[PlayerGameInfo] = Field(description="Newest first.")
    next: str | None = Field(description="Pass as `after` for more games; null at the last.")


class Leaderboard(BaseModel):
    game: str
    title: str
    ratings: list[RankedRating] = Field(description="Highest first: players and bots.")


class GamesPage(BaseModel):
    games: list[GameSummary]
    next: str | None = Field(
        description="Pass as `after` for the next page; null on the last page."
    )


# -- the app ---------------------------------------------------------------------------------


def create_app(
    database_url: str | None = None,
    *,
    bot_threads: int = 2,
    limits: Limits | None = None,
    redis_url: str | None = None,
    lease: float = LEASE_SECONDS,
) -> FastAPI:
    """The server over the database at ``database_url`` (default: the SQLite file in
    ~/.quarterdeck or $QUARTERDECK_HOME), within ``limits`` (default: ``Limits()``).
    At start-up it claims the database for this process (``DatabaseInUse`` if another
    server holds it) and migrates it. With ``redis_url`` it is one process of a
    cluster instead (cluster.py): the database is shared, each game owned by one
    process at a time for ``lease`` seconds, renewed."""
    limits = limits or Limits()
    store = Store(database_url or default_database_url())
    cluster = None if redis_url is None else Cluster(redis_url, lease)
    hub = Hub(store, bot_threads=bot_threads, limits=limits, cluster=cluster)
    ratings = Ratings(hub.services)
    hub.services.on_finished = ratings.game_finished

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            await hub.start()
        except BaseException:  # another server holds the database, say
            await hub.stop()
            raise
        await ratings.catch_up()
        try:
            yield
        finally:
            await ratings.settle()
            await hub.stop()

    app = FastAPI(
        title="Quarterdeck",
        summary="Live play of Quarterdeck's games: lobby, seats, bots and WebSocket play.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(BodyLimit, max_bytes=limits.max_body_bytes)
    app.add_exception_handler(RequestValidationError, refuse_invalid)
    add_routes(app, hub)
    add_web(app)  # after the API: the pages and static files
    return app


class BodyTooLarge(HTTPException):
    """A body found too large as it arrives (FastAPI answers it as it stands)."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"a request body is at most {max_bytes} bytes")


class BodyLimit:
    """Refuse a request body over ``max_bytes`` with 413, by its Content-Length or,
    without one, as it arrives: nothing larger is ever read into memory."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.max_bytes:
            await self.refuse(send)
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                raise BodyTooLarge(self.max_bytes)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge:
            if not started:
                await self.refuse(send)

    async def refuse(self, send: Send) -> None:
        body = json.dumps({"detail": f"a request body is at most {self.max_bytes} bytes"})
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


async def refuse_invalid(_: Request, exc: Exception) -> JSONResponse:
    """422 naming what is wrong and where, without echoing the input: a refused value
    may be NaN or an infinity, which no JSON answer can carry (it was a 500)."""
    assert isinstance(exc, RequestValidationError)
    detail = [
        {
            "loc": [str(part) for part in e.get("loc", ())],
            "msg": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in exc.errors()
    ]
    return JSONResponse({"detail": detail}, status_code=422)


def add_routes(app: FastAPI, hub: Hub) -> None:
    store = hub.store

    async def player_or_401(key: str) -> StoredPlayer:
        player = await hub.services.db(store.player_by_key, hash_token(key))
        if player is None:
            raise HTTPException(401, "no player holds that key")
        return player

    errors: dict[int | str, dict[str, Any]] = {
        400: {"model": Problem},
        401: {"model": Problem},
        403: {"model": Problem},
        404: {"model": Problem},
        409: {"model": Problem},
    }

    async def room_or_404(game_id: str) -> Room:
        if not is_game_id(game_id):  # no query for what cannot be an id (a NUL, say)
            raise HTTPException(404, f"no game {game_id!r}")
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
                    blurb=blurb_of(game),
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
    async def create_game(body: CreateGame, request: Request, credentials: Credentials) -> Created:
        """Create a game. The answer holds the creator token, once. A client creates
        at most so many games a minute (429), and the server holds at most so many
        open games (503). With ``rematch_of``, the rematch of a finished game, asked
        for by one of its seats (its token): every connection of that game is told."""
        finished, asker = None, None
        if body.rematch_of is not None:
            finished = await room_or_404(body.rematch_of)
            if finished.status != FINISHED:  # the end may not have reached this process
                await hub.refresh(finished)
            asker = rematch_asker(finished, body, credentials)
        try:
            room, creator = await hub.create(
                body.game,
                body.players,
                body.options,
                body.seed,
                body.turn_timer,
                body.bots,
                body.scenario,
                body.pace,
                client=client_of(request.client),
            )
        except QuarterdeckError as exc:
            raise HTTPException(400, str(exc)) from None
        except Refused as exc:
            raise HTTPException(exc.status, exc.message) from None
        if finished is not None and asker is not None:
            try:
                await finished.offer_rematch(room.id, asker)
            except RoomError as exc:  # another seat's rematch came first: this one goes
                await discard(room)
                raise HTTPException(409, rematch_taken(finished)) from exc
        return Created(**summary_of(room), creator_token=creator)

    async def discard(room: Room) -> None:
        """A game nobody has seen (a rematch that lost its race) is no more."""
        await room.stop_tasks()
        hub.rooms.pop(room.id, None)
        await hub.services.db(store.delete_open_game, room.id)

    @app.get("/api/games", response_model=GamesPage, responses=errors, tags=["lobby"])
    async def lobby(
        status: Annotated[list[str] | None, Query(description="open, active, finished")] = None,
        limit: Annotated[int, Query(ge=1, description="Games on this page (at most 100).")] = 50,
        after: Annotated[
            str | None, Query(max_length=64, description="The `next` of the page before.")
        ] = None,
    ) -> dict[str, JSON]:
        """A page of the games with these statuses (default: open and active), newest
        first; ``next`` fetches the page after it."""
        wanted = status or [OPEN, ACTIVE]
        unknown = set(wanted) - {OPEN, ACTIVE, FINISHED}
        if unknown:
            raise HTTPException(400, f"unknown status {sorted(unknown)[0]!r}")
        if limit > hub.limits.max_page:
            raise HTTPException(400, f"a page holds at most {hub.limits.max_page} games")
        games, last = await hub.lobby(wanted, limit, read_cursor(after))
        return {"games": games, "next": None if last is None else f"{last[0]!r}_{last[1]}"}

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
        the seat and sees its hidden things. With a player's key the seat is the
        player's (under their name) and the game is rated for them."""
        room = await room_or_404(game_id)
        player = None if body.player_key is None else await player_or_401(body.player_key)
        token = new_token()
        name = player.name if player is not None else body.name.strip() or "player"
        try:
            await room.join(seat, name, hash_token(token))
        except RoomError as exc:
            raise HTTPException(room_error_status(exc), exc.message) from None
        if player is not None:
            # Stored before the answer: the seat cannot decide (and so the game cannot
            # end) before its player has its token.
            await hub.services.db(store.link_seat, game_id, seat, player.id, hash_token(token))
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

    # A hint is a search: a seat asking through several processes gets no more.
    hints = PerMinute("hint", "hints", hub.limits.hints_per_minute, hub.cluster)

    @app.get(
        "/api/games/{game_id}/hint",
        responses={**errors, 429: {"model": Problem}},
        tags=["play"],
    )
    async def seat_hint_route(
        game_id: str,
        credentials: Credentials,
        check: Annotated[
            bool, Query(description="Only whether this seat may have hints here (no search).")
        ] = False,
    ) -> dict[str, JSON]:
        """What should I do? The deciding seat's options (with its token), best first,
        each with its estimated chance to win, from a small search of what that seat
        may know only. Refused in rated games (403), when it is not the seat's turn
        (409), and past ``hints_per_minute`` a seat (429). With ``check`` the answer
        says only that hints are on here (``{"hints": true}``), at any turn: the table
        asks it once, to show the button only where it works."""
        room = await room_or_404(game_id)
        seat = None if credentials is None else room.seat_of(credentials.credentials)
        if seat is None:
            raise HTTPException(401, "a hint is for a seated player: send that seat's token")
        if not await hints.allow(f"{game_id}:{seat}"):
            raise HTTPException(429, hints.refusal(" for a seat"))
        keyed = await hub.services.db(store.keyed_seats, game_id)
        if is_rated(room.stored.setup_chosen, keyed):
            raise HTTPException(403, RATED_REFUSAL)
        if check:
            return {"game_id": game_id, "seat": seat, "hints": True}
        if room.status != ACTIVE or room.state.current_player != seat:
            raise HTTPException(409, "it is not your turn: hints are for the seat to decide")
        version, snapshot = room.version, room.state.clone()
        answer = await hub.services.think(seat_hint, snapshot, seat, version)
        return {"game_id": game_id, "version": version, **answer}

    @app.get("/api/games/{game_id}/record", responses=errors, tags=["play"])
    async def record(game_id: str) -> dict[str, JSON]:
        """A finished game's record in the engine's record format (refused before the
        end: it holds the seed, which fixes every future draw)."""
        room = await room_or_404(game_id)
        try:
            return room.record()
        except RoomError as exc:
            raise HTTPException(409, exc.message) from None

    add_player_routes(app, hub, errors)

    @app.websocket("/api/games/{game_id}/ws")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await serve_connection(hub, websocket, game_id)


def add_player_routes(app: FastAPI, hub: Hub, errors: dict[int | str, dict[str, Any]]) -> None:
    """Players (a name and its key), their pages and each game's leaderboard."""
    store = hub.store
    made = PerMinute("player", "new players", hub.limits.players_per_minute, hub.cluster)

    async def check_rate(client: str, take: bool) -> None:
        """So many new players a minute from one client (429); in a cluster, on all
        processes together. Counted only when made (``take``)."""
        if not await made.allow(client, take):
            raise HTTPException(429, made.refusal())

    @app.post(
        "/api/players",
        response_model=PlayerKey,
        status_code=201,
        responses=errors | {429: {"model": Problem}},
        tags=["players"],
    )
    async def new_player(body: NewPlayer, request: Request) -> PlayerKey:
        """Pick a name, once: the answer holds the player's key, once (no password,
        no e-mail: whoever holds the key plays under the name). A name is taken when
        another player's is the same but for case or look-alike forms (409)."""
        client = client_of(request.client)
        await check_rate(client, take=False)
        key = new_token()
        player = await hub.services.db(
            store.create_player, body.name, name_key(body.name), hash_token(key), time.time()
        )
        if player is None:
            raise HTTPException(409, f"the name {body.name!r} is taken: pick another")
        await check_rate(client, take=True)
        return PlayerKey(name=player.name, key=key)

    @app.get("/api/me", response_model=Me, responses=errors, tags=["players"])
    async def me(credentials: Credentials) -> Me:
        """The name of the player whose key is the bearer token."""
        if credentials is None:
            raise HTTPException(401, "send the player's key as a bearer token")
        player = await hub.services.db(store.player_by_key, hash_token(credentials.credentials))
        if player is None:
            raise HTTPException(401, "no player holds that key")
        return Me(name=player.name)

    @app.get(
        "/api/players/{name:path}", response_model=PlayerPage, responses=errors, tags=["players"]
    )
    async def player_page(
        name: str,
        limit: Annotated[int, Query(ge=1, description="Games on this page (at most 100).")] = 30,
        after: Annotated[
            str | None, Query(max_length=64, description="The `next` of the page before.")
        ] = None,
    ) -> dict[str, JSON]:
        """A player's ratings (one per game) and games, newest first."""
        if limit > hub.limits.max_page:
            raise HTTPException(400, f"a page holds at most {hub.limits.max_page} games")
        if name_problem(name) is not None:  # no query for what cannot be a name
            raise HTTPException(404, f"no player {name!r}")
        player = await hub.services.db(store.player_by_name, name_key(name))
        if player is None:
            raise HTTPException(404, f"no player {name!r}")
        ratings = await hub.services.db(store.player_ratings, player.id)
        games = await hub.services.db(store.player_games, player.id, limit + 1, read_cursor(after))
        more = len(games) > limit
        games = games[:limit]
        last = games[-1].game if more else None
        return {
            "name": player.name,
            "created_at": player.created_at,
            "ratings": [rating_json(r) for r in ratings],
            "games": [player_game_json(g) for g in games],
            "next": None if last is None else f"{last.created_at!r}_{last.id}",
        }

    @app.get(
        "/api/leaderboard/{game}", response_model=Leaderboard, responses=errors, tags=["players"]
    )
    async def leaderboard(
        game: str,
        limit: Annotated[int, Query(ge=1, description="Ratings listed (at most 100).")] = 50,
    ) -> dict[str, JSON]:
        """The game's ratings, highest first: people and bots on one scale."""
        if game not in game_names():
            raise HTTPException(404, f"no game {game!r}")
        if limit > hub.limits.max_page:
            raise HTTPException(400, f"a leaderboard page holds at most {hub.limits.max_page}")
        entries = await hub.services.db(store.leaderboard, game, limit)
        return {
            "game": game,
            "title": get_game(game).title,
            "ratings": [{**rating_json(e), "rank": n} for n, e in enumerate(entries, start=1)],
        }


def read_cursor(after: str | None) -> tuple[float, str] | None:
    """A lobby page's ``next``: the creation time and id of the last game listed."""
    if after is None:
        return None
    created_at, _, game_id = after.rpartition("_")
    try:
        when = float(created_at)
    except ValueError:
        when = math.nan
    if not math.isfinite(when) or not is_game_id(game_id):
        raise HTTPException(400, "'after' must be the 'next' of a page of the lobby")
    return when, game_id


def client_of(address: Any) -> str:
    """A client as the limits count it: its address (host)."""
    return str(getattr(address, "host", None) or "unknown")


def rematch_asker(finished: Room, body: CreateGame, credentials: Credentials) -> int:
    """The seat of ``finished`` that asks for ``body`` as its rematch: only a seat
    of the game (its token) may, so that no stranger offers its table games; only once
    it is over, for the same game and seats, and once (an HTTPException otherwise)."""
    seat = None if credentials is None else finished.seat_of(credentials.credentials)
    if seat is None:
        raise HTTPException(403, "a rematch is asked for by a seat of the game (its token)")
    if finished.status != FINISHED:
        raise HTTPException(409, f"game {finished.id} is not finished: no rematch yet")
    if finished.stored.rematch is not None:
        raise HTTPException(409, rematch_taken(finished))
    stored = finished.stored
    players = body.players if body.players is not None else get_game(stored.game).min_players
    if body.game != stored.game or players != stored.players:
        raise HTTPException(
            400, f"a rematch is the same game with the same seats: {stored.game}, {stored.players}"
        )
    return seat


def rematch_taken(finished: Room) -> str:
    linked = finished.stored.rematch
    return f"game {finished.id} has its rematch already" + (f": {linked}" if linked else "")


def summary_of(room: Room) -> dict[str, JSON]:
    return summary(room.stored)


def room_error_status(exc: RoomError) -> int:
    return {"no_seat": 404, "unauthorized": 401}.get(exc.code, 409)


# -- the WebSocket protocol ------------------------------------------------------------------


def error(code: str, message: str, seq: JSON = None) -> dict[str, JSON]:
    return {"type": "error", "code": code, "message": message, "seq": seq}


async def serve_connection(hub: Hub, websocket: WebSocket, game_id: str) -> None:
    """Hello (a token, or none to spectate), then decisions until the client goes.
    A client holds at most so many connections, a game has at most so many (both
    closed with 4429)."""
    client = client_of(websocket.client)
    if not await hub.connect_client(client):
        await refuse_connection(
            websocket, "too_many", "this client has its most connections", CLOSE_TOO_MANY
        )
        return
    try:
        await serve_client(hub, websocket, game_id)
    finally:
        hub.disconnect_client(client)


async def refuse_connection(websocket: WebSocket, code: str, message: str, close: int) -> None:
    await websocket.send_json(error(code, message))
    await websocket.close(close)


async def serve_client(hub: Hub, websocket: WebSocket, game_id: str) -> None:
    try:
        if not is_game_id(game_id):
            raise UnknownGame(game_id)
        room = await hub.room(game_id)
    except UnknownGame:
        await refuse_connection(websocket, "no_game", f"no game {game_id!r}", 4404)
        return
    except UnplayableGame as exc:
        await refuse_connection(websocket, "no_game", str(exc), 4409)
        return
    conn = await greet(room, websocket, hub.limits.outgoing_queue)
    if conn is None:
        return
    try:
        await hub.attach(room, conn)
    except RoomError as exc:
        await refuse_connection(websocket, exc.code, exc.message, CLOSE_TOO_MANY)
        return
    sender = asyncio.create_task(send_queued(websocket, conn))
    closing: list[asyncio.Task[None]] = []
    # However the queue overflows (this client's own requests, or pushes while it
    # sends nothing), the socket is closed: never by cancelling this task, which may
    # be in the middle of storing a decision.
    conn.on_overflow = lambda: closing.append(
        asyncio.create_task(let_go_of_slow_reader(websocket, sender, room.id))
    )
    # sync, ping and preview cost the server a view each: so many a second.
    limiter = RateLimiter(hub.limits.messages_per_second, hub.limits.message_burst)
    try:
        while not conn.overflowed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await handle(room, conn, message, limiter)
    finally:
        hub.detach(room, conn)
        conn.close()
        await asyncio.gather(*closing, sender, return_exceptions=True)  # its client may be gone


#: Seconds a closing handshake with a client that does not read may take.
CLOSE_WAIT = 5.0


async def let_go_of_slow_reader(
    websocket: WebSocket, sender: asyncio.Task[None], game_id: str
) -> None:
    """Close a connection whose unread messages piled up past the limit (4413). Its
    sender is likely stuck writing to a client that does not read: it is cancelled,
    and the close is not waited for beyond a few seconds (a client that reads none of
    it by then never sees the code: the connection is dropped)."""
    log.info("game %s: closing a connection whose messages piled up unread (4413)", game_id)
    sender.cancel()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(
            websocket.close(CLOSE_SLOW_READER, "messages piled up unread"), CLOSE_WAIT
        )


async def greet(room: Room, websocket: WebSocket, queue_limit: int) -> Connection | None:
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
        return Connection(None, limit=queue_limit)
    seat = room.seat_of(token) if isinstance(token, str) else None
    if seat is None:
        await websocket.send_json(error("unauthorized", "that token is no seat of this game"))
        await websocket.close(4401)
        return None
    return Connection(seat, hash_token(token), limit=queue_limit)


async def send_queued(websocket: WebSocket, conn: Connection) -> None:
    while (text := await conn.next_text()) is not None:
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


#: Messages that cost the server a view or an answer and change nothing: rate-limited.
LIMITED = {"sync", "ping", "preview"}


async def handle(
    room: Room, conn: Connection, message: Mapping[str, JSON], limiter: RateLimiter
) -> None:
    data = parse(message)
    if isinstance(data, str):
        conn.push(error(data, PARSE_ERRORS[data]))
        return
    kind = data.get("type")
    if kind in LIMITED and not limiter.allow():
        refused = error(
            "rate_limited",
            f"at most {limiter.rate:g} sync, ping and preview messages a second; "
            "this one was not answered",
        )
        conn.push({**refused, "ref": data.get("ref")} if kind == "preview" else refused)
        return
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
