"""The trash screen (``/trash``): deleted sessions and hands, kept
:data:`app.ui.state.trash_screen.KEEP_DAYS` days; each can be put back
(Restore) or deleted for good after a confirmation. Reached from the sessions
list. What it does is its model's (:class:`app.ui.state.trash_screen.TrashScreen`);
this draws it and binds the taps."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from app.i18n import _
from app.ui.common import (
    TOUCH,
    Screen,
    describe_problem,
    section_title,
    tagged,
    use_app,
    use_created,
    use_loaded,
)
from app.ui.dialogs import use_question
from app.ui.loading import page_ports
from app.ui.state.trash_screen import TrashScreen as TrashModel
from app.ui.state.trash_screen import describe, keep_days_text, load_trash
from app.ui.state.views import TrashedHand, TrashedSession

__all__ = ["TrashScreen"]


@ft.component
def TrashEntry(
    item: TrashedSession | TrashedHand,
    on_restore: Callable[[TrashedSession | TrashedHand], Awaitable[bool]],
    on_forget: Callable[[TrashedSession | TrashedHand], None],
) -> ft.Control:
    """One thing in the trash with its Restore and Delete for good buttons."""
    title, subtitle = describe(item)

    async def restore(_e: ft.Event) -> None:
        await on_restore(item)

    def forget(_e: ft.Event) -> None:
        on_forget(item)

    key = item.key.lower()
    return tagged(
        f"trash-{key}",
        ft.Card(
            content=ft.Container(
                content=ft.Column(
                    [
                        ft.ListTile(
                            leading=ft.Icon(
                                ft.Icons.STYLE_OUTLINED
                                if isinstance(item, TrashedSession)
                                else ft.Icons.FORMAT_LIST_NUMBERED
                            ),
                            title=ft.Text(title, weight=ft.FontWeight.W_600),
                            subtitle=ft.Text(subtitle),
                            is_three_line=True,
                        ),
                        ft.Row(
                            [
                                tagged(
                                    f"trash-forget-{key}",
                                    ft.TextButton(
                                        _("Delete for good"),
                                        icon=ft.Icons.DELETE_FOREVER_OUTLINED,
                                        on_click=forget,
                                        height=TOUCH,
                                    ),
                                    button=True,
                                ),
                                tagged(
                                    f"trash-restore-{key}",
                                    ft.FilledTonalButton(
                                        _("Restore"),
                                        icon=ft.Icons.RESTORE,
                                        on_click=restore,
                                        height=TOUCH,
                                    ),
                                    button=True,
                                ),
                            ],
                            alignment=ft.MainAxisAlignment.END,
                            wrap=True,
                        ),
                    ],
                    spacing=0,
                ),
                padding=ft.Padding.only(bottom=8, right=8),
            ),
        ),
    )


@ft.component
def TrashScreen() -> ft.Control:
    """The trash: sessions, then hands, most recently deleted first."""
    app = use_app()
    model = use_created(lambda: TrashModel(app=app, ports=page_ports()))
    loaded = use_loaded(load_trash, [app.revision])
    use_question(model.asking, model.answer)

    body: list[ft.Control] = [ft.Text(keep_days_text(), color=ft.Colors.ON_SURFACE_VARIANT)]
    said = model.said
    if said is not None:
        body.append(
            tagged(
                said.identifier,
                ft.Text(said.text, color=ft.Colors.ERROR if said.problem else ft.Colors.PRIMARY),
                live_region=True,
            )
        )
    if loaded.error is not None:
        body.append(ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR))
    trash = loaded.value
    if loaded.loading and trash is None:
        body.append(ft.ProgressRing(width=24, height=24))
    elif trash is not None:
        entries = lambda items: [  # noqa: E731
            TrashEntry(i, model.restore, model.ask_forget, key=i.key)  # type: ignore[call-arg]  # ft.component takes key=
            for i in items
        ]
        if trash.sessions:
            body.append(section_title(_("Sessions")))
            body.extend(entries(trash.sessions))
        if trash.hands:
            body.append(section_title(_("Hands")))
            body.extend(entries(trash.hands))
        if not trash.total:
            body.append(
                tagged(
                    "trash-empty",
                    ft.Container(
                        content=ft.Text(
                            _("The trash is empty."),
                            text_align=ft.TextAlign.CENTER,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                        padding=24,
                    ),
                )
            )
    return Screen(_("Trash"), body, back="/", screen_id="screen-trash")
