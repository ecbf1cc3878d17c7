"""The database: where it lives, the one engine, migrations, write transactions
and the read path.

One engine is made once (:func:`make_engine`) and passed in; tests make one on a
temporary SQLite file. :func:`init_db` upgrades the schema to the newest Alembic
revision, so an older database is migrated when the app starts.

Reads go through a :class:`Reader`: portable SQL (``:name`` parameters, no
dialect's own syntax) run on the driver's DB-API connection, inside a SQLAlchemy
transaction (:meth:`Reader.of`) or, for the command line, on a
:class:`QuickEngine` — a SQLite file opened with the standard library's
:mod:`sqlite3` alone: importing SQLAlchemy takes longer than a whole ``kortpoeng
list`` may (``python -X importtime``), so nothing here imports it before a
function needs it.

SQLite specifics live here and only here (connection pragmas, ``BEGIN IMMEDIATE``
for write transactions, how SQLite hands back times); the queries elsewhere are
plain SQLAlchemy or portable SQL, so a PostgreSQL URL works the same way.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy.engine import URL, Connection, Engine
    from sqlmodel import Session

from . import file_identity, private_files, server_limits
from .errors import DatabaseNewer, DatabaseUnopenable
from .faults import damaged, database_name, is_busy, storage_faults

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DB_ENV",
    "DB_FILENAME",
    "MIGRATIONS_DIR",
    "AnyEngine",
    "QuickEngine",
    "QuickServer",
    "Reader",
    "alembic_config",
    "as_utc",
    "database_url",
    "default_database_path",
    "from_json",
    "init_db",
    "json_text",
    "make_engine",
    "open_database",
    "read_only",
    "reading",
    "run_write",
    "sqlalchemy_engine",
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

CONNECT_TIMEOUT_S = 10
"""How long (seconds) a connection to a database server may take before the
work is refused (:class:`models.errors.DatabaseUnreachable`)."""

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


_SQLITE_FILE_URL = re.compile(r"sqlite:///(?P<path>[^?]+)")


def _plain_sqlite_file(url: str) -> Path | None:
    """The file of a plain ``sqlite:///path`` URL (no driver, no query), else
    ``None``: told without SQLAlchemy's URL parser."""
    found = _SQLITE_FILE_URL.fullmatch(url)
    if found is None or found["path"] in {":memory:"} or found["path"].startswith("file:"):
        return None
    return Path(found["path"])


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
    from sqlalchemy.engine import make_url
    from sqlmodel import create_engine

    with storage_faults(db, opening=True):
        try:
            url = make_url(database_url(db))
        except ValueError:  # a URL SQLAlchemy cannot even parse (a port that is not a number)
            raise DatabaseUnopenable(database=database_name(db)) from None
        if not _is_sqlite(url):
            # A server: a connection the server dropped (restarted) is noticed
            # and replaced before use; a server that does not answer is given
            # up on after CONNECT_TIMEOUT_S, not after the system's minutes.
            options: dict[str, Any] = {}
            if url.get_backend_name() == "postgresql":
                options["connect_args"] = {
                    "connect_timeout": CONNECT_TIMEOUT_S,
                    **server_limits.connect_args(url.query),  # lock and statement limits
                }
                if url.drivername in ("postgresql", "postgres"):  # no driver named:
                    url = url.set(drivername="postgresql+psycopg")  # psycopg 3, ours
            return create_engine(url, echo=echo, pool_pre_ping=True, **options)
        path = _sqlite_file(url)
        if path is not None:  # made private before SQLite opens it (issue 26)
            file_identity.refuse_foreign_log(path)  # never beside another file's log
            private_files.prepare_database(path, own=path == default_database_path())
    engine = create_engine(
        url,
        echo=echo,
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
    )
    _install_sqlite_hooks(engine)
    if path is not None:  # a file deleted or replaced under us is refused (issue 26)
        file_identity.watch(engine, path)
    return engine


