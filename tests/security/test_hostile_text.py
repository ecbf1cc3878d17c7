"""Issue 9, item 12: hostile text. A note or name holding NUL, ESC colour
codes or U+202E never reaches a terminal or an export file raw; Markdown is
escaped (a note line ``===`` is no heading); notes are limited at input (one
rule in scoring: 500 characters, no control characters but line breaks) with a
clear translated message, so a 4 MB note cannot reach the PDF."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import sqlite3
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader
from safety_helpers import ROOT, RUMMY, kortpoeng, one_line, run, session_file

from app.i18n import use_language
from app.messages import describe_error
from app.safe_text import LONGEST
from models.db import init_db, make_engine
from models.services import import_session, record_hand, start_session
from scoring import MAX_NOTE, ErrorCode, Hand, HandError, parse_cards

HOSTILE_NOTE = "\x00\x1b[31mRED\x1b[0m \u202eevil\u202c\r\n===\n# heading &#8238; \x9b2J"
HOSTILE_NAME = "Kari\x1b[2J\u202e"
#: Characters that must never reach a terminal or a file raw.
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


#: A bidi isolate the exporter itself puts around a name or a note (FSI … PDI,
#: with no reordering character inside): how a line keeps its order (issue 12).
ISOLATE = re.compile("\u2068([^\u202a-\u202e\u2066-\u2069]*)\u2069")


def raw_controls(text: str, *, crlf: bool = False) -> list[str]:
    """The control and reordering characters in ``text`` (line breaks are
    fine; ``\\r`` only as part of ``\\r\\n`` when ``crlf``; the exporter's own
    isolates around a name or note are fine)."""
    text = ISOLATE.sub(r"\1", text)
    if crlf:
        text = text.replace("\r\n", "\n")
    return [
        f"U+{ord(ch):04X}"
        for ch in text
        if ch != "\n" and (ch in BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"))
    ]


# -- at input: one rule for notes -----------------------------------------------------


@pytest.mark.parametrize(
    "note", ["\x00", "colour \x1b[31mred", "a\u202eb", "tab\there", "cr\rhere", "sep\u2028x"]
)
def test_a_note_with_control_characters_is_refused_everywhere(
    note: str, tmp_path: Path, capsys
) -> None:
    hands = [dict(RUMMY["hands"][0], note=note)]
    path = tmp_path / "s.json"
    path.write_text(session_file(hands=hands), encoding="utf-8")
    line = "Hand 1: The note contains control characters: only line breaks are allowed"
    for command in (("score", str(path)), ("--db", str(tmp_path / "kp.db"), "import", str(path))):
        status, out, err = run(capsys, *command)
        assert (status, out, one_line(err)) == (2, "", line)
    status, _out, err = run(capsys, "score", str(path), lang="nb")
    assert one_line(err) == "Runde 1: Notatet inneholder kontrolltegn: bare linjeskift er tillatt"


def test_a_4_mb_note_is_refused_before_any_export(tmp_path: Path, capsys) -> None:
    """The finding: a 4 MB note made the PDF take 41 s. The note cannot get in."""
    hands = [dict(RUMMY["hands"][0], note="x" * (4 * 1024 * 1024))]
    path = tmp_path / "big.json"
    path.write_text(session_file(hands=hands), encoding="utf-8")
    db = tmp_path / "kp.db"
    for command in (("score", str(path)), ("--db", str(db), "import", str(path))):
        status, out, err = run(capsys, *command)
        assert (status, out) == (2, "")
        assert one_line(err) == (
            "Hand 1: The note is longer than 500 characters (it has 4,194,304)"
        )
    status, _out, err = run(capsys, "score", str(path), lang="nb")
    assert one_line(err) == "Runde 1: Notatet er lengre enn 500 tegn (det har 4\xa0194\xa0304)"
    assert kortpoeng("--db", str(db), "list").stdout == "No sessions yet.\n"


def test_the_app_saves_by_the_same_rule(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "kp.db")
    init_db(engine)
    try:
        view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
        left = {"Ola": parse_cards(["K"])}
        for note, code in (
            ("x" * (MAX_NOTE + 1), ErrorCode.NOTE_LONG),
            ("\x1b[2J", ErrorCode.NOTE_CONTROL),
        ):
            with pytest.raises(HandError) as caught:
                record_hand(engine=engine, session_id=view.id, hand=Hand("Kari", left, note=note))
            assert (caught.value.code, caught.value.hand) == (code, 1)
            with use_language("en"):
                assert describe_error(caught.value).startswith("Hand 1: The note ")
        longest = "y" * (MAX_NOTE - 6) + "\nline2"
        saved = record_hand(
            engine=engine, session_id=view.id, hand=Hand("Kari", left, note=longest)
        )
        assert saved.hands[0].note == longest
    finally:
        engine.dispose()


# -- what was stored before the rules: shown safely -----------------------------------


@pytest.fixture
def hostile_db(tmp_path: Path) -> Path:
    """A database as an older Kortpoeng could have left it: a note and a
    player's name with control and bidi characters (written past the rules)."""
    db = tmp_path / "kp.db"
    engine = make_engine(db)
    init_db(engine)
    import_session(engine=engine, data=session_file())
    engine.dispose()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE hand SET note = ? WHERE number = 2", (HOSTILE_NOTE,))
        raw.execute("UPDATE player SET name = ? WHERE name = 'Åse'", (HOSTILE_NAME,))  # the winner
        raw.execute("DELETE FROM score_sheet_chunk")
    raw.close()
    return db


