"""The package's imports point one way (STYLE.md §1): leaf, table, rules and
satellites, decisions, state, game; no circles."""

from __future__ import annotations

import ast
from pathlib import Path

import quarterdeck.games.merchants_marauders as package

ROOT = Path(package.__file__).parent
LEAF = {"components", "map", "phases"}
TOP = {"decisions", "state", "game", "__init__"}


def local_imports(name: str) -> set[str]:
    tree = ast.parse((ROOT / f"{name}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(alias.name for alias in node.names)
    return out


MODULES = {p.stem: local_imports(p.stem) for p in ROOT.glob("*.py")}


def test_leaf_modules_import_only_leaf_modules() -> None:
    for name in LEAF:
        assert MODULES[name] <= LEAF, name


def test_rules_and_satellites_never_import_decisions_state_or_game() -> None:
    for name, imports in MODULES.items():
        if name not in TOP:
            assert not imports & TOP, (name, imports & TOP)


def test_no_import_circles() -> None:
    seen: dict[str, int] = {}

    def visit(name: str, path: tuple[str, ...]) -> None:
        if seen.get(name) == 2:
            return
        assert seen.get(name) != 1, " -> ".join((*path, name))
        seen[name] = 1
        for other in MODULES.get(name, ()):
            if other in MODULES and not (name == "state" and other == "game"):  # typing only
                visit(other, (*path, name))
        seen[name] = 2

    for name in MODULES:
        visit(name, ())
