"""Every name, every reader (issue 12): the exports with the names families type.

The sessions in tests/app/golden/family*.json seat players named with emoji
(``Ola👍`` and ``Ola🏆``), Arabic (``سارة``), Hebrew (``יוסי``), a combining
mark (``A`` + U+030A ``se``), a formula (``=HYPERLINK(…)``, ``+47 Ola``,
``-Per``), 40 characters and Norwegian æøå. Each export is read back the way a
reader would: the CSV by LibreOffice, the PDF by pdftotext and as pixels, the
text exports by their Unicode structure (and in Chromium, tests/e2e).

LibreOffice (Debian's ``libreoffice-calc-nogui``) and poppler-utils are
installed by ``.ci/run``; locally a test that needs one skips when it is
missing, except with ``CI=true`` where that is a failure.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image
from pypdf import PdfReader
from statistics_reference import player_statistics
from test_exports import number_columns

from app import storage
from app.cli import main
from app.cli.export import FORMAT_KEYS
from app.i18n import _, collation_key, use_language
from app.paths import ASSETS_DIR
from app.reports import FORMATS, render_export
from app.reports.picture import MIN_TEXT_PX, SCALE, WIDTH, picture_pdf
from app.reports.spreadsheet import FORMULA_STARTS, neutralise
from app.reports.summary import FSI, PDI, build_summary
from app.reports.text import display_width, markdown_escape
from app.ui.common import NAME_FONTS
from models.services import list_players, recent_players, start_session
from scoring import SessionDoc, read_session, score_session

GOLDEN = Path(__file__).resolve().parent / "golden"
LANGS = ("en", "nb")


def load(name: str) -> SessionDoc:
    return read_session((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


FAMILY = load("family")
FOUR_SUIT = load("family_four_suit")  # negative totals
EMOJI_1, EMOJI_2, ARABIC, HEBREW, COMBINING, FORMULA, LONG = FAMILY.players


def need(tool: str) -> str:
    """The path of ``tool``; skip without it (fail with CI=true)."""
    path = shutil.which(tool)
    if path is None:
        reason = f"{tool} is not installed"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason} (CI=true: the test must run)", pytrace=False)
        pytest.skip(reason)
    return path


def test_the_names_are_the_ones_the_issue_lists() -> None:
    assert EMOJI_1 == "Ola👍" and EMOJI_2 == "Ola🏆"
    assert ARABIC == "سارة" and HEBREW == "יוסי"
    assert COMBINING == "A\u030ase" and FORMULA.startswith("=")
    assert len(LONG) == 40 and {"Ø", "Æ", "å"} <= set(LONG)
    assert FOUR_SUIT.players == ("+47 Ola", "-Per")
    assert min(score_session(FOUR_SUIT).standings.totals.values()) < 0


# -- 1. CSV formula injection -------------------------------------------------


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_neutralise_prefixes_every_formula_start(start: str) -> None:
    assert neutralise(start + "1+1") == "'" + start + "1+1"
    assert neutralise("Kari" + start) == "Kari" + start


@pytest.mark.parametrize("lang", LANGS)
def test_csv_quotes_text_and_leaves_numbers_bare(lang: str) -> None:
    text = render_export(FOUR_SUIT, "csv", lang).decode("utf-8-sig")
    sep = ";" if lang == "nb" else ","
    header, *rows = text.split("\r\n")[:-1]
    cells = header.split(sep)
    assert all(c.startswith("\"'") for c in cells[1:-1]), cells  # quoted and neutralised
    assert rows[-1].split(sep)[:-1] == ["2", "-12", "-1246", "-300", "-345"]
    assert rows[-1].split(sep)[-1].startswith('"')  # who went out: text, quoted
    parsed = next(csv.reader(io.StringIO(header), delimiter=sep))
    assert parsed[1].startswith("'+47 Ola") and parsed[3].startswith("'-Per")


_NS = {
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
}
#: LibreOffice's CSV import options: separator, quote, UTF-8, from line 1, no
#: column types, the language, quoted fields not forced to text, special
#: numbers detected, …, and "evaluate formulas" on (Excel always does).
_LANGUAGE_ID = {"nb": 1044, "en": 2057}


def libreoffice_cells(data: bytes, lang: str, tmp_path: Path) -> list[list[dict[str, str]]]:
    """The CSV ``data`` opened by LibreOffice Calc (headless) in ``lang``:
    per row, per cell ``{"formula", "type", "value", "text"}``."""
    soffice = need("soffice")
    source = tmp_path / "export.csv"
    source.write_bytes(data)
    sep = 59 if lang == "nb" else 44
    options = f"CSV:{sep},34,76,1,,{_LANGUAGE_ID[lang]},false,true,false,false,false,-1,true"
    subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={(tmp_path / 'lo-profile').as_uri()}",
            "--convert-to",
            "fods",
            f"--infilter={options}",
            "--outdir",
            str(tmp_path),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    tree = ET.parse(tmp_path / "export.fods")
    rows = []
    for row in tree.iter(f"{{{_NS['table']}}}table-row"):
        cells = []
        for cell in row.findall("table:table-cell", _NS):
            repeat = int(cell.get(f"{{{_NS['table']}}}number-columns-repeated", "1"))
            entry = {
                "formula": cell.get(f"{{{_NS['table']}}}formula", ""),
                "type": cell.get(f"{{{_NS['office']}}}value-type", ""),
                "value": cell.get(f"{{{_NS['office']}}}value", ""),
                "text": "".join(cell.itertext()).strip(),
            }
            cells += [entry] * min(repeat, 64)
        while cells and not cells[-1]["type"]:
            cells.pop()
        if cells:
            rows.append(cells)
    return rows


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("doc", [FAMILY, FOUR_SUIT], ids=["family", "four_suit"])
def test_libreoffice_opens_no_formula_and_every_total_is_a_number(
    doc: SessionDoc, lang: str, tmp_path: Path
) -> None:
    rows = libreoffice_cells(render_export(doc, "csv", lang), lang, tmp_path)
    table = score_session(doc).standings
    header, body = rows[0], rows[1:]
    assert [c["formula"] for row in rows for c in row] == [""] * sum(map(len, rows))
    assert {c["type"] for c in header} == {"string"}
    for seat, player in enumerate(doc.players):  # the name is all there, as text
        for cell in header[1 + 2 * seat : 3 + 2 * seat]:
            assert cell["text"].removeprefix("'").startswith(player + ":"), cell
    assert len(body) == len(doc.hands)
    for number, row in enumerate(body, 1):
        assert {c["type"] for c in row[:-1]} == {"float"}, row
        assert row[-1]["type"] == "string"  # who went out
        assert float(row[0]["value"]) == number
        for seat, player in enumerate(doc.players):
            assert float(row[1 + 2 * seat]["value"]) == table.hand_points[number - 1][player]
            assert float(row[2 + 2 * seat]["value"]) == table.running[number - 1][player]


def test_libreoffice_reads_at_and_plus_names_as_text(tmp_path: Path) -> None:
    doc = read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "rummy",
            "players": ["@Siv", "+Zara"],
            "hands": [{"went_out": "@Siv", "left": {"+Zara": ["K"]}}],
        }
    )
    rows = libreoffice_cells(render_export(doc, "csv", "nb"), "nb", tmp_path)
    assert [c["text"] for c in rows[0][1:]] == [
        "'@Siv: poeng",
        "'@Siv: sum",
        "'+Zara: poeng",
        "'+Zara: sum",
        "Gikk ut",
    ]
    assert rows[1][-1]["text"] == "'@Siv"  # who went out: text, not a formula
    assert not any(c["formula"] for row in rows for c in row)


# -- golden files of the family sessions ----------------------------------------

UPDATE = os.environ.get("KORTPOENG_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("fmt", ["txt", "md", "csv"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["family", "family_four_suit"])
def test_family_golden(name: str, lang: str, fmt: str) -> None:
    data = render_export(load(name), fmt, lang)
    path = GOLDEN / f"{name}.{lang}.{fmt}"
    if UPDATE:
        path.write_bytes(data)
    assert path.exists(), f"{path} missing: run with KORTPOENG_UPDATE_GOLDEN=1"
    assert data == path.read_bytes(), f"{path.name} differs from the export"


# -- 3. text and Markdown: every name a bidi isolate ------------------------------


def _isolated_everywhere(text: str, name: str) -> None:
    """Every occurrence of ``name`` in ``text`` sits inside an FSI … PDI."""
    depth = [0]
    for char in text:
        depth.append(depth[-1] + (char == FSI) - (char == PDI))
    assert min(depth) == 0 == depth[-1]
    at = text.find(name)
    assert at >= 0, name
    while at >= 0:
        assert depth[at] > 0, (name, text[max(0, at - 20) : at + 20])
        at = text.find(name, at + 1)


@pytest.mark.parametrize("fmt", ["txt", "md"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_name_in_the_text_exports_is_isolated(lang: str, fmt: str) -> None:
    text = render_export(FAMILY, fmt, lang).decode("utf-8")
    assert text.count(FSI) == text.count(PDI)
    for name in FAMILY.players:
        shown = markdown_escape(name) if fmt == "md" else name
        _isolated_everywhere(text, shown)
    assert ("1.  \u2068Ola🏆\u2069" if fmt == "txt" else "| \u2068Ola🏆\u2069") in text


@pytest.mark.parametrize("lang", LANGS)
def test_text_standings_line_is_place_name_points(lang: str) -> None:
    lines = render_export(FAMILY, "txt", lang).decode("utf-8").splitlines()
    line = next(line for line in lines if ARABIC in line and line[:2] == "4.")
    place, rest = line.split(FSI)
    name, points = rest.split(PDI)
    assert (place.strip(), name, points.strip()) == ("4.", ARABIC, "26")


@pytest.mark.parametrize("lang", LANGS)
def test_text_columns_line_up_with_emoji_marks_and_rtl(lang: str) -> None:
    text = render_export(FAMILY, "txt", lang).decode("utf-8")
    hands = text.split("\n\n")[3].splitlines()[1:]  # the hand table, under its title
    assert len(hands) == 2 + len(FAMILY.hands)
    assert len({display_width(line) for line in number_columns(hands)}) == 1, hands
    standings = text.split("\n\n")[2].splitlines()[1:]
    totals = [display_width(line) for line in standings]
    assert len(set(totals)) == 1, standings  # right-aligned totals end in one column


# -- 4. kortpoeng show / list: columns by display width ------------------------------


@pytest.fixture
def family_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A database file holding the two family sessions (numbers 1 and 2)."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = str(tmp_path / "family.db")
    for name in ("family", "family_four_suit"):
        assert main(["--db", path, "import", str(GOLDEN / f"{name}.json")]) == 0
    return path


def cli(capsys: pytest.CaptureFixture[str], lang: str, *argv: str) -> str:
    with use_language(lang):
        assert main(list(argv)) == 0
    return capsys.readouterr().out


def _tables(out: str) -> list[list[str]]:
    """The text tables in ``out``: runs of lines from a header over a ``---`` rule."""
    lines = out.splitlines()
    return [
        lines[i - 1 : next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))]
        for i, line in enumerate(lines)
        if line.startswith("--")
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_show_columns_line_up_with_every_kind_of_name(
    family_db: str, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    out = cli(capsys, lang, "--db", family_db, "show", "1")
    hands, standings = _tables(out)[:2]
    standings = standings[: 2 + len(FAMILY.players)]  # the end-of-session line follows
    assert len(hands) == 2 + len(FAMILY.hands)
    assert all(name in hands[0] for name in FAMILY.players)
    # Every column of the hand table is right-aligned: every line ends in one column.
    assert len({display_width(line) for line in hands}) == 1, hands
    assert len(standings) == 2 + len(FAMILY.players)
    assert len({display_width(line) for line in standings}) == 1, standings
    # The name column starts and ends at the same display column on every row.
    rule = standings[1]
    name_start = rule.index(" -") + 1
    name_end = rule.index(" ", name_start)
    for line, player in zip(standings[2:], [s.player for s in _order(FAMILY)], strict=True):
        at = line.index(player)
        assert display_width(line[:at]) == name_start, line
        assert display_width(line[: at + len(player)]) <= name_end


def _order(doc: SessionDoc):
    from app.reports.exports import summary

    return summary(doc, lang="en").standings


@pytest.mark.parametrize("lang", LANGS)
def test_list_columns_line_up_with_every_kind_of_name(
    family_db: str, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    out = cli(capsys, lang, "--db", family_db, "list")
    [table] = _tables(out)
    rule = table[1]
    state_column = rule.rindex(" -") + 1  # the last column (state) starts here
    for line in [table[0], *table[2:]]:
        state = line.rsplit("  ", 1)[1]
        assert display_width(line[: line.rindex(state)]) == state_column, table
    assert any(ARABIC in line and EMOJI_2 in line for line in table)


# -- 5. alphabetical order of the language ------------------------------------------

NORDIC = ["Øystein", "Zara", "Åse", "Anna", "Ærlig", "Bjørn"]
ORDER = {
    "nb": ["Anna", "Bjørn", "Zara", "Ærlig", "Øystein", "Åse"],
    "en": ["Ærlig", "Anna", "Åse", "Bjørn", "Øystein", "Zara"],  # Æ as "ae"
}


@pytest.mark.parametrize("lang", LANGS)
def test_collation_key_is_the_languages_order(lang: str) -> None:
    assert sorted(NORDIC, key=collation_key(lang)) == ORDER[lang]
    with use_language(lang):
        assert sorted(NORDIC, key=collation_key()) == ORDER[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_statistics_ties_in_the_languages_order(lang: str) -> None:
    # One rummy round where every player holds a 4: all share the win, so
    # they tie on wins, win rate and sessions, and the name decides.
    doc = read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "rummy",
            "players": NORDIC,
            "options": {"rounds": 1},
            "hands": [{"went_out": None, "left": {name: ["4"] for name in NORDIC}}],
        }
    )
    result = score_session(doc)
    assert result.standings.finished and len(result.standings.winners) == len(NORDIC)
    with use_language(lang):
        [game] = player_statistics([(doc, result, None)])
    assert [p.player for p in game.players] == ORDER[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_recent_players_in_the_languages_order(db: Path, lang: str) -> None:
    start_session(engine=storage.engine(), game_id="swedish_rummy", players=NORDIC)
    names = recent_players(engine=storage.engine(), name_key=collation_key(lang))
    assert list(names) == ORDER[lang]
    everyone = list_players(engine=storage.engine(), name_key=collation_key(lang))
    assert [p.name for p in everyone] == ORDER[lang]


# -- 2. and 3. the PDF: emoji drawn, right-to-left names shaped and in order ----------

_MARKS = dict.fromkeys(map(ord, "\u2068\u2069\u202a\u202b\u202c\u202d\u202e"))


def pdftotext(data: bytes, tmp_path: Path, *args: str) -> str:
    """pdftotext's reading of page 1 of ``data`` (logical order, bidi marks
    that pdftotext adds and the isolates removed, NFC)."""
    tool = need("pdftotext")
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    out = subprocess.run(
        [tool, "-f", "1", "-l", "1", *args, str(source), "-"], capture_output=True, check=True
    ).stdout.decode("utf-8")
    return unicodedata.normalize("NFC", out.translate(_MARKS))


def words(data: bytes, tmp_path: Path) -> list[tuple[float, float, float, float, str]]:
    """Page 1's words as drawn: ``(x_min, y_min, x_max, y_max, text)`` in points."""
    out = pdftotext(data, tmp_path, "-bbox-layout")
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out
    )
    return [(float(a), float(b), float(c), float(d), html.unescape(w)) for a, b, c, d, w in found]


