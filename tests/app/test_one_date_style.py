"""One date style everywhere (issue 25, item 13): CLDR's medium date of the
language ("12 Feb 2026", "12. feb. 2026"), never a numeric one that reads as
another day elsewhere ("02/12/2026" is 12 February in the US), written by one
function (app.i18n.format_date) for the screens, the exports and the command
line."""

from __future__ import annotations

import ast
import json
import re
import time
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from app.reports.exports import to_markdown, to_text
from app.reports.summary import format_started
from scoring import read_session

ROOT = Path(__file__).resolve().parents[2]
#: A session started on 12 February 2026, 18:00 in Oslo.
SESSION = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "rummy",
    "options": {"rounds": 1},
    "players": ["Kari", "Ola"],
    "started_at": "2026-02-12T18:00:00+01:00",
    "hands": [{"went_out": "Kari", "left": {"Ola": ["K", "7", "A"]}}],
}
DAY = {"en": "12 Feb 2026", "nb": "12. feb. 2026"}
NUMERIC = r"\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b"


def run(capsys, *argv: str, language: str) -> str:
    with use_language(language):
        status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


@pytest.fixture
def oslo(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Oslo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_command_line_writes_the_medium_date(lang, tmp_path, capsys, monkeypatch, oslo):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    db = str(tmp_path / "dates.db")
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSION), encoding="utf-8")
    run(capsys, "--db", db, "import", str(path), language=lang)
    listing = run(capsys, "--db", db, "list", language=lang)
    shown = run(capsys, "--db", db, "show", "1", language=lang)
    for out in (listing, shown):
        assert DAY[lang] in out, out
        assert not re.search(NUMERIC, out), out


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_exports_write_the_medium_date_and_the_time_where_it_was_played(lang, oslo):
    doc = read_session(SESSION)
    with use_language(lang):
        assert format_started(doc.started_at) == f"{DAY[lang]}, 18:00"
    for text in (to_text(doc, lang=lang), to_markdown(doc, lang=lang)):
        assert f"{DAY[lang]}, 18:00" in text


def test_no_other_code_formats_a_date():
    """Every date is written by app.i18n.format_date: no other module of the
    app imports babel.dates or calls strftime, and nobody asks format_date
    for another style."""
    offenders = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "babel.dates":
                if name != "app/i18n.py":
                    offenders.append(f"{name}: imports babel.dates")
            elif isinstance(node, ast.Attribute) and node.attr in ("strftime", "strptime"):
                offenders.append(f"{name}:{node.lineno}: {node.attr}")
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "format_date"
                and len(node.args) > 1
            ):
                offenders.append(f"{name}:{node.lineno}: format_date with a style")
    assert offenders == []
