"""The tables: a game as the engine records it, its seats and its decisions; the
players and their ratings.

A game is stored as its record header (game, rules version, players, seed, options,
data, scenario) plus the ordered list of decisions; replaying them through the engine
rebuilds the live state exactly. Seat tokens and players' keys are stored only as
hashes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    # The creator chose the seed or the starting position (a scenario), and so may know
    # every draw or hand: the lobby says so to everyone who might join.
    setup_chosen: Mapped[bool] = mapped_column(Boolean, server_default=false())
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    data_hash: Mapped[str] = mapped_column(String(64))
    data: Mapped[Any] = mapped_column(JSON, nullable=True)
    scenario: Mapped[Any] = mapped_column(JSON, nullable=True)
    creator_token_hash: Mapped[str] = mapped_column(String(64))
    # "open" (seats to fill), "active" or "finished": the lobby reads it without replaying.
    status: Mapped[str] = mapped_column(String(16), index=True)
    turn_timer: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds
    # The bots' pace its creator chose: "table" or "casual" (rooms.PACES).
    pace: Mapped[str] = mapped_column(String(16), server_default="table", default="table")
    # The rematch a seat of this finished game started (its id): offered to every seat.
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # When the deciding seat's time runs out (Unix seconds), so timers survive restarts.
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    # A cluster's fencing token: raised by each process that takes the game over, and
    # checked by every write of its decisions (quarterdeck.server.cluster).
    epoch: Mapped[int] = mapped_column(BigInteger, server_default="0", default=0)
    # Its ratings were updated once it finished, or it counts for none (server/players.py):
    # done once, whichever process gets there first.
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false(), index=True)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The sequence number of the seat's last accepted decision (0: none yet).
    last_seq: Mapped[int] = mapped_column(BigInteger, default=0)
    # The player who joined the seat with their key (None: a bot, or a person without one).
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", name="fk_seats_player_id"), nullable=True, index=True
    )
    # How the seat's rating moved with this game (None: not rated).
    elo_change: Mapped[float | None] = mapped_column(Float, nullable=True)

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


class DecisionRow(Base):
    __tablename__ = "decisions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0-based, in order
    action_id: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    # The client's sequence number (all steps of one compound choice share it);
    # None for decisions a bot made.
    seq: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    made_by: Mapped[str] = mapped_column(String(16))  # "seat", "bot" or "timer"


class PlayerRow(Base):
    """A person who picked a name: no password, no e-mail, only a key kept by their
    browser (its hash here)."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    # The name as it is compared (NFKC, casefolded): "Anne" and "ANNE" are one name.
    name_key: Mapped[str] = mapped_column(String(200), unique=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """The Elo rating of a player or a bot (by its name) at one game."""

    __tablename__ = "ratings"
    __table_args__ = (
        UniqueConstraint("game", "player_id", name="uq_ratings_game_player"),
        UniqueConstraint("game", "bot", name="uq_ratings_game_bot"),
        CheckConstraint("(player_id IS NULL) <> (bot IS NULL)", name="ck_ratings_one_competitor"),
        Index("ix_ratings_game_elo", "game", "elo"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(64))
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    elo: Mapped[float] = mapped_column(Float)
    # The Fisher information of its games (sum of p(1 - p) per rated opponent, averaged
    # over a game's opponents): the standard error follows from it (players.py).
    information: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)
