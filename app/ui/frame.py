"""The screen frame: :func:`Screen` (the bar, the content, the bottom), the
arrival guard that keeps a tap meant for the last screen off this one
(:func:`ArrivalGuard`), the notice bar, and the loading screen."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from app.i18n import _
from app.ui.context import go_back, use_app, use_created
from app.ui.controls import TOUCH, tagged
from app.ui.flet_fixes.lost_redraw import LIFT_RETRY as LIFT_RETRY
from app.ui.flet_fixes.lost_redraw import LIFT_TRIES as LIFT_TRIES
from app.ui.flet_fixes.lost_redraw import redraw_until_drawn
from app.ui.state import MAX_CONTENT, AppState
from app.ui.state.double_tap import Cover, Presses


@dataclass
class _GuardLife:
    """What an arrival guard knows of itself between its renders.

    Attributes:
        cover: what it covers and until when (:meth:`Presses.cover
            <app.ui.state.double_tap.Presses.cover>` as its screen appeared),
            or ``None``: nothing (no tap brought the screen, or that tap's
            double-tap time was over before it appeared).
        drawn_past: a render after its time has happened (it drew no cover).
        gone: its screen has gone, or its lift is about to start again
            (the running lift stops trying).
        connections: the tab's :attr:`AppState.connections` it was drawn
            for: once the tab has connected again, the cover is dropped.
    """

    cover: Cover | None
    drawn_past: bool = False
    gone: bool = False
    connections: int = 0

    @property
    def until(self) -> float:
        """When its cover goes (:func:`time.monotonic` seconds; 0 for none)."""
        return self.cover.until if self.cover is not None else 0.0

    def past(self) -> bool:
        """Whether its time is over (it draws no cover)."""
        return time.monotonic() >= self.until


def guard_cover(life: _GuardLife, connections: int) -> Cover | None:
    """The cover ``life`` still holds for a tab that has connected
    ``connections`` times: none once the tab has connected again since the
    guard was drawn (the cover is then dropped for good)."""
    if connections != life.connections:
        life.connections = connections
        life.cover = None
    return life.cover


async def _timed_lift(life: _GuardLife, redraw: Callable[[], None]) -> None:
    """Wait until ``life.until``, then ask for a redraw (which draws no
    cover) until one has happened or the screen has gone: a redraw asked for
    while the tab has no connection is dropped by Flet, so it is asked for
    again (:func:`app.ui.flet_fixes.lost_redraw.redraw_until_drawn`)."""
    await asyncio.sleep(max(0.0, life.until - time.monotonic()))
    await redraw_until_drawn(redraw, lambda: life.drawn_past or life.gone)


@ft.component
def ArrivalGuard(presses: Presses, revision: int = 0, connections: int = 0) -> ft.Control:
    """What a screen that has just appeared drops: the second tap of the
    double tap that brought it, and no other tap. A transparent square
    around the tap that brought the screen (``presses``, the tab's last
    presses), for what is left of that tap's double-tap time
    (:mod:`app.ui.state.double_tap`): a tap anywhere else, or after that
    time, lands. Nothing at all when no tap brought the screen (a reload,
    the keyboard, a screen reader) or the screen came after that time. It
    is a node of the accessibility tree (named by the screen).

    Whether it is drawn is a matter of its time alone, so the cover cannot
    outlive its time, whatever happens to one redraw (an update that Flet
    drops while the socket is closed, a redraw that never reaches the
    phone): the timed lift asks for redraws until one has happened
    (:func:`_timed_lift`), any other redraw after the time draws no cover,
    and a tap on it after the time asks for one. ``revision`` is the tab's
    :attr:`AppState.revision`, bumped after writes and when the tab
    connects again, so the timed lift starts again then (its time is kept:
    a late lift waits no longer than the rest of it). ``connections`` is the
    tab's :attr:`AppState.connections`: a tab that has connected again (a
    reload, a phone back from a locked screen) is past any double tap, so the
    cover it held is dropped at once (:func:`guard_cover`).
    """
    life: _GuardLife = use_created(
        lambda: _GuardLife(presses.cover(time.monotonic()), connections=connections)
    )
    _redraws, set_redraws = ft.use_state(0)

    def redraw() -> None:
        set_redraws(lambda count: count + 1)  # a new value: always an update

    async def lift_in_time() -> None:
        life.gone = False  # (set by the cleanup before a re-run)
        await _timed_lift(life, redraw)

    def leave() -> None:
        life.gone = True  # the screen has gone, or the lift starts again

    def tapped(_e: ft.Event) -> None:
        if life.past():
            redraw()

    ft.use_effect(lift_in_time, [revision], cleanup=leave)
    cover = guard_cover(life, connections)
    if cover is None or life.past():
        life.drawn_past = True
        return ft.Container(width=0, height=0)
    return ft.Container(
        content=tagged(
            "arrival-guard",
            ft.Container(expand=True, on_click=tapped, bgcolor=ft.Colors.TRANSPARENT),
            label=_("Opening…"),
            expand=True,
        ),
        left=cover.left,
        top=cover.top,
        width=cover.side,
        height=cover.side,
    )


@ft.component
def Screen(
    title: str,
    body: Sequence[ft.Control],
    *,
    back: str | None = None,
    actions: Sequence[ft.Control] = (),
    bottom: ft.Control | None = None,
    screen_id: str = "",
    on_back: Callable[[], Any] | None = None,
    padding: int = 16,
) -> ft.Control:
    """The frame of a screen: a top bar (back, title, actions), the scrolling body
    in a column at most :data:`app.ui.state.MAX_CONTENT` wide, and an optional
    bottom bar that stays in view (the save button). Where each press goes
    down and when it lifts is noted (the tab's presses), so that the screen
    that a tap brings drops the second tap of a double tap, and nothing else
    (:func:`ArrivalGuard`).

    Args:
        title: the screen's title (translated).
        body: the controls of the body, top to bottom.
        back: route the back arrow returns to (:func:`go_back`), or ``None``
            for no arrow.
        actions: icon buttons at the right of the top bar.
        bottom: a control pinned to the bottom (e.g. the save bar).
        screen_id: semantics identifier of the title (``screen-<name>``).
        on_back: called instead of returning to ``back`` when the arrow is
            tapped (e.g. to ask before unsaved changes are left).
        padding: the body's left and right padding, in logical pixels.
    """
    app = use_app()
    width = min(app.width, MAX_CONTENT)
    leading: list[ft.Control] = []
    if back is not None:

        def leave(_e: ft.Event) -> Any:
            if on_back is not None:
                return on_back()
            go_back(back)
            return None

        leading.append(
            tagged(
                "nav-back",
                ft.IconButton(icon=ft.Icons.ARROW_BACK, tooltip=_("Back"), on_click=leave),
                button=True,
                label=_("Back"),
            )
        )
    bar = ft.Container(
        content=ft.Row(
            [
                *leading,
                ft.Container(
                    content=tagged(
                        screen_id or "screen-title",
                        ft.Text(
                            title,
                            theme_style=ft.TextThemeStyle.TITLE_LARGE,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        header=True,
                    ),
                    expand=True,
                    padding=ft.Padding.only(left=0 if leading else 8),
                ),
                *actions,
            ],
            spacing=4,
        ),
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )
    column = ft.Column(
        [
            ft.Row(
                [
                    ft.Container(
                        content=ft.Column(list(body), spacing=8),
                        width=width,
                        padding=ft.Padding.only(left=padding, right=padding, top=8, bottom=24),
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            )
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    parts: list[ft.Control] = [bar, column]
    if bottom is not None:
        parts.append(
            ft.Container(
                content=ft.Row(
                    [
                        ft.Container(
                            content=bottom,
                            width=width,
                            padding=ft.Padding.symmetric(horizontal=16, vertical=8),
                        )
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER,
            )
        )
    frame = ft.Column(parts, spacing=0, expand=True)
    presses = app.memory.presses

    def pressed(e: ft.DragDownEvent[ft.GestureDetector]) -> None:
        # every press, whatever takes it (the detector only watches: a pan
        # is never what the screen is for, so it never takes a tap)
        local, page = e.local_position, e.global_position
        presses.origin = (page.x - local.x, page.y - local.y)
        presses.pressed(local.x, local.y, time.monotonic())

    def lifted(_e: ft.Event[ft.GestureDetector]) -> None:
        presses.lifted(time.monotonic())

    return ft.SafeArea(
        content=ft.GestureDetector(
            content=ft.Stack(
                [frame, ArrivalGuard(presses, app.revision, app.connections)], expand=True
            ),
            on_pan_down=pressed,
            on_pan_cancel=lifted,
            on_pan_end=lifted,
            exclude_from_semantics=True,
            expand=True,
        ),
        expand=True,
    )


def watching(presses: Presses, control: ft.Control) -> ft.Control:
    """``control`` (a dialog's button, drawn over the screen, out of the
    screen's own watch) with its presses noted in ``presses`` as a screen
    notes its own (:func:`Screen`): a double tap on it that brings a screen
    is known there (:func:`ArrivalGuard`)."""

    def pressed(e: ft.DragDownEvent[ft.GestureDetector]) -> None:
        presses.pressed_on_page(e.global_position.x, e.global_position.y, time.monotonic())

    def lifted(_e: ft.Event[ft.GestureDetector]) -> None:
        presses.lifted(time.monotonic())

    return ft.GestureDetector(
        content=control,
        on_pan_down=pressed,
        on_pan_cancel=lifted,
        on_pan_end=lifted,
        exclude_from_semantics=True,
    )


@ft.component
def NoticeBar(app: AppState, session_id: int | None) -> ft.Control:
    """The last notice (a deletion with its undo…) at the top of a screen's
    body: inline, never over a button, until undone, dismissed or replaced.
    Shows nothing when the notice is about another session (``session_id``
    ``None``: the session list's own notices)."""
    notice = app.notice
    if notice is None or notice.session_id != session_id:
        return ft.Container(height=0)
    busy, set_busy = ft.use_state(False)

    async def undo(_e: ft.Event) -> None:
        if busy or notice.undo is None:
            return
        set_busy(True)
        try:
            problem = await notice.undo()
        finally:
            set_busy(False)
        if problem:
            app.notify(notice.identifier, problem, session_id=notice.session_id)
        elif app.notice is notice:  # (an action may have said something of its own)
            app.clear_notice()

    buttons: list[ft.Control] = []
    if notice.undo is not None:
        buttons.append(
            tagged(
                "notice-undo",
                ft.TextButton(
                    notice.action or _("Undo"),
                    icon=None if notice.action else ft.Icons.UNDO,
                    on_click=undo,
                    height=TOUCH,
                ),
                button=True,
            )
        )
    buttons.append(
        tagged(
            "notice-close",
            ft.IconButton(
                icon=ft.Icons.CLOSE, tooltip=_("Close"), on_click=lambda _e: app.clear_notice()
            ),
            button=True,
            label=_("Close"),
        )
    )
    return ft.Container(
        content=ft.Row(
            [
                ft.Container(
                    content=tagged(
                        notice.identifier,
                        ft.Text(notice.text, color=ft.Colors.ON_SECONDARY_CONTAINER),
                        live_region=True,
                    ),
                    expand=True,
                ),
                *buttons,
            ],
            spacing=4,
        ),
        padding=ft.Padding.only(left=12, right=4),
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


def loading_screen(title: str, back: str | None = "/") -> ft.Control:
    """A screen whose content is on its way (a spinner under the title)."""
    return Screen(
        title,
        [
            tagged(
                "loading",
                ft.Row(
                    [ft.ProgressRing(width=24, height=24)], alignment=ft.MainAxisAlignment.CENTER
                ),
            )
        ],
        back=back,
    )
