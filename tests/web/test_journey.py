"""Issue 24, done when: two people, each with a name picked in the lobby (so both are
rated), set up a game, play it by clicking to its end, see the result, find their
ratings moved, and start a rematch with the same seats: a four-seat Letter of Marque
game with two bots, and a BroadSides duel, each on a desktop and on a phone.

Each person is a browser context of their own (their own localStorage: their own key).
Clicks are random but seeded, as a person who knows nothing of the rules would make.
The lobby offers no round cap, and a BroadSides duel played by random clicks runs to
some 900 decisions: the duel's own lobby request is given a two-round cap on its way
(everything else about it is the lobby's), so it ends in some fifty."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.parse
from typing import Any

import pytest

from .test_browser import call, click_once
from .test_table_for_everyone import DESKTOP, PHONE, new_page, settled

pytestmark = pytest.mark.slow

JSON = Any
RESULT = "#result:not([hidden])"


#: What reaches past the screen's right edge where it can be seen: as the shared check
#: (test_table_for_everyone.WIDER_THAN_THE_SCREEN), but a line cut short inside a box
#: that clips it and itself fits (the last moves' strip ends its lines with "…") is
#: not past the edge.
PAST_THE_EDGE = """() => {
  const width = document.documentElement.clientWidth;
  const clipped = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") return a.getBoundingClientRect().right <= width + 1;
    }
    return false;
  };
  const wide = [...document.querySelectorAll("body *")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > width + 1 && getComputedStyle(e).position !== "fixed"
      && !e.closest(".side") && !clipped(e);
  });
  return { page: document.documentElement.scrollWidth, width, wide: wide.map((e) => e.outerHTML.slice(0, 120)) };
}"""


def fits_the_screen(page: Any) -> None:
    settled(page)
    measured = page.evaluate(PAST_THE_EDGE)
    assert measured["page"] <= measured["width"], measured
    assert measured["wide"] == [], measured


def person(browser: Any, server: str, viewport: dict[str, int], name: str) -> Any:
    """A person in a browser of their own who picks ``name`` once in the lobby."""
    page = new_page(browser, viewport)
    page.set_default_timeout(30_000)  # a click that cannot land fails in 30 s, not 90
    page.goto(server + "/")
    page.fill("#player-name", name)
    page.click("#keep-name")
    page.wait_for_selector("#playing-as:not([hidden])")
    assert page.locator("#player-link").inner_text() == name
    return page


def game_id_of(page: Any) -> str:
    return str(urllib.parse.urlparse(page.url).path.rstrip("/").split("/")[-1])


def at_the_table(page: Any, table: str) -> str:
    """The game's id once its table is drawn, the rejoin box read and put away."""
    page.wait_for_selector(table)
    page.wait_for_selector("#rejoin:not([hidden]) button")
    page.locator("#rejoin button", has_text="Got it").click()
    return game_id_of(page)


def invite_link(page: Any) -> str:
    """The link the creator sends to the person invited to the open seat."""
    text = page.locator("#rejoin .invite").inner_text()
    found = re.search(r"https?://\S+/play/\w+", text)
    assert found, text
    return found.group(0)


def sit_by_the_link(page: Any, link: str, seat: int, table: str) -> str:
    page.goto(link)
    page.locator("#join button", has_text=f"Sit at seat {seat + 1}").click()
    return at_the_table(page, table)


def sit_from_the_lobby(page: Any, server: str, game_id: str, table: str) -> str:
    page.goto(server + "/")
    join = page.locator(f"#open a[href='/play/{game_id}']")
    join.wait_for()
    assert join.inner_text().startswith("Join")
    join.click()
    return at_the_table(page, table)


def play_to_the_end(pages: list[Any], seed: int, seconds: float) -> int:
    """Both people click whenever it is their move, until each sees the result; the
    decisions clicked."""
    rng = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + seconds
    while not all(p.locator(RESULT).count() for p in pages):
        assert time.monotonic() < deadline, f"the game did not end ({clicks} clicks)"
        moved = False
        for page in pages:
            if not page.locator(RESULT).count() and click_once(page, rng):
                moved, clicks = True, clicks + 1
        pages[0].wait_for_timeout(150 if moved else 100)
    return clicks


def rated(server: str, name: str, game_id: str) -> JSON:
    """``name``'s player page once ``game_id`` has moved their rating (it is rated just
    after its last decision is stored)."""
    deadline = time.monotonic() + 30
    while True:
        player = call(server, f"/api/players/{urllib.parse.quote(name)}")
        games = [g for g in player["games"] if g["id"] == game_id]
        if games and games[0]["elo_change"] is not None:
            return player
        assert time.monotonic() < deadline, f"{game_id} was never rated for {name}"
        time.sleep(0.1)


def rating_of(player: JSON, game: str) -> JSON:
    (rating,) = [r for r in player["ratings"] if r["game"] == game]
    return rating


def check_the_ending(pages: list[Any], names: list[str]) -> None:
    """Each person's result panel names the winner and lists every seat's tallies."""
    for page in pages:
        panel = page.locator(RESULT)
        assert "The game is over" in panel.locator("#result-title").inner_text()
        rows = panel.locator(".score-table tbody tr").all_inner_texts()
        assert sum(n in " ".join(rows) for n in names) == len(names), rows
        assert panel.locator("button.rematch").count() == 1


def rematch(creator: Any, old_id: str, table: str) -> str:
    """The creator's Rematch: a new game, the creator seated in it again."""
    creator.locator(f"{RESULT} button.rematch").click()
    creator.wait_for_url(re.compile(r"/play/(?!" + old_id + r")\w+$"))
    creator.wait_for_selector(table)
    creator.wait_for_selector("#rejoin:not([hidden]) .invite")
    return game_id_of(creator)


