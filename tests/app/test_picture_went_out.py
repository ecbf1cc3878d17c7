"""The picture (PNG) has the went-out column the other exports have (issue 25,
item 13): after the players' totals, who went out of each hand shown, or the
game's word for a hand nobody went out of; a game of tricks has no such
column. Read back from the page the picture is rendered from (pdftotext), and
the PNG checked to be drawn from it."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from app.i18n import use_language
from app.reports import render_export
from app.reports.chart import SAMPLES
from app.reports.picture import LAST_HANDS, picture_pdf
from app.reports.summary import build_summary
from scoring import SessionDoc, read_session, score_session

LANGS = ("en", "nb")
OUT_LABEL = {"en": "Went out", "nb": "Gikk ut"}
#: The games' words for a hand nobody went out of, in both languages.
BLOCKED_WORDS = {"Blocked", "Låst", "Nobody went out", "Ingen gikk ut"}
_MARKS = dict.fromkeys(map(ord, "\u2068\u2069\u202a\u202b\u202c\u202d\u202e"))


def pdftotext(data: bytes, tmp_path: Path) -> list[str]:
    """The lines of page 1 of ``data`` as pdftotext lays them out."""
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    source = tmp_path / "picture.pdf"
    source.write_bytes(data)
    out = subprocess.run(
        [tool, "-layout", str(source), "-"], capture_output=True, check=True
    ).stdout.decode("utf-8")
    return unicodedata.normalize("NFC", out.translate(_MARKS)).splitlines()


def page(doc: SessionDoc, lang: str) -> bytes:
    with use_language(lang):
        result = score_session(doc)
        data, _height = picture_pdf(build_summary(doc, result, isolate=True), result)
    return data


def sample(name: str) -> SessionDoc:
    return read_session((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def hand_rows(lines: list[str], players: int) -> dict[int, list[str]]:
    """The hand table's rows by hand number: the words after the totals."""
    rows = {}
    for line in lines:
        words = line.split()
        if len(words) > players and all(w.lstrip("-−").isdigit() for w in words[: players + 1]):
            rows[int(words[0])] = words[players + 1 :]
    return rows


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["swedish_rummy", "four_suit_rummy", "rummy"])
def test_the_picture_says_who_went_out_of_each_hand(name: str, lang: str, tmp_path: Path) -> None:
    doc = sample(name)
    lines = pdftotext(page(doc, lang), tmp_path)
    header = next(i for i, line in enumerate(lines) if OUT_LABEL[lang] in line)
    rows = hand_rows(lines[header:], len(doc.players))
    shown = range(max(1, len(doc.hands) - LAST_HANDS + 1), len(doc.hands) + 1)
    assert sorted(rows) == list(shown)
    for number in shown:
        went_out = doc.hands[number - 1].went_out
        said = " ".join(rows[number])
        assert said == went_out or (went_out is None and said in BLOCKED_WORDS), (number, said)


def test_the_picture_of_a_game_of_tricks_has_no_went_out_column(tmp_path: Path) -> None:
    doc = read_session(
        {
            "format": "kortpoeng-session",
            "version": 2,
            "game": "hearts",
            "players": ["Kari", "Ola", "Åse"],
            "hands": [{"went_out": None, "left": {"Kari": ["QS"], "Ola": ["AH", "2H"], "Åse": []}}],
        }
    )
    lines = pdftotext(page(doc, "en"), tmp_path)
    assert not any("Went out" in line for line in lines)
    assert hand_rows(lines, 3)[1] == []  # the totals, and nothing after them


def test_the_png_is_the_page_with_the_column(tmp_path: Path) -> None:
    """The PNG export is drawn from that page: wider text in the last column
    leaves ink where a picture without the column had none."""
    from io import BytesIO

    from PIL import Image

    doc = sample("rummy")
    image = Image.open(BytesIO(render_export(doc, "png", "en"))).convert("L")
    lines = pdftotext(page(doc, "en"), tmp_path)
    assert any(OUT_LABEL["en"] in line for line in lines)
    assert image.width == 1080
    # The right tenth of the picture, below the chart, holds the names of the column.
    right = image.crop((int(image.width * 0.86), image.height // 2, image.width - 50, image.height))
    assert sum(1 for value in right.tobytes() if value < 128) > 200
