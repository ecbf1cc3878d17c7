"""Session summary exports (imported from :mod:`app.reports`): plain text,
Markdown, CSV, PDF, a PNG picture and the JSON session file.

Pure functions from a session document and its scored result to text or bytes,
used by the session screen (share / download / save) and by
``kortpoeng export SESSION --format F [--lang nb|en]``. No flet import.

Every visible word goes through :mod:`app.i18n` inside
``use_language(lang)``, and numbers and dates are formatted by Babel for that
language, so an export's language never depends on the UI's.

=======  ===========================  ======================================
format   function                     bytes from :func:`render_export`
=======  ===========================  ======================================
txt      :func:`to_text`              UTF-8
md       :func:`to_markdown`          UTF-8
csv      :func:`to_csv`               UTF-8 with BOM (see ``spreadsheet``)
pdf      :func:`to_pdf`               PDF 1.3+, DejaVu Sans and Noto Emoji
                                      embedded
png      :func:`to_png`               PNG, 1080 px wide (see ``picture``)
json     :func:`to_json`              UTF-8, SESSION_FORMAT.md (no language)
=======  ===========================  ======================================

>>> from scoring import read_session
>>> from app.reports.chart import SAMPLES
>>> doc = read_session((SAMPLES / "swedish_rummy.json").read_text(encoding="utf-8"))
>>> to_text(doc, lang="en").splitlines()[6]  # the name isolated: FSI … PDI
'Winner: \u2068Lise\u2069'
>>> render_export(doc, "csv", "nb")[:3] == "\ufeff".encode()
True
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.i18n import normalize_language, use_language
from app.safe_text import json_visible, visible_doc
from scoring import SessionDoc, SessionResult, score_session, write_session

from .spreadsheet import render_csv
from .summary import Summary, build_summary
from .team_result import by_team
from .text import render_markdown, render_text

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

logger = logging.getLogger(__name__)

__all__ = [
    "FORMATS",
    "ExportFile",
    "ExportFormat",
    "export_file",
    "export_filename",
    "export_text",
    "render_export",
    "summary",
    "to_csv",
    "to_json",
    "to_markdown",
    "to_pdf",
    "to_png",
    "to_text",
]


@dataclass(frozen=True)
class ExportFormat:
    """What the UI and the CLI need to offer one format.

    Attributes:
        key: ``--format`` value.
        extension: file name extension without the dot.
        media_type: MIME type (with charset for text).
        binary: True when the bytes are not text (PDF, PNG).
    """

    key: str
    extension: str
    media_type: str
    binary: bool = False


#: The export formats by ``--format`` key, in the order a menu offers them.
FORMATS: dict[str, ExportFormat] = {
    "txt": ExportFormat("txt", "txt", "text/plain; charset=utf-8"),
    "md": ExportFormat("md", "md", "text/markdown; charset=utf-8"),
    "csv": ExportFormat("csv", "csv", "text/csv; charset=utf-8"),
    "pdf": ExportFormat("pdf", "pdf", "application/pdf", binary=True),
    "png": ExportFormat("png", "png", "image/png", binary=True),
    "json": ExportFormat("json", "json", "application/json"),
}


def _lang(lang: str) -> str:
    code = normalize_language(lang)
    if code is None:
        raise ValueError(f"unsupported language {lang!r}; expected 'nb' or 'en'")
    return code


def summary(
    doc: SessionDoc,
    result: SessionResult | None = None,
    lang: str = "en",
    *,
    isolate: bool = False,
) -> Summary:
    """The translated :class:`~app.reports.summary.Summary` of a session, its
    text safe to print or write (names and notes through
    :func:`app.safe_text.visible_doc`: no raw control characters, one line per
    note).

    ``result`` defaults to ``score_session(doc)``; ``isolate`` marks names and
    notes inside sentences as bidi isolates (see
    :func:`~app.reports.summary.build_summary`). Raises :class:`ValueError`
    for an unsupported ``lang`` and :class:`scoring.ScoringError` when the
    document cannot be scored.
    """
    lang = _lang(lang)
    doc, result = _visible(doc, result)
    with use_language(lang):
        return build_summary(doc, result, isolate=isolate)


def _visible(doc: SessionDoc, result: SessionResult | None) -> tuple[SessionDoc, SessionResult]:
    """The document with names and notes safe to show
    (:func:`app.safe_text.visible_doc`) and its scored result (``result`` is
    kept when nothing changed), by team when the session is played in teams
    (:func:`app.reports.team_result.by_team`: the standings, the hand table
    and the chart one entry a team)."""
    clean = visible_doc(doc)
    if result is None or clean is not doc:
        result = score_session(clean)
    return clean, by_team(clean, result)


def to_text(doc: SessionDoc, result: SessionResult | None = None, lang: str = "en") -> str:
    """Plain-text summary: game, date, players, rules, winner or leader,
    standings with places, the hand-by-hand table aligned for a monospace font,
    and hand notes. ``\\n`` line ends, final newline. Every name and note is a
    bidi isolate (FSI … PDI), so a line keeps its order whatever the script of
    a name. Errors as :func:`summary`."""
    return render_text(summary(doc, result, lang, isolate=True))


def to_markdown(doc: SessionDoc, result: SessionResult | None = None, lang: str = "en") -> str:
    """The same summary as Markdown with pipe tables. Errors as :func:`summary`."""
    return render_markdown(summary(doc, result, lang, isolate=True))


def to_csv(doc: SessionDoc, result: SessionResult | None = None, lang: str = "en") -> str:
    """The hand table as CSV text (one row per hand; per player "points" and
    "total"; ``;`` separated in Norwegian, ``,`` in English; no BOM — the
    bytes of :func:`render_export` add it). Errors as :func:`summary`."""
    lang = _lang(lang)
    return render_csv(summary(doc, result, lang), lang)


def to_pdf(doc: SessionDoc, result: SessionResult | None = None, lang: str = "en") -> bytes:
    """A one-or-more-page A4 score sheet: title, date, standings, the chart of
    running totals with the target line, the hand table and notes; DejaVu Sans
    and Noto Emoji (shipped in ``assets/fonts``) embedded, right-to-left names
    shaped and in reading order. Errors as :func:`summary`."""
    from .pdf import render_pdf  # fpdf2 is only loaded when a PDF is asked for

    lang = _lang(lang)
    doc, result = _visible(doc, result)
    with use_language(lang):
        return render_pdf(build_summary(doc, result, isolate=True), result)


def to_png(doc: SessionDoc, result: SessionResult | None = None, lang: str = "en") -> bytes:
    """A picture of the score sheet for a chat app: 1080 pixels wide, no letter
    smaller than 28 pixels; the title, result, standings, the chart and the
    running totals of the last hands (saying how many earlier hands are left
    out). Drawn as the PDF is and rendered by PDFium (see
    :mod:`app.reports.picture`). Errors as :func:`summary`."""
    from .picture import render_png  # fpdf2 and PDFium are loaded when asked for

    lang = _lang(lang)
    doc, result = _visible(doc, result)
    with use_language(lang):
        return render_png(build_summary(doc, result, isolate=True), result)


def to_json(doc: SessionDoc) -> str:
    """The session file (SESSION_FORMAT.md), as ``scoring.write_session``."""
    return write_session(doc)


_TEXT: dict[str, Callable[[SessionDoc, SessionResult | None, str], str]] = {
    "txt": to_text,
    "md": to_markdown,
}


def render_export(
    doc: SessionDoc, fmt: str, lang: str = "en", result: SessionResult | None = None
) -> bytes:
    """The export of ``doc`` in format ``fmt`` (a :data:`FORMATS` key) as bytes.

    Text formats are UTF-8; CSV is UTF-8 with a byte-order mark; ``json``
    ignores ``lang``. ``result`` defaults to ``score_session(doc)``.

    Raises:
        ValueError: unknown ``fmt`` or unsupported ``lang``.
        scoring.ScoringError: the document cannot be scored.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if fmt == "json":
        return json_visible(to_json(doc)).encode("utf-8")
    if fmt == "pdf":
        return to_pdf(doc, result, lang)
    if fmt == "png":
        return to_png(doc, result, lang)
    if fmt == "csv":
        return to_csv(doc, result, lang).encode("utf-8-sig")
    return _TEXT[fmt](doc, result, lang).encode("utf-8")


