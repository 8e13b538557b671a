"""The ``quarterdeck`` command: list games, read their rules, play, replay, simulate."""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from quarterdeck.ai import CUSTOM_BOTS, bot_names, make_bot
from quarterdeck.arena.backends import Backend, make_backend
from quarterdeck.arena.sim import GameResult, bot_seed, simulate
from quarterdeck.engine import (
    Game,
    QuarterdeckError,
    Record,
    State,
    fresh_seed,
    game_names,
    get_game,
)

JSON = Any
app = typer.Typer(
    help="Quarterdeck: age-of-sail naval board games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 1) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code)


def parse_options(pairs: list[str]) -> dict[str, JSON]:
    """``key=value`` pairs; values are read as JSON when they can be (numbers, true)."""
    options: dict[str, JSON] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"options are written key=value, not {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def parse_bots(bots: str) -> list[str]:
    """Comma-separated bot names (spaces and empty entries ignored)."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise fail("name at least one bot, e.g. heuristic or heuristic,random")
    return names


def heuristic_or_random(game: Game, bot_list: list[str]) -> list[str]:
    """``heuristic`` (the default of ``play`` and ``sim``) is played by ``random``, with
    a note, in a game that has no heuristic bot."""
    if "heuristic" in bot_list and "heuristic" not in {*game.bots(), *CUSTOM_BOTS}:
        err.print(f"note: {game.title} has no heuristic bot; random plays its seats")
        return ["random" if b == "heuristic" else b for b in bot_list]
    return bot_list


def records_dir() -> Path:
    home = os.environ.get("QUARTERDECK_HOME")
    return (Path(home) if home else Path.home() / ".quarterdeck") / "records"


OptionArg = Annotated[
    list[str], typer.Option("--option", "-o", help="A game option as key=value (repeatable).")
]


@app.command()
def games() -> None:
    """List the games Quarterdeck plays."""
    names = game_names()
    table = Table(title="Games")
    # The name is what people type: never shorten it, however narrow the terminal.
    table.add_column("name", no_wrap=True, min_width=max(map(len, names), default=4))
    for column in ("title", "players", "rules version", "bots"):
        table.add_column(column)
    for name in names:
        game = get_game(name)
        table.add_row(
            name,
            game.title,
            f"{game.min_players}–{game.max_players}",
            game.rules_version,
            ", ".join(bot_names(game)),
        )
    console.print(table)


@app.command()
def rules(game_name: Annotated[str, typer.Argument(metavar="GAME")]) -> None:
    """A short summary of a game's rules, its options and the house values it plays with."""
    try:
        game = get_game(game_name)
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    console.print(Markdown(game.rules_summary() or f"# {game.title}"))
    options = Table(title="Options (quarterdeck play GAME -o name=value)")
    options.add_column("option", no_wrap=True)  # typed as is: never shortened
    for column in ("default", "choices", "house", "what it does"):
        options.add_column(column)
    for spec in game.all_option_specs():
        options.add_row(
            spec.name,
            repr(spec.default),
            ", ".join(map(str, spec.choices or ())) or "—",
            "house" if spec.house else "",
            spec.help,
        )
    console.print(options)
    house = game.house_values()
    if house:
        table = Table(title="House values (ours, where the rulebook is silent)")
        table.add_column("data entry")
        table.add_column("value")
        for entry, value in house:
            table.add_row(entry, value)
        console.print(table)


# -- play --------------------------------------------------------------------------------


def show_events(game: Game, view: Mapping[str, JSON], seen: int) -> int:
    for event in view["log"][seen:]:
        console.print(f"  • {game.describe_event(event, view['seat'])}")
    return len(view["log"])


def show_board(game: Game, view: Mapping[str, JSON]) -> None:
    board = game.render(view)
    console.print(board if board is not None else json.dumps(view, indent=1))


def parse_choice(answer: str) -> int | None:
    """The number typed, or ``None`` if it is not one (``str.isdigit`` accepts "²",
    which ``int`` refuses, and ``int`` refuses thousands of digits)."""
    if not answer.isdecimal() or len(answer.lstrip("0")) > 9:
        return None
    return int(answer)


def ask_action(state: State) -> int | None:
    """The person's choice from a numbered list; ``None`` if they want to quit."""
    legal = state.legal_actions()
    for n, action in enumerate(legal, start=1):
        console.print(f"  [bold]{n:>2}[/]  {action.text}")
    while True:
        try:
            answer = console.input("[bold]Your choice[/] (number, or q to quit): ").strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit", "exit"):
            return None
        number = parse_choice(answer)
        if number is not None and 1 <= number <= len(legal):
            return legal[number - 1].id
        matches = [a for a in legal if a.text == answer]
        if matches:
            return matches[0].id
        console.print(f"[red]Please type a number from 1 to {len(legal)}.[/]")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME")] = "letter-of-marque",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 0,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 is first).")] = 0,
    bot: Annotated[
        str,
        typer.Option(
            "--bot", "-b", help="Bot(s) for the other seats, e.g. heuristic or heuristic,random."
        ),
    ] = "heuristic",
    seed: Annotated[
        int | None, typer.Option(help="Seed of the game (random if not given).")
    ] = None,
    option: OptionArg = [],  # noqa: B006 - Typer reads the default
    name: Annotated[str, typer.Option(help="Your name in the record.")] = "you",
    save_dir: Annotated[Path | None, typer.Option(help="Where to save the record.")] = None,
    scenario: Annotated[
        Path | None,
        typer.Option(
            exists=True, dir_okay=False, help="Start from a position (a scenario JSON file)."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: you take one seat, bots take the others."""
    try:
        game = get_game(game_name, parse_options(option))
        players = players or max(game.min_players, min(4, game.max_players))
        if not game.min_players <= players <= game.max_players:
            raise fail(f"{game.title} takes {game.min_players}–{game.max_players} players")
        if not 0 <= seat < players:
            raise fail(f"--seat must be between 0 and {players - 1}")
        seed = fresh_seed() if seed is None else seed
        start = load_json(scenario) if scenario else None
        if start is not None:
            start.setdefault("seed", seed)
            state = game.load_scenario(start)
            players = state.num_players
        else:
            state = game.new_state(players, seed)
        bot_list = heuristic_or_random(game, parse_bots(bot))
        bots = {
            s: make_bot(bot_list[i % len(bot_list)], game, bot_seed(seed, s))
            for i, s in enumerate(x for x in range(players) if x != seat)
        }
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    seats = [name if s == seat else f"{bots[s].name} bot" for s in range(players)]
    # The seed fixes every deck's order: it is shown only when the game is over.
    console.rule(f"{game.title} — {players} players")
    seen = 0
    while not state.is_terminal():
        current = state.current_player
        assert current is not None
        if current != seat:
            state.apply(bots[current].choose(state))
            continue
        view = state.view(seat)
        seen = show_events(game, view, seen)
        show_board(game, view)
        choice = ask_action(state)
        if choice is None:
            console.print("You leave the table. The game is not saved.")
            raise typer.Exit(0)
        state.apply(choice)
    view = state.view(seat)
    show_events(game, view, seen)
    show_board(game, state.view_all())
    try:
        path = save_record(state, seats, save_dir, start)
    except OSError as exc:
        raise fail(f"cannot save the record: {exc}") from None
    console.print(f"Game seed {state.seed}. Record saved to [bold]{path}[/]")
    console.print(f"Replay it: quarterdeck replay {path}")


def load_json(path: Path) -> dict[str, JSON]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise fail(f"cannot read {path}: {exc}") from None
    except RecursionError:
        raise fail(f"cannot read {path}: it is nested too deeply") from None
    if not isinstance(data, dict):
        raise fail(f"{path} must hold a JSON object")
    return data


def save_record(
    state: State, seats: list[str], directory: Path | None, scenario: JSON = None
) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    stem = f"{state.game.name}-{stamp}-{state.seed}"
    folder = directory or records_dir()
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():  # the same game and seed within the same second
        n += 1
        path = folder / f"{stem}-{n}.json"
    return Record.of(state, seats, scenario).save(path)


# -- replay ------------------------------------------------------------------------------


@app.command()
def replay(
    record_path: Annotated[Path, typer.Argument(metavar="RECORD", exists=True, dir_okay=False)],
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="Watch as this seat sees it.")
    ] = None,
    reveal: Annotated[bool, typer.Option(help="Show everything (finished games only).")] = False,
    step: Annotated[
        bool | None, typer.Option(help="Pause after each action (default: when interactive).")
    ] = None,
) -> None:
    """Step through a recorded game, as one seat saw it, or with everything revealed."""
    try:
        record = Record.load(record_path)
        game = record.make_game()
        states = list(record.states())
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    final = states[-1]
    if record.finished and final.returns() != record.result:
        raise fail(f"{record_path}: the replayed result differs from the recorded one")
    if reveal and not (record.finished and final.is_terminal()):
        raise fail("--reveal shows hidden things, so it is only for finished games")
    if seat is not None and not 0 <= seat < record.players:
        raise fail(f"--seat must be between 0 and {record.players - 1}")
    pause = sys.stdin.isatty() if step is None else step
    who = (
        "everything revealed" if reveal else (f"seat {seat}" if seat is not None else "a spectator")
    )
    console.rule(f"{game.title}: {', '.join(record.seats)} — as {who}")

    def view_of(state: State) -> dict[str, JSON]:
        return state.view_all() if reveal else state.view(seat)

    seen = 0
    for n, state in enumerate(states):
        view = view_of(state)
        if n and reveal:  # an action's text may name hidden things (an armed ship)
            console.print(f"[dim]{n}. {record.actions[n - 1][1]}[/]")
        seen = show_events(game, view, seen)
        if pause:
            show_board(game, view)
            try:
                answer = console.input("[dim]Enter: next · q: quit[/] ")
            except EOFError:
                return
            if answer.strip().lower() == "q":
                return
    if not pause:  # when pausing, the last board was just shown
        show_board(game, view_of(final))


# -- sim ---------------------------------------------------------------------------------


WorkersArg = Annotated[
    int,
    typer.Option(help="Processes, or Ray CPUs (0: all cores); results do not depend on it.", min=0),
]
BackendArg = Annotated[
    str,
    typer.Option(help="Where games are played: process (local processes) or ray."),
]
AddressArg = Annotated[
    str | None,
    typer.Option(help="The Ray cluster to join (e.g. ray://head:10001); default: start Ray here."),
]


def open_backend(backend: str, workers: int, address: str | None) -> Backend:
    try:
        return make_backend(backend, workers or os.cpu_count() or 1, address)
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None


def game_seats_bots(
    game_name: str,
    option: list[str],
    players: int,
    bots: str,
    default_players: int,
    fallback: bool = False,
) -> tuple[Game, int, list[str]]:
    """The game with its options, a checked player count and the named bots
    (``fallback``: ``heuristic`` becomes ``random`` where the game has none)."""
    game = get_game(game_name, parse_options(option))
    players = players or max(game.min_players, min(default_players, game.max_players))
    if not game.min_players <= players <= game.max_players:
        raise fail(f"{game.title} takes {game.min_players}–{game.max_players} players")
    bot_list = parse_bots(bots)
    if fallback:
        bot_list = heuristic_or_random(game, bot_list)
    for b in bot_list:
        make_bot(b, game)  # an unknown bot is refused before anything is played
    return game, players, bot_list


@app.command()
def sim(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots filling the seats in turn, e.g. heuristic,random. Seats rotate every game."
        ),
    ] = "heuristic,random",
    seed: Annotated[int, typer.Option(help="Seed of the run.", min=0)] = 0,
    option: OptionArg = [],  # noqa: B006
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the summary as JSON here.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Save every game's record in this folder.")
    ] = None,
    workers: WorkersArg = 0,
    backend: BackendArg = "process",
    address: AddressArg = None,
) -> None:
    """Simulate many games between bots and summarize who wins."""
    if json_out is not None and not json_out.parent.is_dir():
        raise fail(f"cannot write {json_out}: there is no folder {json_out.parent}")
    try:
        game, players, bot_list = game_seats_bots(game_name, option, players, bots, 4, True)
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"cannot write records to {records}: {exc}") from None
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=err,
    )
    start = time.perf_counter()

    def on_result(result: GameResult) -> None:
        # Games finish out of order on several workers: count them, not their index.
        done = progress.tasks[0].completed + 1
        progress.update(
            task,
            advance=1,
            rate=f"{done / max(time.perf_counter() - start, 1e-9):,.0f} games/s",
        )
        if records is not None and result.record is not None:
            Record.from_json(result.record).save(
                records / f"{game.name}-{seed}-{result.index:06d}.json"
            )

    runner = open_backend(backend, workers, address)
    with progress:
        task = progress.add_task(f"{game.title}", total=n, rate="")
        try:
            summary = simulate(
                game.name,
                players,
                n,
                bot_list,
                seed,
                game.non_default_options(),
                on_result,
                records is not None,
                backend=runner,
            )
        finally:
            runner.close()
    elapsed = time.perf_counter() - start
    data = summary.to_json()
    data["seconds"] = elapsed
    data["games_per_second"] = summary.games / elapsed
    if summary.games:
        print_summary(data)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise fail(f"cannot write {json_out}: {exc}") from None
    if summary.interrupted:
        raise fail(f"interrupted after {summary.games} of {n} games (results so far above)", 130)


@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    bots: Annotated[
        str, typer.Option(help="Bots, e.g. random,heuristic,ismcts:easy.")
    ] = "random,heuristic",
    n: Annotated[int, typer.Option("-n", help="Games per pair of bots.", min=1)] = 100,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the tournament.", min=0)] = 0,
    option: OptionArg = [],  # noqa: B006
    workers: WorkersArg = 0,
    backend: BackendArg = "process",
    address: AddressArg = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the results as JSON here.")
    ] = None,
    journal: Annotated[
        Path | None,
        typer.Option(
            help="Write every finished game to this file and, if it exists, resume from it."
        ),
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(help="Save the record of every game played in this folder."),
    ] = None,
) -> None:
    """A round robin between bots: match scores with 95% intervals and Elo ratings."""
    from quarterdeck.arena.tournament import Journal, round_robin

    if json_out is not None and not json_out.parent.is_dir():
        raise fail(f"cannot write {json_out}: there is no folder {json_out.parent}")
    try:
        game, players, bot_list = game_seats_bots(game_name, option, players, bots, 2)
        pairs = len(bot_list) * (len(bot_list) - 1) // 2
        if records is not None:
            try:
                records.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise fail(f"cannot write records to {records}: {exc}") from None
        book = (
            Journal.of(journal, game.name, bot_list, n, seed, players, game.non_default_options())
            if journal is not None
            else None
        )
        progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
        )

        def on_result(result: GameResult) -> None:
            progress.update(task, advance=1)
            if records is not None and result.record is not None:
                # A game by the bots that play it and its number in their match.
                match = "-vs-".join(sorted(set(result.seats))).replace(":", "_")
                Record.from_json(result.record).save(
                    records / f"{game.name}-{seed}-{match}-{result.index:06d}.json"
                )

        runner = open_backend(backend, workers, address)
        with progress:
            task = progress.add_task(
                f"{game.title} round robin",
                total=pairs * n,
                completed=book.games_done(n) if book is not None else 0,
            )
            try:
                result = round_robin(
                    game.name,
                    bot_list,
                    n,
                    seed,
                    players,
                    game.non_default_options(),
                    on_result=on_result,
                    backend=runner,
                    journal=book,
                    keep_records=records is not None,
                )
            finally:
                runner.close()
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        where = f"the journal {journal}" if journal is not None else f"the records in {records}"
        raise fail(f"cannot use {where}: {exc}") from None
    data = result.to_json()
    matches = Table(title=f"{game.title}: {n} games per match")
    for column in ("bot", "vs", "score", "95% interval"):
        matches.add_column(
            column, justify="right" if column != "bot" and column != "vs" else "left"
        )
    for m in data["matches"]:
        low, high = m["interval95"]
        matches.add_row(m["a"], m["b"], f"{m['score']:.1%}", f"{low:.1%} – {high:.1%}")
    ratings = Table(title="Elo ratings (Bradley–Terry fit; ± one standard error)")
    ratings.add_column("bot")
    ratings.add_column("Elo", justify="right")
    ratings.add_column("±", justify="right")
    for bot, r in sorted(data["ratings"].items(), key=lambda kv: -kv[1]["elo"]):
        ratings.add_row(bot, f"{r['elo']:.0f}", f"{r['se']:.0f}")
    console.print(matches)
    console.print(ratings)
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise fail(f"cannot write {json_out}: {exc}") from None
    if result.interrupted:
        raise fail("interrupted: the table holds the games played so far", 130)


@app.command()
def hint(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            exists=True,
            dir_okay=False,
            help="A game's record, or a scenario (a position; see the game's docs).",
        ),
    ],
    at: Annotated[
        int | None,
        typer.Option(help="A record: after this many actions (default: the last decision)."),
    ] = None,
    game_name: Annotated[
        str, typer.Option("--game", help="A scenario: the game it is a position of.")
    ] = "broadsides",
    option: OptionArg = [],  # noqa: B006
    seat: Annotated[
        int | None,
        typer.Option(
            help="Only this seat's chance to win, from its information (default: the "
            "seat to decide, with its options)."
        ),
    ] = None,
    iterations: Annotated[int, typer.Option(help="Search iterations.", min=1)] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the search.", min=0)] = 0,
    top: Annotated[int, typer.Option(help="How many options to show.", min=1)] = 3,
) -> None:
    """Ask the bot what the player to move should do, from that seat's information only."""
    from quarterdeck.ai.hint import hint as ask
    from quarterdeck.ai.hint import win_chance

    data = load_json(path)
    try:
        if "format" in data:  # a record: every position of the game it holds
            states = list(Record.from_json(data).states())
        else:
            if at is not None:
                raise fail("--at is for records: a scenario is one position")
            states = [get_game(game_name, parse_options(option)).load_scenario(data)]
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    live = [n for n, s in enumerate(states) if not s.is_terminal()]
    if not live:
        raise fail("the file holds no decision to advise on")
    n = live[-1] if at is None else at
    if not 0 <= n < len(states) or states[n].is_terminal():
        raise fail(f"--at must name a position with a decision (0–{live[-1]})")
    state = states[n]
    if seat is not None:
        try:
            chance = win_chance(state, seat, iterations, seed)
        except QuarterdeckError as exc:
            raise fail(str(exc)) from None
        console.print(f"After {n} actions, seat {seat}'s chance to win: {chance:.0%}")
        return
    options = ask(state, iterations, seed, top)
    pending = state.pending()
    prompt = pending.prompt if pending else ""
    table = Table(title=f"After {n} actions, seat {state.current_player} to decide: {prompt}")
    for column in ("option", "visits", "chance to win"):
        table.add_column(column, justify="left" if column == "option" else "right")
    for o in options:
        table.add_row(o.action, str(o.visits), f"{o.win_probability:.0%}")
    console.print(table)


def print_summary(data: Mapping[str, JSON]) -> None:
    n = data["games"]
    seats = Table(title=f"{data['game']}: {n} games, {data['players']} players — wins per seat")
    seats.add_column("seat")
    seats.add_column("wins", justify="right")
    seats.add_column("win rate", justify="right")
    for seat, wins in enumerate(data["seat_wins"]):
        seats.add_row(str(seat), f"{wins:g}", f"{wins / n:.1%}")
    bots = Table(
        title="wins per bot (a win is 1, a shared win or draw its share; par is 1/players)"
    )
    bots.add_column("bot")
    bots.add_column("wins", justify="right")
    bots.add_column("win rate per seat", justify="right")
    for bot, wins in data["bot_wins"].items():
        bots.add_row(bot, f"{wins:g}", f"{data['bot_win_rate'][bot]:.1%}")
    length = Table(title="game length")
    for column in ("mean decisions", "max decisions", "mean turns", "draws", "games/s"):
        length.add_column(column, justify="right")
    length.add_row(
        f"{data['mean_decisions']:.1f}",
        str(data["max_decisions"]),
        f"{data['mean_turns']:.1f}",
        str(data["draws"]),
        f"{data['games_per_second']:,.1f}",
    )
    for table in (seats, bots, length):
        console.print(table)


# -- balance -----------------------------------------------------------------------------


@app.command()
def balance(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    vary: Annotated[
        list[str],
        typer.Option(
            "--vary",
            "-v",
            help="A variant per value of an option, e.g. round_cap=20,60 (twice: every "
            "combination).",
        ),
    ] = [],  # noqa: B006
    data: Annotated[
        list[Path],
        typer.Option(
            "--data",
            exists=True,
            dir_okay=False,
            help="A house-data file as a variant (repeatable).",
        ),
    ] = [],  # noqa: B006
    experiment: Annotated[
        str | None,
        typer.Option(
            help="A preset experiment the game offers, e.g. cannon-pairs (BroadSides: every "
            "Red × Blue pair)."
        ),
    ] = None,
    unordered: Annotated[
        bool, typer.Option(help="cannon-pairs: one of each pair, whichever Deck holds which.")
    ] = False,
    n: Annotated[int, typer.Option("-n", help="Games per variant.", min=1)] = 200,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 0,
    bots: Annotated[
        str, typer.Option(help="Bots filling the seats in turn (seats rotate every game).")
    ] = "heuristic,heuristic",
    seed: Annotated[int, typer.Option(help="Seed of the run (every variant's).", min=0)] = 0,
    option: OptionArg = [],  # noqa: B006
    out: Annotated[
        Path | None, typer.Option(help="Folder for the report (default: balance-GAME-<time>).")
    ] = None,
    workers: WorkersArg = 0,
    backend: BackendArg = "process",
    address: AddressArg = None,
) -> None:
    """A balance report: simulate every variant of an experiment; plots, tables, intervals."""
    from quarterdeck.arena import balance as bal

    try:
        game, players, bot_list = game_seats_bots(game_name, option, players, bots, 4)
        exp = bal.build_experiment(
            game.name, parse_options(option), vary, data, experiment, unordered
        )
    except QuarterdeckError as exc:
        raise fail(str(exc)) from None
    variants = exp.variants()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = out or Path(f"balance-{game.name}-{stamp}")
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=err,
    )
    start = time.perf_counter()

    def on_result(_: GameResult) -> None:
        done = progress.tasks[0].completed + 1
        rate = done / max(time.perf_counter() - start, 1e-9)
        progress.update(task, advance=1, rate=f"{rate:,.1f} games/s")

    def on_variant(number: int, variant: bal.Variant) -> None:
        label = f"{game.title} {number + 1}/{len(variants)}: {variant.label}"
        progress.update(task, description=label)

    runner = open_backend(backend, workers, address)
    with progress:
        task = progress.add_task(game.title, total=n * len(variants), rate="")
        try:
            results = bal.run_experiment(
                exp, n, bot_list, seed, players, runner, on_result=on_result, on_variant=on_variant
            )
        finally:
            runner.close()
    results.command = bal.command_line(results, out)
    try:
        files = bal.write_report(results, folder)
    except OSError as exc:
        raise fail(f"cannot write the report to {folder}: {exc}") from None
    for table in bal.summary_tables(results):
        console.print(table)
    console.print(f"Report: [bold]{files['report']}[/] ({len(files) - 2} plots, results.json)")
    if results.interrupted:
        raise fail(
            f"interrupted after {results.games} games: the report holds the variants played", 130
        )


# -- serve -------------------------------------------------------------------------------


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL, e.g. postgresql://user@host/db (default: an SQLite file in "
            "~/.quarterdeck or $QUARTERDECK_HOME)."
        ),
    ] = None,
    max_body: Annotated[
        int | None,
        typer.Option(help="Largest request body in bytes (413 beyond; default 262144).", min=1024),
    ] = None,
    games_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Games one client (address) may create a minute (429; default 10).", min=1
        ),
    ] = None,
    max_open_games: Annotated[
        int | None,
        typer.Option(
            help="Open games (waiting for seats) held at once (503; default 1000).", min=1
        ),
    ] = None,
    open_game_expiry: Annotated[
        float | None,
        typer.Option(
            help="Seconds an open game waits for its seats before it is deleted (default a day).",
            min=60,
        ),
    ] = None,
    connections_per_game: Annotated[
        int | None,
        typer.Option(help="WebSocket connections to one game (close 4429; default 200).", min=2),
    ] = None,
    connections_per_client: Annotated[
        int | None,
        typer.Option(
            help="WebSocket connections from one address (close 4429; default 50).", min=1
        ),
    ] = None,
    players_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Player names one client (address) may create a minute (429; default 5).",
            min=1,
        ),
    ] = None,
    hints_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Hints one seat may ask for a minute, each a small search (429; default 6).",
            min=1,
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL, e.g. redis://host:6379: run as one of a cluster of processes "
            "over one PostgreSQL --database (docs/server.md)."
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            help="With --redis: seconds a dead process's games wait before another takes "
            "them over.",
            min=1,
            max=300,
        ),
    ] = 5.0,
) -> None:
    """Run the live-play server: lobby, seats, bots and WebSocket play (docs/server.md)."""
    import uvicorn

    from quarterdeck.server import MAX_MESSAGE_BYTES, create_app
    from quarterdeck.server.limits import Limits
    from quarterdeck.server.storage import database_name, default_database_url

    given: dict[str, Any] = {
        "max_body_bytes": max_body,
        "games_per_minute": games_per_minute,
        "max_open_games": max_open_games,
        "open_game_expiry": open_game_expiry,
        "connections_per_game": connections_per_game,
        "connections_per_client": connections_per_client,
        "players_per_minute": players_per_minute,
        "hints_per_minute": hints_per_minute,
    }
    limits = Limits(**{name: value for name, value in given.items() if value is not None})
    url = database or default_database_url()
    if redis is not None and not database_name(url).startswith("postgresql"):
        raise fail(
            "a cluster (--redis) keeps its games in PostgreSQL: give --database postgresql://…"
        )
    if redis is not None:
        reach_redis(redis)
    open_database(url, claim=redis is None)
    shown = f"[{host}]" if ":" in host else host
    console.print(f"Quarterdeck serves at [bold]http://{shown}:{port}/[/] (API docs at /docs)")
    console.print(f"Games are stored in {database_name(url)}", markup=False)
    if redis is not None:
        console.print("One process of a cluster: games are shared through Redis", markup=False)
    application = create_app(url, limits=limits, redis_url=redis, lease=lease)
    tune_gc_for_serving()
    # Messages a little above the protocol's limit still arrive and are refused with
    # an error; far larger ones close the connection.
    # Views are a few kilobytes: compressing every push would cost more CPU than the
    # bandwidth it saves, so WebSocket messages go uncompressed.
    uvicorn.run(
        application,
        host=host,
        port=port,
        ws_max_size=4 * MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        log_level="info",
    )


