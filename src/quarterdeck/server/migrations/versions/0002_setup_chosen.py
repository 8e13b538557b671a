"""games.setup_chosen: whether the creator chose the seed or the starting position.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("setup_chosen", sa.Boolean, nullable=False, server_default=sa.false())
    )
    # Games stored before: one made from a scenario had its position chosen; a seed
    # given by its creator cannot be told from a drawn one, so those stay unmarked.
    games = sa.table(
        "games",
        sa.column("id", sa.String),
        sa.column("scenario", sa.JSON),
        sa.column("setup_chosen", sa.Boolean),
    )
    bind = op.get_bind()
    rows = bind.execute(sa.select(games.c.id, games.c.scenario)).all()
    chosen = [row.id for row in rows if row.scenario is not None]
    if chosen:
        bind.execute(games.update().where(games.c.id.in_(chosen)).values(setup_chosen=True))


def downgrade() -> None:
    op.drop_column("games", "setup_chosen")
