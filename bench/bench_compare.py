"""Random-playout speed of Quarterdeck next to OpenSpiel and PettingZoo, on one core.

    .venv/bin/python bench/bench_compare.py [--seconds 5] [--json out.json]
        [--builds pure,compiled]

With ``--builds`` (default: the build this process imports), Quarterdeck's rows are
played once per build, each in a child process on that build (``compiled``: run.py's
compiled build, made first if need be; docs/compiled.md), and each build also reports
BroadSides' IS-MCTS ``hard`` iterations per second (median over a few mid-game
positions, as ``bench_ismcts.py``).

Each row plays uniform-random games back to back for ``--seconds`` seconds, in this
process, and reports decisions per second and games per second:

* Quarterdeck: every registered game (BroadSides with 2 players, Letter of Marque
  with 4), ``legal_actions()`` + ``apply()``;
* OpenSpiel (if ``pyspiel`` imports): the Python games ``python_kuhn_poker`` and
  ``python_tic_tac_toe`` and the C++ games ``leduc_poker`` and ``gin_rummy``, driven
  from Python with ``legal_actions()`` + ``apply_action()``;
* PettingZoo (if it imports): the ``texas_holdem_v4`` AEC environment as
  ``pettingzoo.classic.texas_holdem_v4.env()`` builds it (its default wrappers
  included), a random legal action taken from the observation's ``action_mask``.

Every row chooses with the same seeded generator (Quarterdeck's ``Rng``), so the cost
of choosing is the same everywhere. Only player decisions count as "decisions", in
every framework. Quarterdeck and PettingZoo deal and roll inside ``apply``/``step``;
OpenSpiel exposes chance nodes, which this script resolves by sampling
``chance_outcomes()`` with the same generator: those chance steps are timed (they are
part of playing a game) but NOT counted as decisions; they are reported separately as
``chance_steps`` in the JSON output. PettingZoo's closing ``step(None)`` calls for
finished agents are not decisions either.

"ratio" is the BroadSides random-playout decisions/s divided by the row's
decisions/s (above 1: BroadSides is faster). The project's target is BroadSides
decisions/s >= OpenSpiel ``python_tic_tac_toe`` decisions/s; the last line says
whether it is met. The compiled build's goals (issue 28): BroadSides at least 4×
``python_tic_tac_toe``, IS-MCTS ``hard`` at least 2,000 iterations/s. The process pins itself to one CPU when the platform allows it
(``taskset -c N`` picks which). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from quarterdeck.engine import Rng, game_names, get_game

REFERENCE = "broadsides"
TARGET = ("OpenSpiel", "python_tic_tac_toe")
PLAYERS: dict[str, int] = {
    "broadsides": 2,
    "letter-of-marque": 4,
    "merchants-and-marauders": 4,
    "pirate-war": 4,
}
OPENSPIEL_GAMES: tuple[tuple[str, str], ...] = (
    ("python_kuhn_poker", "Python"),
    ("python_tic_tac_toe", "Python"),
    ("leduc_poker", "C++"),
    ("gin_rummy", "C++"),
)
PETTINGZOO_GAME = "texas_holdem_v4"
INSTALL_HINT = "pip install open_spiel pettingzoo"
SEED = 0
ROOT = Path(__file__).resolve().parent.parent
#: The compiled build's goals: BroadSides random playouts against tic-tac-toe, and
#: BroadSides IS-MCTS ``hard`` iterations per second.
COMPILED_GOAL = 4.0
ISMCTS_GOAL = 2_000
ISMCTS_POSITIONS = 5
#: OpenSpiel ``python_tic_tac_toe``'s decisions/s on the machine of the docs' first
#: table (docs/compiled.md): IS-MCTS's rate is also given scaled to it, by
#: tic-tac-toe played beside the search in the same process (the machines this runs
#: on vary twofold, between runs and within one).
REFERENCE_TIC_TAC_TOE = 40_669


@dataclass
class Row:
    """One measured (or skipped) row of the table."""

    framework: str
    game: str
    players: int | None = None
    games: int = 0
    decisions: int = 0
    chance_steps: int = 0
    elapsed: float = 0.0
    note: str | None = None

    @property
    def measured(self) -> bool:
        return self.note is None and self.elapsed > 0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.elapsed if self.measured else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.elapsed if self.measured else 0.0


Counts = tuple[int, int, int, float]  # games, decisions, chance steps, elapsed seconds


def pin_to_one_core() -> int | None:
    """Restrict this process to one CPU of those it may use; return that CPU."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[0]})
    return cpus[0]


