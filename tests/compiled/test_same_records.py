"""Issue 28: the compiled build plays exactly as the pure one. The same seeds and bots
give the same records, byte for byte, and the same final positions, in every game."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import quarterdeck
from quarterdeck.arena.play import play_one
from quarterdeck.engine import Record, get_game

ROOT = Path(__file__).resolve().parents[2]

#: (game, options, players, bots, games): a few hundred games of each game, most of
#: them random play (every corner of the rules, quickly), some with the heuristic bot
#: (which reads the views).
PLAYS: list[tuple[str, dict[str, object], int, str, int]] = [
    ("broadsides", {}, 2, "random,random", 200),
    ("broadsides", {}, 2, "heuristic,random", 20),
    ("broadsides", {"sea_dog": True}, 2, "random,random", 200),
    ("broadsides", {"sea_dog": True}, 2, "heuristic,random", 20),
    ("letter-of-marque", {}, 4, "random,random", 200),
    ("letter-of-marque", {}, 4, "heuristic,random", 50),
    ("merchants-and-marauders", {}, 3, "random,random", 200),
    ("merchants-and-marauders", {}, 3, "heuristic,random", 10),
    ("pirate-war", {}, 3, "random,random", 200),
    ("pirate-war", {}, 3, "heuristic,random", 10),
]


def digests() -> dict[str, object]:
    """Each play's games, as digests of their records and final positions."""
    out: dict[str, object] = {"build": quarterdeck.build()}
    for name, options, players, bots, n in PLAYS:
        game = get_game(name, options)
        h = hashlib.sha256()
        for index in range(n):
            played = play_one(game, players, bots.split(","), 28, index, keep_record=True)
            final = Record.from_json(played.record).final_state()
            h.update(json.dumps(played.record, sort_keys=True).encode())
            h.update(json.dumps(final.to_json(), sort_keys=True).encode())
        out[f"{name} {json.dumps(options)} {bots}"] = h.hexdigest()
    return out


def test_the_compiled_build_plays_the_same_games_as_the_pure_build() -> None:
    assert quarterdeck.build() == "compiled"
    # the pure build: this checkout's source, without the compiled build on the path
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "QUARTERDECK_EXPECT_BUILD")
    }
    pure = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import json; from {__name__} import digests; print(json.dumps(digests()))",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = json.loads(pure.stdout)
    assert theirs.pop("build") == "pure"
    ours = digests()
    assert ours.pop("build") == "compiled"
    assert ours == theirs
