"""Session exports: golden text/Markdown/CSV in both languages, CSV read back,
the PDF parsed back and rendered, and the edge cases (ties, no hands, names).

Golden files live in tests/app/golden/<sample>.<lang>.<ext> and are compared
byte for byte. After a deliberate change, regenerate them with
``KORTPOENG_UPDATE_GOLDEN=1 pytest tests/app/test_exports.py``, read the diff,
and commit them.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from app.i18n import format_number, use_language
from app.reports import (
    FORMATS,
    export_filename,
    render_export,
    to_csv,
    to_json,
    to_markdown,
    to_pdf,
    to_text,
)
from app.reports.chart import SAMPLES
from app.reports.summary import FSI, PDI, integer_formatter
from app.reports.text import display_width, markdown_escape
from scoring import SessionDoc, read_session, score_session

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
ARTIFACTS = ROOT / "artifacts" / "exports"
SAMPLE_NAMES = ("swedish_rummy", "four_suit_rummy", "rummy")
LANGS = ("en", "nb")
UPDATE = os.environ.get("KORTPOENG_UPDATE_GOLDEN") == "1"


def plain(text: str) -> str:
    """``text`` without the bidi isolates around names (tested in
    test_export_names.py)."""
    return text.replace(FSI, "").replace(PDI, "")


def sample(name: str) -> SessionDoc:
    return read_session((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def make(game: str, players: list[str], hands: list[dict], **extra: object) -> SessionDoc:
    return read_session(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": game,
            "players": players,
            "hands": hands,
            **extra,
        }
    )


# -- golden files -------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["txt", "md", "csv"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_golden(name: str, lang: str, fmt: str) -> None:
    data = render_export(sample(name), fmt, lang)
    path = GOLDEN / f"{name}.{lang}.{fmt}"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    assert path.exists(), f"{path} missing: run with KORTPOENG_UPDATE_GOLDEN=1"
    assert data == path.read_bytes(), f"{path.name} differs from the export"


def test_golden_files_contain_names_with_aeoeaa() -> None:
    text = plain((GOLDEN / "rummy.nb.txt").read_text(encoding="utf-8"))
    assert "Åse" in text and "Øystein" in text
    assert "Vinner: Åse" in text
    assert "Bjørn" in (GOLDEN / "four_suit_rummy.en.md").read_text(encoding="utf-8")


def test_text_summary_shows_the_evening_in_norwegian() -> None:
    text = plain(to_text(sample("swedish_rummy"), lang="nb"))
    lines = text.splitlines()
    assert lines[:7] == [
        "Vri åtter",
        "28. nov. 2026, 16:00",
        "Spillere: Mormor, Lise og Jonas",
        "Mål: 150 poeng; ferdig etter 4 runder",
        "Spilt med: Toer: neste spiller trekker to; Dame snur spilleretningen",
        "",
        "Vinner: Lise",
    ]
    assert "1.  Lise    222" in lines
    assert "3.  Mormor    0" in lines


def test_text_summary_in_english_is_not_finished_and_names_the_leader() -> None:
    text = plain(to_text(sample("four_suit_rummy"), lang="en"))
    assert "Not finished yet; in the lead: Anna" in text
    assert "Target: 1,000 points" in text
    assert "29 Nov 2026, 19:30" in text
    assert "- Hand 2: The 9♦ is in both players' runs" in text


def number_columns(table: list[str]) -> list[str]:
    """The lines of a plain-text hand table without the last, left-aligned
    column (who went out: after the last gap; the names line has none)."""
    return [table[0], *(line[: line.rindex("  ")] for line in table[1:])]


def test_text_hand_table_columns_line_up_by_display_width() -> None:
    text = to_text(sample("rummy"), lang="nb")
    table = text.split("Runde for runde\n", 1)[1].splitlines()
    widths = {display_width(line) for line in number_columns(table)}
    assert len(widths) == 1, table  # every line (right-aligned numbers) equally wide
    # Decomposed å (A + combining ring) lines up just the same.
    nfd = make(
        "rummy",
        ["A\u030ase", "Per"],
        [{"went_out": "Per", "left": {"A\u030ase": ["K", "Q"]}}],
    )
    rows = to_text(nfd, lang="en").split("Hand by hand\n", 1)[1].splitlines()
    assert len({display_width(row) for row in number_columns(rows)}) == 1, rows
    assert [plain(row).rsplit("  ", 1)[1] for row in rows[1:]] == ["Went out", "Per"]


# Latin letters (the quick count), the characters at its edges, combining
# marks, format characters, wide and emoji: every kind display_width meets.
_WIDTH_TEXT = st.text(
    st.one_of(
        st.characters(min_codepoint=0x20, max_codepoint=0x2FF),
        st.sampled_from(
            "\x7f\x85\x9f\u0300\u030a\u0370\u2066\u2067\u2068\u2069\u200d\ufe0f日本👍🏽"
        ),
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
    ),
    max_size=12,
)


@given(_WIDTH_TEXT)
def test_display_width_is_what_wcwidth_measures(text: str) -> None:
    import wcwidth

    assert display_width(text) == wcwidth.width(text, control_codes="ignore")


def test_shared_win_and_shared_places() -> None:
    # Rummy penalty, 1 round: Kari goes out (0), Ola holds nothing (0), Åse 10.
    doc = make(
        "rummy",
        ["Kari", "Ola", "Åse"],
        [{"went_out": "Kari", "left": {"Åse": ["K"]}}],
        options={"rounds": 1},
    )
    en = plain(to_text(doc, lang="en"))
    assert "Winners: Kari and Ola" in en
    assert [line for line in en.splitlines() if line[:2] in ("1.", "3.")] == [
        "1.  Kari   0",
        "1.  Ola    0",
        "3.  Åse   10",
    ]
    assert "Vinnere: Kari og Ola" in plain(to_text(doc, lang="nb"))


def test_no_hands_and_no_date() -> None:
    doc = make("swedish_rummy", ["Kari", "Ola"], [])
    text = plain(to_text(doc, lang="nb"))
    assert "Ikke ferdig ennå; ingen runder spilt" in text
    assert "Runde for runde" not in text
    assert text.splitlines()[1] == "Spillere: Kari og Ola"
    assert to_csv(doc, lang="nb").splitlines() == [
        '"Runde";"Kari: poeng";"Kari: sum";"Ola: poeng";"Ola: sum";"Gikk ut"'
    ]
    assert to_pdf(doc, lang="en").startswith(b"%PDF")


def test_markdown_escapes_names_and_keeps_a_table() -> None:
    doc = make(
        "rummy",
        ["Kari_1", "Ola | Nordmann"],
        [{"went_out": "Kari_1", "left": {"Ola | Nordmann": ["K"]}}],
    )
    md = plain(to_markdown(doc, lang="en"))
    assert "**Winner: Kari\\_1**" not in md  # not finished: 1 of 5 rounds
    assert "Players: Kari\\_1 and Ola \\| Nordmann" in md
    header = next(line for line in md.splitlines() if line.startswith("| Hand"))
    # Hand, 2 columns per player, who went out: escaped pipes don't split
    assert header.count(" | ") == 5
    assert markdown_escape("*a* [b]") == "\\*a\\* \\[b\\]"


def test_large_numbers_are_grouped_for_the_language() -> None:
    doc = make(
        "four_suit_rummy",
        ["Anna", "Bjørn"],
        [{"went_out": None, "left": {"Anna": 1234, "Bjørn": 5}}],
        options={"target": 5000},
    )
    # Blocked: each scores runs (none) minus own leftover.
    nb = to_text(doc, lang="nb")
    assert "-1\u00a0234" in nb and "Mål: 5\u00a0000 poeng" in nb
    assert "-1,234" in to_text(doc, lang="en")
    # CSV keeps plain digits for spreadsheets in both languages.
    assert "-1234" in to_csv(doc, lang="nb") and "-1234" in to_csv(doc, lang="en")


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_fast_integer_formatting_matches_babel(number: int) -> None:
    for lang in LANGS:
        with use_language(lang):
            assert integer_formatter()(number) == format_number(number)


# -- CSV ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_csv_reads_back_to_the_same_numbers(name: str, lang: str) -> None:
    doc = sample(name)
    table = score_session(doc).standings
    data = render_export(doc, "csv", lang)
    assert data.startswith(b"\xef\xbb\xbf")  # BOM, so Excel reads UTF-8
    rows = list(
        csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";" if lang == "nb" else ",")
    )
    header, body = rows[0], rows[1:]
    assert len(header) == 2 + 2 * len(doc.players)
    for seat, player in enumerate(doc.players):
        assert header[1 + 2 * seat].startswith(player + ":")
    assert header[-1] == ("Gikk ut" if lang == "nb" else "Went out")
    assert len(body) == len(doc.hands)
    for number, row in enumerate(body, 1):
        assert int(row[0]) == number
        went_out = doc.hands[number - 1].went_out
        assert row[-1] == went_out or (went_out is None and row[-1] in BLOCKED_WORDS)
        for seat, player in enumerate(doc.players):
            assert int(row[1 + 2 * seat]) == table.hand_points[number - 1][player]
            assert int(row[2 + 2 * seat]) == table.running[number - 1][player]


#: The games' words for a hand nobody went out of, in both languages.
BLOCKED_WORDS = {"Blocked", "Låst", "Nobody went out", "Ingen gikk ut"}


def test_csv_quotes_a_name_containing_the_separator() -> None:
    doc = make("rummy", ["Kari; Ola", "Per"], [{"went_out": "Per", "left": {"Kari; Ola": ["5"]}}])
    text = to_csv(doc, lang="nb")
    assert text.splitlines()[0].startswith('"Runde";"Kari; Ola: poeng"')
    assert next(csv.reader(io.StringIO(text), delimiter=";"))[1] == "Kari; Ola: poeng"


# -- PDF ----------------------------------------------------------------------


def pdf_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return plain(unicodedata.normalize("NFC", text))


@pytest.mark.parametrize(
    ("lang", "winner", "extra"),
    [("nb", "Vinner: Åse", "Sluttstilling"), ("en", "Winner: Åse", "Final standings")],
)
def test_pdf_parses_back_with_names_totals_and_winner(lang: str, winner: str, extra: str) -> None:
    data = to_pdf(sample("rummy"), lang=lang)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    for name in ("Ingrid", "Åse", "Øystein", "Per"):
        assert name in text
    for total in ("44", "45", "51", "56"):
        assert total in text
    assert winner in text and extra in text
    assert "DejaVu" in data.decode("latin-1")  # the shipped font is embedded


def test_pdf_renders_suit_symbols_and_notes() -> None:
    text = pdf_text(to_pdf(sample("four_suit_rummy"), lang="nb"))
    assert "Bjørn" in text
    assert "9♦" in text  # from the hand note
    assert "♠" in text and "♥" in text
    assert "i ledelsen: Anna" in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_pdftotext_reads_the_same_words() -> None:
    data = to_pdf(sample("swedish_rummy"), lang="nb")
    out = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode("utf-8")
    out = plain(out)
    assert "Vri åtter" in out and "Vinner: Lise" in out and "222" in out
    assert "Side 1 av 1" in out  # the page-count alias was filled in


def test_long_session_pdf_has_many_pages_with_repeated_headers() -> None:
    hands = [{"went_out": "Kari", "left": {"Ola": ["K"], "Åse": ["2"]}} for _ in range(120)]
    doc = make("swedish_rummy", ["Kari", "Ola", "Åse"], hands, options={"target": 5000})
    reader = PdfReader(io.BytesIO(to_pdf(doc, lang="en")))
    assert len(reader.pages) >= 3
    last = reader.pages[-1].extract_text()
    assert "Åse" in last and "points" in last and f"Page {len(reader.pages)} of" in last
    assert "1,440" in pdf_text(to_pdf(doc, lang="en"))  # 120 × 12


def test_twelve_players_pdf_is_landscape() -> None:
    players = [f"Spiller {i}" for i in range(1, 12)] + ["Ærlend"]
    doc = make("swedish_rummy", players, [{"went_out": "Ærlend", "left": {"Spiller 1": ["8"]}}])
    page = PdfReader(io.BytesIO(to_pdf(doc, lang="nb"))).pages[0]
    assert page.mediabox.width > page.mediabox.height
    text = page.extract_text()
    assert "Ærlend" in text
    assert "Poengutvikling" in text and "Stilling" in text  # chart beside the standings


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_pdf_page_one_renders_to_png(name: str) -> None:
    """Renders page 1 into artifacts/exports/ for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf = ARTIFACTS / f"{name}.nb.pdf"
    pdf.write_bytes(to_pdf(sample(name), lang="nb"))
    stem = ARTIFACTS / f"{name}.nb"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", pdf, stem],
        check=True,
    )
    png = ARTIFACTS / f"{name}.nb.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 20_000  # a drawn page, not a blank one


