"""What the hand-entry screen's buttons do, as plain functions (no Flet): save,
delete and undo a deletion, save a change that ends the session earlier by
deleting the hands after its new end (and undo that), each returning an
outcome for the screen to show.

Each takes the process's ``engine`` and calls the use cases in
:mod:`models.services`; run them off the event loop
(:func:`app.ui.common.run_use_case`). None raises for input or storage
faults: a refusal is an outcome (:class:`Refused`) carrying the coded error the
screen puts into words, and then nothing was saved.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.engine import Engine

from models import services
from models.errors import HandChanged, StorageCode, WarningsNeedConfirmation
from models.views import HandDetail, SessionView
from scoring import CodedError, Hand, ScoreWarning

__all__ = [
    "Deleted",
    "Dropped",
    "NeedsConfirmation",
    "Refused",
    "Saved",
    "delete",
    "save",
    "save_dropping_later",
    "undo_delete",
    "undo_dropping_later",
]


@dataclass(frozen=True, slots=True)
class Saved:
    """The hand was written; ``view`` is the session as it is now."""

    view: SessionView


@dataclass(frozen=True, slots=True)
class NeedsConfirmation:
    """Nothing was written: the hand is unlikely (RULES.md §4 warnings) and
    is saved only when the user confirms ``warnings``."""

    warnings: tuple[ScoreWarning, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """Nothing was written: ``error`` says why. ``stale`` when the hand was
    changed or deleted on another phone (the screen's copy is out of date)."""

    error: CodedError

    @property
    def stale(self) -> bool:
        """Whether another phone changed the hand meanwhile."""
        return self.error.code == StorageCode.HAND_CHANGED


@dataclass(frozen=True, slots=True)
class Deleted:
    """The hand was deleted: ``view`` is the session without it, ``hand`` the
    hand as it was stored (for :func:`undo_delete`)."""

    view: SessionView
    hand: HandDetail


@dataclass(frozen=True, slots=True)
class Dropped:
    """Hand ``number`` was changed and, so that the session could end after
    it as the change says, the hands after it were deleted: ``view`` is the
    session now, ``dropped`` the deleted hands as stored (oldest first),
    ``original`` the hand before the change and ``changed`` the hand saved
    (for :func:`undo_dropping_later`)."""

    view: SessionView
    number: int
    dropped: tuple[HandDetail, ...]
    original: Hand
    changed: Hand


def save(
    *,
    engine: Engine,
    session_id: int,
    hand: Hand,
    number: int,
    editing: bool,
    confirm: bool,
    expected: Hand | None = None,
) -> Saved | NeedsConfirmation | Refused:
    """Save ``hand`` as hand ``number``: a change of a stored hand when
    ``editing`` (refused if it is no longer ``expected``), else the next hand
    (refused if another phone saved or deleted one meanwhile)."""
    try:
        if editing:
            view = services.edit_hand(
                engine=engine,
                session_id=session_id,
                number=number,
                hand=hand,
                confirm_warnings=confirm,
                expected=expected,
            )
        else:
            view = services.record_hand(
                engine=engine,
                session_id=session_id,
                hand=hand,
                confirm_warnings=confirm,
                number=number,
            )
    except WarningsNeedConfirmation as warning:
        return NeedsConfirmation(warning.warnings)
    except CodedError as error:
        return Refused(error)
    if view.standings.finished:  # the session ended: the day's backup, if not made yet
        from app.backups import maybe_backup

        maybe_backup(engine)
    return Saved(view)


def delete(
    *, engine: Engine, session_id: int, number: int, expected: Hand | None
) -> Deleted | Refused:
    """Delete hand ``number`` (refused if it is no longer ``expected``)."""
    try:
        gone = services.delete_hand(
            engine=engine, session_id=session_id, number=number, expected=expected
        )
    except CodedError as error:
        return Refused(error)
    return Deleted(gone.view, gone.hand)


def undo_delete(*, engine: Engine, session_id: int, deleted: HandDetail) -> Saved | Refused:
    """Put a deleted hand back where it was played (once: a second undo
    changes nothing). Its warnings were confirmed when it was first saved."""
    try:
        view = services.insert_hand(
            engine=engine,
            session_id=session_id,
            number=deleted.number,
            hand=deleted.hand,
            confirm_warnings=True,
            hand_id=deleted.hand_id,
        )
    except CodedError as error:
        return Refused(error)
    return Saved(view)


def save_dropping_later(
    *,
    engine: Engine,
    session_id: int,
    number: int,
    hand: Hand,
    expected: Hand,
    seen: int,
) -> Dropped | Refused:
    """Save the change of hand ``number`` to ``hand`` that ends the session
    after it (``session_over``): the hands after ``number`` are deleted
    (the last first), then the change is saved, its warnings confirmed (the
    user confirmed them before being told the session would end).

    ``seen`` is how many hands the session had when the user chose this:
    if another phone saved or deleted one meanwhile, nothing is done
    (``hand_changed``). If the change is refused after all, the deleted hands
    are put back where they were, and the refusal is returned.
    """
    gone: list[HandDetail] = []
    try:
        view = services.open_session(engine=engine, session_id=session_id)
        if len(view.hands) != seen:
            raise HandChanged(session=session_id, hand=number)
        for later in range(seen, number, -1):
            gone.append(
                services.delete_hand(engine=engine, session_id=session_id, number=later).hand
            )
        view = services.edit_hand(
            engine=engine,
            session_id=session_id,
            number=number,
            hand=hand,
            confirm_warnings=True,
            expected=expected,
        )
    except CodedError as error:
        for detail in reversed(gone):
            undo_delete(engine=engine, session_id=session_id, deleted=detail)
        return Refused(error)
    return Dropped(view, number, tuple(reversed(gone)), expected, hand)


def undo_dropping_later(*, engine: Engine, session_id: int, dropped: Dropped) -> Saved | Refused:
    """Undo :func:`save_dropping_later`: hand ``number`` as it was, then the
    deleted hands back where they were played. Refused (nothing more done)
    when another phone changed the hand meanwhile."""
    try:
        view = services.edit_hand(
            engine=engine,
            session_id=session_id,
            number=dropped.number,
            hand=dropped.original,
            confirm_warnings=True,
            expected=dropped.changed,
        )
    except CodedError as error:
        return Refused(error)
    for detail in dropped.dropped:
        outcome = undo_delete(engine=engine, session_id=session_id, deleted=detail)
        if isinstance(outcome, Refused):
            return outcome
        view = outcome.view
    return Saved(view)
