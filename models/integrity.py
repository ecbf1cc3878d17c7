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
  written and before it takes its name (:func:`models.backup.check_backup`:
  ``integrity_check``, the Kortpoeng tables, a known schema revision); a copy
  that fails is removed and the backup refused (``params["refused"]``);
* :func:`newest_good_backup` is the backup a message names and the one
  rotation (:func:`models.backup.prune_backups`) never removes: the newest
  that passes :func:`~models.backup.check_backup`, never just the newest.

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
from typing import TYPE_CHECKING

from .errors import DatabaseDamaged, NotABackup
from .faults import database_file, database_name, storage_faults

if TYPE_CHECKING:
    from .db import AnyEngine
    from .faults import Where

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
#: (path, size, mtime_ns) → whether the file passed; a few hundred at most.
_passed: dict[tuple[str, int, int], bool] = {}
#: The database files (and their -wal) as they were when they passed quick_check.
_open_passed: set[tuple[object, ...]] = set()
_REMEMBERED = 256


def _key(path: Path) -> tuple[str, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (os.fspath(path), found.st_size, found.st_mtime_ns)


def _remember(key: tuple[str, int, int], passed: bool) -> None:
    with _lock:
        if len(_passed) >= _REMEMBERED:
            _passed.clear()
        _passed[key] = passed


def _known(key: tuple[str, int, int] | None) -> bool | None:
    if key is None:
        return None
    with _lock:
        return _passed.get(key)


def forget() -> None:
    """Forget every result remembered here: the next check reads the files
    again (the benchmark times a first check this way)."""
    with _lock:
        _passed.clear()
        _open_passed.clear()


def remember_good(path: str | os.PathLike[str]) -> None:
    """Note that the backup ``path`` passed :func:`~models.backup.check_backup`
    as it is now (a copy checked just before it was renamed into place)."""
    key = _key(Path(path))
    if key is not None:
        _remember(key, True)


def backup_passes(path: str | os.PathLike[str]) -> bool:
    """Whether the backup file ``path`` passes :func:`models.backup.check_backup`
    (what ``kortpoeng restore-backup`` asks of it); ``False`` for a file that
    cannot be read. Remembered by (path, size, modification time)."""
    from .backup import check_backup

    key = _key(Path(path))
    known = _known(key)
    if known is not None:
        return known
    try:
        check_backup(path)
        passed = True
    except (NotABackup, OSError):
        passed = False
    if key is not None:
        _remember(key, passed)
    if not passed:
        logger.warning("The backup %s does not pass the check", path)
    return passed


def newest_good_backup(database: str | os.PathLike[str]) -> Path | None:
    """The newest backup of ``database`` (:func:`models.backup.list_backups`)
    that passes :func:`backup_passes`, or ``None`` when none does. Checked
    newest first: usually the first one looked at is the answer."""
    from .backup import list_backups

    for candidate in reversed(list_backups(database)):
        if backup_passes(candidate):
            return candidate
    return None


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
    :func:`models.backup.check_backup`: the database it was copied from is
    damaged. The caller removes ``copy`` (:func:`models.safe_files.atomic_path`)."""
    from .backup import check_backup

    try:
        check_backup(copy, shown=os.fspath(shown))
    except (NotABackup, OSError) as error:
        logger.warning("Not keeping %s as a backup of %s: %s", shown, database_name(where), error)
        raise _refused(where, refused=os.fspath(shown)) from None


def _open_key(path: Path) -> tuple[object, ...] | None:
    """The database file and its ``-wal`` as they are now (a write changes one)."""
    main = _key(path)
    return None if main is None else (main, _key(path.with_name(path.name + "-wal")))


def check_database(engine: AnyEngine) -> None:
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
    from .db import QuickEngine, QuickServer, sqlalchemy_engine

    path = database_file(engine)
    if path is None or isinstance(engine, QuickServer) or not path.exists():
        return
    key = _open_key(path)
    with _lock:
        if key in _open_passed:
            return
    with storage_faults(engine):
        if isinstance(engine, QuickEngine):
            rows = engine.connect().execute("PRAGMA quick_check").fetchall()
        else:
            raw = sqlalchemy_engine(engine).raw_connection()
            try:
                cursor = raw.cursor()
                try:
                    rows = cursor.execute("PRAGMA quick_check").fetchall()
                finally:
                    cursor.close()
            finally:
                raw.close()
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
