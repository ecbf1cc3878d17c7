"""Where the database is: ``--db``, ``KORTPOENG_DB`` or the user data folder,
as a SQLAlchemy URL, and the SQLite file or PostgreSQL server a URL names.

Standard library only (the command line's quick reads use it before, or
without, SQLAlchemy), and below every other database module: :mod:`models.db`
opens what this names, :mod:`models.faults` names it in a message.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = [
    "APP_NAME",
    "DB_ENV",
    "DB_FILENAME",
    "FLET_DATA_ENV",
    "database_url",
    "default_database_path",
    "plain_postgres_conninfo",
    "plain_sqlite_file",
]

DB_ENV = "KORTPOENG_DB"
"""Environment variable naming the database: a SQLAlchemy URL or a file path."""

FLET_DATA_ENV = "FLET_APP_STORAGE_DATA"
"""Set by a packaged Flet app to its private, persistent data directory."""

DB_FILENAME = "kortpoeng.db"
APP_NAME = "Kortpoeng"


def default_database_path() -> Path:
    """Return the default database file: ``FLET_APP_STORAGE_DATA`` or the user data dir.

    The directory is not created here (see :func:`models.db.make_engine`).
    """
    flet_dir = os.environ.get(FLET_DATA_ENV)
    if flet_dir:
        return Path(flet_dir).expanduser().resolve() / DB_FILENAME
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / DB_FILENAME


def database_url(db: str | os.PathLike[str] | None = None) -> str:
    """Turn ``--db`` / ``KORTPOENG_DB`` / the default location into a SQLAlchemy URL.

    ``db`` (or, when it is None, the ``KORTPOENG_DB`` environment variable) may be
    a URL (anything containing ``://``) or a file path, which becomes an absolute
    ``sqlite:///`` URL.

    >>> database_url("sqlite:///x.db")
    'sqlite:///x.db'
    >>> database_url("/tmp/k.db")
    'sqlite:////tmp/k.db'
    """
    value = os.fspath(db) if db is not None else os.environ.get(DB_ENV) or None
    if value is None:
        return f"sqlite:///{default_database_path()}"
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


_SQLITE_FILE_URL = re.compile(r"sqlite:///(?P<path>[^?]+)")


def plain_sqlite_file(url: str) -> Path | None:
    """The file of a plain ``sqlite:///path`` URL (no driver, no query), else
    ``None``: told without SQLAlchemy's URL parser.

    >>> str(plain_sqlite_file("sqlite:////tmp/k.db"))
    '/tmp/k.db'
    >>> plain_sqlite_file("sqlite://") is None, plain_sqlite_file("sqlite:///k.db?mode=ro") is None
    (True, True)
    """
    found = _SQLITE_FILE_URL.fullmatch(url)
    if found is None or found["path"] in {":memory:"} or found["path"].startswith("file:"):
        return None
    return Path(found["path"])


_POSTGRES_URL = re.compile(r"postgres(?:ql)?(?:\+psycopg)?://(?P<rest>[^?]*)")


def plain_postgres_conninfo(url: str) -> str | None:
    """A libpq URI for a plain ``postgresql[+psycopg]://`` URL without query
    options (told without SQLAlchemy), else ``None``.

    >>> plain_postgres_conninfo("postgresql+psycopg://kp@localhost/scores")
    'postgresql://kp@localhost/scores'
    >>> plain_postgres_conninfo("postgresql://kp@localhost/scores?sslmode=require") is None
    True
    """
    found = _POSTGRES_URL.fullmatch(url)
    return None if found is None else f"postgresql://{found['rest']}"
