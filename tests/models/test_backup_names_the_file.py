"""A backup or restore that cannot write says which file it could not write
(issue 26: "Cannot write : the disk is full", no file name)."""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

import models.backup
from app.cli import main
from app.i18n import use_language
from models.backup import backup_folder, list_backups


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = tmp_path / "kortpoeng.db"
    with use_language("en"):
        assert main(["--db", str(path), "list"]) == 0  # a real, migrated database file
    return path


def run(capsys, *argv, language="en"):
    with use_language(language):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _full_disk(source, target):
    """SQLite meeting a full disk while writing the copy (SQLITE_FULL), as
    :func:`models.backup._copy_database` turns it into an OSError: naming the
    hidden temporary file it was writing."""
    target.write_bytes(b"SQLite format 3\x00")  # it got that far
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.fspath(target))


def _full_disk_unnamed(source, target):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("fault", [_full_disk, _full_disk_unnamed])
def test_a_backup_on_a_full_disk_names_the_backup_it_could_not_write(
    db, capsys, monkeypatch, fault
) -> None:
    monkeypatch.setattr(models.backup, "_copy_database", fault)
    monkeypatch.setattr(models.backup, "_stamp", lambda now=None: "20261202-170000")
    status, out, err = run(capsys, "--db", str(db), "backup")
    expected = backup_folder(db) / "kortpoeng-20261202-170000.db"
    assert (status, out) == (2, "")
    assert err == f"Cannot write {expected}: the disk is full\n"
    assert list_backups(db) == [] and os.listdir(backup_folder(db)) == []  # nothing left over
    status, _, err = run(capsys, "--db", str(db), "backup", language="nb")
    assert err == f"Kan ikke skrive {expected}: disken er full\n"


def test_a_backup_refused_permission_names_the_backup(db, capsys, monkeypatch) -> None:
    def refused(source, target):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(models.backup, "_copy_database", refused)
    monkeypatch.setattr(models.backup, "_stamp", lambda now=None: "20261202-170000")
    status, _, err = run(capsys, "--db", str(db), "backup")
    expected = backup_folder(db) / "kortpoeng-20261202-170000.db"
    assert (status, err) == (2, f"Cannot write {expected}: permission denied\n")


def test_a_backup_to_a_named_file_on_a_full_disk_names_that_file(
    db, capsys, monkeypatch, tmp_path
) -> None:
    monkeypatch.setattr(models.backup, "_copy_database", _full_disk)
    target = tmp_path / "copy.db"
    status, _, err = run(capsys, "--db", str(db), "backup", str(target))
    assert (status, err) == (2, f"Cannot write {target}: the disk is full\n")
    assert not target.exists()


def test_a_backup_into_a_folder_it_may_not_write_names_the_folder(db, capsys, tmp_path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into any folder")
    folder = backup_folder(db)
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, _, err = run(capsys, "--db", str(db), "backup")
    finally:
        folder.chmod(0o700)
    assert status == 2
    assert err.startswith(f"Cannot write {folder}") and err.endswith(": permission denied\n")


def test_a_restore_on_a_full_disk_says_write_and_names_the_backups_folder(
    db, capsys, monkeypatch, tmp_path
) -> None:
    status, _, err = run(capsys, "--db", str(db), "backup", str(tmp_path / "good.db"))
    assert status == 0, err

    def full(source, target, **_):
        with open(target, "wb"):
            pass
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.fspath(target))

    monkeypatch.setattr(models.backup.shutil, "copyfile", full)
    status, _, err = run(capsys, "--db", str(db), "restore-backup", str(tmp_path / "good.db"))
    assert (status, err) == (2, f"Cannot write {backup_folder(db)}: the disk is full\n")
    assert os.listdir(backup_folder(db)) == []  # the private copy is gone
    with sqlite3.connect(db) as connection:  # the database as it was
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_restore_of_a_missing_backup_still_says_read(db, capsys, tmp_path) -> None:
    missing = tmp_path / "nowhere.db"
    status, _, err = run(capsys, "--db", str(db), "restore-backup", str(missing))
    assert (status, err) == (2, f"Cannot read {missing}: there is no such file\n")


def test_a_restore_from_another_disk_on_a_full_disk_names_the_backups_folder_not_the_source(
    db, capsys, monkeypatch, tmp_path
) -> None:
    """The real shutil.copyfile: its write (os.sendfile) meets a full disk, and
    shutil names the file it read (the backup restored, on another disk) as the
    error's ``filename``, the one it wrote as ``filename2``. The line names
    what could not be written: the database's backups folder."""
    other = tmp_path / "other" / "backups"
    other.mkdir(parents=True)
    source = other / "backup.db"
    status, _, err = run(capsys, "--db", str(db), "backup", str(source))
    assert status == 0, err

    def full(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "sendfile", full)
    for language, said in (
        ("en", "Cannot write {}: the disk is full\n"),
        ("nb", "Kan ikke skrive {}: disken er full\n"),
    ):
        status, _, err = run(
            capsys, "--db", str(db), "restore-backup", str(source), language=language
        )
        assert (status, err) == (2, said.format(backup_folder(db)))
    assert os.listdir(backup_folder(db)) == []  # the private copy is gone
