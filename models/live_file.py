"""Live updates between processes on one SQLite file (issue 26, item 8).

Two ``kortpoeng web`` processes may serve the same SQLite file (a laptop's
server and one started again by hand, a phone's own app on a shared folder),
and the command line may write to it while a server runs (``kortpoeng
import``, ``restore``). SQLite has no notifications, but every connection can
tell whether *another* connection committed since it last looked:
``PRAGMA data_version`` (https://sqlite.org/pragma.html#pragma_data_version)
returns a different number then. So each server runs one :class:`FileListener`
thread that asks it on a connection of its own every :data:`POLL_S` seconds
(one such question takes a few microseconds, README: "Two servers on one
file") and, when the number changed, hands the app ``None`` — "anything may
have changed" — and every open screen reloads from the file, as after a write
on another tab.

This process's own writes change the number too; they reach its tabs by the
app's pub/sub already, so the listener takes them out: just before each of
this engine's commits (the write lock held, no other process can commit) it
looks whether another process's commit came first (then it tells the app), and
right after it takes the number the own commit made as seen. A commit of
another process in the microseconds between the two is taken for this one's
and reaches the tabs with the next write or reload.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = ["POLL_S", "FileListener", "watched_file"]

logger = logging.getLogger(__name__)

POLL_S = 0.5
"""Seconds between two looks at ``PRAGMA data_version``: how late, at most, a
write made by another process reaches this one's tabs (plus their reload)."""

#: Seconds to wait before opening the file again after an error.
RETRY_S = 2.0


def watched_file(engine: Engine) -> Path | None:
    """The SQLite file behind ``engine`` whose other writers a
    :class:`FileListener` can follow, or ``None`` (another database, or one
    in memory)."""
    if engine.dialect.name != "sqlite":
        return None
    from .faults import database_file

    return database_file(engine)


_listeners: weakref.WeakKeyDictionary[Any, FileListener] = weakref.WeakKeyDictionary()
_hooked = threading.Lock()
_session_hook: list[bool] = []


class FileListener(threading.Thread):
    """A daemon thread following other connections' commits to the SQLite
    file behind ``engine`` (see the module docstring); ``on_write(None)``
    runs in this thread for each change it sees. ``poll_s`` is the time
    between looks (seconds). ``ready`` is set once it has read the file's
    first number; :meth:`stop` ends it within ``poll_s``. Errors (the file
    cannot be opened) are logged and retried after :data:`RETRY_S`."""

    def __init__(
        self,
        engine: Engine,
        on_write: Callable[[int | None], Any],
        *,
        poll_s: float = POLL_S,
    ) -> None:
        super().__init__(name="kortpoeng-file-listener", daemon=True)
        path = watched_file(engine)
        if path is None:
            raise ValueError("not a SQLite file")
        self.path = path
        self._on_write = on_write
        self._poll_s = poll_s
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._last: int | None = None
        self._missed = False
        self.ready = threading.Event()
        from . import file_identity

        self._watch = file_identity.watch_of(engine)
        _follow_own_commits(engine, self)

    def stop(self) -> None:
        """Stop following (returns at once)."""
        self._stopping.set()

    def run(self) -> None:
        try:
            while not self._stopping.is_set():
                try:
                    if self._file_went():
                        self._let_go()
                        self._stopping.wait(self._poll_s)
                        continue
                    if self._changed():
                        self._deliver()
                    self.ready.set()
                    self._stopping.wait(self._poll_s)
                except sqlite3.Error as error:
                    logger.warning(
                        "Not following %s for %s s (%s)", self.path, RETRY_S, type(error).__name__
                    )
                    self._close()
                    self._stopping.wait(RETRY_S)
        finally:
            self._close()

    def _file_went(self) -> bool:
        """Whether the path no longer holds the engine's file (deleted, moved,
        replaced: :mod:`models.file_identity`)."""
        from .errors import DatabaseFileGone

        if self._watch is None:
            return False
        try:
            self._watch.check()
        except DatabaseFileGone:
            return True
        return False

    def _let_go(self) -> None:
        """The file went: its write-ahead log, still at the path, is
        checkpointed into the file that went (a moved file keeps every
        commit) and emptied (``wal_checkpoint(TRUNCATE)``), so a program
        opening the file now at the path later finds no frame of another
        file's in it; then this listener's connection is closed, and no
        other is opened until the file is back."""
        with self._lock:
            if self._connection is not None:
                try:
                    self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                except sqlite3.Error:
                    logger.warning("Could not empty the log of %s", self.path)
        self._close()

    def _version(self) -> int:
        """The file's ``data_version`` as this listener's connection sees it
        (the connection opened first: never a new file made where none is)."""
        if self._connection is None:
            uri = f"{self.path.as_uri()}?mode=rw"
            self._connection = sqlite3.connect(
                uri, uri=True, timeout=1.0, isolation_level=None, check_same_thread=False
            )
        version: int = self._connection.execute("PRAGMA data_version").fetchone()[0]
        return version

    def _changed(self) -> bool:
        """Whether another connection committed since the last look (the
        first look sees no change), or a change was noticed before one of
        this process's commits."""
        with self._lock:
            version = self._version()
            changed = self._last is not None and version != self._last
            self._last = version
            missed, self._missed = self._missed, False
        return changed or missed

    def before_own_commit(self) -> None:
        """This process is about to commit (holding the write lock): a change
        seen now is another process's, to be told at the next look."""
        try:
            if self._changed():
                with self._lock:
                    self._missed = True
        except sqlite3.Error:  # the look is retried by the thread
            pass

    def after_own_commit(self) -> None:
        """This process committed: the number it made is taken as seen."""
        try:
            with self._lock:
                self._last = self._version()
        except sqlite3.Error:
            pass

    def _close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            self._last = None

    def _deliver(self) -> None:
        try:
            self._on_write(None)
        except Exception:  # one tab's trouble never stops the following
            logger.warning("Could not pass on a change of %s", self.path, exc_info=True)


def _follow_own_commits(engine: Engine, listener: FileListener) -> None:
    """Call ``listener``'s :meth:`~FileListener.before_own_commit` before each
    commit on ``engine`` and its :meth:`~FileListener.after_own_commit` after
    each committed ORM ``db`` session on it (how the services write)."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    known = engine in _listeners
    _listeners[engine] = listener
    if not known:

        @event.listens_for(engine, "commit")
        def _before(_conn: Any) -> None:
            found = _listeners.get(engine)
            if found is not None:
                found.before_own_commit()

    with _hooked:
        if not _session_hook:
            _session_hook.append(True)

            @event.listens_for(Session, "after_commit")
            def _after(db: Session) -> None:
                found = _listeners.get(db.bind) if db.bind is not None else None
                if found is not None:
                    found.after_own_commit()
