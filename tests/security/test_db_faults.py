"""Issue 9, items 8 (the use-case side), 9 and 10: a damaged, foreign or newer
database, a read-only folder, a full disk and a locked database each give one
translated line naming the file and what to do — exit status 3 on the command
line, a coded error from the use cases — never a traceback and never a
library's own text; the technical cause is logged. Nothing is half-written."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from safety_helpers import (
    LIBRARY_WORDS,
    ROOT,
    SAMPLES,
    dump,
    fill_up,
    kortpoeng,
    one_line,
    read_only_folder,
    run,
    session_file,
    tiny_tmpfs,
)
from sqlalchemy import event, text

import models.db
from app.i18n import use_language
from app.messages import describe_error
from models.db import init_db, make_engine, run_write
from models.errors import (
    DatabaseBusy,
    DatabaseDamaged,
    DatabaseFault,
    DatabaseNewer,
    DatabaseReadOnly,
    DiskFull,
)
from models.services import import_session, list_sessions, record_hand, start_session
from scoring import Hand, parse_cards

COMMANDS = (
    ("list",),
    ("show", "1"),
    ("export", "1", "--format", "txt"),
    ("import", str(SAMPLES / "rummy.json")),
    ("backup",),
)


def _stored(path: Path, sessions: int = 6) -> Path:
    """A real database with ``sessions`` sessions of hands."""
    engine = make_engine(path)
    init_db(engine)
    for _ in range(sessions):
        import_session(engine=engine, data=session_file())
    engine.dispose()
    return path


def _random(path: Path) -> Path:
    path.write_bytes(os.urandom(8192))
    return path


def _truncated(path: Path) -> Path:
    _stored(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def _garbage_inside(path: Path) -> Path:
    _stored(path)
    data = bytearray(path.read_bytes())
    data[4096 : 4096 + 8192] = os.urandom(8192)  # 8 KB of garbage inside the file
    path.write_bytes(bytes(data))
    return path


def _foreign(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        raw.execute("INSERT INTO recipes VALUES ('lapskaus', 90)")
    return path


def _newer(path: Path) -> Path:
    _stored(path, 1)
    raw = sqlite3.connect(path)
    with raw:
        raw.execute("UPDATE alembic_version SET version_num = '0005_future'")
    raw.close()
    return path


DAMAGED_EN = (
    "The database {db} is damaged or is not a Kortpoeng database, and it has no backups; "
    "nothing was changed. Move it aside to start a new one, or choose another with --db"
)
DAMAGED_NB = (
    "Databasen {db} er skadet eller er ikke en Kortpoeng-database, og den har ingen "
    "sikkerhetskopier; ingenting ble endret. Flytt den bort for å begynne på en ny, eller velg "
    "en annen med --db"
)
NEWER_EN = (
    "The database {db} was made by a newer version of Kortpoeng; this version will not change "
    "it. Open it with the newer Kortpoeng"
)
NEWER_NB = (
    "Databasen {db} ble laget av en nyere versjon av Kortpoeng; denne versjonen endrer den "
    "ikke. Åpne den med den nyere Kortpoeng"
)
KINDS: dict[str, tuple[Callable[[Path], Path], str, str, str]] = {
    # kind: (make it, English line, Norwegian line, the logged cause)
    "random bytes": (_random, DAMAGED_EN, DAMAGED_NB, "file is not a database"),
    "truncated": (_truncated, DAMAGED_EN, DAMAGED_NB, "malformed"),
    "8 KB of garbage inside": (_garbage_inside, DAMAGED_EN, DAMAGED_NB, "malformed"),
    "another program's": (_foreign, DAMAGED_EN, DAMAGED_NB, ""),
    "newer schema": (_newer, NEWER_EN, NEWER_NB, ""),
}


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KORTPOENG_DB", raising=False)


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_command_says_one_line_and_changes_nothing(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog
) -> None:
    make, english, _norwegian, cause = KINDS[kind]
    db = make(tmp_path / "kp.db")
    before = db.read_bytes()
    caplog.set_level(logging.WARNING)
    for command in COMMANDS:
        caplog.clear()
        status, out, err = run(capsys, "--db", str(db), *command)
        assert (status, out) == (3, ""), (command, err)
        assert one_line(err) == english.format(db=db), command
        if cause:  # the technical cause is logged, never shown
            assert any(cause in r.getMessage() for r in caplog.records), caplog.text
    assert db.read_bytes() == before  # nothing written to it, not even a migration
    assert not (tmp_path / "backups").exists()


@pytest.mark.parametrize("kind", list(KINDS))
def test_as_a_user_runs_it_in_norwegian(kind: str, tmp_path: Path) -> None:
    make, _english, norwegian, _cause = KINDS[kind]
    db = make(tmp_path / "kp.db")
    done = kortpoeng("--db", str(db), "list", lang="nb")
    assert done.returncode == 3 and done.stdout == ""
    assert one_line(done.stderr) == norwegian.format(db=db)


def test_kortpoeng_web_says_the_same_line_and_exits_3(tmp_path: Path) -> None:
    db = _garbage_inside(tmp_path / "kp.db")
    listed = kortpoeng("--db", str(db), "list")
    served = kortpoeng("--db", str(db), "web", "--port", "0", timeout=120)
    assert served.returncode == 3 and served.stdout == ""
    assert one_line(served.stderr) == one_line(listed.stderr) == DAMAGED_EN.format(db=db)
    newer = _newer(tmp_path / "newer.db")
    served = kortpoeng("--db", str(newer), "web", "--port", "0", lang="nb", timeout=120)
    assert served.returncode == 3
    assert one_line(served.stderr) == NEWER_NB.format(db=newer)


def test_a_damaged_database_names_its_newest_backup(tmp_path: Path, capsys) -> None:
    db = _stored(tmp_path / "kp.db", 1)
    assert run(capsys, "--db", str(db), "backup")[0] == 0
    [backup] = (tmp_path / "backups").iterdir()
    data = bytearray(db.read_bytes())
    data[4096:] = os.urandom(len(data) - 4096)
    db.write_bytes(bytes(data))
    status, _out, err = run(capsys, "--db", str(db), "list", lang="nb")
    assert status == 3
    assert one_line(err) == (
        f"Databasen {db} er skadet eller er ikke en Kortpoeng-database; ingenting ble endret. "
        f"Hent tilbake den siste sikkerhetskopien med: kortpoeng restore-backup {backup}"
    )


def test_a_path_that_cannot_be_a_database(tmp_path: Path, capsys) -> None:
    (tmp_path / "a-file").write_text("x")
    for where in (tmp_path, tmp_path / "a-file" / "kp.db"):
        status, _out, err = run(capsys, "--db", str(where), "list")
        assert status == 3
        assert one_line(err) == (
            f"Cannot open the database {where}: check its name (a file in a folder that "
            "exists, or a database URL)"
        )
    status, _out, err = run(
        capsys, "--db", "postgresql://kari:secret@db.example:notaport/kp", "list"
    )
    assert status == 3
    assert "secret" not in one_line(err)


# -- a read-only folder --------------------------------------------------------------


READ_ONLY_EN = (
    "Cannot write to the database {db}: the file or its folder is read-only. Nothing was "
    "changed; make them writable"
)


def test_a_read_only_folder(tmp_path: Path, capsys) -> None:
    with read_only_folder(tmp_path / "ro", lambda p: _stored(p / "kp.db", 1)) as folder:
        db = folder / "kp.db"
        before = db.read_bytes()
        for command in COMMANDS:
            status, out, err = run(capsys, "--db", str(db), *command)
            assert (status, out) == (3, ""), command
            assert one_line(err) == READ_ONLY_EN.format(db=db)
        done = kortpoeng("--db", str(db), "import", str(SAMPLES / "rummy.json"), lang="nb")
        assert done.returncode == 3
        assert one_line(done.stderr) == (
            f"Kan ikke skrive til databasen {db}: filen eller mappen er skrivebeskyttet. "
            "Ingenting ble endret; gjør dem skrivbare"
        )
        assert db.read_bytes() == before
        new = folder / "new.db"
        status, _out, err = run(capsys, "--db", str(new), "list")
        assert one_line(err) == READ_ONLY_EN.format(db=new)


def test_a_read_only_database_through_the_use_cases(tmp_path: Path) -> None:
    """The finding: "attempt to write a readonly database [SQL: INSERT INTO
    hand …]" reached the user. The engine was open before the folder became
    read-only (the app was running)."""

    def fill(folder: Path) -> None:
        engine = make_engine(folder / "kp.db")
        init_db(engine)
        start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
        engine.dispose()

    with read_only_folder(tmp_path / "ro", fill) as folder:
        engine = make_engine(folder / "kp.db")
        try:
            with pytest.raises(DatabaseReadOnly) as caught:
                record_hand(
                    engine=engine, session_id=1, hand=Hand("Kari", {"Ola": parse_cards(["K"])})
                )
        finally:
            engine.dispose()
    _says(caught.value, "Cannot write to the database", "Kan ikke skrive til databasen")


def _says(error: BaseException, english: str, norwegian: str) -> None:
    for lang, start in (("en", english), ("nb", norwegian)):
        with use_language(lang):
            line = describe_error(error)
        assert line.startswith(start), line
        for word in LIBRARY_WORDS:
            assert word not in line


# -- a full disk -----------------------------------------------------------------------


def _cap_growth(engine) -> None:
    """Let the database file grow no further: SQLite's own limit, which fails
    a write exactly as a full disk does (SQLITE_FULL)."""

    @event.listens_for(engine, "connect")
    def _cap(dbapi_connection, _record) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_through_the_use_cases(tmp_path: Path) -> None:
    """The finding: "database or disk is full (Background on this error at:
    https://sqlalche.me/…)" reached the user."""
    db = _stored(tmp_path / "kp.db", 1)
    engine = make_engine(db)
    _cap_growth(engine)
    stored = 1
    try:
        with pytest.raises(DiskFull) as caught:
            for _ in range(200):  # until the file would have to grow
                import_session(engine=engine, data=session_file())
                stored += 1
        before = dump(db)
        with pytest.raises(DiskFull):
            import_session(engine=engine, data=session_file())
        assert dump(db) == before  # the refused import left nothing behind
    finally:
        engine.dispose()
    _says(caught.value, f"The disk holding the database {db} is full", f"Disken med databasen {db}")
    engine = make_engine(db)
    try:  # every session stored is whole: the five hands of the sample
        items = list_sessions(engine=engine, limit=1000).items
        assert len(items) == stored
        assert {item.hand_count for item in items} == {5}
    finally:
        engine.dispose()


