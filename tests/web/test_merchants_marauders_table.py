"""The Merchants & Marauders table in a real browser (issue 21 item 7): the chart of 17
sea zones, sailing by clicking a zone, and a three-seat game (one person, two heuristic
bots) played by clicking to its end at 1366 × 768, whose page never holds another
seat's gold, stash, glory cards or rumor (MM-1.7a)."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from tests.web.test_browser import (
    call,
    decide_by_clicking,
    prompt,
    start_against_random_bots,
    taken_by_the_server,
)

pytestmark = pytest.mark.slow

JSON = Any

#: Two game turns from the end of the event deck (MM-17.1): three captains, one at
#: sea beside a merchant and a pirate, a storm over the north-west, a war.
NEAR_END: dict[str, JSON] = {
    "name": "The last game turns: three captains race for glory",
    "seed": 7,
    "round": 30,
    "events_left": 2,
    "event": "E16",
    "war": ["english", "french"],
    "storm": "Tortuga",
    "first": 0,
    "turn": 0,
    "phase": "actions",
    "captains": [
        {
            "captain": "C09",
            "ship": "Frigate",
            "zone": "San Juan",
            "damage": {"hull": 1, "masts": 1},
            "gold": 14,
            "stash": 20,
            "glory": 6,
            "hand": ["fortunes_favour", "hidden_cove"],
            "bounties": {"spanish": 2},
            "cargo": ["Rum-c", "Sugar-a"],
            "weapons": {"chain_shot": 1},
            "rumor": "R01",
        },
        {
            "captain": "C06",
            "ship": "Galleon",
            "zone": "Port Royal",
            "in_port": True,
            "gold": 22,
            "stash": 30,
            "glory": 5,
            "hand": ["diplomat"],
            "mission": "M01",
            "modifications": ["reinforced_hull"],
        },
        {
            "captain": "C03",
            "ship": "Sloop",
            "zone": "Caribbean Sea",
            "gold": 9,
            "glory": 4,
            "cargo": ["Spices-b"],
            "bounties": {"english": 1},
        },
    ],
    "npcs": {
        "ES": {"zone": "Santo Domingo"},
        "PF": {"zone": "San Juan"},
        "EN": {"zone": "Caribbean Sea"},
    },
    "merchants": {"San Juan": "spanish"},
    "demand": {"Port Royal": "rum", "Havana": "sugar"},
}

#: What only the owner may see of a captain (MM-1.7a); gold and stash totals are
#: shown to all once the game is over (MM-17.4), the cards never.
SECRET_FIELDS = ("gold", "stash", "stash_points", "hand", "rumor")
HIDDEN_AT_THE_END = ("hand", "rumor")
#: The log's secret parts (an event's ``secret``), by kind: sent to their owner only.
SECRET_PARTS = {
    "glory-card": ("card",),
    "rumor": ("rumor",),
    "stash": ("amount", "stash"),
    "merchant-found": ("token",),
}
DICE_KINDS = {"roll", "npc-scout", "contest-roll", "contest", "crew-roll", "crew-round", "volley"}

# Every render of the table (each replaces #table's children) is noted in the page:
# each board's seat, words and secret boxes, the zones, what glows, the dice, the end.
NOTE_RENDERS = """
window.__renders = [];
document.addEventListener("DOMContentLoaded", () => {
  const table = document.getElementById("table");
  new MutationObserver(() => {
    if (!table.querySelector(".mm-table")) return;
    window.__renders.push({
      boards: [...table.querySelectorAll(".mm-board")].map((b) => ({
        seat: Number(b.dataset.seat), text: b.textContent, secrets: b.querySelectorAll(".mm-secret").length,
      })),
      zones: table.querySelectorAll(".mm-zone").length,
      glowing: table.querySelectorAll(".mm-chart .choosable").length,
      dice: table.querySelectorAll(".mm-rolls .die").length,
      over: table.querySelector(".mm-result") !== null,
      html: table.innerHTML.length,
    });
  }).observe(table, { childList: true });
});
"""

SHIPS_ON_THE_CHART = """() => [...document.querySelectorAll(".mm-chart .mm-ship")].map(
  (s) => [Number(s.dataset.seat), s.closest(".mm-zone").dataset.zone])"""


def test_mm_5_1_the_chart_is_drawn_and_a_zone_is_sailed_to_by_clicking_it(
    server: str, page: Any
) -> None:
    start_against_random_bots(server, page, "merchants-and-marauders")
    page.wait_for_selector(".mm-table")
    assert page.locator("#title").inner_text() == "Merchants & Marauders"
    assert page.locator(".mm-zone").count() == 17
    assert page.locator(".mm-zone[data-zone='Caribbean Sea']").count() == 1
    assert page.locator(".mm-port").count() == 16  # every zone but the open sea
    assert page.locator(".mm-board").count() == 2
    assert "gold" in page.locator(".mm-board.mine .mm-secret").inner_text()  # your own gold
    decide_by_clicking(page)  # a starting ship, with the buttons
    zones = page.locator(".mm-zone.choosable")
    for _ in range(12):  # then through the set-up to a turn of your own at sea
        page.wait_for_selector("#buttons button[data-action]", timeout=60_000)
        if zones.count():
            break
        decide_by_clicking(page)
    assert zones.count(), "no zone to sail to"
    target = zones.first.get_attribute("data-zone")
    taken_by_the_server(page, zones.first.click)  # sail there by clicking the zone
    page.wait_for_selector(f".mm-zone[data-zone='{target}'] .mm-ship[data-seat='0']")
    assert page.errors == []


def check_secrets(message: JSON, me: int) -> None:
    """A message to seat ``me`` holds no other seat's secrets (MM-1.7a), and its own."""
    view = message["view"]
    over = view.get("terminal", False)
    assert "secret" not in view  # the merchants' nations, the track: nobody's
    for seat, captain in enumerate(view["captains"]):
        hidden = HIDDEN_AT_THE_END if over else SECRET_FIELDS
        if seat != me:
            assert not set(hidden) & set(captain), (seat, captain)
        elif message["type"] == "preview" or message.get("seat") == me:
            assert set(SECRET_FIELDS) <= set(captain)
    for event in view.get("log", []):
        if event.get("seat") != me:
            assert not set(SECRET_PARTS.get(event["kind"], ())) & set(event), event


