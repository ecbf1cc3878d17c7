"""The database: the one engine, migrations, write transactions, the read
path, and :class:`Database`, the one handle the use cases take.

One engine is made once (:func:`make_engine`) and passed in; tests make one on a
temporary SQLite file. :func:`init_db` upgrades the schema to the newest Alembic
revision, so an older database is migrated when the app starts. Where the
database is (``--db``, ``KORTPOENG_DB``, the user data folder) is told by
:mod:`models.locations`; the schema revisions are :mod:`models.revisions`.

Reads go through a :class:`~models.reader.Reader`: portable SQL (``:name``
parameters, no dialect's own syntax) run on the driver's DB-API connection,
inside a SQLAlchemy transaction (:meth:`Reader.of`) or, for the command line,
on a :class:`Database` that reads a SQLite file with the standard library's
:mod:`sqlite3` alone (or a PostgreSQL server with :mod:`psycopg` alone):
importing SQLAlchemy takes longer than a whole ``kortpoeng list`` may
(``python -X importtime``), so nothing here imports it before a function
needs it.

SQLite specifics live here and only here (connection pragmas, ``BEGIN IMMEDIATE``
for write transactions, how SQLite hands back times); the queries elsewhere are
plain SQLAlchemy or portable SQL, so a PostgreSQL URL works the same way.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy.engine import URL, Connection, Engine
    from sqlmodel import Session

from . import file_identity, private_files, server_limits
from .errors import DatabaseNewer, DatabaseUnopenable
from .faults import damaged, database_name, is_busy, storage_faults
from .locations import (
    DB_ENV,
    DB_FILENAME,
    database_url,
    default_database_path,
    plain_postgres_conninfo,
    plain_sqlite_file,
)
from .reader import Reader, as_utc, from_json, json_text
from .revisions import HEAD_REVISION, MIGRATIONS_DIR, alembic_config, known_revisions

__all__ = [
    "BUSY_TIMEOUT_MS",
    "DB_ENV",
    "DB_FILENAME",
    "HEAD_REVISION",
    "MIGRATIONS_DIR",
    "Database",
    "Handle",
    "Reader",
    "alembic_config",
    "as_utc",
    "database_url",
    "default_database_path",
    "from_json",
    "init_db",
    "json_text",
    "known_revisions",
    "make_engine",
    "open_database",
    "read_only",
    "reading",
    "run_write",
    "schema_revision",
    "write_transaction",
]

BUSY_TIMEOUT_MS = 3_000
"""How long (milliseconds) a SQLite connection waits for another writer's lock
before the work is refused as busy (:class:`models.errors.DatabaseBusy`)."""

CONNECT_TIMEOUT_S = 10
"""How long (seconds) a connection to a database server may take before the
work is refused (:class:`models.errors.DatabaseUnreachable`)."""

_WRITE_OPTION = "kortpoeng_write"

T = TypeVar("T")


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


def run_write(engine: Handle, work: Callable[[Session], T], *, attempts: int = 5) -> T:
    """Run ``work(db)`` in a :func:`write_transaction` on a new ``db`` session of
    ``engine`` (:meth:`Database.engine`: a command line's database makes its
    SQLAlchemy engine now), retrying on a lost race.

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
    with storage_faults(engine), Session(Database.of(engine).engine()) as db:
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
def reading(engine: Handle) -> Iterator[Session]:
    """A ``db`` session on ``engine`` for reads, in one short transaction that is
    ended afterwards (so nothing pins an old snapshot of the database).

    What the database library raises leaves as a coded error, as in
    :func:`run_write`."""
    from sqlmodel import Session

    bind = Database.of(engine).engine()
    with storage_faults(engine), Session(bind) as db:
        try:
            db.connection(execution_options=_snapshot(bind))
            yield db
        finally:
            db.rollback()


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


# -- the one handle ---------------------------------------------------------------


class _Source(Protocol):
    """How a :class:`Database` reaches its database (one of three, below)."""

    #: Reads go through the driver alone (SQLAlchemy not loaded for them).
    quick: bool

    @property
    def url(self) -> str: ...

    def read(self) -> AbstractContextManager[Reader]: ...

    def rows(self, sql: str) -> list[Any]: ...

    def engine(self) -> Engine: ...

    def dispose(self) -> None: ...