def test_a_full_disk_on_the_command_line(tmp_path: Path, capsys, monkeypatch) -> None:
    db = _stored(tmp_path / "kp.db", 1)
    real = models.db.make_engine

    def capped(*args, **kwargs):
        engine = real(*args, **kwargs)
        _cap_growth(engine)
        return engine

    monkeypatch.setattr(models.db, "make_engine", capped)
    for _ in range(200):
        status, out, err = run(capsys, "--db", str(db), "import", _write(tmp_path))
        if status != 0:
            break
    assert status == 2 and out == ""
    assert one_line(err) == (
        f"The disk holding the database {db} is full. Nothing was changed; free some space and "
        "try again"
    )


def _write(folder: Path) -> str:
    path = folder / "session.json"
    path.write_text(session_file(), encoding="utf-8")
    return str(path)


def test_a_real_full_disk_under_the_database(tmp_path: Path) -> None:
    with tiny_tmpfs(tmp_path / "small", "1m") as small:
        db = _stored(small / "kp.db", 1)
        fill_up(small)
        done = kortpoeng("--db", str(db), "import", _write(tmp_path))
        assert done.returncode == 3
        assert one_line(done.stderr).startswith(f"The disk holding the database {db} is full.")
        (small / "filler").unlink()
        assert kortpoeng("--db", str(db), "list").returncode == 0


