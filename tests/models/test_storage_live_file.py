"""Live updates between processes on one SQLite file (issue 26, item 8):
another engine's or process's commit is told, this engine's own is not."""

from __future__ import annotations

import queue
import subprocess
import sys
from pathlib import Path

import pytest
from storage_helpers import hand

from models.db import init_db, make_engine
from models.live_file import FileListener, watched_file
from models.services import record_hand, start_session

WORKER = Path(__file__).with_name("storage_worker.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def two(db_path: Path):
    """Two engines on one migrated file (as two servers have), and a session."""
    first = make_engine(db_path)
    init_db(first)
    second = make_engine(db_path)
    view = start_session(engine=first, game_id="swedish_rummy", players=["A", "B"], options={})
    yield first, second, view.id
    first.dispose()
    second.dispose()


def _save(engine, session_id: int, note: str) -> None:
    record_hand(engine=engine, session_id=session_id, hand=hand("A", {"B": ["K"]}, note=note))


def test_another_engines_commit_is_told_and_its_own_is_not(two) -> None:
    first, second, session_id = two
    told: list[int | None] = []
    listener = FileListener(first, told.append)  # looked at by hand: no thread
    assert not listener._changed()  # the first look
    _save(first, session_id, "own")
    assert not listener._changed()  # this engine's own commit: its tabs know already
    _save(second, session_id, "other")
    assert listener._changed()  # the other server's
    assert not listener._changed()
    _save(second, session_id, "other, then own")
    _save(first, session_id, "own after it")  # the other's commit is not taken for its own
    assert listener._changed()
    assert not listener._changed()
    assert told == []


def test_a_hand_saved_by_another_process_reaches_the_app(two, db_path) -> None:
    """The thread as a server runs it, a real second process writing."""
    first, _second, session_id = two
    told: queue.Queue[int | None] = queue.Queue()
    listener = FileListener(first, told.put, poll_s=0.05)
    listener.start()
    try:
        assert listener.ready.wait(10)
        done = subprocess.run(
            [sys.executable, str(WORKER), str(db_path), str(session_id), "cli", "1"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert told.get(timeout=10) is None  # "anything may have changed": reload
    finally:
        listener.stop()
        listener.join(5)
    assert not listener.is_alive()


def test_only_a_sqlite_file_is_followed(tmp_path) -> None:
    memory = make_engine("sqlite://")
    try:
        assert watched_file(memory) is None
        with pytest.raises(ValueError):
            FileListener(memory, print)
    finally:
        memory.dispose()
    engine = make_engine(tmp_path / "k.db")
    try:
        assert watched_file(engine) == (tmp_path / "k.db").resolve()
    finally:
        engine.dispose()
