"""Pirate War's browser table (issue 22 items 4 and 7): the hex map, the wind rose, the
ship cards; a move assembled by clicking hexes; targets clicked on the map; a whole
three-seat game (one person, two heuristic bots) played by clicking at 1366×768, and
never another seat's hand on the page or on its WebSocket (PW-4.10)."""

from __future__ import annotations

import json
import os
import random
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

JSON = Any
FIGURE = os.environ.get("QUARTERDECK_PW_FIGURE")  # where to save a screenshot, if set


def call(base: str, path: str, body: JSON = None) -> JSON:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_against_random_bots(server: str, page: Any) -> None:
    """From the lobby: Pirate War (its tile shows title and player counts), two players,
    a random bot, set sail."""
    catalog = {g["name"]: g for g in call(server, "/api/catalog")}
    page.goto(server + "/")
    page.fill("#name", "Ada")
    tile = page.locator("label[for='game-pirate-war']")
    assert catalog["pirate-war"]["title"] in tile.inner_text()
    assert "2–6 players" in tile.inner_text()
    tile.click()
    page.select_option("#players", "2")
    page.select_option("#rival", "random")
    page.click("#set-sail")


def test_pw_22_the_table_is_drawn_as_hexes_and_set_up_by_clicking(server: str, page: Any) -> None:
    start_against_random_bots(server, page)
    page.wait_for_selector(".pw-table")
    assert page.locator("#title").inner_text() == "Pirate War"
    assert page.locator(".pw-hex").count() > 400  # 17 rows of 26–27 hexes
    assert page.locator(".pw-hex.rock").count() == 6
    assert "wind blows toward" in page.locator(".pw-head").inner_text()
    assert page.locator(".pw-rose svg").count() == 1
    assert page.locator(".pw-captain").count() == 2
    ships = page.locator(".pw-ship")
    for _ in range(12):  # race, home port, mount: the ships go on their anchorages
        page.wait_for_selector("#buttons button[data-action]", timeout=60_000)
        if ships.count() == 2:
            break
        page.locator("#buttons button[data-action]").first.click()
        page.wait_for_timeout(200)
    assert ships.count() == 2
    assert "facing" in ships.first.locator("title").text_content()
    card = page.locator(".pw-captain.mine").inner_text()
    for word in ("hull", "hold", "crew", "gold", "aboard", "stored", "cards", "weapons"):
        assert word in card
    assert page.errors == []