def weighted_pick(rng: Rng, outcomes: Sequence[tuple[int, float]]) -> int:
    """An outcome drawn with its probability from ``(outcome, probability)`` pairs."""
    u = rng.next_u32() / 2**32
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if u < total:
            return outcome
    return outcomes[-1][0]


# --- Quarterdeck ---------------------------------------------------------------


def quarterdeck_playouts(name: str, players: int, seconds: float) -> Counts:
    game = get_game(name)
    rng = Rng.from_seed(SEED)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(players, games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, 0, time.perf_counter() - start


def quarterdeck_rows(seconds: float, framework: str = "Quarterdeck") -> list[Row]:
    rows = []
    for name in game_names():
        game = get_game(name)
        players = PLAYERS.get(name, game.min_players)
        rows.append(measure(framework, name, players, quarterdeck_playouts, name, players, seconds))
    return rows


def ismcts_hard_iterations() -> float:
    """BroadSides' IS-MCTS ``hard``: iterations per second, the median over mid-game
    positions (``bench_ismcts.py``'s)."""
    from bench_ismcts import positions  # beside this file
    from quarterdeck.ai import ISMCTSBot, make_bot

    bot = make_bot("ismcts:hard", get_game(REFERENCE), seed=1)
    assert isinstance(bot, ISMCTSBot)
    times = []
    for state in positions(REFERENCE, ISMCTS_POSITIONS):
        start = time.perf_counter()
        bot.choose(state)
        times.append(time.perf_counter() - start)
    return bot.iterations / statistics.median(times)


def tic_tac_toe_beside(seconds: float) -> float | None:
    """OpenSpiel ``python_tic_tac_toe``'s random-playout decisions/s in this process
    (``None`` without OpenSpiel): the yardstick for a rate measured just before."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError:
        return None
    _, decisions, _, elapsed = openspiel_playouts(pyspiel, TARGET[1], seconds)
    return decisions / elapsed


def build_rows(build: str, seconds: float) -> tuple[list[Row], float | None, float | None]:
    """Quarterdeck's rows, IS-MCTS hard iterations/s and tic-tac-toe's decisions/s
    beside it, on ``build``, played in a child process that imports that build."""
    sys.path.insert(0, str(ROOT))
    import run  # the repository's run.py: it finds (or makes) the compiled build

    os.environ["QUARTERDECK_BUILD"] = build
    target = run.compiled_build()
    framework = f"Quarterdeck ({build})"
    if build == "compiled" and target is None:
        return [Row(framework, "-", note="no compiled build (no C compiler)")], None, None
    child = subprocess.run(
        [sys.executable, __file__, "--child", str(seconds)],
        env=run.build_env(target),
        capture_output=True,
        text=True,
    )
    if child.returncode:
        return [Row(framework, "-", note=f"failed: {child.stderr.strip()[-300:]}")], None, None
    data = json.loads(child.stdout)
    rows = [Row(**row) for row in data["rows"]]
    for row in rows:
        row.framework = framework
    return rows, data["ismcts"], data["tic_tac_toe_beside"]


def child(seconds: float) -> None:
    """The ``--child`` process: this build's rows, as JSON on stdout."""
    import quarterdeck

    assert quarterdeck.build() == os.environ.get("QUARTERDECK_EXPECT_BUILD", quarterdeck.build())
    pin_to_one_core()
    rows = quarterdeck_rows(seconds)
    # Tic-tac-toe just before and just after the search, as its yardstick.
    before = tic_tac_toe_beside(seconds)
    ismcts = ismcts_hard_iterations()
    after = tic_tac_toe_beside(seconds)
    beside = (before + after) / 2 if before is not None and after is not None else None
    out = {"rows": [asdict(r) for r in rows], "ismcts": ismcts, "tic_tac_toe_beside": beside}
    print(json.dumps(out))


# --- OpenSpiel -----------------------------------------------------------------


def openspiel_playouts(pyspiel: Any, name: str, seconds: float) -> Counts:
    game = pyspiel.load_game(name)
    rng = Rng.from_seed(SEED)
    games = decisions = chance = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(weighted_pick(rng, state.chance_outcomes()))
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    return games, decisions, chance, time.perf_counter() - start


def openspiel_rows(seconds: float) -> list[Row]:
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError as error:
        return [Row("OpenSpiel", "-", note=missing_note(error))]
    rows = []
    for name, language in OPENSPIEL_GAMES:
        players = int(pyspiel.load_game(name).num_players())
        rows.append(
            measure(
                "OpenSpiel",
                f"{name} ({language})",
                players,
                openspiel_playouts,
                pyspiel,
                name,
                seconds,
            )
        )
    return rows


# --- PettingZoo ----------------------------------------------------------------


def pettingzoo_playouts(env_module: Any, seconds: float) -> Counts:
    env = env_module.env()
    rng = Rng.from_seed(SEED)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.below(len(legal))]))
            decisions += 1
        games += 1
    env.close()
    return games, decisions, 0, time.perf_counter() - start


