"""Live updates between processes that share one database server.

Within one ``kortpoeng web`` process the app tells its other tabs and phones
that a session changed with Flet's pub/sub. When several processes serve the
same PostgreSQL database (a card club: one process per room, or behind a
proxy), a phone on one process must see a hand saved through another. The
database carries the news: :func:`tell` sends ``NOTIFY kortpoeng_writes``
with ``"<origin>:<session id>"``; every process runs one :class:`Listener`
thread (``LISTEN kortpoeng_writes`` on a connection of its own) that hands
each session id from another process to the app, which passes it on to its
tabs exactly as a local write.

SQLite has no such channel (one process serves one file): :func:`shared` is
false and nothing here runs.
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .faults import storage_faults

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = ["CHANNEL", "ORIGIN", "Listener", "shared", "tell"]

logger = logging.getLogger(__name__)

CHANNEL = "kortpoeng_writes"
"""The PostgreSQL notification channel."""

ORIGIN = secrets.token_hex(8)
"""This process's mark on what it tells (its own news reaches its tabs by pub/sub)."""

_PAYLOAD = re.compile(r"(?P<origin>[0-9a-f]{16}):(?P<session>[0-9]{1,18})")

#: Seconds between attempts to listen again after the connection was lost.
RETRY_S = (0.5, 1, 2, 5)


def shared(engine: Engine) -> bool:
    """Whether other processes may write to the database behind ``engine``
    (a database server with notifications: PostgreSQL)."""
    return engine.dialect.name == "postgresql"


def tell(engine: Engine, session_id: int) -> None:
    """Tell every other process listening on the database that session
    ``session_id`` changed (call after the write committed). Does nothing
    for a database without notifications. Raises the coded errors of
    :mod:`models.faults` (a server that is down: the write is saved, the
    others see it on their next load)."""
    if not shared(engine):
        return
    from sqlalchemy import text

    with storage_faults(engine), engine.connect() as connection:
        connection.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{ORIGIN}:{int(session_id)}"},
        )
        connection.commit()


def parse(payload: str, *, origin: str = ORIGIN) -> int | None:
    """The session id of a notification from another process, or ``None``
    (this process's own, or anything not in the expected shape).

    >>> parse("0123456789abcdef:42", origin="fedcba9876543210")
    42
    >>> parse("0123456789abcdef:42", origin="0123456789abcdef") is None
    True
    >>> parse("'; DROP TABLE hand; --") is None
    True
    """
    found = _PAYLOAD.fullmatch(payload)
    if found is None or found["origin"] == origin:
        return None
    return int(found["session"])


def _conninfo(engine: Engine) -> str:
    """A libpq connection string for psycopg from the engine's URL."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Listener(threading.Thread):
    """A daemon thread listening for other processes' writes (see the module
    docstring); ``on_write(session_id)`` runs in this thread for each one.

    A lost connection (the server restarted) is opened again after a short
    wait (:data:`RETRY_S`); what was told meanwhile is missed, and the tabs
    catch up on their next load. :meth:`stop` ends it within a second.
    ``ready`` is set each time it is listening."""

    def __init__(self, engine: Engine, on_write: Callable[[int], Any]) -> None:
        super().__init__(name="kortpoeng-listener", daemon=True)
        self._conninfo = _conninfo(engine)
        self._name = engine.url.render_as_string(hide_password=True)
        self._on_write = on_write
        self._stopping = threading.Event()
        self.ready = threading.Event()

    def stop(self) -> None:
        """Stop listening (returns at once; the thread ends within a second)."""
        self._stopping.set()

    def run(self) -> None:
        failures = 0
        while not self._stopping.is_set():
            try:
                self._listen()
                failures = 0
            except Exception as error:  # the server went away: listen again soon
                self.ready.clear()
                wait = RETRY_S[min(failures, len(RETRY_S) - 1)]
                failures += 1
                logger.warning(
                    "Not listening to %s for %s s (%s)", self._name, wait, type(error).__name__
                )
                self._stopping.wait(wait)

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            self.ready.set()
            while not self._stopping.is_set():
                for note in connection.notifies(timeout=1.0):
                    session_id = parse(note.payload)
                    if session_id is not None:
                        self._deliver(session_id)
                    if self._stopping.is_set():
                        break

    def _deliver(self, session_id: int) -> None:
        try:
            self._on_write(session_id)
        except Exception:  # one tab's trouble never stops the listening
            logger.warning("Could not pass on a write to session %s", session_id, exc_info=True)
