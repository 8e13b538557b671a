"""render.py: every event in words, prompts that name no hidden card."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar
from quarterdeck.games.pirate_war.map import COMPASS
from quarterdeck.games.pirate_war.render import ARROWS, player


def test_every_event_of_random_games_has_its_own_words() -> None:
    game = PirateWar(round_limit=20)
    kinds = set()
    for seed in range(8):
        state = game.new_state(2 + seed % 5, seed)
        chooser = Rng.from_seed(seed)
        while not state.is_terminal():
            pending = state.pending()
            assert pending is not None and pending.prompt
            if pending.decision in ("window", "battle-card", "boarding-card"):
                assert not any(c.name in pending.prompt for c in game.components.cards)
            state.apply(chooser.choice(state.legal_actions()))
        for viewer in (None, *range(state.num_players)):
            for event in state.view(viewer)["log"]:
                text = game.describe_event(event, viewer)
                assert " — " not in text, (event, text)  # the fallback wording
                kinds.add(event["kind"])
    assert {"turn", "draw", "moved", "game-end"} <= kinds


def test_a_drawn_held_card_is_named_only_to_its_drawer() -> None:
    game = PirateWar()
    event = {"kind": "draw", "seat": 1, "held": True}
    assert game.describe_event(event, 0) == "Blue draws a held card."
    mine = {**event, "card": 29}
    assert game.describe_event(mine, 1) == "Blue draws a held card: Narrow Escape."


def _board_text(game: PirateWar, view: dict[str, Any]) -> str:
    console = Console(width=160, record=True, file=io.StringIO(), color_system=None)
    console.print(game.render(view))
    return console.export_text()


def test_the_board_draws_every_position_of_random_games() -> None:
    """Every position, for a player and for a full view: the map with every ship
    (seat number and facing arrow), the wind, each captain's panel and the prompt."""
    game = PirateWar(round_limit=2)
    for seed, players in ((0, 2), (1, 5)):
        state = game.new_state(players, seed)
        chooser = Rng.from_seed(seed)
        while True:
            seat = state.current_player
            for viewer in (seat, None):
                view = state.view(viewer)
                text = _board_text(game, view)
                for ship in view["ships"]:
                    assert player(ship["seat"]) in text
                    if ship["hex"] is not None:
                        assert f"{ship['seat'] + 1}{ARROWS[ship['facing']]}" in text
                if view["wind"]:
                    assert f"wind blows toward {COMPASS[view['wind']]}" in text
                if view["pending"]:
                    assert " ".join(view["pending"]["prompt"].split()[:3]) in " ".join(text.split())
            if state.is_terminal():
                assert "Game over" in text
                break
            state.apply(chooser.choice(state.legal_actions()))


def test_the_board_names_a_hand_only_to_its_owner() -> None:
    """What a seat cannot see is not drawn: redealing the hidden cards (``resample``)
    leaves its board unchanged, and its own hand is named on it."""
    game = PirateWar(round_limit=4)
    state = game.new_state(3, 5)
    chooser = Rng.from_seed(5)
    shown = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        text = _board_text(game, view)
        world = state.resample(seat, Rng.from_seed(len(state.history)))
        assert _board_text(game, world.view(seat)) == text
        hand = view["ships"][seat]["hand"]
        if hand:
            assert game.components.card(hand[0]).name in text
            shown += 1
        state.apply(chooser.choice(state.legal_actions()))
    assert shown > 0
