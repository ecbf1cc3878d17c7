"""Fixtures shared by the app tests."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from app import storage

# bench/hand_taps.py: the taps of a hand's entry, counted (the tests and
# bench/taps.py share it)
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))


@pytest.fixture
def db(tmp_path, monkeypatch):
    """The app's engine on a fresh temporary SQLite file (``KORTPOENG_DB`` too)."""
    url = f"sqlite:///{tmp_path / 'app.sqlite3'}"
    monkeypatch.setenv("KORTPOENG_DB", url)
    storage.use_database(url)
    yield tmp_path
    storage.use_database("sqlite://")


class Table:
    """A screen model's ports in a test (:class:`app.ui.state.ports.Ports`):
    the use cases run on the test's database, as the app runs them (with
    the app's engine); the routes gone to (``replace:`` and ``back:`` mark
    the other two ways) and the sessions told about, recorded."""

    def __init__(self) -> None:
        from app.ui.state.ports import Ports

        self.routes: list[str] = []
        self.told: list[int] = []

        async def run(use_case, **arguments):
            await asyncio.sleep(0)  # as off the event loop: another tap may come meanwhile
            return use_case(engine=storage.engine(), **arguments)

        self.ports = Ports(
            run,
            self.routes.append,
            lambda route: self.routes.append(f"replace:{route}"),
            self.told.append,
            lambda route: self.routes.append(f"back:{route}"),
        )


@pytest.fixture
def table(db) -> Table:
    """:class:`Table` on the test's database (the ``db`` fixture)."""
    return Table()
