"""Which file a SQLite database is, so that one deleted, moved or replaced
under a running program is noticed before anything is written (issue 26).

A program that has a SQLite file open keeps writing into it after the file was
deleted or moved away (a sync client, a clean-up tool, a person): the open
descriptor still points at the unlinked file, every save "succeeds", and all of
it is gone when the program stops. A file put in its place (a copy from
elsewhere) would instead be written by the program's new connections, mixed
with the old one's.

So an engine on a SQLite file remembers the file it opened, as its
``(st_dev, st_ino)`` (:class:`FileIdentity`), and :func:`watch` checks the path
against it

* before a new connection is opened (so SQLite does not make a new, empty file
  where the old one was, nor open a file put in its place),
* before each transaction's ``BEGIN`` (``BEGIN IMMEDIATE`` for a write):
  nothing of the work runs, and a screen read after the file went says so
  instead of showing what is gone when the program stops,
* before each ``COMMIT`` (a file that went during the work: it is rolled back).

A missing path raises :class:`~models.errors.DatabaseFileGone`
(``replaced=False``), another file at the path the same with ``replaced=True``;
nothing was written then. A file moved back to its path is the same file
again, and writes go on. The write-ahead log (``-wal``, ``-shm``) belongs to
the path, not the file: nothing more is written to it once the file is
refused. An engine that lets go of all its connections (``dispose``, as
restoring a backup over a damaged file does after replacing it) learns the
file anew from its next connection; :func:`renew` says so at any time.
Each check is one ``stat`` of the path (a few microseconds; README, "Where
the data lives").
"""

from __future__ import annotations

import os
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DatabaseFileGone

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = [
    "FileIdentity",
    "FileWatch",
    "adopt",
    "check_file",
    "refuse_foreign_log",
    "renew",
    "watch",
    "watch_of",
]


@dataclass(frozen=True, slots=True)
class FileIdentity:
    """A file as the file system knows it: device and inode number."""

    device: int
    inode: int

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> FileIdentity | None:
        """The identity of the file at ``path`` now (symbolic links followed),
        or ``None`` when there is none. Other ``OSError``s (a folder that cannot
        be searched) propagate."""
        try:
            found = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            return None
        return cls(found.st_dev, found.st_ino)


class FileWatch:
    """The database file one engine opened: ``path`` and the identity it had
    when the engine first opened it (``None`` until then)."""

    def __init__(self, path: Path, identity: FileIdentity | None = None) -> None:
        self.path = path
        self.identity = identity
        self._lock = threading.Lock()

    def opened(self) -> None:
        """A connection was opened: the first one tells which file this is."""
        if self.identity is None:
            with self._lock:
                if self.identity is None:
                    self.identity = FileIdentity.of(self.path)

    def renew(self) -> None:
        """The file at the path is now the database (replaced on purpose)."""
        with self._lock:
            self.identity = FileIdentity.of(self.path)

    def forget(self) -> None:
        """No connection is open any more: the next one tells which file this is."""
        with self._lock:
            self.identity = None

    def check(self) -> None:
        """Raise :class:`~models.errors.DatabaseFileGone` when the path no
        longer holds the file first opened (missing: ``replaced=False``;
        another file: ``replaced=True``). Nothing is checked before the first
        connection was opened."""
        expected = self.identity
        if expected is None:
            return
        found = FileIdentity.of(self.path)
        if found != expected:
            raise DatabaseFileGone(database=str(self.path), replaced=found is not None)


_watches: weakref.WeakKeyDictionary[Any, FileWatch] = weakref.WeakKeyDictionary()


def watch(engine: Engine, path: Path) -> FileWatch:
    """Check the file behind ``engine`` (a SQLite file at ``path``) before each
    new connection, write transaction and commit (see the module docstring).
    Call once, right after the engine was made; returns its :class:`FileWatch`."""
    from sqlalchemy import event

    found = FileWatch(path.resolve())
    _watches[engine] = found

    @event.listens_for(engine, "do_connect")
    def _before_connect(*_args: Any) -> None:
        found.check()  # not even a new connection to another file, or a new empty one
        refuse_foreign_log(found.path)  # nor to a log another file's program writes

    @event.listens_for(engine, "connect")
    def _on_connect(*_args: Any) -> None:
        found.opened()

    @event.listens_for(engine, "begin", insert=True)  # before BEGIN (IMMEDIATE) is sent
    def _on_begin(_conn: Any) -> None:
        found.check()  # a write, or a read that would show what is no longer there

    @event.listens_for(engine, "commit")
    def _on_commit(_conn: Any) -> None:
        found.check()

    @event.listens_for(engine, "engine_disposed")
    def _on_dispose(_engine: Any) -> None:
        found.forget()  # no connection left: the next one tells the file

    return found


