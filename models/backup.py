"""Backups of the SQLite database, made with SQLite's online backup API
(:meth:`sqlite3.Connection.backup`: a consistent copy while the app runs), and
restoring one.

Backups live in a ``backups`` folder next to the database file, named after it
(``kortpoeng.db`` → ``kortpoeng-YYYYMMDD-HHMMSS.db``, local time; two databases
in one folder never mix their backups), each a complete database of its
own (rollback journal, not WAL: one file to copy around). :func:`auto_backup`
makes at most one a day and keeps the newest ``keep``. :func:`restore_backup`
refuses anything that is not a Kortpoeng database and first keeps a copy of the
database it replaces (``kortpoeng-before-restore-….db``, never pruned).
Where backups are, their names and the check a backup must pass are
:mod:`models.backup_files` (re-exported here).

PostgreSQL (or any other database than a SQLite file): no backups here; its own
tool (``pg_dump``) makes them (:class:`models.errors.BackupUnavailable`).
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import Engine

from . import integrity
from .backup_files import (
    BACKUP_FOLDER,
    backup_folder,
    check_backup,
    latest_backup,
    list_backups,
)
from .db import Database, Handle, init_db
from .errors import BackupUnavailable, DatabaseDamaged, OutputIsDatabase
from .faults import database_file, database_name, storage_faults
from .file_errors import naming
from .private_files import create_private, private_folder
from .safe_files import atomic_path, check_target, companion_files

__all__ = [
    "BACKUP_FOLDER",
    "KEEP_DEFAULT",
    "auto_backup",
    "backup_database",
    "backup_folder",
    "check_backup",
    "latest_backup",
    "list_backups",
    "prune_backups",
    "restore_backup",
]

logger = logging.getLogger(__name__)

#: How many automatic backups are kept unless the user says otherwise.
KEEP_DEFAULT = 7


def _prefix(database: Path) -> str:
    """Backups of ``kortpoeng.db`` are ``kortpoeng-….db``."""
    return f"{database.stem}-"


def _before_restore(database: Path) -> str:
    return f"{database.stem}-before-restore-"


def _database(engine: Engine) -> Path:
    path = database_file(engine)
    if path is None:
        raise BackupUnavailable(database=database_name(engine))
    return path


def _stamp(now: datetime | None = None) -> str:
    return (now or datetime.now()).strftime("%Y%m%d-%H%M%S")


def _new_name(folder: Path, prefix: str, now: datetime | None = None) -> Path:
    stamp = _stamp(now)
    candidate = folder / f"{prefix}{stamp}.db"
    number = 1
    while candidate.exists():
        number += 1
        candidate = folder / f"{prefix}{stamp}-{number}.db"
    return candidate


# What SQLite says of the file it writes, as the OSError the callers report
# for a file ("Cannot write FILE: the disk is full").
_TARGET_ERRNO = {13: errno.ENOSPC, 14: errno.ENOENT, 8: errno.EROFS, 10: errno.EIO}


def _copy_database(source: sqlite3.Connection, target: Path) -> None:
    """``source`` copied with the online backup API into a new file
    ``target`` (rollback journal: one self-contained file).

    Raises ``OSError`` when ``target`` cannot be written (a full disk, a
    missing or read-only folder); ``sqlite3.Error`` for the source (busy,
    damaged)."""
    try:
        create_private(target)  # (and its journal) 0600, issue 26
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
        finally:
            copy.close()
    except sqlite3.Error as error:
        number = _TARGET_ERRNO.get((getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF)
        if number is None:
            raise
        raise OSError(number, os.strerror(number), os.fspath(target)) from error


def backup_database(
    *, engine: Handle, target: str | os.PathLike[str] | None = None, force: bool = False
) -> Path:
    """Copy the database behind ``engine`` with SQLite's online backup API
    (consistent even while phones write) and return the copy's path.

    ``target`` ``None``: a new ``<name>-YYYYMMDD-HHMMSS.db`` in
    :func:`backup_folder`. A named ``target`` that exists is replaced only with
    ``force`` (an older backup; never the database itself). The copy is
    written atomically.

    Raises :class:`BackupUnavailable` (not a SQLite file), :class:`OutputExists`,
    :class:`OutputIsDatabase`, the coded database errors of
    :mod:`models.faults` (a damaged or busy database, a full disk) and
    ``OSError`` for the target (no permission, missing folder).
    """
    engine = Database.of(engine).engine()  # a command line's database: its file
    database = _database(engine)
    if target is None:
        folder = backup_folder(database)
        private_folder(folder)
        path = _new_name(folder, _prefix(database))
    else:
        path = check_target(target, force=force, database=database, sqlite_ok=True)
    with storage_faults(engine):
        raw = engine.raw_connection()
        try:
            with naming(path), atomic_path(path) as temporary:  # the copy, not its temporary
                _copy_database(raw.driver_connection, temporary)  # type: ignore[arg-type]
                integrity.check_copy(temporary, shown=path, where=engine)  # never keep damage
        finally:
            raw.close()
    integrity.remember_good(path)
    logger.info("Backed up %s to %s", database, path)
    return path


def prune_backups(database: str | os.PathLike[str], keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups of ``database``; returns the
    deleted ones. Copies kept by a restore are never deleted, nor is the
    newest backup that passes :func:`check_backup`
    (:func:`models.integrity.newest_good_backup`), even when ``keep`` newer
    ones do not."""
    backups = list_backups(database)
    gone = backups[: max(0, len(backups) - max(0, keep))]
    if gone:  # the newest good backup stays, however many damaged ones are newer
        good = integrity.newest_good_backup(database)
        gone = [path for path in gone if path != good]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def auto_backup(
    *, engine: Engine, keep: int = KEEP_DEFAULT, now: datetime | None = None
) -> Path | None:
    """The automatic backup, made when the app starts and when a session ends:
    at most one a calendar day (local time), then only the newest ``keep`` are
    kept. ``keep`` 0 switches it off. Returns the new backup, or ``None`` when
    none was due (or the database is not a SQLite file, or is new and empty).

    Raises what :func:`backup_database` raises; callers log it and go on.
    """
    database = database_file(engine)
    if database is None or keep <= 0 or not database.exists():
        return None
    today = f"{_prefix(database)}{(now or datetime.now()).strftime('%Y%m%d')}-"
    if any(path.name.startswith(today) for path in list_backups(database)):
        return None
    folder = backup_folder(database)
    private_folder(folder)
    made = backup_database(engine=engine, target=_new_name(folder, _prefix(database), now))
    prune_backups(database, keep)
    return made


