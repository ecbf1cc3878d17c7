"""Issue 26, item 6: on a shared computer the scores are private. The
database, its -wal and -shm files and every backup are created 0600 and the
folders made for them 0700 (they were 0644 and 0755 under the usual umask
022, while join.json was 0600). Real files, real modes (``st_mode``)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from safety_helpers import SAMPLES, run

from models.backup import auto_backup, backup_database, backup_folder, restore_backup
from models.db import init_db, make_engine
from models.services import import_session

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def usual_umask(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The umask of most systems (022: new files 0644, folders 0755)."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    monkeypatch.delenv("KORTPOENG_BACKUPS", raising=False)
    old = os.umask(0o022)
    yield
    os.umask(old)


def _stored(path: Path):
    engine = make_engine(path)
    init_db(engine)
    import_session(engine=engine, data=(SAMPLES / "rummy.json").read_bytes())
    return engine


def test_a_new_database_and_its_wal_and_shm_are_0600_in_a_0700_folder(tmp_path: Path) -> None:
    there = tmp_path / "there"
    there.mkdir()
    os.chmod(there, 0o755)
    path = there / "new" / "deeper" / "kp.db"
    engine = _stored(path)
    try:
        wal, shm = path.with_name("kp.db-wal"), path.with_name("kp.db-shm")
        assert wal.exists() and shm.exists()  # open: WAL mode, written
        assert {p.name: _mode(p) for p in (path, wal, shm)} == {
            "kp.db": 0o600,
            "kp.db-wal": 0o600,
            "kp.db-shm": 0o600,
        }
        assert _mode(path.parent) == 0o700
        assert _mode(path.parent.parent) == 0o700
        assert _mode(there) == 0o755  # a folder that was there is left as it was
    finally:
        engine.dispose()


def test_every_kind_of_backup_is_0600_in_a_0700_folder(tmp_path: Path, capsys) -> None:
    path = tmp_path / "kp.db"
    engine = _stored(path)
    try:
        made = backup_database(engine=engine)
        named = backup_database(engine=engine, target=tmp_path / "copy.db")
        daily = auto_backup(engine=engine, now=datetime(2031, 1, 2, 12, 0))
        kept = restore_backup(engine=engine, source=made)  # the database as it was, kept
    finally:
        engine.dispose()
    status, _out, err = run(capsys, "--db", str(path), "backup")
    assert status == 0, err
    assert daily is not None
    files = sorted(backup_folder(path).iterdir())
    assert len(files) == 4  # made, daily, kept, and the command's
    assert {p.name: _mode(p) for p in [*files, named]} == {p.name: 0o600 for p in [*files, named]}
    assert kept in files
    assert _mode(backup_folder(path)) == 0o700
    assert _mode(path) == 0o600  # the restored database too


def test_a_file_named_with_db_keeps_the_mode_it_was_given(tmp_path: Path) -> None:
    """A database the user made group-readable on purpose stays so."""
    path = tmp_path / "shared.db"
    _stored(path).dispose()
    os.chmod(path, 0o640)
    engine = make_engine(path)
    try:
        init_db(engine)
    finally:
        engine.dispose()
    assert _mode(path) == 0o640


def test_the_default_database_an_older_version_left_open_is_made_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kortpoeng's own database (no --db), made 0644 in a 0755 folder by an
    older version, with 0644 backups in a 0755 folder: private once opened."""
    folder = tmp_path / "data"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(folder))
    from models.db import DB_FILENAME, default_database_path

    path = default_database_path()
    assert path == folder.resolve() / DB_FILENAME
    engine = _stored(path)
    try:
        backup = backup_database(engine=engine)
    finally:
        engine.dispose()
    for item, mode in ((folder, 0o755), (path, 0o644), (backup.parent, 0o755)):
        os.chmod(item, mode)
    engine = make_engine(None)
    try:
        init_db(engine)  # opened as the app opens it
        wal = path.with_name(path.name + "-wal")
        assert wal.exists()
        assert [_mode(p) for p in (path, wal)] == [0o600, 0o600]
        assert [_mode(p) for p in (folder, backup.parent)] == [0o700, 0o700]
    finally:
        engine.dispose()
