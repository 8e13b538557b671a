"""Issue 24, help at the table: the optional "What should I do?" button. Off until
the person ticks hints in the table's settings; then on their turn it shows the
server's suggestion and its chance to win. Never for a spectator, never in a rated
game, and on a phone nothing is wider than the screen."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from .test_browser import call
from .test_table_for_everyone import DESKTOP, PHONE, fits, new_page, seated

pytestmark = pytest.mark.slow

SUGGESTION = re.compile(r"Try .+ — about \d{1,3}% to win")


def tick_hints(page: Any) -> None:
    page.click("#settings-button")
    assert not page.locator("#hints").is_checked()  # off by default
    page.check("#hints")
    page.keyboard.press("Escape")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_24_4_ticking_hints_shows_a_button_that_suggests_a_move_with_a_win_chance(
    server: str, browser: Any, viewport: dict[str, int]
) -> None:
    game_id, token = seated(server, "broadsides", 2, {"1": "heuristic"})
    page = new_page(browser, viewport)
    page.goto(f"{server}/play/{game_id}#seat=0&token={token}")
    page.wait_for_selector("#buttons button[data-action]")  # Ada's turn: she places first
    assert page.locator("#hint").is_hidden()
    tick_hints(page)
    button = page.locator("#hint .hint-button")
    button.wait_for(state="visible")
    assert button.inner_text() == "What should I do?"
    button.click()
    answer = page.locator("#hint .hint-answer")
    answer.wait_for(state="visible", timeout=20_000)
    assert SUGGESTION.search(answer.inner_text()), answer.inner_text()
    legal = page.locator("#buttons button[data-action]").all_inner_texts()
    suggested = answer.locator("strong").inner_text()
    assert any(suggested in text for text in legal), (suggested, legal)
    assert page.locator('#hint[data-allowed="true"]').count() == 1
    if viewport == PHONE:
        fits(page)
    page.reload()  # the setting is kept in this browser
    page.wait_for_selector("#hint .hint-button")
    assert page.errors == []
    page.context.close()


def test_24_4_no_hints_for_a_spectator_or_in_a_rated_game(server: str, browser: Any) -> None:
    game_id, _ = seated(server, "broadsides", 2, {"1": "heuristic"})
    spectator = new_page(browser, DESKTOP)
    spectator.goto(f"{server}/play/{game_id}")
    spectator.wait_for_selector("#prompt:not(:empty)")
    spectator.click("#settings-button")
    assert spectator.locator("#hints").count() == 0
    assert spectator.locator("#hint").is_hidden()
    spectator.context.close()

    # Rated: Ada joined with her player's key, and nobody chose the seed.
    key = call(server, "/api/players", {"name": f"Ada {secrets.token_hex(3)}"})["key"]
    created = call(server, "/api/games", {"game": "broadsides", "bots": {"1": "heuristic"}})
    join = {"name": "Ada", "player_key": key}
    token = call(server, f"/api/games/{created['id']}/seats/0/join", join)["token"]
    page = new_page(browser, DESKTOP)
    page.goto(f"{server}/play/{created['id']}#seat=0&token={token}")
    page.wait_for_selector("#buttons button[data-action]")
    tick_hints(page)
    page.wait_for_selector('#hint[data-allowed="false"]', state="attached")  # the server said no
    assert page.locator("#hint").is_hidden()
    assert page.errors == []
    page.context.close()
