"""The checks Kortpoeng makes on its database file never drop SQLite's own
locks on it.

POSIX locks belong to a process and a file: closing *any* descriptor of the
file drops every lock the process holds on it (SQLite's "How To Corrupt An
SQLite Database File", 2.2). The check before each new connection
(:func:`models.file_identity.refuse_foreign_log`) asked another process's locks
with ``open`` + ``F_GETLK`` + ``close`` on the ``-shm`` and the database: each
new connection of the server dropped its locks on both. Another program that
had the file open (the command line, a second server, a locker in the busy
test) then closed it, took itself for the last connection, checkpointed and
deleted the write-ahead log the server still wrote to, and the next hand the
server saved went into the deleted log: shown as saved on the phone, absent
from the file (CI: ``test_busy_database``, 1 run in 3). Real files and a real
second process here; both tests failed before the fix.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from storage_helpers import hand

from models.db import init_db, make_engine
from models.file_identity import refuse_foreign_log
from models.services import record_hand, start_session

pytestmark = pytest.mark.skipif(not Path("/proc/locks").exists(), reason="Linux lock table")

#: Another program: opens the file, reads, waits for a line, closes.
OTHER_PROGRAM = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("SELECT count(*) FROM hand").fetchall()
print("open", flush=True)
sys.stdin.readline()
connection.close()
"""


def _my_locks(*paths: Path) -> list[tuple[str, str, str, str]]:
    """This process's POSIX locks on ``paths``: (kind, file, start, end)."""
    inodes = {str(os.stat(p).st_ino): p.name for p in paths}
    mine = str(os.getpid())
    found = []
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[1] == "POSIX" and fields[4] == mine:
            inode = fields[5].rsplit(":", 1)[-1]
            if inode in inodes:
                found.append((fields[3], inodes[inode], fields[6], fields[7]))
    return sorted(found)


class OtherProgram:
    """A second process with the database open until :meth:`close`."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", OTHER_PROGRAM, str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline() == "open\n"

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "kortpoeng.db"


def test_the_check_before_a_new_connection_keeps_this_process_locks(db: Path) -> None:
    engine = make_engine(f"sqlite:///{db}")
    init_db(engine)
    with engine.connect() as connection:  # a tab's read, holding its locks
        connection.exec_driver_sql("SELECT count(*) FROM hand").fetchall()
        shm = Path(f"{db}-shm")
        held = _my_locks(db, shm)
        assert {name for _kind, name, _s, _e in held} == {db.name, shm.name}
        other = OtherProgram(db)  # so the check looks at the database too
        try:
            refuse_foreign_log(db.resolve())
            assert _my_locks(db, shm) == held  # before the fix: []
        finally:
            other.close()
    engine.dispose()


def test_a_hand_saved_after_another_program_closed_the_file_is_in_the_file(db: Path) -> None:
    engine = make_engine(f"sqlite:///{db}")
    init_db(engine)
    view = start_session(engine=engine, game_id="rummy", players=["Anna", "Bo"])
    other = OtherProgram(db)
    refuse_foreign_log(db.resolve())  # as before the server's next new connection
    other.close()  # before the fix it took itself for the last one: the log went
    assert Path(f"{db}-wal").exists()
    saved = record_hand(
        engine=engine, session_id=view.id, hand=hand("Anna", {"Bo": ["KH"]}), number=1
    )
    assert len(saved.hands) == 1
    with sqlite3.connect(db) as reader:  # before the fix: disk I/O error, or 0
        assert reader.execute("SELECT count(*) FROM hand").fetchone() == (1,)
    reader.close()
    engine.dispose()
