"""The games in a real browser: a newcomer's first BroadSides duel against a bot, a
game played to its end, a reload in the middle, two people who never see each other's
hand (the tables of Merchants & Marauders and Pirate War: test_merchants_marauders_table.py
and test_pirate_war_table.py)."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest

from tests.interop.conftest import NEAR_END

pytestmark = pytest.mark.slow

JSON = Any


def call(
    base: str, path: str, body: JSON = None, token: str | None = None, method: str | None = None
) -> JSON:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
        method=method,
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def my_move(page: Any) -> bool:
    return bool(page.locator("#buttons button[data-action]").count()) or bool(
        page.locator("#confirm.ready:not([disabled])").count()
    )


def click_once(page: Any, rng: random.Random) -> bool:
    """One decision by clicking, as a person would: a glowing card or zone on the
    table (or a button), then Enter once a choice of several steps is complete.
    False if it is not this page's move."""
    if page.locator("#confirm.ready:not([disabled])").count():
        page.keyboard.press("Enter")
        return True
    on_table = page.locator("#table .choosable")
    buttons = page.locator("#buttons button[data-action]")
    if not buttons.count():
        return False
    if on_table.count() and rng.random() < 0.7:
        on_table.nth(rng.randrange(on_table.count())).click()
    else:
        buttons.nth(rng.randrange(buttons.count())).click()
    return True


def play_until(page: Any, done: Any, clicks: int, seed: int = 1, seconds: float = 120) -> int:
    """Click until ``done(page)``; the number of clicks it took."""
    rng = random.Random(seed)
    made = 0
    deadline = time.monotonic() + seconds
    while not done(page):
        assert made < clicks and time.monotonic() < deadline, "the game did not get there"
        if click_once(page, rng):
            made += 1
        page.wait_for_timeout(150)
    return made


def prompt(page: Any) -> str:
    return str(page.locator("#prompt").inner_text())


def turn(page: Any) -> int:
    # "Turn 3 of 120" (turns, both captains' counted)
    text = page.locator(".middle .turn").inner_text()
    return int(text.split()[1])


def test_a_newcomer_starts_a_duel_against_a_bot_and_plays_by_clicking(
    server: str, page: Any
) -> None:
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("#set-sail")  # BroadSides against the heuristic captain is the default
    page.wait_for_selector(".bs-table")
    assert page.locator("#rejoin input").input_value().startswith(server + "/play/")
    play_until(page, lambda p: turn(p) >= 4, clicks=300)
    log = page.locator("#log").inner_text()
    assert "Red" in log and "Blue" in log  # both captains played
    assert page.locator(".hand .card").count() > 0
    assert page.errors == []


def test_set_sail_waits_until_the_lobby_knows_its_games(server: str, page: Any) -> None:
    # A click before the lobby had drawn its games sent the form as a plain page load
    # ("/?game=broadsides&name=…"): no game started, and nothing said why.
    held: list[Any] = []
    page.route("**/api/catalog/*/about", lambda route: held.append(route))
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.wait_for_function("document.querySelector('#rival').options.length > 0")
    assert page.locator("#set-sail").is_disabled()
    for route in held:
        route.continue_()
    page.unroute("**/api/catalog/*/about")
    page.click("#set-sail")  # waits until it is enabled
    page.wait_for_selector(".bs-table")
    assert "/play/" in page.url
    assert page.errors == []


def test_the_lobby_lists_games_from_its_paged_api(server: str, page: Any) -> None:
    game = call(server, "/api/games", {"game": "letter-of-marque", "players": 3})
    call(server, f"/api/games/{game['id']}/seats/0/join", {"name": "Grace"})
    page.goto(server + "/")
    link = page.locator(f"#open a[href='/play/{game['id']}']")
    link.wait_for()
    assert link.inner_text() == "Join: Letter of Marque"
    assert "Grace" in page.locator("#open").inner_text()
    assert page.errors == []


def test_a_game_from_a_near_end_position_is_played_to_its_end(server: str, page: Any) -> None:
    body = {"game": "broadsides", "scenario": NEAR_END, "bots": {"1": "heuristic"}}
    game = call(server, "/api/games", body)
    token = call(server, f"/api/games/{game['id']}/seats/0/join", {"name": "Ada"})["token"]
    page.goto(f"{server}/play/{game['id']}#seat=0&token={token}")
    page.wait_for_selector(".bs-table")
    play_until(page, lambda p: "The game is over" in prompt(p), clicks=600, seconds=240)
    page.click("text=Watch the replay")
    page.wait_for_selector(".bs-table")
    page.wait_for_function("document.querySelector('#where').textContent.startsWith('move 0 ')")
    page.click("#last")
    page.wait_for_function(
        "(([_, at, __, of]) => at === of)(document.querySelector('#where').textContent.split(' '))"
    )
    assert (
        "WINS" in page.locator("#log li").first.inner_text()
        or "draw" in page.locator("#log").inner_text()
    )
    words = page.locator("#where").inner_text().split()  # "move N of N"
    assert words[1] == words[3] and int(words[3]) > 0
    assert page.errors == []


