"""games.rematch: the rematch a seat of the finished game started (its id), offered
to every seat still at the table.

Games stored before have none.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "rematch")
