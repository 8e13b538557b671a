"""The browser client's screenshots in the docs (docs/screenshots/): each game's table
on a desktop, a tablet and a phone, a zone's help, a result panel and a player's page.

It starts a server on a fresh SQLite file, seats a named player against heuristic bots
in each game, plays a few of her decisions by clicking (seeded choices) and
photographs the table; then it plays a Letter of Marque game to its end for the
result panel and her page. Needs Playwright and Debian's Chromium (the test set-up
installs both)::

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

JSON = Any
CHROMIUM = os.environ.get("QUARTERDECK_CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
#: Each game, its seats, and how many of the named player's decisions come first.
GAMES = (
    ("broadsides", 2, 14),
    ("letter-of-marque", 4, 6),
    ("merchants-and-marauders", 3, 8),
    ("pirate-war", 3, 10),
)


def call(base: str, path: str, body: JSON = None) -> JSON:
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@contextmanager
def server() -> Iterator[str]:
    """``quarterdeck serve`` on a free port and a fresh home."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as home:
        process = subprocess.Popen(
            [sys.executable, "-m", "quarterdeck.cli", "serve", "--port", str(port)],
            env={**os.environ, "QUARTERDECK_HOME": home},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    call(base, "/api/catalog")
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=20)


def seat_ada(base: str, game: str, players: int, key: str) -> tuple[str, str]:
    """A game with the player Ada in seat 0 and heuristic bots in the others."""
    bots = {str(s): "heuristic" for s in range(1, players)}
    created = call(base, "/api/games", {"game": game, "players": players, "bots": bots})
    joined = call(
        base, f"/api/games/{created['id']}/seats/0/join", {"name": "Ada", "player_key": key}
    )
    return created["id"], joined["token"]


def open_table(browser: Any, base: str, game_id: str, token: str, viewport: JSON) -> Any:
    touch = viewport["width"] < 1000  # phones and tablets
    context = browser.new_context(viewport=viewport, is_mobile=touch, has_touch=touch)
    page = context.new_page()
    page.goto(f"{base}/play/{game_id}#seat=0&token={token}")
    page.wait_for_selector("#table *")
    return page


def my_turn(page: Any, timeout: float = 30) -> bool:
    """Wait until the page offers Ada a choice (False: the game ended first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if "The game is over" in page.locator("#prompt").inner_text():
            return False
        offered = page.locator("#buttons button[data-action], #confirm.ready:not([disabled])")
        if offered.count():
            return True
        page.wait_for_timeout(100)
    raise SystemExit("no choice came to the named player")


def play(page: Any, decisions: int, rng: random.Random) -> None:
    """Ada's next ``decisions`` steps, by clicking as a person would."""
    for _ in range(decisions):
        if not my_turn(page):
            return
        if page.locator("#confirm.ready:not([disabled])").count():
            page.keyboard.press("Enter")
        else:
            on_table = page.locator("#table .choosable")
            buttons = page.locator("#buttons button[data-action]")
            if on_table.count() and rng.random() < 0.6:
                on_table.nth(rng.randrange(on_table.count())).click()
            elif buttons.count():
                buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_timeout(250)


def still(page: Any) -> None:
    page.wait_for_function(
        "document.getAnimations().every((a) => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)",  # a glow's pulse
        timeout=10_000,
    )
    page.wait_for_timeout(200)


def shoot(page: Any, path: Path) -> None:
    """The page as it is once nothing slides, in 256 colours (a third of the bytes)."""
    from PIL import Image

    still(page)
    page.screenshot(path=str(path), full_page=False)
    with Image.open(path) as shot:
        few = shot.convert("RGB").quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    few.save(path, optimize=True)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    with server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        key = call(base, "/api/players", {"name": "Ada"})["key"]
        for game, players, decisions in GAMES:
            game_id, token = seat_ada(base, game, players, key)
            page = open_table(browser, base, game_id, token, DESKTOP)
            play(page, decisions, rng)
            my_turn(page)
            shoot(page, args.out / f"{game}-desktop.png")
            if game == "broadsides":  # the help a zone gives when the pointer rests on it
                page.locator(".zone[data-help]").first.hover()
                page.wait_for_selector(".zone-help:not([hidden])")
                shoot(page, args.out / "broadsides-zone-help.png")
            for size, viewport in (("tablet", TABLET), ("phone", PHONE)):
                small = open_table(browser, base, game_id, token, viewport)
                my_turn(small)
                shoot(small, args.out / f"{game}-{size}.png")
                small.context.close()
            page.context.close()
        # A whole Letter of Marque game: the result panel, then Ada's page.
        game_id, token = seat_ada(base, "letter-of-marque", 3, key)
        page = open_table(browser, base, game_id, token, DESKTOP)
        while my_turn(page, timeout=60):
            play(page, 1, rng)
        page.wait_for_selector("#result:not([hidden])")
        shoot(page, args.out / "result-panel.png")
        page.goto(f"{base}/players/Ada")
        page.wait_for_selector("main table, main li")
        shoot(page, args.out / "player-page.png")
        browser.close()


if __name__ == "__main__":
    main()
