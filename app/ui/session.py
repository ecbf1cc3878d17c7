"""The session screen: standings (players × hands with running totals), leader
and dealer, progress to the target or rounds left, the winner, rematch; tap a
hand to edit or delete it."""

from __future__ import annotations

import asyncio

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import game_name
from app.ui.common import (
    Screen,
    announce,
    describe_problem,
    go,
    icon_action,
    loading_screen,
    run_use_case,
    tagged,
    use_app,
    use_session_view,
)
from app.ui.export_menu import ExportButton
from app.ui.sessions import join_and
from models import services
from models.views import SessionView
from scoring import CodedError, SessionResult

__all__ = ["SessionScreen", "StandingsTable", "progress_text", "winner_text"]

#: Hands shown before "show all" (the newest ones).
RECENT_HANDS = 12
NAME_WIDTH = 44
CELL_MIN = 64

#: Height of the running-totals chart, in logical pixels.
CHART_HEIGHT = 240
#: Seconds the chart waits after the standings are shown.
CHART_DELAY = 0.05


def signed(points: int) -> str:
    """``+18``, ``0``, ``−7`` (real minus sign)."""
    if points > 0:
        return "+" + format_number(points)
    if points < 0:
        return "−" + format_number(-points)
    return format_number(0)


def winner_text(view: SessionView) -> str:
    """ "Kari wins with 120 points" / "Kari and Ola share the win"."""
    table = view.standings
    winners = table.winners
    if len(winners) == 1:
        return _(
            "{player} wins with {points}",
            player=winners[0],
            points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
        )
    return _(
        "{players} share the win with {points}",
        players=join_and(winners),
        points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
    )


def progress_text(view: SessionView) -> str:
    """How far the session is from its end: rounds left or the leader's gap to the target."""
    table = view.standings
    if table.finished:
        return ngettext("Finished after {n} hand", "Finished after {n} hands", len(view.hands))
    if table.rounds_left is not None:
        return ngettext("{n} round left", "{n} rounds left", table.rounds_left)
    if table.target is not None and table.gap_to_target is not None:
        leader = table.leaders[0] if table.leaders and view.hands else None
        if leader is None:
            return _("First to {target} points", target=format_number(table.target))
        return _(
            "Target {target}: {player} needs {points} more",
            target=format_number(table.target),
            player=leader,
            points=format_number(max(table.gap_to_target[leader], 0)),
        )
    return ""


