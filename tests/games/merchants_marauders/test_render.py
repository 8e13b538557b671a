"""Words and the terminal board: every event of random games reads as a sentence, every
prompt names its seat; the board draws the 17 sea zones as the map lies (MM-D.1) with
their ports, tokens, ships and NPCs, and shows a seat its own secrets and nobody
else's (MM-1.7a)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from rich.console import Console

from quarterdeck.engine import Rng
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState
from quarterdeck.games.merchants_marauders.actions import card_name
from quarterdeck.games.merchants_marauders.components import DIRECTIONS
from quarterdeck.games.merchants_marauders.phases import CAPTAINS
from quarterdeck.games.merchants_marauders.render import (
    BOARD_WIDTH,
    MAP_GRID,
    captain_rows,
    home_ports,
    zone_square,
)

from .helpers import GAME, C

JSON = Any


def _board(view: JSON, width: int = BOARD_WIDTH) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(GAME.render(view))
    return console.export_text()


def _positions(every: int = 9) -> Iterator[MerchantsAndMaraudersState]:
    """Positions of random games of 2, 3 and 4 players: every ``every``-th decision
    and the end."""
    for seed, players in ((0, 2), (1, 3), (2, 4)):
        state = GAME.new_state(players, seed)
        assert isinstance(state, MerchantsAndMaraudersState)
        chooser = Rng.from_seed(seed)
        n = 0
        while not state.is_terminal():
            if n % every == 0:
                yield state
            state.apply(chooser.choice(state.legal_actions()))
            n += 1
        yield state


def test_random_games_read_in_words_and_render() -> None:
    """Every prompt names its seat; every event of random games, as each seat and
    revealed, has its own words (not the plain ``kind: fields`` fallback), cargo cards
    by good and slot; the final board says the game is over."""
    kinds = set()
    for seed in range(6):
        s = GAME.new_state(2 + seed % 3, seed)
        chooser = Rng.from_seed(seed)
        while not s.is_terminal():
            pending = s.pending()
            assert pending is not None and pending.prompt.startswith(f"{CAPTAINS[pending.seat]}: ")
            s.apply(chooser.choice(s.legal_actions()))
        for viewer in (None, *range(s.num_players)):
            for event in s.view(viewer)["log"]:
                text = GAME.describe_event(event, viewer)
                assert text.strip() and not text.startswith(f"{event['kind']}:"), event
                if event["kind"] in ("buy", "sell", "cargo-kept"):
                    assert card_name(C, event["card"]) in text
                kinds.add(event["kind"])
        text = _board(s.view(0))
        assert "Caribbean Sea" in text and "Captains" in text and "Game over" in text
    assert {"move", "buy", "sell", "combat", "contest", "hit", "death"} <= kinds


def test_mm_d1_the_drawing_keeps_each_neighbour_on_its_compass_side() -> None:
    """Every zone of the data has a square, no two share one, and each neighbour
    lies on the side its direction names (never the opposite way)."""
    steps = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1)}
    steps |= {"S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
    assert sorted(MAP_GRID) == sorted(z.name for z in C.zones)
    assert len(set(MAP_GRID.values())) == len(MAP_GRID)
    for zone in C.zones:
        row, col = MAP_GRID[zone.name]
        for d, other in enumerate(zone.neighbours):
            if other is None:
                continue
            r, c = MAP_GRID[C.zones[other].name]
            dr, dc = steps[DIRECTIONS[d]]
            moved = ((r - row) * dr, (c - col) * dc)
            assert min(moved) >= 0 and max(moved) > 0, (zone.name, DIRECTIONS[d])


def test_mm_d1_the_board_draws_every_zone_its_port_ships_and_npcs() -> None:
    """Every zone is named on the board, its port marked with its nation (the home
    ports with a star, MM-D.2), and each captain's ship and each NPC is drawn in the
    square of its zone and in no other."""
    ships = npcs = 0
    for state in _positions(every=29):
        for viewer in (state.current_player, None):
            view = state.view(viewer)
            text = _board(view)
            homes = home_ports(view)
            assert sorted(homes.values()) == sorted(n.name for n in C.nations)
            for index, zone in enumerate(view["zones"]):
                assert zone["name"] in text
                square = zone_square(view, index, homes).plain
                if zone["name"] in homes:
                    assert f"★ {homes[zone['name']]} home" in square
                elif zone["port"]:
                    assert f"{zone['nation']} port" in square
                if zone["demand"]:
                    assert f"demand {zone['demand']}" in square
                assert ("▣" in square) == zone["merchant"]
                for seat, p in enumerate(view["captains"]):
                    drawn = f"{seat} {p['ship'] or 'ship'}" in square
                    assert drawn == (seat in zone["captains"])
                    ships += drawn
                for npc in view["npcs"]:
                    drawn = npc["name"] in square
                    assert drawn == (npc["name"] in zone["npcs"])
                    npcs += drawn
    assert ships > 50 and npcs > 50


def test_mm_1_7a_the_board_shows_a_seat_its_secrets_and_no_one_elses() -> None:
    """As each seat: its gold, stash, glory cards and rumor are on its captain's
    board, every other seat's gold is marked secret, and redrawing what the seat cannot see
    (``resample``: others' gold, hands, rumors, face-down tokens, decks) leaves the
    board exactly as it was."""
    hands = rumors = 0
    for n, state in enumerate(_positions(every=53)):
        for seat in range(state.num_players):
            view = state.view(seat)
            text = _board(view)
            world = state.resample(seat, Rng.from_seed(n))
            assert _board(world.view(seat)) == text
            mine = view["captains"][seat]
            board = " ".join(str(cell) for _, cell in captain_rows(mine))
            assert f"{mine['gold']} on board, {mine['stash']} stashed" in board
            for card in mine["hand"] + mine["rumor"]:
                assert card in board
            hands += len(mine["hand"])
            rumors += len(mine["rumor"])
            if not state.is_terminal():
                assert text.count("? secret") == state.num_players - 1
    assert hands > 0 and rumors > 0


def test_mm_board_shows_the_event_market_and_choice_in_120_columns() -> None:
    """The board is never wider than 120 columns, and at 100 its map still names every
    zone whole; it shows the event card and the event deck, the demand for each good,
    and the pending choice in the prompt's words."""
    for state in _positions(every=47):
        view = state.view(state.current_player)
        wide = _board(view, width=200)
        assert max(len(line) for line in wide.splitlines()) <= BOARD_WIDTH
        narrow = _board(view, width=100)
        assert all(z["name"] in narrow for z in view["zones"])
        flat = " ".join(wide.split())
        assert f"event deck: {view['decks']['event']} left" in flat
        if view["event"]:
            assert f"Event: {view['event']}" in flat
        for zone in view["zones"]:
            if zone["demand"]:
                assert f"{zone['demand']}: " in flat
        if view["pending"]:
            words = view["pending"]["prompt"].split()
            assert " ".join(words[:4]) in flat
