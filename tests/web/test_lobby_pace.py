"""Issue 24, item 8: the lobby offers a casual pace next to the bots, says what a turn
takes at each pace, and the creator's choice reaches the server with the game."""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser import call
from .test_table_for_everyone import DESKTOP, PHONE, fits, new_page

pytestmark = pytest.mark.slow


def set_sail(page: Any) -> str:
    """Start the game as set in the lobby: its id once the table shows."""
    page.click("#set-sail")
    page.wait_for_url("**/play/*")
    page.wait_for_selector("#table")
    return str(page.url.rstrip("/").split("/")[-1].split("#")[0])


def test_24_8_the_creator_chooses_a_casual_pace_and_the_game_keeps_it(
    server: str, browser: Any
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("label[for='game-broadsides']")
    page.select_option("#rival", "ismcts:easy")
    # The table's pace unless chosen, and what a search bot's turn takes at it.
    assert page.locator("#pace").input_value() == "table"
    table_words = page.locator("#pace-hint").inner_text()
    assert "1.5 s (hard)" in table_words and "0.4 s apart" in table_words
    page.select_option("#pace", "casual")
    casual_words = page.locator("#pace-hint").inner_text()
    assert "a quarter" in casual_words and "0.15 s apart" in casual_words
    assert "heuristic and random bots move at once" in casual_words
    game_id = set_sail(page)
    game = call(server, f"/api/games/{game_id}")
    assert game["pace"] == "casual"
    assert [s["bot"] for s in game["seats"]] == [None, "ismcts:easy"]
    assert page.errors == []
    page.context.close()


def test_24_8_the_pace_choice_fits_a_phone_and_defaults_to_the_table(
    server: str, browser: Any
) -> None:
    page = new_page(browser, PHONE)
    page.goto(server + "/")
    page.wait_for_selector("#pace-hint")
    page.select_option("#pace", "casual")  # the longer words
    fits(page)
    page.select_option("#pace", "table")
    page.fill("#name", "Bea")
    page.click("label[for='game-broadsides']")
    page.select_option("#rival", "heuristic")
    game_id = set_sail(page)
    assert call(server, f"/api/games/{game_id}")["pace"] == "table"
    assert page.errors == []
    page.context.close()
