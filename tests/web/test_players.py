"""Issue 24 item 7 in Chromium: a person picks a name once in the lobby, plays a rated
BroadSides duel against a bot under it, and finds the game and a rating on their
player page and on the game's leaderboard; on a phone (390×844) nothing is wider
than the screen."""

from __future__ import annotations

import time
import urllib.parse
from typing import Any

import pytest

from .test_browser import call, play_until, prompt
from .test_table_for_everyone import DESKTOP, PHONE, fits, new_page

pytestmark = pytest.mark.slow

NAME = "Grace O'Malley"


def test_a_name_picked_in_the_lobby_is_rated_after_a_duel_against_a_bot(
    server: str, browser: Any
) -> None:
    page = new_page(browser, PHONE)
    page.goto(server + "/")
    page.fill("#player-name", NAME)
    page.click("#keep-name")
    page.wait_for_selector("#playing-as:not([hidden])")
    assert page.locator("#playing-as").inner_text() == f"Playing as {NAME}"
    assert page.locator("#pick-name").is_hidden() and page.locator("#name-row").is_hidden()
    kept = page.evaluate("JSON.parse(localStorage.getItem('quarterdeck:player'))")
    assert kept["name"] == NAME and len(kept["key"]) > 20
    assert page.locator("#leaderboards a[href='/leaderboard/broadsides']").count() == 1
    fits(page)

    # A short duel (one turn each) against the heuristic captain, joined from the lobby
    # with the player's key.
    body = {"game": "broadsides", "options": {"round_cap": 1}, "bots": {"1": "heuristic"}}
    game_id = call(server, "/api/games", body)["id"]
    page.reload()
    join = page.locator(f"#open a[href='/play/{game_id}']")
    join.wait_for()
    join.click()
    page.wait_for_selector(".bs-table")
    page.set_viewport_size(DESKTOP)  # the table's phone layout is other tests' matter
    seats = call(server, f"/api/games/{game_id}")["seats"]
    assert seats[0]["name"] == NAME
    play_until(page, lambda p: "The game is over" in prompt(p), clicks=400, seconds=240)
    rating = rated(server, game_id)
    page.set_viewport_size(PHONE)

    page.goto(f"{server}/players/{urllib.parse.quote(NAME)}")
    page.wait_for_selector("#ratings tbody a[href='/leaderboard/broadsides']")
    assert page.locator("#player-name").inner_text() == f"{NAME} (you)"
    row = page.locator("#ratings tbody tr").first.inner_text()
    assert "BroadSides" in row and str(round(rating["elo"])) in row
    game = page.locator(f"#games li:has(a[href='/replay/{game_id}'])")
    assert "heuristic bot" in game.inner_text()
    assert any(w in game.inner_text() for w in ("won", "lost", "a draw"))
    fits(page)

    page.click("#ratings tbody a[href='/leaderboard/broadsides']")
    page.wait_for_selector("#board tbody tr.me")
    assert page.locator("#board-title").inner_text() == "Leaderboard: BroadSides"
    board = page.locator("#board tbody").inner_text()
    assert NAME in board and "heuristic bot" in board
    assert str(round(rating["elo"])) in page.locator("#board tbody tr.me").inner_text()
    fits(page)
    assert page.errors == []


def rated(server: str, game_id: str) -> Any:
    """The player's BroadSides rating once the game counts (it is rated just after its
    last decision is stored)."""
    deadline = time.monotonic() + 30
    path = f"/api/players/{urllib.parse.quote(NAME)}"
    while True:
        page = call(server, path)
        if page["ratings"] and page["games"][0]["elo_change"] is not None:
            assert page["games"][0]["id"] == game_id
            return page["ratings"][0]
        assert time.monotonic() < deadline, "the game was never rated"
        time.sleep(0.1)
