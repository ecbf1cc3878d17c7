"""The read path's one tool: :class:`Reader` runs portable read queries
(``:name`` parameters, no dialect's own syntax) on a driver's DB-API
connection — :mod:`sqlite3`, :mod:`psycopg`, or the one under a SQLAlchemy
transaction — and the helpers that turn what a driver gives back into values
(:func:`from_json`, :func:`as_utc`).

Standard library only: the command line's quick reads
(:class:`models.db.Database` on a file or server read with the driver alone)
use it without loading SQLAlchemy.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = ["Reader", "as_utc", "from_json", "json_text"]

_NAME = re.compile(r"(?<![:\w]):(\w+)")


@lru_cache(maxsize=256)
def _pyformat(sql: str) -> str:
    """``:name`` parameters as ``%(name)s`` (and ``%`` as ``%%``), for drivers
    of the ``pyformat`` style (psycopg)."""
    return _NAME.sub(r"%(\1)s", sql.replace("%", "%%"))


class Reader:
    """Runs portable read queries (``:name`` parameters) on a DB-API connection.

    Rows come back as the driver gives them: use :func:`from_json` and
    :func:`as_utc` for JSON and time columns. Made by
    :func:`models.db.read_only`, or by :meth:`of` inside a write transaction
    (it then sees what the transaction wrote; flush ORM objects first).
    ``pyformat``: the driver takes ``%(name)s`` parameters (psycopg);
    ``row_locks``: the database locks rows (``FOR UPDATE``, not SQLite).
    """

    __slots__ = ("_connection", "_pyformat", "_row_locks")

    def __init__(self, connection: Any, *, pyformat: bool = False, row_locks: bool = False) -> None:
        self._connection = connection
        self._pyformat = pyformat
        self._row_locks = row_locks

    @classmethod
    def on(cls, connection: Any) -> Reader:
        """A reader on a SQLAlchemy ``Connection``'s DB-API connection, in its
        transaction."""
        return cls(
            connection.connection.driver_connection,
            pyformat=connection.dialect.paramstyle == "pyformat",
            row_locks=connection.dialect.name != "sqlite",
        )

    @classmethod
    def of(cls, db: Session) -> Reader:
        """A reader on the connection of the ``db`` session, in its transaction."""
        return cls.on(db.connection())

    def rows(self, sql: str, **params: Any) -> list[Any]:
        """Every row of ``sql`` (tuples)."""
        cursor = self._connection.cursor()
        try:
            cursor.execute(_pyformat(sql) if self._pyformat else sql, params)
            rows: list[Any] = cursor.fetchall()
            return rows
        finally:
            cursor.close()

    def stream(self, sql: str, **params: Any) -> Iterator[Any]:
        """The rows of ``sql`` a batch at a time (stop early by leaving the
        loop: the rest is never read)."""
        cursor = self._connection.cursor()
        try:
            cursor.execute(_pyformat(sql) if self._pyformat else sql, params)
            while batch := cursor.fetchmany(256):
                yield from batch
        finally:
            cursor.close()

    def first(self, sql: str, **params: Any) -> Any:
        """The first row of ``sql``, or ``None``."""
        found = self.rows(sql, **params)
        return found[0] if found else None

    def value(self, sql: str, **params: Any) -> Any:
        """The first column of the first row of ``sql`` (``None`` without rows)."""
        row = self.first(sql, **params)
        return None if row is None else row[0]

    def locked(self, sql: str, **params: Any) -> Any:
        """Like :meth:`first`, locking the rows read until the transaction ends
        (``FOR UPDATE``) where the database locks rows; SQLite's write
        transaction holds the whole database already (``BEGIN IMMEDIATE``)."""
        return self.first(f"{sql} FOR UPDATE" if self._row_locks else sql, **params)


def from_json(value: Any) -> Any:
    """A JSON column's value as read by a :class:`Reader`: SQLite gives text,
    drivers that decode JSON themselves give the object (returned as it is).

    >>> from_json('{"a": 1}'), from_json({"a": 1})
    ({'a': 1}, {'a': 1})
    """
    return json.loads(value) if isinstance(value, str | bytes) else value


def as_utc(value: Any) -> datetime | None:
    """A time column's value as read by a :class:`Reader`, as an aware UTC
    datetime (SQLite holds UTC as text without an offset, as SQLAlchemy wrote it).

    >>> as_utc("2026-01-02 03:04:05")
    datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    """
    if value is None:
        return None
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if not isinstance(moment, datetime):
        raise TypeError(f"not a time: {value!r}")
    return moment.replace(tzinfo=UTC) if moment.utcoffset() is None else moment.astimezone(UTC)


def json_text(value: Any) -> str:
    """``value`` as compact JSON text (how the services write their own JSON text columns)."""
    return json.dumps(value, separators=(",", ":"))
