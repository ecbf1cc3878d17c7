"""Damage that only ``PRAGMA integrity_check`` finds (an index that no longer
matches its table: ``row N missing from index``) passes the open-time
``quick_check``; the automatic backup it refuses is said in one translated
line on standard error naming the newest good backup, and without a good
backup the advice never abandons the sessions (issue 26)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from app.backups import maybe_backup
from app.cli import main
from app.i18n import use_language
from models.backup import backup_folder
from models.db import make_engine

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


def _damage_index(path: Path) -> None:
    """Point an index at another column of its table: the table and every
    page stay sound (quick_check: ok), the index's entries no longer match."""
    with sqlite3.connect(path) as c:
        version = c.execute("PRAGMA schema_version").fetchone()[0]
        c.execute("PRAGMA writable_schema=ON")
        c.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX ix_session_player_player_id "
            "ON session_player (session_id)' WHERE name = 'ix_session_player_player_id'"
        )
        c.execute(f"PRAGMA schema_version={version + 1}")
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        assert "missing from index" in c.execute("PRAGMA integrity_check").fetchone()[0]


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    monkeypatch.setenv("KORTPOENG_BACKUPS", "7")
    path = tmp_path / "kortpoeng.db"
    with use_language("en"):
        assert main(["--db", str(path), "import", str(SAMPLES / "rummy.json")]) == 0
    return path


def test_a_refused_automatic_backup_is_said_on_stderr_naming_the_good_backup(db, capsys):
    good = backup_folder(db) / "kortpoeng-20260101-120000.db"  # an older day's good backup
    good.parent.mkdir(exist_ok=True)
    shutil.copyfile(db, good)
    _damage_index(db)
    capsys.readouterr()
    engine = make_engine(str(db))
    try:
        for language, line in (
            ("en", "Restore the newest good backup with: kortpoeng restore-backup {}"),
            ("nb", "kortpoeng restore-backup {}"),
        ):
            with use_language(language):
                assert maybe_backup(engine) is None
            err = capsys.readouterr().err
            assert len(err.splitlines()) == 1, err
            assert err.rstrip("\n").endswith(line.format(good)), err
        assert err.startswith("Databasen "), err
    finally:
        engine.dispose()


def test_without_a_good_backup_the_advice_keeps_the_sessions(db, capsys, tmp_path):
    _damage_index(db)
    capsys.readouterr()
    with use_language("en"):
        status = main(["--db", str(db), "backup"])
    err = capsys.readouterr().err
    assert status == 3  # the database cannot be used
    assert "Move it aside" not in err
    assert "kortpoeng export SESSION --format json -o FILE" in err
    # The advice holds: the session is exported from the damaged file.
    out = tmp_path / "s.json"
    with use_language("en"):
        assert main(["--db", str(db), "export", "1", "--format", "json", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))
    with use_language("nb"):
        main(["--db", str(db), "backup"])
    err = capsys.readouterr().err
    assert "kortpoeng export PARTI --format json -o FIL" in err and "Flytt" not in err
