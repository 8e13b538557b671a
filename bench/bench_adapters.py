"""Steps per second through the research adapters, next to the raw engine, on one core.

    .venv/bin/python bench/bench_adapters.py [--seconds 6] [--rounds 3]

For every registered game (at its fewest players) the same uniform random player
steps through:

- raw: ``legal_actions()`` + ``apply()`` on the Quarterdeck state;
- OpenSpiel: ``legal_actions()`` + the observation + ``apply_action()``, the
  observation three ways: ``state.observation_tensor()`` (a list, as OpenSpiel's
  rl_environment asks for it), OpenSpiel's observation API (``make_observation``,
  a NumPy array written in place), and none at all (the adapter's own cost);
- PettingZoo: ``last()`` (observation and action mask) + ``step()``, and again with
  a constant observation (its own bookkeeping and the mask only);
- Gymnasium: ``step()`` with the action mask of ``info``; the other seats are
  random bots, so its figure is decisions (the agent's and the bots') per second.

The last column is each adapter's cost per step as a multiple of raw (the target is
at most 2×). A second table runs OpenSpiel's own ``python_tic_tac_toe`` through the
same OpenSpiel loop: what any Python game pays for OpenSpiel's C++/Python crossings,
whatever its rules cost.

``--strings``: instead, the information-state and observation strings, µs per call
after a state's step (the state and the seat to decide change between calls, as in a
search), at several depths of one random game of each game; the readable JSON the
digest names beside it. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import games as _openspiel_python_games  # noqa: F401 (registers them)
from open_spiel.python.observation import make_observation
from rich.console import Console
from rich.table import Table

from quarterdeck.engine import Rng, game_names, get_game
from quarterdeck.interop import openspiel as qos
from quarterdeck.interop.gymnasium import QuarterdeckGymEnv
from quarterdeck.interop.pettingzoo import raw_env

Loop = Callable[[int], int]  # plays one game from a seed; returns its decisions


def raw(name: str, players: int) -> Loop:
    game = get_game(name)
    rng = Rng.from_seed(0)

    def play(seed: int) -> int:
        state = game.new_state(players, seed)
        n = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        return n

    return play


def openspiel(name: str, players: int, observe: str = "list") -> Loop:
    """``observe``: "list" (``state.observation_tensor``, as OpenSpiel's
    rl_environment asks), "numpy" (OpenSpiel's observation API, ``make_observation``)
    or "none"."""
    game = qos.load(name, players=players)
    return _openspiel_loop(game, observe, deal=True)


def _openspiel_loop(game: Any, observe: str, deal: bool) -> Loop:
    rng = Rng.from_seed(0)
    observation = make_observation(game)

    def play(seed: int) -> int:
        state = game.new_initial_state()
        if deal:
            for part in qos.deal_parts(seed):
                state.apply_action(part)
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            if observe == "list":
                state.observation_tensor(state.current_player())
            elif observe == "numpy":
                observation.set_from(state, state.current_player())
            state.apply_action(rng.choice(legal))
            n += 1
        return n

    return play


def tic_tac_toe(observe: str) -> Loop:
    """OpenSpiel's own Python tic-tac-toe: what any Python game pays inside OpenSpiel."""
    return _openspiel_loop(pyspiel.load_game("python_tic_tac_toe"), observe, deal=False)


def pettingzoo(name: str, players: int, observe: bool = True) -> Loop:
    """``observe=False``: the observation tensor is a constant array (the action mask
    is real), to show what PettingZoo's own bookkeeping costs."""
    env = raw_env(name, players=players)
    if not observe:
        env.reset(seed=0)
        blank = env.observe(env.possible_agents[0])["observation"]
        env.observe = lambda agent: {  # type: ignore[method-assign]
            "observation": blank,
            "action_mask": env._observer.action_mask(env.position, env._seat[agent]),
        }
    rng = Rng.from_seed(0)

    def play(seed: int) -> int:
        env.reset(seed=seed)
        n = 0
        for _ in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            n += 1
        return n

    return play


def gymnasium(name: str, players: int) -> Loop:
    env = QuarterdeckGymEnv(name, players=players, opponents="random")
    rng = Rng.from_seed(0)

    def play(seed: int) -> int:
        _, info = env.reset(seed=seed)
        while True:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, _, info = env.step(np.int64(action))
            if terminated:
                return len(env.position.history)

    return play


def measure(loop: Loop, seconds: float) -> tuple[int, float]:
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += loop(games)
        games += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per row, all rounds")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per row (the best counts)")
    parser.add_argument("--strings", action="store_true", help="time the OpenSpiel strings")
    args = parser.parse_args()
    if args.strings:
        Console().print(strings_table())
        return
    table = Table(title="Random play through the adapters, one core")
    for column in ("game", "players", "loop", "steps/s", "µs/step", "× raw"):
        table.add_column(column, justify="left" if column in ("game", "loop") else "right")
    loops: dict[str, Callable[[str, int], Loop]] = {
        "raw": raw,
        "OpenSpiel (list)": openspiel,
        "OpenSpiel (NumPy)": partial(openspiel, observe="numpy"),
        "OpenSpiel (no obs.)": partial(openspiel, observe="none"),
        "PettingZoo": pettingzoo,
        "PettingZoo (no obs.)": partial(pettingzoo, observe=False),
        "Gymnasium": gymnasium,
    }
    for name in game_names():
        players = get_game(name).min_players
        made = {label: make(name, players) for label, make in loops.items()}
        best = fastest(made, args.seconds, args.rounds)
        base = best["raw"]
        for label, per_step in best.items():
            table.add_row(
                name,
                str(players),
                label,
                f"{1 / per_step:,.0f}",
                f"{per_step * 1e6:.1f}",
                f"{per_step / base:.2f}",
            )
    Console().print(table)
    floor = Table(title="OpenSpiel's own python_tic_tac_toe through the same loop, for scale")
    for column in ("loop", "steps/s", "µs/step"):
        floor.add_column(column, justify="left" if column == "loop" else "right")
    tic = {f"observation: {o}": tic_tac_toe(o) for o in ("list", "numpy", "none")}
    for label, per_step in fastest(tic, args.seconds, args.rounds).items():
        floor.add_row(label, f"{1 / per_step:,.0f}", f"{per_step * 1e6:.1f}")
    Console().print(floor)


