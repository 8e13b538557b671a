"""The import order of Quarterdeck's packages, read from the source with ``ast``.

Every ``.py`` file under ``src/quarterdeck`` is parsed (nothing is imported), and each
``import`` and ``from ... import`` is resolved to the Quarterdeck module it names. The
rules (docs/architecture.md; the team's STYLE.md, sections 1 and 8):

* **No import circle inside a package.** Module-level imports count, those under
  ``if TYPE_CHECKING:`` too (a circle there still ties the modules' types together,
  and it becomes a real one the day a name is needed at run time). Imports inside a
  function are left out: they run when the function is called, long after every
  module has been loaded, so they cannot make a half-initialised module, and they
  are how heavy or optional things (Rich, matplotlib, a game's bots) are loaded only
  when needed. Each package is checked on its own: its modules and its sub-packages
  (a sub-package as one node), so a circle is named by the smallest package that
  holds it.
* **The engine imports nothing of Quarterdeck outside the engine** (at any level).
* **A game imports only the engine and itself** (at any level): never another game,
  the arena, the bots of ``ai/``, the adapters of ``interop/``, the server or the CLI.
* **In a game package, the satellites never import ``state.py`` or ``game.py``**, not
  even under ``TYPE_CHECKING`` or inside a function: every module but ``state``,
  ``game``, ``decisions`` and ``__init__``; importing the package itself counts when
  its ``__init__`` imports either of them.

Each offence is named: the module, the line and what it imports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "quarterdeck"
#: The modules of a game that may import its state and its Game class.
CONTRACT = ("state", "game", "decisions", "__init__")


@dataclass(frozen=True)
class Import:
    """One import in ``module``: the module of the tree it names, where, and how."""

    module: str  # the importing module, e.g. quarterdeck.games.broadsides.view
    target: str  # the module imported, e.g. quarterdeck.games.broadsides.state
    path: str  # the importing file, for messages
    line: int
    in_function: bool  # inside a def or lambda (a lazy import)
    type_checking: bool  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        where = " (inside a function)" if self.in_function else ""
        where = " (under TYPE_CHECKING)" if self.type_checking else where
        return f"{self.path}:{self.line} imports {self.target}{where}"


class Tree:
    """The modules of the package ``root`` under the folder ``src``, and their imports
    of one another (read, never imported)."""

    def __init__(self, src: Path, root: str = ROOT) -> None:
        self.src = src
        self.root = root
        self.modules: dict[str, Path] = {}
        for path in sorted((src / root).rglob("*.py")):
            parts = path.relative_to(src).with_suffix("").parts
            self.modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
        self.packages = sorted(m for m, path in self.modules.items() if path.name == "__init__.py")
        self.games = sorted(
            p for p in self.packages if p.count(".") == 2 and p.startswith(f"{root}.games.")
        )
        self.imports = {module: self._read(module) for module in self.modules}

    def is_package(self, module: str) -> bool:
        return self.modules[module].name == "__init__.py"

    def resolve(self, name: str) -> str | None:
        """The module of the tree ``name`` loads (the longest prefix that is one)."""
        parts = name.split(".")
        while parts:
            if ".".join(parts) in self.modules:
                return ".".join(parts)
            parts.pop()
        return None

    def _read(self, module: str) -> list[Import]:
        path = self.modules[module]
        reader = _Reader(self, module, str(path.relative_to(self.src.parent)))
        reader.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        return reader.found


class _Reader(ast.NodeVisitor):
    def __init__(self, tree: Tree, module: str, path: str) -> None:
        self.tree = tree
        self.module = module
        self.path = path
        self.found: list[Import] = []
        self.function_depth = 0
        self.type_checking = 0

    def _base(self, level: int) -> str:
        """The package a relative import of ``level`` dots starts from."""
        parts = self.module.split(".")
        if not self.tree.is_package(self.module):
            parts = parts[:-1]
        return ".".join(parts[: len(parts) - (level - 1)])

    def _add(self, target: str | None, node: ast.stmt) -> None:
        if target is not None and target != self.module:
            self.found.append(
                Import(
                    self.module,
                    target,
                    self.path,
                    node.lineno,
                    self.function_depth > 0,
                    self.type_checking > 0,
                )
            )

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == self.tree.root:
                self._add(self.tree.resolve(alias.name), node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self._base(node.level)
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        if source.split(".")[0] != self.tree.root:
            return
        for alias in node.names:
            # ``from package import module`` loads the module; ``from module import name``
            # loads the module that defines the name.
            submodule = f"{source}.{alias.name}"
            self._add(
                submodule if submodule in self.tree.modules else self.tree.resolve(source), node
            )

    def _function(self, node: ast.AST) -> None:
        self.function_depth += 1
        self.generic_visit(node)
        self.function_depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        guarded = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )
        if not guarded:
            self.generic_visit(node)
            return
        self.type_checking += 1
        for child in node.body:
            self.visit(child)
        self.type_checking -= 1
        for child in node.orelse:
            self.visit(child)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _node(module: str, package: str) -> str | None:
    """``module`` as a node of ``package``'s graph: the package's own ``__init__``, a
    module of the package, or the sub-package that holds it (``None``: outside)."""
    if module == package:
        return "__init__"
    if not module.startswith(package + "."):
        return None
    return module[len(package) + 1 :].split(".")[0]


def circles(tree: Tree, package: str) -> list[tuple[list[str], list[Import]]]:
    """The import circles among ``package``'s modules and sub-packages (module-level
    imports only), each as its nodes and the imports between them."""
    edges: dict[str, dict[str, Import]] = {}
    for module, found in tree.imports.items():
        source = _node(module, package)
        if source is None:
            continue
        edges.setdefault(source, {})
        for imp in found:
            target = _node(imp.target, package)
            if target is not None and target != source and not imp.in_function:
                edges[source].setdefault(target, imp)
                edges.setdefault(target, {})
    return [
        (
            sorted(component),
            [imp for a in sorted(component) for b, imp in edges[a].items() if b in component],
        )
        for component in _strongly_connected(edges)
        if len(component) > 1
    ]


def _strongly_connected(edges: dict[str, dict[str, Import]]) -> Iterator[set[str]]:
    """Tarjan's strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> Iterator[set[str]]:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                yield from visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            yield component

    for node in sorted(edges):
        if node not in index:
            yield from visit(node)


