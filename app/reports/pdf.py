"""The PDF score sheet, drawn with fpdf2 (no matplotlib).

Page 1: the suits and the game's name, date, players and rules, the result,
the standings (each player with their chart colour), and a line chart of the
running totals with the target line; then the hand table (hand points and
running totals per player), continuing over as many pages as it needs with its
header repeated, and the hand notes. A4 portrait, or landscape for more than
six players. Every page has a footer with the page number.

:func:`render_pdf` draws the A4 sheet with the drawing kit
(:mod:`app.reports.drawing`: the shipped fonts and their fallbacks for emoji
and other scripts, text shaping, a name cut with a visible "…" where a column
is too narrow, the header, standings and chart blocks);
:mod:`app.reports.picture` draws the same blocks in a phone-sized layout and
renders it to PNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.i18n import _
from app.reports.chart import chart_series
from scoring import SessionResult

from .drawing import (
    A4,
    FAMILY,
    INK,
    MUTED,
    PT,
    RULE,
    ZEBRA,
    Sheet,
    chart_height,
    draw_centered,
    draw_chart,
    draw_header,
    draw_right,
    draw_standings,
    draw_text,
    draw_wrapped,
    ensure_room,
    fit_text,
    new_sheet,
    set_metadata,
    standings_width,
)
from .summary import Summary

__all__ = ["render_pdf"]


# -- the hand table -----------------------------------------------------------


def _table_layout(pdf: Sheet, summary: Summary) -> tuple[float, float]:
    """(hand column width, width of one player's pair of columns), in mm; the
    column saying who went out (when the game has going out) is as wide as a
    pair, after the players' (:func:`_table_end`)."""
    s = pdf.style
    hand_w = s.cell * PT * 4.7
    columns = len(summary.player_names) + (1 if summary.out_label else 0)
    pair = (pdf.w - 2 * s.margin - hand_w) / max(1, columns)
    return hand_w, min(pair, 44.0)


def _table_end(pdf: Sheet, summary: Summary) -> float:
    """Where the hand table ends on the right (mm from the page's left edge)."""
    hand_w, pair = _table_layout(pdf, summary)
    columns = len(summary.player_names) + (1 if summary.out_label else 0)
    return pdf.style.margin + hand_w + pair * columns


def _table_header(pdf: Sheet, summary: Summary, colors: Sequence[str]) -> None:
    s = pdf.style
    hand_w, pair = _table_layout(pdf, summary)
    y = pdf.get_y()
    pdf.set_font(FAMILY, "B", s.cell + 0.5)
    pdf.set_text_color(INK)
    name_base = (s.cell + 0.5) * PT * 1.25
    for seat, name in enumerate(summary.player_names):
        x = s.margin + hand_w + seat * pair
        draw_centered(pdf, x + pair / 2, y + name_base, fit_text(pdf, name, pair - 3))
        pdf.set_draw_color(colors[seat])
        pdf.set_line_width(0.8)
        pdf.line(x + 1.5, y + name_base + 1.6, x + pair - 1.5, y + name_base + 1.6)
    y += name_base + 2
    pdf.set_font(FAMILY, "", s.small)
    pdf.set_text_color(MUTED)
    base = s.small * PT * 1.35
    draw_right(pdf, s.margin + hand_w - 2, y + base, summary.hand_label)
    for seat in range(len(summary.player_names)):
        x = s.margin + hand_w + seat * pair
        draw_right(pdf, x + pair * 0.45, y + base, summary.points_label)
        draw_right(pdf, x + pair - 2, y + base, summary.sum_label)
    if summary.out_label:
        x = s.margin + hand_w + pair * len(summary.player_names)
        draw_text(pdf, x + 2, y + base, fit_text(pdf, summary.out_label, pair - 3))
    pdf.set_draw_color(RULE)
    pdf.set_line_width(0.3)
    end = _table_end(pdf, summary)
    pdf.line(s.margin, y + base + 1.4, end, y + base + 1.4)
    pdf.set_y(y + base + 1.9)


def _hand_rows(
    pdf: Sheet,
    summary: Summary,
    colors: Sequence[str],
    hands: Sequence[tuple[str, tuple[tuple[str, str], ...]]],
) -> None:
    """The rows of ``hands`` under a header, a page at a time."""
    s = pdf.style
    row = s.table_row
    hand_w, pair = _table_layout(pdf, summary)
    end = _table_end(pdf, summary)
    out_x = s.margin + hand_w + pair * len(summary.player_names) + 2
    fitted: dict[str, str] = {}  # a few names over thousands of rows
    _table_header(pdf, summary, colors)
    pdf.set_fill_color(ZEBRA)
    for index, (number, cells) in enumerate(hands):
        if ensure_room(pdf, row):
            _table_header(pdf, summary, colors)
            pdf.set_fill_color(ZEBRA)
        y = pdf.get_y()
        if index % 2:
            pdf.rect(s.margin, y, end - s.margin, row, style="F")
        base = y + row * 0.5 + 0.36 * s.cell * PT
        # One font switch per style and row: a long table is thousands of cells.
        pdf.set_font(FAMILY, "", s.cell)
        pdf.set_text_color(MUTED)
        draw_right(pdf, s.margin + hand_w - 2, base, number)
        for seat, (points, _total) in enumerate(cells):
            draw_right(pdf, s.margin + hand_w + seat * pair + pair * 0.45, base, points)
        pdf.set_font(FAMILY, "B", s.cell)
        pdf.set_text_color(INK)
        for seat, (_points, total) in enumerate(cells):
            draw_right(pdf, s.margin + hand_w + (seat + 1) * pair - 2, base, total)
        if summary.out_label:
            went = summary.hands_out[index]
            if went not in fitted:
                fitted[went] = fit_text(pdf, went, pair - 3)
            pdf.set_font(FAMILY, "", s.cell)
            pdf.set_text_color(MUTED)
            draw_text(pdf, out_x, base, fitted[went])
        pdf.set_y(y + row)
    pdf.set_y(pdf.get_y() + 5)


def _hand_table(pdf: Sheet, summary: Summary, colors: Sequence[str]) -> None:
    if not summary.hands:
        return
    s = pdf.style
    ensure_room(pdf, 8 + 12 + 3 * s.table_row)
    pdf.set_font(FAMILY, "B", s.heading)
    pdf.set_text_color(INK)
    draw_text(pdf, s.margin, pdf.get_y() + s.heading * PT, summary.hands_title)
    pdf.set_y(pdf.get_y() + s.heading * PT * 1.7)
    _hand_rows(pdf, summary, colors, summary.hands)


def _notes(pdf: Sheet, summary: Summary) -> None:
    if not summary.notes:
        return
    s = pdf.style
    ensure_room(pdf, 16)
    pdf.set_font(FAMILY, "B", s.heading)
    pdf.set_text_color(INK)
    draw_text(pdf, s.margin, pdf.get_y() + s.heading * PT, summary.notes_title)
    pdf.set_y(pdf.get_y() + s.heading * PT * 1.7)
    pdf.set_font(FAMILY, "", s.body - 0.5)
    pdf.set_x(s.margin)
    for note in summary.notes:
        draw_wrapped(pdf, pdf.w - 2 * s.margin, 5, "• " + note)


# -- the document -------------------------------------------------------------


def render_pdf(summary: Summary, result: SessionResult) -> bytes:
    """The score sheet as PDF bytes; call inside ``use_language(lang)`` with
    the summary built in that language (names and notes isolated:
    ``build_summary(..., isolate=True)``).

    Raises:
        FileNotFoundError: if the shipped fonts are missing from ``assets/fonts``.
    """
    chart = chart_series(result)
    landscape = len(summary.player_names) > 6
    pdf = new_sheet(A4, summary, orientation="L" if landscape else "P")
    set_metadata(pdf, summary)
    margin = A4.margin
    pdf.footer_left = " · ".join(
        ["Kortpoeng", summary.title, *([summary.date] if summary.date else [])]
    )
    # "{page}" is filled in per page by the footer, "{nb}" by fpdf2 at the end.
    pdf.footer_right = _("Page {page} of {pages}", page="{page}", pages="{nb}")
    pdf.alias_nb_pages("{nb}")
    pdf.add_page()
    draw_header(pdf, summary)
    standings_h = 7 + A4.row * (1 + len(summary.standings)) + 5
    if landscape:  # standings on the left, the chart beside them
        ensure_room(pdf, max(standings_h, chart_height(pdf, chart)))
        top = pdf.get_y()
        width = sum(standings_width(pdf, summary))
        bottom = draw_standings(pdf, summary, chart, margin)
        pdf.set_y(top)
        bottom = max(bottom, draw_chart(pdf, chart, margin + width + 14, pdf.w - margin))
        pdf.set_y(bottom)
    else:
        ensure_room(pdf, standings_h)
        pdf.set_y(draw_standings(pdf, summary, chart, margin))
        ensure_room(pdf, chart_height(pdf, chart))
        pdf.set_y(draw_chart(pdf, chart, margin, pdf.w - margin))
    colors = [s.color for s in chart.series]
    _hand_table(pdf, summary, colors)
    _notes(pdf, summary)
    return bytes(pdf.output())
