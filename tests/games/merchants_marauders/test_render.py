"""Words: every event of random games reads as a sentence, every prompt names its
seat, and the terminal board renders."""

from __future__ import annotations

from rich.console import Console

from quarterdeck.engine import Rng
from quarterdeck.games.merchants_marauders.phases import CAPTAINS

from .helpers import GAME


def test_random_games_read_in_words_and_render() -> None:
    for seed in range(3):
        s = GAME.new_state(2 + seed, seed)
        chooser = Rng.from_seed(seed)
        while not s.is_terminal():
            pending = s.pending()
            assert pending is not None and pending.prompt.startswith(f"{CAPTAINS[pending.seat]}: ")
            s.apply(chooser.choice(s.legal_actions()))
        view = s.view(0)
        for event in view["log"]:
            assert GAME.describe_event(event, 0).strip()
        console = Console(record=True, width=160)
        console.print(GAME.render(view))
        text = console.export_text()
        assert "Caribbean Sea" in text and "Captains" in text
