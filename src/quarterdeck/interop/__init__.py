"""Quarterdeck's games inside the research frameworks: OpenSpiel, PettingZoo and
Gymnasium.

Each adapter follows every game registered in the engine, through the contract only:
the fixed action space, ``legal_actions``/``apply``, ``resample``, ``to_json`` and the
observation tensor (``Game.observation_layout``, ``State.write_observation``). The
frameworks are optional extras; import an adapter only where its framework is
installed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from quarterdeck.engine import Game, State, TensorField, TensorLayout

JSON = Any


def env_name(game: Game | type[Game]) -> str:
    """A game's name in CamelCase for environment ids: ``BroadSides``,
    ``LetterOfMarque``."""
    words = re.findall(r"[A-Za-z0-9]+", game.title)
    return "".join(w if w[:1].isupper() else w.title() for w in words)


def utility(players: int) -> tuple[float, float, float]:
    """(minimum, maximum, sum) of the returns, by the engine's contract: ±1 and a
    zero sum for two players; winners share 1 otherwise."""
    return (-1.0, 1.0, 0.0) if players == 2 else (0.0, 1.0, 1.0)


def legal_ids(state: State) -> list[int]:
    """The current player's legal action ids, ascending (none once the game is over)."""
    return [] if state.is_terminal() else [a.id for a in state.legal_actions()]


def observation_docs() -> str:
    """``docs/observations.md``: every game's observation tensor, field by field
    (``scripts/write_observation_docs.py`` writes it; a test keeps it current)."""
    from quarterdeck.engine import game_names, get_game

    lines = [
        "# Observation tensors",
        "",
        "What a learning agent sees of a seat's position: a flat float32 vector made of",
        "the named fields below, laid end to end in this order (`offset` is where a field",
        "starts). Every number lies in [0, high]. It holds only what that seat may know:",
        "the contract tests check that every state `resample` can draw for the seat gives",
        "the same vector. The OpenSpiel observer also offers each field by name",
        "(`observer.dict`). Seats are told relative to the observer: the observer first.",
        "",
        "Generated from the games' own layouts by `scripts/write_observation_docs.py`.",
        "",
    ]
    for name in game_names():
        game = get_game(name)
        sizes = {
            p: game.observation_layout(p).size
            for p in range(game.min_players, game.max_players + 1)
        }
        counts = ", ".join(f"{p} players: {n}" for p, n in sizes.items())
        lines += [f"## {game.title} (`{name}`)", "", f"Size: {counts}.", ""]
        layout = game.observation_layout(game.max_players)
        if len(set(sizes.values())) > 1:
            lines += [f"The fields with {game.max_players} players:", ""]
        lines += _field_table(layout, layout.fields)
        for option, module in _modules(game):
            lines += _module_section(game, option, module)
    return "\n".join(lines)


def _field_table(layout: TensorLayout, fields: Iterable[TensorField]) -> list[str]:
    lines = ["| field | shape | offset | high | meaning |", "|---|---|---|---|---|"]
    for f in fields:
        shape = "×".join(map(str, f.shape))
        meaning = f.help.replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{f.name}` | {shape} | {layout.offset[f.name]} | {f.high:g} | {meaning} |")
    return [*lines, ""]


def _modules(game: Game) -> list[tuple[str, Game]]:
    """The game's modules: each option that is off by default and, switched on, gives
    the observation more fields (the game with it on)."""
    out = []
    base = game.observation_layout(game.max_players)
    for spec in game.all_option_specs():
        if spec.default is False:
            module = game.configured({spec.name: True})
            if module.observation_layout(module.max_players).size != base.size:
                out.append((spec.name, module))
    return out


def _module_section(game: Game, option: str, module: Game) -> list[str]:
    """A module's fields (those the base game has not) and the base fields whose
    meaning it widens."""
    players = game.max_players
    base, layout = game.observation_layout(players), module.observation_layout(players)
    before = {f.name: f for f in base.fields}
    added = [f for f in layout.fields if f.name not in before]
    widened = [f for f in layout.fields if f.name in before and f.help != before[f.name].help]
    kept = all(layout.offset[name] == base.offset[name] for name in before)
    lines = [
        f"### With the option `{option}` on",
        "",
        f"`-o {option}=true`; OpenSpiel's game parameter `{option}=True`, PettingZoo's "
        f"and Gymnasium's keyword `{option}=True`. Size with {players} players: "
        f"{layout.size} ({base.size} + {layout.size - base.size}). "
        + (
            "The fields above keep their offsets; these follow them:"
            if kept
            else "The fields above move; these join them:"
        ),
        "",
        *_field_table(layout, added),
    ]
    if widened:
        lines += ["Fields above whose meaning the module widens:", ""]
        lines += _field_table(layout, widened)
    return lines
