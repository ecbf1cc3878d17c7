"""``kortpoeng trash | head -3``: a command whose reader stops reading ends
quietly, with the shell's status for a closed pipe (issue 26, item 9: it
printed a ``BrokenPipeError`` traceback)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.pipes import CLOSED_PIPE
from models.db import init_db, make_engine
from models.services import delete_session, start_session

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def crowded(tmp_path_factory) -> Path:
    """A database file with 240 sessions, 120 of them in the trash: every
    command below prints well over the pipe's 4 KiB."""
    db = tmp_path_factory.mktemp("pipe") / "kp.db"
    engine = make_engine(str(db))
    init_db(engine)
    for number in range(240):
        session = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
        if number % 2:
            delete_session(engine=engine, session_id=session.id)
    engine.dispose()
    return db


def _read_one_line_then_close(argv: list[str]) -> tuple[bytes, int, str]:
    """Run ``kortpoeng ARGV`` into a pipe of one page (4 KiB, so the command
    is still writing when the reader goes), read its first line and close
    the pipe, as ``head -1`` does. Returns the line, the exit status and
    standard error."""
    reader, writer = os.pipe()
    fcntl.fcntl(writer, fcntl.F_SETPIPE_SZ, 4096)
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "app.cli", *argv],
            stdout=writer,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en"},
        )
    finally:
        os.close(writer)
    line = b""
    try:
        while not line.endswith(b"\n"):
            chunk = os.read(reader, 1)
            if not chunk:
                break
            line += chunk
    finally:
        os.close(reader)  # the reader is gone; the command has more to write
    _, err = process.communicate(timeout=120)
    return line, process.returncode, err.decode("utf-8", "replace")


@pytest.mark.parametrize(
    "command",
    [["trash"], ["list", "--limit", "1000"], ["list", "--trash", "--limit", "1000"]],
)
def test_a_closed_pipe_ends_the_command_quietly(crowded, command) -> None:
    line, status, err = _read_one_line_then_close(["--db", str(crowded), *command])
    assert err == ""  # was: Traceback … BrokenPipeError: [Errno 32] Broken pipe
    assert line.strip()
    assert status == CLOSED_PIPE == 141


def test_a_reader_that_reads_everything_still_gets_status_0(crowded) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "--db", str(crowded), "trash"],
        capture_output=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en"},
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.count(b"session ") == 120
