"""Issue 26, item 7, the app's side: once ``kortpoeng web`` listens again
after the PostgreSQL server was away, every tab of the process is told to
reload (``WRITES_TOPIC`` with ``None``): what another process saved
meanwhile was told to nobody. The listener's own schedule is used; the test
waits for what happens, never for a time."""

from __future__ import annotations

import contextlib
import time
from types import SimpleNamespace

import pytest

from app import main as app_main
from app.ui.common import WRITES_TOPIC
from models.db import make_engine


def _wait_for(condition, what: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {limit} s for {what}")
        time.sleep(0.05)


class _Hub:
    """The process's pub/sub hub as the listener reaches it (what it sends)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int | None]] = []

    def send_all_on_topic(self, topic: str, message: int | None) -> None:
        self.sent.append((topic, message))


def test_every_tab_reloads_once_the_process_listens_again(pg_cluster, pg_url, monkeypatch):
    engine = make_engine(pg_url)
    hub = _Hub()
    monkeypatch.setattr(app_main, "_listener", None)  # this test's process: none yet
    app_main.follow_other_processes(engine, SimpleNamespace(pubsub=hub))
    listener = app_main._listener
    assert listener is not None
    try:
        _wait_for(listener.ready.is_set, "the process to listen")
        assert hub.sent == []  # the first page reads the database itself
        pg_cluster.stop()
        try:
            _wait_for(lambda: not listener.ready.is_set(), "the process to notice")
        finally:
            pg_cluster.start()
        _wait_for(lambda: hub.sent, "the tabs to be told")
        assert hub.sent == [(WRITES_TOPIC, None)]
    finally:
        listener.stop()
        listener.join(timeout=30)
        engine.dispose()
        with contextlib.suppress(RuntimeError):  # running already
            pg_cluster.start()
