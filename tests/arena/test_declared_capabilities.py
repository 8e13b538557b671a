"""What a game offers is declared on ``Game`` or ``State``, never probed.

Every optional capability (search hints, ``evaluate``, ``seat_name``,
``experiments``, the observation writer, ``first_seat``, ``turns_played``) has a
default and a docstring in ``engine/game.py``, so ``ai/``, ``arena/`` and ``interop/``
call it directly, where grep and the type checker see every use. This test reads
their source with ``ast`` and names every ``getattr`` or ``hasattr`` left there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "quarterdeck"
TOOLS = ("ai", "arena", "interop")
#: Not a game's capability: the process pool's private attributes, read to tell a
#: worker that died from a slow one (``arena/backends.py``).
ALLOWED = {("arena/backends.py", "pool"), ("arena/backends.py", "answers")}


def _probes() -> list[str]:
    found: list[tuple[str, int, str]] = []
    for folder in TOOLS:
        for path in sorted((SRC / folder).rglob("*.py")):
            where = path.relative_to(SRC).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr")
                    and node.args
                ):
                    continue
                subject = ast.unparse(node.args[0])
                if (where, subject) not in ALLOWED:
                    found.append((where, node.lineno, ast.unparse(node)))
    return [f"src/quarterdeck/{where}:{line}: {call}" for where, line, call in sorted(found)]


def test_tools_never_probe_a_game_or_a_state_with_getattr() -> None:
    probes = _probes()
    if probes:
        pytest.fail(
            "declare the capability on Game or State (engine/game.py: a default and a "
            "docstring) and call it instead of probing:\n  " + "\n  ".join(probes),
            pytrace=False,
        )


def test_the_allowed_probes_are_still_there() -> None:
    """The allow-list names real code: drop an entry once its probe is gone."""
    source = (SRC / "arena" / "backends.py").read_text(encoding="utf-8")
    for _, subject in ALLOWED:
        assert f"getattr({subject}, " in source
