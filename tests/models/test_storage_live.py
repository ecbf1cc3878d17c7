"""Writes told between processes on one PostgreSQL database (``models.live``):
what another process tells arrives, this process's own news does not come
back, and listening resumes after the server restarts (every screen told to
reload first: what was told meanwhile was missed)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from models import live
from models.db import make_engine

TELLER = """
import sys
from models.db import make_engine
from models import live
live.tell(make_engine(sys.argv[1]), int(sys.argv[2]))
"""


def _wait_for(condition, what: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {limit} s for {what}")
        time.sleep(0.05)


def _tell_from_another_process(url: str, session_id: int) -> None:
    subprocess.run([sys.executable, "-c", TELLER, url, str(session_id)], check=True)


@pytest.fixture
def listening(pg_url):
    engine = make_engine(pg_url)
    heard: list[int] = []
    listener = live.Listener(engine, heard.append)
    listener.start()
    _wait_for(listener.ready.is_set, "the listener to listen")
    yield engine, listener, heard
    listener.stop()
    listener.join(timeout=30)
    engine.dispose()


def test_another_process_is_heard_and_this_one_is_not(listening, pg_url):
    engine, _listener, heard = listening
    live.tell(engine, 7)  # this process's own: its tabs know already
    _tell_from_another_process(pg_url, 42)
    _wait_for(lambda: heard, "the other process's news")
    assert heard == [42]


def test_listening_resumes_after_the_server_restarts(listening, pg_url, pg_cluster):
    _engine, listener, heard = listening
    pg_cluster.stop()
    try:
        _wait_for(lambda: not listener.ready.is_set(), "the listener to notice")
    finally:
        pg_cluster.start()
    _wait_for(listener.ready.is_set, "the listener to listen again")
    _tell_from_another_process(pg_url, 5)
    _wait_for(lambda: len(heard) == 2, "news after the restart")
    assert heard == [None, 5]  # listening again: reload all (issue 26), then the news
    assert listener.is_alive()


def test_sqlite_has_no_channel(tmp_path):
    engine = make_engine(tmp_path / "k.db")
    assert not live.shared(engine)
    live.tell(engine, 1)  # nothing to tell, nothing raised
    engine.dispose()