def page_image(data: bytes, tmp_path: Path, dpi: int) -> Image.Image:
    """Page 1 of ``data`` rendered by pdftoppm, in grey."""
    tool = need("pdftoppm")
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    stem = tmp_path / "page"
    subprocess.run(
        [tool, "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", source, stem],
        check=True,
    )
    return Image.open(stem.with_suffix(".png")).convert("L")


def ink_blobs(image: Image.Image) -> int:
    """How many separate blobs of ink (8-connected dark pixels) ``image`` has."""
    width, height = image.size
    dark = {(x, y) for y in range(height) for x in range(width) if image.getpixel((x, y)) < 128}
    blobs = 0
    while dark:
        blobs += 1
        stack = [dark.pop()]
        while stack:
            x, y = stack.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (x + dx, y + dy) in dark:
                        dark.remove((x + dx, y + dy))
                        stack.append((x + dx, y + dy))
    return blobs


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_draws_every_name_whole(lang: str, tmp_path: Path) -> None:
    data = render_export(FAMILY, "pdf", lang)
    text = pdftotext(data, tmp_path, "-layout")
    standings = text.split(translated("Final standings", lang))[1]
    for name in FAMILY.players:  # emoji kept, RTL in reading order, nothing cut
        assert unicodedata.normalize("NFC", name) in standings, name
    assert f"{'Vinner' if lang == 'nb' else 'Winner'}: {EMOJI_2}" in text
    assert b"NotoEmoji" in data and b"DejaVuSans" in data