def _may_switch_to_wal(cursor: Any) -> bool:
    """Whether to switch the file to WAL: a new database or a Kortpoeng one
    (already WAL, or from before), never another program's (which must stay
    as it is: :func:`init_db` then refuses it)."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal":
        return False
    names = {row[0] for row in cursor.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return not names or "alembic_version" in names


def _sqlite_pragmas(connection: Any) -> None:
    """Set up a new sqlite3 connection: foreign keys enforced, wait for another
    writer's lock, write-ahead log (:func:`_may_switch_to_wal`),
    ``synchronous=FULL`` (a committed hand survives a power cut); transactions
    are begun by this module, never by the sqlite3 module itself."""
    connection.isolation_level = None
    cursor = connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        if _may_switch_to_wal(cursor):
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
    finally:
        cursor.close()


def _install_sqlite_hooks(engine: Engine) -> None:
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control away from the sqlite3 module (it would BEGIN
        # lazily and COMMIT before DDL); SQLAlchemy's "begin" event below emits it.
        _sqlite_pragmas(dbapi_connection)

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


def run_write(engine: AnyEngine, work: Callable[[Session], T], *, attempts: int = 5) -> T:
    """Run ``work(db)`` in a :func:`write_transaction` on a new ``db`` session of
    ``engine`` (a :class:`QuickEngine` makes its SQLAlchemy engine now), retrying
    on a lost race.

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
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlmodel import Session

    started = time.monotonic()
    with storage_faults(engine), Session(sqlalchemy_engine(engine)) as db:
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


def _snapshot(engine: Engine | Connection) -> dict[str, str]:
    """Execution options giving a read transaction one snapshot for all its
    queries: SQLite's transactions already do; PostgreSQL's default (``READ
    COMMITTED``) takes a new snapshot per statement, so reads ask for
    ``REPEATABLE READ`` (writes keep the default and lock the rows they change)."""
    if engine.dialect.name == "postgresql":
        return {"isolation_level": "REPEATABLE READ"}
    return {}


@contextmanager
def reading(engine: AnyEngine) -> Iterator[Session]:
    """A ``db`` session on ``engine`` for reads, in one short transaction that is
    ended afterwards (so nothing pins an old snapshot of the database).

    What the database library raises leaves as a coded error, as in
    :func:`run_write`."""
    from sqlmodel import Session

    bind = sqlalchemy_engine(engine)
    with storage_faults(engine), Session(bind) as db:
        try:
            db.connection(execution_options=_snapshot(bind))
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


HEAD_REVISION = "0008"
"""The newest migration in ``models/migrations`` (a test checks it is Alembic's head)."""


def schema_revision(engine: Engine) -> str | None:
    """The migration the database behind ``engine`` is at (``alembic_version``),
    or ``None`` for a new (or not yet migrated) database."""
    from sqlalchemy import Column, MetaData, String, Table, inspect, select

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
    from sqlalchemy import inspect

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
        if connection.dialect.name == "postgresql":  # a long upgrade is not cut off
            server_limits.unlimited(connection)
        command.upgrade(alembic_config(connection), "head")


# -- the read path ---------------------------------------------------------------