class Database:
    """A database as the use cases take it (their ``engine`` parameter): its
    URL, reads on a :class:`~models.reader.Reader` (:meth:`read`), the
    SQLAlchemy engine for writes (:meth:`engine`), and :meth:`dispose`.

    Behind it is one of three ways in, chosen where the database is opened
    and never asked about afterwards:

    * a SQLite file read with the standard library's :mod:`sqlite3` alone,
    * a PostgreSQL server read with :mod:`psycopg` alone — both made by
      :func:`open_database` for the command line, for a database already at
      :data:`HEAD_REVISION`; their SQLAlchemy engine is made on first use
      (a command that writes), so a read command never imports SQLAlchemy;
    * an existing SQLAlchemy engine (:meth:`of`: the app's one engine,
      :func:`make_engine`), read in its own transactions.

    :func:`read_only`, :func:`reading`, :func:`run_write`, the backups and
    the damage check take a :class:`Database` or the app's engine
    (:data:`Handle`) and turn it into one with :meth:`of`, the one place the
    two meet.
    """

    __slots__ = ("_source",)

    def __init__(self, source: _Source) -> None:
        self._source = source

    @classmethod
    def of(cls, engine: Handle) -> Database:
        """``engine`` as a :class:`Database`: itself, or a SQLAlchemy engine
        read in its own transactions."""
        return engine if isinstance(engine, Database) else cls(_EngineReads(engine))

    @property
    def url(self) -> str:
        """The database's SQLAlchemy URL (with its password: name it with
        :func:`models.faults.database_name`)."""
        return self._source.url

    @property
    def quick(self) -> bool:
        """Whether reads go through the driver alone (SQLAlchemy not loaded
        for them): a database :func:`open_database` found at the newest schema."""
        return self._source.quick

    def read(self) -> AbstractContextManager[Reader]:
        """A :class:`~models.reader.Reader` in one short read transaction (one
        snapshot for every query in the block), ended afterwards. The
        database library's own errors pass (:func:`read_only` codes them)."""
        return self._source.read()

    def rows(self, sql: str) -> list[Any]:
        """Every row of ``sql`` run on its own, outside any transaction (a
        ``PRAGMA``)."""
        return self._source.rows(sql)

    def engine(self) -> Engine:
        """The SQLAlchemy engine of the same database (made on first use for
        a command line's database; its schema is at head already)."""
        return self._source.engine()

    def dispose(self) -> None:
        """Close what was opened (connections, the SQLAlchemy engine if made here)."""
        self._source.dispose()


if TYPE_CHECKING:
    Handle: TypeAlias = Database | Engine
else:
    Handle = Any
"""What the use cases accept as ``engine``: a :class:`Database`, or the app's
SQLAlchemy engine (:meth:`Database.of` makes it one)."""


