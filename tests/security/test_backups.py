"""Issue 9, item 7: automatic backups with SQLite's online backup API (at most
once a day, the newest N kept), ``kortpoeng backup [FILE]`` and
``kortpoeng restore-backup FILE`` (only a Kortpoeng database is restored, and
a copy of what it replaces is kept)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from safety_helpers import SAMPLES, dump, kortpoeng, one_line, run, session_file

from app.backups import maybe_backup
from app.ui.state import AppState
from app.ui.state.hand_screen import HandScreen
from app.ui.state.ports import Ports
from models.backup import auto_backup, backup_folder, list_backups
from models.db import HEAD_REVISION, init_db, make_engine
from models.services import import_session, list_sessions, open_session, start_session
from scoring import parse_cards


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database file with the Rummy sample stored (session 1)."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    monkeypatch.delenv("KORTPOENG_BACKUPS", raising=False)
    path = tmp_path / "kp.db"
    engine = make_engine(path)
    init_db(engine)
    import_session(engine=engine, data=(SAMPLES / "rummy.json").read_bytes())
    engine.dispose()
    return path


def _sessions(path: Path) -> list[str]:
    engine = make_engine(path)
    try:
        init_db(engine)
        return [", ".join(s.players) for s in list_sessions(engine=engine).items]
    finally:
        engine.dispose()


def _header(path: Path) -> bytes:
    return path.read_bytes()[:16]


def test_backup_command_copies_the_database_into_the_backups_folder(db: Path, capsys) -> None:
    status, out, err = run(capsys, "--db", str(db), "backup")
    assert status == 0, err
    [made] = list_backups(db)
    assert made.parent == db.parent / "backups"
    assert made.name.startswith("kp-") and made.suffix == ".db"
    assert out == f"Backed up {db} to {made}\n"
    assert _header(made) == b"SQLite format 3\x00"
    # a complete database of its own (no -wal needed), with the same sessions
    assert not made.with_name(made.name + "-wal").exists()
    with sqlite3.connect(made) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert raw.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (HEAD_REVISION,)
        ]
    assert _sessions(made) == _sessions(db) == ["Ingrid, Åse, Øystein, Per"]


def test_backup_to_a_file_and_never_over_the_database(db: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "copy.db"
    status, _out, err = run(capsys, "--db", str(db), "backup", str(target))
    assert status == 0, err
    status, _out, err = run(capsys, "--db", str(db), "backup", str(target))
    assert status == 2
    assert one_line(err) == f"{target} exists already: add --force to replace it"
    status, _out, err = run(capsys, "--db", str(db), "backup", str(target), "--force")
    assert status == 0, err  # an older backup may be replaced when asked
    before = dump(db)
    status, _out, err = run(capsys, "--db", str(db), "backup", str(db), "--force")
    assert status == 2
    assert "never writes over a database" in one_line(err)
    assert dump(db) == before


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "Kortpoeng makes backups of SQLite database files only; for "
            "postgresql://kari:***@db.example/kp use the database's own tool "
            "(pg_dump for PostgreSQL)",
        ),
        (
            "nb",
            "Kortpoeng tar sikkerhetskopi bare av SQLite-databasefiler; for "
            "postgresql://kari:***@db.example/kp bruker du databasens eget verktøy "
            "(pg_dump for PostgreSQL)",
        ),
    ],
)
def test_postgresql_backup_says_pg_dump_in_one_line(lang: str, line: str, tmp_path) -> None:
    for command in (("backup",), ("restore-backup", str(tmp_path / "any.db"))):
        done = kortpoeng("--db", "postgresql://kari:secret@db.example/kp", *command, lang=lang)
        assert done.returncode == 2 and done.stdout == ""
        assert one_line(done.stderr) == line
        assert "secret" not in done.stderr


def test_automatic_backups_at_most_once_a_day_keeping_the_newest(db: Path) -> None:
    engine = make_engine(db)
    try:
        day = datetime(2026, 11, 1, 20, 0)
        first = auto_backup(engine=engine, keep=3, now=day)
        assert first is not None and first.name == "kp-20261101-200000.db"
        # the same day again (the app restarted, a session ended): nothing new
        assert auto_backup(engine=engine, keep=3, now=day + timedelta(hours=2)) is None
        for later in range(1, 6):
            made = auto_backup(engine=engine, keep=3, now=day + timedelta(days=later))
            assert made is not None
        kept = [p.name for p in list_backups(db)]
        assert kept == [
            "kp-20261104-200000.db",
            "kp-20261105-200000.db",
            "kp-20261106-200000.db",
        ]
        assert all(_sessions(backup_folder(db) / name) for name in kept)
        # 0: switched off
        assert auto_backup(engine=engine, keep=0, now=day + timedelta(days=9)) is None
    finally:
        engine.dispose()


def test_the_number_kept_is_a_setting_and_an_environment_variable(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.settings import Settings, backups_kept, save_settings

    monkeypatch.setenv("KORTPOENG_DB", str(db))
    assert backups_kept() == 7  # the default
    save_settings(Settings(backups=2))
    assert backups_kept() == 2
    monkeypatch.setenv("KORTPOENG_BACKUPS", "4")
    assert backups_kept() == 4
    monkeypatch.setenv("KORTPOENG_BACKUPS", "many")  # ignored (logged): the setting
    assert backups_kept() == 2
    with pytest.raises(ValueError):
        save_settings(Settings(backups=-1))


def test_a_session_that_ends_in_the_app_makes_the_days_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand screen's save (:meth:`app.ui.state.hand_screen.HandScreen.save`,
    what the Save button runs) backs up when the hand finished the session."""
    path = tmp_path / "kp.db"
    monkeypatch.setenv("KORTPOENG_DB", str(path))
    monkeypatch.delenv("KORTPOENG_BACKUPS", raising=False)
    engine = make_engine(path)

    async def run_use_case(use_case, **arguments):
        return use_case(engine=engine, **arguments)

    ports = Ports(run_use_case, lambda _r: None, lambda _r: None, lambda _s: None)
    try:
        init_db(engine)
        view = start_session(
            engine=engine, game_id="rummy", players=["Kari", "Ola"], options={"target": 20}
        )
        number = 0
        while True:
            number += 1
            screen = HandScreen(AppState(), ports, view.id)
            screen.show(open_session(engine=engine, session_id=view.id))
            screen.draft.set_went_out("Kari")
            for card in parse_cards(["K", "Q"]):
                screen.draft.add_card("Ola", card)
            assert asyncio.run(screen.save_anyway())
            if open_session(engine=engine, session_id=view.id).finished:
                break
            assert list_backups(path) == []  # not before the session ends
        assert number > 1
        [made] = list_backups(path)
        assert _sessions(made) == ["Kari, Ola"]
        assert maybe_backup(engine) is None  # once a day
    finally:
        engine.dispose()


