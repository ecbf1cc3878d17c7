"""The export sheet's model (the session screen's *Share or save*, issue 5),
in plain Python: the summary made for the clipboard when the sheet opens, an
export made in the language on screen (:func:`app.reports.export_file`), and
on the desktop the file written where the save dialog chose
(:func:`save_export`: atomically, never over the database, over another
file only after "Replace …?" was answered yes). Each says what happened
("Copied to the clipboard", "Saved …", "Shared …") or why not, in words.

Where an export goes (a phone's share sheet, the browser's download, the
desktop's save dialog) is the device's: the component hands the bytes over
and tells the model how it went (:meth:`ExportSheet.handed`,
:meth:`ExportSheet.shared`).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import _
from app.messages import os_reason
from app.ui.state.flow import FlowState, Question, run_flow

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.reports import ExportFile
    from app.ui.state.ports import Ports

__all__ = ["DONE", "ERROR", "FORMATS", "ExportSheet", "format_label", "save_export"]

logger = logging.getLogger(__name__)

#: Semantics ids of what the sheet says: done, or a refusal.
DONE = "export-done"
ERROR = "export-error"
#: The formats offered as files, in menu order.
FORMATS = ("png", "pdf", "md", "csv", "json")


def format_label(fmt: str) -> str:
    """The menu line of a file format (translated at call time)."""
    return {
        "png": _("Picture for a chat (PNG)"),
        "pdf": _("PDF score sheet"),
        "md": _("Markdown"),
        "csv": _("CSV for spreadsheets"),
        "json": _("Session file (JSON)"),
    }[fmt]


def save_export(
    path: str | os.PathLike[str], data: bytes, *, replace: bool, engine: Engine | None = None
) -> Path:
    """Write an export the desktop save dialog chose a path for: atomically
    (:func:`models.safe_files.write_atomic`), never over ``engine``'s database
    (or any SQLite file), and over an existing file only with ``replace`` (the
    user said yes). Returns the file written.

    Raises :class:`models.errors.OutputExists` (ask first),
    :class:`models.errors.OutputIsDatabase` and ``OSError`` (full disk, no
    permission: the old file is then unchanged).
    """
    from app import storage
    from models.faults import database_file
    from models.safe_files import check_target, write_atomic

    engine = engine if engine is not None else storage.engine()
    target = check_target(path, force=replace, database=database_file(engine))
    write_atomic(target, data)
    return target


@ft.observable
@dataclass(eq=False)
class ExportSheet(FlowState):
    """The export sheet of one session screen.

    Attributes:
        ports: the use cases.
        session_id: the session exported.
        open: the sheet is on show.
        text: the summary for the clipboard (``""`` while it is being made).
        pending: the file waiting for the answer to "Replace …?": its path
            and bytes, or ``None``.
    """

    ports: Ports | None = None
    session_id: int = 0
    open: bool = False
    text: str = ""
    pending: tuple[str, bytes] | None = None

    def _ports(self) -> Ports:
        if self.ports is None:  # pragma: no cover - always given by the screen
            raise RuntimeError("ExportSheet without ports")
        return self.ports

    def say(self, text: str, *, problem: bool = False, identifier: str = "") -> None:
        """Say ``text`` in the bar at the foot of the screen (:data:`DONE`,
        or :data:`ERROR` for a problem)."""
        super().say(text, problem=problem, identifier=identifier or (ERROR if problem else DONE))

    async def show(self, lang: str) -> bool:
        """Open the sheet and make the summary for its *Copy as text* (the
        client copies it inside the tap: it has to be made first). A refusal
        closes the sheet and says why. Returns whether the text was made."""
        from app.reports import export_text

        ports = self._ports()
        self.text = ""
        self.open = True

        def refused(words: str, _error: Exception) -> None:
            self.open = False
            self.say(words, problem=True)

        async def work() -> str:
            return str(await ports.run(export_text, session_id=self.session_id, lang=lang))

        outcome = await run_flow(None, ports, work, refused=refused)
        if outcome is None:
            return False
        self.text = outcome.value
        return True

    def close(self) -> None:
        """The sheet was dismissed."""
        self.open = False

    def copied(self) -> None:
        """*Copy as text* was tapped (the client copied the summary)."""
        self.open = False
        self.say(_("Copied to the clipboard"))

    async def make(self, fmt: str, lang: str) -> ExportFile | None:
        """A file format was tapped: the sheet closes and the export is made
        (``fmt`` one of :data:`FORMATS`, in ``lang``). Returns it, or
        ``None`` with the refusal said."""
        from app.reports import export_file

        ports = self._ports()
        self.open = False

        async def work() -> ExportFile:
            return await ports.run(export_file, session_id=self.session_id, fmt=fmt, lang=lang)

        outcome = await run_flow(self, ports, work)
        return outcome.value if outcome is not None else None

    def handed(self, name: str) -> None:
        """The export was saved as ``name`` (downloaded by the browser, or
        saved by the phone's own dialog)."""
        self.say(_("Saved {file}", file=name))

    def shared(self, name: str) -> None:
        """The export ``name`` went to the phone's share sheet."""
        self.say(_("Shared {file}", file=name))

    async def write(self, path: str, data: bytes, *, replace: bool = False) -> bool:
        """Write the export ``data`` where the desktop save dialog chose
        (:func:`save_export`). Over an existing file it asks "Replace …?"
        first (:meth:`answer` goes on); a refusal (the database itself…) or
        a file that cannot be written is said in words, and nothing was
        written. Returns whether it was written."""
        from models.errors import OutputExists

        ports = self._ports()
        name = PurePath(path).name

        async def work() -> Path | OSError:
            try:
                return await ports.run(save_export, path=path, data=data, replace=replace)
            except OSError as error:  # full disk, no permission: the old file is unchanged
                return error

        def refused(words: str, error: Exception) -> None:
            if isinstance(error, OutputExists) and not replace:
                self.pending = (path, data)
                self.ask(
                    Question(
                        title=_("Replace {file}?", file=name),
                        text=_("A file with this name exists already. Replace it with the export?"),
                        yes=_("Replace"),
                        no=_("Cancel"),
                        yes_id="export-replace",
                        no_id="export-keep",
                    )
                )
            else:
                self.say(words, problem=True)

        outcome = await run_flow(self, ports, work, refused=refused)
        if outcome is None:
            return False
        if isinstance(outcome.value, OSError):
            self.say(
                _("Cannot write {file}: {reason}", file=name, reason=os_reason(outcome.value)),
                problem=True,
            )
            return False
        logger.info("Saved %s", path)
        self.say(_("Saved {file}", file=name))
        return True

    async def answer(self, yes: bool) -> bool:
        """The answer to "Replace …?": yes writes the file over the old one;
        no (or the dialog dismissed) leaves it. Returns whether it was written."""
        pending = self.pending
        self.pending = None
        self.answered()
        if not yes or pending is None:
            return False
        path, data = pending
        return await self.write(path, data, replace=True)