def _keep_copy(engine: Engine, database: Path) -> Path:
    """A copy of the database about to be replaced, in the backups folder: made
    with the backup API, or byte for byte when the database is damaged."""
    folder = backup_folder(database)
    private_folder(folder)
    target = _new_name(folder, _before_restore(database))
    try:
        return backup_database(engine=engine, target=target)
    except DatabaseDamaged:
        with naming(target), atomic_path(target) as temporary:
            create_private(temporary)  # copyfile keeps the mode of the file it fills
            shutil.copyfile(database, temporary)
        for companion in companion_files(database)[1:2]:  # its -wal, if any
            if companion.exists():
                create_private(target.with_name(target.name + "-wal"))
                shutil.copyfile(companion, target.with_name(target.name + "-wal"))
        return target


def restore_backup(*, engine: Handle, source: str | os.PathLike[str]) -> Path:
    """Replace the database behind ``engine`` with the backup ``source``, after
    checking it (:func:`check_backup`) and keeping a copy of the database as
    it was (returned). An older backup is then migrated to the newest schema.

    The copy goes in through SQLite's backup API, under the database's own
    write lock, so a server that has the database open sees the restored
    sessions; a damaged database (which no one can use) is replaced as a file.

    Raises :class:`NotABackup`, :class:`BackupUnavailable`, :class:`OutputIsDatabase`
    (``source`` is the database itself), ``OSError`` (``source`` unreadable)
    and the coded database errors of :mod:`models.faults`; the database is
    unchanged then.
    """
    engine = Database.of(engine).engine()  # a command line's database: its file
    database = _database(engine)
    if any(os.path.exists(p) and os.path.samefile(source, p) for p in companion_files(database)):
        raise OutputIsDatabase(file=os.fspath(source))
    folder = backup_folder(database)
    private_folder(folder)
    # Checked and restored from one private copy: the file cannot change in
    # between, and nothing (not even a -shm file) is written next to it.
    staged = folder / f".restoring-{os.getpid()}.db"
    try:
        with naming(folder, within=folder):  # a full disk names the folder, not the hidden copy
            create_private(staged)
            shutil.copyfile(source, staged)
            log = Path(os.fspath(source) + "-wal")  # changes not yet moved into the file itself
            if log.is_file():
                shutil.copyfile(log, staged.with_name(staged.name + "-wal"))
        check_backup(staged, shown=os.fspath(source))
        kept = _keep_copy(engine, database)
        backup = sqlite3.connect(staged)
        try:
            try:
                with storage_faults(engine):
                    raw = engine.raw_connection()
                    try:
                        backup.backup(raw.driver_connection)  # type: ignore[arg-type]
                    finally:
                        raw.close()
            except DatabaseDamaged:
                engine.dispose()
                with naming(database), atomic_path(database) as temporary:
                    _copy_database(backup, temporary)
                for companion in companion_files(database)[1:]:
                    companion.unlink(missing_ok=True)
        finally:
            backup.close()
    finally:
        for leftover in companion_files(staged):
            leftover.unlink(missing_ok=True)
    engine.dispose()  # no connection keeps a view of the database as it was
    init_db(engine)
    logger.info("Restored %s from %s (the database as it was: %s)", database, source, kept)
    return kept
