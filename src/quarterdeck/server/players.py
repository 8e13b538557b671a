"""Players and their ratings.

A person picks a name once and gets a private key for it (no password, no e-mail):
the browser keeps the key and sends it when it joins a seat, so the seat is the
player's. When a game finishes, its players and bots are rated on one Elo scale per
game, the arena's (``arena/tournament.py``: mean 1500, 400 points = 10:1 odds; a game
scored by each seat's share of the win, ``arena.play.win_shares``).

The arena fits all of a tournament's games at once (Bradley–Terry, bootstrap errors);
a server rates one game at a time as it ends, so here the rating is a K-factor Elo
updated after each game, on the same scale and from the same scores. Its standard
error comes from the games played: the Fisher information of their outcomes, with the
noise a fixed K never settles below (docs/architecture.md, "Players and ratings").
"""

from __future__ import annotations

import asyncio
import logging
import math
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from quarterdeck.arena.play import win_shares

from .limits import MAX_NAME, name_problem
from .storage import (
    Competitor,
    FinishedGame,
    PlayerGame,
    RatingEntry,
    RatingUpdate,
    Standing,
    Store,
)

if TYPE_CHECKING:
    from .rooms import Services

JSON = Any
log = logging.getLogger(__name__)

#: The arena's Elo scale (tournament.bradley_terry): where everyone starts, and the
#: points that make 10:1 odds.
START_ELO = 1500.0
ELO_SCALE = 400.0
#: Points a game moves a rating at most (against opponents of one rating, averaged
#: over them): the usual K of club play.
K_FACTOR = 32.0
#: How finely a rating is known from one game's outcome near even odds: the slope of
#: the expected score, per Elo point, over p(1 - p).
SLOPE = math.log(10) / ELO_SCALE
#: The spread a K-factor Elo keeps around the true rating however many games it plays
#: (each game moves it by up to K): K / (2 · SLOPE), as a variance (about 53 points).
K_NOISE_VARIANCE = K_FACTOR / (2 * SLOPE)
#: The longest name key (NFKC may lengthen a name: "ﷺ" is 18 characters).
MAX_NAME_KEY = 200

NEW = Standing(START_ELO, 0.0, 0)


# -- names -------------------------------------------------------------------------------


def clean_name(name: str) -> str:
    """The name as it is kept: stripped, with inner runs of spaces as one. ValueError
    (its message for the person) if it cannot be a player's name."""
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("a name needs at least one letter, digit or sign")
    if len(name_key(cleaned)) > MAX_NAME_KEY:
        raise ValueError(f"a name is at most {MAX_NAME} characters")
    return cleaned


def name_key(name: str) -> str:
    """A name as names are compared: "Anne", "ANNE" and "Ａｎｎｅ" are one name, so
    nobody can pass for another player with a look-alike."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


# -- the Elo update ----------------------------------------------------------------------


def expected(elo: float, rival: float) -> float:
    """The expected score against ``rival`` (the arena's scale: 400 points, 10:1)."""
    return 1.0 / (1.0 + math.pow(10.0, (rival - elo) / ELO_SCALE))


def pair_score(shares: list[float], seat: int, rival: int) -> float:
    """``seat``'s score against ``rival``: its part of the win the two of them share,
    as the arena scores a match (``tournament.match_scores``); ½ when neither won."""
    total = shares[seat] + shares[rival]
    return shares[seat] / total if total else 0.5


def standard_error(standing: Standing) -> float | None:
    """One standard error of an Elo rated over games of this information: that of an
    estimate from the games themselves, and the spread a fixed K keeps; None before
    any game."""
    if standing.information <= 0:
        return None
    return math.sqrt(1.0 / (SLOPE**2 * standing.information) + K_NOISE_VARIANCE)


def rate(game: FinishedGame, standings: Mapping[Competitor, Standing]) -> RatingUpdate:
    """The new standings after ``game``. Each competitor is scored against each seat of
    every other competitor (``pair_score``); its rating moves by K times its mean score
    above expectation, and gains the mean information of those pairs. A game whose
    creator chose the seed or the position is not rated: they may know every draw."""
    if game.setup_chosen or not game.result:
        return RatingUpdate({}, {})
    shares = win_shares(game.result)
    seats = [(s, c) for s, c in enumerate(game.competitors) if c is not None]
    before = {c: standings.get(c, NEW) for _, c in seats}
    standings_after: dict[Competitor, Standing] = {}
    changes: dict[int, float] = {}
    for competitor, old in before.items():
        pairs = [
            (s, t, before[rival].elo)
            for s, c in seats
            if c == competitor
            for t, rival in seats
            if rival != competitor
        ]
        if not pairs:  # nobody rated to be measured against
            continue
        surprise = information = 0.0
        for s, t, rival_elo in pairs:
            p = expected(old.elo, rival_elo)
            surprise += pair_score(shares, s, t) - p
            information += p * (1.0 - p)
        change = K_FACTOR * surprise / len(pairs)
        standings_after[competitor] = Standing(
            old.elo + change, old.information + information / len(pairs), old.games + 1
        )
        changes.update({s: change for s, c in seats if c == competitor})
    return RatingUpdate(standings_after, changes)


# -- when a game finishes ----------------------------------------------------------------


class Ratings:
    """Rates each game as it finishes (rooms call ``game_finished`` once its last
    decision is stored), in the storage threads, and at start-up the games that
    finished while no rating was made (the server stopped in between)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.pending: set[asyncio.Task[None]] = set()

    @property
    def store(self) -> Store:
        return self.services.store

    def game_finished(self, game_id: str) -> None:
        task = asyncio.create_task(self.rate(game_id), name=f"ratings {game_id}")
        self.pending.add(task)  # kept until done: the loop holds tasks weakly
        task.add_done_callback(self.pending.discard)

    async def rate(self, game_id: str) -> None:
        try:
            await self.services.db(self.store.rate_game, game_id, rate)
        except Exception:  # stays unrated: the next start-up rates it
            log.exception("rating game %s failed", game_id)

    async def catch_up(self) -> None:
        try:
            for game_id in await self.services.db(self.store.unrated_game_ids):
                await self.rate(game_id)
        except Exception:
            log.exception("rating the games left unrated failed")

    async def settle(self, timeout: float = 10.0) -> None:
        """Let the ratings under way finish (the server is stopping)."""
        if self.pending:
            await asyncio.wait(list(self.pending), timeout=timeout)


# -- what the API answers ----------------------------------------------------------------


def rating_json(entry: RatingEntry) -> dict[str, JSON]:
    standing = entry.standing
    return {
        "game": entry.game,
        "name": entry.name,
        "bot": entry.competitor.bot is not None,
        "elo": standing.elo,
        "se": standard_error(standing),
        "games": standing.games,
    }


def player_game_json(found: PlayerGame) -> dict[str, JSON]:
    game = found.game
    return {
        "id": game.id,
        "game": game.game,
        "status": game.status,
        "created_at": game.created_at,
        "seat": found.seat,
        "seats": [
            {"seat": s.seat, "name": s.name, "bot": s.bot, "player": found.players.get(s.seat)}
            for s in game.seats
        ],
        "result": game.result,
        "elo_change": found.elo_change,
    }
