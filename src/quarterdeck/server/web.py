"""The browser client: its pages and static files, and what a page needs to draw a
game (the action space with kinds and arguments, the component data).

The client lives in ``quarterdeck/web`` as plain HTML, CSS and JavaScript modules:
nothing to build, served as they are.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from quarterdeck.engine import Game, QuarterdeckError, Record, get_game

from .limits import is_game_id
from .preview import action_json

JSON = Any
WEB = Path(str(files("quarterdeck") / "web"))


def add_web(app: FastAPI) -> None:
    """The pages (lobby, table, replay, player, leaderboard), the static files and the game data routes."""

    @app.get("/api/catalog/{game}/actions", tags=["lobby"])
    async def actions(game: str) -> list[dict[str, JSON]]:
        """Every action of the game's fixed action space: id, kind, arguments, text."""
        return [action_json(a) for a in _game(game).action_space]

    @app.get("/api/catalog/{game}/components", tags=["lobby"])
    async def components(game: str) -> JSON:
        """The game's component data (cards, zones, cannons …), as its data file holds it."""
        return _game(game).raw_data

    @app.get("/api/catalog/{game}/about", tags=["lobby"])
    async def about(game: str) -> dict[str, JSON]:
        """What the help panel shows: the rules summary (Markdown), the house values
        (what is ours, not the publisher's) and the seats' names (colours)."""
        return about_of(_game(game))

    @app.get("/api/games/{game_id}/replay", tags=["play"])
    async def replay(
        request: Request,
        game_id: str,
        at: Annotated[int, Query(ge=0, description="Moves made (0: the start).")] = 0,
        seat: Annotated[int | None, Query(description="As this seat saw it; else all.")] = None,
    ) -> dict[str, JSON]:
        """A finished game at move ``at``: the view (of ``seat``, or everything), the
        move that led there and the log as text. Refused while the game is on."""
        from .hub import UnknownGame, UnplayableGame
        from .rooms import RoomError

        try:
            if not is_game_id(game_id):  # no query for what cannot be an id (a NUL, say)
                raise UnknownGame(game_id)
            room = await request.app.state.hub.room(game_id)
            record = Record.from_json(room.record())
        except UnknownGame:
            raise HTTPException(404, f"no game {game_id!r}") from None
        except (RoomError, UnplayableGame) as exc:
            raise HTTPException(409, str(exc)) from None
        if seat is not None and not 0 <= seat < record.players:
            raise HTTPException(400, f"seat must be 0–{record.players - 1}")
        return replay_step(record, min(at, len(record.actions)), seat)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def table_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "play.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        _game(game)  # 404 for no such game
        return FileResponse(WEB / "rules.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/players/{name:path}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(WEB / "player.html")

    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def leaderboard_page(game: str) -> FileResponse:
        _game(game)  # 404 for no such game
        return FileResponse(WEB / "leaderboard.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")


def replay_step(record: Record, at: int, seat: int | None) -> dict[str, JSON]:
    """Move ``at`` of a finished game's record, told to ``seat`` (None: everything).
    The move's text only when everything is shown or it was the seat's own: it may
    name what only its maker knew (a Letter of Marque ship launched armed, a card
    from a hand), and the log says what everyone else saw of it."""
    actor = record.replay(at - 1).current_player if at else None
    state = record.replay(at)
    view = state.view(seat) if seat is not None else state.view_all()
    game = state.game
    text = record.actions[at - 1][1] if at and (seat is None or seat == actor) else None
    return {
        "at": at,
        "length": len(record.actions),
        "action": {"seat": actor, "text": text} if at else None,
        "view": view,
        "said": [game.describe_event(e, seat) for e in view.get("log", [])],
    }


def about_of(game: Game) -> dict[str, JSON]:
    """The help a table and the rules page show for ``game``."""
    return {
        "name": game.name,
        "title": game.title,
        "rules": game.rules_summary(),
        "house_values": [list(pair) for pair in game.house_values()],
        "seat_names": [game.seat_name(s) for s in range(game.max_players)],
    }


def blurb_of(game: Game) -> str:
    """A sentence for the lobby: the game's own ``blurb`` if it has one, else the first
    sentence of its rules summary (the first paragraph under the title, emphasis
    removed)."""
    if game.blurb.strip():
        return game.blurb.strip()
    paragraphs = [p.strip() for p in game.rules_summary().split("\n\n")]
    text = next((p for p in paragraphs if p and not p.startswith("#")), "")
    text = re.sub(r"[*_`]", "", " ".join(text.split()))
    sentence = re.match(r"(.+?[.!?])(\s|$)", text)
    return sentence.group(1) if sentence else text


def _game(name: str) -> Any:
    try:
        return get_game(name)
    except QuarterdeckError as exc:
        raise HTTPException(404, str(exc)) from None
