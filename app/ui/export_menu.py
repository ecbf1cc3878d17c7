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

import logging
from pathlib import PurePath
from typing import cast

import flet as ft

from app.i18n import _, get_language
from app.messages import game_name
from app.ui.common import tagged, use_created
from app.ui.dialogs import use_question, use_said
from app.ui.loading import page_ports
from app.ui.phone import share_file, uses_share_sheet
from app.ui.state.export import FORMATS, ExportSheet, format_label, save_export
from app.ui.state.views import SessionView

__all__ = ["FILE_FORMATS", "ExportButton", "save_export"]

logger = logging.getLogger(__name__)

#: Formats offered as files, in menu order: (key, icon).
FILE_FORMATS: tuple[tuple[str, ft.IconData], ...] = tuple(
    zip(
        FORMATS,
        (
            ft.Icons.IMAGE_OUTLINED,
            ft.Icons.PICTURE_AS_PDF_OUTLINED,
            ft.Icons.ARTICLE_OUTLINED,
            ft.Icons.TABLE_CHART_OUTLINED,
            ft.Icons.DATA_OBJECT,
        ),
        strict=True,
    )
)


@ft.component
def ExportButton(view: SessionView) -> ft.Control:
    """The top-bar button and its sheet for session ``view``; what they do
    is the model's (:class:`app.ui.state.export.ExportSheet`)."""
    model = use_created(lambda: ExportSheet(ports=page_ports(), session_id=view.id))
    model.session_id = view.id
    picker = ft.use_ref(cast("ft.FilePicker | None", None))
    sheet = ft.use_ref(cast("ft.Share | None", None))
    use_question(model.asking, model.answer)
    use_said(model.said, model.unsay)
    text = model.text

    async def show(_e: ft.Event) -> None:
        await model.show(get_language())

    def copied(_e: ft.Event) -> None:
        model.copied()

    async def save(fmt: str) -> None:
        out = await model.make(fmt, get_language())
        if out is None:
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
                    model.shared(out.filename)
                elif shared.status is ft.ShareResultStatus.UNAVAILABLE and page.web:
                    model.handed(out.filename)  # the browser downloaded it
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
                model.handed(out.filename)
            elif path:
                logger.info("Saved %s", path)
                model.handed(PurePath(path).name)
            return
        path = await picker.current.save_file(
            dialog_title=_("Save the session"), file_name=out.filename
        )
        if path:  # the desktop: written here, asking before replacing a file
            await model.write(path, out.data)

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
                    title=ft.Text(format_label(fmt)),
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
            on_dismiss=lambda _e: model.close(),
        )
        if model.open
        else None
    )
    return tagged(
        "export",
        ft.IconButton(icon=ft.Icons.SHARE_OUTLINED, tooltip=_("Share or save"), on_click=show),
    )
