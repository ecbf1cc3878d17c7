"""Export and share from the session screen (issue 5): an icon button in the
top bar that opens a sheet offering the summary as text on the clipboard, or a
picture (PNG), a PDF, Markdown, CSV or JSON file, in the language on screen.

The bytes come from :func:`app.reports.export_file` (off the event loop). On
a phone (an app, or a phone's browser) the picture, the PDF and the session
file go to the system share sheet (``flet.Share``, :mod:`app.ui.phone`), to
send to the family chat or save; where there is none, the browser downloads
the file. Otherwise, in a browser (and on a phone) they are handed to Flet's
``FilePicker.save_file(file_name=…, src_bytes=…)``, which downloads the file
(or lets the phone's own dialog save it). On the desktop the save dialog only
picks the path and the app writes the file itself (:func:`save_export`):
atomically, never over the database or any SQLite file, and over another
existing file only after asking "Replace …?". The clipboard is written by the client
inside the tap itself (``ft.CopyToClipboard`` as the tile's ``action``), which
is the only way Safari allows it; the text is therefore made when the sheet
opens. A SnackBar confirms ("Copied to the clipboard" / "Saved …").

The picture (PNG) is the score sheet sized for a phone, to share in a chat app.

Semantics identifiers: ``export`` (the button), ``export-copy`` and
``export-<fmt>`` for ``png``, ``pdf``, ``md``, ``csv``, ``json`` (the sheet's
tiles); ``export-replace`` / ``export-keep`` (the replace question's buttons).
"""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path, PurePath
from typing import cast

import flet as ft
from sqlalchemy.engine import Engine

from app import storage
from app.i18n import _, get_language
from app.messages import game_name, os_reason
from app.reports import export_file, export_text
from app.ui.common import describe_problem, run_use_case, tagged
from app.ui.phone import share_file, uses_share_sheet
from models.errors import OutputExists
from models.faults import database_file
from models.safe_files import check_target, write_atomic
from models.views import SessionView
from scoring import CodedError

__all__ = ["FILE_FORMATS", "ExportButton", "save_export"]

logger = logging.getLogger(__name__)

#: Formats offered as files, in menu order: (key, icon).
FILE_FORMATS: tuple[tuple[str, ft.IconData], ...] = (
    ("png", ft.Icons.IMAGE_OUTLINED),
    ("pdf", ft.Icons.PICTURE_AS_PDF_OUTLINED),
    ("md", ft.Icons.ARTICLE_OUTLINED),
    ("csv", ft.Icons.TABLE_CHART_OUTLINED),
    ("json", ft.Icons.DATA_OBJECT),
)


def _format_label(fmt: str) -> str:
    """The menu line of a file format (translated at call time)."""
    return {
        "png": _("Picture for a chat (PNG)"),
        "pdf": _("PDF score sheet"),
        "md": _("Markdown"),
        "csv": _("CSV for spreadsheets"),
        "json": _("Session file (JSON)"),
    }[fmt]


def _say(message: str, *, error: bool = False) -> None:
    """A SnackBar with ``message``."""
    ft.context.page.show_dialog(
        ft.SnackBar(
            content=tagged(
                "export-done" if not error else "export-error",
                ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
            ),
            bgcolor=ft.Colors.ERROR if error else None,
        )
    )


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
    engine = engine if engine is not None else storage.engine()
    target = check_target(path, force=replace, database=database_file(engine))
    write_atomic(target, data)
    return target


def _ask_replace(page: ft.Page, name: str) -> asyncio.Future[bool]:
    """Ask whether to replace the file ``name``; the future says yes or no."""
    answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def close(choice: bool):
        def handler(_e: ft.Event) -> None:
            page.pop_dialog()
            if not answer.done():
                answer.set_result(choice)

        return handler

    def dismissed(_e: ft.Event) -> None:
        if not answer.done():
            answer.set_result(False)

    page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(_("Replace {file}?", file=name)),
            content=ft.Text(_("A file with this name exists already. Replace it with the export?")),
            actions=[
                tagged("export-keep", ft.TextButton(_("Cancel"), on_click=close(False))),
                tagged("export-replace", ft.FilledButton(_("Replace"), on_click=close(True))),
            ],
            on_dismiss=dismissed,
        )
    )
    return answer


