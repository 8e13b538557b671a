"""Hypothesis profiles: the same examples everywhere, so CI reruns what a developer ran."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    derandomize=True,  # the same examples on every run and machine: no flaky CI
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", parent=settings.get_profile("default"), max_examples=400)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_sessionstart(session: object) -> None:
    """run.py names the build each pass must test: a pass that imported the other
    build (a stale path, a missing compiled module) would test the wrong thing."""
    import pytest

    import quarterdeck

    expected = os.environ.get("QUARTERDECK_EXPECT_BUILD")
    if expected and quarterdeck.build() != expected:
        pytest.exit(f"expected the {expected} build, imported the {quarterdeck.build()} build", 3)


def pytest_report_header() -> str:
    import quarterdeck

    return f"quarterdeck: the {quarterdeck.build()} build, from {quarterdeck.__file__}"
