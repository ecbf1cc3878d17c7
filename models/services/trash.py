"""The trash: deleted sessions and hands, kept :data:`KEEP_DAYS` days, listed,
put back, or deleted for good.

A session moved to the trash keeps its row (``deleted_at`` set, see
:func:`models.services.sessions.delete_session`); a deleted hand moves to the
``hand_trash`` table under its own id (:func:`models.services.hands.delete_hand`)
and counts nowhere — not in the standings, the results or the score sheet —
until it is put back (:func:`models.services.hands.restore_hand`) where it was played: among the
session's hands in the order of their ids, as the undo of a deletion does.

Each thing in the trash has a short name, its *key*: ``S12`` for session 12
(a plain ``12`` names it too), ``H345`` for the hand whose id is 345
(:func:`parse_key`). The trash empties itself: whatever was deleted more
than :data:`KEEP_DAYS` days ago is deleted for good whenever something is put
in or taken out, and when the app starts (:func:`purge_expired`, from
:mod:`models.services.purging`); the list never shows it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..db import Handle, as_utc, read_only, run_write
from ..errors import (
    HandNotInTrash,
    SessionNotInTrash,
)
from ..views import Trash, TrashedHand, TrashedSession
from .purging import KEEP, KEEP_DAYS, purge, purge_expired

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "KEEP_DAYS",
    "delete_hand_for_good",
    "delete_session_for_good",
    "list_trash",
    "parse_key",
    "purge",
    "purge_expired",
]

_KEY = re.compile(r"\s*([SsHh]?)\s*(\d{1,18})\s*")


def parse_key(text: str) -> tuple[str, int] | None:
    """The thing a trash key names: ``("session", 12)`` for ``S12``, ``s12``
    or ``12``; ``("hand", 345)`` for ``H345``; ``None`` for anything else.

    >>> parse_key("S12"), parse_key("12"), parse_key("h345"), parse_key("x1")
    (('session', 12), ('session', 12), ('hand', 345), None)
    """
    found = _KEY.fullmatch(text)
    if found is None:
        return None
    return ("hand" if found[1] in "Hh" and found[1] else "session", int(found[2]))


def _now() -> datetime:
    return datetime.now(UTC)


def list_trash(*, engine: Handle) -> Trash:
    """What is in the trash, most recently deleted first (:class:`Trash`):
    the sessions, and the hands of the sessions outside it (a session's own
    deleted hands come back with it). Whatever is past its purge date is
    left out (it is deleted for good at the next write). Reads only."""
    cutoff = _now() - KEEP
    with read_only(engine) as reader:
        session_rows = reader.rows(
            "SELECT s.id, s.uuid, s.game, s.started_at, s.finished_at, s.deleted_at, "
            "(SELECT COUNT(*) FROM hand h WHERE h.session_id = s.id) "
            "FROM game_session s WHERE s.deleted_at IS NOT NULL "
            "ORDER BY s.deleted_at DESC, s.id DESC"
        )
        hand_rows = reader.rows(
            "SELECT t.id, t.session_id, s.game, t.number, t.went_out_seat, t.note, t.deleted_at "
            "FROM hand_trash t JOIN game_session s ON s.id = t.session_id "
            "WHERE s.deleted_at IS NULL ORDER BY t.deleted_at DESC, t.id DESC"
        )
        seats: dict[int, tuple[str, ...]] = {}
        for sid in {row[0] for row in session_rows} | {row[1] for row in hand_rows}:
            seats[sid] = tuple(
                name
                for (name,) in reader.rows(
                    "SELECT p.name FROM session_player s JOIN player p ON p.id = s.player_id "
                    "WHERE s.session_id = :sid ORDER BY s.seat",
                    sid=sid,
                )
            )
    sessions = []
    for sid, uuid, game, started, finished, deleted, count in session_rows:
        at = as_utc(deleted)
        if at is None or at <= cutoff:
            continue
        sessions.append(
            TrashedSession(
                key=f"S{sid}",
                id=sid,
                uuid=uuid,
                game_id=game,
                players=seats[sid],
                hand_count=count,
                started_at=as_utc(started),  # type: ignore[arg-type]
                finished=finished is not None,
                deleted_at=at,
                purge_at=at + KEEP,
            )
        )
    hands = []
    for hid, sid, game, number, seat, note, deleted in hand_rows:
        at = as_utc(deleted)
        if at is None or at <= cutoff:
            continue
        players = seats[sid]
        hands.append(
            TrashedHand(
                key=f"H{hid}",
                id=hid,
                session_id=sid,
                game_id=game,
                players=players,
                number=number,
                went_out=players[seat] if seat is not None and 0 <= seat < len(players) else None,
                note=note,
                deleted_at=at,
                purge_at=at + KEEP,
            )
        )
    return Trash(tuple(sessions), tuple(hands))


def delete_hand_for_good(*, engine: Handle, hand_id: int) -> None:
    """Delete hand ``hand_id`` from the trash for good. Raises
    :class:`HandNotInTrash`."""

    def work(db: Session) -> None:
        from sqlalchemy import delete

        from ..tables import HandTrashRow, table_of

        trash = table_of(HandTrashRow)
        if not db.connection().execute(delete(trash).where(trash.c.id == hand_id)).rowcount:
            raise HandNotInTrash(id=f"H{hand_id}")

    run_write(engine, work)


def delete_session_for_good(*, engine: Handle, session_id: int) -> None:
    """Delete session ``session_id`` — in the trash — for good, with its
    hands (and deleted hands), seats, results and score sheet. Players stay.
    Raises :class:`SessionNotInTrash`."""

    def work(db: Session) -> None:
        from sqlalchemy import delete

        from ..tables import HandTrashRow, SessionRow, table_of

        sessions = table_of(SessionRow)
        hands = table_of(HandTrashRow)
        connection = db.connection()
        connection.execute(delete(hands).where(hands.c.session_id == session_id))
        gone = connection.execute(
            delete(sessions).where(sessions.c.id == session_id, sessions.c.deleted_at.is_not(None))
        ).rowcount
        if not gone:
            raise SessionNotInTrash(session=session_id)

    run_write(engine, work)
