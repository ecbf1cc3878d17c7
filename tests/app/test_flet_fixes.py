"""The work-arounds in app.ui.flet_fixes: outgoing messages are not turned into
the repr of every control they carry (flet_web logs them with an f-string),
and one failed redraw no longer stops every later redraw of the tab."""

from __future__ import annotations

import asyncio
import logging

import flet as ft
from flet.components.component import Component
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from test_arrival_guard import run

from app.ui import flet_fixes


def test_a_message_repr_names_the_action_not_the_controls() -> None:
    flet_fixes.apply()
    body = [ft.Text(str(n)) for n in range(200)]
    text = f"{Message(MessageAction.PATCH_CONTROL, body)}"
    assert "PATCH_CONTROL" in text
    assert "Text" not in text
    assert len(text) < 80


# -- one failed redraw no longer freezes the tab ------------------------------


class Tab(Connection):
    """A connection that keeps what the session sends."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent: list[Message] = []

    def send_message(self, message: Message) -> None:
        self.sent.append(message)


class Redraw:
    """A control in the update queue: its ``update`` fails or is counted."""

    def __init__(self, fails: bool = False) -> None:
        self.fails = fails
        self.count = 0

    def update(self) -> None:
        self.count += 1
        if self.fails:
            raise RuntimeError("a render that fails")


def redraws_after_a_failed_one() -> tuple[int, int]:
    """In a real Flet session: a redraw that raises, then two others asked
    for later. How often were the later ones drawn (and the failed one tried)?"""

    async def scenario() -> tuple[int, int]:
        session = Session(Tab())
        session.start_updates_scheduler()
        broken, later = Redraw(fails=True), Redraw()
        session.schedule_update(broken)  # type: ignore[arg-type]
        await asyncio.sleep(0.01)
        session.schedule_update(later)  # type: ignore[arg-type]
        await asyncio.sleep(0.01)
        session.schedule_update(later)  # type: ignore[arg-type]
        await asyncio.sleep(0.01)
        session.close()
        return later.count, broken.count

    return run(scenario())


def test_a_failed_redraw_leaves_the_tabs_later_redraws_going(caplog) -> None:
    flet_fixes.apply()
    with caplog.at_level(logging.ERROR):
        later, tried = redraws_after_a_failed_one()
    assert (later, tried) == (2, 1)
    assert "The redraw loop failed" in caplog.text
    assert "a render that fails" in caplog.text  # the traceback, on the server only


def test_a_component_whose_redraw_fails_keeps_what_it_showed(caplog) -> None:
    def render(_component: object) -> None:
        raise KeyError("a missing view")

    with caplog.at_level(logging.ERROR):
        flet_fixes.guarded_update(render)(object())  # no exception comes out
    assert "Redrawing object failed" in caplog.text
    assert "a missing view" in caplog.text


def test_the_fixes_are_applied_once() -> None:
    flet_fixes.apply()
    update, scheduler = Component.update, Session._Session__updates_scheduler  # type: ignore[attr-defined]
    flet_fixes.apply()
    assert Component.update is update
    assert Session._Session__updates_scheduler is scheduler  # type: ignore[attr-defined]
