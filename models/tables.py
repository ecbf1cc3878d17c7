"""SQLModel table models: what is stored, never what the UI receives.

The UI gets the frozen read models of :mod:`models.views` from the services.
What is stored is what the players *entered* plus the session's rule options, so
every total can be recomputed by :mod:`scoring`. ``finished_at``,
``winner_seats``, ``totals``, ``leader_seats``, each hand's ``score``, the score
sheet (:class:`SheetChunkRow`) and the results (:class:`SessionResultRow`) are
derived: the services keep them in step with ``scoring`` (they feed the session
list, the statistics and the opening of long sessions without rescoring).

Hands refer to players by *seat* (0 = first dealer), never by name, so renaming a
player rewrites one row.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, Table, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from scoring.rules import MAX_NAME

__all__ = [
    "NAME_MAX",
    "CustomGameRow",
    "HandRow",
    "HandTrashRow",
    "PlayerRow",
    "SeatRow",
    "SessionResultRow",
    "SessionRow",
    "SheetChunkRow",
    "inserted_id",
    "table_of",
    "utcnow",
]

NAME_MAX = MAX_NAME  # scoring's name rule (check_name)
"""Longest player name, in characters."""

# Named constraints, so that migrations (and SQLite batch migrations) can refer to them.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Now, as an aware UTC datetime (every ``*_at`` column holds UTC)."""
    return datetime.now(UTC)


class PlayerRow(SQLModel, table=True):
    """A person, shared by every session they sit in (for statistics).

    ``name_key`` is the case-folded name; it is unique, so "anna" and "Anna" are
    one player.
    """

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=NAME_MAX)
    name_key: str = Field(max_length=4 * NAME_MAX, unique=True)
    created_at: datetime = Field(default_factory=utcnow)


class SessionRow(SQLModel, table=True):
    """One session (one game played to its end).

    ``options`` holds only the options that differ from the game's defaults
    (``Game.options_to_dict``). ``started_at`` is UTC, for ordering;
    ``started_at_iso`` keeps the ISO 8601 text with its offset, as entered or
    imported, so an export gives it back unchanged. ``winner_seats`` is the list
    of winning seat indexes once finished (empty otherwise); ``totals`` (per
    seat, points) and ``leader_seats`` are the standings after the last hand, for
    the session list (empty for a session not written or opened since the
    migration that added them). ``scored_with`` is
    the fingerprint of the :mod:`scoring` code that computed the hands' cached
    scores (see :mod:`models.services.fingerprint`); any other value means "rescore".
    ``definition`` is the snapshot of the game's definition the session is
    played by (canonical GAME_FORMAT.md text) for a game defined as data, and
    ``None`` for a coded game: changing or deleting a custom game later never
    changes the session (see :mod:`models.services.snapshots`).
    """

    __tablename__ = "game_session"
    __table_args__ = (Index("ix_game_session_list", "deleted_at", "finished_at", "started_at"),)

    id: int | None = Field(default=None, primary_key=True)
    uuid: str = Field(max_length=36, unique=True)
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    started_at: datetime = Field(default_factory=utcnow)
    started_at_iso: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = Field(default=None)
    winner_seats: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    totals: list[int] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]")
    )
    leader_seats: list[int] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]")
    )
    deleted_at: datetime | None = Field(default=None)
    rematch_of: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("game_session.id", ondelete="SET NULL")),
    )
    scored_with: str | None = Field(default=None, max_length=64)
    definition: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class CustomGameRow(SQLModel, table=True):
    """A custom game: a game definition a family made or imported
    (GAME_FORMAT.md), stored as its canonical text.

    ``game_id`` is the definition's ``id`` (unique; never a built-in game's
    id). Sessions keep their own snapshot (``SessionRow.definition``), so a
    change here reaches only sessions started afterwards.
    """

    __tablename__ = "custom_game"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(max_length=40, unique=True)
    definition: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class SeatRow(SQLModel, table=True):
    """Who sits where in a session: seat 0 deals first; one player once per session."""

    __tablename__ = "session_player"
    __table_args__ = (UniqueConstraint("session_id", "player_id", name="uq_session_player_player"),)

    session_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
        )
    )
    seat: int = Field(primary_key=True)
    player_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("player.id", ondelete="RESTRICT"), nullable=False, index=True
        )
    )


