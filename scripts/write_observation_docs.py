"""Write docs/observations.md from the games' observation layouts.

.venv/bin/python scripts/write_observation_docs.py
"""

from __future__ import annotations

from pathlib import Path

from quarterdeck.interop import observation_docs

if __name__ == "__main__":
    target = Path(__file__).resolve().parents[1] / "docs" / "observations.md"
    target.write_text(observation_docs(), encoding="utf-8")
    print(f"wrote {target}")
