"""A SQLite file deleted, moved or replaced while the program has it open
(issue 26, item 2): the next save is refused in words naming the file, and
nothing is written, neither into the file that was opened nor at its path."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from storage_helpers import hand

from app.i18n import set_language
from app.messages import describe_error
from models.db import make_engine, read_only, run_write
from models.errors import DatabaseFileGone
from models.file_identity import FileIdentity
from models.services import export_session, open_session, record_hand, start_session

ROOT = Path(__file__).resolve().parents[2]


def _digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def _files(db_path: Path, *more: Path) -> dict[str, str | None]:
    """Every file that could hold a hand: the database's, its log's, ``more``."""
    names = [db_path, Path(f"{db_path}-wal"), *more]
    return {str(p): _digest(p) for p in names}


@pytest.fixture
def game(db_path: Path):
    """An engine on a migrated file with a session of one saved hand; the log
    checkpointed into the file, so every byte of the database is in it."""
    from models.db import init_db

    engine = make_engine(db_path)
    init_db(engine)
    view = start_session(
        engine=engine, game_id="swedish_rummy", players=["Anna", "Bo"], options={"target": 500}
    )
    record_hand(engine=engine, session_id=view.id, hand=hand("Anna", {"Bo": ["K"]}))
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    yield engine, view.id
    engine.dispose()


def _refused(engine, session_id: int, db_path: Path, *, replaced: bool) -> None:
    with pytest.raises(DatabaseFileGone) as caught:
        record_hand(engine=engine, session_id=session_id, hand=hand("Bo", {"Anna": ["9"]}))
    assert caught.value.params == {"database": str(db_path.resolve()), "replaced": replaced}
    set_language("en")
    said = describe_error(caught.value)
    assert str(db_path.resolve()) in said
    assert "nothing was saved" in said
    set_language("nb")
    assert "ingenting ble lagret" in describe_error(caught.value)
    set_language("en")


def test_a_deleted_file_refuses_the_next_save_and_nothing_lands_in_it(game, db_path) -> None:
    engine, session_id = game
    kept = db_path.with_name("kept.db")
    os.link(db_path, kept)  # the unlinked file stays in reach, to look into
    db_path.unlink()
    before = _files(db_path, kept)
    _refused(engine, session_id, db_path, replaced=False)
    assert _files(db_path, kept) == before  # not a byte into the unlinked file or its log
    assert not db_path.exists()  # and no new, empty database where it was
    with sqlite3.connect(kept) as raw:
        assert raw.execute("SELECT count(*) FROM hand").fetchone() == (1,)


def test_a_moved_file_refuses_saves_until_it_is_moved_back(game, db_path) -> None:
    engine, session_id = game
    moved = db_path.with_name("moved-away.db")
    db_path.rename(moved)
    before = _files(db_path, moved)
    _refused(engine, session_id, db_path, replaced=False)
    assert _files(db_path, moved) == before
    moved.rename(db_path)  # the same file back: saves go on, into it
    view = record_hand(engine=engine, session_id=session_id, hand=hand("Bo", {"Anna": ["9"]}))
    assert [h.number for h in view.hands] == [1, 2]
    engine.dispose()
    fresh = make_engine(db_path)
    try:
        assert len(open_session(engine=fresh, session_id=session_id).hands) == 2
    finally:
        fresh.dispose()


def test_a_replaced_file_is_refused_and_neither_file_is_written(game, db_path) -> None:
    engine, session_id = game
    other = db_path.with_name("elsewhere.db")
    shutil.copyfile(db_path, other)  # a copy from elsewhere (a sync client's), put in place
    old = db_path.with_name("old.db")
    os.link(db_path, old)
    os.replace(other, db_path)
    before = _files(db_path, old)
    _refused(engine, session_id, db_path, replaced=True)
    # a new connection would open the other file: refused too, before it is opened
    with pytest.raises(DatabaseFileGone):
        run_write(engine, lambda db: None)
    assert _files(db_path, old) == before


def test_a_file_deleted_during_the_work_is_rolled_back_not_committed(game, db_path) -> None:
    """Deleted after the write began, before it commits: the commit is refused."""
    engine, _session_id = game
    kept = db_path.with_name("kept.db")
    os.link(db_path, kept)

    def work(db) -> None:
        db.connection().exec_driver_sql("UPDATE game_session SET game = 'x'")
        db_path.unlink()

    with pytest.raises(DatabaseFileGone):
        run_write(engine, work)
    with sqlite3.connect(f"{kept.as_uri()}?mode=ro", uri=True) as raw:
        assert raw.execute("SELECT count(*) FROM game_session WHERE game = 'x'").fetchone() == (0,)
    with pytest.raises(DatabaseFileGone), read_only(engine):  # reads say so too
        pass


def test_the_identity_is_device_and_inode(tmp_path) -> None:
    path = tmp_path / "a"
    path.write_bytes(b"")
    found = os.stat(path)
    assert FileIdentity.of(path) == FileIdentity(found.st_dev, found.st_ino)
    assert FileIdentity.of(tmp_path / "missing") is None


def test_the_command_line_refuses_a_save_into_a_file_gone_while_it_ran(game, db_path) -> None:
    """``kortpoeng import -`` opens the database, then reads standard input:
    the file deleted meanwhile, the import is refused in one line naming it,
    exit 2, and no new database is made where it was."""
    engine, _session_id = game
    engine.dispose()
    document = _another_session(db_path.with_name("elsewhere.db")).encode()
    kept = db_path.with_name("kept.db")
    os.link(db_path, kept)
    read_end, write_end = os.pipe()
    env = {**os.environ, "KORTPOENG_LANG": "en", "KORTPOENG_DB": str(db_path)}
    child = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "import", "-"],
        stdin=read_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    try:
        os.write(write_end, document[:10])
        # the first bytes read: the command has opened the database and waits for the rest
        _wait_read(read_end)
        db_path.unlink()
        before = _files(db_path, kept)
        os.write(write_end, document[10:])
    finally:
        os.close(write_end)
        os.close(read_end)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 2, (out, err)
    said = err.decode()
    assert f"The database file {db_path.resolve()} is gone: nothing was saved" in said
    assert "Traceback" not in said
    assert _files(db_path, kept) == before
    assert not db_path.exists()


def _another_session(path: Path) -> str:
    """A session file made on another database (not stored in the test's)."""
    from models.db import init_db

    other = make_engine(path)
    try:
        init_db(other)
        view = start_session(engine=other, game_id="rummy", players=["Cato", "Dag"], options={})
        return export_session(engine=other, session_id=view.id)
    finally:
        other.dispose()


def _wait_read(read_end: int, timeout: float = 30.0) -> None:
    """Until the pipe of ``read_end`` holds no unread byte (``FIONREAD``):
    the process at its other end has read what was written."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = fcntl.ioctl(read_end, termios.FIONREAD, struct.pack("i", 0))
        if struct.unpack("i", left)[0] == 0:
            return
        time.sleep(0.02)
    pytest.fail("the command did not read its input")