#: Depths (decisions after the deal) at which the strings are timed.
DEPTHS = (10, 100, 400, 800)


def strings_table(calls: int = 300, seed: int = 3) -> Table:
    """µs per call of each string at each depth: the median of ``calls`` calls, each
    on a fresh copy one random step past the position (a search's pattern: the digest
    extends its copy's by the new events), for the seat to decide."""
    table = Table(title="OpenSpiel strings, µs a call (median) after one step, one core")
    for column in ("game", "depth", "events", "information state", "observation", "readable"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in game_names():
        game = qos.load(name)
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        for part in qos.deal_parts(seed):
            state.apply_action(part)
        for depth in DEPTHS:
            while len(state.history()) - qos.DEAL_PARTS < depth and not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
            if state.is_terminal():
                break
            for seat in range(game.num_players()):  # the digests so far
                state.information_state_string(seat)
            times: dict[str, list[float]] = {"info": [], "obs": [], "readable": []}
            for _ in range(calls):
                step = state.clone()
                step.apply_action(int(rng.choice(step.legal_actions())))
                seat = max(step.current_player(), 0)
                for key, call in (
                    ("info", step.information_state_string),
                    ("obs", step.observation_string),
                    ("readable", partial(qos.readable_information_state, step.state)),
                ):
                    started = time.perf_counter()
                    call(seat)
                    times[key].append(time.perf_counter() - started)
            median = {k: sorted(v)[len(v) // 2] * 1e6 for k, v in times.items()}
            table.add_row(
                name,
                str(depth),
                str(len(state.state.events)),
                f"{median['info']:.1f}",
                f"{median['obs']:.1f}",
                f"{median['readable']:.0f}",
            )
    return table


def fastest(loops: dict[str, Loop], seconds: float, rounds: int) -> dict[str, float]:
    """Each loop's best time per step over ``rounds`` rounds that take turns, each
    ``seconds / rounds`` long: on a shared or throttled machine a single timing
    wanders by a third, and taking turns spreads the disturbance over every loop."""
    best = dict.fromkeys(loops, float("inf"))
    for _ in range(rounds):
        for label, loop in loops.items():
            decisions, elapsed = measure(loop, seconds / rounds)
            best[label] = min(best[label], elapsed / max(decisions, 1))
    return best


if __name__ == "__main__":
    main()
