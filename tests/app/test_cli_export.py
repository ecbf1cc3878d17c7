"""``kortpoeng export SESSION --format txt|md|csv|pdf|json --lang nb|en`` end to end:
the bytes written are the exports of the stored session (the golden files)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.reports.chart import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture
def db(tmp_path, monkeypatch) -> str:
    """A database file with the three sample sessions imported (numbers 1–3)."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = str(tmp_path / "cli.db")
    for name in ("rummy", "swedish_rummy", "four_suit_rummy"):
        assert main(["--db", path, "import", str(SAMPLES / f"{name}.json")]) == 0
    return path


@pytest.mark.parametrize("fmt", ["txt", "md", "csv"])
@pytest.mark.parametrize("lang", ["nb", "en"])
def test_export_to_file_matches_the_golden_file(db, tmp_path, capsys, fmt, lang) -> None:
    out = tmp_path / f"rummy.{fmt}"
    status = main(
        ["--db", db, "export", "1", "--format", fmt, "--lang", lang, "--output", str(out)]
    )
    assert status == 0, capsys.readouterr().err
    assert out.read_bytes() == (GOLDEN / f"rummy.{lang}.{fmt}").read_bytes()


def test_pdf_goes_to_standard_output_as_bytes(db) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "--db",
            db,
            "export",
            "2",
            "--format",
            "pdf",
            "--lang",
            "nb",
        ],
        capture_output=True,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.startswith(b"%PDF-") and done.stdout.rstrip().endswith(b"%%EOF")


def test_json_export_ignores_the_language(db, tmp_path) -> None:
    nb, en = tmp_path / "nb.json", tmp_path / "en.json"
    assert main(["--db", db, "export", "3", "--format", "json", "--lang", "nb", "-o", str(nb)]) == 0
    assert main(["--db", db, "export", "3", "--format", "json", "--lang", "en", "-o", str(en)]) == 0
    assert nb.read_bytes() == en.read_bytes()
    assert "Bjørn" in nb.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [[], ["web"]])
def test_db_option_reaches_the_app(command, monkeypatch, tmp_path) -> None:
    """``kortpoeng --db FILE [web]`` serves the sessions of FILE: the file is
    passed to the app as its ``db`` argument (issue 27, item 5: the engine
    passed explicitly), not by writing ``KORTPOENG_DB``; the server itself is
    not started here."""
    import app.main

    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    seen: list[str | None] = []

    def record(*_args, db=None, **_kwargs) -> int:
        seen.append(None if db is None else os.fspath(db))
        return 0

    monkeypatch.setattr(app.main, "run_web", record)
    monkeypatch.setattr(app.main, "run_app", record)
    target = str(tmp_path / "table.sqlite3")
    assert main(["--db", target, *command]) == 0
    assert seen == [target]
    assert "KORTPOENG_DB" not in os.environ
