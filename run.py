#!/usr/bin/env python3
"""Set up Quarterdeck and run it, with nothing but Python 3.11+.

    python3 run.py            start Quarterdeck: the server and its pages, at http://127.0.0.1:8000/
    python3 run.py test       run the whole test suite: ruff, mypy and pytest
    python3 run.py qd ARGS    run the `quarterdeck` command with ARGS (e.g. qd sim letter-of-marque)

Each command creates (or refreshes) the local virtual environment `.venv` and installs
what it needs into it; nothing is installed anywhere else. It is idempotent: it
reinstalls only when pyproject.toml changed or it needs another extra.

QUARTERDECK_BUILD chooses the build (docs/compiled.md): `auto` (the default: the
engine, games and bots compiled by mypyc where a C compiler is present, else the pure
Python source), `compiled` (fails without a C compiler) or `pure` (the reference).
A compiled build is made once for each state of the source, into `.venv/compiled/`,
never run from a stale copy: `start` and `qd` run the pure build while it is made in
the background; `test` makes it beside the pure pass and runs the rules' tests on it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "quarterdeck-install.json"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
SOURCE = ROOT / "src" / "quarterdeck"
#: Where each compiled build is installed, named by the digest of the source it was
#: built from (only the newest is kept).
COMPILED = VENV / "compiled"
#: What the compiled build's test pass printed (``test`` shows it at the end).
COMPILED_LOG = VENV / "compiled-pass.log"


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


def run(args: list[str], echo: bool = True, env: dict[str, str] | None = None) -> int:
    if echo:
        print("$ " + " ".join(args), flush=True)
    try:
        return subprocess.run(args, cwd=ROOT, env=env).returncode
    except KeyboardInterrupt:
        return 130


# -- the compiled build --------------------------------------------------------------


def wanted_build() -> str:
    """QUARTERDECK_BUILD: ``auto`` (the default: compiled where a C compiler is
    present), ``compiled`` (or fail), or ``pure`` (docs/compiled.md)."""
    build = os.environ.get("QUARTERDECK_BUILD", "auto").strip().lower() or "auto"
    if build not in ("auto", "pure", "compiled"):
        sys.exit(f"QUARTERDECK_BUILD is auto, pure or compiled, not {build!r}")
    return build


def c_compiler() -> str | None:
    """The C compiler Python's own build used (or cc), if it is on this machine."""
    configured = shlex.split(sysconfig.get_config_var("CC") or "")
    for name in (*configured[:1], "cc", "gcc", "clang"):
        if shutil.which(name):
            return name
    return None


