#!/usr/bin/env python3
"""Set up Quarterdeck and run it, with nothing but Python 3.11+.

    python3 run.py            start Quarterdeck: the server and its pages, at http://127.0.0.1:8000/
    python3 run.py test       run the whole test suite: ruff, mypy and pytest
    python3 run.py qd ARGS    run the `quarterdeck` command with ARGS (e.g. qd sim letter-of-marque)

Each command creates (or refreshes) the local virtual environment `.venv` and installs
what it needs into it; nothing is installed anywhere else. It is idempotent: it
reinstalls only when pyproject.toml changed or it needs another extra.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "quarterdeck-install.json"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def python() -> str:
    return str(BIN / ("python.exe" if os.name == "nt" else "python"))


def ensure_venv(extras: set[str]) -> None:
    """Create .venv if needed and install the package with ``extras`` into it."""
    if sys.version_info < (3, 11):  # noqa: UP036 - run.py may be started by an older Python
        sys.exit(f"Quarterdeck needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not Path(python()).exists():
        print("Creating the virtual environment .venv …", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        stamp = {}
    if stamp.get("pyproject") == digest and extras <= set(stamp.get("extras", [])):
        return
    wanted = sorted(
        extras | (set(stamp.get("extras", [])) if stamp.get("pyproject") == digest else set())
    )
    target = "." + (f"[{','.join(wanted)}]" if wanted else "")
    print(f"Installing Quarterdeck {target} into .venv …", flush=True)
    subprocess.run(
        [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
        cwd=ROOT,
        check=True,
    )
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": wanted}))


def run(args: list[str], echo: bool = True) -> int:
    if echo:
        print("$ " + " ".join(args), flush=True)
    try:
        return subprocess.run(args, cwd=ROOT).returncode
    except KeyboardInterrupt:
        return 130


def test(pytest_args: list[str]) -> int:
    ensure_venv({"test"})
    failed = []
    for name, args in (
        (
            "ruff",
            [
                python(),
                "-m",
                "ruff",
                "check",
                "src",
                "tests",
                "bench",
                "scripts",
                "examples",
                "run.py",
            ],
        ),
        ("mypy", [python(), "-m", "mypy"]),
    ):
        if run(args):
            failed.append(name)
    # pytest runs last, so its closing line is the last line of the run.
    code = run([python(), "-m", "pytest", *pytest_args])
    if failed:
        print(f"FAILED: {', '.join(failed)} (see above)", flush=True)
        return 1
    return code


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("start", [])
    if command == "test":
        return test(rest)
    if command == "start":
        ensure_venv(set())
        return run([python(), "-m", "quarterdeck.cli", "serve", *rest], echo=False)
    if command == "qd":
        ensure_venv(set())
        return run([python(), "-m", "quarterdeck.cli", *rest], echo=False)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
