"""The scores are private: on POSIX the database, its ``-wal`` and ``-shm``
files and every backup are created ``0600`` (only their owner reads them) and
the folders Kortpoeng makes for them ``0700`` (issue 26, item 6; the join
code's ``join.json`` was already ``0600``).

SQLite creates a database's ``-wal``, ``-shm`` and ``-journal`` files with
the database file's own permission bits (its unix VFS copies them), so the
database file is made empty with ``0600`` before SQLite first opens it
(:func:`create_private`; SQLite takes an empty file as a new database) rather
than by changing the process's umask, which every thread shares.

A file that exists keeps its mode, with one exception: the default database
(the one Kortpoeng keeps in its own data folder, :func:`tighten_own`), which
an older Kortpoeng made readable to every user of the computer; it, its
companion files, its folder and the backups folder lose the group's and
others' bits when it is opened. A file named with ``--db`` or
``KORTPOENG_DB`` may be shared on purpose and is left as it is.

On Windows (no POSIX modes) nothing is changed: files inherit the folder's
access list, the user's own profile.

Standard library only at import (the command line's quick commands may use it).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from .backup_files import backup_folder
from .safe_files import companion_files

__all__ = [
    "PRIVATE_FILE",
    "PRIVATE_FOLDER",
    "create_private",
    "prepare_database",
    "private_folder",
    "tighten_own",
]

#: Permission bits of the database, its companion files and the backups.
PRIVATE_FILE = 0o600
#: Permission bits of the folders made for them.
PRIVATE_FOLDER = 0o700
_POSIX = os.name == "posix"


def private_folder(path: str | os.PathLike[str]) -> Path:
    """Make ``path`` and any missing folders above it, each new one ``0700``
    (as the umask allows); an existing folder is left as it is. Returns it.

    Raises ``OSError`` (no permission, a file in the way), as
    :meth:`pathlib.Path.mkdir` does.
    """
    folder = Path(path)
    missing = []
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            break
        missing.append(candidate)
    for candidate in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made by another process meanwhile
            candidate.mkdir(mode=PRIVATE_FOLDER)
    if not folder.is_dir():  # a file in the way: the error mkdir gives
        folder.mkdir(exist_ok=True)
    return folder


def create_private(path: str | os.PathLike[str]) -> bool:
    """Create ``path`` as an empty ``0600`` file if it does not exist (on
    POSIX), so that SQLite, opening it next, writes into a private file and
    makes its ``-wal``/``-shm`` files private too. Returns whether it was
    made; an existing file (or a symbolic link to one) is never touched.

    Raises ``OSError`` (a missing or read-only folder: what SQLite's own
    open would say).
    """
    if not _POSIX:
        return False
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        return False
    os.close(fd)
    return True


def _tighten(path: Path) -> None:
    """Take the group's and others' bits off ``path`` (a file that is ours)."""
    with contextlib.suppress(OSError):  # gone meanwhile, or not ours to change
        mode = path.stat().st_mode & 0o7777
        if mode & 0o077:
            os.chmod(path, mode & ~0o077)


def tighten_own(database: str | os.PathLike[str], backups: str | os.PathLike[str]) -> None:
    """The default database made private after the fact: the file, its
    ``-wal``/``-shm``/``-journal`` files, the folder it is in and the
    ``backups`` folder lose the group's and others' permission bits (POSIX).

    Only for the database in Kortpoeng's own data folder (see the module
    docstring). Never raises: a file that cannot be changed stays as it is.
    """
    if not _POSIX:
        return
    for path in (*companion_files(database), Path(database).parent, Path(backups)):
        _tighten(path)


def prepare_database(path: str | os.PathLike[str], *, own: bool) -> None:
    """Before SQLite opens the database file ``path``: its folder made (new
    folders ``0700``), the file created empty and ``0600`` if it is new, and,
    for Kortpoeng's own database (``own``: the default one), what an older
    Kortpoeng left readable to others tightened (:func:`tighten_own`).

    Raises ``OSError`` from making the folder or the file.
    """
    database = Path(path)
    private_folder(database.parent)
    create_private(database)
    if own:
        tighten_own(database, backup_folder(database))