def test_mm_1_7a_a_three_seat_game_is_played_to_its_end_and_no_page_holds_another_seats_secrets(
    server: str, page: Any
) -> None:
    body = {"game": "merchants-and-marauders", "scenario": NEAR_END}
    body["bots"] = {"1": "heuristic", "2": "heuristic"}
    game = call(server, "/api/games", body)
    token = call(server, f"/api/games/{game['id']}/seats/0/join", {"name": "Ada"})["token"]
    frames: list[JSON] = []
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    page.add_init_script(NOTE_RENDERS)
    page.goto(f"{server}/play/{game['id']}#seat=0&token={token}")
    page.wait_for_selector(".mm-table")
    the_scenario_is_drawn(page)
    rng = random.Random(21)
    clicks = on_chart = 0
    deadline = time.monotonic() + 150
    while "The game is over" not in prompt(page):
        assert time.monotonic() < deadline and clicks < 400, "the game did not end"
        buttons = page.locator("#buttons button[data-action]")
        if not buttons.count():
            page.wait_for_timeout(100)
            continue
        ships_drawn_where_the_view_says(page, frames)
        glowing = page.locator(".mm-chart .choosable")
        if glowing.count() and rng.random() < 0.7:
            taken_by_the_server(page, glowing.nth(rng.randrange(glowing.count())).click)
            on_chart += 1
        else:
            taken_by_the_server(page, buttons.nth(rng.randrange(buttons.count())).click)
        clicks += 1
    page.wait_for_selector(".mm-result")
    final = [f for f in frames if f["type"] == "state"][-1]["view"]
    assert final["terminal"]
    best = max(final["returns"])
    winners = [s for s, r in enumerate(final["returns"]) if r == best]
    result = page.locator(".mm-result").inner_text()
    assert "The game is over" in result and all(
        ["Red", "Blue", "Yellow"][s] in result for s in winners
    )
    assert page.locator(".mm-result .winner").count() == len(winners)
    ships_drawn_where_the_view_says(page, frames)

    # Every message the page received, and every render of the table.
    views = [f for f in frames if f["type"] in ("state", "preview") and "view" in f]
    assert len(views) > clicks
    for message in views:
        check_secrets(message, me=0)
    renders = page.evaluate("window.__renders")
    assert len(renders) > clicks
    for render in renders:
        assert render["zones"] == 17
        for board in render["boards"]:
            if board["seat"] != 0 and not render["over"]:
                assert board["secrets"] == 0 and not re.search(r"\b(gold|stash) \d", board["text"])
            if board["seat"] == 0:
                assert board["secrets"] == 1 and "glory cards:" in board["text"]
    rolled = [e for f in views for e in f["view"].get("log", []) if e["kind"] in DICE_KINDS]
    assert rolled, "nobody rolled a die"
    assert any(r["dice"] for r in renders), "no roll was drawn as dice"
    assert any(r["glowing"] for r in renders) and on_chart > 0  # chosen on the chart
    assert page.errors == [] and console == []
    print(f"{clicks} clicks ({on_chart} on the chart), {len(renders)} renders")


