"""Issue 26, item 1: damage in the middle of the SQLite file is found before it
spreads into the backups.

Each test starts from the reported case: a real database of a few hundred
sessions stored through the services, with 8 KiB of noise written over pages
of hands in the middle of the file (``PRAGMA quick_check`` says it is
damaged, yet ``list`` still works), and a backup made before the damage
beside a newer one the damage was already copied into (what ``kortpoeng
backup`` and the daily backup made before this fix). Every message must name
the older, good backup; the app and ``kortpoeng web`` refuse the file;
``kortpoeng backup`` and the automatic backup keep no damaged copy, and
rotation never removes the last good backup.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from safety_helpers import SAMPLES, kortpoeng, leftovers, one_line, run

from app import storage
from app.backups import maybe_backup
from app.i18n import use_language
from app.messages import describe_error
from models.backup import auto_backup, backup_folder, list_backups, prune_backups
from models.db import init_db, make_engine
from models.errors import DatabaseDamaged
from models.integrity import backup_passes, check_database, newest_good_backup
from models.services import import_session

SESSIONS_PER_SAMPLE = 100  # 300 sessions, 1,500 hands: a file of a few hundred pages

DAMAGED = {
    "en": (
        "The database {db} is damaged or is not a Kortpoeng database; nothing was changed. "
        "Restore the latest backup with: kortpoeng restore-backup {backup}"
    ),
    "nb": (
        "Databasen {db} er skadet eller er ikke en Kortpoeng-database; ingenting ble endret. "
        "Hent tilbake den siste sikkerhetskopien med: kortpoeng restore-backup {backup}"
    ),
}
NO_BACKUP_MADE = {
    "en": (
        "The database {db} is damaged, so no backup was made: a damaged copy is never kept. "
        "Restore the newest good backup with: kortpoeng restore-backup {backup}"
    ),
    "nb": (
        "Databasen {db} er skadet, så det ble ikke tatt noen sikkerhetskopi: en skadet kopi "
        "blir aldri beholdt. Hent tilbake den nyeste gode sikkerhetskopien med: "
        "kortpoeng restore-backup {backup}"
    ),
}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of 300 sessions, stored with ``import_session`` (built once)."""
    path = tmp_path_factory.mktemp("template") / "kp.db"
    engine = make_engine(path)
    init_db(engine)
    samples = [(SAMPLES / f"{name}.json").read_bytes() for name in ("rummy", "swedish_rummy")]
    samples.append((SAMPLES / "four_suit_rummy.json").read_bytes())
    for number in range(SESSIONS_PER_SAMPLE):
        for data in samples:
            doc = json.loads(data)
            doc.pop("id", None)  # a new session each time
            doc["started_at"] = f"2026-{1 + number % 12:02d}-{1 + number % 28:02d}T19:00:00Z"
            import_session(engine=engine, data=json.dumps(doc).encode())
    engine.dispose()  # the last connection closed: everything is in the file itself
    assert not path.with_name(path.name + "-wal").exists()
    return path


def _quick_check(path: Path) -> list[tuple[str, ...]] | str:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    finally:
        connection.close()