class HandRow(SQLModel, table=True):
    """One hand as entered.

    ``number`` runs 1, 2, 3… within the session with no gaps (deleting a hand
    renumbers the later ones). ``entry`` is ``scoring.hand_to_dict`` of the hand
    with player names replaced by seat indexes (as strings) in ``left``,
    ``runs`` and ``flags`` (every hand flag: *rummy* too); who went out
    (``went_out_seat``, None for a blocked hand), the note and ``played_at``
    (ISO 8601 text with offset) are columns. ``warnings`` lists the scoring
    warnings the user confirmed, as dicts.

    ``score`` is derived, a cache: the points of each seat followed by the
    leftover value of each seat (``[p0, p1, …, l0, l1, …]``) as :mod:`scoring`
    computed them when the hand was saved (valid while the session's
    ``scored_with`` matches the running code), so opening a long session folds
    the standings without re-parsing every card.
    """

    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("session_id", "number", name="uq_hand_number"),
        # ids are never used twice: a hand in the trash (HandTrashRow) keeps its own
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(
        sa_column=Column(Integer, ForeignKey("game_session.id", ondelete="CASCADE"), nullable=False)
    )
    number: int
    went_out_seat: int | None = Field(default=None)
    entry: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    note: str | None = Field(default=None)
    played_at: str | None = Field(default=None, max_length=64)
    warnings: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )
    score: list[int] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class HandTrashRow(SQLModel, table=True):
    """A deleted hand, kept in the trash until it is put back or purged
    (:data:`models.services.trash.KEEP_DAYS` days after ``deleted_at``).

    The columns a hand is entered with, as :class:`HandRow` stores them,
    under the hand's own ``id`` (hand ids are never used twice) — what puts it
    back among the others in the order of their ids, where it was played.
    ``number`` is the number it had when deleted (for the listing);
    ``session_finished`` whether its session had ended once it was gone (a
    hand of a session that has ended since is not put back). A hand in the
    trash counts nowhere: not in the standings, the results or the score sheet.
    """

    __tablename__ = "hand_trash"

    id: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    session_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("game_session.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        )
    )
    number: int
    went_out_seat: int | None = Field(default=None)
    entry: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    note: str | None = Field(default=None)
    played_at: str | None = Field(default=None, max_length=64)
    warnings: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )
    created_at: datetime = Field(default_factory=utcnow)
    deleted_at: datetime = Field(default_factory=utcnow, index=True)
    session_finished: bool = Field(default=False)


class SheetChunkRow(SQLModel, table=True):
    """Derived, a cache: a piece of a session's score sheet — up to
    ``models.services.sheet.CHUNK`` hands in a row — so that showing or writing
    a long session reads a few rows instead of one per hand, and recording a
    hand rewrites only the last piece.

    ``chunk`` counts from 0 (hands ``chunk × CHUNK + 1`` …); ``hands`` is how
    many it holds (every piece but the last is full). ``scores`` is JSON text
    ``{"out": …, "points": [… one per seat]}`` whose values are packed columns
    of whole numbers (little-endian bytes in hex: 8-bit seats, -1 for a
    blocked hand; 64-bit points): who went out of each hand and each seat's
    points, what the standings fold, read back without parsing a number.
    ``lines`` is JSON text ``{"note": […], "at": […], "warnings": […],
    "leftover": [[l0, l1, …]…]}`` (the rest of each line of
    the score sheet, read when a line is shown) and ``lines_digest`` its
    CRC-32. See ``models.services.sheet``. The services rewrite the pieces a
    write changes in its transaction; a sheet is believed only when every
    piece was scored by the running scoring code (``scored_with``), the pieces
    hold as many hands as there are hand rows, who went out is a seat, and the
    lines are the text written with them — otherwise it is rebuilt from the
    hand rows.
    """

    __tablename__ = "score_sheet_chunk"

    session_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
        )
    )
    chunk: int = Field(primary_key=True)
    scored_with: str = Field(max_length=64)
    hands: int
    scores: str = Field(sa_column=Column(Text, nullable=False))
    lines: str = Field(sa_column=Column(Text, nullable=False))
    lines_digest: str = Field(max_length=16)


class SessionResultRow(SQLModel, table=True):
    """Derived: each seat's result in a session as its standings say — what
    the statistics add up, so that they need no scoring (one row per seat,
    for every session, kept by every write to the session's hands).

    ``total`` (points) and ``place`` (1 = first, ties shared) after the last
    hand; ``won`` once the session has finished and the seat is among the
    winners; ``hands`` the hands played; ``best_hand`` the seat's highest
    points in one hand, or the lowest when ``lowest_wins`` (penalty scoring),
    ``None`` without hands. Whether a session counts (finished, not in the
    trash) is read from its ``game_session`` row.
    """

    __tablename__ = "session_result"

    session_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("game_session.id", ondelete="CASCADE"), primary_key=True
        )
    )
    seat: int = Field(primary_key=True)
    player_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("player.id", ondelete="RESTRICT"), nullable=False, index=True
        )
    )
    total: int
    place: int
    won: bool
    hands: int
    best_hand: int | None = Field(default=None)
    lowest_wins: bool


def inserted_id(result: Any) -> int:
    """The id of the row an ``INSERT`` (a Core result) added. Raises
    ``RuntimeError`` if the database gave none (it always does for these tables)."""
    key = result.inserted_primary_key
    if not key or key[0] is None:
        raise RuntimeError("the database returned no id for the inserted row")
    return int(key[0])


def table_of(model: type[SQLModel]) -> Table:
    """The Core :class:`~sqlalchemy.Table` of a row class (bulk inserts,
    updates and deletes that skip the ORM)."""
    return cast(Table, model.__table__)  # type: ignore[attr-defined]  # SQLModel's metaclass sets it
