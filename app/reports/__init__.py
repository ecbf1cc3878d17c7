"""What Kortpoeng writes for people to read: the exports of a session
(:mod:`~app.reports.exports`: text, Markdown, CSV, PDF, picture, JSON; over
:mod:`~app.reports.summary`, :mod:`~app.reports.text`,
:mod:`~app.reports.spreadsheet`, :mod:`~app.reports.pdf` and
:mod:`~app.reports.picture`), the statistics (:mod:`~app.reports.statistics`)
and the score chart (:mod:`~app.reports.chart`). No flet import.

The exports' names are imported from the package; each module is loaded when
one of its names is first asked for (PEP 562), so that ``kortpoeng stats``
does not load the exports, nor ``kortpoeng export --format txt`` the PDF.
(``app.reports.summary`` is the summary's module; the function that builds
an export's summary is :func:`app.reports.exports.summary`.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.reports.exports import (
        FORMATS,
        ExportFile,
        ExportFormat,
        export_file,
        export_filename,
        export_text,
        render_export,
        to_csv,
        to_json,
        to_markdown,
        to_pdf,
        to_png,
        to_text,
    )

__all__ = [
    "FORMATS",
    "ExportFile",
    "ExportFormat",
    "export_file",
    "export_filename",
    "export_text",
    "render_export",
    "to_csv",
    "to_json",
    "to_markdown",
    "to_pdf",
    "to_png",
    "to_text",
]

# Every name lives in the exports' module.
__getattr__, __dir__ = lazy_names(__name__, dict.fromkeys(__all__, "app.reports.exports"))