def source_digest() -> str:
    """Everything a compiled build is made from: the source, pyproject.toml, this Python."""
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    h.update(sys.version.encode() + sysconfig.get_platform().encode())
    for path in sorted(SOURCE.rglob("*.py")):
        h.update(path.relative_to(SOURCE).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def compiled_build(wait: bool = True) -> Path | None:
    """The compiled build of this source, or None for the pure one. Made here if need
    be; with ``wait`` false (``auto`` only), made in the background for the next run
    while this one runs the pure build."""
    build = wanted_build()
    if build == "pure":
        return None
    if c_compiler() is None:
        if build == "compiled":
            sys.exit("QUARTERDECK_BUILD=compiled, but this machine has no C compiler")
        print("No C compiler here: Quarterdeck runs its pure build.", flush=True)
        return None
    target = COMPILED / source_digest()
    if (target / "quarterdeck").is_dir():
        os.utime(target)  # the newest used: the next build keeps it (drop_old_builds)
        return target
    if not wait and build == "auto":
        make_in_background()
        return None
    if not make_compiled(target):
        if build == "compiled":
            sys.exit("The compiled build failed (above).")
        print("The compiled build failed (above): Quarterdeck runs its pure build.")
        return None
    return target


def make_in_background() -> None:
    """Start ``run.py compiled-build`` on its own (once: a lock file names it)."""
    lock = VENV / "compiled-build.pid"
    try:
        pid = int(lock.read_text())
        os.kill(pid, 0)  # still making it
        print("The compiled build is being made in the background; pure build for now.")
        return
    except (OSError, ValueError):
        pass
    ensure_venv({"compiled"})
    with open(VENV / "compiled-build.log", "w") as log:
        child = subprocess.Popen(
            [python(), __file__, "compiled-build"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # it outlives this run
        )
    lock.write_text(str(child.pid))
    print(
        "Quarterdeck runs its pure build while its compiled build is made in the "
        "background (a few minutes, .venv/compiled-build.log): the next start uses it.",
        flush=True,
    )


def make_compiled(target: Path) -> bool:
    """Build a compiled wheel of a copy of the source (the hook compiles in place: never
    in ``src/``, which a pure run may be importing) and install it into ``target``."""
    ensure_venv({"compiled"})
    print(
        "Compiling Quarterdeck with mypyc, once for this source (a few minutes; "
        "QUARTERDECK_BUILD=pure runs the pure build without it) …",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as work:
        copy, wheels = Path(work) / "source", Path(work) / "wheels"
        for name in ("pyproject.toml", "README.md"):
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
        shutil.copytree(
            SOURCE.parent,
            copy / "src",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        made = subprocess.run(
            [
                python(),
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--no-build-isolation",
                "--wheel-dir",
                str(wheels),
                str(copy),
            ],
            cwd=copy,
            env={**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"},
        )
        if made.returncode:
            return False
        # Installed beside, then renamed: a build is either whole or absent.
        partial = Path(work) / "install"
        subprocess.run(
            [
                python(),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--target",
                str(partial),
                str(next(wheels.glob("*.whl"))),
            ],
            check=True,
        )
        COMPILED.mkdir(parents=True, exist_ok=True)
        drop_old_builds(keep=2)
        shutil.move(partial, target)
    return True


def drop_old_builds(keep: int) -> None:
    """Delete older sources' compiled builds but the ``keep`` last made or used
    (``compiled_build`` touches the one it runs): a process started on one (a
    ladder, a server) still reads its data files, and deleting them under it failed
    its next read."""
    builds = [path for path in COMPILED.iterdir() if path.is_dir()]
    builds.sort(key=lambda path: path.stat().st_mtime, reverse=True)
    for old in builds[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def build_env(target: Path | None) -> dict[str, str]:
    """The environment that runs ``target``'s compiled build (None: the pure one)."""
    env = {**os.environ, "QUARTERDECK_EXPECT_BUILD": "pure" if target is None else "compiled"}
    if target is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(target), env.get("PYTHONPATH")]))
    return env


#: The tests that run on the compiled build too (the whole suite runs on the pure one).
COMPILED_TESTS = [
    "tests/engine",
    "tests/games",
    "tests/contract",
    "tests/arena",
    "tests/interop",
    "tests/ai",
    "tests/compiled",
]


def test(pytest_args: list[str]) -> int:
    build = wanted_build()
    compiled = build == "compiled" or (build == "auto" and c_compiler() is not None)
    ensure_venv({"test", "compiled"} if compiled else {"test"})
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
    # The compiled build is made and tested in a child process beside the pure pass
    # (pytest runs on one core; these machines have two): its output is kept in a log
    # and shown when the pure pass ends.
    beside = None
    if compiled:
        log = open(COMPILED_LOG, "w")  # noqa: SIM115 - closed below, once the child ends
        print(f"The compiled build: made and tested beside the pure pass ({COMPILED_LOG})")
        beside = subprocess.Popen(
            [python(), __file__, "compiled-pass", *pytest_args],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    print("The pure build: the whole suite", flush=True)
    if run([python(), "-m", "pytest", *pytest_args], env=build_env(None)):
        failed.append("pytest (pure build)")
    if beside is not None:
        if beside.poll() is None:
            print("Waiting for the compiled build's pass …", flush=True)
        try:
            code = beside.wait()
        except KeyboardInterrupt:
            beside.terminate()
            code = 130
        log.close()
        print(COMPILED_LOG.read_text(), end="", flush=True)
        if code:
            failed.append("pytest (compiled build)")
    # pytest's closing line comes last but for this one, which names what failed.
    if failed:
        print(f"FAILED: {', '.join(failed)} (see above)", flush=True)
        return 1
    return 0


def without_ray(pytest_args: list[str]) -> list[str]:
    """``pytest_args`` with its marker expression (``-m``) extended by ``not ray``: the
    compiled pass runs beside the pure one, which alone starts a Ray runtime."""
    args, expression = [], "not ray"
    rest = iter(pytest_args)
    for arg in rest:
        if arg == "-m":
            expression = f"({next(rest, '')}) and not ray"
        elif arg.startswith("-m") and len(arg) > 2:
            expression = f"({arg[2:]}) and not ray"
        else:
            args.append(arg)
    return [*args, "-m", expression]


def compiled_pass(pytest_args: list[str]) -> int:
    """Make the compiled build and run the tests on it: the named tests, or else the
    engine's, the games', the bots' and the adapters' (``COMPILED_TESTS``)."""
    if hasattr(os, "nice"):
        # Beside the pure pass, whose browser and server tests wait on the clock: this
        # pass (and what it starts) yields the processor to it.
        os.nice(10)
    target = compiled_build()
    if target is None:
        # no C compiler under ``auto`` (compiled_build said so), or the build failed
        return 1 if c_compiler() else 0
    named = [a for a in pytest_args if not a.startswith("-") and Path(a.split("::")[0]).exists()]
    args = ["-p", "no:cacheprovider", *without_ray(pytest_args)]  # beside the pure pass
    chosen = args if named else [*COMPILED_TESTS, *args]
    print(
        "The compiled build: " + ("the tests named" if named else "the rules' tests"),
        flush=True,
    )
    return run([python(), "-m", "pytest", *chosen], env=build_env(target))


def main(argv: list[str]) -> int:
    command, rest = (argv[0], argv[1:]) if argv else ("start", [])
    if command == "test":
        return test(rest)
    if command == "compiled-pass":  # test's child process
        return compiled_pass(rest)
    if command == "compiled-build":  # make_in_background's child
        try:
            return 0 if compiled_build() else 1
        finally:
            (VENV / "compiled-build.pid").unlink(missing_ok=True)
    if command in ("start", "qd"):
        ensure_venv(set())
        target = compiled_build(wait=False)
        if command == "start":
            print(f"Quarterdeck, {'compiled' if target else 'pure'} build", flush=True)
            rest = ["serve", *rest]
        return run([python(), "-m", "quarterdeck.cli", *rest], echo=False, env=build_env(target))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