# -- the rest -----------------------------------------------------------------


def test_json_is_the_session_file() -> None:
    doc = sample("rummy")
    assert read_session(to_json(doc)) == doc
    assert render_export(doc, "json", "nb") == render_export(doc, "json", "en")


def test_export_session_refuses_unknown_format_and_language() -> None:
    doc = sample("rummy")
    with pytest.raises(ValueError, match="format"):
        render_export(doc, "docx", "nb")
    with pytest.raises(ValueError, match="language"):
        render_export(doc, "txt", "de")


def test_every_format_has_bytes_and_a_file_name() -> None:
    doc = sample("swedish_rummy")
    for fmt, spec in FORMATS.items():
        assert render_export(doc, fmt, "nb")
        name = export_filename(doc, fmt)
        assert name == f"kortpoeng-swedish-rummy-2026-11-28-1600.{spec.extension}"


def test_export_language_does_not_leak_into_the_caller() -> None:
    with use_language("en"):
        to_text(sample("rummy"), lang="nb")
        assert format_number(1000) == "1,000"


def test_exports_chart_and_statistics_do_not_import_flet() -> None:
    code = (
        "import sys, app.reports, app.reports.pdf, app.reports.chart, app.reports.statistics; "
        "sys.exit('flet' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "Two makes the next player draw two",
                "Queen reverses direction",
                "Blocked hand: Nobody scores",
            ],
        ),
        (
            "nb",
            [
                "Toer: neste spiller trekker to",
                "Dame snur spilleretningen",
                "Låst runde: Ingen får poeng",
            ],
        ),
    ],
)
def test_every_export_states_the_options_that_differ_from_the_default(
    lang: str, words: list[str]
) -> None:
    """Issue 11, fault 4: a session played with draw two, reverse queens and
    "nobody scores" when blocked showed only its target in the exports."""
    doc = make(
        "swedish_rummy",
        ["Anna", "Bo"],
        [{"went_out": "Anna", "left": {"Bo": ["K"]}}],
        options={
            "target": 250,
            "draw_two": True,
            "reverse_queens": True,
            "blocked_scoring": "no_score",
        },
    )
    plain = make("swedish_rummy", ["Anna", "Bo"], [{"went_out": "Anna", "left": {"Bo": ["K"]}}])
    pdf = " ".join(pdf_text(to_pdf(doc, lang=lang)).split())
    for text in (to_text(doc, lang=lang), to_markdown(doc, lang=lang), pdf):
        for word in words:
            assert word in text, (word, text)
    assert "250" in to_text(doc, lang=lang)
    for word in words:
        assert word not in to_text(plain, lang=lang)


