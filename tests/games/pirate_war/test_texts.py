"""Pirate War names its captains in its own words: every prompt, action text and log
line of a game calls a captain by colour (``PirateWar.seat_name``), never "seat 2" or
"Player 3" (PW-22: the decisions, as people read them)."""

from __future__ import annotations

import re

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar
from quarterdeck.games.pirate_war.render import CAPTAINS

#: A seat told by its number rather than its name.
NUMBERED = re.compile(r"\b(seat|player) \d", re.IGNORECASE)


def test_pw_22_prompts_actions_and_log_name_captains_never_seat_numbers() -> None:
    game = PirateWar(round_limit=6)
    for seed, players in ((1, 6), (2, 3)):
        state = game.new_state(players, seed)
        chooser = Rng.from_seed(seed)
        named = set()
        while not state.is_terminal():
            pending = state.pending()
            assert pending is not None
            assert not NUMBERED.search(pending.prompt), pending.prompt
            assert pending.prompt.startswith(f"{game.seat_name(pending.seat)}: ")
            named.add(pending.seat)
            for action in state.legal_actions():
                assert not NUMBERED.search(action.text), action.text
            state.apply(chooser.choice(state.legal_actions()))
        assert named == set(range(players))
        for viewer in (None, *range(players)):
            for event in state.view(viewer)["log"]:
                line = game.describe_event(event, viewer)
                assert not NUMBERED.search(line), (event, line)


def test_pw_seat_names_are_the_captains_colours_and_distinct() -> None:
    game = PirateWar()
    names = [game.seat_name(seat) for seat in range(game.max_players)]
    assert names == list(CAPTAINS)
    assert len(set(names)) == game.max_players
    # The fire and boarding choices name their target the same way.
    assert game.action_space.get("fire-at", 1).text == "fire at Blue"
    assert game.action_space.get("board", 5).text == "board Purple"
