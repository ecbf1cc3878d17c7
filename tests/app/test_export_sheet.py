"""The export sheet's model without a browser (issue 5, issue 12), on a real
SQLite file seeded from assets/samples and tests/app/golden/family.json:
the summary made for *Copy as text* (the winner named, a name isolated),
the files made in the language on screen and checked on their bytes (the
session file, the PDF, the picture for a chat), what the sheet says after
each, and on the desktop a file written where the save dialog chose —
asking before it replaces one, never over the database, a file that cannot
be written said in words. (The browser keeps the clipboard, the downloads
and the share sheet: tests/e2e/test_stats_export.py.)"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from app import storage
from app.i18n import set_language, use_language
from app.ui.state.export import DONE, ERROR, ExportSheet
from models import services

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "samples" / "rummy.json"
FAMILY = ROOT / "tests" / "app" / "golden" / "family.json"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def imported(path: Path) -> int:
    return services.import_session(engine=storage.engine(), data=path.read_bytes()).id


@pytest.mark.parametrize(
    ("lang", "winner", "copied", "saved"),
    [
        ("nb", "Vinner: \u2068Åse\u2069", "Kopiert til utklippstavlen", "Lagret"),
        ("en", "Winner: \u2068Åse\u2069", "Copied to the clipboard", "Saved"),
    ],
)
def test_copy_and_the_files_of_a_finished_session(table, lang, winner, copied, saved) -> None:
    sheet = ExportSheet(ports=table.ports, session_id=imported(SAMPLE))
    with use_language(lang):
        assert asyncio.run(sheet.show(lang)) is True
        assert sheet.open and winner in sheet.text
        sheet.copied()
        assert not sheet.open
        assert sheet.said is not None and (sheet.said.text, sheet.said.identifier) == (copied, DONE)

        out = asyncio.run(sheet.make("json", lang))
        assert out is not None and not sheet.open
        assert out.filename == "kortpoeng-rummy-2026-11-27-1800.json"
        assert json.loads(out.data)["players"] == ["Ingrid", "Åse", "Øystein", "Per"]
        sheet.handed(out.filename)
        assert sheet.said is not None
        assert sheet.said.text == f"{saved} kortpoeng-rummy-2026-11-27-1800.json"

        pdf = asyncio.run(sheet.make("pdf", lang))
        assert pdf is not None and pdf.filename.endswith(".pdf")
        assert pdf.data.startswith(b"%PDF")


def test_the_picture_for_a_chat(table) -> None:
    sheet = ExportSheet(ports=table.ports, session_id=imported(FAMILY))
    out = asyncio.run(sheet.make("png", "nb"))
    assert out is not None
    assert out.filename == "kortpoeng-swedish-rummy-2026-12-05-1830.png"
    image = Image.open(io.BytesIO(out.data))
    assert image.format == "PNG" and image.width == 1080 and image.height > 1500
    sheet.shared(out.filename)
    assert sheet.said is not None and sheet.said.text == f"Shared {out.filename}"


def test_a_session_gone_meanwhile_closes_the_sheet_and_says_why(table) -> None:
    sheet = ExportSheet(ports=table.ports, session_id=99)
    assert asyncio.run(sheet.show("en")) is False
    assert not sheet.open and sheet.said is not None
    assert sheet.said.problem and sheet.said.identifier == ERROR
    assert sheet.said.text == "There is no session “99”"
    assert asyncio.run(sheet.make("csv", "en")) is None


def test_the_desktop_asks_before_it_replaces_a_file(table, tmp_path) -> None:
    sheet = ExportSheet(ports=table.ports, session_id=imported(SAMPLE))
    target = tmp_path / "scores.csv"
    assert asyncio.run(sheet.write(str(target), b"first")) is True
    assert target.read_bytes() == b"first"
    assert sheet.said is not None and sheet.said.text == "Saved scores.csv"

    assert asyncio.run(sheet.write(str(target), b"second")) is False  # there: asks first
    question = sheet.asking
    assert question is not None and question.title == "Replace scores.csv?"
    assert (question.yes_id, question.no_id) == ("export-replace", "export-keep")
    assert target.read_bytes() == b"first"
    assert asyncio.run(sheet.answer(False)) is False  # Cancel keeps it
    assert sheet.asking is None and target.read_bytes() == b"first"

    assert asyncio.run(sheet.write(str(target), b"second")) is False
    assert asyncio.run(sheet.answer(True)) is True  # Replace
    assert target.read_bytes() == b"second" and sheet.asking is None
    assert sheet.said is not None and sheet.said.text == "Saved scores.csv"


def test_the_desktop_never_writes_over_the_database_and_says_what_it_cannot_write(
    table, tmp_path
) -> None:
    sheet = ExportSheet(ports=table.ports, session_id=imported(SAMPLE))
    database = tmp_path / "app.sqlite3"  # the db fixture's file
    before = database.read_bytes()
    assert asyncio.run(sheet.write(str(database), b"not a database", replace=True)) is False
    assert sheet.said is not None and sheet.said.problem and sheet.asking is None
    assert database.read_bytes() == before

    missing = tmp_path / "no such folder" / "scores.csv"
    assert asyncio.run(sheet.write(str(missing), b"x")) is False
    assert sheet.said is not None and sheet.said.problem
    assert sheet.said.text.startswith("Cannot write scores.csv: ")
    assert not missing.exists()
