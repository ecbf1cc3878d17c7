"""Fixtures: a real database migrated to head, once on a SQLite file in a
temporary folder and once on a throw-away PostgreSQL server (``pg_url``, see
the root conftest).

Every test that uses ``engine`` (or ``db_url``) runs on both backends (ids
``[sqlite]`` and ``[postgresql]``); a test about SQLite's own file (pragmas,
``sqlite3`` reading the file) is marked ``@pytest.mark.sqlite_only``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from models.db import init_db, make_engine

BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test about SQLite's own file")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``backend`` is each of :data:`BACKENDS` (only SQLite for ``sqlite_only``)."""
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", ["sqlite"] if only else list(BACKENDS))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Path of the test's SQLite database file (created by ``engine`` on SQLite)."""
    return tmp_path / "kortpoeng.db"


@pytest.fixture
def db_url(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """The test's database: the SQLite file's path, or a fresh PostgreSQL
    database's URL (already migrated)."""
    if backend == "sqlite":
        return str(db_path)
    return request.getfixturevalue("pg_url")


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """The one engine of the test, on a migrated database."""
    eng = make_engine(db_url)
    init_db(eng)
    yield eng
    eng.dispose()


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    """A database session on ``engine``, for looking at the rows themselves."""
    with Session(engine) as s:
        yield s
