"""The work-around in app.ui.flet_fixes: outgoing messages are not turned into
the repr of every control they carry (flet_web logs them with an f-string)."""

from __future__ import annotations

import flet as ft
from flet.messaging.protocol import Message, MessageAction

from app.ui import flet_fixes


def test_a_message_repr_names_the_action_not_the_controls() -> None:
    flet_fixes.apply()
    body = [ft.Text(str(n)) for n in range(200)]
    text = f"{Message(MessageAction.PATCH_CONTROL, body)}"
    assert "PATCH_CONTROL" in text
    assert "Text" not in text
    assert len(text) < 80
