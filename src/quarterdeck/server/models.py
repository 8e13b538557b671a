"""The tables: a game as the engine records it, its seats and its decisions.

A game is stored as its record header (game, rules version, players, seed, options,
data, scenario) plus the ordered list of decisions; replaying them through the engine
rebuilds the live state exactly. Seat tokens are stored only as hashes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, false
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
    # When the deciding seat's time runs out (Unix seconds), so timers survive restarts.
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    # A cluster's fencing token: raised by each process that takes the game over, and
    # checked by every write of its decisions (quarterdeck.server.cluster).
    epoch: Mapped[int] = mapped_column(BigInteger, server_default="0", default=0)

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