def _damage(path: Path) -> None:
    """8 KiB of noise on pages of the hands table from the middle of ``path``
    on (the reported case: damage that ``list``, which reads the sessions'
    rows, does not meet). Which pages hold hands is read from SQLite's
    ``dbstat`` before the damage: since every session stores its game's
    definition, the sessions' rows fill much of the middle of the file."""
    connection = sqlite3.connect(path)
    try:
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        hands = [
            page
            for (page,) in connection.execute(
                "SELECT pageno FROM dbstat WHERE name = 'hand' AND pagetype = 'leaf' "
                "AND pageno >= ? ORDER BY pageno",
                (pages // 2,),
            )
        ]
    finally:
        connection.close()
    assert pages > 100, pages  # a real file, not a toy
    noise = random.Random(26).randbytes(8192)
    count = len(noise) // size
    assert len(hands) >= count, hands
    with path.open("r+b") as handle:
        for n, page in enumerate(hands[:count]):
            handle.seek((page - 1) * size)  # pages are numbered from 1
            handle.write(noise[n * size : (n + 1) * size])
    assert _quick_check(path) != [("ok",)]


def _backup_as_before(db: Path, target: Path) -> Path:
    """A backup made as ``kortpoeng backup`` made one before this fix: the
    online backup API copies damaged pages as they are."""
    source, copy = sqlite3.connect(db), sqlite3.connect(target)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
    finally:
        source.close()
        copy.close()
    return target


@pytest.fixture
def damaged(stored: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """(database, its good backup from before the damage, a newer damaged
    backup): the reported case a day after the damage."""
    db = tmp_path / "kp.db"
    shutil.copyfile(stored, db)
    folder = backup_folder(db)
    folder.mkdir()
    good = _backup_as_before(db, folder / "kp-20261120-200000.db")
    _damage(db)
    bad = _backup_as_before(db, folder / "kp-20261121-200000.db")
    assert _quick_check(good) == [("ok",)] and _quick_check(bad) != [("ok",)]
    done = kortpoeng("--db", str(db), "list")
    assert done.returncode == 0, done.stderr  # as reported: reading the first page works
    return db, good, bad


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_kortpoeng_web_refuses_a_damaged_file(damaged, lang: str) -> None:
    db, good, _bad = damaged
    try:
        served = kortpoeng("--db", str(db), "web", "--port", "0", lang=lang, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("kortpoeng web served the damaged database")
    assert served.returncode == 3 and served.stdout == ""
    assert one_line(served.stderr) == DAMAGED[lang].format(db=db, backup=good)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_app_refuses_a_damaged_file(damaged, lang: str, monkeypatch) -> None:
    """What the app's first screen shows (:func:`app.main.DatabaseProblem` with
    the described error): the app's engine is never made on the file."""
    db, good, _bad = damaged
    monkeypatch.setattr(storage, "_engine", None)
    with pytest.raises(DatabaseDamaged) as refused:
        storage.use_database(db)
    assert refused.value.params["backup"] == str(good)
    with use_language(lang):
        assert describe_error(refused.value) == DAMAGED[lang].format(db=db, backup=good)
    assert storage._engine is None
    assert [p.name for p in list_backups(db)] == [good.name, _bad.name]  # no backup of it


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_kortpoeng_backup_keeps_no_damaged_copy(damaged, lang: str, capsys) -> None:
    db, good, _bad = damaged
    before = sorted(backup_folder(db).iterdir())
    status, out, err = run(capsys, "--db", str(db), "backup", lang=lang)
    assert status == 3 and out == ""
    assert one_line(err) == NO_BACKUP_MADE[lang].format(db=db, backup=good)
    assert sorted(backup_folder(db).iterdir()) == before  # nothing new, nothing left behind
    named = db.parent / "copy.db"
    status, _out, err = run(capsys, "--db", str(db), "backup", str(named), lang=lang)
    assert status == 3 and not named.exists() and leftovers(db.parent) == []
    assert one_line(err) == NO_BACKUP_MADE[lang].format(db=db, backup=good)


def test_the_automatic_backup_keeps_the_last_good_one_past_a_week(damaged) -> None:
    """Ten days of starting the app on the damaged file (keep 7): no damaged
    copy is made, and the good backup is never rotated out."""
    db, good, bad = damaged
    engine = make_engine(db)
    try:
        day = datetime(2026, 11, 22, 20, 0)
        for later in range(10):
            with pytest.raises(DatabaseDamaged) as refused:
                auto_backup(engine=engine, keep=7, now=day + timedelta(days=later))
            assert refused.value.params["backup"] == str(good)
            assert maybe_backup(engine) is None  # what the app calls: logged, never raised
        assert list_backups(db) == [good, bad]
    finally:
        engine.dispose()


def test_rotation_never_removes_the_newest_good_backup(damaged) -> None:
    """Eight damaged backups newer than the good one (as the daily backup made
    them before this fix): pruning to 7 keeps the 7 newest and the good one."""
    db, good, bad = damaged
    folder = backup_folder(db)
    newer = [bad] + [
        _backup_as_before(db, folder / f"kp-202611{day:02d}-200000.db") for day in range(22, 29)
    ]
    assert newest_good_backup(db) == good and not any(backup_passes(p) for p in newer)
    gone = prune_backups(db, 7)
    assert gone == [bad]
    assert list_backups(db) == [good, *newer[1:]]
    # the day the database is good again (restored), its new backup is the newest good one
    status = kortpoeng("--db", str(db), "restore-backup", str(good))
    assert status.returncode == 0, status.stderr
    engine = make_engine(db)
    try:
        made = auto_backup(engine=engine, keep=7, now=datetime(2026, 11, 29, 20, 0))
    finally:
        engine.dispose()
    # a newer good one stands in for the old one now: rotated out as usual
    assert made is not None and newest_good_backup(db) == made
    assert list_backups(db) == [*newer[2:], made]


def test_a_read_of_a_bad_page_is_one_line(damaged, capsys) -> None:
    """The sessions whose hands lie on the damaged pages: their export meets
    them (one line naming the good backup, never a traceback, never the
    damaged backup, which is what it named before); the others still export."""
    db, good, _bad = damaged
    met = []
    for number in range(1, 3 * SESSIONS_PER_SAMPLE + 1):
        status, _out, err = run(capsys, "--db", str(db), "export", str(number), "--format", "txt")
        if status != 0:
            assert one_line(err) == DAMAGED["en"].format(db=db, backup=good)
            met.append(number)
    assert 0 < len(met) < 3 * SESSIONS_PER_SAMPLE, met
    for command, lang in ((("export", str(met[0])), "en"), (("export", str(met[-1])), "nb")):
        done = kortpoeng("--db", str(db), *command, lang=lang)
        assert done.returncode == 3 and done.stdout == "", done.stdout
        assert one_line(done.stderr) == DAMAGED[lang].format(db=db, backup=good)


def test_a_good_file_passes_once(stored: Path, tmp_path: Path) -> None:
    """The open-time check lets a good database through, and the same file
    unchanged is not read again (it is what every tab's first page does)."""
    db = tmp_path / "kp.db"
    shutil.copyfile(stored, db)
    engine = make_engine(db)
    try:
        check_database(engine)
        check_database(engine)
        made = auto_backup(engine=engine, keep=7, now=datetime(2026, 11, 1, 20, 0))
    finally:
        engine.dispose()
    assert made is not None and newest_good_backup(db) == made and _quick_check(made) == [("ok",)]