class QuickEngine:
    """A SQLite database file opened for the command line's reads with the
    standard library's :mod:`sqlite3` alone (see the module docstring for why).

    The read use cases take it wherever they take an engine (through
    :func:`read_only`); a use case that must write (a session to rescore)
    gets the SQLAlchemy engine of the same file from :func:`sqlalchemy_engine`,
    made on first use. Made by :func:`open_database` only for a file already at
    :data:`HEAD_REVISION`.
    """

    def __init__(self, url: str, path: Path) -> None:
        self.url = url
        self.path = path
        self.identity = file_identity.FileIdentity.of(path)  # the file read (issue 26)
        self._connection: sqlite3.Connection | None = None
        self._engine: Engine | None = None

    def connect(self) -> sqlite3.Connection:
        """The one :mod:`sqlite3` connection (set up as :func:`make_engine`
        sets up each of its own), opened on first use. Each call first checks
        that the path still holds the file first read (:mod:`models.file_identity`)."""
        file_identity.check_file(self.path, self.identity)
        if self._connection is None:
            import sqlite3

            with storage_faults(self, opening=True):
                connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
                try:
                    _sqlite_pragmas(connection)
                except BaseException:
                    connection.close()
                    raise
            self._connection = connection
        return self._connection

    def engine(self) -> Engine:
        """The SQLAlchemy engine of the same file (schema at head already)."""
        if self._engine is None:
            file_identity.check_file(self.path, self.identity)  # none made where it went
            self._engine = make_engine(self.url)
            file_identity.adopt(self._engine, self.identity)  # still the file read?
        return self._engine

    def dispose(self) -> None:
        """Close the connection and the SQLAlchemy engine, if made."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


class QuickServer:
    """A PostgreSQL database opened for the command line's reads with
    :mod:`psycopg` alone (SQLAlchemy's import is most of a ``kortpoeng list``,
    as for :class:`QuickEngine`). Made by :func:`open_database` only for a
    database already at :data:`HEAD_REVISION`; a use case that must write gets
    the SQLAlchemy engine from :func:`sqlalchemy_engine`, made on first use.
    Reads run in ``REPEATABLE READ`` transactions (one snapshot each)."""

    def __init__(self, url: str, conninfo: str) -> None:
        self.url = url
        self.conninfo = conninfo
        self._connection: Any = None
        self._engine: Engine | None = None

    def connect(self) -> Any:
        """The one psycopg connection, opened on first use."""
        if self._connection is None:
            import psycopg

            with storage_faults(self, opening=True):
                connection = psycopg.connect(
                    self.conninfo,
                    connect_timeout=CONNECT_TIMEOUT_S,
                    options=server_limits.options(),  # lock and statement limits
                )
                connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
                self._connection = connection
        return self._connection

    def engine(self) -> Engine:
        """The SQLAlchemy engine of the same database (schema at head already)."""
        if self._engine is None:
            self._engine = make_engine(self.url)
        return self._engine

    def dispose(self) -> None:
        """Close the connection and the SQLAlchemy engine, if made."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


_POSTGRES_URL = re.compile(r"postgres(?:ql)?(?:\+psycopg)?://(?P<rest>[^?]*)")


def _plain_postgres_conninfo(url: str) -> str | None:
    """A libpq URI for a plain ``postgresql[+psycopg]://`` URL without query
    options (told without SQLAlchemy), else ``None``."""
    found = _POSTGRES_URL.fullmatch(url)
    return None if found is None else f"postgresql://{found['rest']}"


def _quick_server(url: str, conninfo: str) -> QuickServer | None:
    """A :class:`QuickServer` when the database is at :data:`HEAD_REVISION`
    (``None`` when it is not, or has no revision yet). Raises the coded
    errors of :mod:`models.faults` (a server down, a refused login)."""
    server = QuickServer(url, conninfo)
    try:
        connection = server.connect()
        with storage_faults(server):
            try:
                found = connection.execute("SELECT version_num FROM alembic_version").fetchall()
            except Exception as error:
                if getattr(error, "sqlstate", None) != "42P01":  # not "no such table"
                    raise
                found = []
            finally:
                connection.rollback()
    except BaseException:
        server.dispose()
        raise
    if len(found) == 1 and found[0][0] == HEAD_REVISION:
        return server
    server.dispose()
    return None


if TYPE_CHECKING:
    AnyEngine = Engine | QuickEngine | QuickServer
else:
    AnyEngine = Any
"""What the use cases accept as ``engine``: the app's SQLAlchemy engine, or a
:class:`QuickEngine` (the command line's reads)."""


def sqlalchemy_engine(engine: AnyEngine) -> Engine:
    """``engine`` itself, or the SQLAlchemy engine behind a :class:`QuickEngine`."""
    return engine.engine() if isinstance(engine, QuickEngine | QuickServer) else engine


def _quick_revision(path: Path) -> str | None:
    """The migration a SQLite file is at, read with :mod:`sqlite3` (``None``
    when it is missing, not a database or not migrated)."""
    import sqlite3

    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error:
        return None
    try:
        found = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    except sqlite3.Error:
        return None
    finally:
        connection.close()
    return found[0][0] if len(found) == 1 else None


