"""The share of OpenSpiel's IS-MCTS time spent naming information states.

    .venv/bin/python bench/bench_openspiel_infostate_share.py [--simulations 200]
        [--positions 3] [--judges auto,rollout] [--default]

OpenSpiel's Python ``ISMCTSBot`` (as ``bench_openspiel_ismcts.py`` sets it up, with
our ``resample``) searches a few mid-game positions of BroadSides, BroadSides with the
Sea Dog module and Letter of Marque; every call of ``State.information_digest`` (what
``information_state_string`` returns, the key of its tree's nodes) is timed, and its
share of the search's wall time printed, once for each leaf judgement of
``--judges``:

* ``rollout``: OpenSpiel's own ``RandomRolloutEvaluator`` (one random game to its
  end), what a researcher gets without choosing, and the setting of issue 26's
  finding (36% on BroadSides, when the string was the whole view and log as JSON);
* ``auto``: the game's own evaluation where it has one (BroadSides: a leaf is judged
  at once, so a simulation is fifty to eighty times cheaper and the strings weigh the
  most), random rollouts elsewhere (Letter of Marque).
``--default``: the "before": the engine's default ``seat_information`` (the whole
view) and no string kept by the adapter between calls. A loaded machine slows both alike. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, cast

import numpy as np
from open_spiel.python.algorithms import ismcts

from bench_openspiel_ismcts import judge
from quarterdeck.engine import Game, State
from quarterdeck.interop import openspiel as qos

#: (label, game, options, players, decisions played before searching)
SETTINGS: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("BroadSides", "broadsides", {}, 2, 120),
    ("BroadSides sea_dog", "broadsides", {"sea_dog": True}, 2, 120),
    ("Letter of Marque 3", "letter-of-marque", {"players": 3}, 3, 12),
]

_spent = [0.0, 0.0]  # seconds in information_digest, calls


def _timed(digest: Any) -> Any:
    def information_digest(self: State, seat: int | None) -> str:
        started = time.perf_counter()
        try:
            return digest(self, seat)  # type: ignore[no-any-return]
        finally:
            _spent[0] += time.perf_counter() - started
            _spent[1] += 1

    return information_digest


def share(
    name: str, options: dict[str, Any], depth: int, judgement: str, args: argparse.Namespace
) -> tuple[float, float, float]:
    """The share of the searches' time in ``information_digest``, the calls per
    simulation and the µs per call."""
    game = qos.load(name, **options)
    rng = np.random.RandomState(args.seed)
    state = game.new_initial_state()
    for part in qos.deal_parts(args.seed):
        state.apply_action(part)
    searched = spent = calls = 0.0
    searches = 0
    for _ in range(args.positions):
        for _ in range(depth):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():
            break
        bot = ismcts.ISMCTSBot(
            game,
            judge(judgement, game.qd_game, args.seed, rng),
            uct_c=2.0,
            max_simulations=args.simulations,
            random_state=rng,
        )
        bot.set_resampler(lambda world, seat: world.resample_from_infostate(seat, rng.uniform))
        _spent[0] = _spent[1] = 0.0
        started = time.perf_counter()
        bot.step(state)
        searched += time.perf_counter() - started
        spent += _spent[0]
        calls += _spent[1]
        searches += 1
        depth = max(depth // 4, 4)  # the next position a little further on
    return spent / searched, calls / (searches * args.simulations), spent / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--judges", default="auto,rollout")
    parser.add_argument("--default", action="store_true")
    args = parser.parse_args()
    if args.default:  # the "before": every game's seat_information is the whole view,
        # and the adapter works out every string asked for anew
        qos._Held.information_digest = lambda self, seat: cast(  # type: ignore[method-assign]
            "State[Game]", self.state
        ).information_digest(seat)
        for _, name, *_ in SETTINGS:
            type(qos.load(name).qd_game).seat_information = Game.seat_information  # type: ignore[method-assign]
    State.information_digest = _timed(State.information_digest)  # type: ignore[method-assign]
    for judgement in args.judges.split(","):
        for label, name, options, _, depth in SETTINGS:
            part, per_simulation, each = share(name, options, depth, judgement, args)
            print(
                f"{label:<20} {judgement:<8} {part:6.1%} of IS-MCTS time, "
                f"{per_simulation:.1f} digests a simulation, {each:.1f} µs each"
            )


if __name__ == "__main__":
    main()