def the_scenario_is_drawn(page: Any) -> None:
    """NEAR_END on the chart and the boards: the NPCs, the storm, the demand, the event,
    the captains, and this seat's own secrets in its own words."""
    assert page.locator(".mm-zone").count() == 17 and page.locator(".mm-port").count() == 16
    assert page.locator(".mm-zone[data-zone='San Juan'] .mm-npc.pirate").count() == 1
    assert page.locator(
        ".mm-zone[data-zone='Santo Domingo'] .mm-npc[data-npc='Spanish navy']"
    ).count()
    assert page.locator(".mm-zone.storm[data-zone='Tortuga']").count() == 1
    assert page.locator(".mm-port[data-port='Port Royal'] .mm-demand").text_content() == "rum"
    assert page.locator(
        ".mm-port[data-port='Port Royal'] .mm-ship[data-seat='1']"
    ).count()  # docked
    happening = page.locator(".mm-happening").inner_text()
    assert "War" in happening and "event deck 2 left" in happening
    assert page.locator(".mm-board").count() == 3
    mine = page.locator(".mm-board.mine .mm-secret").inner_text()
    for words in ("gold 14", "stash 20", "Fortune's Favour", "Hidden Cove", "Sunken Galleon"):
        assert words in mine
    blue = page.locator(".mm-board[data-seat='1']").inner_text()
    assert "Galleon in port at Port Royal" in blue and re.search(r"glory cards\s+1\b", blue)


def ships_drawn_where_the_view_says(page: Any, frames: list[JSON]) -> None:
    """While the game waits for this seat (or is over) the page shows the last view:
    each captain's ship is drawn in the zone the view puts it in."""
    view = [f for f in frames if f["type"] == "state"][-1]["view"]
    drawn = sorted(page.evaluate(SHIPS_ON_THE_CHART))
    expected = sorted((s, c["zone"]) for s, c in enumerate(view["captains"]) if c["ship"])
    assert [tuple(d) for d in drawn] == expected


DEMANDS_OUTSIDE_THE_CHART = """() => {
  const chart = document.querySelector(".mm-chart svg").getBoundingClientRect();
  return [...document.querySelectorAll(".mm-demand")].filter((d) => {
    const r = d.getBoundingClientRect();
    return r.left < chart.left || r.right > chart.right || r.top < chart.top || r.bottom > chart.bottom;
  }).map((d) => d.closest(".mm-zone").dataset.zone + ": " + d.textContent);
}"""


def test_mm_12_2_every_demand_token_is_drawn_inside_the_chart(server: str, page: Any) -> None:
    # Bridgetown lies at the chart's east edge: its demand token ran past it, cut off.
    game = call(server, "/api/games", {"game": "merchants-and-marauders", "players": 3, "seed": 0})
    token = call(server, f"/api/games/{game['id']}/seats/0/join", {"name": "Ada"})["token"]
    page.goto(f"{server}/play/{game['id']}#seat=0&token={token}")
    page.wait_for_selector(".mm-port[data-port='Bridgetown'] .mm-demand")
    east = page.locator(".mm-port[data-port='Bridgetown'] .mm-demand").text_content()
    assert east == "textiles"  # seed 0: the longest good's name at the easternmost port
    assert page.locator(".mm-demand").count() == 16  # MM-2.1: one beside each port
    assert page.evaluate(DEMANDS_OUTSIDE_THE_CHART) == []
    assert page.errors == []