def hand_cell(line, seat: int, name: str) -> ft.Control:
    """One player's cell of a hand's row: the running total over the hand's
    points (a star when the player went out). Kept to a few controls: a long
    session's table is rebuilt on every save."""
    points = ft.Text(signed(line.points[name]), size=11, color=ft.Colors.ON_SURFACE_VARIANT)
    if line.went_out == name:
        points = ft.Row(
            [points, ft.Icon(ft.Icons.STAR, size=11, color=ft.Colors.TERTIARY)],
            spacing=2,
            alignment=ft.MainAxisAlignment.CENTER,
        )
    return ft.Column(
        [
            tagged(
                f"running-{line.number}-{seat}",
                ft.Text(format_number(line.running[name]), size=16, weight=ft.FontWeight.W_500),
            ),
            points,
        ],
        spacing=0,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def StandingsTable(view: SessionView, show_all: bool, on_hand) -> ft.Control:
    """Players as columns, hands as rows (points and running total), totals at
    the bottom; the leader's total is highlighted, the dealer of the next hand
    marked. ``on_hand(number)`` is called when a hand's row is tapped."""
    table = view.standings
    players = view.players
    leaders = set(table.leaders) if view.hands else set()
    finished = table.finished

    def cell(content: ft.Control, *, highlight: bool = False) -> ft.Control:
        return ft.Container(
            content=content,
            expand=True,
            alignment=ft.Alignment.CENTER,
            padding=ft.Padding.symmetric(vertical=4, horizontal=2),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if highlight else None,
            border_radius=6,
        )

    header = ft.Row(
        [
            ft.Container(ft.Text("#", color=ft.Colors.ON_SURFACE_VARIANT), width=NAME_WIDTH),
            *[
                cell(
                    ft.Column(
                        [
                            tagged(
                                f"name-{seat}",
                                ft.Text(
                                    name,
                                    weight=ft.FontWeight.W_600,
                                    max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                    text_align=ft.TextAlign.CENTER,
                                ),
                            ),
                            ft.Text(
                                _("deals") if (name == table.dealer and not finished) else " ",
                                size=11,
                                color=ft.Colors.TERTIARY,
                            ),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                )
                for seat, name in enumerate(players)
            ],
        ],
        spacing=2,
    )
    hands = view.hands if show_all else view.hands[-RECENT_HANDS:]
    rows: list[ft.Control] = [header, ft.Divider(height=1)]
    for line in hands:
        rows.append(
            tagged(
                f"hand-row-{line.number}",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Text(
                                format_number(line.number),
                                color=ft.Colors.ON_SURFACE_VARIANT,
                                width=NAME_WIDTH,
                            ),
                            *[hand_cell(line, seat, name) for seat, name in enumerate(players)],
                        ],
                        spacing=2,
                    ),
                    on_click=lambda _e, n=line.number: on_hand(n),
                    ink=True,
                    border_radius=6,
                    padding=ft.Padding.symmetric(vertical=6),
                ),
                button=True,
            )
        )
    rows.append(ft.Divider(height=1))
    rows.append(
        ft.Row(
            [
                ft.Container(
                    ft.Text(_("Total"), weight=ft.FontWeight.W_600, size=12), width=NAME_WIDTH
                ),
                *[
                    cell(
                        ft.Column(
                            [
                                tagged(
                                    f"total-{seat}",
                                    ft.Text(
                                        format_number(table.totals[name]),
                                        size=20,
                                        weight=ft.FontWeight.BOLD,
                                    ),
                                ),
                                ft.Text(
                                    _("#{rank}", rank=table.places[name]) if view.hands else " ",
                                    size=11,
                                    color=ft.Colors.ON_SURFACE_VARIANT,
                                ),
                            ],
                            spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        highlight=name in leaders,
                    )
                    for seat, name in enumerate(players)
                ],
            ],
            spacing=2,
        )
    )
    return ft.Column(rows, spacing=2)


def session_result(view: SessionView) -> SessionResult:
    """The :class:`scoring.SessionResult` the chart needs, from the read model
    (only the standings are drawn; no rescoring)."""
    return SessionResult(hand_scores=(), standings=view.standings, warnings=())


@ft.component
def DeferredChart(view: SessionView) -> ft.Control:
    """The running-totals chart, drawn in a second update after the standings
    (a long session's chart would otherwise delay the new totals). Its own
    component, so revealing it re-renders only the chart, not the whole screen."""
    shown, show = ft.use_state(False)

    async def reveal() -> None:
        await asyncio.sleep(CHART_DELAY)
        show(True)

    ft.use_effect(reveal, [view.id])
    if not shown:
        return ft.Container(height=CHART_HEIGHT)
    # imported here: the chart library takes a while to load, after the first frame
    from app.ui.chart_view import RunningTotalsChart

    return RunningTotalsChart(session_result(view), height=CHART_HEIGHT)


@ft.component
def SessionScreen() -> ft.Control:
    """One session's standings, opened from the services by route id."""
    app = use_app()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    show_all, set_show_all = ft.use_state(False)
    error, set_error = ft.use_state("")

    loaded = use_session_view(app, sid)
    if loaded.loading:
        return loading_screen(_("Session"))
    view = loaded.value
    if view is None:
        return Screen(
            _("Session"),
            [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
            back="/",
        )

    async def rematch(_e: ft.Event) -> None:
        try:
            new = await run_use_case(services.rematch, session_id=view.id)
        except CodedError as problem:
            set_error(describe_problem(problem))
            return
        app.saved(new)
        announce(new.id)
        go(f"/session/{new.id}")

    table = view.standings
    body: list[ft.Control] = []
    if table.finished:
        body.append(
            tagged(
                "winner-banner",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.EMOJI_EVENTS,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                size=36,
                            ),
                            ft.Text(
                                winner_text(view),
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                expand=True,
                            ),
                        ]
                    ),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    padding=16,
                    border_radius=12,
                ),
            )
        )
    body.append(
        tagged(
            "progress",
            ft.Text(progress_text(view), color=ft.Colors.ON_SURFACE_VARIANT),
        )
    )
    if view.hands:
        body.append(StandingsTable(view, show_all, lambda n: go(f"/session/{sid}/hand/{n}")))
        hidden = len(view.hands) - RECENT_HANDS
        if hidden > 0 and not show_all:
            body.append(
                tagged(
                    "show-all-hands",
                    ft.TextButton(
                        ngettext("Show {n} earlier hand", "Show {n} earlier hands", hidden),
                        on_click=lambda _e: set_show_all(True),
                    ),
                )
            )
        body.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.STAR, size=12, color=ft.Colors.TERTIARY),
                    ft.Text(
                        _("went out. Tap a hand to change or delete it."),
                        size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                        expand=True,
                    ),
                ],
                spacing=4,
            )
        )
    else:
        body.append(StandingsTable(view, show_all, lambda n: None))
        body.append(
            ft.Text(
                _("{player} deals the first hand.", player=table.dealer),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    if error:
        body.append(ft.Text(error, color=ft.Colors.ERROR))
    if view.hands:
        chart = DeferredChart(view)
        if app.wide:
            body = [
                ft.Row(
                    [
                        ft.Column(body, expand=3, spacing=8),
                        ft.Container(content=chart, expand=2, padding=ft.Padding.only(left=16)),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            ]
        else:
            body.append(ft.Container(content=chart, padding=ft.Padding.only(top=16)))
    if table.finished:
        bottom = tagged(
            "rematch",
            ft.FilledButton(
                _("Rematch"), icon=ft.Icons.REPLAY, on_click=rematch, height=52, width=float("inf")
            ),
            button=True,
        )
    else:
        bottom = tagged(
            "new-hand",
            ft.FilledButton(
                (
                    _("Continue hand {n}", n=format_number(len(view.hands) + 1))
                    if app.has_draft(view.id, view.players)
                    else _("Enter hand {n}", n=format_number(len(view.hands) + 1))
                ),
                icon=ft.Icons.ADD,
                on_click=lambda _e: go(f"/session/{sid}/hand"),
                height=52,
                width=float("inf"),
            ),
            button=True,
        )
    return Screen(
        game_name(view.game_rules),
        body,
        back="/",
        actions=[
            icon_action(
                "nav-rules",
                ft.Icons.MENU_BOOK_OUTLINED,
                _("Rules"),
                lambda _e: go(f"/session/{sid}/rules/{view.game}"),
            ),
            ExportButton(view),
        ],
        bottom=bottom,
        screen_id="screen-session",
    )
