"""Fixtures shared by the app tests."""

from __future__ import annotations

import pytest

from app import storage


@pytest.fixture
def db(tmp_path, monkeypatch):
    """The app's engine on a fresh temporary SQLite file (``KORTPOENG_DB`` too)."""
    url = f"sqlite:///{tmp_path / 'app.sqlite3'}"
    monkeypatch.setenv("KORTPOENG_DB", url)
    storage.use_database(url)
    yield tmp_path
    storage.use_database("sqlite://")
