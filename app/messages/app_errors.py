"""Sentences for the errors of the storage services, game links and the hand
entry screen (:class:`models.errors.StorageCode`, :class:`app.game_link.LinkCode`,
:class:`DraftCode`)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum, unique
from typing import Any

from app.game_link import LinkCode
from app.i18n import N_, _, format_number, ngettext
from app.messages._echo import _count, _number_param, _path, _shown
from app.messages.games import option_name
from app.messages.scoring_errors import Describer, points_not_whole
from models.errors import StorageCode
from scoring import CodedError
from scoring.codes import ErrorCode


@unique
class DraftCode(StrEnum):
    """What a screen refuses before its input reaches scoring: the hand
    entry's, and a typed number that is no sum (``not_a_sum``)."""

    WENT_OUT_MISSING = "went_out_missing"
    RUN_PENDING = "run_pending"
    RUN_UNFINISHED = "run_unfinished"
    NOT_A_SUM = "not_a_sum"


class DraftError(CodedError):
    """Input a screen refuses before asking :mod:`scoring` or the
    services: a :class:`DraftCode` and ``params`` (``ace``: an ace's rank is
    still to be chosen; ``option`` and ``value``: an option's typed text that
    is not a sum of whole numbers)."""

    def __init__(self, code: DraftCode, **params: Any) -> None:
        super().__init__(code.value)
        self.code = DraftCode(code)
        self.params = params


def _run_unfinished(e: Any, p: Mapping[str, Any]) -> str:
    if p.get("ace"):
        return _("Choose what the ace stands for first")
    return _("Finish this run (three ranks) or undo its ranks first")


def _bad_points(e: Any, p: Mapping[str, Any]) -> str:
    value = p.get("value")
    if isinstance(value, str):  # typed in a "Type points" field: say what is wrong with it
        text = value.strip()
        if not text:
            return _("Type the points for {player}", player=_shown(e.player or ""))
        if isinstance(p.get("sum"), int):  # read, but below 0
            return _(
                "{player}: “{text}” adds up to {sum}; points must be 0 or more",
                player=_shown(e.player or ""),
                text=_shown(text),
                sum=format_number(p["sum"]),
            )
        return _(
            "{player}: “{text}” is not a sum of whole numbers",
            player=_shown(e.player or ""),
            text=_shown(text),
        )
    return points_not_whole(value)


def _duplicate_session(e: Any, p: Mapping[str, Any]) -> str:
    session = _number_param(p, "session")
    if not p.get("id"):  # (the app names a session by its number only)
        if p.get("in_trash"):
            return _(
                "This session is already stored as number {session}, in the trash", session=session
            )
        return _("This session is already stored as number {session}", session=session)
    if p.get("in_trash"):
        return _(
            "This session is already stored as number {session} ({id}), in the trash",
            session=session,
            id=p.get("id", ""),
        )
    return _(
        "This session is already stored as number {session} ({id})",
        session=session,
        id=p.get("id", ""),
    )


