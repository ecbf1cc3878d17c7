"""The work-arounds in app.ui.flet_fixes: outgoing messages are not turned into
the repr of every control they carry (flet_web logs them with an f-string),
one failed redraw no longer stops every later redraw of the tab, and a redraw
for a tab that has just gone is dropped, not raised."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

import flet as ft
from flet.components.component import Component
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi.flet_app import FletApp
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


# -- a redraw for a tab that has just gone -------------------------------------


class Socket:
    """The phone's end of the web socket: keeps the frames it is sent."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    async def send_bytes(self, frame: bytes) -> None:
        self.frames.append(frame)


def sends_around_a_closed_connection() -> tuple[int, int]:
    """A real ``FletApp`` connection: a message sent while the phone is
    there, the connection ending as a closed tab ends it (its send loop
    stops and lets go of its queue), then a redraw's message. How many
    frames did the phone get, and how many messages were left queued?"""

    async def scenario() -> tuple[int, int]:
        with ThreadPoolExecutor(1) as executor:
            conn = FletApp(asyncio.get_running_loop(), executor, lambda _page: None, None)
            socket, queue = Socket(), asyncio.Queue[bytes | None]()
            conn._FletApp__websocket = socket  # type: ignore[attr-defined]
            conn._FletApp__send_queue = queue  # type: ignore[attr-defined]
            loop = asyncio.create_task(conn._FletApp__send_loop())  # type: ignore[attr-defined]
            message = Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": [[0]]})
            conn.send_message(message)
            await asyncio.sleep(0.01)
            await queue.put(None)  # what the receive loop does when the tab goes
            await loop
            assert conn._FletApp__send_queue is None  # type: ignore[attr-defined]
            conn.send_message(message)  # a redraw asked for a moment before
            return len(socket.frames), queue.qsize()

    return run(scenario())


def test_a_redraw_for_a_tab_that_has_gone_is_dropped_quietly(caplog) -> None:
    flet_fixes.apply()
    with caplog.at_level(logging.INFO):
        frames, left = sends_around_a_closed_connection()  # before the fix: AttributeError
    assert (frames, left) == (1, 0)
    assert "Traceback" not in caplog.text and "put_nowait" not in caplog.text


def test_the_fixes_are_applied_once() -> None:
    flet_fixes.apply()
    update, scheduler = Component.update, Session._Session__updates_scheduler  # type: ignore[attr-defined]
    send = FletApp.send_message
    flet_fixes.apply()
    assert Component.update is update
    assert Session._Session__updates_scheduler is scheduler  # type: ignore[attr-defined]
    assert FletApp.send_message is send
