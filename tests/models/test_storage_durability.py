"""Crash safety and concurrent writers, on real SQLite files and real processes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlmodel import Session, select

from models.db import read_only
from models.services import list_sessions, open_session, record_hand, start_session
from models.tables import HandRow
from scoring import Hand, parse_cards

WORKER = Path(__file__).with_name("storage_worker.py")


def _start(engine) -> int:
    view = start_session(
        engine=engine, game_id="swedish_rummy", players=["A", "B"], options={"target": 10_000_000}
    )
    return view.id


def _worker(db_path: Path | str, session_id: int, tag: str, count: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(WORKER), str(db_path), str(session_id), tag, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _check_whole(engine, db_path: Path | str, session_id: int) -> list[tuple[int, str]]:
    """Integrity (of a SQLite file), no gaps or duplicates, every hand complete;
    returns (number, note)."""
    if engine.dialect.name == "sqlite":
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert raw.execute("PRAGMA foreign_key_check").fetchall() == []
    with Session(engine) as s:
        rows = s.exec(
            select(HandRow.number, HandRow.note, HandRow.score, HandRow.entry)
            .where(HandRow.session_id == session_id)
            .order_by(HandRow.number)
        ).all()
        assert [n for n, *_ in rows] == list(range(1, len(rows) + 1))
        assert all(score is not None and entry.get("left") for _, _, score, entry in rows)
        view = open_session(engine=engine, session_id=session_id)
        assert len(view.hands) == len(rows)
        assert list_sessions(engine=engine).items[0].hand_count == len(rows)
    return [(n, note) for n, note, *_ in rows]


def test_sigkill_mid_way_loses_no_reported_hand(engine, db_url):
    session_id = _start(engine)
    reported: list[tuple[int, str]] = []
    for round_ in range(3):
        proc = _worker(db_url, session_id, f"r{round_}", 0)
        target = len(reported) + 15 + 7 * round_
        assert proc.stdout is not None
        while len(reported) < target:
            line = proc.stdout.readline()
            if not line:  # the worker stopped on its own: say why
                proc.wait(timeout=30)
                pytest.fail(f"worker stopped ({proc.returncode}): {proc.stderr.read()}")
            _, number, note = line.split()
            reported.append((int(number), note))
        os.kill(proc.pid, signal.SIGKILL)  # mid-way: it is busy with the next hand
        # Read the rest through the same buffered reader as readline() above
        # (communicate() would skip lines that reader had already buffered).
        rest = proc.stdout.read()
        err = proc.stderr.read() if proc.stderr is not None else ""
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL, err
        for line in rest.splitlines():  # printed before the kill: saved as well
            _, number, note = line.split()
            reported.append((int(number), note))
        stored = _check_whole(engine, db_url, session_id)
        # every hand reported saved is there, under its number
        assert set(reported) <= set(stored)
        # at most the one hand committed but not yet reported
        assert len(stored) - len(reported) in (0, 1), (round_, reported[-3:], stored[-3:])
        reported = stored  # the next round continues from what is on disk


def test_two_writer_processes_no_hand_lost_no_duplicate_number(engine, db_url):
    session_id = _start(engine)
    count = 20
    procs = [_worker(db_url, session_id, tag, count) for tag in ("p1", "p2", "p3")]
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        outputs.append([line.split() for line in out.splitlines()])
    stored = _check_whole(engine, db_url, session_id)
    assert len(stored) == 3 * count
    assert {note for _, note in stored} == {
        f"{t}-{i}" for t in ("p1", "p2", "p3") for i in range(1, count + 1)
    }
    reported = {(int(n), note) for lines in outputs for _, n, note in lines}
    assert reported == set(stored)


def test_writer_threads_share_one_engine(engine, db_url):
    session_id = _start(engine)
    errors: list[BaseException] = []
    per_thread = 15

    def write(tag: str) -> None:
        try:
            for i in range(1, per_thread + 1):
                hand = Hand("A", {"B": parse_cards(["7H"])}, note=f"{tag}-{i}")
                record_hand(engine=engine, session_id=session_id, hand=hand)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write, args=(f"t{k}",)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    stored = _check_whole(engine, db_url, session_id)
    assert len(stored) == 4 * per_thread
    assert {note for _, note in stored} == {
        f"t{k}-{i}" for k in range(4) for i in range(1, per_thread + 1)
    }
    view = open_session(engine=engine, session_id=session_id)
    assert view.standings.totals == {"A": 7 * 4 * per_thread, "B": 0}


def test_a_reader_holding_a_snapshot_does_not_block_writers(engine):
    """Another connection in the middle of a read (an open snapshot) never stops a
    write, and the write is seen by the next read."""
    session_id = _start(engine)
    with read_only(engine) as reader:
        assert reader.rows("SELECT id FROM hand") == []  # holds a read snapshot
        view = record_hand(
            engine=engine, session_id=session_id, hand=Hand("A", {"B": parse_cards(["2"])})
        )
        assert len(view.hands) == 1
        assert reader.rows("SELECT id FROM hand") == []  # its snapshot: before the write
    assert len(open_session(engine=engine, session_id=session_id).hands) == 1
