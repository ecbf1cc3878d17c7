"""Issue 9, items 4 and 5: no export can write over the database (or any SQLite
file), an existing file is replaced only when asked, and every file Kortpoeng
writes is written atomically: a full disk leaves the old file as it was."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from safety_helpers import (
    SAMPLES,
    dump,
    fill_up,
    kortpoeng,
    leftovers,
    one_line,
    run,
    tiny_tmpfs,
)

from app import settings as app_settings
from app.settings import Settings, load_settings, save_settings
from app.ui.export_menu import save_export
from models.db import make_engine
from models.errors import OutputExists, OutputIsDatabase
from models.safe_files import check_target, write_atomic


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database file with the Rummy sample stored as session 1."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = tmp_path / "kp.db"
    done = kortpoeng("--db", str(path), "import", str(SAMPLES / "rummy.json"))
    assert done.returncode == 0, done.stderr
    return path


# -- item 4: never over the database -----------------------------------------------


@pytest.mark.parametrize("force", [False, True])
def test_an_export_cannot_overwrite_the_database(db: Path, force: bool) -> None:
    """The finding: ``export 1 --format json -o kp.db`` exited 0 and replaced
    the database with the export. Now refused, with or without --force."""
    before = dump(db)
    args = ["--db", str(db), "export", "1", "--format", "json", "-o", str(db)]
    done = kortpoeng(*args, *(["--force"] if force else []))
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        f"{db} is a database: Kortpoeng never writes over a database. Choose another file"
    )
    assert dump(db) == before
    assert kortpoeng("--db", str(db), "list").returncode == 0


def test_nor_its_companions_a_link_to_it_or_any_other_sqlite_file(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = dump(db)
    wal = db.with_name(db.name + "-wal")
    link = tmp_path / "looks-harmless.txt"
    link.symlink_to(db)
    other = tmp_path / "other-program.sqlite"
    other.write_bytes(db.read_bytes())  # a SQLite file that is not ours in use
    other_bytes = other.read_bytes()
    for target in (wal, link, other):
        status, out, err = run(
            capsys, "--db", str(db), "export", "1", "--format", "txt", "-o", str(target), "--force"
        )
        assert status == 2 and out == ""
        assert one_line(err).endswith(
            "is a database: Kortpoeng never writes over a database. Choose another file"
        )
    assert dump(db) == before
    assert other.read_bytes() == other_bytes


def test_an_existing_file_needs_force(db: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "summary.txt"
    target.write_text("my own notes\n", encoding="utf-8")
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "txt", "-o", str(target)
    )
    assert status == 2
    assert one_line(err) == f"{target} exists already: add --force to replace it"
    assert target.read_text(encoding="utf-8") == "my own notes\n"

    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "txt", "-o", str(target), "--force"
    )
    assert status == 0, err
    assert target.read_text(encoding="utf-8").startswith("Rummy\n")
    # a new file needs nothing
    fresh = tmp_path / "fresh.md"
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "md", "-o", str(fresh)
    )
    assert status == 0, err
    assert fresh.read_text(encoding="utf-8").startswith("# Rummy")
    assert leftovers(tmp_path) == []


def test_the_refusal_is_translated(db: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "x.csv"
    target.write_text("keep\n", encoding="utf-8")
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "csv", "-o", str(target), lang="nb"
    )
    assert status == 2
    assert one_line(err) == f"{target} finnes allerede: legg til --force for å erstatte den"
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "csv", "-o", str(db), lang="nb"
    )
    assert one_line(err) == (
        f"{db} er en database: Kortpoeng skriver aldri over en database. Velg en annen fil"
    )


def test_the_desktop_save_dialog_asks_before_replacing(db: Path, tmp_path: Path) -> None:
    """What the session screen's save runs on the desktop (app.ui.export_menu):
    an existing file is refused until the user answered "Replace"; the
    database never."""
    engine = make_engine(db)
    try:
        chosen = tmp_path / "kortpoeng-rummy.pdf"
        chosen.write_bytes(b"an older export")
        with pytest.raises(OutputExists):
            save_export(chosen, b"%PDF-new", replace=False, engine=engine)
        assert chosen.read_bytes() == b"an older export"
        assert save_export(chosen, b"%PDF-new", replace=True, engine=engine) == chosen
        assert chosen.read_bytes() == b"%PDF-new"
        before = dump(db)
        with pytest.raises(OutputIsDatabase):
            save_export(db, b"%PDF-new", replace=True, engine=engine)
        assert dump(db) == before
        new = tmp_path / "new.json"
        save_export(new, b"{}", replace=False, engine=engine)
        assert new.read_bytes() == b"{}"
    finally:
        engine.dispose()


def test_check_target_follows_links_and_refuses_folders(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(IsADirectoryError):
        check_target(folder, force=True)
    real = tmp_path / "real.txt"
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert check_target(link) == real.resolve()


# -- item 5: atomic writes ------------------------------------------------------------


def _enospc_after(monkeypatch: pytest.MonkeyPatch, allowed: int) -> list[int]:
    """``os.write`` writes ``allowed`` bytes, then fails as a full disk does."""
    real_write = os.write
    written = [0]

    def write(fd: int, data) -> int:
        room = allowed - written[0]
        if room <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        count = real_write(fd, bytes(data[:room]))
        written[0] += count
        return count

    monkeypatch.setattr(os, "write", write)
    return written


def test_a_full_disk_leaves_the_old_backup_whole(db: Path, tmp_path: Path, capsys, monkeypatch):
    """The finding: ``export --format pdf -o backup.json`` on a full disk
    replaced the good backup with 4 KB of partial PDF."""
    backup = tmp_path / "backup.json"
    status, _out, err = run(capsys, "--db", str(db), "export", "1", "-o", str(backup))
    assert status == 0, err
    good = backup.read_bytes()
    written = _enospc_after(monkeypatch, 4096)
    status, out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "pdf", "-o", str(backup), "--force"
    )
    monkeypatch.undo()
    assert written[0] == 4096  # the export really was cut off half-way
    assert status == 2 and out == ""
    assert one_line(err) == f"Cannot write {backup}: the disk is full"
    assert backup.read_bytes() == good
    assert leftovers(tmp_path) == []


def test_a_failing_fsync_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "kept.txt"
    target.write_bytes(b"old")

    def fsync(_fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OSError):
        write_atomic(target, b"new" * 1000)
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path) == []


def test_settings_on_a_full_disk_keep_the_old_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KORTPOENG_DB", str(tmp_path / "kp.db"))
    save_settings(Settings(language="nb", theme="dark", backups=3))
    before = app_settings.settings_path().read_bytes()
    _enospc_after(monkeypatch, 5)
    with pytest.raises(OSError):
        save_settings(Settings(language="en", theme="light", backups=9))
    monkeypatch.undo()
    monkeypatch.setenv("KORTPOENG_DB", str(tmp_path / "kp.db"))
    assert app_settings.settings_path().read_bytes() == before
    assert load_settings() == Settings("nb", "dark", 3)
    assert leftovers(tmp_path) == []


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "shared.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640


def test_on_a_real_full_disk(db: Path, tmp_path: Path, capsys) -> None:
    """A 512 KB tmpfs filled up: the export, the settings and a backup each
    fail with a translated line, and the files already there stay whole."""
    with tiny_tmpfs(tmp_path / "small", "512k") as small:
        backup = small / "backup.json"
        status, _out, err = run(capsys, "--db", str(db), "export", "1", "-o", str(backup))
        assert status == 0, err
        good = backup.read_bytes()
        old_copy = small / "old.db"
        status, _out, err = run(capsys, "--db", str(db), "backup", str(old_copy))
        assert status == 0, err
        old_dump = dump(old_copy)
        fill_up(small)
        status, _out, err = run(
            capsys, "--db", str(db), "export", "1", "--format", "pdf", "-o", str(backup), "--force"
        )
        assert status == 2
        assert one_line(err) == f"Cannot write {backup}: the disk is full"
        assert backup.read_bytes() == good
        status, _out, err = run(capsys, "--db", str(db), "backup", str(old_copy), "--force")
        assert status == 2
        assert one_line(err) == f"Cannot write {old_copy}: the disk is full"
        assert dump(old_copy) == old_dump
        assert leftovers(small) == []
        assert json.loads(good)["game"] == "rummy"
