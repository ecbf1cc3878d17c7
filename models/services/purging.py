"""The trash empties itself: what was deleted more than :data:`KEEP_DAYS`
days ago is deleted for good (:func:`purge_expired`) whenever something goes
into the trash or comes out of it, and when the app starts.

Below the use cases that put things in and take them out
(:mod:`models.services.hands`, :mod:`models.services.sessions`,
:mod:`models.services.trash`), each of which calls it inside its own write
transaction.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy import ColumnElement
    from sqlmodel import Session

__all__ = ["KEEP", "KEEP_DAYS", "purge", "purge_expired"]

KEEP_DAYS = 30
"""Days a deleted session or hand stays in the trash before it is deleted for good."""

KEEP = timedelta(days=KEEP_DAYS)


def purge_expired(db: Session) -> int:
    """In ``db``'s write transaction: delete for good whatever went into the
    trash more than :data:`KEEP_DAYS` days ago. Returns how many sessions and
    hands went."""
    return purge(db, KEEP)


def purge(db: Session, older_than: timedelta | None) -> int:
    """In ``db``'s write transaction: delete for good the sessions in the
    trash (with their hands, seats, results, sheet and deleted hands) and the
    deleted hands — only those deleted more than ``older_than`` ago, when
    given. Returns how many sessions and hands (of the other sessions) went."""
    from sqlalchemy import delete, select

    from ..tables import HandTrashRow, SessionRow, table_of, utcnow

    sessions = table_of(SessionRow)
    hands = table_of(HandTrashRow)
    connection = db.connection()
    condition: ColumnElement[bool] = sessions.c.deleted_at.is_not(None)
    hand_condition: ColumnElement[bool] = hands.c.id.is_not(None)
    if older_than is not None:
        condition = condition & (sessions.c.deleted_at <= utcnow() - older_than)
        hand_condition = hands.c.deleted_at <= utcnow() - older_than
    ids = connection.execute(select(sessions.c.id).where(condition)).scalars().all()
    if ids:
        connection.execute(delete(hands).where(hands.c.session_id.in_(ids)))
        connection.execute(delete(sessions).where(sessions.c.id.in_(ids)))
    gone = connection.execute(delete(hands).where(hand_condition)).rowcount
    return len(ids) + max(0, gone or 0)