def pettingzoo_rows(seconds: float) -> list[Row]:
    try:
        from pettingzoo.classic import texas_holdem_v4
    except ImportError as error:
        return [Row("PettingZoo", PETTINGZOO_GAME, note=missing_note(error))]
    players = len(texas_holdem_v4.env().possible_agents)
    return [
        measure(
            "PettingZoo", PETTINGZOO_GAME, players, pettingzoo_playouts, texas_holdem_v4, seconds
        )
    ]


# --- running, printing ---------------------------------------------------------


def missing_note(error: ImportError) -> str:
    module = (error.name or "").split(".")[0]
    if module in ("pyspiel", "open_spiel", "pettingzoo", ""):
        return f"not installed ({INSTALL_HINT})"
    return f"not installed: {module} (pip install 'pettingzoo[classic]')"


def measure(framework: str, game: str, players: int, run: Callable[..., Counts], *args: Any) -> Row:
    """Run one row; an error in one game becomes a note rather than ending the run."""
    try:
        games, decisions, chance, elapsed = run(*args)
    except Exception as error:
        return Row(framework, game, players, note=f"failed: {type(error).__name__}: {error}")
    return Row(framework, game, players, games, decisions, chance, elapsed)


def find(rows: Sequence[Row], framework: str, game: str) -> Row | None:
    for row in rows:
        if row.framework == framework and row.game.split(" ")[0] == game and row.measured:
            return row
    return None


def ratio(reference: Row | None, row: Row) -> float | None:
    if reference is None or not row.measured or row.decisions == 0:
        return None
    return reference.decisions_per_s / row.decisions_per_s


def build_table(
    rows: Sequence[Row], reference: Row | None, seconds: float, cpu: int | None
) -> Table:
    where = f"CPU {cpu}" if cpu is not None else "one core"
    table = Table(
        title=f"Uniform-random playouts, {seconds:g} s per row, on {where}\n"
        f"ratio = BroadSides decisions/s ÷ row decisions/s (reference: Quarterdeck {REFERENCE})"
    )
    for column in ("framework", "game", "players", "games", "decisions/s", "games/s", "ratio"):
        table.add_column(column, justify="left" if column in ("framework", "game") else "right")
    for row in rows:
        if not row.measured:
            note = escape(f"{row.game}: {row.note or 'no time measured'}")  # keep "[classic]"
            table.add_row(row.framework, note, "", "", "", "", "", style="dim")
            continue
        r = ratio(reference, row)
        table.add_row(
            row.framework,
            row.game,
            str(row.players),
            f"{row.games:,}",
            f"{row.decisions_per_s:,.0f}",
            f"{row.games_per_s:,.1f}",
            "-" if r is None else f"{r:.2f}×",
        )
    return table


def target_verdict(reference: Row | None, target: Row | None) -> tuple[bool | None, str]:
    if reference is None:
        return None, f"Target not checked: no {REFERENCE} row was measured."
    if target is None:
        return None, f"Target not checked: OpenSpiel {TARGET[1]} was not measured ({INSTALL_HINT})."
    met = reference.decisions_per_s >= target.decisions_per_s
    verdict = "MET" if met else "NOT MET"
    sign = "≥" if met else "<"
    return met, (
        f"Target {verdict}: BroadSides random-playout {reference.decisions_per_s:,.0f} decisions/s "
        f"{sign} OpenSpiel {TARGET[1]} {target.decisions_per_s:,.0f} decisions/s "
        f"(ratio {reference.decisions_per_s / target.decisions_per_s:.2f})."
    )


