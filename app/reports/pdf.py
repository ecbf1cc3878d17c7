"""The PDF score sheet, drawn with fpdf2 (no matplotlib).

Page 1: the suits and the game's name, date, players and rules, the result,
the standings (each player with their chart colour), and a line chart of the
running totals with the target line; then the hand table (hand points and
running totals per player), continuing over as many pages as it needs with its
header repeated, and the hand notes. A4 portrait, or landscape for more than
six players. Every page has a footer with the page number.

The font is DejaVu Sans, shipped in ``assets/fonts`` (a phone has no system
fonts to borrow) and loaded by absolute path from this file's location; fpdf2
embeds only the glyphs used. It covers æøå, ÆØÅ, «», the no-break space that
Norwegian numbers use, and ♠♥♦♣.
"""

from __future__ import annotations

from collections.abc import Sequence

from fpdf import FPDF

from app.i18n import _, format_number, get_language
from app.paths import FONTS_DIR
from app.reports.chart import TARGET_COLOR, ChartSeries, chart_series
from scoring import SessionResult

from .summary import Summary

__all__ = ["FONT_BOLD", "FONT_DIR", "FONT_REGULAR", "render_pdf"]

#: Where the shipped fonts live (absolute, from this file).
FONT_DIR = FONTS_DIR
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

_FAMILY = "DejaVu"
_MARGIN = 15.0  # mm, every side
_FOOTER = 10.0  # mm kept free above the bottom margin for the footer
_INK = "#1F1F1F"
_MUTED = "#6B6B6B"
_RULE = "#BDBDBD"
_GRID = "#E3E3E3"
_ZEBRA = "#F3F5F8"
_RESULT_FILL = "#EEF4FB"
_RED = "#C62828"
_SUITS = (("♠", _INK), ("♥", _RED), ("♦", _RED), ("♣", _INK))


class _Sheet(FPDF):
    """An FPDF with the score sheet's footer."""

    footer_left = ""
    footer_right = ""

    def footer(self) -> None:
        self.set_font(_FAMILY, "", 7.5)
        self.set_text_color(_MUTED)
        y = self.h - _MARGIN + 2
        self.set_draw_color(_RULE)
        self.set_line_width(0.2)
        self.line(_MARGIN, y - 4, self.w - _MARGIN, y - 4)
        self.text(_MARGIN, y, self.footer_left)
        # cell(), not text(): fpdf2 substitutes the "{nb}" alias in cells only.
        self.set_xy(self.w / 2, y - 2.8)
        right = self.footer_right.replace("{page}", str(self.page_no()))
        self.cell(self.w / 2 - _MARGIN, 4, right, align="R")


