"""A screen model's question and its last sentence, shown the one way: from
the state (:class:`app.ui.state.flow.FlowState`), through Flet's
``use_dialog`` hook, every render. The state holds the question while it is
asked and the sentence until it is dismissed; closing either goes back to
the state (a dismissed question is a "no")."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from app.ui.controls import tagged
from app.ui.state.flow import Question, Said

__all__ = ["use_question", "use_said"]


def use_question(question: Question | None, answer: Callable[[bool], Awaitable[object]]) -> None:
    """Show ``question`` as a dialog while it is not ``None``; a tap on one of
    its answers (or dismissing it: "no") awaits ``answer(yes)``, which takes
    the question off the state. Call on every render of the screen."""

    def answering(yes: bool) -> Callable[[ft.Event], Awaitable[None]]:
        async def handler(_e: ft.Event) -> None:
            await answer(yes)

        return handler

    async def dismissed(_e: ft.Event) -> None:
        await answer(False)

    ft.use_dialog(
        ft.AlertDialog(
            title=ft.Text(question.title),
            content=ft.Text(question.text),
            actions=[
                tagged(question.no_id, ft.TextButton(question.no, on_click=answering(False))),
                tagged(question.yes_id, ft.FilledButton(question.yes, on_click=answering(True))),
            ],
            on_dismiss=dismissed,
        )
        if question is not None
        else None
    )


def use_said(said: Said | None, dismiss: Callable[[int], None]) -> None:
    """Show ``said`` in a bar at the foot of the screen (a SnackBar, under
    its semantics id; in the error colours for a problem) until it goes by
    itself or is dismissed: then ``dismiss(serial)`` takes it off the state
    (:meth:`app.ui.state.flow.FlowState.unsay`). A new sentence (another
    serial) closes the bar on show first and then shows its own: a bar on
    show takes no new words. Call on every render of the screen."""
    shown, set_shown = ft.use_state(0)  # the serial of the bar on show (0: none)
    serial = said.serial if said is not None else 0

    def follow() -> None:
        if serial != shown:
            set_shown(serial)

    ft.use_effect(follow, [serial, shown])
    bar: ft.SnackBar | None = None
    if said is not None and serial == shown:
        bar = ft.SnackBar(
            content=tagged(
                said.identifier,
                ft.Text(said.text, color=ft.Colors.ON_ERROR if said.problem else None),
            ),
            bgcolor=ft.Colors.ERROR if said.problem else None,
            on_dismiss=lambda _e, s=serial: dismiss(s),
        )
    ft.use_dialog(bar)
