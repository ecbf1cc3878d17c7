"""Hands: record, edit, delete, undo, and one hand in full.

Each write validates with :mod:`scoring` first and runs as one transaction: the
hand, the renumbering and the session's finished state are saved together or not
at all. A session finishes when ``scoring`` says so and reopens when an edit or a
deletion changes that.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.engine import Engine
from sqlmodel import Session

from scoring import Hand, hand_from_dict, hand_to_dict

from ..db import reading, run_write
from ..errors import HandChanged, HandNotFound, NextHandChanged
from ..tables import HandRow, utcnow
from ..views import DeletedHand, HandDetail, SessionView
from ._store import (
    Loaded,
    StoredHand,
    check_warnings,
    entry_of,
    hand_from_row,
    load,
    now_iso,
    score_cache,
    score_hand,
    seat_hand,
    store_scores,
    store_session_state,
    view_of,
    warnings_from_json,
    warnings_to_json,
)

__all__ = ["delete_hand", "edit_hand", "get_hand", "record_hand", "undo_last_hand"]


def _checked(loaded: Loaded, hand: Hand, number: int, played_at: str | None) -> Hand:
    """The hand seated, normalised through the session-file form (so that what is
    stored can always be read back), with ``played_at`` defaulted."""
    seated = seat_hand(hand, loaded.players)
    if seated.played_at is None:
        seated = dataclasses.replace(seated, played_at=played_at)
    return hand_from_dict(hand_to_dict(seated), loaded.players, loaded.game, number)


def _expect(db: Session, loaded: Loaded, number: int, expected: Hand | None) -> None:
    """Refuse to change hand ``number`` unless it is still ``expected`` (the hand
    the caller read). Raises :class:`HandNotFound`, :class:`HandChanged`."""
    if expected is None:
        return
    stored = hand_from_row(db, loaded, number)
    if hand_to_dict(stored) != hand_to_dict(seat_hand(expected, loaded.players)):
        raise HandChanged(session=loaded.row.id, hand=number)


def _columns(loaded: Loaded, hand: Hand, score: Any, warnings: Any) -> dict[str, Any]:
    players = loaded.players
    return {
        "went_out_seat": players.index(hand.went_out) if hand.went_out is not None else None,
        "entry": entry_of(hand, players),
        "rummy": hand.rummy,
        "note": hand.note,
        "played_at": hand.played_at,
        "warnings": warnings_to_json(warnings),
        "score": score_cache(score, players),
    }


def _stored(
    hand_id: int | None, number: int, entered: Hand, score: Any, columns: dict[str, Any]
) -> StoredHand:
    """The in-memory row of a hand about to be written (see :func:`_columns`)."""
    return StoredHand(
        hand_id,
        number,
        columns["went_out_seat"],
        score,
        entered.rummy,
        entered.note,
        entered.played_at,
        columns["warnings"],
    )


def record_hand(
    *,
    engine: Engine,
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
        loaded = load(db, session_id, for_update=True)
        at = len(loaded.hands) + 1
        if number is not None and number != at:
            raise NextHandChanged(session=session_id, hand=number, next=at)
        entered = _checked(loaded, hand, at, now_iso())
        score = score_hand(loaded.game, loaded.options, loaded.players, entered, at)
        warnings = check_warnings(score, at, confirmed=confirm_warnings)
        columns = _columns(loaded, entered, score, warnings)
        loaded.hands.append(_stored(None, at, entered, score, columns))
        table = loaded.standings()
        if loaded.rescored:
            store_scores(db, loaded)
        row = HandRow(session_id=session_id, number=at, **columns)
        db.add(row)
        store_session_state(db, loaded, table)
        db.flush()
        loaded.hands[-1].id = row.id
        return view_of(loaded, table)

    return run_write(engine, work)


def edit_hand(
    *,
    engine: Engine,
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

    Raises :class:`SessionNotFound`, :class:`HandNotFound`, :class:`HandChanged`,
    :class:`WarningsNeedConfirmation`, and :mod:`scoring` errors as
    :func:`record_hand` does. Nothing is written then.
    """

    def work(db: Session) -> SessionView:
        loaded = load(db, session_id, for_update=True)
        old = loaded.stored(number)
        _expect(db, loaded, number, expected)
        entered = _checked(loaded, hand, number, old.played_at)
        score = score_hand(loaded.game, loaded.options, loaded.players, entered, number)
        warnings = check_warnings(score, number, confirmed=confirm_warnings, already=old.warnings)
        columns = _columns(loaded, entered, score, warnings)
        loaded.hands[number - 1] = _stored(old.id, number, entered, score, columns)
        table = loaded.standings()
        if loaded.rescored:
            store_scores(db, loaded)
        db.exec(  # type: ignore[call-overload]
            update(HandRow).where(HandRow.id == old.id).values(updated_at=utcnow(), **columns)
        )
        store_session_state(db, loaded, table)
        db.flush()
        return view_of(loaded, table)

    return run_write(engine, work)


def delete_hand(
    *, engine: Engine, session_id: int, number: int, expected: Hand | None = None
) -> DeletedHand:
    """Delete hand ``number``; later hands move up one number and every total,
    the end and the winners are recomputed (deleting the hand that ended the
    session reopens it). ``expected`` as for :func:`edit_hand`.

    Returns the session without the hand and the hand as it was stored (with
    its ``hand_id``), for an undo (:func:`insert_hand`).

    Raises :class:`SessionNotFound`, :class:`HandNotFound`, :class:`HandChanged`,
    and :class:`scoring.HandError` (``session_over``) when without that hand the
    session would end before its last hand. Nothing is written then.
    """
    return run_write(engine, lambda db: _delete(db, session_id, number, expected))


