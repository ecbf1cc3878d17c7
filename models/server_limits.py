"""Time limits on a database server's work (PostgreSQL).

SQLite gives up on another writer's lock after ``busy_timeout``
(:data:`models.db.BUSY_TIMEOUT_MS`). PostgreSQL by default waits for a lock as
long as it is held: while another client holds ``LOCK TABLE hand`` a tab
opening a session's rules waited 21 s (issue 26), and a phone's request held a
thread of the server all that while. So every connection Kortpoeng opens to
PostgreSQL — the engine's pool and the command line's :class:`models.db.Database`
read with psycopg alone — is started with

* ``lock_timeout`` (:data:`LOCK_TIMEOUT_MS`): a statement waiting longer for a
  lock is cancelled with SQLSTATE ``55P03`` (lock_not_available);
* ``statement_timeout`` (:data:`STATEMENT_TIMEOUT_MS`): a statement running
  longer is cancelled with ``57014`` (query_canceled).

Both leave as :class:`models.errors.DatabaseBusy` (:mod:`models.faults`): the
phone is told the database is busy and to try again; nothing was written
(the transaction is rolled back) and the other tabs keep answering.
Migrations (:func:`models.db.init_db`) lift both for their own transaction: a
long upgrade of a big database must not be cut off (it would be refused at
every start).

See https://www.postgresql.org/docs/current/runtime-config-client.html.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "LOCK_TIMEOUT_MS",
    "STATEMENT_TIMEOUT_MS",
    "connect_args",
    "options",
    "unlimited",
]

LOCK_TIMEOUT_MS = 3_000
"""How long (milliseconds) a statement waits for another client's lock (the
same as SQLite's busy timeout)."""

STATEMENT_TIMEOUT_MS = 10_000
"""How long (milliseconds) one statement may run (the slowest of the
benchmarks' reads at 20,000 sessions takes well under a second)."""


def options(given: str | None = None) -> str:
    """libpq's ``options`` (server settings for a new connection) with the
    limits, followed by any ``given`` in the URL (a setting given there wins:
    the later ``-c`` of a name counts).

    >>> options()
    '-c lock_timeout=3000 -c statement_timeout=10000'
    >>> options("-c search_path=club")
    '-c lock_timeout=3000 -c statement_timeout=10000 -c search_path=club'
    """
    ours = f"-c lock_timeout={LOCK_TIMEOUT_MS} -c statement_timeout={STATEMENT_TIMEOUT_MS}"
    return f"{ours} {given}" if given else ours


def connect_args(query: Any = None) -> dict[str, str]:
    """Keyword arguments for ``psycopg.connect`` (SQLAlchemy's
    ``connect_args``) carrying the limits; ``query`` is the URL's query
    (a mapping: its ``options``, a string or a tuple of them, are kept).

    >>> connect_args({"options": "-c search_path=club"})["options"]
    '-c lock_timeout=3000 -c statement_timeout=10000 -c search_path=club'
    """
    given = (query or {}).get("options")
    if isinstance(given, tuple | list):
        given = " ".join(given)
    return {"options": options(given or None)}


def unlimited(connection: Any) -> None:
    """Lift both limits for the rest of the current transaction of
    ``connection`` (a SQLAlchemy connection on PostgreSQL): ``SET LOCAL``."""
    connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
    connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