def _fit(pdf: FPDF, text: str, width: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` in the current font."""
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _width(pdf: FPDF, text: str) -> float:
    """``pdf.get_string_width(text)``, remembered per font and size (a long
    hand table measures the same numbers thousands of times)."""
    key = (pdf.font_style, pdf.font_size_pt, text)
    cache: dict = pdf.__dict__.setdefault("_kortpoeng_widths", {})
    width = cache.get(key)
    if width is None:
        width = cache[key] = pdf.get_string_width(text)
    return width


def _right(pdf: FPDF, x_right: float, y: float, text: str) -> None:
    pdf.text(x_right - _width(pdf, text), y, text)


def _center(pdf: FPDF, x_mid: float, y: float, text: str) -> None:
    pdf.text(x_mid - _width(pdf, text) / 2, y, text)


def _ensure(pdf: _Sheet, height: float) -> bool:
    """Start a new page unless ``height`` mm still fit above the footer; True
    when a page was added."""
    if pdf.get_y() + height > pdf.h - _MARGIN - _FOOTER:
        pdf.add_page()
        return True
    return False


# -- page-1 blocks ------------------------------------------------------------


def _header(pdf: _Sheet, summary: Summary) -> None:
    width = pdf.w - 2 * _MARGIN
    y = _MARGIN + 7
    pdf.set_font(_FAMILY, "B", 20)
    pdf.set_text_color(_INK)
    pdf.text(_MARGIN, y, _fit(pdf, summary.title, width - 30))
    pdf.set_font(_FAMILY, "", 16)
    x = pdf.w - _MARGIN
    for suit, color in reversed(_SUITS):
        x -= pdf.get_string_width(suit) + 1.2
        pdf.set_text_color(color)
        pdf.text(x, y, suit)
    pdf.set_text_color(_MUTED)
    pdf.set_font(_FAMILY, "", 10.5)
    y += 7
    if summary.date:
        pdf.text(_MARGIN, y, summary.date)
        y += 5.5
    pdf.set_text_color(_INK)
    for line in filter(None, (summary.players, summary.rules, summary.options)):
        # multi_cell wraps a long player list; its first baseline sits ~4 mm down.
        pdf.set_xy(_MARGIN, y - 4)
        pdf.multi_cell(width, 5.5, line, padding=0, new_x="LMARGIN", new_y="NEXT")
        y = pdf.get_y() + 4
    pdf.set_font(_FAMILY, "B", 12.5)
    box = 9.0
    pdf.set_fill_color(_RESULT_FILL)
    pdf.rect(_MARGIN, y - 1, width, box, style="F", round_corners=True, corner_radius=1.5)
    pdf.text(_MARGIN + 3, y - 1 + box / 2 + 1.6, _fit(pdf, summary.result, width - 6))
    pdf.set_y(y + box + 4)


def _swatch(pdf: FPDF, x: float, y_mid: float, color: str, length: float = 5.0) -> None:
    pdf.set_draw_color(color)
    pdf.set_fill_color(color)
    pdf.set_line_width(0.8)
    pdf.line(x, y_mid, x + length, y_mid)
    pdf.circle(x + length / 2, y_mid, 0.9, style="F")


_ROW = 6.0  # standings row height, mm


def _standings_width(pdf: FPDF, summary: Summary) -> tuple[float, float, float]:
    """(place, name, total) column widths in mm, the name fitted to the longest."""
    pdf.set_font(_FAMILY, "B", 10)
    longest = max(pdf.get_string_width(line.player) for line in summary.standings)
    return 14.0, min(80.0, max(45.0, longest + 14)), 22.0


def _standings(pdf: _Sheet, summary: Summary, chart: ChartSeries, x0: float) -> float:
    """The standings table from the current y at ``x0``; returns its bottom y."""
    colors = {s.player: s.color for s in chart.series}
    row = _ROW
    y = pdf.get_y()
    pdf.set_font(_FAMILY, "B", 12)
    pdf.set_text_color(_INK)
    pdf.text(x0, y + 4, summary.standings_title)
    y += 7
    place_w, name_w, total_w = _standings_width(pdf, summary)
    x_name = x0 + place_w
    x_total = x_name + name_w + total_w
    pdf.set_font(_FAMILY, "B", 8.5)
    pdf.set_text_color(_MUTED)
    _right(pdf, x0 + place_w - 4, y + 4, summary.place_label)
    pdf.text(x_name + 8, y + 4, summary.player_label)
    _right(pdf, x_total, y + 4, summary.total_label)
    pdf.set_draw_color(_RULE)
    pdf.set_line_width(0.3)
    pdf.line(x0, y + row, x_total, y + row)
    y += row
    for line in summary.standings:
        winner = line.player in summary.winners
        pdf.set_font(_FAMILY, "B" if winner else "", 10)
        pdf.set_text_color(_INK)
        _right(pdf, x0 + place_w - 4, y + 4.3, line.place_text)
        _swatch(pdf, x_name, y + 3, colors[line.player])
        pdf.text(x_name + 8, y + 4.3, _fit(pdf, line.player, name_w - 10))
        _right(pdf, x_total, y + 4.3, line.total_text)
        y += row
    return y + 5


_CHART_HEIGHT = 68.0  # plot area, mm


def _chart_height(chart: ChartSeries) -> float:
    """Room the chart block takes: title, plot, axis labels, legend rows."""
    return 8 + _CHART_HEIGHT + 12 + 6 * (1 + (len(chart.series) - 1) // 4)


def _chart(pdf: _Sheet, chart: ChartSeries, x0: float, x1: float) -> float:
    """Running totals per player, the target as a dashed line, a legend, from
    the current y between ``x0`` and ``x1``; returns the bottom y."""
    height = _CHART_HEIGHT
    top = pdf.get_y()
    pdf.set_font(_FAMILY, "B", 12)
    pdf.set_text_color(_INK)
    pdf.text(x0, top + 4, _("Running totals"))
    top += 9
    pdf.set_font(_FAMILY, "", 7.5)
    labels = [format_number(v) for v in chart.y_axis.ticks]
    left = x0 + 2 + max(pdf.get_string_width(t) for t in labels)
    right = x1 - 2
    bottom = top + height
    x_ax, y_ax = chart.x_axis, chart.y_axis

    def px(hand: float) -> float:
        return left + (hand - x_ax.low) / (x_ax.high - x_ax.low) * (right - left)

    def py(points: float) -> float:
        return bottom - (points - y_ax.low) / (y_ax.high - y_ax.low) * height

    pdf.set_line_width(0.2)
    pdf.set_text_color(_MUTED)
    for value, label in zip(y_ax.ticks, labels, strict=True):
        pdf.set_draw_color(_RULE if value == 0 else _GRID)
        pdf.line(left, py(value), right, py(value))
        _right(pdf, left - 1.5, py(value) + 1, label)
    pdf.set_draw_color(_RULE)
    pdf.line(left, top, left, bottom)
    for hand in x_ax.ticks:
        pdf.line(px(hand), bottom, px(hand), bottom + 1.2)
        _center(pdf, px(hand), bottom + 4, format_number(hand))
    _center(pdf, (left + right) / 2, bottom + 8, _("Hand"))
    if chart.target is not None:
        y = py(chart.target)
        pdf.set_draw_color(TARGET_COLOR)
        pdf.set_line_width(0.4)
        pdf.set_dash_pattern(dash=1.6, gap=1.2)
        pdf.line(left, y, right, y)
        pdf.set_dash_pattern()
        pdf.set_text_color(TARGET_COLOR)
        _right(pdf, right, y - 1.2, _("Target: {points}", points=format_number(chart.target)))
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
    y = bottom + 13
    x = left
    pdf.set_font(_FAMILY, "", 8.5)
    pdf.set_text_color(_INK)
    for series in chart.series:
        name = _fit(pdf, series.player, 36)
        step = 8 + pdf.get_string_width(name) + 6
        if x + step > right and x > left:
            x, y = left, y + 5
        _swatch(pdf, x, y - 1, series.color)
        pdf.text(x + 7, y, name)
        x += step
    return y + 7


# -- the hand table -----------------------------------------------------------


def _table_layout(pdf: _Sheet, summary: Summary) -> tuple[float, float]:
    """(hand column width, width of one player's pair of columns)."""
    hand_w = 14.0
    pair = (pdf.w - 2 * _MARGIN - hand_w) / max(1, len(summary.player_names))
    return hand_w, min(pair, 44.0)


def _table_header(pdf: _Sheet, summary: Summary, colors: Sequence[str]) -> None:
    hand_w, pair = _table_layout(pdf, summary)
    y = pdf.get_y()
    pdf.set_font(_FAMILY, "B", 9)
    pdf.set_text_color(_INK)
    for seat, name in enumerate(summary.player_names):
        x = _MARGIN + hand_w + seat * pair
        _center(pdf, x + pair / 2, y + 4, _fit(pdf, name, pair - 3))
        pdf.set_draw_color(colors[seat])
        pdf.set_line_width(0.8)
        pdf.line(x + 1.5, y + 5.6, x + pair - 1.5, y + 5.6)
    y += 6
    pdf.set_font(_FAMILY, "", 7.5)
    pdf.set_text_color(_MUTED)
    _right(pdf, _MARGIN + hand_w - 2, y + 3.6, summary.hand_label)
    for seat in range(len(summary.player_names)):
        x = _MARGIN + hand_w + seat * pair
        _right(pdf, x + pair * 0.45, y + 3.6, summary.points_label)
        _right(pdf, x + pair - 2, y + 3.6, summary.sum_label)
    pdf.set_draw_color(_RULE)
    pdf.set_line_width(0.3)
    end = _MARGIN + hand_w + pair * len(summary.player_names)
    pdf.line(_MARGIN, y + 5, end, y + 5)
    pdf.set_y(y + 5.5)


def _hand_table(pdf: _Sheet, summary: Summary, colors: Sequence[str]) -> None:
    if not summary.hands:
        return
    row = 5.0
    hand_w, pair = _table_layout(pdf, summary)
    end = _MARGIN + hand_w + pair * len(summary.player_names)
    _ensure(pdf, 8 + 12 + 3 * row)
    pdf.set_font(_FAMILY, "B", 12)
    pdf.set_text_color(_INK)
    pdf.text(_MARGIN, pdf.get_y() + 4, summary.hands_title)
    pdf.set_y(pdf.get_y() + 7)
    _table_header(pdf, summary, colors)
    pdf.set_fill_color(_ZEBRA)
    for index, (number, cells) in enumerate(summary.hands):
        if _ensure(pdf, row):
            _table_header(pdf, summary, colors)
            pdf.set_fill_color(_ZEBRA)
        y = pdf.get_y()
        if index % 2:
            pdf.rect(_MARGIN, y, end - _MARGIN, row, style="F")
        base = y + 3.6
        # One font switch per style and row: a long table is thousands of cells.
        pdf.set_font(_FAMILY, "", 8.5)
        pdf.set_text_color(_MUTED)
        _right(pdf, _MARGIN + hand_w - 2, base, number)
        for seat, (points, _total) in enumerate(cells):
            _right(pdf, _MARGIN + hand_w + seat * pair + pair * 0.45, base, points)
        pdf.set_font(_FAMILY, "B", 8.5)
        pdf.set_text_color(_INK)
        for seat, (_points, total) in enumerate(cells):
            _right(pdf, _MARGIN + hand_w + (seat + 1) * pair - 2, base, total)
        pdf.set_y(y + row)
    pdf.set_y(pdf.get_y() + 5)


def _notes(pdf: _Sheet, summary: Summary) -> None:
    if not summary.notes:
        return
    _ensure(pdf, 16)
    pdf.set_font(_FAMILY, "B", 12)
    pdf.set_text_color(_INK)
    pdf.text(_MARGIN, pdf.get_y() + 4, summary.notes_title)
    pdf.set_y(pdf.get_y() + 7)
    pdf.set_font(_FAMILY, "", 9.5)
    pdf.set_x(_MARGIN)
    for note in summary.notes:
        pdf.multi_cell(pdf.w - 2 * _MARGIN, 5, "• " + note, new_x="LMARGIN", new_y="NEXT")


# -- the document -------------------------------------------------------------


def render_pdf(summary: Summary, result: SessionResult) -> bytes:
    """The score sheet as PDF bytes; call inside ``use_language(lang)`` with
    the summary built in that language.

    Raises:
        FileNotFoundError: if the shipped fonts are missing from ``assets/fonts``.
    """
    chart = chart_series(result)
    landscape = len(summary.player_names) > 6
    pdf = _Sheet(orientation="L" if landscape else "P", unit="mm", format="A4")
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.c_margin = 0  # cells start exactly at the margin, like text() does
    pdf.set_auto_page_break(True, margin=_MARGIN + _FOOTER)
    pdf.add_font(_FAMILY, "", FONT_REGULAR)
    pdf.add_font(_FAMILY, "B", FONT_BOLD)
    title = _("{game} – score sheet", game=summary.title)
    pdf.set_title(title)
    pdf.set_lang({"nb": "nb-NO", "en": "en-GB"}.get(get_language(), "en"))
    pdf.set_creator("Kortpoeng")
    pdf.footer_left = " · ".join(
        ["Kortpoeng", summary.title, *([summary.date] if summary.date else [])]
    )
    # "{page}" is filled in per page by the footer, "{nb}" by fpdf2 at the end.
    pdf.footer_right = _("Page {page} of {pages}", page="{page}", pages="{nb}")
    pdf.alias_nb_pages("{nb}")
    pdf.add_page()
    _header(pdf, summary)
    standings_h = 7 + _ROW * (1 + len(summary.standings)) + 5
    if landscape:  # standings on the left, the chart beside them
        _ensure(pdf, max(standings_h, _chart_height(chart)))
        top = pdf.get_y()
        width = sum(_standings_width(pdf, summary))
        bottom = _standings(pdf, summary, chart, _MARGIN)
        pdf.set_y(top)
        bottom = max(bottom, _chart(pdf, chart, _MARGIN + width + 14, pdf.w - _MARGIN))
        pdf.set_y(bottom)
    else:
        _ensure(pdf, standings_h)
        pdf.set_y(_standings(pdf, summary, chart, _MARGIN))
        _ensure(pdf, _chart_height(chart))
        pdf.set_y(_chart(pdf, chart, _MARGIN, pdf.w - _MARGIN))
    colors = [s.color for s in chart.series]
    _hand_table(pdf, summary, colors)
    _notes(pdf, summary)
    return bytes(pdf.output())
