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

A notification is only heard while listening: what another process saved
while this one's listening connection was down (the server restarted, an
outage of any length) is never told again. So each time the listener listens
again after losing its connection, it hands the app ``None`` — "anything may
have changed" — and every open screen reloads from the database: nothing
saved during the gap is missed.

SQLite has no such channel: :func:`shared` is false and nothing here runs;
other servers and the command line on the same SQLite file are followed by
:mod:`models.live_file` (``PRAGMA data_version``).
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
from collections.abc import Callable, Sequence
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

#: Seconds between attempts to listen again after the connection was lost
#: (the last one repeated): a server back after an outage of any length is
#: listened to again within two seconds.
RETRY_S = (0.25, 0.5, 1, 2)


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
    docstring); ``on_write(session_id)`` runs in this thread for each one, and
    ``on_write(None)`` (reload everything) each time it listens again after
    the connection was lost or could not be made.

    A lost connection (the server restarted) is opened again after a short
    wait (``retry_s``, seconds, the last one repeated; :data:`RETRY_S`);
    :meth:`listen_again` cuts the current wait short. :meth:`stop` ends it
    within a second. ``ready`` is set each time it is listening (after the
    ``None`` of a resumption was handed on)."""

    def __init__(
        self,
        engine: Engine,
        on_write: Callable[[int | None], Any],
        *,
        retry_s: Sequence[float] = RETRY_S,
    ) -> None:
        super().__init__(name="kortpoeng-listener", daemon=True)
        if not retry_s:
            raise ValueError("retry_s needs at least one wait")
        self._conninfo = _conninfo(engine)
        self._name = engine.url.render_as_string(hide_password=True)
        self._on_write = on_write
        self._retry_s = tuple(retry_s)
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._resuming = False
        self.ready = threading.Event()

    def stop(self) -> None:
        """Stop listening (returns at once; the thread ends within a second)."""
        self._stopping.set()
        self._wake.set()

    def listen_again(self) -> None:
        """End the current wait between attempts: try to listen now."""
        self._wake.set()

    def run(self) -> None:
        failures = 0
        while not self._stopping.is_set():
            try:
                self._listen()
                failures = 0
            except Exception as error:  # the server went away: listen again soon
                self.ready.clear()
                self._resuming = True  # what is told meanwhile is missed
                wait = self._retry_s[min(failures, len(self._retry_s) - 1)]
                failures += 1
                logger.warning(
                    "Not listening to %s for %s s (%s)", self._name, wait, type(error).__name__
                )
                self._wake.wait(wait)
                self._wake.clear()

    def _listen(self) -> None:
        import psycopg

        with psycopg.connect(self._conninfo, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            if self._resuming:  # listening again: whatever was missed, reload it
                self._resuming = False
                self._deliver(None)
            self.ready.set()
            while not self._stopping.is_set():
                for note in connection.notifies(timeout=1.0):
                    session_id = parse(note.payload)
                    if session_id is not None:
                        self._deliver(session_id)
                    if self._stopping.is_set():
                        break

    def _deliver(self, session_id: int | None) -> None:
        try:
            self._on_write(session_id)
        except Exception:  # one tab's trouble never stops the listening
            logger.warning("Could not pass on a write to session %s", session_id, exc_info=True)
