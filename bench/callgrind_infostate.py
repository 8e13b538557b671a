"""Instructions per information digest, for ``valgrind --tool=callgrind`` (a loaded
machine's timings wander; instruction counts do not).

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/callgrind_infostate.py SETTING DEPTH MODE [CALLS]

MODE ``none`` prepares the copies only; ``digest`` then asks each for its digest;
``default`` works out the digest with the engine's default ``seat_information``. The
difference of two runs' totals over CALLS is the instructions per call. SETTING is
an index into ``bench_infostate.SETTINGS``. A benchmark, never a test.
"""

from __future__ import annotations

import sys

from bench_infostate import SETTINGS, positions, steps
from quarterdeck.engine import Game, Rng
from quarterdeck.engine.events import chain


def main() -> None:
    setting, depth, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    calls = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    _, name, options, players = SETTINGS[setting]
    state = next(s for s in positions(name, options, players, 3) if len(s.history) >= depth)
    copies = steps(state, calls, Rng.from_seed(3))
    if mode == "digest":
        for step, seat in copies:
            step.information_digest(seat)
    elif mode == "default":
        for step, seat in copies:
            chain(step._log_digest(seat), Game.seat_information(step.game, step, seat)).hex()


if __name__ == "__main__":
    main()
