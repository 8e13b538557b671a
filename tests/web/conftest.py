"""Browser tests: the real server (``quarterdeck serve``) in a subprocess and Debian's
Chromium driven by Playwright.

Without Chromium the tests skip and say how to get it; under CI (``CI`` set, as
``.ci/run`` does) a missing browser fails them instead, so they never skip there.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("QUARTERDECK_CHROMIUM", "/usr/bin/chromium")
# As root and on a closed network, Chromium needs these (and never phones home).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{why}: CI must run the browser tests (.ci/run installs chromium)")
    pytest.skip(f"{why}: install Debian's Chromium (apt-get install chromium) to run them")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server as a user starts it, on a free port and a fresh SQLite file."""
    home = tmp_path_factory.mktemp("quarterdeck-home")
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "quarterdeck.cli",
            "serve",
            "--port",
            str(port),
            # Every browser test starts games from this one address: more than the
            # ten a minute a person gets (finding 4's limit is tested in tests/server).
            "--games-per-minute",
            "1000",
        ],
        env={**os.environ, "QUARTERDECK_HOME": str(home)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/catalog", timeout=2)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("the server did not start")
            time.sleep(0.2)
    yield base
    process.terminate()
    process.wait(timeout=20)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    # A first page of a session waits on the server's first game: allow for a busy
    # machine (the compiled build's tests run beside these).
    context.set_default_timeout(90_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    context.close()
