"""Round-robin tournaments between bots, with confidence intervals and Elo ratings.

Every pair of bots plays a match of ``n`` games (seats rotating every game, other seats
of a many-player game filled by the two in turn). A match's score is a bot's share of
the wins (1 a win, ½ a draw). Ratings are the Bradley–Terry fit of all the matches on
the Elo scale (400 points = 10:1 odds), their uncertainty the spread of the fit over
bootstrap resamples of the games.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from quarterdeck.ai import BOTS_REVISION
from quarterdeck.engine import OptionError, Rng, get_game, whole_number

from .backends import Backend, batch_size, batches, play_all
from .play import GameResult, win_shares
from .stats import wilson

JSON = Any


@dataclass
class Match:
    a: str
    b: str
    scores: list[float] = field(default_factory=list)  # a's share of each game's win

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def score(self) -> float:
        return sum(self.scores) / self.games if self.scores else 0.5

    def interval(self) -> tuple[float, float]:
        """A 95% Wilson interval of a's score (a draw counts ½): unlike the normal
        approximation it stays honest when one bot won every game."""
        return wilson(sum(self.scores), self.games)


def match_scores(results: Sequence[GameResult], a: str) -> list[float]:
    """a's share of each game's win (a filling one or more seats)."""
    out = []
    for r in sorted(results, key=lambda r: r.index):
        shares = win_shares(r.returns)
        mine = sum(s for s, bot in zip(shares, r.seats, strict=True) if bot == a)
        total = sum(shares)
        out.append(mine / total if total else 0.5)
    return out


def bradley_terry(
    names: Sequence[str], matches: Sequence[tuple[int, int, float, int]], iterations: int = 200
) -> list[float]:
    """Elo ratings (mean 1500) from (i, j, i's total score, games) by Zermelo's iteration."""
    k = len(names)
    strength = [1.0] * k
    wins = [0.0] * k
    for i, j, score, n in matches:
        wins[i] += score
        wins[j] += n - score
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = 0.0
            for a, b, _, n in matches:
                if i in (a, b):
                    other = b if i == a else a
                    denom += n / (strength[i] + strength[other])
            # A bot that never wins or never loses has no finite rating: keep it bounded.
            w = min(max(wins[i], 0.5), sum(n for a, b, _, n in matches if i in (a, b)) - 0.5)
            new.append(w / denom if denom else 1.0)
        mean = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / mean for s in new]
    return [1500 + 400 * math.log10(s) for s in strength]


@dataclass
class Tournament:
    game: str
    bots: list[str]
    games_per_match: int
    seed: int
    matches: list[Match] = field(default_factory=list)
    interrupted: bool = False

    def ratings(self, bootstrap: int = 200) -> dict[str, tuple[float, float]]:
        """Each bot's Elo and its standard error (bootstrap over games)."""
        index = {b: i for i, b in enumerate(self.bots)}

        def fit(pick: Callable[[Match], list[float]]) -> list[float]:
            rows = []
            for m in self.matches:
                scores = pick(m)
                if scores:
                    rows.append((index[m.a], index[m.b], sum(scores), len(scores)))
            return bradley_terry(self.bots, rows)

        best = fit(lambda m: m.scores)
        rng = Rng.from_seed(self.seed)
        samples = [
            fit(lambda m: [m.scores[rng.below(m.games)] for _ in range(m.games)] if m.games else [])
            for _ in range(bootstrap)
        ]
        out = {}
        for i, bot in enumerate(self.bots):
            values = [s[i] for s in samples]
            mean = sum(values) / len(values)
            se = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
            out[bot] = (best[i], se)
        return out

    def to_json(self) -> dict[str, JSON]:
        ratings = self.ratings()
        return {
            "game": self.game,
            "bots": self.bots,
            "games_per_match": self.games_per_match,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "matches": [
                {
                    "a": m.a,
                    "b": m.b,
                    "games": m.games,
                    "score": m.score,
                    "interval95": list(m.interval()),
                }
                for m in self.matches
            ],
            "ratings": {b: {"elo": r, "se": se} for b, (r, se) in ratings.items()},
        }


def _identity(header: Mapping[str, JSON]) -> dict[str, JSON]:
    """What names a tournament in its journal: all but the number of games."""
    return {k: v for k, v in header.items() if k != "n"}


#: What makes the same tournament play other games: the bots' code and the rules.
#: What makes the same tournament play other games: the bots' code, the rules, and
#: the component data when it is not the built-in file (its hash: ``-o data=FILE``
#: names a file whose contents may change).
_CODE = ("bots_revision", "game_bots_revision", "rules_version", "data_hash")


def _stale(first: Mapping[str, JSON], header: Mapping[str, JSON]) -> bool:
    """Whether a journal is of this tournament as named, but by other bots or rules."""
    named = [k for k in header if k not in _CODE]
    same_name = _identity({k: first.get(k) for k in named}) == _identity(
        {k: header[k] for k in named}
    )
    return same_name and any(first.get(k) != header.get(k) for k in _CODE)


def _code(header: Mapping[str, JSON]) -> str:
    if "bots_revision" not in header:
        return "bots from before journals named their revision"
    data = f", data {str(header['data_hash'])[:12]}" if "data_hash" in header else ""
    own = header.get("game_bots_revision")
    game_bots = f" (the game's own {own!r})" if own else ""
    return (
        f"bots of revision {header['bots_revision']!r}{game_bots}, "
        f"rules {header['rules_version']!r}{data}"
    )


class Journal:
    """Every finished game of a tournament, one JSON line each, after a first line that
    names the tournament. A long tournament that is interrupted (or outlives the
    machine it runs on) resumes from its journal: each game is a pure function of its
    seeds, so the resumed tournament's results are those of an unbroken one. The number
    of games is not part of a tournament's identity (game i of a match is the same
    game whatever n is), so a tournament grows: a journal of ``-n 20`` is the start
    of ``-n 200``."""

    def __init__(self, path: Path, header: Mapping[str, JSON]) -> None:
        self.path = path
        self.header = dict(header)
        self.done: dict[int, dict[int, GameResult]] = {}
        if path.exists() and path.stat().st_size:
            self._read()
        elif not path.parent.is_dir():
            raise OptionError(f"cannot write the journal {path}: there is no folder {path.parent}")
        # A new journal is written with its first game, so that a run refused before
        # any game (bad bots, a backend that would not start) leaves no file behind.

    def _read(self) -> None:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            raise OptionError(f"{self.path} is not a tournament journal (not text)") from None
        try:
            first = json.loads(lines[0])["tournament"] if lines else None
        except (ValueError, KeyError, TypeError, RecursionError):
            first = None
        if isinstance(first, dict) and _stale(first, self.header):
            raise OptionError(
                f"the journal {self.path} holds games played by {_code(first)}; these "
                f"are {_code(self.header)} and would play other games: give a new file "
                "to start this tournament again"
            )
        if not isinstance(first, dict) or _identity(first) != _identity(self.header):
            raise OptionError(
                f"the journal {self.path} belongs to another tournament "
                f"({first}); give a new file to start this one"
            )
        for line in lines[1:]:
            try:
                entry = json.loads(line)
                match, result = entry["match"], GameResult(**entry["result"])
            except (ValueError, KeyError, TypeError, RecursionError):
                continue  # a line cut short by a crash: that game is played again
            if _count(match) and _well_formed(result):
                self.done.setdefault(match, {})[result.index] = result

    @classmethod
    def of(
        cls,
        path: Path,
        game: str,
        bots: Sequence[str],
        n: int,
        seed: int,
        players: int,
        options: Mapping[str, JSON] | None,
    ) -> Journal:
        """The journal of this tournament at ``path`` (new, or resumed). Its first line
        names the tournament and what plays it: the built-in bots' revision, the game's
        rules version and, for component data of one's own, its hash."""
        header = {"game": game, "bots": list(bots), "n": n, "seed": seed, "players": players}
        played = get_game(game, options)
        code: dict[str, JSON] = {
            "bots_revision": BOTS_REVISION,
            "rules_version": played.rules_version,
        }
        if played.bots_revision:  # named only once a game's own bots changed
            code["game_bots_revision"] = played.bots_revision
        if played.is_custom_data:
            code["data_hash"] = played.data_hash
        return cls(path, {**header, "options": dict(options or {}), **code})

    def games_done(self, n: int) -> int:
        return sum(1 for match in self.done.values() for index in match if index < n)

    def add(self, match: int, result: GameResult) -> None:
        entry = {"match": match, "result": {**asdict(result), "record": None}}
        with self.path.open("a", encoding="utf-8") as out:
            if not out.tell():  # a new journal: its first line names the tournament
                out.write(json.dumps({"tournament": self.header}) + "\n")
            out.write(json.dumps(entry) + "\n")


def _count(x: JSON) -> bool:
    return whole_number(x) and x >= 0


def _well_formed(result: GameResult) -> bool:
    """A journal line as the arena writes it (an edited or damaged one is played again)."""
    return (
        all(map(_count, (result.index, result.seed, result.decisions, result.turns)))
        and isinstance(result.seats, list)
        and all(isinstance(s, str) for s in result.seats)
        and isinstance(result.returns, list)
        and len(result.returns) == len(result.seats)
        and all(isinstance(r, int | float) and not isinstance(r, bool) for r in result.returns)
    )


def round_robin(
    game: str,
    bots: Sequence[str],
    n: int,
    seed: int = 0,
    players: int = 2,
    options: Mapping[str, JSON] | None = None,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: Backend | None = None,
    journal: Journal | Path | None = None,
    keep_records: bool = False,
) -> Tournament:
    """Every pair of ``bots`` plays ``n`` games; each match has its own seed. All the
    matches' games go to the backend (default: ``workers`` local processes) at once, so
    the workers stay busy, game i of every match before game i + 1 of any (and a few
    at a time when a bot searches); interrupted (Ctrl-C), the matches keep the games
    finished.
    With a ``journal`` file, every finished game is written down and the games already
    there are not played again. ``keep_records``: each result carries its game's record
    (for ``on_result`` to keep; the journal does not)."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise OptionError("a tournament needs two or more different bots")
    get_game(game, options)  # bad options are refused before any work starts
    t = Tournament(game, list(bots), n, seed)
    pairs = list(itertools.combinations(bots, 2))
    book = (
        Journal.of(journal, game, bots, n, seed, players, options)
        if isinstance(journal, Path)
        else journal
    )
    results: list[dict[int, GameResult]] = [
        {i: r for i, r in (book.done.get(k, {}) if book else {}).items() if i < n}
        for k in range(len(pairs))
    ]

    def finished(number: int, result: GameResult) -> None:
        results[number][result.index] = result
        if book is not None:
            book.add(number, result)
        if on_result is not None:
            on_result(result)

    # A search bot's game takes a minute or more: batches of a few games keep the
    # progress bar moving and lose little when a long tournament is stopped.
    searching = any(bot.startswith("ismcts") for bot in bots)
    size = batch_size(
        n * len(pairs), backend.workers if backend else workers, 4 if searching else 50
    )
    work = [
        batch
        for number, pair in enumerate(pairs)
        for batch in batches(
            number,
            game,
            options,
            players,
            pair,
            seed * 1000 + number,
            [i for i in range(n) if i not in results[number]],
            keep_records,
            size,
        )
    ]
    # The matches advance together (game i of every match before game i + 1 of any),
    # so a tournament stopped early still has every match under way.
    work.sort(key=lambda batch: (batch.indices[0], batch.tag))
    t.interrupted = play_all(work, finished, backend, workers)
    t.matches = [
        Match(a, b, match_scores(list(results[k].values()), a)) for k, (a, b) in enumerate(pairs)
    ]
    return t
