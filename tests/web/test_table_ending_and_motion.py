"""Issue 24 items 5, 6 and 8 in Chromium: an ending worth the game (the result panel of
every game with its reason and each seat's final tallies, a rematch with the same
seats, the replay's last step), motion with meaning (the others' last moves marked
until this seat decides, a "reduce motion" setting that stops every transition, sounds
off until asked for) and the lobby's words on the bots' pace.

Games end fast: bots in every seat and small option values (Pirate War's round_limit
and victory_treasures, Merchants & Marauders' glory_target)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from .test_browser import call, click_once, my_move

pytestmark = pytest.mark.slow

JSON = Any
DESKTOP = {"width": 1366, "height": 768}


def new_page(browser: Any, **context: Any) -> Any:
    page = browser.new_context(viewport=DESKTOP, **context).new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def finished(server: str, game: str, players: int, options: dict[str, JSON], seed: int = 1) -> str:
    """A game played to its end by heuristic bots in every seat, on a fixed seed (on
    a random one, heuristic captains of Pirate War sometimes stored no treasure in
    40 rounds, and the ending a test asks for did not come)."""
    bots = {str(s): "heuristic" for s in range(players)}
    body = {"game": game, "players": players, "bots": bots, "options": options, "seed": seed}
    game_id = call(server, "/api/games", body)["id"]
    wait_finished(server, game_id)
    return str(game_id)


def wait_finished(server: str, game_id: str) -> None:
    deadline = time.monotonic() + 60
    while call(server, f"/api/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)


def score_table(page: Any) -> list[list[str]]:
    rows = page.locator("#result .score-table tbody tr")
    return [
        [c.strip() for c in rows.nth(r).locator("td").all_inner_texts()]
        for r in range(rows.count())
    ]


def shown_result(page: Any) -> tuple[str, list[list[str]]]:
    page.wait_for_selector("#result:not([hidden]) .score-table")
    return page.locator("#result .result-reason").inner_text(), score_table(page)


# -- item 5: an ending worth the game ------------------------------------------------------


def test_24_5_pirate_war_ends_with_its_reason_and_each_captains_tallies(
    server: str, browser: Any
) -> None:
    """PW-17.4: after the round limit the most stored treasures win, then the most
    aboard, then the most gold; PW-17.3: the victory treasures stored win at once."""
    page = new_page(browser)
    for options, words in (
        ({"round_limit": 3}, r"Round 3, the last, is over \(PW-17\.4\)\."),
        ({"victory_treasures": 1, "round_limit": 40}, r"stored 1 treasure at home.*PW-17\.3"),
    ):
        game_id = finished(server, "pirate-war", 2, options)
        final = call(server, f"/api/games/{game_id}/view")["view"]
        page.goto(f"{server}/play/{game_id}")  # a spectator
        reason, rows = shown_result(page)
        assert re.search(words, reason), reason
        headers = page.locator("#result .score-table th").all_inner_texts()
        assert headers == ["Seat", "Stored", "Aboard", "Gold", "Hull", "Crew", "Result"]
        for ship, row in zip(final["ships"], rows, strict=True):
            tallies = [ship["store"], ship["treasures_aboard"], ship["gold"], ship["hull"]]
            assert row[1:6] == [str(v) for v in [*tallies, ship["crew"]]]
        everyone = len(final["winners"]) == len(rows)  # all tied: a draw (PW-17.4)
        for s, row in enumerate(rows):
            won = "draw" if everyone else "won" if s in final["winners"] else ""
            assert row[-1] == won, (row, final["winners"])
        if "victory_treasures" not in options and len(final["winners"]) == 1:
            # Says which rule of PW-17.4 decided it: the first key that parts them.
            assert "has the most" in reason
    assert page.errors == []
    page.context.close()


def test_24_5_merchants_and_marauders_ends_with_its_reason_and_each_captains_glory(
    server: str, browser: Any
) -> None:
    """MM-17.3 (the glory target declared) or MM-17.1 (no event left) ends the game;
    MM-17.4: the most total glory (the track and the stash) wins, ties broken by the
    track, then the gold stashed; every total is shown at the end."""
    game_id = finished(server, "merchants-and-marauders", 2, {"glory_target": 4})
    final = call(server, f"/api/games/{game_id}/view")["view"]
    page = new_page(browser)
    page.goto(f"{server}/play/{game_id}")
    reason, rows = shown_result(page)
    assert re.search(r"\(MM-17\.[123]\)", reason), reason
    if final["declared"] is not None and final["declared"] >= 0:
        assert "declared 4 glory" in reason  # the option's target, not the rulebook's 10
    headers = page.locator("#result .score-table th").all_inner_texts()
    assert headers[1:6] == [
        "Glory",
        "On the track",
        "From the stash",
        "Gold stashed",
        "Gold aboard",
    ]
    for c, row in zip(final["captains"], rows, strict=True):
        total = c["glory"] + c["stash_points"]
        assert row[1:6] == [
            str(v) for v in (total, c["glory"], c["stash_points"], c["stash"], c["gold"])
        ]
    best = max(final["returns"])
    winners = [v == best for v in final["returns"]]
    # MM-17.4's tie-breaks all equal: every captain ties, and the table says a draw
    expected = ["draw"] * len(rows) if all(winners) else ["won" if w else "" for w in winners]
    assert [r[-1] for r in rows] == expected, (rows, final["returns"])
    assert page.errors == []
    page.context.close()


def test_24_5_rematch_with_the_same_game_options_and_seats(server: str, browser: Any) -> None:
    """Ada played Letter of Marque with Bob (who left: a bot finished for him), a
    heuristic and a random bot, a chosen tie-break, a turn timer and a casual pace; her
    Rematch starts the same game with the bots in their seats, Ada in hers and Bob's
    seat open for him again (its invite link shown)."""
    options = {"cannon_tiebreak": "captured"}
    body = {
        "game": "letter-of-marque",
        "players": 4,
        "bots": {"2": "heuristic", "3": "random"},
        "options": options,
        "turn_timer": 600,
        "pace": "casual",
    }
    created = call(server, "/api/games", body)
    game_id = created["id"]
    ada = call(server, f"/api/games/{game_id}/seats/0/join", {"name": "Ada"})["token"]
    call(server, f"/api/games/{game_id}/seats/1/join", {"name": "Bob"})
    call(
        server,
        f"/api/games/{game_id}/seats/1/bot",
        {"bot": "heuristic"},
        token=created["creator_token"],
        method="PUT",
    )
    page = new_page(browser)
    page.goto(f"{server}/play/{game_id}#seat=0&token={ada}")
    rng = random.Random(8)
    deadline = time.monotonic() + 40
    while not page.locator("#result:not([hidden])").count():  # Ada plays to the end
        assert time.monotonic() < deadline, "the game did not end"
        if not click_once(page, rng):
            page.wait_for_timeout(100)
    page.click("#result button.rematch")
    page.wait_for_url(re.compile(r"/play/(?!" + game_id + r")\w+$"))
    page.wait_for_selector(".lom-table")
    new_id = page.url.rstrip("/").split("/")[-1]
    again = call(server, f"/api/games/{new_id}")
    assert again["game"] == "letter-of-marque" and again["players"] == 4
    assert again["options"] == options and again["turn_timer"] == 600
    assert again["pace"] == "casual"
    assert [(s["name"], s["bot"], s["taken"]) for s in again["seats"]] == [
        ("Ada", None, True),
        (None, None, False),
        (None, "heuristic", True),
        (None, "random", True),
    ]
    assert f"{server}/play/{new_id}" in page.locator("#rejoin").inner_text()  # Bob's invite
    assert page.errors == []
    page.context.close()


def test_24_5_the_replays_last_step_shows_the_result(server: str, browser: Any) -> None:
    game_id = finished(server, "pirate-war", 2, {"round_limit": 2})
    final = call(server, f"/api/games/{game_id}/view")["view"]
    page = new_page(browser)
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector(".pw-table")
    assert page.locator("#result").is_hidden()  # not before the end
    page.click("#last")
    reason, rows = shown_result(page)
    assert "Round 2, the last, is over" in reason
    assert [r[1] for r in rows] == [str(s["store"]) for s in final["ships"]]
    assert "The game is over" in page.locator("#result-title").inner_text()
    page.click("#prev")
    page.wait_for_selector("#result", state="hidden")
    assert page.errors == []
    page.context.close()


# -- item 6: motion with meaning -------------------------------------------------------------

MARKED = """() => ({
  table: [...document.querySelectorAll('#table .last-move')].map((e) => [e.dataset.flip, e.dataset.mover]),
  strip: [...document.querySelectorAll('#last-moves li')].map((li) => [li.dataset.seat, li.textContent]),
  log: document.querySelectorAll('#log li.last-move').length,
  seats: [...document.querySelectorAll('#seats .seat.just-moved')].map((s) => s.textContent),
})"""


def test_24_6_the_others_last_move_is_marked_until_your_next_decision(
    server: str, browser: Any
) -> None:
    """Two people at BroadSides: Bob's move is marked on Ann's table (what it changed,
    in his colour), in her log and in words above her prompt; her decision clears it."""
    created = call(server, "/api/games", {"game": "broadsides", "players": 2})
    tokens = [
        call(server, f"/api/games/{created['id']}/seats/{s}/join", {"name": n})["token"]
        for s, n in enumerate(("Ann", "Bob"))
    ]
    ann, bob = (new_page(browser) for _ in range(2))
    for seat, page in enumerate((ann, bob)):
        page.goto(f"{server}/play/{created['id']}#seat={seat}&token={tokens[seat]}")
        page.wait_for_selector(".bs-table")
    rng = random.Random(3)
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, "Bob's move was never marked"
        if my_move(ann) and ann.evaluate(MARKED)["strip"]:
            break
        for page in (bob, ann):
            if my_move(page):
                click_once(page, rng)
                page.wait_for_timeout(250)
                break
        else:
            ann.wait_for_timeout(100)
    marked = ann.evaluate(MARKED)
    assert [seat for seat, _ in marked["strip"]] == ["1"]
    assert marked["strip"][0][1].startswith("Bob: ") and "Blue" in marked["strip"][0][1]
    assert marked["table"] and {mover for _, mover in marked["table"]} == {"1"}
    assert marked["log"] >= 1  # his lines in the log, in his colour
    assert marked["seats"] and "Bob" in marked["seats"][0]
    # Ann decides (a choice of several steps is confirmed): every mark goes, and stays
    # gone while Bob has not moved again.
    while ann.evaluate(MARKED)["strip"]:
        assert time.monotonic() < deadline + 20
        click_once(ann, rng)
        ann.wait_for_timeout(200)
    # Checked on the state that follows her decision, once drawn: until then the draft
    # line says "…" (sent, not yet answered), whatever the time it takes to come.
    ann.wait_for_function("document.getElementById('draft').textContent === ''")
    assert ann.evaluate(MARKED) == {"table": [], "strip": [], "log": 0, "seats": []}
    assert ann.errors == [] and bob.errors == []
    for page in (ann, bob):
        page.context.close()


# Every CSS transition that ran on a thing marked to move (data-flip), by its key.
RECORD_TRANSITIONS = """
window.__transitions = [];
const watch = () => {
  for (const a of document.getAnimations()) {
    const key = a.effect?.target?.dataset?.flip;
    if (a.transitionProperty && key) window.__transitions.push(`${key} ${a.transitionProperty}`);
  }
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
"""

DURATIONS = """() => [...document.querySelectorAll('#table [data-flip]')].map(
  (e) => getComputedStyle(e).transitionDuration)"""


def play_a_while(page: Any, decisions: int, seed: int) -> None:
    rng = random.Random(seed)
    made = 0
    deadline = time.monotonic() + 20
    while made < decisions and time.monotonic() < deadline:
        if my_move(page) and click_once(page, rng):
            made += 1
        page.wait_for_timeout(150)


def test_24_6_things_move_and_reduce_motion_stops_every_transition(
    server: str, browser: Any
) -> None:
    """Pirate War against a bot: ships sail hex to hex (CSS transitions of translate);
    with "reduce motion" ticked at the table no transition runs (transition-duration
    0s everywhere), and the choice is kept in this browser."""
    created = call(
        server,
        "/api/games",
        # A fixed seed: on some random ones 30 decisions may move no ship at all.
        {"game": "pirate-war", "players": 2, "bots": {"1": "heuristic"}, "seed": 1},
    )
    token = call(server, f"/api/games/{created['id']}/seats/0/join", {"name": "Ada"})["token"]
    page = new_page(browser)
    page.add_init_script(RECORD_TRANSITIONS)
    page.goto(f"{server}/play/{created['id']}#seat=0&token={token}")
    page.wait_for_selector("#table [data-flip]")
    durations = page.evaluate(DURATIONS)
    assert durations and all(re.search(r"[1-9]", d) for d in durations), durations
    play_a_while(page, 30, seed=2)
    moved = page.evaluate("window.__transitions")
    assert any(t.startswith("pw-ship-") and t.endswith("translate") for t in moved), moved
    # Reduce motion, at the table.
    page.click("#settings-button")
    assert not page.locator("#reduce-motion").is_checked()
    page.check("#reduce-motion")
    page.keyboard.press("Escape")
    assert page.evaluate("document.documentElement.classList.contains('reduce-motion')")
    assert set(page.evaluate(DURATIONS)) == {"0s"}
    page.evaluate("window.__transitions = []")
    play_a_while(page, 20, seed=4)
    assert page.evaluate("window.__transitions") == []
    assert set(page.evaluate(DURATIONS)) == {"0s"}
    page.reload()
    page.wait_for_selector("#table [data-flip]")
    assert set(page.evaluate(DURATIONS)) == {"0s"}  # kept in this browser
    assert page.errors == []
    page.context.close()
    # A system that asks for reduced motion is honoured before anything is ticked.
    page = new_page(browser, reduced_motion="reduce")
    page.goto(f"{server}/play/{created['id']}#seat=0&token={token}")
    page.wait_for_selector("#table [data-flip]")
    assert set(page.evaluate(DURATIONS)) == {"0s"}
    page.click("#settings-button")
    assert page.locator("#reduce-motion").is_checked()
    page.context.close()


def test_24_6_sounds_are_off_until_asked_for(server: str, browser: Any) -> None:
    created = call(
        server,
        "/api/games",
        {"game": "letter-of-marque", "players": 3, "bots": {"1": "heuristic", "2": "heuristic"}},
    )
    token = call(server, f"/api/games/{created['id']}/seats/0/join", {"name": "Ada"})["token"]
    page = new_page(browser)
    page.goto(f"{server}/play/{created['id']}#seat=0&token={token}")
    page.wait_for_selector("#buttons button[data-action]")
    play_a_while(page, 3, seed=1)  # turns come back to Ada: no sound
    assert page.evaluate("document.body.dataset.sounds") is None
    page.click("#settings-button")
    assert not page.locator("#sounds").is_checked()
    page.check("#sounds")  # a sample at once, then her turns sound
    assert page.evaluate("document.body.dataset.sounds") == "1"
    page.keyboard.press("Escape")
    play_a_while(page, 3, seed=1)
    assert int(page.evaluate("document.body.dataset.sounds")) > 1
    page.reload()
    page.click("#settings-button")
    assert page.locator("#sounds").is_checked()
    assert page.errors == []
    page.context.close()


# -- item 8: the bots' pace, stated per turn --------------------------------------------------


def test_24_8_the_lobby_states_the_search_bots_pace_per_turn(server: str, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server + "/")
    page.wait_for_function("document.querySelector('#rival').options.length > 0")
    words = page.locator("#rival option").all_inner_texts()
    search = [w for w in words if w.startswith("the search bot")]
    assert len(search) == 3 and all("a turn" in w for w in search), words
    assert not any(re.search(r"\ba move\b", w) for w in words)
    page.context.close()
