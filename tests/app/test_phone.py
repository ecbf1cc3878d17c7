"""The phone at the table (issue 25, item 10; :mod:`app.ui.phone`), in plain
Python with recording stand-ins for Flet's services: the screen kept awake
while a session is open, a key's tap felt, exports on the share sheet.

What only a browser shows (six players on a phone's sheet, the keypad in
landscape) is in ``tests/e2e/test_phone_at_the_table.py``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any

import flet as ft
import pytest
from flet.controls.context import _context_page

from app.ui.hand_entry.keypad import key_button
from app.ui.phone import (
    Awake,
    TapFeedback,
    on_its_side,
    share_file,
    tap_feedback,
    uses_share_sheet,
)


def run_apart(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coroutine`` on a loop of its own in a thread of its own."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class RecordingLock:
    """Stands for ``flet.Wakelock``: records what the device is asked."""

    def __init__(self, fails: bool = False) -> None:
        self.calls: list[str] = []
        self.fails = fails

    async def enable(self) -> None:
        self.calls.append("enable")
        if self.fails:
            raise TimeoutError("Timeout waiting for invokeMethod enable")

    async def disable(self) -> None:
        self.calls.append("disable")
        if self.fails:
            raise RuntimeError("wake lock not supported")


class Tab:
    """One tab's loop as ``page.run_task`` sees it: scheduled work runs when
    the moment's redraw is over (:meth:`settle`)."""

    def __init__(self) -> None:
        self.queued: list[Callable[[], Coroutine[Any, Any, None]]] = []

    def run_task(self, handler: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.queued.append(handler)

    def settle(self) -> None:
        while self.queued:
            run_apart(self.queued.pop(0)())


def test_the_screen_stays_awake_while_a_session_is_open() -> None:
    lock, tab = RecordingLock(), Tab()
    awake = Awake(lock, tab.run_task)
    awake.hold()  # the session screen opens
    tab.settle()
    assert lock.calls == ["enable"]
    # to the hand entry and back: one screen goes as the next comes, nothing asked
    awake.release()
    awake.hold()
    tab.settle()
    awake.release()
    awake.hold()
    tab.settle()
    assert lock.calls == ["enable"]
    awake.release()  # back to the list of sessions
    tab.settle()
    assert lock.calls == ["enable", "disable"]
    assert (awake.holders, awake.asked) == (0, False)


def test_a_change_while_the_device_answers_is_followed() -> None:
    """The session screen opens and closes before the device answered: it
    ends allowed to sleep."""
    tab = Tab()

    class SlowLock(RecordingLock):
        async def enable(self) -> None:
            await super().enable()
            awake.release()  # (closed meanwhile)

    lock = SlowLock()
    awake = Awake(lock, tab.run_task)
    awake.hold()
    tab.settle()
    assert lock.calls == ["enable", "disable"]
    assert awake.asked is False


def test_a_device_without_a_wake_lock_never_raises() -> None:
    """A browser over plain http has no wake lock: the failure is logged only."""
    lock, tab = RecordingLock(fails=True), Tab()
    awake = Awake(lock, tab.run_task)
    awake.hold()
    tab.settle()
    awake.release()
    tab.settle()
    assert lock.calls == ["enable", "disable"]

    def gone(_handler: Any) -> None:
        raise RuntimeError("the tab has no connection")

    closed = Awake(RecordingLock(), gone)
    closed.hold()  # a tab that has gone: nothing asked, nothing raised
    closed.release()


def test_a_device_that_never_answers_holds_nothing_up() -> None:
    """Flet waits for a service's answer for ever; the next change is asked
    once the patience is over."""
    tab = Tab()

    class SilentLock(RecordingLock):
        async def enable(self) -> None:
            await super().enable()
            await asyncio.Event().wait()  # never answers

    lock = SilentLock()
    awake = Awake(lock, tab.run_task, patience=0.01)
    awake.hold()
    tab.settle()
    awake.release()
    tab.settle()
    assert lock.calls == ["enable", "disable"]


class FakePage:
    """The page a control is drawn for: records the services registered with it."""

    def __init__(self) -> None:
        self.registered: list[Any] = []
        self._services = self

    def register_service(self, service: Any) -> None:
        self.registered.append(service)


def drawn_for(page: FakePage, build: Callable[[], Any]) -> Any:
    """``build()`` as a component's render for ``page`` runs it."""

    def run() -> Any:
        _context_page.set(page)  # type: ignore[arg-type]
        return build()

    return contextvars.copy_context().run(run)


def test_a_key_tap_gives_haptic_feedback_on_the_device() -> None:
    """A key carries the client action that makes the device give a
    selection click at the tap itself; the tap still adds the card."""
    page = FakePage()
    tapped: list[Any] = []
    key = drawn_for(page, lambda: key_button("key-Ola-8", "8", tapped.append))
    button: Any = key.content
    assert isinstance(button, ft.FilledTonalButton)
    action = button.action
    assert isinstance(action, TapFeedback)
    assert action.method == "selection_click" and action.args == {}
    assert isinstance(action._service, ft.HapticFeedback)
    assert action.service_id == action._service._i
    assert page.registered == [action._service]  # one service for every key of the page
    other = drawn_for(page, lambda: key_button("key-Ola-K", "K", tapped.append))
    assert other.content.action._service is action._service
    assert page.registered == [action._service]
    on_click: Any = button.on_click
    on_click("tap")  # the tap's own handler: the card is added
    assert tapped == ["tap"]


def test_no_feedback_is_asked_where_no_page_is_drawn() -> None:
    assert tap_feedback() is None
    key: Any = key_button("key-Ola-8", "8", print)
    assert key.content.action is None


class RecordingShare:
    """Stands for ``flet.Share``."""

    def __init__(self, status: ft.ShareResultStatus | None) -> None:
        self.status = status
        self.calls: list[tuple[list[ft.ShareFile], dict[str, Any]]] = []

    async def share_files(self, files: list[ft.ShareFile], **options: Any) -> ft.ShareResult:
        self.calls.append((files, options))
        if self.status is None:
            raise TimeoutError("Timeout waiting for invokeMethod share_files")
        return ft.ShareResult(status=self.status, raw=self.status.value)


def test_an_export_goes_to_the_share_sheet_as_a_file() -> None:
    sheet = RecordingShare(ft.ShareResultStatus.SUCCESS)
    png = b"\x89PNG\r\n\x1a\n..."
    result = run_apart(share_file(sheet, "kortpoeng-rummy.png", png, "image/png", title="Rummy"))
    assert result is not None and result.status is ft.ShareResultStatus.SUCCESS
    [(files, options)] = sheet.calls
    assert [(f.name, f.data, f.mime_type) for f in files] == [
        ("kortpoeng-rummy.png", png, "image/png")
    ]
    assert options == {"title": "Rummy", "subject": "Rummy"}
    run_apart(share_file(sheet, "s.json", b"{}", "application/json; charset=utf-8", title="Rummy"))
    assert sheet.calls[-1][0][0].mime_type == "application/json"


def test_no_share_sheet_means_the_file_is_saved_instead() -> None:
    """A device without one: ``None`` (the caller saves), never an exception."""
    sheet = RecordingShare(None)
    assert run_apart(share_file(sheet, "a.pdf", b"%PDF", "application/pdf", title="x")) is None


@pytest.mark.parametrize(
    ("platform", "shared"),
    [
        (ft.PagePlatform.ANDROID, {"png", "pdf", "json"}),
        (ft.PagePlatform.IOS, {"png", "pdf", "json"}),
        (ft.PagePlatform.LINUX, set()),
        (ft.PagePlatform.WINDOWS, set()),
        (ft.PagePlatform.MACOS, set()),
        (None, set()),
    ],
)
def test_a_phone_shares_the_picture_the_pdf_and_the_session_file(platform, shared) -> None:
    formats = {"png", "pdf", "md", "csv", "json"}
    assert {fmt for fmt in formats if uses_share_sheet(platform, fmt)} == shared


@pytest.mark.parametrize(
    ("size", "sideways"),
    [((844, 390), True), ((932, 430), True), ((390, 844), False), ((1280, 800), False)],
)
def test_a_phone_on_its_side(size, sideways) -> None:
    assert on_its_side(*size) is sideways
