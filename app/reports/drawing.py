"""The drawing kit of the score sheet and the picture: the shipped fonts and
their fallbacks, the colours, a layout's sizes (:class:`Style`), a sheet to
draw on (:func:`new_sheet`), text that is measured, drawn and cut the same
way everywhere (:func:`text_width`, :func:`draw_text`, :func:`fit_text`…),
and the blocks both draw: the header, the standings, the chart of running
totals (:func:`draw_header`, :func:`draw_standings`, :func:`draw_chart`).

:mod:`app.reports.pdf` draws the A4 score sheet with it (adding the hand
table over as many pages as it needs, and the notes); :mod:`app.reports.picture`
draws the phone-sized picture with it.

Fonts are shipped in ``assets/fonts`` (a phone has no system fonts to borrow)
and loaded by absolute path from this file's location; fpdf2 embeds only the
glyphs used. They are the app's own font stack (:mod:`app.fonts`): DejaVu
Sans covers æøå, ÆØÅ, «», the no-break space that Norwegian numbers use,
♠♥♦♣, Greek, Cyrillic, and the Arabic and Hebrew alphabets; the fallback
fonts, loaded only for a sheet whose names or notes need them, are Noto Emoji
(monochrome: ``Ola👍`` and ``Ola🏆`` stay two players), Noto Sans
Devanagari, Noto Sans Thai and Noto Sans CJK (Chinese, Japanese, Korean).
Text that needs it — right-to-left letters, combining marks, emoji —
goes through fpdf2's text shaping (HarfBuzz, :mod:`uharfbuzz`): Arabic letters
joined, right-to-left names in their reading order, an emoji sequence one
picture; names inside a sentence are bidi isolates (FSI … PDI), so "Ola,
سارة and יוסי" keeps its seat order. Plain text (numbers, Latin letters) takes
fpdf2's fast path. A name is never altered: where a column is too narrow for
it, it is cut at a whole character with a visible "…"; the standings always
show it whole.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import wcwidth
from fpdf import FPDF

from app.fonts import BOLD, CJK, DEJAVU, DEVANAGARI, EMOJI, THAI, ShippedFont, coverage
from app.i18n import _, format_number, get_language
from app.paths import FONTS_DIR
from app.reports.chart import TARGET_COLOR, ChartSeries
from scoring.invisible import BIDI_ISOLATES

from .summary import Summary

__all__ = [
    "A4",
    "FAMILY",
    "FONT_BOLD",
    "FONT_DIR",
    "FONT_EMOJI",
    "FONT_REGULAR",
    "FOOTER",
    "GRID",
    "INK",
    "MUTED",
    "PT",
    "RULE",
    "ZEBRA",
    "Sheet",
    "Style",
    "chart_height",
    "draw_centered",
    "draw_chart",
    "draw_header",
    "draw_right",
    "draw_standings",
    "draw_text",
    "draw_wrapped",
    "ensure_room",
    "fit_text",
    "new_sheet",
    "phase_width",
    "set_metadata",
    "standings_width",
    "text_width",
]

#: Where the shipped fonts live (absolute, from this file).
FONT_DIR = FONTS_DIR
FONT_REGULAR = DEJAVU.path
FONT_BOLD = BOLD.path
FONT_EMOJI = EMOJI.path

FAMILY = "DejaVu"
_EMOJI = "NotoEmoji"
#: The fallback fonts, by fpdf2 family, in the order fpdf2 tries them: the
#: emoji font first, so that the joiners it has keep an emoji sequence in one
#: run (the Devanagari font has a joiner too).
_FALLBACKS: tuple[tuple[str, ShippedFont], ...] = (
    (_EMOJI, EMOJI),
    ("NotoDevanagari", DEVANAGARI),
    ("NotoThai", THAI),
    ("NotoCJK", CJK),
)
#: Characters that glue an emoji sequence together (zero-width joiner, emoji
#: presentation selector, keycap): drawn from the emoji font, so that a
#: sequence such as 👨‍👩‍👧 stays in one run and is shaped into one picture.
_EMOJI_GLUE = frozenset((0x200D, 0xFE0F, 0x20E3))
INK = "#1F1F1F"
MUTED = "#6B6B6B"
RULE = "#BDBDBD"
GRID = "#E3E3E3"
ZEBRA = "#F3F5F8"
_RESULT_FILL = "#EEF4FB"
_RED = "#C62828"
_SUITS = (("♠", INK), ("♥", _RED), ("♦", _RED), ("♣", INK))


@dataclass(frozen=True)
class Style:
    """The sizes of one layout: fonts in points, lengths in millimetres.

    Attributes:
        margin: page margin, every side.
        title, subtitle, result, heading: the game's name; date, players and
            rules; the result box; a block's heading.
        body: a standings row.
        label: column headings.
        small: axis labels, the footer, the hand table's sub-headings.
        cell: a number in the hand table.
        row: a standings row's height.
        table_row: a hand-table row's height.
        chart_height: the chart's plot area.
        suits: the ♠♥♦♣ beside the title.
        legend: whether the chart has a legend (the picture's standings
            already pair each colour with its name).
    """

    margin: float = 15.0
    title: float = 20.0
    subtitle: float = 10.5
    result: float = 12.5
    heading: float = 12.0
    body: float = 10.0
    label: float = 8.5
    small: float = 7.5
    cell: float = 8.5
    row: float = 6.0
    table_row: float = 5.0
    chart_height: float = 68.0
    suits: float = 16.0
    legend: bool = True


#: The A4 score sheet's sizes.
A4 = Style()

FOOTER = 10.0  # mm kept free above the bottom margin for the footer
PT = 25.4 / 72  # mm per point


class Sheet(FPDF):
    """An FPDF with the score sheet's footer and its :class:`Style`."""

    footer_left = ""
    footer_right = ""
    style: Style = A4
    with_footer = True

    def footer(self) -> None:
        """fpdf2's hook: the page's footer (:attr:`footer_left`, and
        :attr:`footer_right` with ``{page}`` filled in), unless ``with_footer`` is off."""
        if not self.with_footer:
            return
        margin = self.style.margin
        self.set_font(FAMILY, "", self.style.small)
        self.set_text_color(MUTED)
        y = self.h - margin + 2
        self.set_draw_color(RULE)
        self.set_line_width(0.2)
        self.line(margin, y - 4, self.w - margin, y - 4)
        draw_text(self, margin, y, self.footer_left)
        # cell(), not text(): fpdf2 substitutes the "{nb}" alias in cells only.
        self.set_xy(self.w / 2, y - 2.8)
        right = self.footer_right.replace("{page}", str(self.page_no()))
        self.cell(self.w / 2 - margin, 4, right, align="R")


