"""Issue 24, the browser table a newcomer from Board Game Arena would choose: every
finding checked in Chromium. Layout checks measure the page (nothing wider than the
screen, no label over another, the log's newest line in sight); the rest read what a
person sees (who plays each seat, the rules at the table, the result and why)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .test_browser import call

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}

JSON = Any


def new_page(browser: Any, viewport: dict[str, int]) -> Any:
    touch = viewport["width"] < 1000  # phones and tablets
    context = browser.new_context(viewport=viewport, is_mobile=touch, has_touch=touch)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def seated(server: str, game: str, players: int, bots: dict[str, str]) -> tuple[str, str]:
    """A game with Ada in seat 0 and ``bots``: its id and Ada's token."""
    created = call(server, "/api/games", {"game": game, "players": players, "bots": bots})
    token = call(server, f"/api/games/{created['id']}/seats/0/join", {"name": "Ada"})["token"]
    return created["id"], token


def finished(server: str, game: str, players: int, seed: int = 1) -> str:
    """A game played to its end by heuristic bots in every seat, on a fixed seed (on a
    random one the ending a test reads varies: all tied, no row is marked a winner's)."""
    bots = {str(s): "heuristic" for s in range(players)}
    body = {"game": game, "players": players, "bots": bots, "seed": seed}
    game_id: str = call(server, "/api/games", body)["id"]
    deadline = time.monotonic() + 60
    while call(server, f"/api/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return game_id


WIDER_THAN_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > width + 1 && getComputedStyle(e).position !== "fixed"
      && !e.closest(".side");
  });
  return { page: document.documentElement.scrollWidth, width, wide: wide.map((e) => (e.className || e.tagName)
    + ` "${(e.textContent || "").slice(0, 40)}" in ${e.parentElement?.className || ""} ${Math.round(e.getBoundingClientRect().right)}px`) };
}"""

OVERLAPS = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect());
  const out = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(i);
  }));
  return { count: boxes.length, overlaps: out.length };
}"""


#: Whether nothing on the page is still sliding (motion: a move that came just before
#: a measurement slides its pieces from where they were). A glow that pulses for ever
#: (a ready Confirm, M&M's choosable zones) is no move and never ends: not waited for.
STILL = """() => document.getAnimations().every(
  (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity)"""


def settled(page: Any) -> None:
    page.wait_for_function(STILL, timeout=10_000)


def fits(page: Any) -> None:
    settled(page)
    measured = page.evaluate(WIDER_THAN_THE_SCREEN)
    assert measured["page"] <= measured["width"], measured
    assert measured["wide"] == [], measured


def newest_line_in_sight(page: Any) -> None:
    newest = page.locator("#log li").first
    box = newest.bounding_box()
    viewport = page.viewport_size
    assert box is not None and box["height"] > 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 1


