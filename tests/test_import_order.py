"""The import order of Quarterdeck's packages, read from the source with ``ast``.

Every ``.py`` file under ``src/quarterdeck`` is parsed (nothing is imported), and each
``import`` and ``from ... import`` is resolved to the Quarterdeck module it names. The
rules (docs/architecture.md; /work/shared/STYLE.md, sections 1 and 8):

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
    """One import in ``module``: the Quarterdeck module it names, where, and how."""

    module: str  # the importing module, e.g. quarterdeck.games.broadsides.view
    target: str  # the module imported, e.g. quarterdeck.games.broadsides.state
    line: int
    in_function: bool  # inside a def or lambda (a lazy import)
    type_checking: bool  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        where = " (inside a function)" if self.in_function else ""
        where = " (under TYPE_CHECKING)" if self.type_checking else where
        return f"{_path(self.module)}:{self.line} imports {self.target}{where}"


def _path(module: str) -> str:
    return str(_file(module).relative_to(SRC.parent))


def _file(module: str) -> Path:
    base = SRC.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _modules() -> dict[str, Path]:
    """Every module of Quarterdeck by dotted name (a package by its own name)."""
    out = {}
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()
PACKAGES = sorted(name for name, path in MODULES.items() if path.name == "__init__.py")
GAMES = sorted(p for p in PACKAGES if p.count(".") == 2 and p.startswith(f"{ROOT}.games."))


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _resolve(name: str) -> str | None:
    """The Quarterdeck module ``name`` loads (the longest prefix that is a module)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in MODULES:
            return ".".join(parts)
        parts.pop()
    return None


class _Reader(ast.NodeVisitor):
    def __init__(self, module: str) -> None:
        self.module = module
        self.found: list[Import] = []
        self.function_depth = 0
        self.type_checking = 0

    def _base(self, level: int) -> str:
        """The package a relative import of ``level`` dots starts from."""
        parts = self.module.split(".")
        if not _is_package(self.module):
            parts = parts[:-1]
        return ".".join(parts[: len(parts) - (level - 1)])

    def _add(self, target: str | None, node: ast.stmt) -> None:
        if target is not None and target != self.module:
            self.found.append(
                Import(
                    self.module,
                    target,
                    node.lineno,
                    self.function_depth > 0,
                    self.type_checking > 0,
                )
            )

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == ROOT:
                self._add(_resolve(alias.name), node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self._base(node.level)
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        if source.split(".")[0] != ROOT:
            return
        for alias in node.names:
            # ``from package import module`` loads the module; ``from module import name``
            # loads the module that defines the name.
            submodule = f"{source}.{alias.name}"
            self._add(submodule if submodule in MODULES else _resolve(source), node)

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


def _imports(module: str) -> list[Import]:
    reader = _Reader(module)
    reader.visit(ast.parse(MODULES[module].read_text(encoding="utf-8"), str(MODULES[module])))
    return reader.found


IMPORTS = {module: _imports(module) for module in MODULES}


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


def _circles(package: str) -> list[tuple[list[str], list[Import]]]:
    """The import circles among ``package``'s modules and sub-packages (module-level
    imports only), each as its nodes and the imports that close it."""
    edges: dict[str, dict[str, Import]] = {}
    for module, found in IMPORTS.items():
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
            [imp for a in component for b, imp in edges[a].items() if b in component],
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


# -- the tests ---------------------------------------------------------------------------------


def test_the_reader_sees_every_kind_of_import() -> None:
    """The reader itself: relative, absolute, TYPE_CHECKING and lazy imports."""
    found = {
        (i.target, i.in_function, i.type_checking) for i in IMPORTS[f"{ROOT}.arena.balance.run"]
    }
    assert (f"{ROOT}.arena.balance.design", False, False) in found
    assert (f"{ROOT}.arena.stats", False, False) in found
    assert (f"{ROOT}.engine", False, False) in found
    plots = {(i.target, i.type_checking) for i in IMPORTS[f"{ROOT}.arena.balance.plots"]}
    assert (f"{ROOT}.arena.balance.run", False) in plots
    cli = {(i.target, i.in_function) for i in IMPORTS[f"{ROOT}.cli"]}
    assert (f"{ROOT}.arena.balance", True) in cli  # imported where the command runs
    assert len(GAMES) >= 2 and f"{ROOT}.engine" in PACKAGES


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_a_package(package: str) -> None:
    offences = []
    for nodes, closing in _circles(package):
        offences.append(
            f"circle of {len(nodes)} in {package}: {', '.join(nodes)}\n    "
            + "\n    ".join(map(str, closing))
        )
    _fail(f"import circles in {package} (module-level imports)", offences)


def test_the_engine_imports_nothing_else_of_quarterdeck() -> None:
    engine = f"{ROOT}.engine"
    offences = [
        str(imp)
        for module, found in IMPORTS.items()
        if _within(module, engine)
        for imp in found
        if not _within(imp.target, engine)
    ]
    _fail("the engine imports Quarterdeck outside the engine", offences)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_engine_and_itself(game: str) -> None:
    offences = [
        f"{imp}: a game imports only the engine"
        for module, found in IMPORTS.items()
        if _within(module, game)
        for imp in found
        if not (_within(imp.target, f"{ROOT}.engine") or _within(imp.target, game))
    ]
    _fail(f"{game} imports outside itself and the engine", offences)


@pytest.mark.parametrize("game", GAMES)
def test_satellites_never_import_state_or_game(game: str) -> None:
    contract = {f"{game}.{name}" for name in ("state", "game")}
    init_imports = {imp.target for imp in IMPORTS[game]}
    if init_imports & contract:
        contract.add(game)  # the package's __init__ loads the Game class
    offences = [
        f"{imp}: {module.rsplit('.', 1)[-1]}.py is a satellite (type it by the table or a Protocol)"
        for module, found in IMPORTS.items()
        if _within(module, game) and module != game and module.rsplit(".", 1)[-1] not in CONTRACT
        for imp in found
        if imp.target in contract
    ]
    _fail(f"satellites of {game} import its state.py or game.py", offences)
