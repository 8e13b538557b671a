"""The package's shape: one decision table that covers every decision, one field
list for the position, and imports that point one way."""

from __future__ import annotations

import ast
from pathlib import Path

import quarterdeck
from quarterdeck.engine import Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState
from quarterdeck.games.broadsides.bot import CHOOSERS
from quarterdeck.games.broadsides.decisions import DECISIONS, STEPS
from quarterdeck.games.broadsides.phases import (
    ACTION_DONE,
    AFTER_FIRE,
    OVER,
    PHASES,
    PICKS,
    SEA_PHASES,
    THEN_DOUBLE,
)
from quarterdeck.games.broadsides.table import FIELDS, Position
from quarterdeck.games.broadsides.tensor import PHASES as TENSOR_PHASES

from ...contract.helpers import declared_fields

PACKAGE = Path(__file__).parents[3] / "src/quarterdeck/games/broadsides"
LEAVES = {"components", "phases", "actions", "sea_dog_cards"}
RULES = {
    "ship",
    "decks",
    "setup",
    "sets",
    "losses",
    "sea_dog",
    "stage3",
    "firing",
    "stage1",
    "turn",
}
SATELLITES = {
    "view",
    "information",
    "tensor",
    "render",
    "bot",
    "scenario",
    "evaluation",
    "experiments",
}


def test_the_decision_table_covers_every_phase_once() -> None:
    phases = [phase for phase, _ in PHASES]
    assert len(set(phases)) == len(phases)
    sea = [phase for phase, _ in SEA_PHASES]
    assert set(DECISIONS) == (set(phases) | set(sea)) - {OVER}
    for phase, decision in DECISIONS.items():
        assert decision.phase == phase
        # the Sea Dog module's decisions have their own tensor field (sea_phase)
        assert (SEA_PHASES if phase in sea else TENSOR_PHASES)[decision.tensor][0] == phase
        assert decision.rules and decision.who


def test_public_decisions_are_those_whose_options_tell_nothing_secret() -> None:
    public = {phase for phase, decision in DECISIONS.items() if decision.public}
    base = {"load", "spend-shots", "effective", "fire-shot", "tasks"}
    # the Sea Dog module's follow-up choices over public facts (the ship, the Targets,
    # the bag, a played trick); Spy Aboard and Old Salt show cards, so they are asked
    sea = {
        "close-quarters",
        "deadeye",
        "crows-nest",
        "boarding-nets",
        "trick-markers",
        "magazine",
        "quartermaster",
        "slippery",
        "thunder",
    }
    assert public == base | sea


def test_every_action_kind_is_carried_out_by_some_decision(game: BroadSides) -> None:
    ruled = {kind for decision in DECISIONS.values() for kind in decision.rules}
    kinds = {action.kind for action in game.action_space.actions}
    module = get_game("broadsides", {"sea_dog": True}).action_space.actions
    assert kinds < ruled  # the base game's, and the Sea Dog module's besides
    assert {action.kind for action in module} == ruled


def test_every_legal_action_has_a_rule_in_its_decision(game: BroadSides) -> None:
    for seed in range(3):
        state = game.new_state(2, seed)
        chooser = Rng.from_seed(seed)
        while not state.is_terminal():
            assert isinstance(state, BroadSidesState)
            rules = DECISIONS[state.phase].rules
            legal = state.legal_actions()
            assert all(action.kind in rules for action in legal)
            state.apply(chooser.choice(legal))


def test_the_heuristic_captain_chooses_in_every_decision() -> None:
    assert set(CHOOSERS) == set(DECISIONS)


def test_every_finished_set_and_every_resumption_has_its_rule() -> None:
    played = {kind for kind, _ in PICKS} - {"aim-card", "hand-limit"}  # placed, discarded
    assert played | {ACTION_DONE, THEN_DOUBLE, AFTER_FIRE} <= set(STEPS)


def test_the_position_is_made_from_one_field_list(game: BroadSides) -> None:
    names = list(FIELDS)
    assert declared_fields(Position) == names
    if quarterdeck.build() == "pure":  # compiled classes have no instance dictionary
        assert Position.__slots__ == tuple(names) and BroadSidesState.__slots__ == ()
    state = game.new_state(2, 3)
    assert isinstance(state, BroadSidesState)
    for _ in range(60):
        state.apply(state.legal_actions()[-1])
    copy = state.clone()
    assert copy.to_json() == state.to_json() and type(copy) is type(state)

    def shared(a: object, b: object) -> bool:  # a mutable part the two both hold
        if isinstance(a, dict) and isinstance(b, dict):
            return a is b or any(shared(a[k], b[k]) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return a is b or any(shared(x, y) for x, y in zip(a, b, strict=True))
        return False

    assert not [name for name in names if shared(getattr(state, name), getattr(copy, name))]
    again = game.from_json(state.to_json())
    assert isinstance(again, BroadSidesState) and again.disasters == state.disasters


def _imports(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return out - {"data"}


def test_imports_point_one_way() -> None:
    """Leaves, then table.py, then the rules chapters and the satellites, then the
    decision table, state.py and game.py; never back, and no circle."""
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert LEAVES | RULES | SATELLITES | {"table", "decisions", "state", "game"} == modules
    for module in LEAVES:
        assert _imports(module) <= LEAVES, module
    assert _imports("table") <= LEAVES
    for module in RULES | SATELLITES:
        assert not _imports(module) & {"decisions", "state", "game"}, module
    assert not _imports("decisions") & {"state", "game"}
    assert "game" not in _imports("state")
    order: list[str] = []

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in order:  # already walked to its leaves: no circle below it
            return
        for other in sorted(_imports(module)):
            visit(other, (*path, module))
        order.append(module)

    for module in sorted(modules):
        visit(module, ())
