"""The picture of the score sheet: a PNG to share in a family chat.

A phone shows a picture as wide as its screen, so the picture is laid out for
that: :data:`WIDTH` pixels wide (1080), every letter at least
:data:`MIN_TEXT_PX` pixels tall at that width (28), as high as it needs to be.
It holds the title, date, players and result, the standings (every name whole,
with its chart colour), the chart of running totals, and the hand table — the
running totals per player after each of the last :data:`LAST_HANDS` hands and,
in a game where players go out, who went out of each (or the game's word for
a hand nobody went out of), as in the other exports, with a line saying how
many earlier hands are left out.

There is one drawing path: the blocks of the PDF score sheet
(:mod:`app.reports.drawing`, so the same fonts, emoji fallback and text shaping)
are drawn with the sizes of :data:`PICTURE` on a page :data:`PAGE_WIDTH_MM`
wide, and that page is rendered to pixels by PDFium (:mod:`pypdfium2`) and
written as PNG by Pillow.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from app.i18n import _, ngettext
from app.reports.chart import chart_series
from scoring import SessionResult

if TYPE_CHECKING:
    from fpdf import FPDF

from .drawing import (
    FAMILY,
    GRID,
    INK,
    MUTED,
    PT,
    RULE,
    ZEBRA,
    Style,
    draw_centered,
    draw_chart,
    draw_header,
    draw_right,
    draw_standings,
    draw_text,
    fit_text,
    new_sheet,
    set_metadata,
    text_width,
)
from .summary import Summary

__all__ = [
    "LAST_HANDS",
    "MIN_TEXT_PX",
    "PAGE_WIDTH_MM",
    "PICTURE",
    "WIDTH",
    "picture_pdf",
    "render_png",
]

#: The picture's width in pixels.
WIDTH = 1080
#: The width of the page drawn for it, in mm: 10 pixels per mm.
PAGE_WIDTH_MM = 108.0
#: The smallest letter, in pixels at :data:`WIDTH` (the font size in points
#: times :data:`SCALE`); every size in :data:`PICTURE` is at least this.
MIN_TEXT_PX = 28
#: Pixels per PDF point.
SCALE = WIDTH / (PAGE_WIDTH_MM / PT)
#: The hands the table shows at most: the last ones.
LAST_HANDS = 12

#: The picture's sizes: readable on a phone without zooming.
PICTURE = Style(
    margin=5.0,
    title=15.0,
    subtitle=9.5,
    result=11.0,
    heading=11.5,
    body=10.5,
    label=8.5,
    small=8.5,
    cell=9.5,
    row=7.4,
    table_row=6.4,
    chart_height=52.0,
    suits=13.0,
    legend=False,
)

_TALL = 3000.0  # mm: the page is drawn tall, and the picture cut to what was drawn


def _hand_table(pdf: FPDF, summary: Summary, colors: Sequence[str], last: int = LAST_HANDS) -> None:
    """Running totals per player after each of the last ``last`` hands, then
    who went out of each (a column of its own, as wide as a player's, when
    the game has going out), with the number of earlier hands left out."""
    s = PICTURE
    hands = summary.hands[-last:]
    outs = summary.hands_out[-last:] if summary.out_label else ()
    left_out = len(summary.hands) - len(hands)
    y = pdf.get_y()
    pdf.set_font(FAMILY, "B", s.heading)
    pdf.set_text_color(INK)
    draw_text(pdf, s.margin, y + s.heading * PT, summary.hands_title)
    y += s.heading * PT * 1.8
    if left_out:
        pdf.set_font(FAMILY, "", s.small)
        pdf.set_text_color(MUTED)
        line = ngettext(
            "{n} earlier hand is not shown", "{n} earlier hands are not shown", left_out
        )
        draw_text(pdf, s.margin, y + s.small * PT, line)
        y += s.small * PT * 1.9
    players = len(summary.player_names)
    columns = players + (1 if outs else 0)
    pdf.set_font(FAMILY, "", s.cell)
    hand_w = max(text_width(pdf, summary.hand_label), text_width(pdf, summary.hands[-1][0])) + 3
    column = (pdf.w - 2 * s.margin - hand_w) / max(1, columns)
    out_x = s.margin + hand_w + column * players + 1.5
    end = s.margin + hand_w + column * columns
    # Heading: the hand label, then each player's name over a bar of their colour.
    pdf.set_font(FAMILY, "", s.small)
    pdf.set_text_color(MUTED)
    base = y + s.cell * PT * 1.1
    draw_right(pdf, s.margin + hand_w - 2, base, summary.hand_label)
    pdf.set_font(FAMILY, "B", s.small)
    pdf.set_text_color(INK)
    for seat, name in enumerate(summary.player_names):
        x = s.margin + hand_w + seat * column
        draw_centered(pdf, x + column / 2, base, fit_text(pdf, name, column - 1.5))
        pdf.set_draw_color(colors[seat])
        pdf.set_line_width(0.9)
        pdf.line(x + 0.8, base + 1.6, x + column - 0.8, base + 1.6)
    if outs:
        pdf.set_font(FAMILY, "", s.small)
        pdf.set_text_color(MUTED)
        draw_text(pdf, out_x, base, fit_text(pdf, summary.out_label, column - 2))
    y = base + 2.4
    pdf.set_fill_color(ZEBRA)
    row = s.table_row
    top = y
    for index, (number, cells) in enumerate(hands):
        if (left_out + index) % 2:
            pdf.rect(s.margin, y, end - s.margin, row, style="F")
        base = y + row * 0.5 + 0.36 * s.cell * PT
        pdf.set_font(FAMILY, "", s.cell)
        pdf.set_text_color(MUTED)
        draw_right(pdf, s.margin + hand_w - 2, base, number)
        # The totals after the last hand stand out; the others are regular
        # (narrower), so that wide numbers keep apart.
        pdf.set_font(FAMILY, "B" if index == len(hands) - 1 else "", s.cell)
        pdf.set_text_color(INK)
        for seat, (_points, total) in enumerate(cells):
            draw_right(pdf, s.margin + hand_w + (seat + 1) * column - 1.5, base, total)
        if outs:
            pdf.set_font(FAMILY, "", s.cell)
            pdf.set_text_color(MUTED)
            draw_text(pdf, out_x, base, fit_text(pdf, outs[index], column - 2.5))
        y += row
    pdf.set_draw_color(GRID)
    pdf.set_line_width(0.25)
    for seat in range(1, columns):  # a thin rule between the columns
        x = s.margin + hand_w + seat * column
        pdf.line(x, top, x, y)
    pdf.set_draw_color(RULE)
    pdf.set_line_width(0.3)
    pdf.line(s.margin, y, end, y)
    pdf.set_y(y + 3)


def picture_pdf(summary: Summary, result: SessionResult) -> tuple[bytes, float]:
    """The picture's page as PDF bytes and the height drawn on it (mm from the
    top); the page itself is taller. Call inside ``use_language(lang)`` with
    the summary built in that language (names isolated).

    Raises:
        FileNotFoundError: if the shipped fonts are missing from ``assets/fonts``.
    """
    chart = chart_series(result)
    pdf = new_sheet(PICTURE, summary, format=(PAGE_WIDTH_MM, _TALL))
    pdf.with_footer = False
    pdf.set_auto_page_break(False)
    set_metadata(pdf, summary)
    pdf.add_page()
    draw_header(pdf, summary)
    pdf.set_y(draw_standings(pdf, summary, chart, PICTURE.margin))
    if summary.hands:
        pdf.set_y(draw_chart(pdf, chart, PICTURE.margin, pdf.w - PICTURE.margin))
        _hand_table(pdf, summary, [s.color for s in chart.series])
    # A last line: where the picture comes from.
    pdf.set_font(FAMILY, "", PICTURE.small)
    pdf.set_text_color(MUTED)
    bottom = pdf.get_y() + PICTURE.small * PT * 1.2
    draw_right(pdf, pdf.w - PICTURE.margin, bottom, _("Kortpoeng"))
    return bytes(pdf.output()), bottom + PICTURE.margin


def render_png(summary: Summary, result: SessionResult) -> bytes:
    """The picture as PNG bytes: :data:`WIDTH` pixels wide, RGB on white.

    Raises:
        FileNotFoundError: if the shipped fonts are missing from ``assets/fonts``.
    """
    import pypdfium2 as pdfium  # loaded only when a picture is asked for

    data, height = picture_pdf(summary, result)
    document = pdfium.PdfDocument(data)
    try:
        page = document[0]
        cut = (_TALL - height) / PT  # points below what was drawn
        bitmap = page.render(scale=SCALE, crop=(0, cut, 0, 0), fill_color=(255, 255, 255, 255))
        image = bitmap.to_pil()
        if image.width != WIDTH:  # rounding of the page size to whole pixels
            image = image.crop((0, 0, WIDTH, image.height))
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=6)
        return out.getvalue()
    finally:
        document.close()