def _fail(title: str, offences: list[str]) -> None:
    if offences:
        pytest.fail(f"{title}:\n  " + "\n  ".join(offences), pytrace=False)


TREE = Tree(SRC)


# -- the rules ---------------------------------------------------------------------------------


def circle_offences(tree: Tree, package: str) -> list[str]:
    return [
        f"circle of {len(nodes)} in {package}: {', '.join(nodes)}\n    "
        + "\n    ".join(map(str, between))
        for nodes, between in circles(tree, package)
    ]


def engine_offences(tree: Tree) -> list[str]:
    engine = f"{tree.root}.engine"
    return [
        str(imp)
        for module, found in tree.imports.items()
        if _within(module, engine)
        for imp in found
        if not _within(imp.target, engine)
    ]


def game_offences(tree: Tree, game: str) -> list[str]:
    engine = f"{tree.root}.engine"
    return [
        f"{imp}: a game imports only the engine"
        for module, found in tree.imports.items()
        if _within(module, game)
        for imp in found
        if not (_within(imp.target, engine) or _within(imp.target, game))
    ]


def satellite_offences(tree: Tree, game: str) -> list[str]:
    contract = {f"{game}.{name}" for name in ("state", "game")}
    if {imp.target for imp in tree.imports[game]} & contract:
        contract.add(game)  # the package's __init__ loads the Game class
    return [
        f"{imp}: {module.rsplit('.', 1)[-1]}.py is a satellite (type it by the table or a Protocol)"
        for module, found in tree.imports.items()
        if _within(module, game) and module != game and module.rsplit(".", 1)[-1] not in CONTRACT
        for imp in found
        if imp.target in contract
    ]


