"""The package's shape: imports point one way, and the position's fields are listed
once (``__slots__``, ``clone`` and the JSON all come from that list)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import quarterdeck
from quarterdeck.games.letter_of_marque import LetterOfMarque, LetterOfMarqueState
from quarterdeck.games.letter_of_marque.table import CODECS, Position

from ...contract.helpers import checkpoints, declared_fields

PACKAGE = Path(__file__).parents[3] / "src" / "quarterdeck" / "games" / "letter_of_marque"
NAME = "quarterdeck.games.letter_of_marque"

#: Every module, in import order: each may import only modules before it.
ORDER = [
    # leaf: the engine only
    "components",
    "phases",
    "actions",
    # the position
    "table",
    # rules
    "scoring",
    "turn",
    # satellites
    "view",
    "tensor",
    "render",
    "belief",
    "bot",
    # the contract
    "decisions",
    "state",
    "game",
    "__init__",
]
LEAVES = {"components", "phases", "actions"}
RULES_AND_SATELLITES = {"scoring", "turn", "view", "tensor", "render", "belief", "bot"}


def imported(module: str) -> set[str]:
    """The package's modules that ``module`` imports, wherever the import statement
    stands (inside ``if TYPE_CHECKING:`` or a function too)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:  # from . import x / from .x import y
                base = node.module
            elif node.level == 0 and node.module and node.module.startswith(NAME):
                base = node.module[len(NAME) + 1 :] or None
            else:
                continue
            if base:
                found.add(base.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(
                alias.name[len(NAME) + 1 :].split(".")[0]
                for alias in node.names
                if alias.name.startswith(NAME + ".")
            )
    return found - {"data"}


def test_every_module_has_its_place_in_the_order() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    assert modules == set(ORDER)


def test_imports_point_one_way() -> None:
    for place, module in enumerate(ORDER):
        later = imported(module) - set(ORDER[:place])
        assert not later, f"{module}.py imports {sorted(later)}, which come after it"


def test_leaves_import_only_leaves_and_the_engine() -> None:
    for module in LEAVES:
        assert imported(module) <= LEAVES, module


def test_rules_and_satellites_never_import_decisions_state_or_game() -> None:
    for module in RULES_AND_SATELLITES:
        assert not imported(module) & {"decisions", "state", "game"}, module


def test_slots_clone_and_json_come_from_one_field_list(game: LetterOfMarque) -> None:
    names = list(CODECS)
    assert declared_fields(Position) == names
    if quarterdeck.build() == "pure":  # compiled classes have no instance dictionary
        assert Position.__slots__ == tuple(names) and LetterOfMarqueState.__slots__ == ()
    for state in checkpoints(game, 4, 2, 3, 12):
        assert isinstance(state, LetterOfMarqueState)
        assert not hasattr(state, "__dict__")  # nothing set outside the field list
        data = state.to_json()
        assert list(data["state"]) == names
        copy = state.clone()
        assert copy.to_json() == data
        for name in names:
            value = getattr(state, name)
            if isinstance(value, list):
                assert getattr(copy, name) is not value  # a copy, not a shared list
        again = game.from_json(json.loads(json.dumps(data)))
        assert isinstance(again, LetterOfMarqueState)
        assert again.to_json() == data and again.legal_actions() == state.legal_actions()
