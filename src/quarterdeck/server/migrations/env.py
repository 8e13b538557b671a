"""Alembic's environment: the server runs it at start-up (``storage.migrate``) with
its own connection; ``alembic -x url=...`` works too, for a person at a terminal."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from quarterdeck.server.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    engine = create_engine(str(url))
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("Quarterdeck migrates online only: run the server, or pass -x url=...")
run_migrations_online()
