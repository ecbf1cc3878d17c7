"""Hands: record, edit, delete, undo, put back from the trash, and one hand in full.

Each write validates with :mod:`scoring` first and runs as one transaction: the
hand, the renumbering, the session's finished state, its results and the score
sheet pieces it changed are saved together or not at all. A session finishes
when ``scoring`` says so and reopens when an edit or a deletion changes that.
Recording or editing a hand reads the session's score sheet (a few rows
whatever its length), scores only the hand entered and rewrites only the sheet
piece that holds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring import CodedError, Hand, ScoringError, check_hand

from ..db import Handle, Reader, from_json, read_only, run_write
from ..errors import (
    HandChanged,
    HandNotFound,
    HandNotInTrash,
    HandNotPlaceable,
    HandSessionEnded,
    HandSessionInTrash,
    NextHandChanged,
)
from ..views import DeletedHand, HandDetail, SessionView
from .codec import (
    check_warnings,
    checked_hand,
    hand_of,
    hand_values,
    now_iso,
    warnings_from_json,
)
from .loading import (
    LoadedSession,
    load,
    read_head,
    read_seats,
    rescored_in_rounds,
    score_hand_at,
    sheet_line,
    store_state,
    stored_hand,
    view_of,
)
from .purging import purge_expired

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "delete_hand",
    "edit_hand",
    "get_hand",
    "insert_hand",
    "place_hand",
    "record_hand",
    "restore_hand",
    "undo_last_hand",
]


def _insert_row(
    db: Session, session_id: int, number: int, values: dict[str, Any], **more: Any
) -> None:
    """Insert a hand row (``values`` from :func:`~models.services.codec.hand_values`)."""
    from sqlalchemy import insert

    from ..tables import HandRow, table_of, utcnow

    now = utcnow()
    db.connection().execute(
        insert(table_of(HandRow)).values(
            session_id=session_id, number=number, created_at=now, updated_at=now, **values, **more
        )
    )


def _shift(db: Session, session_id: int, first: int, by: int) -> None:
    """Add ``by`` (±1) to the number of every hand from ``first`` on, in two
    steps so that the unique (session, number) never sees a clash."""
    from sqlalchemy import update

    from ..tables import HandRow, table_of

    hand = table_of(HandRow).c
    connection = db.connection()
    connection.execute(
        update(table_of(HandRow))
        .where(hand.session_id == session_id, hand.number >= first)
        .values(number=-hand.number)
    )
    connection.execute(
        update(table_of(HandRow))
        .where(hand.session_id == session_id, hand.number < 0)
        .values(number=-hand.number + by)
    )


def _expect(stored: Hand, loaded: LoadedSession, number: int, expected: Hand | None) -> None:
    """Refuse to change hand ``number`` (``stored``, as read in the write
    transaction) unless it is still ``expected`` (the hand the caller read).
    Raises :class:`HandChanged`."""
    if expected is None:
        return
    try:
        same = stored == check_hand(expected, loaded.players, number, stored=True)
    except CodedError:  # an expected hand that is not a hand is not the stored one
        same = False
    if not same:
        raise HandChanged(session=loaded.head.id, hand=number)


def record_hand(
    *,
    engine: Handle,
    session_id: int,
    hand: Hand,
    confirm_warnings: bool = False,
    number: int | None = None,
) -> SessionView:
    """Validate ``hand`` with :mod:`scoring` and save it as the session's next hand.

    Player names in ``hand`` match the seats case-insensitively. ``played_at``
    defaults to now. The next hand number is taken inside the write transaction
    (the database write lock on SQLite, a row lock elsewhere, plus a retry if
    two writers still collide), so concurrent writers never lose a hand or
    duplicate a number. Returns the session with its new standings; the session
    is marked finished when ``scoring`` says the hand ended it.

    Raises :class:`SessionNotFound`; :class:`WarningsNeedConfirmation` when the
    hand has warnings and ``confirm_warnings`` is false; :class:`scoring.HandError`
    / :class:`scoring.CardParseError` / :class:`scoring.SessionFileError` for input
    the rules cannot score (``hand`` set to the new number), including
    ``session_over`` when the session has already ended. With ``number`` (the
    hand number the caller is entering), :class:`NextHandChanged` when the
    session's next hand is another one (another phone saved or deleted a
    hand meanwhile). Nothing is written then.
    """

    def work(db: Session) -> SessionView:
        loaded = load(db, session_id)
        at = len(loaded.sheet) + 1
        if number is not None and number != at:
            raise NextHandChanged(session=session_id, hand=number, next=at)
        entered = checked_hand(hand, loaded.players, at, now_iso())
        score = score_hand_at(loaded.game, loaded.options, loaded.players, entered, at)
        warnings = check_warnings(score, at, confirmed=confirm_warnings)
        values = hand_values(entered, loaded.players, score, warnings)
        loaded.sheet.append(sheet_line(values, len(loaded.players)))
        table = loaded.standings()
        _insert_row(db, session_id, at, values)
        store_state(db, loaded, table, from_hand=at - 1)
        return view_of(loaded, table)

    return run_write(engine, work)


def edit_hand(
    *,
    engine: Handle,
    session_id: int,
    number: int,
    hand: Hand,
    confirm_warnings: bool = False,
    expected: Hand | None = None,
) -> SessionView:
    """Replace hand ``number`` with ``hand`` and recompute everything after it.

    With ``expected`` (the hand as the caller read it, e.g. when an edit screen
    opened), the change is refused with :class:`HandChanged` when hand
    ``number`` is no longer that hand: another phone changed it, or deleted it
    and the next hand moved up to its number.

    Every later running total, the end of the session and its winners follow
    from the new input; a finished session can reopen (or finish earlier — but
    an edit that would end it before its last hand is refused by ``scoring``
    with ``session_over``). ``played_at`` is kept when ``hand`` has none.
    Warnings the user already confirmed for this hand need no new confirmation.
    Only the edited hand is scored: the others' points come from the score
    sheet.

    Raises :class:`SessionNotFound`, :class:`HandNotFound`, :class:`HandChanged`,
    :class:`WarningsNeedConfirmation`, and :mod:`scoring` errors as
    :func:`record_hand` does. Nothing is written then.
    """

    def work(db: Session) -> SessionView:
        from sqlalchemy import update

        from ..tables import HandRow, table_of, utcnow

        loaded = load(db, session_id, lines=(number - 1, number - 1))
        loaded.check_number(number)
        if expected is not None:
            _, stored, _ = stored_hand(
                Reader.of(db), session_id, number, loaded.players, loaded.game
            )
            _expect(stored, loaded, number, expected)
        index = number - 1
        entered = checked_hand(hand, loaded.players, number, loaded.sheet.at(index))
        score = score_hand_at(loaded.game, loaded.options, loaded.players, entered, number)
        warnings = check_warnings(
            score, number, confirmed=confirm_warnings, already=loaded.sheet.warnings(index)
        )
        values = hand_values(entered, loaded.players, score, warnings)
        loaded.sheet.replace(index, sheet_line(values, len(loaded.players)))
        table = loaded.standings()
        hand_table = table_of(HandRow)
        db.connection().execute(
            update(hand_table)
            .where(hand_table.c.session_id == session_id, hand_table.c.number == number)
            .values(updated_at=utcnow(), **values)
        )
        store_state(db, loaded, table, from_hand=index, to_hand=index)
        return view_of(loaded, table)

    return run_write(engine, work)


def delete_hand(
    *, engine: Handle, session_id: int, number: int, expected: Hand | None = None
) -> DeletedHand:
    """Delete hand ``number``; later hands move up one number and every total,
    the end and the winners are recomputed (deleting the hand that ended the
    session reopens it). ``expected`` as for :func:`edit_hand`.

    The hand goes to the trash (:mod:`models.services.trash`: kept
    :data:`~models.services.purging.KEEP_DAYS` days, counted nowhere meanwhile).
    Returns the session without the hand and the hand as it was stored (with
    its ``hand_id``), for an undo (:func:`insert_hand`, or
    :func:`~models.services.trash.restore_hand`).

    Raises :class:`SessionNotFound`, :class:`HandNotFound`, :class:`HandChanged`,
    and :class:`scoring.HandError` (``session_over``) when without that hand the
    session would end before its last hand. Nothing is written then.
    """
    return run_write(engine, lambda db: _delete(db, session_id, number, expected))


def undo_last_hand(*, engine: Handle, session_id: int) -> SessionView:
    """Delete the session's last hand (see :func:`delete_hand`; it goes to the
    trash), whichever it is when the write transaction starts.

    Raises :class:`SessionNotFound`, :class:`HandNotFound` (``hand`` 0) when the
    session has no hands.
    """
    return run_write(engine, lambda db: _delete(db, session_id, None)).view


def insert_hand(
    *,
    engine: Handle,
    session_id: int,
    number: int,
    hand: Hand,
    confirm_warnings: bool = False,
    hand_id: int | None = None,
) -> SessionView:
    """Put ``hand`` back in, in one transaction: the undo of :func:`delete_hand`.

    With ``hand_id`` (the deleted hand's :attr:`HandDetail.hand_id`) it goes
    back under that id, among the others in the order of their ids — where it
    was played, whatever was deleted or added since (on another phone) — and
    out of the trash; when a hand with that id is there already (undone
    already), nothing is written; when its session has ended since it was
    deleted, it is refused with :class:`HandSessionEnded`. Without it, it
    goes in as hand ``number`` (kept within 1 … hands + 1) and the later
    hands move down one number; when hand ``number`` already is ``hand``,
    nothing is written. ``played_at`` is kept as given
    (now when it has none).

    Raises :class:`SessionNotFound`, :class:`HandSessionEnded`,
    :class:`WarningsNeedConfirmation`, and the
    :mod:`scoring` errors of :func:`record_hand` — ``session_over`` when with
    the hand back the session would end before its last hand. Nothing is
    written then.
    """

    def work(db: Session) -> SessionView:
        reader = Reader.of(db)
        ids = "SELECT COUNT(*) FROM hand WHERE session_id = :sid AND id {} :id"
        if hand_id is not None:
            if reader.value(ids.format("="), sid=session_id, id=hand_id):  # already back
                loaded = load(db, session_id)
                return view_of(loaded, loaded.standings())
            at = 1 + reader.value(ids.format("<"), sid=session_id, id=hand_id)
        else:
            count = reader.value(
                "SELECT COUNT(*) FROM hand WHERE session_id = :sid", sid=session_id
            )
            at = max(1, min(number, count + 1))
        loaded = load(db, session_id, lines=(at - 1, None))
        entered = checked_hand(hand, loaded.players, at, now_iso())
        if hand_id is None and at <= len(loaded.sheet):
            _, there, _ = stored_hand(reader, session_id, at, loaded.players, loaded.game)
            if there == entered:  # already back
                return view_of(loaded, loaded.standings())
        if hand_id is not None:
            check_not_ended(reader, loaded, hand_id, at)
        return place_hand(db, loaded, at, entered, confirm_warnings, hand_id)

    return run_write(engine, work)


def check_not_ended(reader: Reader, loaded: LoadedSession, hand_id: int, at: int) -> None:
    """Refuse to put hand ``hand_id`` (in the trash) back as hand ``at`` when
    its session has ended since it was deleted: raises
    :class:`HandSessionEnded`. A hand not in the trash passes."""
    was = reader.first(
        "SELECT session_finished FROM hand_trash WHERE id = :id AND session_id = :sid",
        id=hand_id,
        sid=loaded.head.id,
    )
    if was is not None and loaded.head.finished_at is not None and not was[0]:
        raise HandSessionEnded(session=loaded.head.id, hand=at, id=f"H{hand_id}")


def place_hand(
    db: Session,
    loaded: LoadedSession,
    at: int,
    entered: Hand,
    confirm_warnings: bool,
    hand_id: int | None,
) -> SessionView:
    """Insert the checked hand ``entered`` as hand ``at`` of ``loaded`` (its
    sheet read from ``at``) in ``db``'s write transaction — later hands move
    down one number — under ``hand_id`` when given (and out of the trash).
    Raises :class:`WarningsNeedConfirmation` and :mod:`scoring` errors
    (``session_over``)."""
    from sqlalchemy import delete

    from ..tables import HandTrashRow, table_of

    session_id = loaded.head.id
    score = score_hand_at(loaded.game, loaded.options, loaded.players, entered, at)
    warnings = check_warnings(score, at, confirmed=confirm_warnings)
    values = hand_values(entered, loaded.players, score, warnings)
    loaded.sheet.insert(at - 1, sheet_line(values, len(loaded.players)))
    table = loaded.standings()
    _shift(db, session_id, at, +1)
    _insert_row(db, session_id, at, values, **({"id": hand_id} if hand_id is not None else {}))
    moved = rescored_in_rounds(db, loaded)  # the later hands are later rounds now
    if moved is not loaded:
        loaded, table = moved, moved.standings()
    store_state(db, loaded, table, from_hand=at - 1)
    if hand_id is not None:
        trash = table_of(HandTrashRow)
        db.connection().execute(delete(trash).where(trash.c.id == hand_id))
    return view_of(loaded, table)


def _to_trash(db: Session, hand_id: int, *, finished: bool) -> None:
    """Copy hand row ``hand_id`` into the trash (``hand_trash``), deleted now;
    ``finished``: whether its session has ended without it."""
    from sqlalchemy import insert, literal, select

    from ..tables import HandRow, HandTrashRow, table_of, utcnow

    hand = table_of(HandRow)
    columns = ["id", "session_id", "number", "went_out_seat", "entry", "note"]
    columns += ["played_at", "warnings", "created_at"]
    db.connection().execute(
        insert(table_of(HandTrashRow)).from_select(
            [*columns, "deleted_at", "session_finished"],
            select(
                *(hand.c[name] for name in columns),
                literal(utcnow(), table_of(HandTrashRow).c.deleted_at.type),
                literal(finished, table_of(HandTrashRow).c.session_finished.type),
            ).where(hand.c.id == hand_id),
        )
    )


def _delete(
    db: Session, session_id: int, number: int | None, expected: Hand | None = None
) -> DeletedHand:
    """Delete hand ``number`` (the last one when ``None``) in ``db``'s write
    transaction: the hand row goes, later hands move up, the session's state,
    results and sheet follow. Returns the session without it and the hand as
    stored (for an undo)."""
    from sqlalchemy import delete

    from ..tables import HandRow, table_of

    loaded = load(db, session_id, lines=None if number is None else (number - 1, None))
    if number is None:
        if not len(loaded.sheet):
            raise HandNotFound(session=session_id, hand=0)
        number = len(loaded.sheet)
    loaded.check_number(number)
    hand_id, entered, warnings = stored_hand(
        Reader.of(db), session_id, number, loaded.players, loaded.game
    )
    _expect(entered, loaded, number, expected)
    detail = HandDetail(
        session_id=session_id,
        number=number,
        hand=entered,
        score=score_hand_at(loaded.game, loaded.options, loaded.players, entered, number),
        warnings=warnings_from_json(warnings, number),
        hand_id=hand_id,
    )
    loaded.sheet.delete(number - 1)
    table = loaded.standings()
    purge_expired(db)
    _to_trash(db, hand_id, finished=table.finished)
    db.connection().execute(delete(table_of(HandRow)).where(table_of(HandRow).c.id == hand_id))
    _shift(db, session_id, number + 1, -1)
    moved = rescored_in_rounds(db, loaded)  # the later hands are earlier rounds now
    if moved is not loaded:
        loaded, table = moved, moved.standings()
    store_state(db, loaded, table, from_hand=number - 1)
    return DeletedHand(view_of(loaded, table), detail)


def get_hand(*, engine: Handle, session_id: int, number: int) -> HandDetail:
    """Hand ``number`` as entered, freshly scored with breakdown and warnings
    (for the edit screen or to explain a score). Sessions in the trash too.

    Raises :class:`SessionNotFound`, :class:`HandNotFound`.
    """
    from .snapshots import session_game

    with read_only(engine) as reader:
        head = read_head(reader, session_id, deleted=True)
        players, _ = read_seats(reader, session_id)
        game = session_game(head.game_id, head.definition)
        hand_id, entered, warnings = stored_hand(reader, session_id, number, players, game)
    options = game.options_from_dict(head.options)
    return HandDetail(
        session_id=session_id,
        number=number,
        hand=entered,
        score=score_hand_at(game, options, players, entered, number),
        warnings=warnings_from_json(warnings, number),
        hand_id=hand_id,
    )


def restore_hand(*, engine: Handle, hand_id: int) -> SessionView:
    """Put hand ``hand_id`` back from the trash where it was played (among its
    session's hands in the order of their ids; later hands move down one
    number) and return its session with the new standings. Its warnings were
    confirmed when it was first saved.

    Raises :class:`HandNotInTrash` (not there, or past its purge date),
    :class:`HandSessionInTrash` (restore the session first),
    :class:`HandSessionEnded` (the session has ended since the hand was
    deleted) and :class:`HandNotPlaceable` (with the hand back the session
    would end before its last hand, RULES.md). Nothing is written then.
    """

    def work(db: Session) -> SessionView:
        purge_expired(db)
        reader = Reader.of(db)
        row = reader.first(
            "SELECT session_id, number, entry, went_out_seat, note, played_at "
            "FROM hand_trash WHERE id = :id",
            id=hand_id,
        )
        if row is None:
            raise HandNotInTrash(id=f"H{hand_id}")
        session_id, number, entry, seat, note, played_at = row
        key = f"H{hand_id}"
        head = read_head(reader, session_id, deleted=True, lock=True)
        if head.deleted_at is not None:
            raise HandSessionInTrash(session=session_id, hand=number, id=key)
        at = 1 + reader.value(
            "SELECT COUNT(*) FROM hand WHERE session_id = :sid AND id < :id",
            sid=session_id,
            id=hand_id,
        )
        loaded = load(db, session_id, lines=(at - 1, None))
        check_not_ended(reader, loaded, hand_id, at)
        players, _ = read_seats(reader, session_id)
        try:
            hand = hand_of(
                from_json(entry),
                went_out_seat=seat,
                note=note,
                played_at=played_at,
                players=players,
                game=loaded.game,
                number=at,
            )
            entered = checked_hand(hand, loaded.players, at)
            return place_hand(db, loaded, at, entered, True, hand_id)
        except ScoringError:
            raise HandNotPlaceable(session=session_id, hand=at, id=key) from None

    return run_write(engine, work)
