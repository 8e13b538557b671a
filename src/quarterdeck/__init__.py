"""Quarterdeck: a digital tabletop for age-of-sail naval board games."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.1.0"


def build() -> str:
    """Which build runs: ``"compiled"`` (the engine, games and bots compiled by
    mypyc, docs/compiled.md) or ``"pure"`` (the Python source, the reference)."""
    from .engine import game

    return "pure" if (game.__file__ or "").endswith(".py") else "compiled"


def _refuse_stale_compiled_modules() -> None:
    """In a source checkout, a compiled module left by an in-place build would run
    instead of its source: refuse any that is older than its source."""
    package = Path(__file__).parent
    if package.parent.name != "src" or not (package.parent.parent / "pyproject.toml").exists():
        return  # an installed build: its modules were built together
    for folder in (package / "engine", package / "ai", *sorted((package / "games").glob("*"))):
        for suffix in EXTENSION_SUFFIXES:
            for compiled in folder.glob("*" + suffix):
                source = compiled.with_name(compiled.name[: -len(suffix)] + ".py")
                if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
                    raise ImportError(
                        f"{compiled} is older than {source.name}: a compiled module left by "
                        "an in-place build would run instead of the changed source. Delete "
                        "the compiled modules (git clean -fX src) or build again."
                    )


_refuse_stale_compiled_modules()