def test_a_reload_in_the_middle_of_a_game_carries_on(server: str, page: Any) -> None:
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("#set-sail")
    page.wait_for_selector(".bs-table")
    game_id = page.url.rstrip("/").split("/")[-1]
    play_until(page, lambda p: turn(p) >= 2, clicks=200)
    page.wait_for_function("document.querySelector('#buttons button[data-action]') !== null")
    before = page.locator("#log li").count()
    page.reload()
    page.wait_for_selector(".bs-table")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before}")
    play_until(page, lambda p: turn(p) >= 4, clicks=300, seed=2)
    assert page.locator("#link").inner_text() == "connected"
    assert game_id in page.url
    assert page.errors == []


def test_two_people_play_and_neither_page_ever_holds_the_others_hand(
    server: str, browser: Any
) -> None:
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        pages.append(context.new_page())
    frames: list[list[JSON]] = [[], []]
    for seat, page in enumerate(pages):
        page.errors = []
        page.on("pageerror", lambda e, p=page: p.errors.append(str(e)))
        page.on(
            "websocket",
            lambda ws, s=seat: ws.on(
                "framereceived", lambda payload, s=s: frames[s].append(json.loads(payload))
            ),
        )
    ann, bob = pages
    ann.goto(server + "/")
    ann.fill("#name", "Ann")
    ann.select_option("#rival", "friend")
    ann.click("#set-sail")
    ann.wait_for_selector(".bs-table")
    game_id = ann.url.rstrip("/").split("/")[-1]
    bob.goto(f"{server}/play/{game_id}")
    bob.fill("#join-name", "Bob")
    bob.click("text=Sit at seat 2")
    bob.wait_for_selector(".bs-table")
    rng = random.Random(5)
    clicks = 0
    deadline = time.monotonic() + 180
    while clicks < 80:
        assert time.monotonic() < deadline
        for page in pages:
            if my_move(page) and click_once(page, rng):
                clicks += 1
            page.wait_for_timeout(100)
    for seat, page in enumerate(pages):
        foe = 1 - seat
        states = [f for f in frames[seat] if f["type"] in ("state", "preview") and "view" in f]
        assert states, "no views arrived"
        for message in states:
            assert message["view"]["ships"][foe]["hand"] is None
            if (
                message["type"] == "preview" or message["seat"] == seat
            ):  # not yet seated: a spectator
                assert message["view"]["ships"][seat]["hand"] is not None
        # The page draws exactly its own hand, face up, and only backs for the foe:
        # once it has drawn the last view it received (a frame may still be in flight
        # when the clicking stops, so the page is given a moment to settle).
        settle = time.monotonic() + 10
        while page.locator(".hand .card").count() != len(last_hand(frames[seat], seat)):
            assert time.monotonic() < settle, "the page does not draw its last view's hand"
            page.wait_for_timeout(100)
        assert page.errors == []
    for page in pages:
        page.context.close()


def last_hand(frames: list[JSON], seat: int) -> list[int]:
    """The seat's own hand in the last view its socket received."""
    views = [f for f in frames if f["type"] in ("state", "preview") and "view" in f]
    hand: list[int] = views[-1]["view"]["ships"][seat]["hand"]
    return hand


def start_against_random_bots(server: str, page: Any, game: str) -> None:
    """From the lobby: choose ``game`` (its tile shows its title and player counts),
    two players, random bots, and set sail."""
    catalog = {g["name"]: g for g in call(server, "/api/catalog")}
    page.goto(server + "/")
    page.fill("#name", "Ada")
    tile = page.locator(f"label[for='game-{game}']")
    assert catalog[game]["title"] in tile.inner_text()
    low, high = catalog[game]["min_players"], catalog[game]["max_players"]
    assert f"{low}–{high} players" in tile.inner_text()
    tile.click()
    assert catalog[game]["blurb"] in page.locator("#rival-hint").inner_text()
    page.select_option("#players", "2")
    page.select_option("#rival", "random")
    page.click("#set-sail")


VERSION = """async () => {
  const id = location.pathname.split("/").pop();
  const kept = JSON.parse(localStorage.getItem("quarterdeck:seat:" + id));
  const r = await fetch(`/api/games/${id}/view`, { headers: { Authorization: `Bearer ${kept.token}` } });
  return (await r.json()).version;
}"""


def taken_by_the_server(page: Any, click: Any) -> None:
    """``click()`` makes this seat's decision: the game's version on the server moves
    on (nothing else can move it while the seat is deciding). The log on the page
    shows only its last 60 lines, so its length is no sign."""
    before = page.evaluate(VERSION)
    click()
    deadline = time.monotonic() + 30
    while page.evaluate(VERSION) == before:
        assert time.monotonic() < deadline, "the decision was not taken"
        page.wait_for_timeout(100)


def decide_by_clicking(page: Any) -> None:
    """Click the first legal action once it is this seat's move."""
    page.wait_for_selector("#buttons button[data-action]", timeout=60_000)
    taken_by_the_server(page, page.locator("#buttons button[data-action]").first.click)
