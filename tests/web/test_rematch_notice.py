"""Issue 24: a rematch is offered to everyone at the finished table. Ada and Bob play a
three-seat Letter of Marque with a bot to its end; Ada presses Rematch; Bob, still at
the finished table, is told at once (no reload) who asks, and his Join takes him to
his own seat in the new game under his name. A reload of the finished table shows
the offer too."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from .test_browser import call, click_once
from .test_table_ending_and_motion import new_page

pytestmark = pytest.mark.slow

OFFER = "#prompt + .rematch-offer"


def play_to_the_end(pages: list[Any], seconds: float = 45) -> None:
    """Each person clicks their moves (the bot plays its own) until both see the result."""
    rng = random.Random(3)
    deadline = time.monotonic() + seconds
    while not all(p.locator("#result:not([hidden])").count() for p in pages):
        assert time.monotonic() < deadline, "the game did not end"
        if not any([click_once(p, rng) for p in pages]):
            pages[0].wait_for_timeout(100)


def test_a_rematch_is_offered_to_the_other_person_at_the_finished_table(
    server: str, browser: Any
) -> None:
    body = {"game": "letter-of-marque", "players": 3, "bots": {"2": "heuristic"}}
    game_id = call(server, "/api/games", body)["id"]
    tokens = [
        call(server, f"/api/games/{game_id}/seats/{seat}/join", {"name": name})["token"]
        for seat, name in enumerate(("Ada", "Bob"))
    ]
    ada, bob = new_page(browser), new_page(browser)  # two browsers: two people
    for seat, (page, token) in enumerate(zip((ada, bob), tokens, strict=True)):
        page.goto(f"{server}/play/{game_id}#seat={seat}&token={token}")
        page.wait_for_selector(".lom-table")
    play_to_the_end([ada, bob])
    assert bob.locator(".rematch-offer").count() == 0  # nothing offered before anyone asks

    ada.click("#result button.rematch")
    ada.wait_for_url(re.compile(r"/play/(?!" + game_id + r")\w+$"))
    new_id = ada.url.rstrip("/").split("/")[-1]
    # Bob is told on the finished table, without reloading: on the result panel and
    # under the prompt. The offer names only who asks.
    offer = bob.locator("#result .rematch-offer")
    offer.wait_for()
    assert offer.inner_text().startswith("Ada asks for a rematch")
    assert bob.locator(OFFER).count() == 1

    # A reload of the finished table still shows it (the game stores its rematch).
    bob.reload()
    bob.locator(OFFER).wait_for()
    assert "Rematch ready" in bob.locator(OFFER).inner_text()

    bob.locator(f"{OFFER} button.join-rematch").click()
    bob.wait_for_url(f"{server}/play/{new_id}")
    bob.wait_for_selector(".lom-table")
    seats = call(server, f"/api/games/{new_id}")["seats"]
    assert [(s["name"], s["bot"], s["taken"]) for s in seats] == [
        ("Ada", None, True),
        ("Bob", None, True),
        (None, "heuristic", True),
    ]
    bob.wait_for_function("document.getElementById('link').textContent === 'connected'")
    assert ada.errors == [] and bob.errors == []
    ada.context.close()
    bob.context.close()