def new_sheet(
    style: Style,
    summary: Summary,
    *,
    orientation: str = "P",
    format: str | tuple[float, float] = "A4",
) -> Sheet:
    """An empty sheet in ``style`` with the shipped fonts loaded: DejaVu Sans
    (regular and bold), and as fallback fonts those of Noto Emoji, Noto Sans
    Devanagari, Noto Sans Thai and Noto Sans CJK that have a character of a
    name or note of ``summary`` that DejaVu Sans lacks.

    Raises:
        FileNotFoundError: if a shipped font is missing from ``assets/fonts``.
    """
    pdf = Sheet(orientation=orientation, unit="mm", format=format)
    pdf.style = style
    pdf.set_margins(style.margin, style.margin, style.margin)
    pdf.c_margin = 0  # cells start exactly at the margin, like text() does
    pdf.set_auto_page_break(True, margin=style.margin + FOOTER)
    pdf.add_font(FAMILY, "", FONT_REGULAR)
    pdf.add_font(FAMILY, "B", FONT_BOLD)
    regular: Any = pdf.fonts[FAMILY.lower()]  # a TTF font: it has a cmap
    cmap = regular.cmap
    texts = (*summary.player_names, *summary.notes, summary.title, summary.date or "")
    missing = {
        ord(char)
        for text in texts
        for char in text
        if ord(char) not in cmap and unicodedata.category(char) != "Cf"  # FSI, PDI: no glyph
    }
    fallbacks = [family for family, font in _FALLBACKS if missing & coverage((font,))]
    for family, font in _FALLBACKS:
        if family in fallbacks:
            pdf.add_font(family, "", font.path)
    if _EMOJI in fallbacks:
        for key in (FAMILY.lower(), FAMILY.lower() + "B"):
            face: Any = pdf.fonts[key]
            face.cmap = {c: glyph for c, glyph in face.cmap.items() if c not in _EMOJI_GLUE}
    if fallbacks:
        pdf.set_fallback_fonts(fallbacks, exact_match=False)  # one weight: bold names too
    return pdf


