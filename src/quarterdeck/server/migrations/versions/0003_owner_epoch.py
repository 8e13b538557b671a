"""games.epoch: the fencing token of a cluster's game owner.

Each process that takes a game over raises it by one; a decision is stored only while
the epoch is still the one its owner took the game with, so a process that lost the
game (paused, or cut off from Redis) can never write over its successor.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("epoch", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("games", "epoch")
