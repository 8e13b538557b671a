"""render.py: every event in words, prompts that name no hidden card."""

from __future__ import annotations

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWar


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
    assert game.describe_event(event, 0) == "Player 2 draws a held card."
    mine = {**event, "card": 29}
    assert game.describe_event(mine, 1) == "Player 2 draws a held card: Narrow Escape."