# -- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("package", TREE.packages)
def test_no_import_circle_inside_a_package(package: str) -> None:
    _fail(f"import circles in {package} (module-level imports)", circle_offences(TREE, package))


def test_the_engine_imports_nothing_else_of_quarterdeck() -> None:
    _fail("the engine imports Quarterdeck outside the engine", engine_offences(TREE))


@pytest.mark.parametrize("game", TREE.games)
def test_a_game_imports_only_the_engine_and_itself(game: str) -> None:
    _fail(f"{game} imports outside itself and the engine", game_offences(TREE, game))


@pytest.mark.parametrize("game", TREE.games)
def test_satellites_never_import_state_or_game(game: str) -> None:
    _fail(f"satellites of {game} import its state.py or game.py", satellite_offences(TREE, game))


# -- the checks themselves, on a small made-up tree ---------------------------------------------

MADE_UP = {
    "engine/__init__.py": "from .core import Game\n",
    "engine/core.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from qd.tools import x\n",
    "tools/__init__.py": "",
    "tools/a.py": "import qd.tools.b\n",
    "tools/b.py": "from . import a\n",
    "tools/c.py": "def f():\n    from .d import y\n",
    "tools/d.py": "from .c import f\n",
    "games/__init__.py": "",
    "games/duel/__init__.py": "from .game import Duel\n",
    "games/duel/game.py": "from qd.engine import Game\nfrom .state import S\nfrom .view import v\n",
    "games/duel/state.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Duel\n",
    "games/duel/view.py": "def v():\n    from qd.games.duel import Duel\n    from ...tools import a\n",
    "games/duel/table.py": "from ..other.rules import r\n",
    "games/other/__init__.py": "",
    "games/other/rules.py": "",
}


@pytest.fixture(scope="module")
def made_up(tmp_path_factory: pytest.TempPathFactory) -> Tree:
    src = tmp_path_factory.mktemp("src")
    (src / "qd").mkdir()
    (src / "qd" / "__init__.py").write_text("")
    for name, text in MADE_UP.items():
        path = src / "qd" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return Tree(src, "qd")


def test_the_reader_resolves_every_kind_of_import(made_up: Tree) -> None:
    def seen(module: str) -> set[tuple[str, bool, bool]]:
        return {(i.target, i.in_function, i.type_checking) for i in made_up.imports[module]}

    assert seen("qd.tools.a") == {("qd.tools.b", False, False)}  # import a.b.c
    assert seen("qd.tools.b") == {("qd.tools.a", False, False)}  # from . import module
    assert seen("qd.engine.core") == {("qd.tools", False, True)}  # from package import name
    assert seen("qd.games.duel.view") == {
        ("qd.games.duel", True, False),
        ("qd.tools.a", True, False),  # three dots: from the package's grandparent
    }
    assert made_up.games == ["qd.games.duel", "qd.games.other"]


def test_each_rule_names_its_offences(made_up: Tree) -> None:
    (circle,) = circle_offences(made_up, "qd.tools")  # c and d: c's import is lazy
    assert circle.startswith("circle of 2 in qd.tools: a, b")
    assert "tools/a.py:1 imports qd.tools.b" in circle
    assert "tools/b.py:1 imports qd.tools.a" in circle
    (circle,) = circle_offences(made_up, "qd.games.duel")
    assert circle.startswith("circle of 2 in qd.games.duel: game, state")
    assert "state.py:3 imports qd.games.duel.game (under TYPE_CHECKING)" in circle
    assert circle_offences(made_up, "qd") == []  # the engine's import of tools is checked below
    (engine,) = engine_offences(made_up)
    assert "engine/core.py:3 imports qd.tools (under TYPE_CHECKING)" in engine
    games = game_offences(made_up, "qd.games.duel")
    assert len(games) == 2
    assert "view.py:3 imports qd.tools.a (inside a function)" in games[0] + games[1]
    assert "table.py:1 imports qd.games.other.rules" in games[0] + games[1]
    (satellite,) = satellite_offences(made_up, "qd.games.duel")
    assert (
        "view.py:2 imports qd.games.duel (inside a function): view.py is a satellite" in satellite
    )
