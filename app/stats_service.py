"""Use cases behind the statistics screen and the session screen's export menu
(issue 5), on top of :mod:`models.services`; no Flet here.

Like :mod:`app.services`, each function opens a short :class:`sqlmodel.Session`
on the process's one engine (:func:`app.services.engine`), calls the storage
services and returns plain values, so the screens never touch the database.
Errors are the storage services' typed errors (``code`` + ``params``) and
:class:`ValueError` for an unknown format or language, raised unchanged.

The functions are synchronous and may take a while on a long history (every
finished session is scored for the statistics; a PDF is drawn): call them from
the UI with ``await asyncio.to_thread(...)``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlmodel import Session

from app import services
from app.exports import FORMATS, export_filename, export_session, to_text
from app.statistics import GameStatistics, stored_statistics
from models.services import session_doc

__all__ = ["ExportFile", "export_file", "export_text", "game_statistics"]

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ExportFile:
    """One export ready to save or download.

    Attributes:
        filename: ASCII file name (``kortpoeng-<game>-<date>.<ext>``).
        data: the file's bytes.
        media_type: its MIME type (from :data:`app.exports.FORMATS`).
    """

    filename: str
    data: bytes
    media_type: str


def game_statistics() -> tuple[GameStatistics, ...]:
    """Per game, per player statistics over every finished session outside the
    trash (see :func:`app.statistics.player_statistics`); empty when no session
    has finished."""
    with Session(services.engine()) as db:
        return stored_statistics(session=db)


def export_file(session_id: int, fmt: str, lang: str) -> ExportFile:
    """Session ``session_id`` exported as format ``fmt`` (a key of
    :data:`app.exports.FORMATS`) in language ``lang`` (``nb`` or ``en``).

    Raises ``SessionNotFound``, :class:`ValueError` (format or language) or a
    scoring error when the stored session cannot be scored.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown export format {fmt!r}")
    with Session(services.engine()) as db:
        doc = session_doc(session=db, session_id=session_id)
    data = export_session(doc, fmt, lang)
    logger.info("Exported session %s as %s (%d bytes)", session_id, fmt, len(data))
    return ExportFile(export_filename(doc, fmt), data, FORMATS[fmt].media_type)


def export_text(session_id: int, lang: str) -> str:
    """The plain-text summary of session ``session_id`` in ``lang``, for the
    clipboard. Errors as :func:`export_file`."""
    with Session(services.engine()) as db:
        doc = session_doc(session=db, session_id=session_id)
    return to_text(doc, lang=lang)
