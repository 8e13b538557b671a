"""games.pace: the bots' pace its creator chose, "table" or "casual" (rooms.PACES).

Games stored before were all played at the table's pace.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("pace", sa.String(16), nullable=False, server_default="table"))


def downgrade() -> None:
    op.drop_column("games", "pace")