@pytest.mark.parametrize("fmt", ["txt", "md", "csv", "json"])
def test_no_export_prints_them_raw(hostile_db: Path, fmt: str, capsys) -> None:
    status, out, err = run(capsys, "--db", str(hostile_db), "export", "1", "--format", fmt)
    assert (status, err) == (0, "")
    assert raw_controls(out, crlf=fmt == "csv") == []
    if fmt == "json":  # escaped as JSON escapes: the same value reads back
        doc = json.loads(out)
        assert doc["hands"][1]["note"] == HOSTILE_NOTE
        assert HOSTILE_NAME in doc["players"]
    else:  # shown as visible escapes
        assert "x1b" in out and "u202e" in out
        if fmt != "csv":  # (the CSV holds the hand table only: no notes)
            assert "RED" in out


def test_the_same_in_files_and_in_the_pdf(hostile_db: Path, tmp_path: Path, capsys) -> None:
    for fmt in ("txt", "md", "csv", "pdf", "json"):
        target = tmp_path / f"out.{fmt}"
        status, _out, err = run(
            capsys, "--db", str(hostile_db), "export", "1", "--format", fmt, "-o", str(target)
        )
        assert (status, err) == (0, f"Wrote {target}\n"), fmt  # (named on standard error)
        if fmt == "pdf":
            text = "".join(page.extract_text() for page in PdfReader(target).pages)
            assert "RED" in text
        else:
            text = target.read_text(encoding="utf-8-sig")
        assert raw_controls(text, crlf=fmt in ("csv", "pdf")) == [], fmt


def test_the_command_line_never_prints_them_raw(hostile_db: Path, capsys) -> None:
    for command in (("list",), ("show", "1")):
        status, out, err = run(capsys, "--db", str(hostile_db), *command)
        assert (status, err) == (0, "")
        assert raw_controls(out) == []
        assert "Kari\\x1b[2J\\u202e" in out


