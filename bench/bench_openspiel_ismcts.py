"""OpenSpiel's own IS-MCTS bot against one of ours (our IS-MCTS or our heuristic).

    .venv/bin/python bench/bench_openspiel_ismcts.py [--game broadsides]
        [--ours heuristic|ismcts|NAME] [--simulations 200] [--games 20]
        [--evaluator auto|evaluation|rollout|our-rollout] [--players P] [--workers 2]

OpenSpiel's Python ``ISMCTSBot`` (UCT, c = 2, the most-visited choice) plays through
the adapter (``quarterdeck.interop.openspiel``), drawing its worlds with our
``resample`` (``resample_from_infostate``). Its leaves are judged by

- ``evaluation``: the game's own evaluation (``Game.evaluate``), the one our search
  asks where it cuts its rollouts short (BroadSides); a uniform prior;
- ``rollout``: OpenSpiel's random rollout to the end (a random game of BroadSides
  lasts about 900 decisions, so there it is very slow; Letter of Marque, about 50);
- ``our-rollout``: our search's own rollout (``ISMCTSBot.playout``: for BroadSides the
  heuristic captain for the game's rollout depth, then the evaluation; random to the end where
  the game has no model of play);
- ``auto`` (the default): ``evaluation`` for a game whose search cuts rollouts short
  (``Game.search_rollout_depth()``), else ``rollout`` — the leaf judgement our search uses,
  without the game's heuristic.

``--ours ismcts`` is ``ismcts:N`` at the same N as OpenSpiel's simulations: our search
as shipped, so it also has the game's heuristic as its prior and, where the game says
(BroadSides), as its model of the foe's moves and its rollout policy.

Seats: one seat is ours and one OpenSpiel's; each deal is played twice with those
two seats swapped. With more than two players the other seats are the game's
heuristic, and the pair of seats (k, k + 1) turns with each deal k, so over
``players`` deals both bots sit in every seat equally often (with three players, every
ordered pair of seats plays). A game scores 1 for ours if it finished ahead of
OpenSpiel's (two players: won; more: by the rulebook's ranking where ``BENCH_RANKS``
knows it — Letter of Marque: more points, then more cannon cards — else a larger
share of the win), ½ if level. It also scores each game as the strength ladders score
a match (``tournament.match_scores``): ours' part of the win the two bots share, ½
when neither won (the heuristic's seat did). The two differ only with more than two
players: the rulebook's ranking counts who of the two losers came nearer, which the
game's result does not reward.
Prints both scores with their Wilson 95% intervals, each side's share of the wins, and
each bot's seconds per decision (decisions with a choice only: neither bot searches
a forced move). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.arena.play import bot_seed, game_seed
from quarterdeck.arena.stats import wilson
from quarterdeck.engine import Game, State
from quarterdeck.interop import openspiel as qos


class GameEvaluation(mcts.Evaluator):  # type: ignore[misc]
    """The game's own evaluation of a position, and a uniform prior."""

    def evaluate(self, state: qos.QuarterdeckState) -> np.ndarray[Any, Any]:
        inner = state.state
        if inner.is_terminal():
            return np.asarray(inner.returns(), float)
        return np.asarray(inner.game.evaluate(inner), float)

    def prior(self, state: qos.QuarterdeckState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OurPlayouts(GameEvaluation):
    """Our search's rollout from the position (it reads the determinization OpenSpiel
    drew, as our own rollouts do), and a uniform prior."""

    def __init__(self, searcher: ISMCTSBot) -> None:
        self.searcher = searcher

    def evaluate(self, state: qos.QuarterdeckState) -> np.ndarray[Any, Any]:
        return np.asarray(self.searcher.playout(state.state.clone()), float)


def judge(evaluator: str, game: Game, seed: int, rng: np.random.RandomState) -> mcts.Evaluator:
    """OpenSpiel's leaf evaluator by name (``auto``: see the module's docstring)."""
    if evaluator == "auto":
        evaluator = "evaluation" if game.search_rollout_depth() is not None else "rollout"
    if evaluator == "evaluation":
        return GameEvaluation()
    if evaluator == "our-rollout":
        searcher = make_bot("ismcts:1", game, seed)
        assert isinstance(searcher, ISMCTSBot)
        return OurPlayouts(searcher)
    return mcts.RandomRolloutEvaluator(1, rng)


#: Who finished ahead, by the rulebook, for games of more than two seats: a rank key
#: of a finished state per seat (larger is better).
def _letter_of_marque_ranks(state: State) -> list[tuple[int, int]]:
    from quarterdeck.games.letter_of_marque import scoring

    points, cannons = scoring.points(state), scoring.tiebreak_cannons(state)  # type: ignore[arg-type]
    return list(zip(points, cannons, strict=True))


BENCH_RANKS: dict[str, Callable[[State], list[Any]]] = {
    "letter-of-marque": _letter_of_marque_ranks,
}


def seats(index: int, players: int) -> tuple[int, int]:
    """(our seat, OpenSpiel's seat) in game ``index``: each deal twice, seats swapped;
    the pair turns with each deal."""
    deal = index // 2
    first, second = deal % players, (deal + 1) % players
    return (first, second) if index % 2 == 0 else (second, first)


@dataclass
class Result:
    score: float  # ours against OpenSpiel's: 1 ahead, ½ level, 0 behind
    ours: float  # each side's share of the win (two players: 1, ½ or 0)
    theirs: float
    decisions: int
    our_seconds: float  # thinking, over the decisions that had a choice
    our_choices: int
    their_seconds: float
    their_choices: int


def play(
    index: int, name: str, players: int, ours: str, simulations: int, evaluator: str, seed: int
) -> Result:
    """Game ``index`` of the run: the deal of its pair, seats by ``seats``; ``ours``
    is our bot's name."""
    game = qos.load(name, players=players)
    deal = game_seed(seed, index // 2) % 2**64
    our_seat, their_seat = seats(index, players)
    rng = np.random.RandomState(bot_seed(deal, their_seat) % 2**32)
    theirs = ismcts.ISMCTSBot(
        game,
        judge(evaluator, game.qd_game, bot_seed(deal, their_seat), rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    # Its worlds drawn with its own seeded generator: by default it passes our resample
    # pyspiel.UniformProbabilitySampler, which is not seeded, and no run would repeat.
    theirs.set_resampler(lambda world, seat: world.resample_from_infostate(seat, rng.uniform))
    # Ours in its seat, the heuristic in any other but OpenSpiel's.
    bots = {
        seat: make_bot(
            ours if seat == our_seat else "heuristic", game.qd_game, bot_seed(deal, seat)
        )
        for seat in range(players)
        if seat != their_seat
    }
    state = game.new_initial_state()
    for part in qos.deal_parts(deal):
        state.apply_action(part)
    clocks = {our_seat: [0.0, 0], their_seat: [0.0, 0]}
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        started = time.perf_counter()
        if len(legal) == 1:  # both bots play a forced move without searching
            action = legal[0]
        elif seat == their_seat:
            action = theirs.step(state)
        else:
            action = bots[seat].choose(state.state).id
        if seat in clocks and len(legal) > 1:
            clocks[seat][0] += time.perf_counter() - started
            clocks[seat][1] += 1
        state.apply_action(action)
    # Two seats' returns are ±1: as a share of the win, 1, ½ or 0.
    returns = [(r + 1) / 2 for r in state.returns()] if players == 2 else state.returns()
    return Result(
        score=_ahead(name, state.state, our_seat, their_seat),
        ours=returns[our_seat],
        theirs=returns[their_seat],
        decisions=len(state.history()) - qos.DEAL_PARTS,
        our_seconds=clocks[our_seat][0],
        our_choices=int(clocks[our_seat][1]),
        their_seconds=clocks[their_seat][0],
        their_choices=int(clocks[their_seat][1]),
    )


def _ahead(name: str, state: State, ours: int, theirs: int) -> float:
    """1 if seat ``ours`` finished ahead of seat ``theirs``, ½ if level, else 0."""
    key = BENCH_RANKS.get(name)
    ranks = key(state) if key is not None and state.num_players > 2 else state.returns()
    return 1.0 if ranks[ours] > ranks[theirs] else 0.5 if ranks[ours] == ranks[theirs] else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="broadsides")
    parser.add_argument("--players", type=int, help="default: the fewest the game takes")
    parser.add_argument(
        "--ours",
        default="heuristic",
        help="our bot: a bot's name, or ismcts for ismcts:N at OpenSpiel's N",
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--simulations", type=int, default=200, help="IS-MCTS simulations a decision"
    )
    parser.add_argument(
        "--evaluator", choices=("auto", "evaluation", "rollout", "our-rollout"), default="auto"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = args.players or qos.load(args.game).qd_game.min_players
    ours = f"ismcts:{args.simulations}" if args.ours == "ismcts" else args.ours
    results: list[Result] = []
    with ProcessPoolExecutor(args.workers) as pool, Progress() as progress:
        task = progress.add_task(f"{args.game}: {ours} vs OpenSpiel", total=args.games)
        futures = [
            pool.submit(
                play, i, args.game, players, ours, args.simulations, args.evaluator, args.seed
            )
            for i in range(args.games)
        ]
        for i, future in enumerate(futures):
            result = future.result()
            results.append(result)
            # A line a game, so a run logged to a file shows how far it has come.
            ours_at, theirs_at = seats(i, players)
            progress.console.print(
                f"game {i}: {ours} in seat {ours_at}, OpenSpiel in seat {theirs_at}: "
                f"ahead {result.score}, share of the win {result.ours:g} against "
                f"{result.theirs:g}, {result.decisions} decisions"
            )
            progress.advance(task)
    Console().print(report(results, args.game, players, ours, args.simulations, args.evaluator))


def report(
    results: list[Result], name: str, players: int, ours: str, simulations: int, evaluator: str
) -> Table:
    n = len(results)
    score = sum(r.score for r in results)
    low, high = wilson(score, n)
    our_wins, their_wins = sum(r.ours for r in results), sum(r.theirs for r in results)
    shares = sum(share_of_the_two(r) for r in results)
    share_low, share_high = wilson(shares, n)
    table = Table(
        title=f"{ours} vs OpenSpiel IS-MCTS ({simulations} simulations, {evaluator}), "
        f"{name}, {players} players"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = {
        "games": str(n),
        f"{ours}'s score against OpenSpiel's, by who finished ahead": f"{score / n:.1%}",
        "95% interval": f"{low:.1%}–{high:.1%}",
        f"{ours}'s score, by the share of the win (the ladder's)": f"{shares / n:.1%}",
        "95% interval ": f"{share_low:.1%}–{share_high:.1%}",
        f"{ours}'s share of the wins": f"{our_wins / n:.1%}",
        "OpenSpiel's share of the wins": f"{their_wins / n:.1%}",
        "decisions a game": f"{sum(r.decisions for r in results) / n:.0f}",
        f"{ours}: s a decision with a choice": _per_decision(
            sum(r.our_seconds for r in results), sum(r.our_choices for r in results)
        ),
        "OpenSpiel: s a decision with a choice": _per_decision(
            sum(r.their_seconds for r in results), sum(r.their_choices for r in results)
        ),
    }
    for measure, value in rows.items():
        table.add_row(measure, value)
    return table


def share_of_the_two(result: Result) -> float:
    """Ours' part of the win the two bots share, ½ when neither won: the ladder's
    score of a game (``tournament.match_scores``)."""
    both = result.ours + result.theirs
    return result.ours / both if both else 0.5


def _per_decision(seconds: float, decisions: int) -> str:
    return f"{seconds / decisions:.3f}" if decisions else "–"


if __name__ == "__main__":
    main()
