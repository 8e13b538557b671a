"""The bots' strength ladder of a game: a round robin of its bots, with match
intervals and Elo ratings.

    .venv/bin/python bench/bench_strength.py [--game broadsides] [-p PLAYERS]
        [-n 200] [--bots random,heuristic,ismcts:easy,ismcts:hard] [--workers 0]
        [-o KEY=VALUE ...]

The BroadSides yardstick is ``-n 200``; on two cores that takes many hours (every
ismcts:hard decision is 600 search iterations, about 0.7 s, and hard searches some
50-150 times a duel: about eight hours in all), so it grows over several runs. Every
finished game goes to the journal, kept in the repository
(``docs/strength/GAME-ladder.jsonl``, results in ``GAME-ladder.json`` beside it): run
the command again, on this machine or another, with the same or a larger ``-n``, and
it carries on where it stopped. The games go out four at a time, game i of every pair
before game i + 1 of any, so a run stopped early has every pair under way. The journal
names the bots' revision (``quarterdeck.ai.BOTS_REVISION``) and the rules version, and
refuses to grow under others: bots that choose differently start a new file. Game
options (``-o sea_dog=true``) make a ladder of their own, named after them
(``docs/strength/broadsides-sea-dog-ladder.jsonl``); the journal holds them too. A
benchmark, never a test.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path

from quarterdeck.cli import app

BOTS = "random,heuristic,ismcts:easy,ismcts:hard"
LADDERS = Path(__file__).parents[1] / "docs/strength"


def ladder_name(game: str, options: Sequence[str]) -> str:
    """The ladder's file name without its suffix: the game, then each option (sorted by
    key) as its key when true, ``no-KEY`` when false, else ``KEY-VALUE``; in lower
    case, words joined by hyphens: ``broadsides-sea-dog-ladder``."""
    words = [game]
    for option in sorted(options, key=lambda o: o.partition("=")[0].strip()):
        key, _, value = (part.strip() for part in option.partition("="))
        flag = value.lower()
        words.append(
            key if flag == "true" else f"no-{key}" if flag == "false" else f"{key}-{value}"
        )
    slug = re.sub(r"[^a-z0-9]+", "-", "-".join(words).lower()).strip("-")
    return f"{slug}-ladder"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="broadsides")
    parser.add_argument("-p", "--players", type=int, default=0, help="0: the game's fewest")
    parser.add_argument("-n", type=int, default=200, help="games per pair of bots")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=BOTS)
    parser.add_argument("--json", help="results file (default: docs/strength/GAME-ladder.json)")
    parser.add_argument("--journal", help="games so far (default: …/GAME-ladder.jsonl)")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); the ladder's files are named after them",
    )
    args = parser.parse_args()
    ladder = LADDERS / ladder_name(args.game, args.option)
    app(
        [
            "tournament",
            args.game,
            "--bots",
            args.bots,
            "-p",
            str(args.players),
            "-n",
            str(args.n),
            "--seed",
            str(args.seed),
            "--workers",
            str(args.workers),
            "--json",
            args.json or f"{ladder}.json",
            "--journal",
            args.journal or f"{ladder}.jsonl",
            *(word for option in args.option for word in ("-o", option)),
        ]
    )


if __name__ == "__main__":
    main()
