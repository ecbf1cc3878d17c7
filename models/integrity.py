"""Damage is found before it spreads (issue 26, item 1).

SQLite only notices a damaged page when a query reads it: 8 KiB of noise in
the middle of a file leaves ``list`` and ``show`` working while ``PRAGMA
integrity_check`` says "malformed", and the online backup API copies damaged
pages as they are. So:

* :func:`check_database` runs SQLite's ``PRAGMA quick_check`` (every page of
  every table and index read, their b-trees checked; not the index contents
  ``integrity_check`` also compares: https://sqlite.org/pragma.html#pragma_quick_check)
  when ``kortpoeng web`` and the app open the database, and refuses a damaged
  one (:class:`~models.errors.DatabaseDamaged`);
* :func:`check_copy` checks every backup, manual or automatic, after it is
  written and before it takes its name (:func:`models.backup_files.check_backup`:
  ``integrity_check``, the Kortpoeng tables, a known schema revision); a copy
  that fails is removed and the backup refused (``params["refused"]``);
* :func:`~models.backup_files.newest_good_backup` (there, beside the backup
  check, so that :mod:`models.faults` can name it) is the backup a message
  names and the one rotation (:func:`models.backup.prune_backups`) never
  removes: the newest that passes the check, never just the newest.

Results are remembered per file by (path, size, modification time), so a
second look at an unchanged file costs one ``stat``. PostgreSQL (or any
database that is not a SQLite file) is not checked here: the server checks
its own pages.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from .backup_files import (
    backup_passes,
    check_backup,
    file_stamp,
    forget_checked,
    newest_good_backup,
    remember_good,
)
from .db import Database, Handle
from .errors import DatabaseDamaged, NotABackup
from .faults import Where, database_file, database_name, storage_faults

__all__ = [
    "backup_passes",
    "check_copy",
    "check_database",
    "forget",
    "newest_good_backup",
    "remember_good",
]

logger = logging.getLogger(__name__)

_lock = threading.Lock()
#: The database files (and their -wal) as they were when they passed quick_check.
_open_passed: set[tuple[object, ...]] = set()
_REMEMBERED = 256


def forget() -> None:
    """Forget every result remembered here and by :mod:`models.backup_files`:
    the next check reads the files again (the benchmark times a first check
    this way)."""
    forget_checked()
    with _lock:
        _open_passed.clear()


def _refused(where: Where, **params: object) -> DatabaseDamaged:
    path = database_file(where)
    good = newest_good_backup(path) if path is not None else None
    return DatabaseDamaged(
        database=database_name(where), backup=str(good) if good else None, **params
    )


def check_copy(copy: Path, *, shown: Path, where: Where) -> None:
    """Check a backup just written to ``copy`` (a temporary file that becomes
    ``shown``) of the database ``where``. Raises :class:`DatabaseDamaged` with
    ``params["refused"]`` (the backup that was not made, ``shown``) and
    ``backup`` the newest good backup, when the copy fails
    :func:`models.backup_files.check_backup`: the database it was copied from is
    damaged. The caller removes ``copy`` (:func:`models.safe_files.atomic_path`)."""
    try:
        check_backup(copy, shown=os.fspath(shown))
    except (NotABackup, OSError) as error:
        logger.warning("Not keeping %s as a backup of %s: %s", shown, database_name(where), error)
        raise _refused(where, refused=os.fspath(shown)) from None


def _open_key(path: Path) -> tuple[object, ...] | None:
    """The database file and its ``-wal`` as they are now (a write changes one)."""
    main = file_stamp(path)
    return None if main is None else (main, file_stamp(path.with_name(path.name + "-wal")))


def check_database(engine: Handle) -> None:
    """Run ``PRAGMA quick_check`` on the SQLite database behind ``engine``
    (any kind of engine; nothing for another database or a missing file) and
    raise :class:`DatabaseDamaged` (naming :func:`newest_good_backup`) when
    it finds damage or meets a page it cannot read. Called where a database
    is opened to be served (``kortpoeng web``, the app: :mod:`app.storage`).
    A file unchanged (size and time of it and its ``-wal``) since it passed
    is not read again. Other coded errors of :mod:`models.faults` (busy,
    unreadable) pass through.

    Cost: one read of the whole file; see the README (Backups) for the
    figures at 200 / 2,000 / 20,000 sessions."""
    database = Database.of(engine)
    path = database_file(database)
    if path is None or not path.exists():
        return
    key = _open_key(path)
    with _lock:
        if key in _open_passed:
            return
    with storage_faults(database):
        rows = database.rows("PRAGMA quick_check")
    if [tuple(row) for row in rows] != [("ok",)]:
        first = rows[0][0] if rows else "no answer"
        logger.warning("Database %s fails quick_check: %s", database_name(engine), first)
        raise _refused(engine)
    passed = _open_key(path)
    if passed is None:
        return
    with _lock:
        if len(_open_passed) >= _REMEMBERED:
            _open_passed.clear()
        _open_passed.add(passed)
