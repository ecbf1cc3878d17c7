"""The database: where it lives, the one engine, migrations and write transactions.

One engine is made once (:func:`make_engine`) and passed in; tests make one on a
temporary SQLite file. :func:`init_db` upgrades the schema to the newest Alembic
revision, so an older database is migrated when the app starts.

SQLite specifics live here and only here (connection pragmas, ``BEGIN IMMEDIATE``
for write transactions); the queries elsewhere are plain SQLAlchemy, so a
PostgreSQL URL works the same way.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Column, MetaData, String, Table, event, inspect, select
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, create_engine

from .errors import DatabaseNewer, DatabaseUnopenable
from .faults import damaged, database_name, is_busy, storage_faults

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DB_ENV",
    "DB_FILENAME",
    "MIGRATIONS_DIR",
    "alembic_config",
    "database_url",
    "default_database_path",
    "init_db",
    "make_engine",
    "reading",
    "run_write",
    "write_transaction",
]

DB_ENV = "KORTPOENG_DB"
"""Environment variable naming the database: a SQLAlchemy URL or a file path."""

FLET_DATA_ENV = "FLET_APP_STORAGE_DATA"
"""Set by a packaged Flet app to its private, persistent data directory."""

DB_FILENAME = "kortpoeng.db"
APP_NAME = "Kortpoeng"
BUSY_TIMEOUT_MS = 3_000
"""How long (milliseconds) a SQLite connection waits for another writer's lock
before the work is refused as busy (:class:`models.errors.DatabaseBusy`)."""

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

_WRITE_OPTION = "kortpoeng_write"

T = TypeVar("T")


def default_database_path() -> Path:
    """Return the default database file: ``FLET_APP_STORAGE_DATA`` or the user data dir.

    The directory is not created here (see :func:`make_engine`).
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


def _is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _sqlite_file(url: URL) -> Path | None:
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def make_engine(db: str | os.PathLike[str] | None = None, *, echo: bool = False) -> Engine:
    """Make the application's one engine for ``db`` (see :func:`database_url`).

    For SQLite: the parent directory of the file is created, every connection gets
    ``foreign_keys=ON``, ``busy_timeout``, ``synchronous=FULL`` (a committed hand
    survives a power cut) and the file is switched to WAL mode. Python's sqlite3
    module is told not to manage transactions itself; this module emits ``BEGIN``
    (``BEGIN IMMEDIATE`` for write transactions, see :func:`write_transaction`).

    Raises :class:`models.errors.DatabaseUnopenable` (a bad URL, no driver for
    it, a folder that cannot be made) or :class:`models.errors.DatabaseReadOnly`.
    """
    with storage_faults(db, opening=True):
        try:
            url = make_url(database_url(db))
        except ValueError:  # a URL SQLAlchemy cannot even parse (a port that is not a number)
            raise DatabaseUnopenable(database=database_name(db)) from None
        if not _is_sqlite(url):
            return create_engine(url, echo=echo, pool_pre_ping=True)
        path = _sqlite_file(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        echo=echo,
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
    )
    _install_sqlite_hooks(engine)
    return engine


