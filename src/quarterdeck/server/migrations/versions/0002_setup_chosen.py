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
    # Games stored before this revision do not say; they count as not chosen.
    op.add_column(
        "games", sa.Column("setup_chosen", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("games", "setup_chosen")