class Table:
    """One person's page at a three-seat table, and what it saw and did."""

    def __init__(self, page: Any, seat: int) -> None:
        self.page = page
        self.seat = seat
        self.frames: list[JSON] = []
        self.sent: list[JSON] = []  # what the page sent: its decisions and previews
        self.courses = 0  # moves assembled by clicking a far hex
        self.targets = 0  # fire, board or ram by clicking a glowing ship
        self.html_checks = 0
        page.on("websocket", self.listen)

    def listen(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def ship_hex(self) -> str:
        return str(self.page.locator(f".pw-ship.seat{self.seat}").get_attribute("data-hex"))

    def sail_by_clicking(self, far: Any) -> None:
        """Click a glowing hex beyond the next step: the table takes the steps of a way
        there one by one; then a click on the ship stops it there."""
        goal = far.get_attribute("data-hex")
        far.click()
        self.page.wait_for_function(
            f"document.querySelector('.pw-ship.seat{self.seat}')?.dataset.hex === '{goal}'",
            timeout=20_000,
        )
        self.courses += 1

    def click_once(self, rng: random.Random) -> bool:
        page = self.page
        if page.locator("#confirm.ready:not([disabled])").count():
            page.keyboard.press("Enter")
            return True
        buttons = page.locator("#buttons button[data-action]")
        if not buttons.count():
            return False
        targets = page.locator(".pw-ship.target")
        far = page.locator(".pw-hex.far")
        stop = page.locator(".pw-ship.stop")
        if targets.count():
            targets.first.click()  # fire at, board or ram whoever glows
            self.targets += 1
        elif far.count() and self.courses < 3:
            self.sail_by_clicking(far.nth(rng.randrange(far.count())))
        elif page.locator(".pw-hex.step").count() and rng.random() < 0.5:
            page.locator(".pw-hex.step").first.click()
        elif stop.count() and rng.random() < 0.6:
            stop.click()
        else:
            buttons.nth(rng.randrange(buttons.count())).click()
        return True

    def check_html(self) -> None:
        """The page draws this seat's hand and, of the others, only how many they hold."""
        states = [f for f in self.frames if f["type"] == "state" and "view" in f]
        if not states:
            return
        # Once the page has drawn the last view it received: a frame may still be
        # in flight right after a click, so it is given a moment to settle.
        settle = time.monotonic() + 10
        while self.page.locator(".pw-hand .pw-card").count() != len(self.last_hand()):
            assert time.monotonic() < settle, "the page does not draw its last view's hand"
            self.page.wait_for_timeout(100)
        self.html_checks += 1

    def last_hand(self) -> list[int]:
        states = [f for f in self.frames if f["type"] == "state" and "view" in f]
        hand: list[int] = states[-1]["view"]["ships"][self.seat]["hand"]
        return hand


#: Round 2 of 3, Red's battle phase, Blue two hexes ahead of Red's bow cannon (PW-12).
BROADSIDE = {
    "name": "Red's bow cannon has Blue in arc and range",
    "seed": 11,
    "players": 3,
    "round": 2,
    "order": [0, 1, 2],
    "turn": 0,
    "at": "battle",
    "wind": 3,
    "ships": [
        {"race": "Empire", "hex": [10, 6], "facing": 1},
        {"race": "Brettonian", "hex": [12, 6], "facing": 4},
        {"race": "Dwarves", "hex": [14, 12], "facing": 4},
    ],
}


def test_pw_22_a_person_plays_a_three_seat_game_to_its_end_by_clicking(
    server: str, page: Any
) -> None:
    body = {
        "game": "pirate-war",
        "players": 3,
        "options": {"round_limit": 3},
        "bots": {"1": "heuristic", "2": "heuristic"},
        "scenario": BROADSIDE,
    }
    game = call(server, "/api/games", body)
    token = call(server, f"/api/games/{game['id']}/seats/0/join", {"name": "Ada"})["token"]
    table = Table(page, 0)
    page.goto(f"{server}/play/{game['id']}#seat=0&token={token}")
    page.wait_for_selector(".pw-table")
    # Red's battle phase: an attack, then Blue glows in the bow cannon's arc and range.
    page.locator("#buttons button", has_text="main action: attack").click(timeout=30_000)
    page.locator(".pw-ship.target.fire-at").click(timeout=30_000)
    table.targets += 1
    rng = random.Random(3)
    clicks = 2
    shot = False
    deadline = time.monotonic() + 150
    while "The game is over" not in page.locator("#prompt").inner_text():
        assert time.monotonic() < deadline and clicks < 400, "the game did not end"
        if FIGURE and not shot and page.locator(".pw-hex.far").count():
            page.screenshot(path=FIGURE)
            shot = True
        if table.click_once(rng):
            clicks += 1
            if clicks % 15 == 0:
                table.check_html()
        page.wait_for_timeout(120)
    # The end: the result on the table, the winner's card marked.
    assert page.locator(".pw-captain.won").count() >= 1
    assert page.locator("text=Watch the replay").count() == 1
    assert table.courses >= 1, "no move was assembled by clicking a hex"
    fired = [e for f in table.frames if f["type"] == "state" for e in f["view"]["log"]]
    assert any(e["kind"] == "fire" and e["seat"] == 0 and e["target"] == 1 for e in fired)
    assert page.locator(".pw-rolls .die").count() > 0  # rolls drawn as dice
    table.check_html()
    # Never another seat's hand: not in a view, not in a drawn card's secret.
    views = [f for f in table.frames if f["type"] in ("state", "preview") and "view" in f]
    assert views
    for message in views:
        for ship in message["view"]["ships"]:
            assert (ship["hand"] is None) == (ship["seat"] != 0), ship
        for event in message["view"].get("log", []):
            if event["kind"] == "draw" and event["seat"] != 0 and event.get("held"):
                assert "card" not in event
    assert page.errors == []
    if FIGURE:
        page.screenshot(path=str(Path(FIGURE).with_name("pw-table-end.png")))
        acts = [m for m in table.sent if m["type"] == "act"]
        print(f"{clicks} clicks, {len(acts)} decisions sent, the longest of", end=" ")
        print(f"{max(len(m['actions']) for m in acts)} steps; {table.targets} targets clicked")
