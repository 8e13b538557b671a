"""The bots' strength ladder on BroadSides: a round robin of random, heuristic,
ismcts:easy and ismcts:hard, with match intervals and Elo ratings.

    .venv/bin/python bench/bench_strength.py [-n 200] [--workers 0] [--journal FILE]

The issue's yardstick is ``-n 200``; on two cores that takes many hours (every
ismcts:hard decision is 600 search iterations, about 0.7 s, and hard searches some
50-150 times a duel: about eight hours in all), so it grows over several runs. Every
finished game goes to the journal, kept in the repository
(``docs/strength/broadsides-ladder.jsonl``, results in ``broadsides-ladder.json``
beside it): run the command again, on this machine or another, with the same or a
larger ``-n``, and it carries on where it stopped. The games go out four at a time,
game i of every pair before game i + 1 of any, so a run stopped early has every pair
under way. The journal names the bots' revision (``quarterdeck.ai.BOTS_REVISION``) and
the rules version, and refuses to grow under others: bots that choose differently
start a new file. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from quarterdeck.cli import app

BOTS = "random,heuristic,ismcts:easy,ismcts:hard"
LADDER = str(Path(__file__).parents[1] / "docs/strength/broadsides-ladder")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="games per pair of bots")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=BOTS)
    parser.add_argument("--json", default=f"{LADDER}.json", help="results file")
    parser.add_argument("--journal", default=f"{LADDER}.jsonl", help="games so far")
    args = parser.parse_args()
    app(
        [
            "tournament",
            "broadsides",
            "--bots",
            args.bots,
            "-n",
            str(args.n),
            "--seed",
            str(args.seed),
            "--workers",
            str(args.workers),
            "--json",
            args.json,
            "--journal",
            args.journal,
        ]
    )


if __name__ == "__main__":
    main()
