"""Import of sessions as SESSION_FORMAT.md documents (backup, restore, moving
to another phone); the export is :func:`models.services.queries.export_session`.

An import is validated completely (format, cards, rules) before anything is
written, and then written in one transaction with bulk inserts: a bad file
changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from scoring import SessionDoc, check_hand, read_session, score_session, standings, strict_json
from scoring.strict_json import StrictJsonError

from ..db import Handle, Reader, run_write
from ..errors import DuplicateSession, ImportInvalid, ImportTooLarge
from ..files import IMPORT_LIMIT, read_import_source
from ..views import SessionView
from .codec import hand_values
from .loading import score_hand_at, sheet_line, store_state, view_of
from .reimport import check_brings_every_hand
from .sessions import create_session, player_ids

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "IMPORT_LIMIT",
    "import_session",
    "read_import_source",
]


def _started(doc: SessionDoc) -> datetime | None:
    if doc.started_at is None:
        return None
    return datetime.fromisoformat(doc.started_at).astimezone(UTC)


def import_session(
    *, engine: Handle, data: bytes | str, limit: int = IMPORT_LIMIT, as_new: bool = False
) -> SessionView:
    """Store a session document (SESSION_FORMAT.md) as a new session.

    The document is size-checked, read strictly and scored completely before
    anything is written; warnings in it count as confirmed (they were entered
    that way). A document without ``id`` gets a new UUID. The hands are
    inserted in bulk, with the session's score sheet and results, in one
    transaction.

    Raises :class:`ImportTooLarge` (over ``limit`` bytes), :class:`ImportInvalid`
    (not UTF-8 text), :class:`scoring.SessionFileError` (bad JSON, unknown
    ``version``, wrong types…), :class:`scoring.OptionError` (bad options, player
    count or names: the one name rule, :func:`scoring.check_name`),
    :class:`scoring.CardParseError`, :class:`scoring.HandError` (with hand,
    player and card), :class:`DuplicateSession` when a session with the same
    ``id`` is stored (outside the trash), :class:`StoredSessionHasMore` (a
    :class:`DuplicateSession`) when that session, stored or in the trash, has
    a hand the document does not have (an older export: an import never
    replaces more than it brings, :mod:`models.services.reimport`). The
    database is unchanged then.

    A session with the same ``id`` in the trash, whose every hand the document
    has, is restored: the document takes its place, under its number (its
    rematches stay linked to it); its deleted hands stay in the trash.
    ``as_new``: a document whose ``id`` is stored (in the trash or not) is
    stored as a second session, under a new UUID; the stored one is unchanged.
    """
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > limit:
        raise ImportTooLarge(limit=limit, size=size)
    try:  # bytes as text: the one strict reader's decoding (a byte order mark skipped)
        text = strict_json.text_of(data)
    except StrictJsonError as error:
        raise ImportInvalid(detail=f"not UTF-8 text (byte {error.byte})") from None
    doc = read_session(text)  # names checked by the one name rule
    result = score_session(doc)
    started = _started(doc)

    def work(db: Session) -> SessionView:
        from sqlalchemy import insert

        from ..tables import HandRow, HandTrashRow, table_of, utcnow

        number = rematch_of = None
        uuid = doc.id
        followers: list[int] = []
        kept: list[dict[str, Any]] = []  # its deleted hands: the trash keeps them
        hand_ids: list[int] = []  # its hands' ids, kept by the same hands of the file
        if doc.id is not None:
            reader = Reader.of(db)
            existing = reader.first(
                "SELECT id, deleted_at, rematch_of FROM game_session WHERE uuid = :uuid",
                uuid=doc.id,
            )
            if existing is not None and as_new:  # kept beside it: a second session
                existing = uuid = None
            if existing is not None:  # never replace more than the file brings
                check_brings_every_hand(reader, doc, existing[0], in_trash=existing[1] is not None)
            if existing is not None and existing[1] is None:
                raise DuplicateSession(id=doc.id, session=existing[0], in_trash=False)
            if existing is not None:  # in the trash: the file takes its place
                number, rematch_of = existing[0], existing[2]
                followers = [
                    row[0]
                    for row in reader.rows(
                        "SELECT id FROM game_session WHERE rematch_of = :sid", sid=number
                    )
                ]
                kept, hand_ids = _drop(db, number)
        loaded = create_session(
            db,
            game=doc.rules,
            options=doc.options,
            player_ids=player_ids(db, list(doc.players)),
            uuid=uuid,
            started_at=started,
            started_at_iso=doc.started_at,
            session_id=number,
            rematch_of=rematch_of,
        )
        if followers:  # the rematches of the session replaced are its rematches again
            _relink(db, followers, loaded.head.id)
        # A name already stored in another spelling ("kari" for "Kari") is that
        # player: the hands are seated and scored under the stored names.
        players = loaded.players
        hands, scores, table = list(doc.hands), list(result.hand_scores), result.standings
        if players != tuple(doc.players):
            hands = [check_hand(hand, players, number) for number, hand in enumerate(hands, 1)]
            scores = [
                score_hand_at(loaded.game, loaded.options, players, hand, number)
                for number, hand in enumerate(hands, 1)
            ]
            table = standings(loaded.game, loaded.options, players, scores)
        now = utcnow()
        rows = []
        for number, (hand, score) in enumerate(zip(hands, scores, strict=True), 1):
            values = hand_values(hand, players, score, score.warnings)
            loaded.sheet.append(sheet_line(values, len(players)))
            rows.append(
                {
                    "session_id": loaded.head.id,
                    "number": number,
                    "created_at": now,
                    "updated_at": now,
                    **values,
                }
            )
        # The hands the trash had keep their ids (a deleted hand goes back
        # between the same hands); its deleted hands stay in the trash.
        again = [dict(row, id=hand_id) for row, hand_id in zip(rows, hand_ids, strict=False)]
        for part in (again, rows[len(again) :]):
            if part:
                db.connection().execute(insert(table_of(HandRow)), part)
        if kept:
            db.connection().execute(insert(table_of(HandTrashRow)), kept)
        store_state(db, loaded, table, from_hand=0)
        return view_of(loaded, table)

    return run_write(engine, work)


def _drop(db: Session, session_id: int) -> tuple[list[dict[str, Any]], list[int]]:
    """Delete session ``session_id`` (in the trash) for good, in ``db``'s
    write transaction, with everything that is its own. Returns what is to
    be put back under the same number: its deleted hands (``hand_trash``
    rows, as column → value) and the ids of its hands, by number."""
    from sqlalchemy import delete, select

    from ..tables import HandRow, HandTrashRow, SessionRow, table_of

    trash = table_of(HandTrashRow)
    hands = table_of(HandRow)
    sessions = table_of(SessionRow)
    connection = db.connection()
    kept = [
        dict(row._mapping)
        for row in connection.execute(select(trash).where(trash.c.session_id == session_id))
    ]
    ids = list(
        connection.execute(
            select(hands.c.id).where(hands.c.session_id == session_id).order_by(hands.c.number)
        ).scalars()
    )
    connection.execute(delete(trash).where(trash.c.session_id == session_id))
    connection.execute(delete(sessions).where(sessions.c.id == session_id))
    return kept, ids


def _relink(db: Session, ids: list[int], session_id: int) -> None:
    """Mark sessions ``ids`` as rematches of ``session_id`` again."""
    from sqlalchemy import update

    from ..tables import SessionRow, table_of

    sessions = table_of(SessionRow)
    db.connection().execute(
        update(sessions).where(sessions.c.id.in_(ids)).values(rematch_of=session_id)
    )