def test_other_database_faults_become_a_coded_error(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "kp.db")
    init_db(engine)
    start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    try:
        with pytest.raises(DatabaseFault) as caught:  # a clash that is no race: not retried forever
            run_write(
                engine,
                lambda db: db.exec(
                    text("INSERT INTO player (id, name) SELECT id, name FROM player")
                ),
            )
    finally:
        engine.dispose()
    _says(caught.value, "The database could not be used just now", "Databasen kunne ikke brukes")


# -- a locked database (the use cases and the command line; the UI: test_busy_database) ----

LOCKER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
connection.close()
"""


@contextmanager
def held_lock(db: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding ``BEGIN EXCLUSIVE`` on ``db`` until the block ends."""
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        yield holder
    finally:
        if holder.stdin is not None:
            holder.stdin.write("\n")
            holder.stdin.close()
        holder.wait(timeout=60)


def test_a_locked_database_is_busy_within_seconds_and_nothing_is_half_written(
    tmp_path: Path, capsys
) -> None:
    """The finding: the CLI import waited 52 s and printed a traceback."""
    db = _stored(tmp_path / "kp.db", 1)
    engine = make_engine(db)
    session = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"]).id
    hand = Hand("Kari", {"Ola": parse_cards(["K"])})
    before = dump(db)
    try:
        with held_lock(db) as holder:
            started = time.monotonic()
            with pytest.raises(DatabaseBusy) as caught:
                record_hand(engine=engine, session_id=session, hand=hand)
            waited = time.monotonic() - started
            assert holder.poll() is None  # refused while the lock was still held
            status, out, err = run(capsys, "--db", str(db), "import", _write(tmp_path))
            assert (status, out) == (2, "")
            assert one_line(err) == (
                "The database is busy: another program or phone is writing to it. Nothing was "
                "changed; try again in a moment"
            )
            # reading is not blocked by another writer
            assert len(list_sessions(engine=engine).items) == 2
            assert holder.poll() is None
        print(f"busy after {waited:.1f} s (busy_timeout {models.db.BUSY_TIMEOUT_MS} ms)")
        assert waited < 60  # generous: "within a few seconds", not minutes
        _says(caught.value, "The database is busy", "Databasen er opptatt")
        assert dump(db) == before
        # once the lock is gone, the same save goes through
        view = record_hand(engine=engine, session_id=session, hand=hand)
        assert len(view.hands) == 1
    finally:
        engine.dispose()


def test_nothing_in_the_storage_layer_leaks_library_text() -> None:
    """Each database error the boundary maps says its sentence; none of them
    carries the library's words in its params."""
    for error in (
        DatabaseBusy(database="/x/kp.db"),
        DatabaseReadOnly(database="/x/kp.db"),
        DiskFull(database="/x/kp.db"),
        DatabaseDamaged(database="/x/kp.db", backup=None),
        DatabaseNewer(database="/x/kp.db", revision="0005_future"),
        DatabaseFault(database="/x/kp.db"),
    ):
        for lang in ("en", "nb"):
            with use_language(lang):
                line = describe_error(error)
            assert "Something went wrong" not in line and "Noe gikk galt" not in line
            assert json.dumps(error.params).count("sqlite") == 0
