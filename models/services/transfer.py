"""Export and import of sessions as SESSION_FORMAT.md documents (backup, restore,
moving to another phone).

An import is validated completely (format, cards, rules) before anything is
written, and then written in one transaction: a bad file changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from scoring import SessionDoc, read_session, score_session, standings, write_session

from ..db import reading, run_write
from ..errors import DuplicateSession, ImportInvalid, ImportTooLarge
from ..files import IMPORT_LIMIT, read_import_source
from ..tables import HandRow, SessionRow
from ..views import SessionView
from ._store import (
    StoredHand,
    entry_of,
    hand_of,
    load,
    score_cache,
    score_hand,
    seat_hand,
    store_session_state,
    view_of,
    warnings_to_json,
)
from .sessions import _player_ids, create_session

__all__ = [
    "IMPORT_LIMIT",
    "export_session",
    "import_session",
    "read_import_source",
    "session_doc",
]

"""Largest session file accepted, in bytes (refused before parsing)."""


def session_doc(*, engine: Engine, session_id: int) -> SessionDoc:
    """The session as a :class:`scoring.SessionDoc` (what was entered, with its
    UUID and start time), for writers of any export format.

    Sessions in the trash can be exported too. Raises :class:`SessionNotFound`.
    """
    with reading(engine) as db:
        loaded = load(db, session_id, deleted=True)
        rows = db.exec(
            select(
                HandRow.number,
                HandRow.entry,
                HandRow.went_out_seat,
                HandRow.rummy,
                HandRow.note,
                HandRow.played_at,
            )
            .where(HandRow.session_id == session_id)
            .order_by(HandRow.number)
        ).all()
        row = loaded.row
        hands = tuple(
            hand_of(
                entry,
                went_out_seat=seat,
                rummy=rummy,
                note=note,
                played_at=played_at,
                players=loaded.players,
                game=loaded.game,
                number=number,
            )
            for number, entry, seat, rummy, note, played_at in rows
        )
        return SessionDoc(
            game=loaded.game.id,
            options=loaded.options,
            players=loaded.players,
            hands=hands,
            id=row.uuid,
            started_at=row.started_at_iso,
            definition=getattr(loaded.game, "definition", None),
        )


def export_session(*, engine: Engine, session_id: int) -> str:
    """The session as canonical SESSION_FORMAT.md JSON text (UTF-8, final newline).

    Export → import → export gives the same text. Raises :class:`SessionNotFound`.
    """
    return write_session(session_doc(engine=engine, session_id=session_id))


def _started(doc: SessionDoc) -> datetime | None:
    if doc.started_at is None:
        return None
    return datetime.fromisoformat(doc.started_at).astimezone(UTC)


def import_session(*, engine: Engine, data: bytes | str, limit: int = IMPORT_LIMIT) -> SessionView:
    """Store a session document (SESSION_FORMAT.md) as a new session.

    The document is size-checked, read strictly and scored completely before
    anything is written; warnings in it count as confirmed (they were entered
    that way). A document without ``id`` gets a new UUID.

    Raises :class:`ImportTooLarge` (over ``limit`` bytes), :class:`ImportInvalid`
    (not UTF-8 text), :class:`scoring.SessionFileError` (bad JSON, unknown
    ``version``, wrong types…), :class:`scoring.OptionError` (bad options, player
    count or names: the one name rule, :func:`scoring.check_name`),
    :class:`scoring.CardParseError`, :class:`scoring.HandError` (with hand,
    player and card), :class:`DuplicateSession` when a session with the same
    ``id`` is stored (in the trash too). The database is unchanged then.
    """
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > limit:
        raise ImportTooLarge(limit=limit, size=size)
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ImportInvalid(detail=f"not UTF-8 text (byte {error.start})") from None
    else:
        text = data
    doc = read_session(text)  # names checked by the one name rule
    result = score_session(doc)
    started = _started(doc)

    def work(db: Session) -> SessionView:
        if doc.id is not None:
            existing = db.exec(
                select(SessionRow.id, SessionRow.deleted_at).where(SessionRow.uuid == doc.id)
            ).first()
            if existing is not None:
                raise DuplicateSession(
                    id=doc.id, session=existing[0], in_trash=existing[1] is not None
                )
        loaded = create_session(
            db,
            game=doc.rules,
            options=doc.options,
            player_ids=_player_ids(db, list(doc.players)),
            uuid=doc.id,
            started_at=started,
            started_at_iso=doc.started_at,
        )
        # A name already stored in another spelling ("kari" for "Kari") is that
        # player: the hands are seated and scored under the stored names.
        players = loaded.players
        hands, scores, table = list(doc.hands), list(result.hand_scores), result.standings
        if players != tuple(doc.players):
            hands = [seat_hand(hand, players) for hand in hands]
            scores = [
                score_hand(loaded.game, loaded.options, players, hand, number)
                for number, hand in enumerate(hands, 1)
            ]
            table = standings(loaded.game, loaded.options, players, scores)
        rows: list[HandRow] = []
        for number, (hand, score) in enumerate(zip(hands, scores, strict=True), 1):
            warnings = warnings_to_json(score.warnings)
            seat = players.index(hand.went_out) if hand.went_out is not None else None
            rows.append(
                HandRow(
                    session_id=loaded.row.id,
                    number=number,
                    went_out_seat=seat,
                    entry=entry_of(hand, players),
                    rummy=hand.rummy,
                    note=hand.note,
                    played_at=hand.played_at,
                    warnings=warnings,
                    score=score_cache(score, players),
                )
            )
            loaded.hands.append(
                StoredHand(
                    None, number, seat, score, hand.rummy, hand.note, hand.played_at, warnings
                )
            )
        db.add_all(rows)
        store_session_state(db, loaded, table)
        db.flush()
        return view_of(loaded, table)

    return run_write(engine, work)