def test_the_package_offers_every_export_and_loads_it_when_asked() -> None:
    """``app.reports`` lists the exports' names without loading them (a test
    ties the two lists; ``summary`` is the summary module's name there)."""
    import app.reports
    from app.reports import exports

    assert set(app.reports.__all__) == set(exports.__all__) - {"summary"}
    for name in app.reports.__all__:
        assert getattr(app.reports, name) is getattr(exports, name)


# -- how each hand ended ---------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading", "blocked"), [("en", "Went out", "Blocked"), ("nb", "Gikk ut", "Låst")]
)
def test_every_export_says_who_went_out_of_each_hand_and_which_were_blocked(
    lang: str, heading: str, blocked: str
) -> None:
    """Hand by hand, every format names who went out, or says the hand was
    blocked, in the game's own word (the sample: Lise, blocked, Jonas, Lise)."""
    doc = sample("swedish_rummy")
    ended = ["Lise", blocked, "Jonas", "Lise"]
    assert [hand.went_out for hand in doc.hands] == ["Lise", None, "Jonas", "Lise"]
    table = plain(to_text(doc, lang=lang)).split("\n\n")[3].splitlines()
    assert [line.rsplit("  ", 1)[1] for line in table[2:]] == [heading, *ended]
    md = [line for line in plain(to_markdown(doc, lang=lang)).splitlines() if line.startswith("|")]
    last = [line.rstrip(" |").rsplit("| ", 1)[1].strip() for line in md[-6:]]
    assert last[0] == heading and last[1].startswith(":--") and last[2:] == ended
    sep = ";" if lang == "nb" else ","
    rows = list(csv.reader(io.StringIO(to_csv(doc, lang=lang)), delimiter=sep))
    assert [row[-1] for row in rows] == [heading, *ended]
    pdf = pdf_text(to_pdf(doc, lang=lang))
    assert heading in pdf
    assert re.search(rf"^2 .* {blocked}$", pdf, re.MULTILINE), pdf
    assert re.search(r"^3 .* Jonas$", pdf, re.MULTILINE), pdf


def test_a_game_nobody_goes_out_of_has_no_went_out_column() -> None:
    """Hearts is played in tricks: every hand ends with nobody out, none is
    blocked, so no export has the column."""
    doc = make(
        "hearts",
        ["Kari", "Ola", "Per", "Siv"],
        [{"went_out": None, "left": {"Kari": ["QS"], "Ola": ["2H", "3H"]}}],
    )
    for text in (to_text(doc, lang="en"), to_markdown(doc, lang="en"), to_csv(doc, lang="en")):
        assert "Went out" not in text and "Blocked" not in text
    assert to_csv(doc, lang="en").splitlines()[1] == "1,13,13,2,2,0,0,0,0"
