"""A text field that takes one entry per line (:mod:`app.ui.state.line_entry`
says why): Enter ends an entry and the next is typed at once, every key
reaching the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from app.ui.common import use_created
from app.ui.state.line_entry import LineEntry

__all__ = ["LineField"]


@ft.component
def LineField(
    identifier: str,
    value: str,
    on_text: Callable[[str], Any],
    on_line: Callable[[str], Any],
    field: dict[str, Any] | None = None,
) -> ft.Control:
    """A multi-line ``ft.TextField`` in which each line is one entry.

    ``value`` is the model's text (the unfinished line); ``on_text(text)`` is
    called with the unfinished line at each change, then ``on_line(entry)``
    for each line finished since (in order; ``""`` for an empty line).
    ``field``: the other ``ft.TextField`` arguments (a label…). The field's
    text is never rewritten while the person types in it; it is given
    ``value`` when that was changed from elsewhere, or once the focus has
    left it (:class:`app.ui.state.line_entry.LineEntry`). ``identifier``
    names the field's bookkeeping (the semantics wrapper is the caller's).
    """
    entry: LineEntry = use_created(LineEntry)
    on_screen = ft.use_ref(cast("ft.TextField | None", None))  # the field as the browser left it
    _left, set_left = ft.use_state(0)

    def changed(e: ft.Event) -> None:
        # the text the browser sent with this event, never the control's
        # value (a later key may have reached it already)
        text = e.data if isinstance(e.data, str) else str(getattr(e.control, "value", "") or "")
        finished, current = entry.typed(text)
        on_text(current)
        for line in finished:
            on_line(line)

    def left(_e: ft.Event) -> None:
        entry.left()
        set_left(lambda count: count + 1)  # a render: the field gets its unfinished line

    previous = on_screen.current
    shown = entry.shown(value, getattr(previous, "value", None))
    control = ft.TextField(
        value=shown,
        multiline=True,
        min_lines=1,
        on_change=changed,
        on_blur=left,
        **(field or {}),
    )
    on_screen.current = control
    return control
