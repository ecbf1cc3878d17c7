"""The trash screen (``/trash``): deleted sessions and hands, kept
:data:`models.services.trash.KEEP_DAYS` days; each can be put back (Restore)
or deleted for good after a confirmation. Reached from the sessions list."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import flet as ft

from app.i18n import _, format_date, ngettext, seat_list
from app.messages import game_name
from app.ui.common import (
    TOUCH,
    Screen,
    announce,
    describe_problem,
    run_use_case,
    section_title,
    tagged,
    use_app,
    use_loaded,
)
from models import services
from models.views import TrashedHand, TrashedSession
from scoring import CodedError

__all__ = ["TrashScreen"]

Action = Callable[[TrashedSession | TrashedHand], Awaitable[None]]


def _when(item: TrashedSession | TrashedHand) -> str:
    return _(
        "Deleted {deleted} · deleted for good {purge}",
        deleted=format_date(item.deleted_at),
        purge=format_date(item.purge_at),
    )


def _describe(item: TrashedSession | TrashedHand) -> tuple[str, str]:
    """Title and subtitle of an entry."""
    players = seat_list(item.players)
    if isinstance(item, TrashedSession):
        title = _("{game} · session {number}", game=game_name(item.game), number=item.id)
        hands = ngettext("{n} hand", "{n} hands", item.hand_count)
        return title, f"{players} · {hands}\n{_when(item)}"
    title = _("Hand {hand} of session {number}", hand=item.number, number=item.session_id)
    blocked = item.went_out is None
    what = _("Blocked") if blocked else _("{name} went out", name=item.went_out)
    return title, f"{game_name(item.game)}: {players} · {what}\n{_when(item)}"


@ft.component
def TrashEntry(item: TrashedSession | TrashedHand, on_restore: Action, on_forget: Action):
    """One thing in the trash with its Restore and Delete for good buttons."""
    title, subtitle = _describe(item)

    async def restore(_e: ft.Event) -> None:
        await on_restore(item)

    async def forget(_e: ft.Event) -> None:
        await on_forget(item)

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


def _ask_forget(page: ft.Page, item: TrashedSession | TrashedHand) -> asyncio.Future[bool]:
    """Ask whether to delete ``item`` for good; the future says yes or no."""
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

    title, _subtitle = _describe(item)
    page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(_("Delete for good?")),
            content=ft.Text(
                _("{what} will be deleted for good. This cannot be undone.", what=title)
            ),
            actions=[
                tagged("trash-keep", ft.TextButton(_("Cancel"), on_click=close(False))),
                tagged(
                    "trash-confirm-forget",
                    ft.FilledButton(_("Delete for good"), on_click=close(True)),
                ),
            ],
            on_dismiss=dismissed,
        )
    )
    return answer


@ft.component
def TrashScreen() -> ft.Control:
    """The trash: sessions, then hands, most recently deleted first."""
    app = use_app()
    loaded = use_loaded(lambda engine: services.list_trash(engine=engine), [app.revision])
    message, set_message = ft.use_state(("", False))  # (text, is a problem)
    page = ft.context.page

    async def restore(item: TrashedSession | TrashedHand) -> None:
        try:
            if isinstance(item, TrashedSession):
                await run_use_case(services.restore_session, session_id=item.id)
                session, done = item.id, _("Session {number} is back", number=item.id)
            else:
                await run_use_case(services.restore_hand, hand_id=item.id)
                session = item.session_id
                done = _(
                    "Hand {hand} is back in session {number}",
                    hand=item.number,
                    number=item.session_id,
                )
        except CodedError as problem:
            set_message((describe_problem(problem), True))
            app.changed()  # show the trash as it is now
            return
        set_message((done, False))
        announce(session)
        app.changed()

    async def forget(item: TrashedSession | TrashedHand) -> None:
        if not await _ask_forget(page, item):
            return
        try:
            if isinstance(item, TrashedSession):
                await run_use_case(services.delete_session_for_good, session_id=item.id)
            else:
                await run_use_case(services.delete_hand_for_good, hand_id=item.id)
        except CodedError as problem:
            set_message((describe_problem(problem), True))
            app.changed()
            return
        set_message((_("Deleted for good"), False))
        announce(item.id if isinstance(item, TrashedSession) else item.session_id)
        app.changed()

    body: list[ft.Control] = [
        ft.Text(
            ngettext(
                "Deleted sessions and hands are kept here for {n} day, then deleted for good.",
                "Deleted sessions and hands are kept here for {n} days, then deleted for good.",
                services.KEEP_DAYS,
            ),
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    ]
    text, problem = message
    if text:
        body.append(
            tagged(
                "trash-message",
                ft.Text(text, color=ft.Colors.ERROR if problem else ft.Colors.PRIMARY),
                live_region=True,
            )
        )
    if loaded.error is not None:
        body.append(ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR))
    trash = loaded.value
    if loaded.loading and trash is None:
        body.append(ft.ProgressRing(width=24, height=24))
    elif trash is not None:
        if trash.sessions:
            body.append(section_title(_("Sessions")))
            body.extend(TrashEntry(i, restore, forget, key=i.key) for i in trash.sessions)  # type: ignore[call-arg]  # ft.component takes key=
        if trash.hands:
            body.append(section_title(_("Hands")))
            body.extend(TrashEntry(i, restore, forget, key=i.key) for i in trash.hands)  # type: ignore[call-arg]  # ft.component takes key=
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
