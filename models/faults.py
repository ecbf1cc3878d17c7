"""The storage boundary: the database library's exceptions become coded errors.

SQLAlchemy's and sqlite3's exception text (``attempt to write a readonly
database [SQL: INSERT INTO hand …]``) never reaches a user. :func:`storage_faults`
wraps every piece of database work (``models.db.run_write``, ``reading``,
``init_db``) and turns what the database library raises into a
:class:`models.errors.ServiceError` whose code the app puts into words; the
technical cause is logged (warning level), never shown.

================================  =============================================
SQLite result                     raised
================================  =============================================
``SQLITE_BUSY``, ``SQLITE_LOCKED``  :class:`DatabaseBusy`
``SQLITE_READONLY``               :class:`DatabaseReadOnly`
``SQLITE_FULL``                   :class:`DiskFull`
``SQLITE_CORRUPT``, ``NOTADB``    :class:`DatabaseDamaged` (names the newest backup)
``SQLITE_CANTOPEN``               :class:`DatabaseUnopenable` (:class:`DatabaseReadOnly`
                                  when the folder cannot be written)
``SQLITE_IOERR``                  :class:`DiskFull` when the disk has no room left
anything else                     :class:`DatabaseFault`
================================  =============================================

An ``OSError`` met while opening (making the database's folder) is mapped by its
``errno`` the same way.

A database server (PostgreSQL through psycopg) is told by the error's
``SQLSTATE`` (https://www.postgresql.org/docs/current/errcodes-appendix.html):

================================  =============================================
PostgreSQL                        raised
================================  =============================================
no connection (refused, no such   :class:`DatabaseUnreachable`
host, ``08…``), shutting down or
starting up (``57P01``–``57P03``),
a connection lost mid-way
``28P01``, ``28000`` (login)      :class:`DatabaseLoginRefused`
``3D000`` (no such database)      :class:`DatabaseUnopenable`
``40001``, ``40P01``, ``55P03``,  :class:`DatabaseBusy`
``57014`` (a lock or statement
time limit: models.server_limits),
``53300`` (too many connections)
``25006`` (read-only)             :class:`DatabaseReadOnly`
``53100`` (disk full)             :class:`DiskFull`
anything else                     :class:`DatabaseFault`
================================  =============================================
"""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from scoring import CodedError

from .backup_files import newest_good_backup
from .errors import (
    DatabaseBusy,
    DatabaseDamaged,
    DatabaseFault,
    DatabaseLoginRefused,
    DatabaseReadOnly,
    DatabaseUnopenable,
    DatabaseUnreachable,
    DiskFull,
    ServiceError,
)
from .locations import database_url, plain_sqlite_file

__all__ = [
    "Located",
    "Where",
    "damaged",
    "database_file",
    "database_name",
    "fault_of",
    "is_busy",
    "storage_faults",
]

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

logger = logging.getLogger(__name__)

# SQLite's primary result codes (https://sqlite.org/rescode.html).
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26


class Located(Protocol):
    """Anything that knows its database's URL: a :class:`models.db.Database`,
    a SQLAlchemy engine."""

    @property
    def url(self) -> str | URL: ...


Where: TypeAlias = "Located | str | os.PathLike[str] | None"
"""What names a database here: a database or engine (its ``url``), or a
``--db`` value (a URL or a file; ``None``: ``KORTPOENG_DB`` or the default
file, :func:`models.locations.database_url`)."""

# SQLAlchemy is imported only when a fault is met or a URL must be parsed
# (the command line's quick reads never load it: models.db).


def _url_of(where: Where) -> str | URL:
    """The URL ``where`` stands for, as text or as SQLAlchemy's ``URL``."""
    if where is None or isinstance(where, str | os.PathLike):
        return database_url(where)
    return where.url


def _parsed(url: str | URL) -> URL | None:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url)
    except (ArgumentError, ValueError):
        return None


def database_file(where: Where) -> Path | None:
    """The SQLite file behind a database, engine or ``--db`` value
    (absolute; ``None``: ``KORTPOENG_DB`` or the default file), or ``None``
    for another kind of database or an in-memory one."""
    url = _url_of(where)
    if isinstance(url, str):
        plain = plain_sqlite_file(url)  # told without SQLAlchemy
        if plain is not None:
            return plain.resolve()
        if not url.startswith("sqlite"):  # a server (also told without it)
            return None
    parsed = _parsed(url)
    if parsed is None or parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).resolve()