def open_database(db: str | os.PathLike[str] | None = None) -> AnyEngine:
    """The command line's database (see :func:`database_url`): a
    :class:`QuickEngine` for a SQLite file at :data:`HEAD_REVISION`, otherwise
    :func:`make_engine` with :func:`init_db` (create, upgrade; the coded
    errors those raise)."""
    url = database_url(db)
    path = _plain_sqlite_file(url)
    if path is not None:  # never read another file's log into this one (issue 26)
        file_identity.refuse_foreign_log(path)
    if path is not None and _quick_revision(path) == HEAD_REVISION:
        return QuickEngine(url, path)
    conninfo = _plain_postgres_conninfo(url)
    if conninfo is not None:
        quick = _quick_server(url, conninfo)
        if quick is not None:
            return quick
    engine = make_engine(url)
    try:
        init_db(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


_NAME = re.compile(r"(?<![:\w]):(\w+)")


@lru_cache(maxsize=256)
def _pyformat(sql: str) -> str:
    """``:name`` parameters as ``%(name)s`` (and ``%`` as ``%%``), for drivers
    of the ``pyformat`` style (psycopg)."""
    return _NAME.sub(r"%(\1)s", sql.replace("%", "%%"))


class Reader:
    """Runs portable read queries (``:name`` parameters) on a DB-API connection.

    Rows come back as the driver gives them: use :func:`from_json` and
    :func:`as_utc` for JSON and time columns. Made by :func:`read_only`, or by
    :meth:`of` inside a write transaction (it then sees what the transaction
    wrote; flush ORM objects first).
    """

    __slots__ = ("_connection", "_pyformat", "_row_locks")

    def __init__(self, connection: Any, *, pyformat: bool = False, row_locks: bool = False) -> None:
        self._connection = connection
        self._pyformat = pyformat
        self._row_locks = row_locks

    @classmethod
    def of(cls, db: Session | Connection) -> Reader:
        """A reader on the connection of ``db`` (a SQLModel session or a
        SQLAlchemy connection), in its transaction."""
        from sqlalchemy.orm import Session as OrmSession

        connection = db.connection() if isinstance(db, OrmSession) else db
        dbapi = connection.connection.driver_connection
        return cls(
            dbapi,
            pyformat=connection.dialect.paramstyle == "pyformat",
            row_locks=connection.dialect.name != "sqlite",
        )

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


@contextmanager
def read_only(engine: AnyEngine) -> Iterator[Reader]:
    """A :class:`Reader` in one short read transaction on ``engine`` (one
    snapshot for every query in the block), ended afterwards. What the
    database library raises leaves as a coded error, as in :func:`run_write`."""
    if isinstance(engine, QuickEngine):
        with storage_faults(engine):
            connection = engine.connect()
            connection.execute("BEGIN")
            try:
                yield Reader(connection)
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
        return
    if isinstance(engine, QuickServer):
        with storage_faults(engine):
            connection = engine.connect()
            try:
                yield Reader(connection, pyformat=True, row_locks=True)
            finally:
                connection.rollback()
        return
    with storage_faults(engine), engine.connect() as conn:
        conn.execution_options(**_snapshot(engine))
        conn.begin()
        try:
            yield Reader.of(conn)
        finally:
            conn.rollback()


def from_json(value: Any) -> Any:
    """A JSON column's value as read by a :class:`Reader`: SQLite gives text,
    drivers that decode JSON themselves give the object (returned as it is)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def as_utc(value: Any) -> datetime | None:
    """A time column's value as read by a :class:`Reader`, as an aware UTC
    datetime (SQLite holds UTC as text without an offset, as SQLAlchemy wrote it)."""
    if value is None:
        return None
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if not isinstance(moment, datetime):
        raise TypeError(f"not a time: {value!r}")
    return moment.replace(tzinfo=UTC) if moment.utcoffset() is None else moment.astimezone(UTC)


def json_text(value: Any) -> str:
    """``value`` as compact JSON text (how the services write their own JSON text columns)."""
    return json.dumps(value, separators=(",", ":"))