def reach_redis(url: str) -> None:
    """A cluster's Redis that does not answer is one clear line, not a traceback."""
    try:
        from redis import Redis, RedisError
    except ImportError:
        raise fail("a cluster (--redis) needs redis-py: pip install -e '.[cluster]'") from None
    try:
        Redis.from_url(url, socket_connect_timeout=5).ping()
    except (RedisError, ValueError) as exc:
        where = url.rpartition("@")[2]  # never a password
        raise fail(f"cannot reach Redis at {where}: {exc}") from None


def open_database(url: str, claim: bool = True) -> None:
    """Migrate the database at ``url`` now, so that a bad URL, a server that does not
    answer, a file that is no database or a database another server process uses is
    one clear line, not a traceback. ``claim`` False: a cluster's process, which
    shares the database."""
    from alembic.util.exc import CommandError
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from quarterdeck.server.storage import DatabaseInUse, Store, database_name

    if database_name(url).startswith("the --database URL"):  # refused before any try
        raise fail(f"cannot use {database_name(url)}")
    try:
        store = Store(url)
        try:
            if claim:
                store.claim()  # the server claims it again when it starts
            store.migrate()
        finally:
            store.close()
            store.engine.dispose()
    except DatabaseInUse as exc:
        raise fail(f"{exc}: one server process per database") from None
    except CommandError:  # a revision this Quarterdeck does not know
        raise fail(
            f"cannot use the database {database_name(url)}: a newer Quarterdeck has "
            "written it; upgrade this one"
        ) from None
    except (SQLAlchemyError, OSError, ImportError, ValueError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        try:
            secrets = [make_url(url).password, *make_url(url).query.values()]
        except (SQLAlchemyError, ValueError):
            secrets = []
        for secret in secrets:  # a driver may repeat what it was given
            if isinstance(secret, str) and secret:
                reason = reason.replace(secret, "***")
        raise fail(f"cannot use the database {database_name(url)}: {reason}") from None


def tune_gc_for_serving() -> None:
    """Every move allocates a new state and two views: with Python's default cycle
    collector thresholds, collections took about 40% of the server's CPU under load
    (bench/bench_server_load.py). Collect the young generation every 50,000 allocations
    instead of 700, and leave what start-up built (modules, the app) out of every
    collection for good."""
    gc.set_threshold(50_000, 20, 10)
    gc.freeze()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