class _LaterEngine:
    """The SQLAlchemy engine of a database read with its driver alone, made
    on first use (``url``: its URL)."""

    def __init__(self, url: str, identity: file_identity.FileIdentity | None = None) -> None:
        self._url = url
        self._identity = identity
        self._engine: Engine | None = None

    def get(self, path: Path | None = None) -> Engine:
        if self._engine is None:
            if path is not None:
                file_identity.check_file(path, self._identity)  # none made where it went
            self._engine = make_engine(self._url)
            if path is not None:
                file_identity.adopt(self._engine, self._identity)  # still the file read?
        return self._engine

    def dispose(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


class _SqliteFile:
    """A SQLite file read with :mod:`sqlite3` alone: one connection, set up
    as :func:`make_engine` sets up each of its own, opened on first use; each
    use first checks that the path still holds the file first read
    (:mod:`models.file_identity`)."""

    quick = True

    def __init__(self, url: str, path: Path) -> None:
        self.url = url
        self.path = path
        self.identity = file_identity.FileIdentity.of(path)  # the file read (issue 26)
        self._connection: sqlite3.Connection | None = None
        self._later = _LaterEngine(url, self.identity)

    def _connect(self) -> sqlite3.Connection:
        file_identity.check_file(self.path, self.identity)
        if self._connection is None:
            import sqlite3

            with storage_faults(self.url, opening=True):
                connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
                try:
                    _sqlite_pragmas(connection)
                except BaseException:
                    connection.close()
                    raise
            self._connection = connection
        return self._connection

    @contextmanager
    def read(self) -> Iterator[Reader]:
        connection = self._connect()
        connection.execute("BEGIN")
        try:
            yield Reader(connection)
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")

    def rows(self, sql: str) -> list[Any]:
        return self._connect().execute(sql).fetchall()

    def engine(self) -> Engine:
        return self._later.get(self.path)

    def dispose(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._later.dispose()


class _PostgresServer:
    """A PostgreSQL database read with :mod:`psycopg` alone (SQLAlchemy's
    import is most of a ``kortpoeng list``): one connection, opened on first
    use, its reads in ``REPEATABLE READ`` transactions (one snapshot each)."""

    quick = True

    def __init__(self, url: str, conninfo: str) -> None:
        self.url = url
        self.conninfo = conninfo
        self._connection: Any = None
        self._later = _LaterEngine(url)

    def _connect(self) -> Any:
        if self._connection is None:
            import psycopg

            with storage_faults(self.url, opening=True):
                connection = psycopg.connect(
                    self.conninfo,
                    connect_timeout=CONNECT_TIMEOUT_S,
                    options=server_limits.options(),  # lock and statement limits
                )
                connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
                self._connection = connection
        return self._connection

    @contextmanager
    def read(self) -> Iterator[Reader]:
        connection = self._connect()
        try:
            yield Reader(connection, pyformat=True, row_locks=True)
        finally:
            connection.rollback()

    def rows(self, sql: str) -> list[Any]:
        connection = self._connect()
        try:
            return list(connection.execute(sql).fetchall())
        finally:
            connection.rollback()

    def engine(self) -> Engine:
        return self._later.get()

    def dispose(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._later.dispose()


class _EngineReads:
    """A SQLAlchemy engine read in its own transactions (the app's engine)."""

    quick = False

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    @property
    def url(self) -> str:
        return self._engine.url.render_as_string(hide_password=False)

    @contextmanager
    def read(self) -> Iterator[Reader]:
        with self._engine.connect() as connection:
            connection.execution_options(**_snapshot(self._engine))
            connection.begin()
            try:
                yield Reader.on(connection)
            finally:
                connection.rollback()

    def rows(self, sql: str) -> list[Any]:
        raw = self._engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                return list(cursor.execute(sql).fetchall())
            finally:
                cursor.close()
        finally:
            raw.close()

    def engine(self) -> Engine:
        return self._engine

    def dispose(self) -> None:
        self._engine.dispose()


def _quick_server(url: str, conninfo: str) -> Database | None:
    """A PostgreSQL :class:`Database` read with psycopg alone, when the
    database is at :data:`HEAD_REVISION` (``None`` when it is not, or has no
    revision yet). Raises the coded errors of :mod:`models.faults` (a server
    down, a refused login)."""
    server = _PostgresServer(url, conninfo)
    try:
        connection = server._connect()
        with storage_faults(url):
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
        return Database(server)
    server.dispose()
    return None


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


def open_database(db: str | os.PathLike[str] | None = None) -> Database:
    """The command line's database (see :func:`database_url`): read with its
    driver alone when it is a SQLite file or a PostgreSQL server at
    :data:`HEAD_REVISION`, otherwise :func:`make_engine` with :func:`init_db`
    (create, upgrade; the coded errors those raise)."""
    url = database_url(db)
    path = plain_sqlite_file(url)
    if path is not None:  # never read another file's log into this one (issue 26)
        file_identity.refuse_foreign_log(path)
    if path is not None and _quick_revision(path) == HEAD_REVISION:
        return Database(_SqliteFile(url, path))
    conninfo = plain_postgres_conninfo(url)
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
    return Database(_EngineReads(engine))


@contextmanager
def read_only(engine: Handle) -> Iterator[Reader]:
    """A :class:`~models.reader.Reader` in one short read transaction on
    ``engine`` (one snapshot for every query in the block), ended afterwards.
    What the database library raises leaves as a coded error, as in
    :func:`run_write`."""
    database = Database.of(engine)
    with storage_faults(database), database.read() as reader:
        yield reader