def test_a_backup_that_cannot_be_made_never_stops_the_app(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "kp.db"
    monkeypatch.setenv("KORTPOENG_DB", str(path))
    engine = make_engine(path)
    try:
        init_db(engine)
        (tmp_path / "backups").write_text("a file where the folder should be")
        assert maybe_backup(engine) is None
    finally:
        engine.dispose()


# -- restore-backup -----------------------------------------------------------------


def test_restore_puts_the_backup_back_and_keeps_what_it_replaced(db: Path, capsys) -> None:
    status, _out, err = run(capsys, "--db", str(db), "backup")
    assert status == 0, err
    [backup] = list_backups(db)
    engine = make_engine(db)
    import_session(
        engine=engine, data=session_file(players=["Anna", "Bo", "Cato", "Dina"], hands=[])
    )
    engine.dispose()
    assert len(_sessions(db)) == 2

    status, out, err = run(capsys, "--db", str(db), "restore-backup", str(backup))
    assert status == 0, err
    copies = sorted(backup_folder(db).glob("kp-before-restore-*.db"))
    assert len(copies) == 1
    assert out == (f"Restored {db} from {backup}; the database as it was is kept in {copies[0]}\n")
    assert _sessions(db) == ["Ingrid, Åse, Øystein, Per"]
    assert sorted(_sessions(copies[0])) == ["Anna, Bo, Cato, Dina", "Ingrid, Åse, Øystein, Per"]
    assert [p.name for p in backup_folder(db).iterdir() if p.name.startswith(".")] == []


def _foreign(path: Path) -> Path:
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT)")
    return path