def database_name(where: Where) -> str:
    """How a message names the database: its file, or its URL with any
    password hidden."""
    path = database_file(where)
    if path is not None:
        return str(path)
    url = _parsed(_url_of(where))
    if url is None:  # not even a URL SQLAlchemy can read: still no password shown
        return _PASSWORD.sub(r"\1***@", str(_url_of(where)))
    return url.render_as_string(hide_password=True)


_PASSWORD = re.compile(r"(://[^:/@]*:)[^@]*@")


def _sqlite_code(error: BaseException) -> int | None:
    cause = getattr(error, "orig", None) or error
    code = getattr(cause, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


#: SQLSTATEs of a server that is going away or not there yet, or of a lost connection.
_UNREACHABLE_STATES = {"57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"}
_LOGIN_STATES = {"28P01", "28000"}
#: Serialization failure, deadlock, lock not available (``lock_timeout``), a
#: statement cancelled (``statement_timeout``), too many connections.
_BUSY_STATES = {"40001", "40P01", "55P03", "57014", "53300"}


def _sqlstate(error: BaseException) -> str | None:
    """The server's SQLSTATE of a psycopg error (``None`` for a client-side one)."""
    cause = getattr(error, "orig", None) or error
    state = getattr(cause, "sqlstate", None)
    return state if isinstance(state, str) else None


def _is_server_error(error: BaseException) -> bool:
    cause = getattr(error, "orig", None) or error
    return type(cause).__module__.split(".")[0] == "psycopg"


#: What a server that answered a new connection with a refusal says (PostgreSQL
#: gives no SQLSTATE to the client for those: only its message, in English
#: unless the server's ``lc_messages`` says otherwise).
_LOGIN_WORDS = re.compile(
    r"authentication failed|no pg_hba\.conf entry|role \S+ does not exist|"
    r"permission denied for database|not permitted to log in"
)
_NO_DATABASE_WORDS = re.compile(r"database \S+ does not exist")
_TOO_MANY_WORDS = re.compile(r"too many clients|too many connections")


def _connect_refusal(error: BaseException) -> str | None:
    """The SQLSTATE a refused new connection stands for (login, no such
    database, too many connections), told by the server's message."""
    if not _is_server_error(error):
        return None
    text = str(getattr(error, "orig", None) or error)
    if _LOGIN_WORDS.search(text):
        return "28000"
    if _NO_DATABASE_WORDS.search(text):
        return "3D000"
    if _TOO_MANY_WORDS.search(text):
        return "53300"
    return None


def _unreachable(error: BaseException) -> bool:
    """No connection to the server: refused, lost, or the server going away."""
    if getattr(error, "connection_invalidated", False):
        return True
    state = _sqlstate(error)
    if state is not None:
        return state in _UNREACHABLE_STATES
    cause = getattr(error, "orig", None) or error
    # psycopg's own (client-side) OperationalError: no SQLSTATE, no connection
    return _is_server_error(error) and type(cause).__name__ == "OperationalError"


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` says another connection holds the lock (``SQLITE_BUSY``
    or ``SQLITE_LOCKED``; a serialization failure, deadlock, lock or statement
    timeout on PostgreSQL (:mod:`models.server_limits`); from the message for
    other databases)."""
    code = _sqlite_code(error)
    if code is not None:
        return code in (_BUSY, _LOCKED)
    state = _sqlstate(error)
    if state is not None:
        return state in _BUSY_STATES
    cause = getattr(error, "orig", None) or error
    text = str(cause).lower()
    return "database is locked" in text or "busy" in text


def _folder_writable(path: Path | None) -> bool:
    return path is None or os.access(path.parent, os.W_OK)


#: Below this many free bytes a file system counts as full.
_FULL_BELOW = 1024 * 1024


def _nearly_full(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        return shutil.disk_usage(path.parent).free < _FULL_BELOW
    except OSError:
        return False


def _latest_backup(path: Path | None) -> str | None:
    if path is None:
        return None
    try:  # never a damaged one (issue 26)
        found = newest_good_backup(path)
    except OSError:
        return None
    return str(found) if found is not None else None


def damaged(where: Where) -> DatabaseDamaged:
    """The error for a damaged database (or another program's), naming the
    newest backup next to it that passes the check
    (:func:`models.backup_files.newest_good_backup`), when there is one."""
    return DatabaseDamaged(
        database=database_name(where), backup=_latest_backup(database_file(where))
    )


def fault_of(error: BaseException, where: Where) -> ServiceError:
    """The coded error for ``error`` (a SQLAlchemy, sqlite3 or OS error) met
    while using the database ``where`` (engine, URL or ``--db`` value).
    Returns (does not raise) a :class:`ServiceError`; see the module table."""
    from sqlalchemy.exc import ArgumentError

    name = database_name(where)
    path = database_file(where)
    if isinstance(error, OSError):
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return DatabaseReadOnly(database=name)
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return DiskFull(database=name)
        return DatabaseUnopenable(database=name)
    if isinstance(error, ArgumentError | ImportError):  # bad URL, no driver for it
        return DatabaseUnopenable(database=name)
    state = _sqlstate(error) or _connect_refusal(error)
    if state in _LOGIN_STATES:
        return DatabaseLoginRefused(database=name)
    if state == "3D000":
        return DatabaseUnopenable(database=name)
    if state == "25006":
        return DatabaseReadOnly(database=name)
    if state == "53100":
        return DiskFull(database=name)
    if state in _BUSY_STATES:
        return DatabaseBusy(database=name)
    if _unreachable(error):
        return DatabaseUnreachable(database=name)
    code = _sqlite_code(error)
    if code is None and is_busy(error):
        return DatabaseBusy(database=name)
    if code in (_BUSY, _LOCKED):
        return DatabaseBusy(database=name)
    if code == _READONLY:
        return DatabaseReadOnly(database=name)
    if code == _FULL:
        return DiskFull(database=name)
    if code in (_CORRUPT, _NOTADB):
        return damaged(where)
    if code == _IOERR and _nearly_full(path):  # SQLite says "disk I/O error" for a full
        return DiskFull(database=name)  # disk when it cannot make its -wal/-shm files
    if code == _CANTOPEN:
        if path is not None and path.parent.is_dir() and not _folder_writable(path):
            return DatabaseReadOnly(database=name)
        return DatabaseUnopenable(database=name)
    return DatabaseFault(database=name)


@contextmanager
def storage_faults(where: Where, *, opening: bool = False) -> Iterator[None]:
    """Run a block of database work; what the database library raises leaves
    it as the coded error of :func:`fault_of`, the cause logged. Coded errors
    pass through unchanged; so does an ``OSError`` (a file the work writes),
    unless ``opening``: then it is about the database's own file or folder.

    >>> from models.db import make_engine
    >>> engine = make_engine("sqlite://")
    >>> with storage_faults(engine):
    ...     with engine.connect() as connection:
    ...         _ = connection.exec_driver_sql("SELECT * FROM no_such_table")
    Traceback (most recent call last):
    ...
    models.errors.DatabaseFault: the database could not be used
    """
    try:
        yield
    except CodedError:
        raise
    except OSError as error:
        if not opening:
            raise
        _raise(error, where)
    except _library_errors() as error:
        _raise(error, where)


def _library_errors() -> tuple[type[BaseException], ...]:
    """What the database libraries raise (looked up only when something was
    raised, so SQLAlchemy is not loaded before it is used)."""
    from sqlalchemy.exc import SQLAlchemyError

    psycopg = sys.modules.get("psycopg")  # loaded only if a PostgreSQL URL was used
    more = (psycopg.Error,) if psycopg is not None else ()
    return (SQLAlchemyError, sqlite3.Error, ImportError, *more)


def _raise(error: BaseException, where: Where) -> None:
    fault = fault_of(error, where)
    logger.warning(
        "Database %s: %s (%s: %s)",
        database_name(where),
        fault.code,
        type(error).__name__,
        _first_line(error),
    )
    raise fault from error


def _first_line(error: Any) -> str:
    text = str(getattr(error, "orig", None) or error)
    return text.splitlines()[0] if text else ""
