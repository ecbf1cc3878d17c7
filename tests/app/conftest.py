"""Fixtures shared by the app tests."""

from __future__ import annotations

import pytest

from app import services


@pytest.fixture
def db(tmp_path, monkeypatch):
    """The app's engine on a fresh temporary SQLite file (``KORTPOENG_DB`` too)."""
    url = f"sqlite:///{tmp_path / 'app.sqlite3'}"
    monkeypatch.setenv("KORTPOENG_DB", url)
    services.reset_engine(url)
    yield tmp_path
    services.reset_engine("sqlite://")
