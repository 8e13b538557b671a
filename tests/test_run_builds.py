"""run.py keeps the compiled build a running process may still read from."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("quarterdeck_run", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_new_build_keeps_the_two_last_made_or_used_and_drops_older_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ladder or a server started on an earlier build keeps reading its data files
    while the next source's build is made: the build last run (touched when chosen,
    however old) and the last made stay; older ones go."""
    run = _run_module()
    monkeypatch.setattr(run, "COMPILED", tmp_path)
    for age, name in enumerate(["before", "older", "oldest"]):
        build = tmp_path / name
        (build / "quarterdeck").mkdir(parents=True)
        (build / "quarterdeck" / "data.json").write_text("{}")
        os.utime(build, (1_000_000 - age * 100, 1_000_000 - age * 100))
    # A checkout of an older source runs its build again, as it is.
    monkeypatch.setattr(run, "wanted_build", lambda: "compiled")
    monkeypatch.setattr(run, "c_compiler", lambda: "cc")
    monkeypatch.setattr(run, "source_digest", lambda: "oldest")
    assert run.compiled_build() == tmp_path / "oldest"
    run.drop_old_builds(keep=2)  # as make_compiled does, before moving the new one in
    assert sorted(p.name for p in tmp_path.iterdir()) == ["before", "oldest"]
    assert (tmp_path / "oldest" / "quarterdeck" / "data.json").read_text() == "{}"