def test_24_1_the_lobby_fits_a_phone(server: str, browser: Any) -> None:
    page = new_page(browser, PHONE)
    page.goto(server + "/")
    page.wait_for_selector("#game-choice label")
    page.wait_for_function("document.querySelector('#rival').options.length > 0")
    fits(page)  # it was 434 px wide: Letter of Marque's tile and Set sail cut off
    for selector in ("label[for='game-letter-of-marque']", "#set-sail", "#name", "#rival"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.errors == []
    page.context.close()


def test_24_1_broadsides_on_a_phone_no_zone_name_over_another_and_the_log_in_a_drawer(
    server: str, browser: Any
) -> None:
    game_id, token = seated(server, "broadsides", 2, {"1": "heuristic"})
    page = new_page(browser, PHONE)
    page.goto(f"{server}/play/{game_id}#seat=0&token={token}")
    page.wait_for_selector(".bs-table .zone-name")
    page.wait_for_selector("#buttons button[data-action]")
    fits(page)
    names = page.evaluate(OVERLAPS, ".zone-name")
    assert names == {"count": 16, "overlaps": 0}  # "AftMaFore" before
    # Each zone's name reads whole inside its zone (ships were ~60 px wide).
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.zone')].filter((z) => {
             const n = z.querySelector('.zone-name'), a = z.getBoundingClientRect(), b = n.getBoundingClientRect();
             return b.left < a.left - 1 || b.right > a.right + 1 || a.width < 90;
           }).length"""
    )
    assert clipped == 0
    # The log no longer shrinks to its heading: a drawer, and its newest line is also
    # above the prompt.
    page.locator("#buttons button[data-action]").first.click()
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    # Both read at once: the bot's lines keep coming, and one between two reads would
    # make the ticker newer than the line read before it.
    newest, ticker = page.evaluate(
        """() => [document.querySelector('#log li').children[1].textContent,
                  document.getElementById('ticker').textContent]"""
    )
    assert newest and newest in ticker, (newest, ticker)
    page.click("#log-button")
    page.wait_for_function(  # the drawer has slid in (on a busy machine, not in 0.3 s)
        "document.body.classList.contains('log-open')"
        " && document.getElementById('side').getAnimations().length === 0"
    )
    newest_line_in_sight(page)
    log_box = page.locator(".log-panel").bounding_box()
    assert log_box is not None and log_box["height"] > 200
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    "game,players",
    [("broadsides", 2), ("letter-of-marque", 4), ("merchants-and-marauders", 3), ("pirate-war", 2)],
)
def test_24_1_every_table_fits_a_phone_and_a_tablet(
    server: str, browser: Any, game: str, players: int
) -> None:
    game_id, token = seated(server, game, players, {str(s): "heuristic" for s in range(1, players)})
    for viewport in (PHONE, {"width": 768, "height": 1024}):
        page = new_page(browser, viewport)
        page.goto(f"{server}/play/{game_id}#seat=0&token={token}")
        page.wait_for_selector("#buttons button[data-action]")
        fits(page)
        assert page.errors == []
        page.context.close()


def test_24_2_the_lobby_sets_each_seat_to_a_person_or_a_bot(server: str, browser: Any) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("label[for='game-letter-of-marque']")
    page.select_option("#players", "4")
    page.select_option("#rival", "heuristic")
    page.select_option("#seat-plan select[data-seat='1']", "person")
    page.select_option("#seat-plan select[data-seat='3']", "random")
    page.click("#set-sail")
    page.wait_for_selector(".lom-table")
    game_id = page.url.rstrip("/").split("/")[-1]
    seats = call(server, f"/api/games/{game_id}")["seats"]
    assert [(s["name"], s["bot"], s["taken"]) for s in seats] == [
        ("Ada", None, True),
        (None, None, False),
        (None, "heuristic", True),
        (None, "random", True),
    ]
    # The open seat waits for the invited person, or a bot the creator puts there later.
    assert "Invite a rival" in page.locator("#rejoin").inner_text()
    page.click("#seats button[data-fill='1']")
    page.wait_for_function(
        "document.querySelector('#seats').textContent.includes('Blue heuristic bot')"
    )
    assert call(server, f"/api/games/{game_id}")["seats"][1]["bot"] == "heuristic"
    # Two heuristic bots are told apart by their colours.
    seats_text = page.locator("#seats").inner_text()
    assert "Blue heuristic bot" in seats_text and "Yellow heuristic bot" in seats_text
    assert page.errors == []
    page.context.close()


def test_24_2_a_seat_handed_to_a_bot_is_named_as_the_bot(server: str, browser: Any) -> None:
    created = call(server, "/api/games", {"game": "broadsides", "players": 2})
    ada = call(server, f"/api/games/{created['id']}/seats/0/join", {"name": "Ada"})["token"]
    call(server, f"/api/games/{created['id']}/seats/1/join", {"name": "Bob"})  # never comes
    call(
        server,
        f"/api/games/{created['id']}/seats/1/bot",
        {"bot": "heuristic"},
        token=created["creator_token"],
        method="PUT",
    )
    page = new_page(browser, DESKTOP)
    page.goto(f"{server}/play/{created['id']}#seat=0&token={ada}")
    page.wait_for_selector(".bs-table")
    assert "Blue heuristic bot (for Bob)" in page.locator("#seats").inner_text()
    assert "Blue heuristic bot (for Bob)" in page.locator(".captain").first.inner_text()
    assert page.errors == []
    page.context.close()


def test_24_3_the_rules_summary_at_the_table_and_as_a_page(server: str, browser: Any) -> None:
    about = call(server, "/api/catalog/broadsides/about")
    heading = about["rules"].splitlines()[0].lstrip("# ").strip()
    game_id, token = seated(server, "broadsides", 2, {"1": "heuristic"})
    page = new_page(browser, PHONE)
    page.goto(f"{server}/play/{game_id}#seat=0&token={token}")
    page.wait_for_selector(".bs-table")
    assert page.locator("#help").is_hidden()
    page.click("#help-button")
    help_text = page.locator("#help").inner_text()
    assert heading in help_text and "House values" in help_text
    assert about["house_values"][0][0] in help_text
    fits(page)
    page.keyboard.press("Escape")
    assert page.locator("#help").is_hidden()
    page.goto(f"{server}/rules/letter-of-marque")
    page.wait_for_selector(".rules h1")
    assert "Letter of Marque" in page.locator(".rules h1").inner_text()
    assert page.locator(".rules li").count() >= 4  # the turn's four actions, listed
    assert page.errors == []
    page.context.close()


def test_24_4_the_ending_says_who_won_why_and_the_tallies(server: str, browser: Any) -> None:
    game_id = finished(server, "letter-of-marque", 3)
    final = call(server, f"/api/games/{game_id}/view")
    points = [f["points"] for f in final["view"]["fleets"]]
    winners = final["view"]["winners"]
    page = new_page(browser, DESKTOP)
    page.goto(f"{server}/play/{game_id}")  # a spectator
    page.wait_for_selector("#result:not([hidden])")
    result = page.locator("#result")
    assert "The game is over" in result.inner_text()
    assert str(max(points)) in page.locator(".result-reason").inner_text()
    rows = page.locator(".score-table tbody tr")
    assert rows.count() == 3
    for seat in range(3):
        assert rows.nth(seat).locator("td").nth(1).inner_text() == str(points[seat])
    assert page.locator(".score-table tr.winner").count() == len(winners)
    assert "deck 0 ()" not in page.locator("#table").inner_text()
    # The lobby's finished list names the winner.
    page.goto(server + "/")
    item = page.locator(f"#finished li:has(a[href='/replay/{game_id}'])")
    item.wait_for()
    assert "won" in item.inner_text() or "shared the win" in item.inner_text()
    # The replay's last step tells the result, not only the last move.
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector(".lom-table")
    page.click("#last")
    page.wait_for_function(
        "document.querySelector('#prompt').textContent.includes('The game is over')"
    )
    assert "last move" in page.locator("#prompt").inner_text()
    assert page.errors == []
    page.context.close()


def test_24_5_the_rejoin_box_covers_no_log_line_and_the_log_keeps_every_line(
    server: str, browser: Any
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server + "/")
    page.fill("#name", "Ada")
    page.click("label[for='game-letter-of-marque']")
    page.click("#set-sail")
    page.wait_for_selector("#rejoin:not([hidden])")
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    box = page.locator("#rejoin").bounding_box()
    log = page.locator("#log").bounding_box()
    assert box is not None and log is not None
    assert box["y"] + box["height"] <= log["y"]  # above the log, not over it
    newest_line_in_sight(page)
    page.context.close()
    # A long game: every line kept, numbered in full (no clipped digits).
    game_id = finished(server, "letter-of-marque", 6)
    page = new_page(browser, DESKTOP)
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector("#result:not([hidden])")
    page.click("#result button:has-text('Look at the table')")
    count = page.locator("#log li").count()
    assert count > 60
    assert page.locator("#log li .n").first.inner_text() == str(count)
    clipped = page.evaluate(
        """() => { const log = document.querySelector('#log').getBoundingClientRect();
             return [...document.querySelectorAll('#log li .n')].slice(0, 5).filter((n) => {
               const r = n.getBoundingClientRect();
               return r.left < log.left || n.scrollWidth > n.clientWidth + 1; }).length; }"""
    )
    assert clipped == 0
    newest_line_in_sight(page)
    assert page.errors == []
    page.context.close()


CONTRAST = """(selector) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  return [...document.querySelectorAll(selector)].map((e) => {
    let p = e, bg = 'rgba(0, 0, 0, 0)';
    while (p && (bg === 'rgba(0, 0, 0, 0)' || getComputedStyle(p).backgroundImage !== 'none' && bg === 'rgba(0, 0, 0, 0)')) {
      bg = getComputedStyle(p).backgroundColor; p = p.parentElement;
    }
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(rgb(bg === 'rgba(0, 0, 0, 0)' ? 'rgb(243, 231, 201)' : bg))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}"""


def test_24_6_spectators_see_no_dead_buttons_and_the_text_is_legible(
    server: str, browser: Any
) -> None:
    game_id, _ = seated(server, "letter-of-marque", 3, {"1": "heuristic", "2": "heuristic"})
    page = new_page(browser, DESKTOP)
    page.goto(f"{server}/play/{game_id}")  # watching
    page.wait_for_selector(".lom-table")
    assert page.locator("#compose").is_hidden()
    assert page.locator("#back").is_hidden() and page.locator("#confirm").is_hidden()
    ratios = page.evaluate(CONTRAST, ".fleet .meta, .lom-ship .status")
    assert ratios and min(ratios) >= 4.5, ratios
    assert page.errors == []
    page.context.close()
