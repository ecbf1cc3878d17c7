"""Writing files safely: every file Kortpoeng writes (exports, settings,
backups) goes through :func:`write_atomic` or :func:`atomic_path`, and every
file a user names is checked first with :func:`check_target`.

Atomic: the bytes go to a temporary file in the same folder, which is flushed
to disk (``fsync``) and then renamed over the target (``os.replace``, atomic on
POSIX and Windows). A write that fails half-way (a full disk, a pulled cable)
leaves the old file as it was and no temporary file behind.

Never over a database: a target that is the database in use (or one of its
companion files), or any SQLite file, is refused
(:class:`models.errors.OutputIsDatabase`); an existing file is replaced only
when asked (:class:`models.errors.OutputExists` otherwise).

Standard library only (no database imports), so the command line's quick
commands can use it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from .errors import OutputExists, OutputIsDatabase

__all__ = [
    "SQLITE_HEADER",
    "atomic_path",
    "check_target",
    "companion_files",
    "is_sqlite_file",
    "write_atomic",
]

#: The first 16 bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: The first 4 bytes of a SQLite write-ahead log (``-wal``) file.
_WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
#: The files SQLite keeps next to a database ``kortpoeng.db``.
_COMPANIONS = ("-wal", "-shm", "-journal")


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is an existing SQLite database or write-ahead log
    (from its first bytes). ``False`` for a missing or unreadable file."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError:
        return False
    return head == SQLITE_HEADER or head[:4] in _WAL_MAGIC


def companion_files(database: str | os.PathLike[str]) -> list[Path]:
    """The database file and the files SQLite keeps next to it."""
    path = Path(database)
    return [path, *(path.with_name(path.name + suffix) for suffix in _COMPANIONS)]


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return a.resolve() == b.resolve()


def check_target(
    path: str | os.PathLike[str],
    *,
    force: bool = False,
    database: str | os.PathLike[str] | None = None,
    sqlite_ok: bool = False,
) -> Path:
    """Check that ``path`` may be written; return it resolved (a symbolic link
    is followed: the file it points to is the one written).

    Args:
        path: the file a user asked to write.
        force: replace an existing file (``--force``, or the user said yes).
        database: the database file in use: it and its ``-wal``, ``-shm`` and
            ``-journal`` files are never written (even with ``force``).
        sqlite_ok: an existing SQLite file (an older backup) may be replaced
            with ``force``; otherwise no SQLite file ever is.

    Raises:
        OutputIsDatabase: the database in use, a companion of it, or (unless
            ``sqlite_ok``) any SQLite file.
        OutputExists: the file exists and ``force`` is false.
        IsADirectoryError: ``path`` is a folder.
    """
    target = Path(path).expanduser().resolve()
    shown = os.fspath(path)
    if database is not None and any(_same_file(target, p) for p in companion_files(database)):
        raise OutputIsDatabase(file=shown)
    if target.is_dir():
        import errno

        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), shown)
    if target.exists():
        if is_sqlite_file(target) and not sqlite_ok:
            raise OutputIsDatabase(file=shown)
        if not force:
            raise OutputExists(file=shown)
    return target


def _temporary(target: Path) -> Path:
    # In the target's folder (so the rename stays on one file system), hidden,
    # and short enough for any file name length limit.
    import secrets  # (loaded when a file is written: export to a terminal needs none)

    return target.with_name(f".{target.name[:40]}.{secrets.token_hex(6)}.tmp")


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders
    cannot be opened, such as Windows)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | flags)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _mode_for(target: Path, mode: int | None) -> int:
    if mode is not None:
        return mode
    try:
        return target.stat().st_mode & 0o777  # replacing a file keeps its permissions
    except OSError:
        return 0o666  # a new file: as the umask allows, like any other program's


def write_atomic(path: str | os.PathLike[str], data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see the module docstring).

    ``mode`` is the new file's permission bits (the umask applies); by default
    a replaced file keeps its own and a new one gets ``0o666``. The target is
    not checked: call :func:`check_target` first for a file a user named.

    Raises ``OSError`` (full disk, no permission, missing folder); the old
    file is then unchanged and the temporary file removed.
    """
    target = Path(path)
    temporary = _temporary(target)
    wanted = _mode_for(target, mode)
    fd = os.open(
        temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), wanted
    )
    try:
        try:
            if mode is None and target.exists():
                with suppress(OSError, AttributeError):
                    os.fchmod(fd, wanted)  # the umask must not narrow a replaced file's mode
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path next to ``path`` for a writer that needs a file name
    (SQLite's backup): when the block ends normally the file is flushed to
    disk and renamed over ``path``; when it raises, the temporary file (and
    any ``-journal``/``-wal`` SQLite left next to it) is removed and ``path``
    is unchanged.

    Raises ``OSError`` from the flush or the rename (the old file unchanged).
    """
    target = Path(path)
    temporary = _temporary(target)
    try:
        yield temporary
        fd = os.open(temporary, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        for leftover in companion_files(temporary):
            with suppress(OSError):
                os.unlink(leftover)
        raise
    for leftover in companion_files(temporary)[1:]:
        with suppress(OSError):
            os.unlink(leftover)
    _sync_folder(target.parent)
