from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import pytest
from fastapi.testclient import TestClient

from quarterdeck.server import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'quarterdeck.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database)) as c:
        yield c


POSTGRES_URL = os.environ.get(
    "QUARTERDECK_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"
)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each storage test runs on an SQLite file and, when one is reachable, on a
    PostgreSQL server ($QUARTERDECK_TEST_POSTGRES_URL), in a schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'quarterdeck.db'}"
        return
    with postgres_schema(POSTGRES_URL) as url:
        yield url


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A fresh schema on the server at ``url`` (dropped afterwards), as a URL whose
    connections use it, so that runs never collide."""
    try:
        import psycopg
    except ImportError:
        _missing("PostgreSQL tests need psycopg: pip install -e '.[postgresql]'")
    try:
        admin = psycopg.connect(url, connect_timeout=3, autocommit=True)
    except psycopg.OperationalError as exc:
        _missing(
            f"no PostgreSQL server at {url} ({str(exc).strip().splitlines()[0]}); "
            "set QUARTERDECK_TEST_POSTGRES_URL to test against one"
        )
    schema = f"qd_test_{uuid.uuid4().hex[:12]}"
    with admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            separator = "&" if "?" in url else "?"
            yield f"{url}{separator}options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _missing(why: str) -> NoReturn:
    """Away from CI a missing server skips the PostgreSQL runs; CI must run them
    (.ci/run starts the machine's server if it is down)."""
    if os.environ.get("CI"):
        pytest.fail(f"{why}: CI must run the PostgreSQL storage tests")
    pytest.skip(why)
