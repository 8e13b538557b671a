"""BroadSides' Experienced Sea Dog module in a real browser (issue 25 item 5): the
creator switches the module on in the lobby, plays a whole game against the heuristic
captain by clicking, and the table shows each Reputation face up with its text, your
Dirty Tricks as cards with their window and cost, the foe's as backs with a count, a
window's Pass, the tricks played face up and in the log in words; on a phone nothing
is wider than the screen."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.test_browser import VERSION, call, prompt
from tests.web.test_table_for_everyone import WIDER_THAN_THE_SCREEN, settled

pytestmark = pytest.mark.slow

JSON = Any
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
#: A played trick in the log, in words: "Blue plays the Dirty Trick Wet Powder (…)!"
PLAYED = re.compile(r"(Red|Blue) plays the Dirty Trick ([A-Z][^(!]+?) \(([^)]+)\)!")


def last_view(frames: list[JSON], previews: bool = False) -> JSON:
    """The newest view the server sent this seat: of the game (a state message) or,
    with ``previews``, what the page draws while a choice of several steps is made."""
    kinds = ("state", "preview") if previews else ("state",)
    return next(f["view"] for f in reversed(frames) if f.get("type") in kinds and "view" in f)


def trick_ids(frames: list[JSON]) -> set[str]:
    """The ids of the Dirty Tricks my newest legal actions would play."""
    legal = next(f["legal"] for f in reversed(frames) if f.get("legal") is not None)
    return {str(a["id"]) for a in legal if a.get("kind") == "trick"}


def card_texts(page: Any, selector: str) -> list[str]:
    return [str(t) for t in page.locator(selector).all_inner_texts()]


def check_my_tricks(page: Any, sea: JSON) -> None:
    """Your tricks: a card each, with its name, its window in words, its cost, its text."""
    mine = sea["ships"][0]["tricks"]
    cards = page.locator(".sd-strip.mine > .sd-row .sd-trick")
    assert cards.count() == len(mine)
    for n, trick in enumerate(mine):
        card = cards.nth(n)
        assert card.locator(".sd-name").inner_text() == trick["name"]
        assert card.locator(".sd-when").inner_text().startswith("When: ")
        assert card.locator(".sd-cost").inner_text() in ("free", "an action", "the Aim action")
        assert card.locator(".sd-text").inner_text() == trick["effect"]


def check_the_foes_backs(page: Any, sea: JSON) -> None:
    """The foe's secret tricks: backs and their count, never a name (SD25)."""
    held = sea["ships"][1]["tricks_held"]
    strip = page.locator(".sd-strip.theirs")
    assert strip.locator(".sd-back").count() == held
    count = strip.locator(".sd-count").inner_text()
    assert count == f"{held} Dirty Trick{'' if held == 1 else 's'}"
    assert sea["ships"][1]["tricks"] is None
    assert strip.locator(":scope > .sd-row .sd-trick").count() == 0  # backs only; played ones below


def taken_by_the_server(page: Any, click: Any) -> None:
    """``click()`` is this seat's next step: the game's version on the server moves on
    once the decision is whole (a step of a choice of several is sent by Enter)."""
    before = page.evaluate(VERSION)
    click()
    deadline = time.monotonic() + 30
    while page.evaluate(VERSION) == before:
        assert time.monotonic() < deadline, "the decision was not taken"
        if page.locator("#confirm.ready:not([disabled])").count():
            page.keyboard.press("Enter")
        page.wait_for_timeout(100)


def once_drawn(page: Any, check: Callable[[], None], seconds: float = 10) -> None:
    """``check()`` (which compares the page with the newest view received) passes once
    the page has drawn that view: a frame may be received and not yet drawn, and the
    bot may move meanwhile, so it is run again until it passes or time is up."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)


def redrawn_if_missed(target: Any) -> None:
    """Click ``target``, unless the page redrew it away in the meantime."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        target.click(timeout=3_000)


def fits_a_phone(page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"innerWidth === {PHONE['width']}")
    settled(page)
    measured = page.evaluate(WIDER_THAN_THE_SCREEN)
    assert measured["page"] <= measured["width"], measured
    assert measured["wide"] == [], measured
    page.set_viewport_size(DESKTOP)


