"""No file of the package holds the markers a merge leaves in a conflict: a stray
``=======`` in a stylesheet silently drops every rule after it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parents[1]
MARKERS = ("<<<<<<< ", ">>>>>>> ", "=======\n")


def leftovers(text: str) -> list[int]:
    """The numbers of the lines that a merge conflict left behind."""
    return [
        n
        for n, line in enumerate(text.splitlines(keepends=True), 1)
        if line.startswith(MARKERS[:2]) or line == MARKERS[2] or line == MARKERS[2].strip()
    ]


def test_the_check_finds_a_conflict() -> None:
    conflict = "a {}\n<<<<<<< HEAD\nb {}\n=======\nc {}\n>>>>>>> other\n"
    assert leftovers(conflict) == [2, 4, 6]
    assert leftovers("a = 1\n# ======= not a marker\n") == []


def test_no_source_test_or_web_file_holds_merge_markers() -> None:
    found = {}
    for folder in ("src", "tests", "bench", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".js", ".css", ".html", ".json", ".toml"}:
                lines = leftovers(path.read_text(encoding="utf-8"))
                if lines:
                    found[str(path.relative_to(ROOT))] = lines
    assert found == {}