# -- text: a fast path for plain text, shaping for everything else -------------

_RTL = frozenset(("R", "AL", "AN"))


_ISOLATES = str.maketrans("", "", "".join(BIDI_ISOLATES))


def _prepare(pdf: FPDF, text: str) -> tuple[str, bool]:
    """``(text to draw, shaped)`` for ``text`` in the current font.

    Shaped when ``text`` has a letter the current font lacks (emoji: drawn from
    the fallback font), a right-to-left letter, a combining mark or a format
    character such as a joiner. Bidi isolates (FSI … PDI) only matter next to
    right-to-left letters: elsewhere they are dropped and the text takes the
    fast path. Remembered per font and text."""
    if text.isascii():  # digits, Latin letters: the fast path
        return text, False
    cache: dict[tuple[str, str, str], tuple[str, bool]] = pdf.__dict__.setdefault(
        "_kortpoeng_shaping", {}
    )
    key = (pdf.font_family, pdf.font_style, text)
    found = cache.get(key)
    if found is None:
        current: Any = pdf.current_font
        cmap = current.cmap
        bare = text.translate(_ISOLATES)
        complex_ = any(
            ord(char) not in cmap
            or unicodedata.bidirectional(char) in _RTL
            or unicodedata.category(char) in ("Mn", "Me", "Cf")
            for char in bare
        )
        found = cache[key] = (text, True) if complex_ else (bare, False)
    return found


def text_width(pdf: FPDF, text: str) -> float:
    """The width of ``text`` in mm as drawn (shaped when it needs it),
    remembered per font and size (a long hand table measures the same numbers
    thousands of times)."""
    key = (pdf.font_family, pdf.font_style, pdf.font_size_pt, text)
    cache: dict[tuple[str, str, float, str], float] = pdf.__dict__.setdefault(
        "_kortpoeng_widths", {}
    )
    width = cache.get(key)
    if width is None:
        drawn, shaped = _prepare(pdf, text)
        if shaped:
            pdf.set_text_shaping(True)
            width = pdf.get_string_width(drawn)
            pdf.set_text_shaping(False)
        else:
            width = pdf.get_string_width(drawn)
        cache[key] = width
    return width


def draw_text(pdf: FPDF, x: float, y: float, text: str) -> None:
    """Draw ``text`` starting at ``x`` on the baseline ``y``.

    Plain text goes through ``FPDF.text`` (fast); text that needs shaping or
    the emoji font through a shaped ``cell`` placed on the same baseline. The
    current position and page are left as they were."""
    if text.isascii():  # the fast path, taken thousands of times by a hand table
        if text:
            pdf.text(x, y, text)
        return
    drawn, shaped = _prepare(pdf, text)
    if not shaped:
        pdf.text(x, y, drawn)
        return
    width = text_width(pdf, text)
    here, auto = (pdf.x, pdf.y), pdf.auto_page_break
    pdf.auto_page_break = False  # a cell never starts a page here
    pdf.set_text_shaping(True)
    size = pdf.font_size
    # fpdf2 puts a cell's baseline at y + h/2 + 0.3 × font size.
    pdf.set_xy(x, y - 0.8 * size)
    with _keeping_font(pdf):
        pdf.cell(width + 0.01, size, drawn)
    pdf.set_text_shaping(False)
    pdf.auto_page_break = auto
    pdf.set_xy(*here)


@contextmanager
def _keeping_font(pdf: FPDF) -> Iterator[None]:
    """Draw text in the block, then select the font that was current again.

    A shaped cell whose text starts with a letter from the fallback font (an
    emoji first in a name) selects the current font inside its own ``q … Q``
    block, yet fpdf2 2.8 then counts that font as set on the page: the next
    ``FPDF.text`` selected no font and drew plain names with the glyph numbers
    of one font in another ("Pappa" came out as "ag5"). The font is selected
    anew, and marked as not yet set on the page."""
    family, style, size = pdf.font_family, pdf.font_style, pdf.font_size_pt
    try:
        yield
    finally:
        pdf.set_font(family, style, size)
        pdf.current_font_is_set_on_page = False