def undo_last_hand(*, engine: Engine, session_id: int) -> SessionView:
    """Delete the session's last hand (see :func:`delete_hand`), whichever it is
    when the write transaction starts.

    Raises :class:`SessionNotFound`, :class:`HandNotFound` (``hand`` 0) when the
    session has no hands.
    """
    return run_write(engine, lambda db: _delete(db, session_id, None)).view


def insert_hand(
    *,
    engine: Engine,
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
    when a hand with that id is there already (undone already), nothing is
    written. Without it, it goes in as hand ``number`` (kept within 1 … hands
    + 1) and the later hands move down one number; when hand ``number``
    already is ``hand``, nothing is written. ``played_at`` is kept as given
    (now when it has none).

    Raises :class:`SessionNotFound`, :class:`WarningsNeedConfirmation`, and the
    :mod:`scoring` errors of :func:`record_hand` — ``session_over`` when with
    the hand back the session would end before its last hand. Nothing is
    written then.
    """

    def work(db: Session) -> SessionView:
        loaded = load(db, session_id, for_update=True)
        if hand_id is not None:
            ids = [h.id for h in loaded.hands]
            if hand_id in ids:  # already back
                return view_of(loaded, loaded.standings())
            at = 1 + sum(1 for other in ids if other is not None and other < hand_id)
        else:
            at = max(1, min(number, len(loaded.hands) + 1))
        entered = _checked(loaded, hand, at, now_iso())
        if hand_id is None and at <= len(loaded.hands):
            there = hand_from_row(db, loaded, at)
            if hand_to_dict(there) == hand_to_dict(entered):  # already back
                return view_of(loaded, loaded.standings())
        score = score_hand(loaded.game, loaded.options, loaded.players, entered, at)
        warnings = check_warnings(score, at, confirmed=confirm_warnings)
        columns = _columns(loaded, entered, score, warnings)
        loaded.hands.insert(at - 1, _stored(hand_id, at, entered, score, columns))
        for stored in loaded.hands[at:]:
            stored.number += 1
        table = loaded.standings()
        later = (HandRow.session_id == session_id) & (HandRow.number >= at)
        # Two steps so that the unique (session, number) never sees a clash.
        db.exec(update(HandRow).where(later).values(number=-HandRow.number))  # type: ignore[call-overload]
        db.exec(  # type: ignore[call-overload]
            update(HandRow)
            .where(HandRow.session_id == session_id, HandRow.number < 0)
            .values(number=-HandRow.number + 1)
        )
        row = HandRow(id=hand_id, session_id=session_id, number=at, **columns)
        db.add(row)
        if loaded.rescored:
            store_scores(db, loaded)
        store_session_state(db, loaded, table)
        db.flush()
        loaded.hands[at - 1].id = row.id
        return view_of(loaded, table)

    return run_write(engine, work)


def _delete(
    db: Session, session_id: int, number: int | None, expected: Hand | None = None
) -> DeletedHand:
    loaded = load(db, session_id, for_update=True)
    if number is None:
        if not loaded.hands:
            raise HandNotFound(session=session_id, hand=0)
        number = len(loaded.hands)
    gone = loaded.stored(number)
    _expect(db, loaded, number, expected)
    entered = hand_from_row(db, loaded, number)
    detail = HandDetail(
        session_id=session_id,
        number=number,
        hand=entered,
        score=score_hand(loaded.game, loaded.options, loaded.players, entered, number),
        warnings=warnings_from_json(gone.warnings, number),
        hand_id=gone.id,
    )
    del loaded.hands[number - 1]
    for stored in loaded.hands[number - 1 :]:
        stored.number -= 1
    table = loaded.standings()
    db.exec(delete(HandRow).where(HandRow.id == gone.id))  # type: ignore[call-overload]
    later = (HandRow.session_id == session_id) & (HandRow.number > number)
    # Two steps so that the unique (session, number) never sees a clash.
    db.exec(update(HandRow).where(later).values(number=-HandRow.number))  # type: ignore[call-overload]
    db.exec(  # type: ignore[call-overload]
        update(HandRow)
        .where(HandRow.session_id == session_id, HandRow.number < 0)
        .values(number=-HandRow.number - 1)
    )
    if loaded.rescored:
        store_scores(db, loaded)
    store_session_state(db, loaded, table)
    db.flush()
    return DeletedHand(view_of(loaded, table), detail)


def get_hand(*, engine: Engine, session_id: int, number: int) -> HandDetail:
    """Hand ``number`` as entered, freshly scored with breakdown and warnings
    (for the edit screen or to explain a score).

    Raises :class:`SessionNotFound`, :class:`HandNotFound`.
    """
    with reading(engine) as db:
        loaded = load(db, session_id, deleted=True)
        stored = loaded.stored(number)
        entered = hand_from_row(db, loaded, number)
    score = score_hand(loaded.game, loaded.options, loaded.players, entered, number)
    return HandDetail(
        session_id=session_id,
        number=number,
        hand=entered,
        score=score,
        warnings=warnings_from_json(stored.warnings, number),
        hand_id=stored.id,
    )