def _stored_session_has_more(e: Any, p: Mapping[str, Any]) -> str:
    """A file older than the session stored (or in the trash) under its id:
    which session, how many hands each has, and what importing would lose
    (issue 26). The way out (a second session) is the caller's to offer."""
    session, trash = _number_param(p, "session"), bool(p.get("in_trash"))
    stored, file, hand = _count(p, "stored"), _count(p, "file"), _count(p, "hand")
    facts = {
        "session": session,
        "stored": format_number(stored),
        "file": format_number(file),
        "hand": format_number(hand),
        "last": format_number(stored),
    }
    if hand <= file:  # a hand entered otherwise than in the file
        if trash:
            return _(
                "Session {session} in the trash has a hand {hand} other than this file's "
                "(changed or deleted after the file was made): importing the file would lose "
                "it, so nothing was imported",
                **facts,
            )
        return _(
            "Session {session} is stored with a hand {hand} other than this file's "
            "(changed or deleted after the file was made): importing the file would lose it, "
            "so nothing was imported",
            **facts,
        )
    if not file:
        if trash:
            return ngettext(
                "Session {session} in the trash has {n} hand and this file none: importing "
                "the file would lose it, so nothing was imported",
                "Session {session} in the trash has {n} hands and this file none: importing "
                "the file would lose them, so nothing was imported",
                stored,
                **facts,
            )
        return ngettext(
            "Session {session} is stored with {n} hand and this file has none: importing "
            "the file would lose it, so nothing was imported",
            "Session {session} is stored with {n} hands and this file has none: importing "
            "the file would lose them, so nothing was imported",
            stored,
            **facts,
        )
    if trash:
        return ngettext(
            "Session {session} in the trash has {stored} hands, this file {file}: importing "
            "the file would lose hand {hand}, so nothing was imported",
            "Session {session} in the trash has {stored} hands, this file {file}: importing "
            "the file would lose hands {hand}–{last}, so nothing was imported",
            stored - file,
            **facts,
        )
    return ngettext(
        "Session {session} is stored with {stored} hands, this file has {file}: importing "
        "the file would lose hand {hand}, so nothing was imported",
        "Session {session} is stored with {stored} hands, this file has {file}: importing "
        "the file would lose hands {hand}–{last}, so nothing was imported",
        stored - file,
        **facts,
    )


def _hand_not_in_trash(e: Any, p: Mapping[str, Any]) -> str:
    if not p.get("id"):
        return _("This hand is not in the trash: it was put back or deleted for good already")
    return _(
        "{id} is not in the trash: it was put back or deleted for good already",
        id=_shown(p.get("id", "")),
    )


def _a_trashed_hand(with_id: str, without_id: str) -> Describer:
    """The describer of a message about a trashed hand of a session: the
    command line's names the hand's id (what ``kortpoeng trash`` takes), the
    app's (no ``id`` param) its number alone."""

    def describe(e: Any, p: Mapping[str, Any]) -> str:
        hand, session = _number_param(p, "hand"), _number_param(p, "session")
        if not p.get("id"):
            return _(without_id, hand=hand, session=session)
        return _(with_id, hand=hand, session=session, id=_shown(p.get("id", "")))

    return describe


def _damaged(e: Any, p: Mapping[str, Any]) -> str:
    if p.get("refused"):  # a backup not made: the copy failed the check (issue 26)
        return _damaged_copy(p)
    if p.get("backup"):
        return _(
            "The database {database} is damaged or is not a Kortpoeng database; nothing was "
            "changed. Restore the latest backup with: kortpoeng restore-backup {backup}",
            database=_path(p.get("database")),
            backup=_path(p.get("backup")),
        )
    return _(
        "The database {database} is damaged or is not a Kortpoeng database, and it has no "
        "backups; nothing was changed. Move it aside to start a new one, or choose another "
        "with --db",
        database=_path(p.get("database")),
    )


def _damaged_copy(p: Mapping[str, Any]) -> str:
    """A backup refused because the copy of the database failed the check
    (:func:`models.integrity.check_copy`); ``backup`` is the newest good one."""
    if p.get("backup"):
        return _(
            "The database {database} is damaged, so no backup was made: a damaged copy is "
            "never kept. Restore the newest good backup with: kortpoeng restore-backup {backup}",
            database=_path(p.get("database")),
            backup=_path(p.get("backup")),
        )
    return _(
        "The database {database} is damaged, so no backup was made: a damaged copy is never "
        "kept, and it has no good backup. Its sessions can still be read: save each first "
        "with kortpoeng export SESSION --format json -o FILE (kortpoeng list shows them); "
        "they can be brought back with kortpoeng import",
        database=_path(p.get("database")),
    )


