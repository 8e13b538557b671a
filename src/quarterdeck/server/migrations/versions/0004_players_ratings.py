"""Players and ratings: players (a name and the hash of its key), each seat's player
and rating change, each game's ``rated`` mark, and the ratings per game of players
and bots.

Games finished before this migration are marked rated: their people had no names to
rate, so they count for nobody.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False, unique=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("elo", sa.Float, nullable=False),
        sa.Column("information", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.UniqueConstraint("game", "player_id", name="uq_ratings_game_player"),
        sa.UniqueConstraint("game", "bot", name="uq_ratings_game_bot"),
        sa.CheckConstraint(
            "(player_id IS NULL) <> (bot IS NULL)", name="ck_ratings_one_competitor"
        ),
    )
    op.create_index("ix_ratings_game_elo", "ratings", ["game", "elo"])
    op.create_index("ix_ratings_player_id", "ratings", ["player_id"])
    # SQLite cannot add a foreign key to a table in place: batch mode copies the table
    # there (and alters it in place on PostgreSQL).
    with op.batch_alter_table("seats") as seats:
        seats.add_column(
            sa.Column(
                "player_id",
                sa.Integer,
                sa.ForeignKey("players.id", name="fk_seats_player_id"),
                nullable=True,
            )
        )
        seats.add_column(sa.Column("elo_change", sa.Float, nullable=True))
        seats.create_index("ix_seats_player_id", ["player_id"])
    op.add_column(
        "games", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_index("ix_games_rated", "games", ["rated"])
    games = sa.table("games", sa.column("status", sa.String), sa.column("rated", sa.Boolean))
    op.get_bind().execute(games.update().where(games.c.status == "finished").values(rated=True))


def downgrade() -> None:
    op.drop_index("ix_games_rated", "games")
    op.drop_column("games", "rated")
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("ix_seats_player_id")
        seats.drop_column("elo_change")
        seats.drop_column("player_id")
    op.drop_index("ix_ratings_player_id", "ratings")
    op.drop_index("ix_ratings_game_elo", "ratings")
    op.drop_table("ratings")
    op.drop_table("players")