def translated(message: str, lang: str) -> str:
    with use_language(lang):
        return _(message)


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_standings_and_players_line_keep_their_visual_order(lang: str, tmp_path: Path) -> None:
    drawn = words(render_export(FAMILY, "pdf", lang), tmp_path)

    def on_line_of(word: tuple) -> list[tuple]:
        return sorted((w for w in drawn if abs(w[1] - word[1]) < 1), key=lambda w: w[0])

    arabic = next(w for w in drawn if w[4] == "ةراس")  # shaped: glyphs in visual order
    line = [w[4] for w in on_line_of(arabic)]
    assert line[line.index("ةراس") - 1 : line.index("ةراس") + 2] == ["4.", "ةراس", "26"], line
    hebrew = next(w for w in drawn if w[4] == "יסוי")
    line = [w[4] for w in on_line_of(hebrew)]
    assert line[line.index("יסוי") - 1 : line.index("יסוי") + 2] == ["3.", "יסוי", "27"], line
    players = next(w for w in drawn if w[4].endswith(":") and w[4][:-1] in ("Players", "Spillere"))
    seated = [w[4].strip("\u2068\u2069,") for w in on_line_of(players)][1:5]
    assert seated == [EMOJI_1, EMOJI_2, "ةراس", "יסוי"], seated  # seat order, left to right


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_arabic_letters_are_joined_and_emoji_have_ink(lang: str, tmp_path: Path) -> None:
    data = render_export(FAMILY, "pdf", lang)
    dpi = 200
    image = page_image(data, tmp_path, dpi)
    scale = dpi / 72
    drawn = words(data, tmp_path)

    def crop(word: tuple, left: float = 0.0) -> Image.Image:
        x0, y0, x1, y1, _text = word
        return image.crop(
            (int((x0 + left) * scale) - 1, int(y0 * scale), int(x1 * scale) + 2, int(y1 * scale))
        )

    # سارة joined: سا one stroke, then ر, the body of ة and its two dots (5);
    # the same letters unjoined are six blobs.
    arabic = next(w for w in drawn if w[4] == "ةراس")
    assert ink_blobs(crop(arabic)) == 5
    for emoji in (EMOJI_1, EMOJI_2):
        word = next(w for w in drawn if w[4] == emoji)
        plain = word[2] - word[0]
        picture = crop(word, left=plain * 0.66)  # right of "Ola": the emoji
        assert ink_blobs(picture) >= 1, emoji