def _may_switch_to_wal(cursor: Any) -> bool:
    """Whether to switch the file to WAL: a new database or a Kortpoeng one
    (already WAL, or from before), never another program's (which must stay
    as it is: :func:`init_db` then refuses it)."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return False
    names = {row[0] for row in cursor.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return not names or "alembic_version" in names


def _install_sqlite_hooks(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module (it would BEGIN
        # lazily and COMMIT before DDL); SQLAlchemy's "begin" event below emits it.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if _may_switch_to_wal(cursor):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        if conn.get_execution_options().get(_WRITE_OPTION):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.exec_driver_sql("BEGIN")


@contextmanager
def write_transaction(db: Session) -> Iterator[Session]:
    """Run a block as one write transaction on ``db``; commit, or roll back on error.

    Any transaction already open on ``db`` is committed first so that the
    write transaction starts fresh; on SQLite it begins with ``BEGIN IMMEDIATE``,
    which takes the write lock up front so two writers queue up (``busy_timeout``)
    instead of failing half-way.
    """
    if db.in_transaction():
        db.commit()
    db.connection(execution_options={_WRITE_OPTION: True})
    try:
        yield db
        db.commit()
    except BaseException:
        db.rollback()
        raise


def run_write(engine: Engine, work: Callable[[Session], T], *, attempts: int = 5) -> T:
    """Run ``work(db)`` in a :func:`write_transaction` on a new ``db`` session of
    ``engine``, retrying on a lost race.

    A unique-constraint clash (two writers picked the same hand number) is
    retried up to ``attempts`` times with a short back-off, and so is a busy
    database that answered at once; a busy database that made the work wait its
    whole ``busy_timeout`` is not waited for again. Other errors propagate after
    the rollback. ``work`` must be safe to run again.

    What the database library raises leaves as a coded error
    (:mod:`models.faults`: :class:`~models.errors.DatabaseBusy`,
    :class:`~models.errors.DatabaseReadOnly`, :class:`~models.errors.DiskFull`,
    :class:`~models.errors.DatabaseDamaged`, …); nothing was written then.
    """
    started = time.monotonic()
    with storage_faults(engine), Session(engine) as db:
        for attempt in range(1, attempts + 1):
            try:
                with write_transaction(db):
                    return work(db)
            except IntegrityError:
                if attempt == attempts:
                    raise
            except OperationalError as error:
                waited = time.monotonic() - started >= BUSY_TIMEOUT_MS / 2000
                if attempt == attempts or not is_busy(error) or waited:
                    raise
            time.sleep(0.005 * attempt)
    raise AssertionError("unreachable")  # pragma: no cover


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """A ``db`` session on ``engine`` for reads, in one short transaction that is
    ended afterwards (so nothing pins an old snapshot of the database).

    What the database library raises leaves as a coded error, as in
    :func:`run_write`."""
    with storage_faults(engine), Session(engine) as db:
        try:
            yield db
        finally:
            db.rollback()


def alembic_config(connection: Any | None = None) -> Any:
    """Return an Alembic ``Config`` for the migrations in ``models/migrations``.

    When ``connection`` is given, migrations run on it (see ``env.py``).
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


HEAD_REVISION = "0006"
"""The newest migration in ``models/migrations`` (a test checks it is Alembic's head)."""


def schema_revision(engine: Engine) -> str | None:
    """The migration the database behind ``engine`` is at (``alembic_version``),
    or ``None`` for a new (or not yet migrated) database."""
    version = Table("alembic_version", MetaData(), Column("version_num", String(32)))
    with storage_faults(engine), engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        found = connection.execute(select(version.c.version_num)).scalars().all()
    return found[0] if len(found) == 1 else None


def known_revisions() -> frozenset[str]:
    """Every schema revision this version of Kortpoeng has a migration for."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config())
    return frozenset(script.revision for script in scripts.walk_revisions())


def _has_tables(engine: Engine) -> bool:
    """Whether the database holds tables of its own (not just an empty
    ``alembic_version``): another program's database, if it has no revision."""
    with storage_faults(engine), engine.connect() as connection:
        names = inspect(connection).get_table_names()
    return any(name != "alembic_version" and not name.startswith("sqlite_") for name in names)


def init_db(engine: Engine) -> None:
    """Create or upgrade the schema behind ``engine`` to the newest migration.

    Safe to call on every start: a database already at :data:`HEAD_REVISION`
    is left as it is, without loading Alembic (start-up time); any other runs
    Alembic's ``upgrade head``.

    Nothing is written to a database this version does not know: raises
    :class:`~models.errors.DatabaseNewer` for a schema revision it has no
    migration for (a newer Kortpoeng made it), :class:`~models.errors.DatabaseDamaged`
    for a damaged file or another program's database (tables, but no Kortpoeng
    revision), and the other coded errors of :mod:`models.faults`.
    """
    revision = schema_revision(engine)
    if revision == HEAD_REVISION:
        return
    name = database_name(engine)
    if revision is not None and revision not in known_revisions():
        raise DatabaseNewer(database=name, revision=revision[:32])
    if revision is None and _has_tables(engine):
        raise damaged(engine)
    from alembic import command

    with storage_faults(engine), engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")