def _newer(db: Path, path: Path) -> Path:
    path.write_bytes(db.read_bytes())
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '0005_future'")
    return path


def _damaged(db: Path, path: Path) -> Path:
    data = bytearray(db.read_bytes())
    data[4096:] = os.urandom(len(data) - 4096)  # every page but the first (the header)
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize(
    ("kind", "line"),
    [
        (
            "random",
            "{file} is not a Kortpoeng database (it is damaged, or not a database at "
            "all); nothing was restored",
        ),
        (
            "damaged",
            "{file} is not a Kortpoeng database (it is damaged, or not a database at "
            "all); nothing was restored",
        ),
        ("foreign", "{file} is a database, but not one of Kortpoeng's; nothing was restored"),
        (
            "newer",
            "{file} was made by a newer version of Kortpoeng; nothing was restored. "
            "Use the newer Kortpoeng",
        ),
    ],
)
def test_restore_refuses_what_is_not_a_kortpoeng_database(
    db: Path, tmp_path: Path, capsys, kind: str, line: str
) -> None:
    made = {
        "random": lambda p: (p.write_bytes(os.urandom(8192)), p)[1],
        "damaged": lambda p: _damaged(db, p),
        "foreign": _foreign,
        "newer": lambda p: _newer(db, p),
    }[kind](tmp_path / f"{kind}.db")
    before = dump(db)
    status, out, err = run(capsys, "--db", str(db), "restore-backup", str(made))
    assert status == 2 and out == ""
    assert one_line(err) == line.format(file=made)
    assert dump(db) == before
    # nothing kept, nothing left behind: the database was never touched
    assert list(backup_folder(db).glob("*")) == []


def test_restore_refusals_are_translated(db: Path, tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all")
    status, _out, err = run(capsys, "--db", str(db), "restore-backup", str(junk), lang="nb")
    assert status == 2
    assert one_line(err) == (
        f"{junk} er ikke en Kortpoeng-database (den er skadet, eller ikke en database i det "
        "hele tatt); ingenting ble hentet tilbake"
    )
    status, _out, err = run(
        capsys, "--db", str(db), "restore-backup", str(tmp_path / "nope.db"), lang="nb"
    )
    assert status == 2
    assert one_line(err) == f"Kan ikke lese {tmp_path / 'nope.db'}: filen finnes ikke"


def test_restore_onto_a_damaged_database(db: Path, capsys) -> None:
    """The way out the damaged-database message names: the newest backup,
    restored with ``kortpoeng restore-backup``."""
    status, _out, err = run(capsys, "--db", str(db), "backup")
    assert status == 0, err
    [backup] = list_backups(db)
    data = bytearray(db.read_bytes())
    data[100:4196] = os.urandom(4096)
    db.write_bytes(bytes(data))
    for companion in ("-wal", "-shm"):
        db.with_name(db.name + companion).unlink(missing_ok=True)
    done = kortpoeng("--db", str(db), "list")
    assert done.returncode == 3  # the database cannot be used
    advice = one_line(done.stderr)
    assert advice.endswith(f"Restore the latest backup with: kortpoeng restore-backup {backup}")
    status, _out, err = run(capsys, "--db", str(db), "restore-backup", str(backup))
    assert status == 0, err
    assert _sessions(db) == ["Ingrid, Åse, Øystein, Per"]
    [kept] = backup_folder(db).glob("kp-before-restore-*.db")
    assert kept.read_bytes()[:4196] == bytes(data[:4196])  # the damaged file, kept as it was


def test_two_databases_in_one_folder_keep_their_own_backups(db: Path, tmp_path: Path, capsys):
    """A damaged database is never pointed to another database's backup."""
    assert run(capsys, "--db", str(db), "backup")[0] == 0
    other = tmp_path / "other.db"
    other.write_bytes(os.urandom(8192))
    status, _out, err = run(capsys, "--db", str(other), "list")
    assert status == 3
    assert "it has no backups" in one_line(err)
    assert [p.name for p in list_backups(db)] == [list_backups(db)[0].name]
    assert list_backups(other) == []
