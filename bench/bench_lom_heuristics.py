"""Letter of Marque's heuristic captain against an earlier one, read from git.

    PYTHONPATH=src .venv/bin/python bench/bench_lom_heuristics.py [--old-commit C]
        -- [tournament options, e.g. --bots heuristic,heuristic-v1 -p 4 -n 100]
    PYTHONPATH=src .venv/bin/python bench/bench_lom_heuristics.py
        --habits heuristic,heuristic-v1 [-p 4] [-n 1000]

The captain in ``bot.py`` of commit ``C`` (default d135e1a, the heuristic before issue
26 item 3) is loaded from ``git show`` as it was committed, unchanged, and registered
as the bot ``heuristic-v1``; then ``quarterdeck tournament letter-of-marque`` runs with
the options after ``--``. A registered bot lives in this process only, so the
tournament always plays with ``--workers 1`` (in this process).

``--habits`` plays ``-n`` games instead, the bots named filling the seats in turn
(rotating every game), and prints each bot's habits per seat and game: wins, points,
its ships captured, cannon cards spent, games with all spent, captures made, how
often it fires on its first regular turn, and how often it sails an armed ship on
each treasure. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
from collections import Counter
from pathlib import Path
from types import ModuleType

from quarterdeck.ai import make_bot, register_bot
from quarterdeck.cli import app
from quarterdeck.engine import get_game
from quarterdeck.games.letter_of_marque import LetterOfMarqueState
from quarterdeck.games.letter_of_marque.phases import ATTACK, CAPTURED, TURN

ROOT = Path(__file__).parents[1]
BOT_PATH = "src/quarterdeck/games/letter_of_marque/bot.py"
PACKAGE = "quarterdeck.games.letter_of_marque"


def load_old_bot(commit: str) -> ModuleType:
    """``bot.py`` as committed in ``commit``, as a module of the package (its relative
    imports then find today's ``phases``)."""
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{BOT_PATH}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = f"{PACKAGE}._bot_{commit}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = PACKAGE
    exec(compile(source, f"{commit}:{BOT_PATH}", "exec"), module.__dict__)
    return module


def habits(names: list[str], players: int, games: int) -> None:
    """Play ``games`` games and print each bot's habits (it reads the finished game's
    hidden bases: a benchmark may, a bot may not)."""
    game = get_game("letter-of-marque")
    counts: dict[str, Counter[str]] = {name: Counter() for name in names}
    wins: dict[str, float] = dict.fromkeys(names, 0.0)  # shares of wins
    for g in range(games):
        seats = [names[(g + i) % len(names)] for i in range(players)]
        bots = [make_bot(name, game, 1000 * g + i) for i, name in enumerate(seats)]
        state = game.new_state(players, g)
        assert isinstance(state, LetterOfMarqueState)
        first_turn = set(range(players))
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(state)
            if state.phase == TURN and seat in first_turn:
                first_turn.discard(seat)
                counts[seats[seat]]["fires on its first turn"] += action.kind == ATTACK
            state.apply(action)
        for seat, name in enumerate(seats):
            c = counts[name]
            c["seats"] += 1
            wins[name] += state.returns()[seat]
            c["points"] += state.points()[seat]
            c["ships captured"] += sum(s.status == CAPTURED for s in state.fleets[seat])
            c["cannons spent"] += 3 - state.cannons[seat]
            c["all three spent"] += state.cannons[seat] == 0
            c["captures made"] += state.removed_cannons[seat]
            for ship in state.fleets[seat]:
                c[f"armed on {ship.treasure}"] += ship.armed
    for name, c in counts.items():
        played = c.pop("seats")
        print(f"{name}: {played} seats, wins {wins[name] / played:.3f} a seat")
        for key, total in sorted(c.items()):
            print(f"  {key:24s} {total / played:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-commit", default="d135e1a")
    parser.add_argument("--habits", help="bots whose habits to count, e.g. heuristic,random")
    parser.add_argument("-p", "--players", type=int, default=4)
    parser.add_argument("-n", type=int, default=1000, help="games (with --habits)")
    parser.add_argument("tournament", nargs=argparse.REMAINDER, help="-- then its options")
    args = parser.parse_args()
    old = load_old_bot(args.old_commit).HeuristicBot
    register_bot("heuristic-v1", lambda game, seed: old(seed))
    if args.habits:
        habits(args.habits.split(","), args.players, args.n)
        return
    options = [a for a in args.tournament if a != "--"]
    app(["tournament", "letter-of-marque", *options, "--workers", "1"])


if __name__ == "__main__":
    main()