#: The kernel's table of every file lock held on this machine (Linux).
PROC_LOCKS = Path("/proc/locks")


def _locked_by_another(path: Path) -> bool:
    """Whether another process holds a POSIX lock on any byte of ``path``,
    read from the kernel's lock table (:data:`PROC_LOCKS`), never by opening
    ``path``: closing any descriptor of a file drops every POSIX lock this
    process holds on it, SQLite's own included (SQLite's "How to corrupt"
    page, 2.2). Asked with ``open`` + ``F_GETLK`` + ``close``, the check before
    each new connection dropped the server's locks on the database and its
    ``-shm``; another program closing the file then took itself for the last
    one, checkpointed and deleted the log the server was still writing, and
    the next hand saved was lost (``tests/models/test_storage_locks_kept.py``).

    ``False`` for a missing file and where there is no lock table (not Linux:
    the check is then not made, README, "Where the data lives")."""
    try:
        found = os.stat(path)
        table = PROC_LOCKS.read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    mine = str(os.getpid())
    wanted = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
    for line in table.splitlines():
        # "1: POSIX  ADVISORY  READ 8280 fe:00:2146542 124 124"; a waiting
        # lock's line starts "1: -> POSIX ..." and holds nothing yet
        fields = line.split()
        if len(fields) < 6 or fields[1] == "->" or fields[1] not in ("POSIX", "OFDLCK"):
            continue
        pid, where = fields[4], fields[5]
        if pid != mine and (where == wanted or _same_inode(where, found.st_ino)):
            return True
    return False


def _same_inode(where: str, inode: int) -> bool:
    """Whether a lock table's ``major:minor:inode`` names ``inode`` on a file
    system whose device numbers ``stat`` reports otherwise (an overlay: the
    lock is on the file below it)."""
    return where.rsplit(":", 1)[-1] == str(inode)


def refuse_foreign_log(path: Path) -> None:
    """Before SQLite opens ``path``: raise :class:`~models.errors.DatabaseFileGone`
    when the write-ahead log at the path (``-wal``, ``-shm``) is not this
    file's, so SQLite would read it into the file (damaging it) or make a new
    file beside it (and reset the log another program still writes):

    * the file is missing but its ``-wal`` or ``-shm`` is there: another
      program still has the file that went open (``replaced=False``);
    * another process holds its lock on the ``-shm`` (a program is using
      that log: SQLite's connections in WAL mode lock both for as long as
      they are open) but nobody holds one on the file at the path: that
      program's file is another one, this file was put in its place
      (``replaced=True``). Linux only (POSIX locks asked with ``F_GETLK``);
      the log of a program that has ended is not told apart (README, "Where
      the data lives").

    Costs a ``stat`` or two and a read of the kernel's lock table; neither
    file is opened (that would drop this process's SQLite locks on it)."""
    log = Path(f"{path}-wal")
    index = Path(f"{path}-shm")
    if not os.path.lexists(path):
        if os.path.lexists(log) or os.path.lexists(index):
            raise DatabaseFileGone(database=str(path), replaced=False)
        return
    if _locked_by_another(index) and not _locked_by_another(path):
        raise DatabaseFileGone(database=str(path), replaced=True)


def watch_of(engine: Any) -> FileWatch | None:
    """The :class:`FileWatch` of ``engine``, or ``None`` when :func:`watch`
    does not watch it."""
    return _watches.get(engine)


def check_file(path: Path, identity: FileIdentity | None) -> None:
    """Raise :class:`~models.errors.DatabaseFileGone` unless ``path`` still
    holds the file that had ``identity`` (nothing to check for ``None``): for
    a connection opened without SQLAlchemy (the command line's quick reads),
    before it opens the path, so no new empty file is made there."""
    FileWatch(path.resolve(), identity).check()


def adopt(engine: Engine, identity: FileIdentity | None) -> None:
    """``engine``'s file is the one that had ``identity`` when it was first
    opened by other means (a command line's :class:`~models.db.Database`
    read it with :mod:`sqlite3` before its SQLAlchemy engine was made). No-op for an engine
    :func:`watch` does not watch, or a ``None`` identity."""
    found = _watches.get(engine)
    if found is not None and identity is not None:
        with found._lock:
            found.identity = identity


def renew(engine: Engine) -> None:
    """The file now at ``engine``'s path is its database (a backup restored
    over a damaged file). No-op for an engine :func:`watch` does not watch."""
    found = _watches.get(engine)
    if found is not None:
        found.renew()
