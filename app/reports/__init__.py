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

import importlib
from typing import TYPE_CHECKING, Any

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

#: Where each name of the package lives.
_HOME: dict[str, str] = {
    "FORMATS": "app.reports.exports",
    "ExportFile": "app.reports.exports",
    "ExportFormat": "app.reports.exports",
    "export_file": "app.reports.exports",
    "export_filename": "app.reports.exports",
    "export_text": "app.reports.exports",
    "render_export": "app.reports.exports",
    "to_csv": "app.reports.exports",
    "to_json": "app.reports.exports",
    "to_markdown": "app.reports.exports",
    "to_pdf": "app.reports.exports",
    "to_png": "app.reports.exports",
    "to_text": "app.reports.exports",
}


def __getattr__(name: str) -> Any:
    """Load the module that holds ``name`` (PEP 562) and keep the name here."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])


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
