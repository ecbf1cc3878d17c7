"""The backups on disk: where a database's backups are, their names, the check
a backup must pass, and which is the newest good one.

Backups live in a ``backups`` folder next to the database file, named after it
(``kortpoeng.db`` → ``kortpoeng-YYYYMMDD-HHMMSS.db``; :func:`list_backups`).
:func:`check_backup` is what ``kortpoeng restore-backup`` asks of a file (and
every new backup, :func:`models.integrity.check_copy`); :func:`newest_good_backup`
is the backup a message about a damaged database names and the one rotation
(:func:`models.backup.prune_backups`) never removes: the newest that passes
the check, never just the newest. Results are remembered per file by (path,
size, modification time), so a second look at an unchanged file costs one
``stat``.

Standard library only (:mod:`sqlite3`), and below :mod:`models.faults` (which
names the newest good backup in :class:`~models.errors.DatabaseDamaged`);
:mod:`models.backup` makes and restores backups on top of it.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import threading
from pathlib import Path

from .errors import NotABackup
from .revisions import known_revisions
from .safe_files import SQLITE_HEADER

__all__ = [
    "BACKUP_FOLDER",
    "backup_folder",
    "backup_passes",
    "check_backup",
    "file_stamp",
    "forget_checked",
    "latest_backup",
    "list_backups",
    "newest_good_backup",
    "remember_good",
]

logger = logging.getLogger(__name__)

#: The folder next to the database file that holds its backups.
BACKUP_FOLDER = "backups"
STAMPED = r"-(\d{8})-(\d{6})(?:-(\d+))?\.db$"
"""The end of a backup's name: ``-YYYYMMDD-HHMMSS.db``, ``-2.db`` for a second in that second."""

#: Tables every Kortpoeng database has had since its first schema revision.
_TABLES = frozenset({"alembic_version", "game_session", "player", "session_player", "hand"})

_lock = threading.Lock()
#: (path, size, mtime_ns) → whether the file passed; a few hundred at most.
_passed: dict[tuple[str, int, int], bool] = {}
_REMEMBERED = 256


def backup_folder(database: str | os.PathLike[str]) -> Path:
    """``backups/`` next to the database file ``database``."""
    return Path(database).resolve().parent / BACKUP_FOLDER


def list_backups(database: str | os.PathLike[str]) -> list[Path]:
    """The backups of ``database`` (``<its name>-YYYYMMDD-HHMMSS.db``), oldest
    first; empty when there are none. The copies kept by a restore are not
    listed."""
    folder = backup_folder(database)
    pattern = re.compile("^" + re.escape(Path(database).stem) + STAMPED)
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.is_file()]
    except FileNotFoundError:
        return []
    found = [
        (m.group(1), m.group(2), int(m.group(3) or 0), n) for n in names if (m := pattern.match(n))
    ]
    return [folder / name for *_, name in sorted(found)]


def latest_backup(database: str | os.PathLike[str]) -> Path | None:
    """The newest backup of ``database``, or ``None``."""
    backups = list_backups(database)
    return backups[-1] if backups else None


def check_backup(path: str | os.PathLike[str], *, shown: str | None = None) -> str:
    """Check that ``path`` is a Kortpoeng database one may restore; return its
    schema revision.

    It must be a SQLite file that opens, passes ``PRAGMA integrity_check``,
    has the Kortpoeng tables and a schema revision this Kortpoeng knows.
    Opened read-only. Raises :class:`NotABackup` (``reason`` ``not_database``,
    ``not_kortpoeng`` or ``newer``; ``file`` is ``shown``, by default
    ``path``) and ``OSError`` when it cannot be read.
    """
    shown = shown or os.fspath(path)
    with open(path, "rb") as handle:
        if handle.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise NotABackup(file=shown, reason="not_database")
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        raise NotABackup(file=shown, reason="not_database") from None
    try:
        if connection.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            raise NotABackup(file=shown, reason="not_database")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if not tables >= _TABLES:
            raise NotABackup(file=shown, reason="not_kortpoeng")
        revisions = [
            row[0] for row in connection.execute("SELECT version_num FROM alembic_version")
        ]
    except sqlite3.Error as error:
        logger.warning("Not restoring %s: %s", shown, error)
        raise NotABackup(file=shown, reason="not_database") from None
    finally:
        connection.close()
    if len(revisions) != 1 or not isinstance(revisions[0], str):
        raise NotABackup(file=shown, reason="not_kortpoeng")
    if revisions[0] not in known_revisions():
        raise NotABackup(file=shown, reason="newer")
    return revisions[0]


def file_stamp(path: Path) -> tuple[str, int, int] | None:
    """``(path, size, modification time in ns)`` of a file as it is now, or
    ``None`` when it cannot be looked at: what a remembered check is keyed by."""
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


def forget_checked() -> None:
    """Forget which backups passed :func:`check_backup`: the next look reads
    them again."""
    with _lock:
        _passed.clear()


def remember_good(path: str | os.PathLike[str]) -> None:
    """Note that the backup ``path`` passed :func:`check_backup` as it is now
    (a copy checked just before it was renamed into place)."""
    key = file_stamp(Path(path))
    if key is not None:
        _remember(key, True)


def backup_passes(path: str | os.PathLike[str]) -> bool:
    """Whether the backup file ``path`` passes :func:`check_backup` (what
    ``kortpoeng restore-backup`` asks of it); ``False`` for a file that
    cannot be read. Remembered by (path, size, modification time)."""
    key = file_stamp(Path(path))
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
    """The newest backup of ``database`` (:func:`list_backups`) that passes
    :func:`backup_passes`, or ``None`` when none does. Checked newest first:
    usually the first one looked at is the answer."""
    for candidate in reversed(list_backups(database)):
        if backup_passes(candidate):
            return candidate
    return None