# -- 7. the picture (PNG) ---------------------------------------------------------


def picture(doc: SessionDoc, lang: str) -> bytes:
    """The PDF page the picture is rendered from, cut to what was drawn."""
    with use_language(lang):
        data, _height = picture_pdf(
            build_summary(doc, score_session(doc), isolate=True), score_session(doc)
        )
    return data


def text_sizes(data: bytes) -> list[tuple[str, float]]:
    """Every piece of text on page 1 of ``data`` with its font size in points."""
    found: list[tuple[str, float]] = []

    def visit(text: str, cm: list, tm: list, _font: object, size: float) -> None:
        if text.strip():
            found.append((text, size * abs(tm[3]) * abs(cm[3])))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_png_is_phone_wide_with_every_letter_at_least_28_px(lang: str) -> None:
    image = Image.open(io.BytesIO(render_export(FAMILY, "png", lang)))
    assert image.format == "PNG" and image.width == WIDTH == 1080 and image.height > 1500
    sizes = text_sizes(picture(FAMILY, lang))
    assert len(sizes) > 60
    smallest = min(size for _text, size in sizes) * SCALE
    assert smallest >= MIN_TEXT_PX == 28, sorted(sizes, key=lambda s: s[1])[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_png_names_winner_and_hands_read_back(lang: str, tmp_path: Path) -> None:
    text = pdftotext(picture(FAMILY, lang), tmp_path, "-layout")
    for name in FAMILY.players:
        assert unicodedata.normalize("NFC", name) in text, name
    assert f"{'Vinner' if lang == 'nb' else 'Winner'}: {EMOJI_2}" in text
    last = [line.split() for line in text.splitlines() if line.split()[:1] == ["6"]]
    # running totals after hand 6, then who went out of it (the went-out column)
    assert ["6", "0", "156", "26", "27", "0", "0", "64"] in [row[:8] for row in last]
    assert any(len(row) > 8 for row in last)
    assert "ikke vist" not in text and "not shown" not in text  # all six hands shown


@pytest.mark.parametrize("lang", LANGS)
def test_png_pixels_show_emoji_and_joined_arabic(lang: str, tmp_path: Path) -> None:
    image = Image.open(io.BytesIO(render_export(FAMILY, "png", lang))).convert("L")
    drawn = words(picture(FAMILY, lang), tmp_path)
    px = SCALE  # pixels per point

    def crop(word: tuple, left: float = 0.0) -> Image.Image:
        x0, y0, x1, y1, _text = word
        return image.crop((int((x0 + left) * px) - 1, int(y0 * px), int(x1 * px) + 2, int(y1 * px)))

    arabic = [w for w in drawn if w[4] == "ةراس"]  # standings and table heading
    assert arabic and all(ink_blobs(crop(w)) == 5 for w in arabic)
    for emoji in (EMOJI_1, EMOJI_2):
        for word in [w for w in drawn if w[4] == emoji]:
            assert ink_blobs(crop(word, left=(word[2] - word[0]) * 0.66)) >= 1, emoji


def first_player_named(name: str) -> SessionDoc:
    """The family session with ``name`` for its first player (``Ola👍``)."""
    text = (GOLDEN / "family.json").read_text(encoding="utf-8")
    return read_session(text.replace(f'"{EMOJI_1}"', json.dumps(name, ensure_ascii=False)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("export", ["picture", "pdf"])
def test_a_name_that_starts_with_an_emoji_leaves_the_next_names_readable(
    export: str, lang: str, tmp_path: Path
) -> None:
    """A name starting with an emoji was drawn from the emoji font first, and
    fpdf2 took that as the page's font: every name after it in the hand
    table's heading came out as other letters ("Pappa" as "ag5"). Both
    sheets read back with the same names as when the first name is plain."""

    def names_read(first: str) -> dict[str, int]:
        doc = first_player_named(first)
        data = picture(doc, lang) if export == "picture" else render_export(doc, "pdf", lang)
        read = pdftotext(data, tmp_path, "-layout")
        return {name: read.count(unicodedata.normalize("NFC", name)) for name in doc.players[1:]}

    plain = names_read("Mamma")
    assert min(plain.values()) >= 1 and plain[EMOJI_2] >= 2  # standings and hand table
    assert names_read("🦊Mamma") == plain


def many_hands(count: int) -> SessionDoc:
    names = [ARABIC, EMOJI_2, "Åse"]
    hands = [
        {"went_out": names[n % 3], "left": {names[(n + 1) % 3]: ["K"], names[(n + 2) % 3]: ["5"]}}
        for n in range(count)
    ]
    return read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "swedish_rummy",
            "players": names,
            "options": {"target": 100_000},
            "hands": hands,
        }
    )


@pytest.mark.parametrize(
    ("lang", "left_out"),
    [("en", "488 earlier hands are not shown"), ("nb", "488 tidligere runder er ikke vist")],
)
def test_png_of_many_hands_keeps_the_last_ones_and_says_how_many_are_left_out(
    lang: str, left_out: str, tmp_path: Path
) -> None:
    doc = many_hands(500)
    text = pdftotext(picture(doc, lang), tmp_path, "-layout")
    assert left_out in text
    rows = [line.split() for line in text.splitlines()]
    width = 1 + len(doc.players)  # the hand, the totals; then who went out
    table = [
        r for r in rows if len(r) > width and all(t.replace(",", "").isdigit() for t in r[:width])
    ]
    numbers = [int(r[0]) for r in table if 400 < int(r[0]) <= 500]
    assert numbers == list(range(489, 501)), numbers
    for name in doc.players:
        assert name in text
    image = Image.open(io.BytesIO(render_export(doc, "png", lang)))
    assert image.width == 1080 and image.height < 4000  # standings and the last hands only


def test_cli_exports_the_picture(family_db: str, tmp_path: Path) -> None:
    out = tmp_path / "family.png"
    assert (
        main(["--db", family_db, "export", "1", "--format", "png", "--lang", "nb", "-o", str(out)])
        == 0
    )
    assert out.read_bytes() == render_export(FAMILY, "png", "nb")


def test_cli_format_keys_are_the_export_formats() -> None:
    assert tuple(FORMATS) == FORMAT_KEYS


# -- 6. the app's fonts -------------------------------------------------------------


def test_font_manifest_ships_the_name_fonts_and_keeps_flets_own() -> None:
    """Flutter's web client loads the fonts of assets/assets/FontManifest.json
    before its first frame (flet serves the app's copy instead of its own), so
    the names' fonts are there before any text is laid out and no fallback font
    is fetched. The copy keeps every font of the installed flet-web's manifest."""
    import flet_web

    ours = json.loads((ASSETS_DIR / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    theirs = json.loads(
        (Path(flet_web.__file__).parent / "web" / "assets" / "FontManifest.json").read_text(
            encoding="utf-8"
        )
    )
    assert [f for f in ours if f["family"] not in NAME_FONTS] == theirs
    shipped = {f["family"]: f["fonts"] for f in ours if f["family"] in NAME_FONTS}
    assert set(shipped) == set(NAME_FONTS)
    for family, path in NAME_FONTS.items():
        assert shipped[family] == [{"asset": f"../{path}"}]  # /assets/../fonts/… = /fonts/…
        assert (ASSETS_DIR / path).is_file()
    cmaps = {path: TTFont(ASSETS_DIR / path).getBestCmap() for path in NAME_FONTS.values()}
    for name in FAMILY.players:
        for char in unicodedata.normalize("NFC", name):
            assert any(ord(char) in cmap for cmap in cmaps.values()), (name, char)


def test_cli_export_replaces_a_file_whole_and_leaves_nothing_behind(
    family_db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out" / "family.csv"
    out.parent.mkdir()
    out.write_bytes(b"old")
    args = ["--db", family_db, "export", "1", "--format", "csv", "-o", str(out)]
    assert main(args) == 2  # an existing file is replaced only with --force
    assert out.read_bytes() == b"old"
    assert main([*args, "--force"]) == 0
    assert out.read_bytes() == render_export(FAMILY, "csv", "en")
    assert [p.name for p in out.parent.iterdir()] == ["family.csv"]  # no temporary file left
    missing = tmp_path / "nowhere" / "family.csv"
    with use_language("en"):
        status = main(["--db", family_db, "export", "1", "--format", "csv", "-o", str(missing)])
    assert status == 2 and "Cannot write" in capsys.readouterr().err