def compiled_verdicts(
    rows: Sequence[Row],
    target: Row | None,
    ismcts: dict[str, float | None],
    beside: dict[str, float | None] | None = None,
) -> list[tuple[bool | None, str]]:
    """The compiled build's goals, when it was measured."""
    compiled = find(rows, "Quarterdeck (compiled)", REFERENCE)
    out: list[tuple[bool | None, str]] = []
    if compiled is not None and target is not None:
        times = compiled.decisions_per_s / target.decisions_per_s
        playouts_met = times >= COMPILED_GOAL
        out.append(
            (
                playouts_met,
                f"Compiled goal {'MET' if playouts_met else 'NOT MET'}: BroadSides {times:.2f}× "
                f"{TARGET[1]} (goal ≥ {COMPILED_GOAL:g}×).",
            )
        )
    for build, rate in ismcts.items():
        if rate is None:
            continue
        met = rate >= ISMCTS_GOAL if build == "compiled" else None
        goal = (
            f" (goal ≥ {ISMCTS_GOAL:,}: {'MET' if met else 'NOT MET'})" if met is not None else ""
        )
        out.append(
            (met, f"BroadSides IS-MCTS hard, {build} build: {rate:,.0f} iterations/s{goal}.")
        )
        yardstick = (beside or {}).get(build)
        if yardstick:
            scaled = rate / yardstick * REFERENCE_TIC_TAC_TOE
            out.append(
                (
                    None,
                    f"  scaled by {TARGET[1]} beside it ({yardstick:,.0f} decisions/s): "
                    f"{scaled:,.0f} iterations/s where it runs {REFERENCE_TIC_TAC_TOE:,}.",
                )
            )
    return out


def version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def write_json(
    path: Path,
    rows: Sequence[Row],
    reference: Row | None,
    met: bool | None,
    seconds: float,
    cpu: int | None,
    ismcts: dict[str, float | None],
    beside: dict[str, float | None],
) -> None:
    data = {
        "ismcts_hard_iterations_per_s": ismcts,
        "tic_tac_toe_beside_ismcts_decisions_per_s": beside,
        "seconds_per_row": seconds,
        "cpu": cpu,
        "python": platform.python_version(),
        "versions": {d: version(d) for d in ("quarterdeck", "open_spiel", "pettingzoo", "rlcard")},
        "reference": {"framework": "Quarterdeck", "game": REFERENCE},
        "target": {"framework": TARGET[0], "game": TARGET[1], "met": met},
        "decisions_counted": "player decisions only; OpenSpiel chance steps are in chance_steps",
        "rows": [
            asdict(row)
            | {
                "decisions_per_s": row.decisions_per_s,
                "games_per_s": row.games_per_s,
                "chance_steps_per_s": row.chance_steps / row.elapsed if row.measured else 0.0,
                "ratio": ratio(reference, row),
            }
            for row in rows
        ],
    }
    path.write_text(json.dumps(data, indent=2) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per row")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write all numbers here")
    parser.add_argument(
        "--builds",
        help="play Quarterdeck's rows on these builds, comma-separated: pure,compiled",
    )
    parser.add_argument("--child", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        return child(args.child)
    cpu = pin_to_one_core()
    ismcts: dict[str, float | None] = {}
    beside: dict[str, float | None] = {}
    if args.builds:
        rows = []
        for build in args.builds.split(","):
            if build not in ("pure", "compiled"):
                parser.error(f"--builds takes pure and compiled, not {build!r}")
            built, ismcts[build], beside[build] = build_rows(build, args.seconds)
            rows += built
    else:
        rows = quarterdeck_rows(args.seconds)
    rows += openspiel_rows(args.seconds) + pettingzoo_rows(args.seconds)
    reference = find(rows, "Quarterdeck (pure)", REFERENCE) or find(rows, "Quarterdeck", REFERENCE)
    target = find(rows, *TARGET)
    met, line = target_verdict(reference, target)
    console = Console()
    if not console.is_terminal:  # piped or captured: do not squeeze the table to 80 columns
        console = Console(width=max(console.width, 120))
    console.print(build_table(rows, reference, args.seconds, cpu))
    console.print(line, style="bold green" if met else "bold red" if met is False else "yellow")
    for goal_met, goal_line in compiled_verdicts(rows, target, ismcts, beside):
        style = "bold green" if goal_met else "bold red" if goal_met is False else ""
        console.print(goal_line, style=style)
    if args.json:
        write_json(args.json, rows, reference, met, args.seconds, cpu, ismcts, beside)
        console.print(f"Numbers written to {args.json}", style="dim")


if __name__ == "__main__":
    main()