@ft.component
def ExportButton(view: SessionView) -> ft.Control:
    """The top-bar button and its sheet for session ``view``."""
    open_, set_open = ft.use_state(False)
    text, set_text = ft.use_state("")
    picker = ft.use_ref(cast("ft.FilePicker | None", None))
    sheet = ft.use_ref(cast("ft.Share | None", None))

    async def show(_e: ft.Event) -> None:
        set_text("")
        set_open(True)
        try:
            set_text(await run_use_case(export_text, session_id=view.id, lang=get_language()))
        except CodedError as problem:
            set_open(False)
            _say(describe_problem(problem), error=True)

    def copied(_e: ft.Event) -> None:
        set_open(False)
        _say(_("Copied to the clipboard"))

    async def save(fmt: str) -> None:
        set_open(False)
        try:
            out = await run_use_case(export_file, session_id=view.id, fmt=fmt, lang=get_language())
        except CodedError as problem:
            _say(describe_problem(problem), error=True)
            return
        page = ft.context.page
        if uses_share_sheet(page.platform, fmt):  # a phone: its own share sheet
            if sheet.current is None:
                sheet.current = ft.Share()
            shared = await share_file(
                sheet.current,
                out.filename,
                out.data,
                out.media_type,
                title=game_name(view.game_rules),
            )
            if shared is not None:
                if shared.status is ft.ShareResultStatus.SUCCESS:
                    _say(_("Shared {file}", file=out.filename))
                elif shared.status is ft.ShareResultStatus.UNAVAILABLE and page.web:
                    _say(_("Saved {file}", file=out.filename))  # the browser downloaded it
                return
        if picker.current is None:
            picker.current = ft.FilePicker()
        if page.web or (
            page.platform is not None and page.platform.is_mobile()
        ):  # the browser or the phone saves it
            path = await picker.current.save_file(
                dialog_title=_("Save the session"), file_name=out.filename, src_bytes=out.data
            )
            if page.web:
                logger.info("Download of %s handed to the browser", out.filename)
                _say(_("Saved {file}", file=out.filename))
            elif path:
                logger.info("Saved %s", path)
                _say(_("Saved {file}", file=PurePath(path).name))
            return
        path = await picker.current.save_file(
            dialog_title=_("Save the session"), file_name=out.filename
        )
        if not path:
            return
        name = PurePath(path).name
        replace = False
        while True:
            try:
                await asyncio.to_thread(save_export, path, out.data, replace=replace)
            except OutputExists:
                if replace or not await _ask_replace(page, name):
                    return
                replace = True
                continue
            except CodedError as problem:
                _say(describe_problem(problem), error=True)
                return
            except OSError as error:
                _say(
                    _("Cannot write {file}: {reason}", file=name, reason=os_reason(error)),
                    error=True,
                )
                return
            logger.info("Saved %s", path)
            _say(_("Saved {file}", file=name))
            return

    def saver(fmt: str):
        async def handler(_e: ft.Event) -> None:
            await save(fmt)

        return handler

    tiles: list[ft.Control] = [
        ft.Container(
            content=ft.Text(_("Share or save"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            padding=ft.Padding.only(left=16, right=16, top=8, bottom=4),
        ),
        tagged(
            "export-copy",
            ft.ListTile(
                leading=ft.Icon(ft.Icons.CONTENT_COPY),
                title=ft.Text(_("Copy as text")),
                subtitle=ft.Text(_("Paste it into a message")) if text else ft.Text("…"),
                action=ft.CopyToClipboard(text) if text else None,
                on_click=copied,
                disabled=not text,
                min_height=56,
            ),
            button=True,
        ),
    ]
    for fmt, icon in FILE_FORMATS:
        tiles.append(
            tagged(
                f"export-{fmt}",
                ft.ListTile(
                    leading=ft.Icon(icon),
                    title=ft.Text(_format_label(fmt)),
                    on_click=saver(fmt),
                    min_height=56,
                ),
                button=True,
            )
        )
    ft.use_dialog(
        ft.BottomSheet(
            content=ft.Container(
                content=ft.Column(tiles, tight=True, spacing=0),
                padding=ft.Padding.only(bottom=16),
                width=560,
            ),
            show_drag_handle=True,
            on_dismiss=lambda _e: set_open(False),
        )
        if open_
        else None
    )
    return tagged(
        "export",
        ft.IconButton(icon=ft.Icons.SHARE_OUTLINED, tooltip=_("Share or save"), on_click=show),
    )
