"""Fixtures: a real SQLite file in a temporary folder, migrated to head."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from models.db import init_db, make_engine


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Path of the test's database file (created by ``engine``)."""
    return tmp_path / "kortpoeng.db"


@pytest.fixture
def engine(db_path: Path) -> Iterator[Engine]:
    """The one engine of the test, on a migrated SQLite file."""
    eng = make_engine(db_path)
    init_db(eng)
    yield eng
    eng.dispose()


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    """A database session on ``engine``, for looking at the rows themselves."""
    with Session(engine) as s:
        yield s
