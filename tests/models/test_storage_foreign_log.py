"""A SQLite file deleted or replaced while ``kortpoeng web`` has it open, then
the command line run on the path (issue 26, item 2): the server's write-ahead
log (``-wal``, ``-shm``) stays at the path, and SQLite would read it into the
file put there (damaging it) or make a new file beside it (resetting the
server's log). The command line refuses in words, and no file is touched."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECURITY = ROOT / "tests" / "security"
if str(SECURITY) not in sys.path:
    sys.path.insert(0, str(SECURITY))

import flet_wire as wire  # noqa: E402
from safety_helpers import kortpoeng  # noqa: E402
from server_harness import seed_session, start_server  # noqa: E402

from models.db import make_engine  # noqa: E402
from models.services import export_session  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX locks")


def _digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def _wait_for(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"not within {timeout} s: {what}")


@pytest.fixture
def served(tmp_path: Path):
    """``kortpoeng web`` on a file with one session, its log at the path
    (another process's import made the server's connections see it), an
    export of the session to import again, and another Kortpoeng file."""
    folder = tmp_path / "srv"
    folder.mkdir()
    db = folder / "kortpoeng.sqlite3"
    seed_session(db)
    source = tmp_path / "source.db"
    session_id = seed_session(source, players=("Siri", "Tor"))
    exported = tmp_path / "s.json"
    engine = make_engine(str(source))
    try:  # (the file to import: made in this process, as the export command makes it)
        exported.write_text(export_session(engine=engine, session_id=session_id), "utf-8")
    finally:
        engine.dispose()
    other = tmp_path / "other.db"
    seed_session(other, players=("Kari", "Ola"))
    with sqlite3.connect(other) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")  # one file, no log of its own
    server = start_server(folder)
    try:
        done = kortpoeng("--db", str(db), "import", str(exported))
        assert done.returncode == 0, done.stdout + done.stderr
        _wait_for(lambda: Path(f"{db}-shm").exists() and Path(f"{db}-wal").exists(), "a log")
        yield server, db, exported, other
    finally:
        server.stop()


def test_a_replaced_file_is_not_read_with_the_old_files_log(served, tmp_path) -> None:
    _server, db, exported, other = served
    staged = Path(f"{db}.new")
    shutil.copyfile(other, staged)
    os.replace(staged, db)
    before = {p: _digest(p) for p in (db, Path(f"{db}-wal"))}
    done = kortpoeng("--db", str(db), "import", str(exported))
    assert done.returncode != 0, done.stdout
    assert "was replaced by another file" in done.stderr, done.stderr
    assert "Imported" not in done.stdout
    assert {p: _digest(p) for p in before} == before  # neither file touched
    with sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert _digest(db) == _digest(other)


def test_a_deleted_file_is_not_made_anew_beside_the_servers_log(served) -> None:
    _server, db, _exported, _other = served
    log = Path(f"{db}-wal")
    size = log.stat().st_size
    assert size > 0
    db.unlink()
    done = kortpoeng("--db", str(db), "list")
    assert done.returncode != 0, done.stdout
    assert "is gone" in done.stderr, done.stderr
    assert not db.exists()  # no new file made
    assert log.stat().st_size == size  # the server's log not reset


def test_a_server_empties_the_old_files_log_when_the_file_is_replaced(served) -> None:
    """Once the server noticed (its listener's next look), the log it leaves
    at the path holds no frame: a program opening the file put there after
    the server ended (no lock tells it then) reads nothing of the old file."""
    server, db, exported, other = served
    log = Path(f"{db}-wal")
    assert log.stat().st_size > 0
    tab = wire.open_client(server.ws_url, origin=server.url)  # a tab: the listener runs
    deadline = time.monotonic() + 30
    while "Siri, Tor" not in "\n".join(wire.texts(tab.messages)):
        assert time.monotonic() < deadline, wire.texts(tab.messages)[:40]
        tab.pump(0.2)
    staged = Path(f"{db}.new")
    shutil.copyfile(other, staged)
    os.replace(staged, db)
    _wait_for(lambda: not log.exists() or log.stat().st_size == 0, "the old file's log emptied")
    tab.close()
    server.stop()
    done = kortpoeng("--db", str(db), "import", str(exported))
    assert done.returncode == 0, done.stdout + done.stderr
    with sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        players = {row[0] for row in connection.execute("SELECT name FROM player")}
    assert {"Kari", "Ola", "Siri", "Tor"} <= players  # the new file, and the import in it
