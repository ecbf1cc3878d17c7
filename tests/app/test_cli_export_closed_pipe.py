"""``kortpoeng export 20 --format png | true``: an export whose reader is
gone before it writes ends quietly with 141, as every other command does
(it printed "Cannot write -: Broken pipe" and ended with 2: the export's own
``except OSError`` turned the closed pipe into a message first)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.pipes import CLOSED_PIPE
from models.db import init_db, make_engine
from models.services import start_session

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> tuple[Path, int]:
    """A database file with one Hearts session; its id."""
    db = tmp_path_factory.mktemp("export-pipe") / "kp.db"
    engine = make_engine(str(db))
    init_db(engine)
    session = start_session(engine=engine, game_id="hearts", players=["Kari", "Ola", "Per", "Liv"])
    engine.dispose()
    return db, session.id


def _into_a_closed_pipe(argv: list[str], language: str) -> tuple[int, str]:
    """Run ``kortpoeng ARGV`` with standard output a pipe whose reader is
    closed before the command starts (``| true``). Its status and standard
    error."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", *argv],
            stdout=writer,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": language},
            timeout=120,
            check=False,
        )
    finally:
        os.close(writer)
    return done.returncode, done.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "command",
    [
        ["export", "{id}", "--format", "png"],
        ["export", "{id}", "--format", "pdf"],
        ["export", "{id}", "--format", "txt"],
        ["export", "{id}"],
        ["game", "export", "hearts"],
    ],
)
def test_an_export_into_a_closed_pipe_ends_quietly(stored, command, language) -> None:
    db, session_id = stored
    argv = ["--db", str(db), *(part.format(id=session_id) for part in command)]
    status, err = _into_a_closed_pipe(argv, language)
    assert err == ""  # was: Cannot write -: Broken pipe (nb: Kan ikke skrive -: Broken pipe)
    assert status == CLOSED_PIPE == 141


def test_an_export_read_to_the_end_still_ends_with_0(stored) -> None:
    db, session_id = stored
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "--db",
            str(db),
            "export",
            str(session_id),
            "--format",
            "txt",
        ],
        capture_output=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en"},
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"Kari" in done.stdout
