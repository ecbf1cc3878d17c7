"""CSV export: one row per hand, two columns per player (hand points, running total).

Conventions, chosen so that a double-click opens the file correctly:

* Encoding UTF-8 **with** a byte-order mark in both languages (the bytes from
  :func:`app.reports.render_export`): Excel only detects UTF-8 from the BOM,
  and without it shows "Ã¸" for "ø"; LibreOffice and Python's ``utf-8-sig``
  read it transparently. :func:`to_csv` itself returns text without the BOM.
* Separator ``,`` in English and ``;`` in Norwegian: Norwegian spreadsheet
  programs use the comma as the decimal separator and expect ``;`` between
  fields.
* Every value is a whole number of points, written as plain ASCII digits with a
  leading ``-`` when negative and no thousands separator, which spreadsheets
  in both locales read as a number (a no-break-space-grouped "1 234" would be
  read as text).
* Line ends ``\\r\\n`` (RFC 4180). Every text cell is quoted, every number is
  not (so a spreadsheet keeps it a number, negative totals included).
* Formula injection is neutralised as OWASP's "CSV Injection" guidance says: a
  text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return (a player called ``=HYPERLINK(…)`` or ``+47 Ola``) gets a single quote
  in front, so Excel and LibreOffice show it as text instead of running it.
"""

from __future__ import annotations

import csv
import io

from .summary import Summary

__all__ = ["FORMULA_STARTS", "SEPARATORS", "neutralise", "render_csv", "separator"]

#: Field separator per language.
SEPARATORS = {"en": ",", "nb": ";"}

#: First characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(text: str) -> str:
    """A text cell made safe to open in a spreadsheet: ``text`` with a single
    quote in front when it starts like a formula (:data:`FORMULA_STARTS`),
    otherwise unchanged.

    >>> print(neutralise('=HYPERLINK("http://example.com";"Kari")'))
    '=HYPERLINK("http://example.com";"Kari")
    >>> print(neutralise("+47 Ola"), neutralise("-Per"), neutralise("@Siv"), neutralise("Åse"))
    '+47 Ola '-Per '@Siv Åse
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def separator(lang: str) -> str:
    """The CSV field separator for ``lang`` (``"nb"`` → ``;``, otherwise ``,``).

    >>> separator("nb"), separator("en")
    (';', ',')
    """
    return SEPARATORS.get(lang, ",")


def render_csv(summary: Summary, lang: str) -> str:
    """The hand table as CSV text (no BOM).

    Header: the hand-number heading, then per player in seat order the
    "points" and "total" headings (text, quoted, made safe by :func:`neutralise`);
    in a progress game (RULES.md §8), per player the phases completed after
    each hand ("Ada: phases completed"); then, when the game has going out,
    the "went out" heading; then one row per hand (whole numbers, unquoted;
    who went out, or the game's word for a blocked hand, as text made safe).
    """
    buffer = io.StringIO()
    writer = csv.writer(
        buffer,
        delimiter=separator(lang),
        lineterminator="\r\n",
        quoting=csv.QUOTE_NONNUMERIC,  # text quoted, int written bare
    )
    header = [summary.hand_label]
    for points, total in zip(summary.points_columns, summary.total_columns, strict=True):
        header += [points, total]
    header += summary.stage_columns
    if summary.out_label:
        header.append(summary.out_label)
    writer.writerow([neutralise(cell) for cell in header])
    stages = summary.hand_stages or ((),) * len(summary.hand_values)
    rows = zip(summary.hand_values, stages, summary.hands_out, strict=True)
    for number, (row, done, went) in enumerate(rows, 1):
        cells: list[int | str] = [number, *(value for pair in row for value in pair), *done]
        if summary.out_label:
            cells.append(neutralise(went))
        writer.writerow(cells)
    return buffer.getvalue()
