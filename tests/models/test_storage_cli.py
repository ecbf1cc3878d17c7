"""``kortpoeng list / show / export / import`` on a database file in tmp_path."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    return str(tmp_path / "cli.db")


def run(capsys, *argv):
    with use_language("en"):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.skipif(not (SAMPLES / "rummy.json").exists(), reason="no sample sessions")
def test_import_list_show_export_round_trip(db, capsys, tmp_path):
    sample = SAMPLES / "rummy.json"
    status, out, err = run(capsys, "--db", db, "import", str(sample))
    assert status == 0, err
    assert out.startswith("Imported session 1 (") and "5 hands" in out

    # the same id again: not a second copy, and it says so
    status, out, err = run(capsys, "--db", db, "import", str(sample))
    assert status == 1 and out == ""
    assert "already stored as number 1" in err

    status, out, _ = run(capsys, "list", "--db", db)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["No.", "Id", "Started"]
    assert len(lines) == 3 and lines[2].lstrip().startswith("1 ")

    doc = json.loads(sample.read_text(encoding="utf-8"))
    status, out, _ = run(capsys, "--db", db, "show", doc["id"][:6])
    assert status == 0
    # the exports' summary line (issue 27, item 5: show reads the same summary)
    assert "5 rounds; lowest total wins; finished after 5 hands" in out.splitlines()
    assert "Winner: Åse" in out.splitlines()
    total_lines = [line for line in out.splitlines() if line.strip().startswith("1 ")]
    assert total_lines  # the row of 1st place

    target = tmp_path / "out.json"
    status, _, err = run(
        capsys, "--db", db, "export", "1", "--format", "json", "--output", str(target)
    )
    assert status == 0, err
    from scoring import read_session, write_session

    assert target.read_text(encoding="utf-8") == write_session(
        read_session(sample.read_text("utf-8"))
    )
    status, out, _ = run(capsys, "--db", db, "export", "1", "--format", "json")
    assert out == target.read_text(encoding="utf-8")


def test_show_prints_standings_table(db, capsys, tmp_path):
    doc = {
        "format": "kortpoeng-session",
        "version": 1,
        "game": "rummy",
        "players": ["Kari", "Ola", "Per"],
        "hands": [
            {"went_out": "Kari", "left": {"Ola": ["K", "7", "A"], "Per": ["5"]}},
            {"went_out": "Per", "left": {"Kari": ["2"], "Ola": ["3"]}},
        ],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert run(capsys, "--db", db, "import", str(path))[0] == 0
    status, out, _ = run(capsys, "--db", db, "show", "1")
    assert status == 0
    rows = [line.split() for line in out.splitlines()]
    assert ["Hand", "Kari", "Ola", "Per"] in rows
    assert ["1", "0", "18", "5"] in rows
    assert ["2", "2", "21", "5"] in rows
    assert ["1", "Kari", "2", "0"] in rows
    assert ["2", "Per", "5", "3"] in rows
    assert ["3", "Ola", "21", "19"] in rows
    assert "3 rounds left" in out and "Next dealer: Per" in out  # the deal passes left


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "kortpoeng-session", "version": 1, "game"', "not valid JSON"),
        (
            '{"format": "kortpoeng-session", "version": 7, "game": "rummy", "players": ["A", "B"]}',
            "version 7",
        ),
        (
            '{"format": "kortpoeng-session", "version": 1, "game": "rummy", '
            '"players": ["A\\u0007", "B"]}',
            "control characters",
        ),
    ],
)
def test_bad_import_says_why_and_stores_nothing(db, capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = run(capsys, "--db", db, "import", str(path))
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "--db", db, "list")[1] == "No sessions yet.\n"


def test_import_from_stdin_and_too_large(db, capsys, tmp_path, monkeypatch):
    doc = {"format": "kortpoeng-session", "version": 1, "game": "rummy", "players": ["A", "B"]}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(doc).encode())))
    status, out, _ = run(capsys, "--db", db, "import", "-")
    assert status == 0 and "Imported session 1" in out
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    status, _, err = run(capsys, "--db", db, "import", str(big))
    assert status == 2 and "too large" in err
    status, _, err = run(capsys, "--db", db, "import", str(tmp_path / "missing.json"))
    assert status == 2 and "Cannot read" in err


def test_unknown_session(db, capsys):
    status, _, err = run(capsys, "--db", db, "show", "42")
    assert status == 2 and "There is no session “42”" in err
    status, _, err = run(capsys, "--db", db, "export", "abcdef", "--format", "json")
    assert status == 2


def test_kortpoeng_db_environment_variable(tmp_path):
    env_db = tmp_path / "env.db"
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "list"],
        env={"KORTPOENG_DB": str(env_db), "KORTPOENG_LANG": "en", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "No sessions yet.\n"
    assert env_db.is_file()
