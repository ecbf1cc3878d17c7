"""The sessions screen: unfinished sessions first, then finished ones; continue,
start a new one, delete (with undo)."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_date, join_names, ngettext, seat_list
from app.messages import game_name
from app.ui.common import (
    NoticeBar,
    Screen,
    announce,
    describe_problem,
    go,
    icon_action,
    run_use_case,
    section_title,
    tagged,
    use_app,
    use_loaded,
)
from models import services
from models.views import SessionSummary
from scoring import CodedError

__all__ = ["SessionsScreen"]


def _players(names: tuple[str, ...]) -> str:
    return seat_list(names)


@ft.component
def SessionCard(item: SessionSummary, on_delete) -> ft.Control:
    """One session: game, players, leader or winner, date; tap to continue.
    ``on_delete(session_id)`` is awaited when the delete button is tapped."""

    async def delete_this(_e: ft.Event) -> None:
        await on_delete(item.id)

    if item.finished:
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
                title=ft.Text(game_name(item.definition or item.game), weight=ft.FontWeight.W_600),
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
def SessionsScreen() -> ft.Control:
    """The start screen."""
    app = use_app()
    loaded = use_loaded(
        lambda engine: services.list_sessions(engine=engine, limit=50).items, [app.revision]
    )
    error, set_error = ft.use_state("")

    async def delete(session_id: int) -> None:
        async def undo() -> str:
            try:
                await run_use_case(services.restore_session, session_id=session_id)
            except CodedError as problem:
                return describe_problem(problem)
            announce(session_id)
            app.changed()
            return ""

        try:
            await run_use_case(services.delete_session, session_id=session_id)
        except CodedError as problem:  # a typed storage error: say it, change nothing
            set_error(describe_problem(problem))
            return
        announce(session_id)
        # At the top of the list, never over a button; until undone or replaced.
        app.notify("session-deleted", _("Session deleted"), session_id=None, undo=undo)
        app.changed()

    load_error = describe_problem(loaded.error) if loaded.error is not None else ""
    items = loaded.value or ()
    running = [i for i in items if not i.finished]
    finished = [i for i in items if i.finished]
    body: list[ft.Control] = [
        NoticeBar(app, None),
        tagged(
            "nav-new-session",
            ft.FilledButton(
                _("New session"),
                icon=ft.Icons.ADD,
                on_click=lambda _e: go("/new"),
                height=56,
                width=float("inf"),
            ),
            button=True,
        ),
    ]
    for problem in (error, load_error):
        if problem:
            body.append(ft.Text(problem, color=ft.Colors.ERROR))
    if loaded.loading:
        body.append(
            tagged(
                "loading",
                ft.Row(
                    [ft.ProgressRing(width=24, height=24)], alignment=ft.MainAxisAlignment.CENTER
                ),
            )
        )
    if running:
        body.append(section_title(_("In progress")))
        body.extend(SessionCard(i, delete, key=f"s{i.id}") for i in running)  # type: ignore[call-arg]  # ft.component takes key=
    if finished:
        body.append(section_title(_("Finished")))
        body.extend(SessionCard(i, delete, key=f"s{i.id}") for i in finished)  # type: ignore[call-arg]  # ft.component takes key=
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