def draw_wrapped(pdf: FPDF, width: float, leading: float, text: str) -> None:
    """``text`` as a paragraph wrapped to ``width`` from the current position,
    shaped when it needs it; the position moves below it."""
    drawn, shaped = _prepare(pdf, text)
    if shaped:
        pdf.set_text_shaping(True)
    with _keeping_font(pdf):
        pdf.multi_cell(width, leading, drawn, padding=0, align="L", new_x="LMARGIN", new_y="NEXT")
    if shaped:
        pdf.set_text_shaping(False)


def fit_text(pdf: FPDF, text: str, width: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` in the current font,
    cut between whole characters (an emoji sequence or a letter with its
    accents is never split)."""
    if text_width(pdf, text) <= width:
        return text
    clusters = list(wcwidth.iter_graphemes(text))
    while clusters and text_width(pdf, "".join(clusters) + "…") > width:
        clusters.pop()
    return "".join(clusters).rstrip() + "…"


def draw_right(pdf: FPDF, x_right: float, y: float, text: str) -> None:
    """Draw ``text`` ending at ``x_right`` on the baseline ``y`` (numbers in a column)."""
    draw_text(pdf, x_right - text_width(pdf, text), y, text)


def draw_centered(pdf: FPDF, x_mid: float, y: float, text: str) -> None:
    """Draw ``text`` centred on ``x_mid`` on the baseline ``y``."""
    draw_text(pdf, x_mid - text_width(pdf, text) / 2, y, text)


def ensure_room(pdf: Sheet, height: float) -> bool:
    """Start a new page unless ``height`` mm still fit above the footer; True
    when a page was added."""
    if pdf.get_y() + height > pdf.h - pdf.style.margin - FOOTER:
        pdf.add_page()
        return True
    return False


# -- page-1 blocks ------------------------------------------------------------


def _lines(pdf: Sheet, x: float, y: float, width: float, text: str, leading: float) -> float:
    """``text`` wrapped to ``width`` from baseline ``y``; the next baseline."""
    pdf.set_xy(x, y - 0.8 * pdf.font_size)
    draw_wrapped(pdf, width, leading, text)
    return pdf.get_y() + 0.8 * pdf.font_size


def draw_header(pdf: Sheet, summary: Summary, *, suits: bool = True) -> None:
    """The top of page 1: the game's name (with ♠♥♦♣ beside it, ``suits``),
    the date, players and rules, and the result in its box; the position
    moves below it."""
    s = pdf.style
    width = pdf.w - 2 * s.margin
    y = s.margin + s.title * PT
    pdf.set_font(FAMILY, "B", s.title)
    pdf.set_text_color(INK)
    draw_text(pdf, s.margin, y, fit_text(pdf, summary.title, width - 30))
    if suits:
        pdf.set_font(FAMILY, "", s.suits)
        x = pdf.w - s.margin
        for suit, color in reversed(_SUITS):
            x -= text_width(pdf, suit) + 1.2
            pdf.set_text_color(color)
            draw_text(pdf, x, y, suit)
    pdf.set_text_color(MUTED)
    pdf.set_font(FAMILY, "", s.subtitle)
    leading = s.subtitle * PT * 1.5
    y += leading * 1.3
    if summary.date:
        y = _lines(pdf, s.margin, y, width, summary.date, leading)
    pdf.set_text_color(INK)
    for line in filter(None, (summary.players, summary.rules, summary.options)):
        y = _lines(pdf, s.margin, y, width, line, leading)
    pdf.set_font(FAMILY, "B", s.result)
    box = s.result * PT * 2.05
    pdf.set_fill_color(_RESULT_FILL)
    top = y - 0.8 * s.subtitle * PT + 1
    pdf.rect(s.margin, top, width, box, style="F", round_corners=True, corner_radius=1.5)
    draw_text(
        pdf,
        s.margin + 3,
        top + box / 2 + 0.35 * s.result * PT,
        fit_text(pdf, summary.result, width - 6),
    )
    pdf.set_y(top + box + 5)


def _swatch(pdf: FPDF, x: float, y_mid: float, color: str, length: float = 5.0) -> None:
    pdf.set_draw_color(color)
    pdf.set_fill_color(color)
    pdf.set_line_width(0.8)
    pdf.line(x, y_mid, x + length, y_mid)
    pdf.circle(x + length / 2, y_mid, 0.9, style="F")


def standings_width(pdf: Sheet, summary: Summary) -> tuple[float, float, float]:
    """(place, name, total) column widths in mm: the name column as wide as the
    longest name, up to what the page allows; in a progress game the total's
    width holds the phase column before it (:func:`phase_width`)."""
    s = pdf.style
    pdf.set_font(FAMILY, "B", s.body)
    place = s.body * PT * 4.2
    total = s.body * PT * 6.2
    if summary.phase_label:  # room for the phase: the total as wide as it needs
        widest = max(text_width(pdf, line.total_text) for line in summary.standings)
        total = max(widest, s.body * PT * 2.5) + 3 + phase_width(pdf, summary)
        pdf.set_font(FAMILY, "B", s.body)
    longest = max(text_width(pdf, line.player) for line in summary.standings)
    room = pdf.w - 2 * s.margin - place - total
    if pdf.w > pdf.h and pdf.style is A4:
        room = min(room, 110.0)  # landscape A4: the chart sits beside the standings
    return place, min(room, max(45.0, longest + 12)), total


def phase_width(pdf: Sheet, summary: Summary) -> float:
    """The width in mm of the standings' phase column of a progress game
    (RULES.md §8: "phase 10 ✓"), as wide as its widest cell; 0 in other
    games. Its cells are drawn in the labels' size (the sheet shows the
    phase small under the total); the font is left at that size."""
    if not summary.phase_label:
        return 0.0
    s = pdf.style
    pdf.set_font(FAMILY, "B", s.label)
    cells = [summary.phase_label, *(line.phase_text for line in summary.standings)]
    return max(text_width(pdf, cell) for cell in cells) + 4


def draw_standings(pdf: Sheet, summary: Summary, chart: ChartSeries, x0: float) -> float:
    """The standings table from the current y at ``x0``; returns its bottom y.
    Every name is shown whole: a name too long for its column is drawn
    smaller."""
    s = pdf.style
    colors = {line.player: s_.color for s_, line in _pairs(chart, summary)}
    row = s.row
    y = pdf.get_y()
    pdf.set_font(FAMILY, "B", s.heading)
    pdf.set_text_color(INK)
    draw_text(pdf, x0, y + s.heading * PT, summary.standings_title)
    y += s.heading * PT * 1.7
    place_w, name_w, total_w = standings_width(pdf, summary)
    x_name = x0 + place_w
    x_total = x_name + name_w + total_w
    x_phase = x_name + name_w  # a progress game's phase, left of the total
    pdf.set_font(FAMILY, "B", s.label)
    pdf.set_text_color(MUTED)
    base = row * 0.68
    draw_right(pdf, x0 + place_w - 4, y + base, summary.place_label)
    draw_text(pdf, x_name + 8, y + base, summary.player_label)
    draw_right(pdf, x_total, y + base, summary.total_label)
    if summary.phase_label:
        draw_text(pdf, x_phase, y + base, summary.phase_label)
    pdf.set_draw_color(RULE)
    pdf.set_line_width(0.3)
    pdf.line(x0, y + row, x_total, y + row)
    y += row
    for line in summary.standings:
        winner = line.player in summary.winners
        pdf.set_font(FAMILY, "B" if winner else "", s.body)
        pdf.set_text_color(INK)
        base = y + row * 0.5 + 0.36 * s.body * PT
        draw_right(pdf, x0 + place_w - 4, base, line.place_text)
        _swatch(pdf, x_name, y + row * 0.5, colors[line.player])
        size = s.body
        while text_width(pdf, line.player) > name_w - 10 and size > s.small:
            size -= 0.5
            pdf.set_font_size(size)
        draw_text(pdf, x_name + 8, base, line.player)
        pdf.set_font_size(s.body)
        draw_right(pdf, x_total, base, line.total_text)
        if line.phase_text:
            pdf.set_font_size(s.label)
            draw_text(pdf, x_phase, base, line.phase_text)
            pdf.set_font_size(s.body)
        y += row
    return y + 5


def _pairs(chart: ChartSeries, summary: Summary) -> list[tuple[Any, Any]]:
    by_seat = {series.seat: series for series in chart.series}
    return [(by_seat[line.seat], line) for line in summary.standings]


def chart_height(pdf: Sheet, chart: ChartSeries) -> float:
    """Room the chart block takes: title, plot, axis labels, legend rows."""
    s = pdf.style
    legend = s.legend * s.label * PT * 2.4 * (1 + (len(chart.series) - 1) // 4)
    return s.heading * PT * 2.2 + s.chart_height + s.small * PT * 4.5 + legend


def draw_chart(pdf: Sheet, chart: ChartSeries, x0: float, x1: float) -> float:
    """Running totals per player, the target as a dashed line, a legend, from
    the current y between ``x0`` and ``x1``; returns the bottom y."""
    s = pdf.style
    height = s.chart_height
    top = pdf.get_y()
    pdf.set_font(FAMILY, "B", s.heading)
    pdf.set_text_color(INK)
    draw_text(pdf, x0, top + s.heading * PT, _("Running totals"))
    top += s.heading * PT * 2.2
    pdf.set_font(FAMILY, "", s.small)
    small = s.small * PT
    labels = [format_number(v) for v in chart.y_axis.ticks]
    left = x0 + 2 + max(text_width(pdf, t) for t in labels)
    right = x1 - 2
    bottom = top + height
    x_ax, y_ax = chart.x_axis, chart.y_axis

    def px(hand: float) -> float:
        return left + (hand - x_ax.low) / (x_ax.high - x_ax.low) * (right - left)

    def py(points: float) -> float:
        return bottom - (points - y_ax.low) / (y_ax.high - y_ax.low) * height

    pdf.set_line_width(0.2)
    pdf.set_text_color(MUTED)
    for value, label in zip(y_ax.ticks, labels, strict=True):
        pdf.set_draw_color(RULE if value == 0 else GRID)
        pdf.line(left, py(value), right, py(value))
        draw_right(pdf, left - 1.5, py(value) + small * 0.36, label)
    pdf.set_draw_color(RULE)
    pdf.line(left, top, left, bottom)
    for hand in x_ax.ticks:
        pdf.line(px(hand), bottom, px(hand), bottom + 1.2)
        draw_centered(pdf, px(hand), bottom + 1.6 + small, format_number(hand))
    draw_centered(pdf, (left + right) / 2, bottom + 2.6 + small * 2.2, _("Hand"))
    if chart.target is not None:
        y = py(chart.target)
        pdf.set_draw_color(TARGET_COLOR)
        pdf.set_line_width(0.4)
        pdf.set_dash_pattern(dash=1.6, gap=1.2)
        pdf.line(left, y, right, y)
        pdf.set_dash_pattern()
        pdf.set_text_color(TARGET_COLOR)
        draw_right(pdf, right, y - 1.2, _("Target: {points}", points=format_number(chart.target)))
    dots = chart.hands <= 40
    for series in chart.series:
        points = [(px(h), py(t)) for h, t in series.points]
        pdf.set_draw_color(series.color)
        pdf.set_fill_color(series.color)
        pdf.set_line_width(0.55)
        if len(points) > 1:
            pdf.polyline(points)
        if dots:
            for x, y in points[1:]:
                pdf.circle(x, y, 0.6, style="F")
    y = bottom + 3 + small * 3.2
    if not s.legend:
        return y
    y += s.label * PT * 1.4
    x = left
    pdf.set_font(FAMILY, "", s.label)
    pdf.set_text_color(INK)
    for series in chart.series:
        name = fit_text(pdf, series.player, 36)
        step = 8 + text_width(pdf, name) + 6
        if x + step > right and x > left:
            x, y = left, y + s.label * PT * 2.4
        _swatch(pdf, x, y - 1, series.color)
        draw_text(pdf, x + 7, y, name)
        x += step
    return y + 7


# -- the document -------------------------------------------------------------


def set_metadata(pdf: Sheet, summary: Summary) -> None:
    """The document's title, language and creator (what a PDF reader shows)."""
    pdf.set_title(_("{game} – score sheet", game=summary.title))
    pdf.set_lang({"nb": "nb-NO", "en": "en-GB"}.get(get_language(), "en"))
    pdf.set_creator("Kortpoeng")