def both_seated(pages: list[Any], game_id: str) -> None:
    """Both tables are the new game's and connected to it, each person in a seat."""
    for page in pages:
        assert game_id_of(page) == game_id
        page.wait_for_function("document.querySelector('#link').textContent === 'connected'")
        assert page.locator("#join").is_hidden()


SCREENS = {"desktop": DESKTOP, "phone": PHONE}


@pytest.mark.parametrize("screen", SCREENS)
def test_two_people_and_two_bots_play_letter_of_marque_to_a_rematch(
    server: str, browser: Any, screen: str
) -> None:
    started = time.monotonic()
    names = [f"Ada Journey {screen}", f"Ben Journey {screen}"]
    ada = person(browser, server, SCREENS[screen], names[0])
    ben = person(browser, server, SCREENS[screen], names[1])
    # Ada sets the seats: Ben by invitation, then the heuristic captain and a random one.
    ada.click("label[for='game-letter-of-marque']")
    ada.select_option("#players", "4")
    ada.select_option("#rival", "heuristic")
    ada.select_option("#seat-plan select[data-seat='1']", "person")
    ada.select_option("#seat-plan select[data-seat='3']", "random")
    ada.click("#set-sail")
    game_id = at_the_table(ada, ".lom-table")
    assert "Waiting for every seat" in ada.locator("#prompt").inner_text()
    link = invite_link(ada)
    assert sit_by_the_link(ben, link, 1, ".lom-table") == game_id
    game = call(server, f"/api/games/{game_id}")
    assert game["status"] == "active"
    seats = [(s["name"], s["bot"]) for s in game["seats"]]
    assert seats == [(names[0], None), (names[1], None), (None, "heuristic"), (None, "random")]

    clicks = play_to_the_end([ada, ben], seed=24, seconds=150)
    assert clicks > 10
    check_the_ending([ada, ben], names)
    assert call(server, f"/api/games/{game_id}")["status"] == "finished"
    for name in names:
        rating = rating_of(rated(server, name, game_id), "letter-of-marque")
        assert rating["games"] == 1 and rating["se"] is not None
    # Ada's player page shows the game and her rating.
    elo = round(rating_of(rated(server, names[0], game_id), "letter-of-marque")["elo"])
    page = ada.context.new_page()
    page.goto(f"{server}/players/{urllib.parse.quote(names[0])}")
    page.wait_for_selector(f"#games a[href='/replay/{game_id}']")
    assert str(elo) in page.locator("#ratings tbody").inner_text()
    page.close()

    # The rematch: Ada starts it, Ben takes his seat again by the new invitation.
    again = rematch(ada, game_id, ".lom-table")
    assert sit_by_the_link(ben, invite_link(ada), 1, ".lom-table") == again
    game = call(server, f"/api/games/{again}")
    assert game["status"] == "active" and game["players"] == 4
    assert [(s["name"], s["bot"]) for s in game["seats"]] == seats
    both_seated([ada, ben], again)
    assert ada.errors == [] and ben.errors == []
    print(
        f"Letter of Marque journey ({screen}): {clicks} clicks, {time.monotonic() - started:.1f} s"
    )
    ada.context.close()
    ben.context.close()


@pytest.mark.parametrize("screen", SCREENS)
def test_two_people_play_a_broadsides_duel_to_a_rematch(
    server: str, browser: Any, screen: str
) -> None:
    started = time.monotonic()
    names = [f"Ann Duel {screen}", f"Bo Duel {screen}"]
    ada = person(browser, server, SCREENS[screen], names[0])
    ben = person(browser, server, SCREENS[screen], names[1])
    fits_the_screen(ada)

    def two_rounds(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        body["options"] = {**body.get("options", {}), "round_cap": 2}
        route.continue_(post_data=json.dumps(body))

    ada.route(
        "**/api/games",
        lambda route: two_rounds(route) if route.request.method == "POST" else route.continue_(),
    )
    ada.click("label[for='game-broadsides']")
    ada.select_option("#rival", "friend")  # the other seat: a person
    ada.click("#set-sail")
    game_id = at_the_table(ada, ".bs-table")
    # Ben finds the duel in the lobby's open games and joins it under his name.
    assert sit_from_the_lobby(ben, server, game_id, ".bs-table") == game_id
    game = call(server, f"/api/games/{game_id}")
    assert game["options"] == {"round_cap": 2} and game["status"] == "active"
    seats = [(s["name"], s["bot"]) for s in game["seats"]]
    assert seats == [(names[0], None), (names[1], None)]
    for page in (ada, ben):
        fits_the_screen(page)

    clicks = play_to_the_end([ada, ben], seed=7, seconds=150)
    assert clicks > 10
    check_the_ending([ada, ben], names)
    for page in (ada, ben):
        fits_the_screen(page)  # the result panel and the last moves too
    ratings = [rating_of(rated(server, name, game_id), "broadsides") for name in names]
    assert [r["games"] for r in ratings] == [1, 1]
    # One scale: a duel between two new players moves them by the same amount, apart.
    assert ratings[0]["elo"] - 1500 == pytest.approx(1500 - ratings[1]["elo"])

    # The rematch: the same two-round duel, Ben back in his seat from the lobby.
    again = rematch(ada, game_id, ".bs-table")
    assert sit_from_the_lobby(ben, server, again, ".bs-table") == again
    game = call(server, f"/api/games/{again}")
    assert game["options"] == {"round_cap": 2} and game["status"] == "active"
    assert [(s["name"], s["bot"]) for s in game["seats"]] == seats
    both_seated([ada, ben], again)
    assert ada.errors == [] and ben.errors == []
    print(f"BroadSides journey ({screen}): {clicks} clicks, {time.monotonic() - started:.1f} s")
    ada.context.close()
    ben.context.close()