def _not_a_backup(e: Any, p: Mapping[str, Any]) -> str:
    file = _path(p.get("file"))
    reason = p.get("reason")
    if reason == "newer":
        return _(
            "{file} was made by a newer version of Kortpoeng; nothing was restored. "
            "Use the newer Kortpoeng",
            file=file,
        )
    if reason == "not_kortpoeng":
        return _(
            "{file} is a database, but not one of Kortpoeng's; nothing was restored", file=file
        )
    return _(
        "{file} is not a Kortpoeng database (it is damaged, or not a database at all); "
        "nothing was restored",
        file=file,
    )


APP_ERRORS: Mapping[StrEnum, Describer] = {
    StorageCode.SESSION_NOT_FOUND: lambda e, p: _(
        "There is no session “{session}”", session=_number_param(p, "session")
    ),
    StorageCode.SESSION_AMBIGUOUS: lambda e, p: ngettext(
        "“{session}” matches {n} session: give more of its id",
        "“{session}” matches {n} sessions: give more of its id",
        _count(p, "matches"),
        n=_number_param(p, "matches"),
        session=_shown(p.get("session", "")),
    ),
    StorageCode.HAND_NOT_FOUND: lambda e, p: _(
        "Session {session} has no hand {hand}",
        session=_number_param(p, "session"),
        hand=_number_param(p, "hand"),
    ),
    StorageCode.HAND_CHANGED: lambda e, p: _(
        "Hand {n} was changed or deleted on another phone meanwhile: go back and open it again",
        n=_number_param(p, "hand"),
    ),
    StorageCode.NEXT_HAND_CHANGED: lambda e, p: _(
        "The hands changed on another phone while you entered this one: "
        "this is now hand {n}. Check it, then save again",
        n=_number_param(p, "next"),
    ),
    StorageCode.PLAYER_NOT_FOUND: lambda e, p: _(
        "There is no player {player}", player=_number_param(p, "player")
    ),
    StorageCode.NAME_TAKEN: lambda e, p: _(
        "Another player is already called “{name}”", name=_shown(p.get("name", ""))
    ),
    StorageCode.DUPLICATE_SESSION: _duplicate_session,
    StorageCode.STORED_SESSION_HAS_MORE: _stored_session_has_more,
    StorageCode.IMPORT_TOO_LARGE: lambda e, p: ngettext(
        "The file is too large: at most {n} byte is accepted",
        "The file is too large: at most {n} bytes are accepted",
        _count(p, "limit"),
        n=_number_param(p, "limit"),
    ),
    StorageCode.IMPORT_INVALID: lambda e, p: _("This is not a session file: it is not UTF-8 text"),
    StorageCode.WARNINGS_NEED_CONFIRMATION: lambda e, p: _("The hand has warnings to confirm"),
    StorageCode.DATABASE_FAULT: lambda e, p: _(
        "The database could not be used just now; nothing was changed. Try again"
    ),
    StorageCode.GAME_NOT_FOUND: lambda e, p: _(
        "There is no game “{game}”", game=_shown(p.get("game", ""))
    ),
    StorageCode.GAME_EXISTS: lambda e, p: _(
        "Another custom game already has the id “{game}”: choose another id",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_IS_BUILTIN: lambda e, p: _(
        "“{game}” is a built-in game: a custom game needs another id",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_CHANGED: lambda e, p: _(
        "The game “{game}” was changed on another phone meanwhile: open it again",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_CONFLICT: lambda e, p: (
        _(
            "A different game with the id “{game}” is already here: keep both, or replace it",
            game=_shown(p.get("game", "")),
        )
        if not p.get("builtin")
        else _(
            "A different game with the id “{game}” is built in: keep both to add this one",
            game=_shown(p.get("game", "")),
        )
    ),
    StorageCode.DATABASE_BUSY: lambda e, p: _(
        "The database is busy: another program or phone is writing to it. "
        "Nothing was changed; try again in a moment"
    ),
    StorageCode.DATABASE_READ_ONLY: lambda e, p: _(
        "Cannot write to the database {database}: the file or its folder is read-only. "
        "Nothing was changed; make them writable",
        database=_path(p.get("database")),
    ),
    StorageCode.DISK_FULL: lambda e, p: _(
        "The disk holding the database {database} is full. "
        "Nothing was changed; free some space and try again",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_DAMAGED: _damaged,
    StorageCode.DATABASE_NEWER: lambda e, p: _(
        "The database {database} was made by a newer version of Kortpoeng; this version "
        "will not change it. Open it with the newer Kortpoeng",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_UNOPENABLE: lambda e, p: _(
        "Cannot open the database {database}: check its name (a file in a folder that "
        "exists, or a database URL)",
        database=_path(p.get("database")),
    ),
    StorageCode.OUTPUT_EXISTS: lambda e, p: _(
        "{file} exists already: add --force to replace it", file=_path(p.get("file"))
    ),
    StorageCode.OUTPUT_IS_DATABASE: lambda e, p: _(
        "{file} is a database: Kortpoeng never writes over a database. Choose another file",
        file=_path(p.get("file")),
    ),
    StorageCode.NOT_A_BACKUP: _not_a_backup,
    StorageCode.BACKUP_UNAVAILABLE: lambda e, p: _(
        "Kortpoeng makes backups of SQLite database files only; for {database} use the "
        "database's own tool (pg_dump for PostgreSQL)",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_UNREACHABLE: lambda e, p: _(
        "The database server {database} cannot be reached: it may be stopped or "
        "restarting. Nothing was changed; try again when it is running",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_LOGIN_REFUSED: lambda e, p: _(
        "The database server {database} refused the login: check the user name and "
        "password in the database URL. Nothing was changed; try again once they are right",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_FILE_GONE: lambda e, p: (
        _(
            "The database file {database} was replaced by another file: nothing was saved; "
            "Kortpoeng still had the old one open. Restart Kortpoeng to use the file now there",
            database=_path(p.get("database")),
        )
        if p.get("replaced")
        else _(
            "The database file {database} is gone: nothing was saved; it was deleted or "
            "moved while Kortpoeng was running. Put it back and try again, or restart Kortpoeng",
            database=_path(p.get("database")),
        )
    ),
    StorageCode.SESSION_NOT_IN_TRASH: lambda e, p: _(
        "Session {session} is not in the trash", session=_number_param(p, "session")
    ),
    StorageCode.HAND_NOT_IN_TRASH: _hand_not_in_trash,
    StorageCode.HAND_SESSION_IN_TRASH: _a_trashed_hand(
        N_(
            "Hand {hand} ({id}) belongs to session {session}, which is in the trash: "
            "restore the session first"
        ),
        N_(
            "Hand {hand} belongs to session {session}, which is in the trash: "
            "restore the session first"
        ),
    ),
    StorageCode.HAND_SESSION_ENDED: _a_trashed_hand(
        N_(
            "Session {session} has ended since hand {hand} ({id}) was deleted: "
            "it is not put back, so the result stands"
        ),
        N_(
            "Session {session} has ended since hand {hand} was deleted: "
            "it is not put back, so the result stands"
        ),
    ),
    StorageCode.HAND_NOT_PLACEABLE: _a_trashed_hand(
        N_(
            "Hand {hand} ({id}) can no longer be put back into session {session}: "
            "with it the session would end before its last hand"
        ),
        N_(
            "Hand {hand} can no longer be put back into session {session}: "
            "with it the session would end before its last hand"
        ),
    ),
    ErrorCode.BAD_POINTS: _bad_points,
    LinkCode.LINK_INVALID: lambda e, p: _(
        "This link holds no game: it may have been cut off. Ask for the link or the file again"
    ),
    DraftCode.WENT_OUT_MISSING: lambda e, p: _("Tap who went out, or that the hand was blocked"),
    DraftCode.RUN_PENDING: lambda e, p: _("Finish the run you are building first"),
    DraftCode.RUN_UNFINISHED: _run_unfinished,
    DraftCode.NOT_A_SUM: lambda e, p: _(
        "{option}: “{text}” is not a sum of whole numbers",
        option=option_name(str(p.get("option", ""))),
        text=_shown(str(p.get("value", ""))),
    ),
}