def export_filename(doc: SessionDoc, fmt: str) -> str:
    """A file name for saving or sharing, ASCII only:
    ``kortpoeng-<game>-<YYYY-MM-DD>-<HHMM>.<ext>``, the time the session
    started on its own clock, so that two sessions of an evening get two files
    (date and time left out when unknown).

    >>> from scoring import SessionDoc, game_for
    >>> doc = SessionDoc("rummy", game_for("rummy").default_options(), ("A", "B"),
    ...                  started_at="2026-11-27T18:00:00+01:00")
    >>> export_filename(doc, "pdf")
    'kortpoeng-rummy-2026-11-27-1800.pdf'

    Raises:
        ValueError: unknown ``fmt``.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    started = doc.started_at or ""
    clock = started[11:16].replace(":", "")
    date = f"-{started[:10]}" if started else ""
    if len(clock) == 4 and clock.isdigit():
        date += f"-{clock}"
    return f"kortpoeng-{doc.game_id.replace('_', '-')}{date}.{FORMATS[fmt].extension}"


@dataclass(frozen=True, slots=True)
class ExportFile:
    """One export ready to save or download.

    Attributes:
        filename: ASCII file name (``kortpoeng-<game>-<date>-<time>.<ext>``).
        data: the file's bytes.
        media_type: its MIME type (from :data:`FORMATS`).
    """

    filename: str
    data: bytes
    media_type: str


def export_file(*, engine: Engine, session_id: int, fmt: str, lang: str) -> ExportFile:
    """Stored session ``session_id`` exported as format ``fmt`` (a key of
    :data:`FORMATS`) in language ``lang`` (``nb`` or ``en``), from what was
    entered (:func:`models.services.session_doc`).

    Raises ``SessionNotFound``, :class:`ValueError` (format or language) or a
    scoring error when the stored session cannot be scored.
    """
    from models.services import session_doc

    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    doc = session_doc(engine=engine, session_id=session_id)
    data = render_export(doc, fmt, lang)
    logger.info("Exported session %s as %s (%d bytes)", session_id, fmt, len(data))
    return ExportFile(export_filename(doc, fmt), data, FORMATS[fmt].media_type)


def export_text(*, engine: Engine, session_id: int, lang: str) -> str:
    """The plain-text summary of stored session ``session_id`` in ``lang``, for
    the clipboard. Errors as :func:`export_file`."""
    from models.services import session_doc

    return to_text(session_doc(engine=engine, session_id=session_id), lang=lang)
