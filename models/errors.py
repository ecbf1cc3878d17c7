"""Typed errors of the storage services, for the UI to translate.

Every error has a stable ``code`` and the ``params`` a translated message needs;
``str(error)`` is an English sentence for logs and the command line. Rule errors
(a card that is not a card, a run that is not a run, a hand after the end) are not
wrapped: they propagate as :class:`scoring.ScoringError` subclasses, with the same
``code``/``params`` shape plus ``hand``/``player``/``field``/``card``. Whatever is
raised, the service has written nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any

from scoring.errors import CodedError

if TYPE_CHECKING:
    from scoring import ScoreWarning

__all__ = [
    "AmbiguousSession",
    "BackupUnavailable",
    "DatabaseBusy",
    "DatabaseDamaged",
    "DatabaseFault",
    "DatabaseFileGone",
    "DatabaseLoginRefused",
    "DatabaseNewer",
    "DatabaseReadOnly",
    "DatabaseUnopenable",
    "DatabaseUnreachable",
    "DiskFull",
    "DuplicateSession",
    "GameChanged",
    "GameConflict",
    "GameExists",
    "GameIsBuiltin",
    "GameNotFound",
    "HandChanged",
    "HandNotFound",
    "HandNotInTrash",
    "HandNotPlaceable",
    "HandSessionEnded",
    "HandSessionInTrash",
    "ImportInvalid",
    "ImportTooLarge",
    "NameTaken",
    "NextHandChanged",
    "NotABackup",
    "OutputExists",
    "OutputIsDatabase",
    "PlayerNotFound",
    "ServiceError",
    "SessionNotFound",
    "SessionNotInTrash",
    "StorageCode",
    "StoredSessionHasMore",
    "WarningsNeedConfirmation",
]


@unique
class StorageCode(StrEnum):
    """Why a storage service refused (the codes of :class:`ServiceError`)."""

    SESSION_NOT_FOUND = "session_not_found"
    SESSION_AMBIGUOUS = "session_ambiguous"
    HAND_NOT_FOUND = "hand_not_found"
    HAND_CHANGED = "hand_changed"
    NEXT_HAND_CHANGED = "next_hand_changed"
    PLAYER_NOT_FOUND = "player_not_found"
    NAME_TAKEN = "name_taken"
    DUPLICATE_SESSION = "duplicate_session"
    STORED_SESSION_HAS_MORE = "stored_session_has_more"
    IMPORT_TOO_LARGE = "import_too_large"
    IMPORT_INVALID = "import_invalid"
    WARNINGS_NEED_CONFIRMATION = "warnings_need_confirmation"
    DATABASE_FAULT = "database_fault"
    GAME_NOT_FOUND = "game_not_found"
    GAME_EXISTS = "game_exists"
    GAME_IS_BUILTIN = "game_is_builtin"
    GAME_CHANGED = "game_changed"
    GAME_CONFLICT = "game_conflict"
    # the database file itself, and the files Kortpoeng writes (issue 9)
    DATABASE_BUSY = "database_busy"
    DATABASE_READ_ONLY = "database_read_only"
    DISK_FULL = "disk_full"
    DATABASE_DAMAGED = "database_damaged"
    DATABASE_NEWER = "database_newer"
    DATABASE_UNOPENABLE = "database_unopenable"
    OUTPUT_EXISTS = "output_exists"
    OUTPUT_IS_DATABASE = "output_is_database"
    NOT_A_BACKUP = "not_a_backup"
    BACKUP_UNAVAILABLE = "backup_unavailable"
    # a database server (PostgreSQL), issue 13
    DATABASE_UNREACHABLE = "database_unreachable"
    DATABASE_LOGIN_REFUSED = "database_login_refused"
    # the database file deleted, moved or replaced under a running program (issue 26)
    DATABASE_FILE_GONE = "database_file_gone"
    # the trash (issue 9)
    SESSION_NOT_IN_TRASH = "session_not_in_trash"
    HAND_NOT_IN_TRASH = "hand_not_in_trash"
    HAND_SESSION_IN_TRASH = "hand_session_in_trash"
    HAND_SESSION_ENDED = "hand_session_ended"
    HAND_NOT_PLACEABLE = "hand_not_placeable"


class ServiceError(CodedError):
    """Base of the storage services' own errors (a :class:`scoring.CodedError`,
    like scoring's, so one describer puts both into words).

    Attributes:
        code: a :class:`StorageCode`.
        params: the facts a message needs (names, numbers), all plain values.
    """

    code: StorageCode
    template: str = "storage error"

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(self.code.value)

    def __str__(self) -> str:
        try:
            return self.template.format(**self.params)
        except (KeyError, IndexError):  # pragma: no cover - template/params mismatch
            return self.code


class SessionNotFound(ServiceError):
    """No session (or none outside the trash) answers to ``params["session"]``."""

    code = StorageCode.SESSION_NOT_FOUND
    template = "no session {session}"


class AmbiguousSession(ServiceError):
    """A UUID prefix that matches several sessions (``params["matches"]`` of them)."""

    code = StorageCode.SESSION_AMBIGUOUS
    template = "{session} matches {matches} sessions: give more of the id"


class HandNotFound(ServiceError):
    """The session has no hand number ``params["hand"]``."""

    code = StorageCode.HAND_NOT_FOUND
    template = "session {session} has no hand {hand}"


class HandChanged(ServiceError):
    """Hand ``params["hand"]`` of session ``params["session"]`` is no longer the
    hand the caller read before changing it: it was changed, or deleted and
    another hand took its number, in the meantime (on another phone). Nothing
    was written."""

    code = StorageCode.HAND_CHANGED
    template = "hand {hand} of session {session} was changed in the meantime"


class NextHandChanged(ServiceError):
    """The hand was to be saved as hand ``params["hand"]`` but the session's
    next hand is ``params["next"]``: another phone saved or deleted a hand
    meanwhile. Nothing was written."""

    code = StorageCode.NEXT_HAND_CHANGED
    template = "the next hand of session {session} is {next}, not {hand}"


class PlayerNotFound(ServiceError):
    """No player with id ``params["player"]``."""

    code = StorageCode.PLAYER_NOT_FOUND
    template = "no player {player}"


class NameTaken(ServiceError):
    """Renaming a player to a name another player already has
    (``params["name"]``). The name rule itself is :func:`scoring.check_name`."""

    code = StorageCode.NAME_TAKEN
    template = "another player is already called {name!r}"


class DuplicateSession(ServiceError):
    """An import whose ``id`` is already stored (``params``: ``id``, ``session``
    (its short number) and ``in_trash``); nothing new is created."""

    code = StorageCode.DUPLICATE_SESSION
    template = "session {id} is already stored (number {session})"


class StoredSessionHasMore(DuplicateSession):
    """An import of a session that is stored (or in the trash, ``in_trash``)
    with a hand the file does not have: an older export, or one made before a
    hand was changed. Importing it would replace more than it brings, so
    nothing is written (issue 26). ``params``: ``id``, ``session`` (its
    number), ``in_trash``, ``stored`` and ``file`` (how many hands each has)
    and ``hand``, the number of the first stored hand the file lacks (beyond
    ``file`` when the file is just older, else the hand that differs)."""

    code = StorageCode.STORED_SESSION_HAS_MORE
    template = (
        "session {id} (number {session}) is stored with {stored} hands, the file has {file}: "
        "hand {hand} would be lost"
    )


class ImportTooLarge(ServiceError):
    """An import larger than ``params["limit"]`` bytes, refused before parsing."""

    code = StorageCode.IMPORT_TOO_LARGE
    template = "the file is larger than {limit} bytes"


class ImportInvalid(ServiceError):
    """An import that is not even text (``params["detail"]``); the document's own
    faults are :class:`scoring.SessionFileError` and friends."""

    code = StorageCode.IMPORT_INVALID
    template = "not a session file: {detail}"


class WarningsNeedConfirmation(ServiceError):
    """The hand is scorable but physically unlikely; nothing was saved.

    ``warnings`` holds the :class:`scoring.ScoreWarning` items (with ``hand``
    set); call again with ``confirm_warnings=True`` to save the hand anyway.
    """

    code = StorageCode.WARNINGS_NEED_CONFIRMATION
    template = "the hand has {count} warning(s) to confirm"

    def __init__(self, warnings: Sequence[ScoreWarning]) -> None:
        self.warnings: tuple[ScoreWarning, ...] = tuple(warnings)
        super().__init__(count=len(self.warnings))


class DatabaseFault(ServiceError):
    """The database could not be read or written for a reason of its own (not
    the input): the work was rolled back; the cause is logged, never shown."""

    code = StorageCode.DATABASE_FAULT
    template = "the database could not be used"


class GameNotFound(ServiceError):
    """No game (built-in or custom) has the id ``params["game"]``."""

    code = StorageCode.GAME_NOT_FOUND
    template = "there is no game {game}"


class GameExists(ServiceError):
    """A new custom game (or a renamed one) would take the id
    ``params["game"]``, which another custom game has. Nothing was saved."""

    code = StorageCode.GAME_EXISTS
    template = "another custom game already has the id {game}"


class GameIsBuiltin(ServiceError):
    """The id ``params["game"]`` is a built-in game's: a custom game cannot
    take it, and a built-in game cannot be changed or deleted."""

    code = StorageCode.GAME_IS_BUILTIN
    template = "{game} is a built-in game"


class GameChanged(ServiceError):
    """The custom game ``params["game"]`` was changed (or deleted) since the
    caller read it (on another phone). Nothing was saved."""

    code = StorageCode.GAME_CHANGED
    template = "the game {game} was changed in the meantime"


class GameConflict(ServiceError):
    """An imported game has the id ``params["game"]`` of a stored game
    (``params["builtin"]``: a built-in one) but different rules: keep both
    (the import under a new id) or replace the stored one. Nothing was saved."""

    code = StorageCode.GAME_CONFLICT
    template = "a different game {game} is already stored"


# -- the database file itself and the files Kortpoeng writes -------------------
#
# Raised at the storage boundary (models.faults) in place of the database
# library's own exceptions, whose text never reaches a user. ``params["database"]``
# names the database (its file, or its URL without a password); the technical
# cause is logged. Whatever is raised, nothing was written.


class DatabaseBusy(ServiceError):
    """Another program (or phone) held the database's write lock for longer
    than the busy timeout (:data:`models.db.BUSY_TIMEOUT_MS`). Nothing was
    written; trying again later works."""

    code = StorageCode.DATABASE_BUSY
    template = "the database {database} is busy"


class DatabaseReadOnly(ServiceError):
    """The database file, or the folder it is in, cannot be written (read-only
    file, folder or file system)."""

    code = StorageCode.DATABASE_READ_ONLY
    template = "the database {database} cannot be written (read-only)"


class DiskFull(ServiceError):
    """The disk (or file system) holding the database is full."""

    code = StorageCode.DISK_FULL
    template = "the disk holding {database} is full"


class DatabaseDamaged(ServiceError):
    """The file is not a database, or a damaged one. ``params["backup"]`` is
    the newest backup next to it (a path), or ``None`` when there is none."""

    code = StorageCode.DATABASE_DAMAGED
    template = "the database {database} is damaged (latest backup: {backup})"


class DatabaseNewer(ServiceError):
    """The database was made by a newer Kortpoeng (its schema revision,
    ``params["revision"]``, is unknown to this one): it is not changed."""

    code = StorageCode.DATABASE_NEWER
    template = "the database {database} was made by a newer Kortpoeng (revision {revision})"


class DatabaseUnopenable(ServiceError):
    """The database cannot be opened at all: its folder is missing or not a
    folder, the path is a folder, or a disk error."""

    code = StorageCode.DATABASE_UNOPENABLE
    template = "the database {database} cannot be opened"


class DatabaseUnreachable(ServiceError):
    """The database server (PostgreSQL) cannot be reached: it is down, not
    listening at the URL's address, starting up or shutting down, or the
    connection broke during the work. Nothing was written (a transaction the
    server never saw committed is rolled back by the server); trying again
    when the server runs works."""

    code = StorageCode.DATABASE_UNREACHABLE
    template = "the database server {database} cannot be reached"


class DatabaseLoginRefused(ServiceError):
    """The database server refused the login: a wrong user name or password
    in the URL, or a user not allowed to connect to that database."""

    code = StorageCode.DATABASE_LOGIN_REFUSED
    template = "the database server {database} refused the login"


class DatabaseFileGone(ServiceError):
    """The SQLite file ``params["database"]`` that the program opened is no
    longer at its path: deleted or moved away (``params["replaced"]`` false),
    or another file was put there (true), while the program ran
    (:mod:`models.file_identity`). Nothing was written, not even into the file
    that was opened; moving the file back lets the next write through."""

    code = StorageCode.DATABASE_FILE_GONE
    template = "the database file {database} is gone (replaced: {replaced})"


class OutputExists(ServiceError):
    """The file to write (``params["file"]``) exists already; replacing it must
    be asked for (``--force``, or the save dialog's question)."""

    code = StorageCode.OUTPUT_EXISTS
    template = "{file} exists already"


class OutputIsDatabase(ServiceError):
    """The file to write (``params["file"]``) is the database, one of its
    companion files, or another SQLite database: never written over."""

    code = StorageCode.OUTPUT_IS_DATABASE
    template = "{file} is a database: not written over"


class NotABackup(ServiceError):
    """A file offered to restore (``params["file"]``) is not a Kortpoeng
    database; ``params["reason"]`` says why: ``not_database`` (not SQLite, or
    damaged: the integrity check failed), ``not_kortpoeng`` (no Kortpoeng
    tables or schema revision) or ``newer`` (a newer Kortpoeng made it)."""

    code = StorageCode.NOT_A_BACKUP
    template = "{file} is not a Kortpoeng database ({reason})"


class BackupUnavailable(ServiceError):
    """Backups are made of SQLite databases only; ``params["database"]`` is
    another kind (PostgreSQL: use its own tool, ``pg_dump``)."""

    code = StorageCode.BACKUP_UNAVAILABLE
    template = "backups of {database} are not available (use pg_dump)"


# -- the trash -------------------------------------------------------------------
#
# ``params["hand"]`` is a hand's number in its session (as the trash lists it),
# ``params["id"]`` the trash's own name for it (``H`` and the hand's id).


class SessionNotInTrash(SessionNotFound):
    """Session ``params["session"]`` is not in the trash (put back already,
    deleted for good, or never there); a :class:`SessionNotFound` with its
    own code."""

    code = StorageCode.SESSION_NOT_IN_TRASH
    template = "session {session} is not in the trash"


class HandNotInTrash(ServiceError):
    """No hand ``params["id"]`` in the trash (put back already, deleted for
    good, or never there)."""

    code = StorageCode.HAND_NOT_IN_TRASH
    template = "hand {id} is not in the trash"


class HandSessionInTrash(ServiceError):
    """Hand ``params["hand"]`` (``params["id"]``) cannot be put back while its
    session ``params["session"]`` is in the trash: restore the session first."""

    code = StorageCode.HAND_SESSION_IN_TRASH
    template = "hand {hand} ({id}) belongs to session {session}, which is in the trash"


class HandSessionEnded(ServiceError):
    """Session ``params["session"]`` has ended since hand ``params["hand"]``
    (``params["id"]``) was deleted: putting the hand back would change a
    finished session's result, so it is not put back."""

    code = StorageCode.HAND_SESSION_ENDED
    template = "session {session} has ended since hand {hand} ({id}) was deleted"


class HandNotPlaceable(ServiceError):
    """Hand ``params["hand"]`` (``params["id"]``) of session
    ``params["session"]`` can no longer be put back: with it the session would
    end before its last hand (RULES.md, the end of a session), or the rules
    no longer score it."""

    code = StorageCode.HAND_NOT_PLACEABLE
    template = "hand {hand} ({id}) can no longer be put back into session {session}"
