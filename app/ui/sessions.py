"""The sessions screen: unfinished sessions first, then finished ones; continue,
start a new one, import a session file, delete (undone in the deleted
session's place in the list)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import cast

import flet as ft

from app.i18n import _, format_date, join_names, ngettext, seat_list
from app.messages import game_name
from app.ui.common import (
    TOUCH,
    NoticeBar,
    Screen,
    describe_problem,
    go,
    icon_action,
    section_title,
    tagged,
    use_app,
    use_loaded,
)
from app.ui.loading import page_ports
from app.ui.state import session_list
from app.ui.state.ports import Ports
from app.ui.state.teams_view import summary_line
from app.ui.state.views import SessionSummary

__all__ = ["SessionsScreen"]


def _players(names: tuple[str, ...]) -> str:
    return seat_list(names)


@ft.component
def SessionCard(item: SessionSummary, on_delete) -> ft.Control:
    """One session: game, players, leader or winner, date; tap to continue.
    ``on_delete(session_id)`` is awaited when the delete button is tapped."""

    async def delete_this(_e: ft.Event) -> None:
        await on_delete(item.id)

    teams = summary_line(item)  # a session in teams: "Winning team: Kari & Per"
    if teams is not None:
        who = teams
    elif item.finished:
        who = (
            ngettext(
                "Winner: {names}",
                "Winners: {names}",
                len(item.winners),
                names=join_names(item.winners),
            )
            if item.winners
            else _("Finished")
        )
    elif item.hand_count and item.leaders:
        who = ngettext(
            "Leader: {names}", "Leaders: {names}", len(item.leaders), names=join_names(item.leaders)
        )
    else:
        who = _("No hands yet")
    parts = [who]
    if item.hand_count:  # "No hands yet" already says it
        parts.append(ngettext("{n} hand", "{n} hands", item.hand_count))
    parts.append(format_date(item.started_at))
    subtitle = f"{_players(item.players)}\n{' · '.join(parts)}"
    return tagged(
        f"session-{item.id}",
        ft.Card(
            content=ft.ListTile(
                leading=ft.Icon(
                    ft.Icons.EMOJI_EVENTS if item.finished else ft.Icons.PLAY_CIRCLE_OUTLINE,
                    color=ft.Colors.TERTIARY if item.finished else ft.Colors.PRIMARY,
                ),
                title=ft.Text(
                    game_name(item.definition or item.game_id), weight=ft.FontWeight.W_600
                ),
                subtitle=ft.Text(subtitle),
                is_three_line=True,
                trailing=tagged(
                    f"session-delete-{item.id}",
                    ft.IconButton(
                        icon=ft.Icons.DELETE_OUTLINE,
                        tooltip=_("Delete"),
                        on_click=delete_this,
                    ),
                    button=True,
                    label=_("Delete"),
                ),
                on_click=lambda _e: go(f"/session/{item.id}"),
            ),
        ),
    )


@ft.component
def ImportButton(ports: Ports) -> ft.Control:
    """ "Import a session file": the device's file picker (opened by the
    browser itself, inside the tap: the only way a phone's browser opens
    one), then the checks of ``kortpoeng import``
    (:func:`app.ui.state.session_list.import_file`)."""
    app = use_app()
    # the latest render's handler, for the picker made once
    handler = ft.use_ref(cast("Callable[[ft.FilePickerResultEvent], Awaitable[None]] | None", None))

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:  # cancelled
            return
        chosen = e.files[0]
        await session_list.import_file(app, ports, name=chosen.name, data=chosen.bytes)

    handler.current = picked

    async def on_result(e: ft.FilePickerResultEvent) -> None:
        if handler.current is not None:
            await handler.current(e)

    picker = ft.use_ref(cast("ft.FilePicker | None", None))
    if picker.current is None:
        picker.current = ft.FilePicker(on_result=on_result)
    return tagged(
        "import-session",
        ft.TextButton(
            _("Import a session file"),
            icon=ft.Icons.UPLOAD_FILE,
            # with_data: the file's bytes come with the result (a browser
            # gives no path); ANY: a file sent in a chat may have lost its .json
            action=ft.PickFiles(
                picker.current,
                dialog_title=_("Import a session file"),
                with_data=True,
                allow_multiple=False,
            ),
            # (a button without a click handler is drawn disabled)
            on_click=lambda _e: None,
            height=TOUCH,
        ),
        button=True,
    )


@ft.component
def SessionsScreen() -> ft.Control:
    """The start screen."""
    app = use_app()
    loaded = use_loaded(session_list.load_sessions, [app.revision])
    ports = page_ports()
    items = loaded.value or ()

    async def delete(session_id: int) -> None:
        item = next((i for i in items if i.id == session_id), None)
        if item is not None:
            await session_list.delete_session(app, ports, item, items)

    def new_session(_e: ft.Event) -> None:
        session_list.start_new(app, ports)

    load_error = describe_problem(loaded.error) if loaded.error is not None else ""
    entries = session_list.list_entries(items, app)
    in_place = any(e.kind == "deleted" for e in entries)
    body: list[ft.Control] = [
        # a deletion's notice shows in the session's place instead
        ft.Container(height=0) if in_place else NoticeBar(app, None),
        tagged(
            "nav-new-session",
            ft.FilledButton(
                _("New session"),
                icon=ft.Icons.ADD,
                on_click=new_session,
                height=56,
                width=float("inf"),
            ),
            button=True,
        ),
        ft.Row([ImportButton(ports)], alignment=ft.MainAxisAlignment.END),
    ]
    if load_error:
        body.append(ft.Text(load_error, color=ft.Colors.ERROR))
    if loaded.loading:
        body.append(
            tagged(
                "loading",
                ft.Row(
                    [ft.ProgressRing(width=24, height=24)], alignment=ft.MainAxisAlignment.CENTER
                ),
            )
        )
    for entry in entries:
        if entry.kind == "title":
            body.append(section_title(_("Finished") if entry.finished else _("In progress")))
        elif entry.kind == "deleted":
            body.append(NoticeBar(app, None, key="deleted"))  # type: ignore[call-arg]  # ft.component takes key=
        elif entry.item is not None:
            item = entry.item
            body.append(SessionCard(item, delete, key=f"s{item.id}"))  # type: ignore[call-arg]  # ft.component takes key=
    if not items and not loaded.loading and loaded.error is None:
        body.append(
            ft.Container(
                content=ft.Text(
                    _(
                        "No sessions yet. Start one, deal the cards, and tap in the scores after each hand."  # noqa: E501
                    ),
                    text_align=ft.TextAlign.CENTER,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                padding=24,
            )
        )
    return Screen(
        _("Kortpoeng"),
        body,
        actions=[
            icon_action(
                "nav-trash",
                ft.Icons.RESTORE_FROM_TRASH_OUTLINED,
                _("Trash"),
                lambda _e: go("/trash"),
            ),
            icon_action(
                "nav-stats", ft.Icons.LEADERBOARD_OUTLINED, _("Statistics"), lambda _e: go("/stats")
            ),
            icon_action(
                "nav-settings",
                ft.Icons.SETTINGS_OUTLINED,
                _("Settings"),
                lambda _e: go("/settings"),
            ),
        ],
        screen_id="screen-sessions",
    )
