"""Random playouts for the contract tests: every registered game gets them."""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from quarterdeck.engine import Game, Rng, State, game_names, get_game

GAMES = game_names()


def source_tree(module: ModuleType) -> ast.Module:
    """A module's source, parsed: the ``.py`` beside it in either build (a compiled
    module keeps no docstrings or annotations, but its source ships with it)."""
    path = Path(module.__file__ or "")
    source = path.with_name(module.__name__.rsplit(".", 1)[-1] + ".py")
    return ast.parse(source.read_text(encoding="utf-8"))


def declared_fields(cls: type) -> list[str]:
    """The fields a class body declares (read from the source: a compiled class keeps
    no annotations)."""
    tree = source_tree(sys.modules[cls.__module__])
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    return [
        n.target.id
        for n in body.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]


def docstring(module: ModuleType) -> str:
    """A module's docstring, in either build."""
    return ast.get_docstring(source_tree(module)) or ""


def game_and_players(name: str, pick: int) -> tuple[Game, int]:
    game = get_game(name)
    span = game.max_players - game.min_players + 1
    return game, game.min_players + pick % span


def playout(game: Game, players: int, seed: int, choice_seed: int) -> Iterator[State]:
    """Every state of a random game, from the start to the end (the same object,
    changed in place: clone what you keep)."""
    state = game.new_state(players, seed)
    chooser = Rng.from_seed(choice_seed)
    limit = game.max_game_length(players)
    yield state
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        assert legal, f"dead end: no legal action in a live state ({state.pending()})"
        state.apply(chooser.choice(legal))
        yield state
    raise AssertionError(f"{game.name} did not end within {limit} decisions")


def checkpoints(game: Game, players: int, seed: int, choice_seed: int, n: int = 40) -> list[State]:
    """About ``n`` states spread evenly over a random game (the first and the last
    included): the expensive checks look at these rather than at every state."""
    # Played twice rather than cloning every state: a clone costs several decisions.
    length = sum(1 for _ in playout(game, players, seed, choice_seed))
    if length <= n:
        wanted = set(range(length))
    else:
        step = (length - 1) / (n - 1)
        wanted = {round(i * step) for i in range(n)}
    return [
        state.clone()
        for i, state in enumerate(playout(game, players, seed, choice_seed))
        if i in wanted
    ]


def roundtrip(game: Game, state: State) -> State:
    return game.from_json(json.loads(json.dumps(state.to_json())))