def test_sea_dog_a_module_game_from_the_lobby_is_played_to_its_end_by_clicking(
    server: str, page: Any
) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    frames: list[JSON] = []
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    # The lobby: BroadSides against the heuristic captain, the module ticked.
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("label[for='game-broadsides']")
    box = page.locator("#option-sea_dog")
    assert not box.is_checked()  # off by default: the base game
    assert "Experienced Sea Dog module" in page.locator("#game-options").inner_text()
    box.check()
    page.select_option("#rival", "heuristic")
    page.click("#set-sail")
    page.wait_for_selector(".bs-table")
    game_id = page.url.rstrip("/").split("/")[-1]
    assert call(server, f"/api/games/{game_id}")["options"] == {"sea_dog": True}

    # Setting up (officers, cannons, shots, Zero In) by the first button, then the
    # draft ("after Zeroing In"): three Reputations face up with their text, keep one.
    deadline = time.monotonic() + 60
    while not page.locator(".sd-draft .sd-rep.choosable").count():
        assert time.monotonic() < deadline, "no Reputation to choose"
        first = page.locator("#buttons button[data-action]").first
        if first.count():
            taken_by_the_server(page, first.click)
        else:
            page.wait_for_timeout(100)
    dealt = last_view(frames)["sea_dog"]["ships"][0]["reputations_dealt"]
    offered = page.locator(".sd-draft .sd-rep")
    assert offered.count() == 3
    for n, rep in enumerate(dealt):
        assert offered.nth(n).locator(".sd-name").inner_text() == rep["name"]
        assert offered.nth(n).locator(".sd-text").inner_text() == rep["effect"]
    taken_by_the_server(page, offered.first.click)
    # Three rounds of three Dirty Tricks as cards, each with its window and cost.
    rng = random.Random(25)
    for _ in range(3):
        page.wait_for_selector(".sd-draft .sd-trick.choosable", timeout=30_000)
        offer = page.locator(".sd-draft .sd-trick")
        assert offer.count() == 3
        assert all(t.startswith("When: ") for t in card_texts(page, ".sd-draft .sd-when"))
        assert all(card_texts(page, ".sd-draft .sd-cost"))
        taken_by_the_server(page, offer.nth(rng.randrange(3)).click)

    # Each captain's Reputation face up with its text (SD17: once both have chosen).
    page.wait_for_selector(".sd-strip.mine .sd-trick")

    def reputations_and_tricks() -> None:
        # My last pick's state (or the foe's pick) may be received and not yet drawn.
        sea = last_view(frames)["sea_dog"]
        for side, p in (("mine", 0), ("theirs", 1)):
            rep = sea["ships"][p]["reputation"]
            card = page.locator(f".sd-strip.{side} .sd-rep")
            assert card.locator(".sd-name").all_inner_texts() == [rep["name"]]
            assert card.locator(".sd-text").all_inner_texts() == [rep["effect"]]
        check_my_tricks(page, sea)
        check_the_foes_backs(page, sea)

    once_drawn(page, reputations_and_tricks)

    passes = clicks = 0
    played_lines: set[str] = set()
    phone_checked = False
    deadline = time.monotonic() + 420
    while "The game is over" not in prompt(page):
        assert time.monotonic() < deadline and clicks < 1500, "the game did not end"
        played_lines |= {m.group(0) for m in PLAYED.finditer(page.locator("#log").inner_text())}
        buttons = page.locator("#buttons button[data-action]")
        if not buttons.count() and not page.locator("#confirm.ready:not([disabled])").count():
            page.wait_for_timeout(100)
            continue
        if page.locator("#confirm.ready:not([disabled])").count():
            page.keyboard.press("Enter")  # a choice of several steps is complete
            page.wait_for_timeout(150)
            clicks += 1
            continue
        sea = last_view(frames, previews=True)["sea_dog"]
        playable = page.locator(".sd-strip .sd-trick.playable")
        window = page.locator(".sd-window.asking-you")
        choices = page.locator(".sd-choices")
        if choices.count():  # a trick's follow-up choice: chips that say what they do
            assert choices.locator(".sd-title").inner_text() not in ("", "Choose")
            chips = choices.locator(".sd-choice")
            assert chips.count() and all(t.strip() for t in chips.all_inner_texts())
        # A window that asks me: my playable tricks glow, and Pass is offered (not while
        # a trick's own steps are being chosen). The page may redraw the window away
        # between looking and reading: then the loop looks again.
        pass_button = window.locator(".sd-pass")
        asked = window.count() > 0 and pass_button.count() > 0
        if asked:
            with contextlib.suppress(PlaywrightTimeout):
                assert pass_button.inner_text(timeout=3_000) == "Pass"
                check_my_tricks(page, sea)
                check_the_foes_backs(page, sea)
                passes += 1
        # Each click is one step of a choice that may take several (a set picked card
        # by card, then the window its declaration opens): Enter sends it once complete.
        # The page may redraw between looking and clicking (the server's answer to
        # the last step lands): then the loop looks again.
        # Until a window has asked me, keep my tricks (one that costs an action could
        # otherwise be spent in Stage 1 before any window, and an empty hand is never
        # asked); from then on, play whatever glows.
        keep = not passes and not asked
        if playable.count() and not keep:  # mine to play now: play it
            redrawn_if_missed(playable.first)
        elif asked:
            redrawn_if_missed(pass_button)
        else:
            on_table = page.locator(
                "#table .choosable:not(.sd-trick)" if keep else "#table .choosable"
            )
            tricks = trick_ids(frames) if keep else set()
            others = [
                n
                for n in range(buttons.count())
                if buttons.nth(n).get_attribute("data-action") not in tricks
            ]
            if on_table.count() and rng.random() < 0.7:
                on_table.nth(rng.randrange(on_table.count())).click()
            else:
                buttons.nth(rng.choice(others or list(range(buttons.count())))).click()
        page.wait_for_timeout(150)
        clicks += 1
        if not phone_checked and played_lines and passes:
            fits_a_phone(page)  # the module's cards, a played one among them
            phone_checked = True
    played_lines |= {m.group(0) for m in PLAYED.finditer(page.locator("#log").inner_text())}
    final = last_view(frames)
    assert final["terminal"]
    assert passes > 0, "no window asked me"
    # A played trick in the log, in words: who, which trick, when.
    assert played_lines, "no Dirty Trick was played"
    played = {t["name"] for t in final["sea_dog"]["played_tricks"]}
    assert {PLAYED.match(line).group(2) for line in played_lines} <= played  # type: ignore[union-attr]
    # Played tricks lie face up on the table, with their text.
    faces = zip(
        card_texts(page, ".sd-played .sd-trick .sd-name"),
        card_texts(page, ".sd-played .sd-trick .sd-text"),
        strict=True,
    )
    played_cards = final["sea_dog"]["played_tricks"]
    assert sorted(faces) == sorted((t["name"], t["effect"]) for t in played_cards)
    if not phone_checked:
        fits_a_phone(page)
    assert console == []
    assert page.errors == []
