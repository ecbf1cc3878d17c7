"""The session list's flows, in plain Python: delete a session (undone from
the list, in the place it had), import a session file a family was sent, and
open a finished session's rematch form; and how the list is laid out.

Each flow takes the tab's :class:`~app.ui.state.AppState` and the screen's
:class:`~app.ui.state.ports.Ports`. None raises for input or storage faults:
a refusal is a notice in words (:func:`app.messages.describe_error`, the
describer the command line uses too), and then nothing was changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from app.i18n import _, join_names, ngettext
from app.messages import describe_error, describe_sheet_warnings, game_name
from app.session_checks import check_session_file
from scoring import CodedError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.app_state import AppState
    from app.ui.state.ports import Ports
    from models.views import SessionSummary, SessionView

__all__ = [
    "DELETED",
    "IMPORTED",
    "IMPORT_REFUSED",
    "Entry",
    "KeepBoth",
    "PutBack",
    "delete_session",
    "import_file",
    "list_entries",
    "load_sessions",
    "open_rematch",
    "start_new",
]

#: Semantics ids (and notice identifiers) of the list's notices.
DELETED = "session-deleted"
IMPORTED = "session-imported"
IMPORT_REFUSED = "import-refused"
DELETE_REFUSED = "session-delete-refused"


def describe_session(item: SessionSummary) -> str:
    """ "Rummy with Kari and Ola": a session named as a person would."""
    return _(
        "{game} with {players}",
        game=game_name(item.definition or item.game_id),
        players=join_names(item.players),
    )


class PutBack:
    """The undo of a session's deletion (a notice's ``undo``): puts the
    session back from the trash and has the list reload. Knows where the
    session stood, so that the list shows the notice in its place:
    ``item`` (the session as it was listed) and ``before`` (the id of the
    session listed after it in its section, ``None`` when it was the last)."""

    __slots__ = ("app", "before", "item", "ports")

    def __init__(
        self, app: AppState, ports: Ports, item: SessionSummary, before: int | None
    ) -> None:
        self.app = app
        self.ports = ports
        self.item = item
        self.before = before

    async def __call__(self) -> str:
        """Put it back: ``""``, or a sentence saying why it could not be (it
        was deleted for good on another phone meanwhile…)."""
        from models import services

        try:
            await self.ports.run(services.restore_session, session_id=self.item.id)
        except CodedError as problem:
            return describe_error(problem, ids=False)
        self.ports.tell(self.item.id)
        self.app.changed()
        return ""


async def delete_session(
    app: AppState, ports: Ports, item: SessionSummary, listed: Sequence[SessionSummary]
) -> bool:
    """Move the session ``item`` (one of ``listed``, the list on show) to the
    trash, and say so in its place in the list with an undo that puts it
    back (:class:`PutBack`), as a deleted hand is put back from its notice on
    the session screen. Returns whether it was deleted; when it was refused,
    a notice says why and nothing changed."""
    from models import services

    try:
        await ports.run(services.delete_session, session_id=item.id)
    except CodedError as problem:  # a typed storage error: say it, change nothing
        app.notify(DELETE_REFUSED, describe_error(problem, ids=False), session_id=None)
        return False
    ports.tell(item.id)
    section = [i for i in listed if i.finished == item.finished]
    after = section[section.index(item) + 1 :] if item in section else []
    app.notify(
        DELETED,
        _("{session} moved to the trash", session=describe_session(item)),
        session_id=None,
        undo=PutBack(app, ports, item, after[0].id if after else None),
    )
    app.changed()
    return True


class KeepBoth:
    """The way out of a refused import of an older export (a session stored,
    or in the trash, with hands the file does not have; issue 26): the
    notice's *Keep both* stores the file ``name`` (``data``) as a second
    session beside the stored one (``kortpoeng import --as-new``) and opens
    it; the stored session stays as it was."""

    __slots__ = ("app", "data", "name", "ports")

    def __init__(self, app: AppState, ports: Ports, name: str, data: bytes) -> None:
        self.app = app
        self.ports = ports
        self.name = name
        self.data = data

    async def __call__(self) -> str:
        """Import it as a new session: ``""`` (:func:`import_file` has said
        what happened, on its own notice)."""
        await import_file(self.app, self.ports, name=self.name, data=self.data, as_new=True)
        return ""


async def import_file(
    app: AppState, ports: Ports, *, name: str, data: bytes | None, as_new: bool = False
) -> SessionView | None:
    """Store the session file ``name`` (its contents ``data``, ``None`` when
    the device could not read it) with the checks of ``kortpoeng import``
    (:func:`models.services.import_session`: size, format, players, cards,
    rules, a session stored already) and open it, with a notice naming the
    file. Returns the session stored; ``None`` when refused, with a notice
    on the list saying why (nothing stored, nothing changed). An older export
    of a session stored with more hands is refused with *Keep both*
    (:class:`KeepBoth`); ``as_new`` stores the file as a second session."""
    from models import services
    from models.errors import StoredSessionHasMore

    if data is None:
        app.notify(
            IMPORT_REFUSED,
            _("{file} could not be read; nothing was imported", file=name),
            session_id=None,
        )
        return None
    try:
        await ports.run(check_session_file, data=data)  # its names, as the command line's
        view: SessionView = await ports.run(services.import_session, data=data, as_new=as_new)
    except CodedError as problem:
        text = _(
            "{file} was not imported: {reason}",
            file=name,
            reason=describe_error(problem, ids=False),
        )
        if isinstance(problem, StoredSessionHasMore):  # the way out: a second session
            app.notify(
                IMPORT_REFUSED,
                _("{refusal}. Keep both stores the file as a second session", refusal=text),
                session_id=None,
                undo=KeepBoth(app, ports, name, data),
                action=_("Keep both"),
            )
            return None
        app.notify(IMPORT_REFUSED, text, session_id=None)
        return None
    ports.tell(view.id)
    app.saved(view)
    app.notify(IMPORTED, imported_text(name, view), session_id=view.id)
    ports.go(f"/session/{view.id}")
    return view


def imported_text(name: str, view: SessionView) -> str:
    """The notice of a session imported from the file ``name``: its hands,
    and the first warning of its hands (a file's hands are stored as it has
    them; what the hand screen would have asked about is said, RULES.md §4),
    with how many more there are.

    >>> from types import SimpleNamespace
    >>> from app.i18n import use_language
    >>> from scoring import ScoreWarning
    >>> odd = ScoreWarning("round_cards", player="Bo", count=14, expected=3)
    >>> hands = [SimpleNamespace(warnings=(odd, odd)), SimpleNamespace(warnings=())]
    >>> with use_language("en"):
    ...     print(imported_text("kp.json", SimpleNamespace(hands=hands)))
    ...     print(imported_text("kp.json", SimpleNamespace(hands=hands[1:])))
    Imported from kp.json: 2 hands. Hand 1: Bo has 14 cards left, but this
    round dealt 3 (and 1 more warning)
    Imported from kp.json: 1 hand
    """
    said = ngettext(
        "Imported from {file}: {n} hand",
        "Imported from {file}: {n} hands",
        len(view.hands),
        file=name,
    )
    warnings = describe_sheet_warnings(view.hands)
    if not warnings:
        return said
    said = f"{said}. {warnings[0]}"
    if len(warnings) > 1:
        said += " " + ngettext(
            "(and {n} more warning)", "(and {n} more warnings)", len(warnings) - 1
        )
    return said


#: Sessions the list shows (the newest first).
LISTED = 50


def load_sessions(engine: Engine) -> tuple[SessionSummary, ...]:
    """The sessions the list shows: the :data:`LISTED` newest
    (:func:`models.services.list_sessions`)."""
    from models import services

    return tuple(services.list_sessions(engine=engine, limit=LISTED).items)


def start_new(app: AppState, ports: Ports) -> None:
    """*New session* on the list: the new-session form, as it was left,
    except that a form filled for a rematch is emptied (a new session is
    asked for, not the rematch)."""
    app.new_session.forget_rematch()
    ports.go("/new")


def open_rematch(app: AppState, ports: Ports, view: SessionView) -> None:
    """Rematch on a finished session: the new-session form, filled from it
    (:meth:`~app.ui.state.NewSessionDraft.prefill_rematch`); one tap on its
    Start starts the rematch."""
    app.new_session.prefill_rematch(view)
    ports.go("/new")


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the session list: a section's title (``kind`` ``title``,
    ``finished`` says which), a session (``session``: ``item``) or, in the
    place the deleted session had, the notice of its deletion (``deleted``:
    ``undo``, whose notice the screen shows)."""

    kind: Literal["title", "session", "deleted"]
    finished: bool
    item: SessionSummary | None = None
    undo: PutBack | None = None


def list_entries(items: Sequence[SessionSummary], app: AppState) -> list[Entry]:
    """The list as shown: the sessions in progress, then the finished ones,
    each under its title; the session just deleted (the notice on show is its
    deletion, :class:`PutBack`) is said in its place — before the session
    that was listed after it, else at the end of its section (whose title
    shows even when the section is now empty)."""
    notice = app.notice
    undo = notice.undo if notice is not None and isinstance(notice.undo, PutBack) else None
    entries: list[Entry] = []
    for finished in (False, True):
        section = [i for i in items if i.finished == finished]
        gone = undo if undo is not None and undo.item.finished == finished else None
        if gone is not None and any(i.id == gone.item.id for i in section):
            gone = None  # back already (put back on another phone): no notice in the list
        if not section and gone is None:
            continue
        entries.append(Entry("title", finished))
        placed = False
        for item in section:
            if gone is not None and not placed and item.id == gone.before:
                entries.append(Entry("deleted", finished, undo=gone))
                placed = True
            entries.append(Entry("session", finished, item=item))
        if gone is not None and not placed:
            entries.append(Entry("deleted", finished, undo=gone))
    return entries
