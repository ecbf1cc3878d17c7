"""A new export file is readable by its owner only (0600), as the database is:
the README says other users of a shared computer cannot read the scores
(issue 26). A file replaced with ``--force`` keeps its own mode."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def run(capsys, *argv):
    with use_language("en"):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_new_export_is_private_and_a_replaced_one_keeps_its_mode(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    old = os.umask(0o022)  # a usual desktop umask: files 0644 unless asked otherwise
    try:
        db = str(tmp_path / "k.db")
        assert run(capsys, "--db", db, "import", str(SAMPLES / "rummy.json"))[0] == 0
        for fmt in ("json", "csv"):
            target = tmp_path / f"exp.{fmt}"
            status, _, err = run(
                capsys, "--db", db, "export", "1", "--format", fmt, "-o", str(target)
            )
            assert status == 0, err
            assert stat.S_IMODE(target.stat().st_mode) == 0o600
        shared = tmp_path / "exp.json"
        shared.chmod(0o644)  # shared on purpose
        status, _, err = run(
            capsys, "--db", db, "export", "1", "--format", "json", "-o", str(shared), "--force"
        )
        assert status == 0, err
        assert stat.S_IMODE(shared.stat().st_mode) == 0o644
        assert shared.read_text(encoding="utf-8").lstrip().startswith("{")
    finally:
        os.umask(old)
