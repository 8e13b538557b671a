"""The hub: every room of one server process, created, loaded and resumed here."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
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

from .rooms import (
    ACTIVE,
    FINISHED,
    OPEN,
    Room,
    RoomError,
    Services,
    check_server_bot,
    log,
    replay,
)
from .storage import Store, StoredGame, StoredSeat
from .tokens import hash_token, new_token

JSON = Any
MAX_SEED = 2**63 - 1  # seeds are stored as signed 64-bit integers


class UnknownGame(LookupError):
    """No game with that id."""


class UnplayableGame(Exception):
    """A stored game this server cannot replay (rules of another version, say)."""


#: How often finished games nobody watches are let go of (``Hub.sweep``).
SWEEP_SECONDS = 60.0


class Hub:
    def __init__(self, store: Store, bot_threads: int = 2, storage_threads: int = 4) -> None:
        self.store = store
        self.services = Services(
            store,
            ThreadPoolExecutor(storage_threads, thread_name_prefix="qd-storage"),
            ThreadPoolExecutor(bot_threads, thread_name_prefix="qd-bots"),
        )
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Migrate storage, then bring back every game in play, so that bots and
        turn timers go on where they stopped."""
        await self.services.db(self.store.migrate)
        for game_id in await self.services.db(self.store.active_game_ids):
            try:
                await self.room(game_id)
            except UnplayableGame as exc:  # one game that no longer replays
                log.error("%s; it stays stopped", exc)
        self._sweeper = asyncio.create_task(self._sweep_now_and_then(), name="sweeper")

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

    def sweep(self) -> list[str]:
        """Let go of the finished games nobody is connected to: they never change
        again and storage holds them whole, so a later visit replays them from it.
        Without this a long-running server would keep every game it ever served."""
        gone = [game_id for game_id, room in self.rooms.items() if room.done_with()]
        for game_id in gone:
            del self.rooms[game_id]
        return gone

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        for room in self.rooms.values():
            await room.stop()
        self.services.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.services.storage_pool.shutdown(wait=True)
        self.services.writer.close()
        self.store.close()

    async def room(self, game_id: str) -> Room:
        """The live game, rebuilt from storage by replaying it on first access."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
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
            room = Room(stored, state, self.services)
            self.rooms[game_id] = room
            room.wake()
            return room

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: Mapping[str, JSON],
        seed: int | None,
        turn_timer: int | None,
        bots: Mapping[int, str],
        scenario: Mapping[str, JSON] | None,
    ) -> tuple[Room, str]:
        """A new game and its creator's token (returned this once only)."""
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
            deadline=None,
            result=None,
            created_at=time.time(),
            seats=[StoredSeat(s, None, None, bots.get(s), 0) for s in range(state.num_players)],
            decisions=[],
        )
        room = Room(stored, state, self.services)
        stored.status = room.status_of(state)
        stored.deadline = room.deadline_of(state, None, stored.status)
        await self.services.db(self.store.create_game, stored)
        self.rooms[stored.id] = room
        room.wake()
        return room, creator

    async def lobby(self, statuses: list[str]) -> list[dict[str, JSON]]:
        stored = await self.services.db(self.store.list_games, statuses)
        return [summary(s) for s in stored]


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
