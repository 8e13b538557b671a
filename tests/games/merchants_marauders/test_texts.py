"""Merchants & Marauders names its captains in its own words: every prompt, action text
and log line of a game calls a player by their colour (MM-2.7: each player takes a
player board in a colour; ``seat_name``), never "seat 2" or "Player 3"."""

from __future__ import annotations

import re

from quarterdeck.engine import Rng, get_game
from quarterdeck.games.merchants_marauders.phases import CAPTAINS, TARGET_CAPTAIN

NUMBERED = re.compile(r"\b(seat|player) \d", re.IGNORECASE)


def test_mm_2_7_prompts_actions_and_log_name_captains_never_seat_numbers() -> None:
    game = get_game("merchants-and-marauders")
    for seed, players in ((1, 4), (2, 3)):
        state = game.new_state(players, seed)
        chooser = Rng.from_seed(seed)
        while not state.is_terminal() and len(state.history) < 3000:
            pending = state.pending()
            assert pending is not None
            assert not NUMBERED.search(pending.prompt), pending.prompt
            assert pending.prompt.startswith(f"{game.seat_name(pending.seat)}: ")
            for action in state.legal_actions():
                assert not NUMBERED.search(action.text), action.text
            state.apply(chooser.choice(state.legal_actions()))
        kinds = set()
        for viewer in (None, *range(players)):
            for event in state.view(viewer)["log"]:
                line = game.describe_event(event, viewer)
                assert not NUMBERED.search(line), (event, line)
                kinds.add(event["kind"])
        assert {"turn", "combat"} <= kinds  # captains named in the events that name them


def test_mm_seat_names_are_the_player_colours() -> None:
    game = get_game("merchants-and-marauders")
    assert [game.seat_name(s) for s in range(game.max_players)] == list(CAPTAINS)
    # MM-5.3: scouting another captain names them the same way.
    assert game.action_space.get("scout", TARGET_CAPTAIN + 1).text == "scout the Blue captain"