def test_markdown_is_escaped(tmp_path: Path, capsys) -> None:
    """A note line ``===`` is no heading, ``# x`` no heading, an entity no
    character: what the note said is what a Markdown viewer shows."""
    note = "first line\n===\n# not a heading\n&#8238; <b>bold</b> [link](http://x)"
    hands = [dict(hand) for hand in RUMMY["hands"]]
    hands[0]["note"] = note
    path = tmp_path / "s.json"
    path.write_text(session_file(hands=hands), encoding="utf-8")
    db = tmp_path / "kp.db"
    assert run(capsys, "--db", str(db), "import", str(path))[0] == 0
    status, out, _err = run(capsys, "--db", str(db), "export", "1", "--format", "md")
    assert status == 0
    lines = out.splitlines()
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped and set(stripped) <= {"=", "-"} and number > 0 and lines[number - 1].strip():
            raise AssertionError(f"line {number + 1} turns the line above into a heading: {line!r}")
    assert [line for line in lines if line.startswith("#")] == [
        "# Rummy",
        "## Final standings",
        "## Hand by hand",
        "## Notes",
    ]
    [note_line] = [ISOLATE.sub(r"\1", line) for line in lines if line.startswith("- ")]
    assert note_line == (
        "- Hand 1: first line / === / \\# not a heading / \\&\\#8238; \\<b\\>bold\\</b\\> "
        "\\[link\\](http://x)"
    )


def test_a_formula_is_no_formula_in_the_spreadsheet(tmp_path: Path, capsys) -> None:
    doc = json.loads(session_file())
    doc["players"] = ["=1+2", "@cmd", "Åse", "-3"]
    doc["hands"] = [{"went_out": "=1+2", "left": {"@cmd": ["K"], "Åse": ["2"], "-3": ["5"]}}]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    db = tmp_path / "kp.db"
    assert run(capsys, "--db", str(db), "import", str(path))[0] == 0
    status, out, _err = run(capsys, "--db", str(db), "export", "1", "--format", "csv")
    assert status == 0
    header, row = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
    assert header == [
        "Hand",
        "'=1+2: points",
        "'=1+2: total",
        "'@cmd: points",
        "'@cmd: total",
        "Åse: points",
        "Åse: total",
        "'-3: points",
        "'-3: total",
        "Went out",
    ]
    assert row[-1] == "'=1+2"  # who went out: a name, never a formula


def test_a_huge_note_stored_before_the_rule_is_cut_in_the_pdf(tmp_path: Path, capsys) -> None:
    db = tmp_path / "kp.db"
    engine = make_engine(db)
    init_db(engine)
    import_session(engine=engine, data=session_file())
    engine.dispose()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE hand SET note = ? WHERE number = 1", ("word " * 800_000,))
    raw.close()
    target = tmp_path / "s.pdf"
    status, _out, err = run(
        capsys, "--db", str(db), "export", "1", "--format", "pdf", "-o", str(target)
    )
    assert (status, err) == (0, f"Wrote {target}\n")
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert text.count("word") <= LONGEST // 5 + 1
    status, out, _err = run(capsys, "--db", str(db), "export", "1", "--format", "json")
    assert len(json.loads(out)["hands"][0]["note"]) == 4_000_000  # nothing stored is lost


def test_a_pdf_is_not_written_to_a_terminal(tmp_path: Path) -> None:
    db = tmp_path / "kp.db"
    assert (
        kortpoeng(
            "--db", str(db), "import", str(ROOT / "assets" / "samples" / "rummy.json")
        ).returncode
        == 0
    )
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "app.cli", "--db", str(db), "export", "1", "--format", "pdf"],
            stdout=follower,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en"},
            timeout=120,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert (
        one_line(done.stderr)
        == "A PDF or a picture is not shown in a terminal: write it to a file with -o FILE"
    )


def test_an_export_to_a_pipe_is_the_pdf(tmp_path: Path) -> None:
    db = tmp_path / "kp.db"
    kortpoeng("--db", str(db), "import", str(ROOT / "assets" / "samples" / "rummy.json"))
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "--db", str(db), "export", "1", "--format", "pdf"],
        capture_output=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en"},
        timeout=120,
    )
    assert done.returncode == 0
    assert PdfReader(io.BytesIO(done.stdout)).pages
