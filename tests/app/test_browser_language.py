"""A phone's language on its first visit (issue 25, item 8): a browser in
nb-NO gets Norwegian until the person chooses otherwise; before, the
server's locale decided for every phone.

The browser's ``Accept-Language`` header of the tab's websocket is
negotiated with Babel among the languages the app speaks
(:func:`app.i18n.negotiate_language`), carried from the guard to the tab's
first screen (:mod:`app.server.client`), and shown while the language
setting is ``system``; a chosen language (on the device, or by the host)
wins and is kept.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import negotiate_language, parse_accept_language
from app.server.client import accept_language
from app.server.door import JoinDoor
from app.server.guard import Guard
from app.settings import Settings
from app.ui import preferences
from app.ui.state import AppState


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("nb-NO", "nb"),
        ("nb-NO,nb;q=0.9,no;q=0.8,en-US;q=0.6,en;q=0.5", "nb"),  # Chrome in Norwegian
        ("nb", "nb"),
        ("no", "nb"),
        ("no-NO", "nb"),
        ("nn-NO,nn;q=0.9", "nb"),
        ("NB-no", "nb"),
        ("nb_NO", "nb"),
        ("en-US", "en"),
        ("en-US,en;q=0.9", "en"),
        ("en-GB", "en"),
        ("de-DE,de;q=0.9,nb;q=0.5", "nb"),  # the first language the app speaks
        ("sv-SE,en;q=0.8,nb;q=0.7", "en"),
        ("en;q=0.5,nb", "nb"),  # by weight, not by place
        ("nb;q=0,en;q=0.1", "en"),  # q=0: not wanted
        ("fr;q=x, nb", "nb"),  # an unreadable weight drops its tag only
        ("de-DE", "en"),  # only languages the app does not speak: English
        ("zh-Hant-TW,ja;q=0.8", "en"),
        ("", None),  # no browser (a desktop window, a phone app): the system's
        (None, None),
        ("*", None),
    ],
)
def test_the_browsers_languages_are_negotiated(header, language) -> None:
    assert negotiate_language(header) == language


@given(st.text(max_size=200))
def test_any_header_gives_a_language_the_app_speaks_or_none(header) -> None:
    assert negotiate_language(header) in ("nb", "en", None)
    assert all(tag and tag != "*" for tag in parse_accept_language(header))


def test_a_tab_in_norwegian_shows_norwegian_until_a_language_is_chosen(monkeypatch) -> None:
    monkeypatch.delenv("KORTPOENG_LANG", raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the server's locale
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    norwegian = AppState(settings=Settings(), browser_language=negotiate_language("nb-NO"))
    assert norwegian.language == "nb"
    english = AppState(settings=Settings(), browser_language=negotiate_language("en-US"))
    assert english.language == "en"
    # no browser: the server's locale, as before
    assert AppState(settings=Settings()).language == "en"
    # the person chooses English on the phone: kept on this device, over the browser's
    norwegian.device_settings(preferences.merge(norwegian.settings, {"language": "en"}))
    assert norwegian.language == "en"
    # and "System language" is the browser's again
    norwegian.device_settings(preferences.merge(norwegian.settings, {"language": "system"}))
    assert norwegian.language == "nb"


def test_the_hosts_choice_comes_before_the_browsers(monkeypatch) -> None:
    monkeypatch.setenv("KORTPOENG_LANG", "en")
    assert AppState(settings=Settings(), browser_language="nb").language == "en"
    monkeypatch.delenv("KORTPOENG_LANG")
    # a language the host saved (a desktop window's choice) too
    assert AppState(settings=Settings(language="en"), browser_language="nb").language == "en"


def _run_apart(coroutine: Any) -> Any:
    """Run ``coroutine`` on a loop of its own in a thread of its own (a browser
    test earlier in the worker may have left this thread's loop running)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_guard_hands_the_websockets_accept_language_to_the_tab(tmp_path: Path) -> None:
    """What ``main(page)`` reads (:func:`accept_language`) is the header of the
    websocket its tab connected with, also in a task Flet starts from there."""
    seen: list[Any] = []

    async def flet_app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(accept_language())
        await asyncio.create_task(asyncio.sleep(0))  # (Flet's session tasks)

        async def session_task() -> None:
            seen.append(accept_language())

        await asyncio.create_task(session_task())

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.disconnect"}

    async def send(_message: MutableMapping[str, Any]) -> None:
        pass

    guard = Guard(flet_app, door=JoinDoor(tmp_path / "join", required=False), loopback=True)

    async def connect(language: str | None) -> None:
        headers = [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://127.0.0.1:8550")]
        if language is not None:
            headers.append((b"accept-language", language.encode()))
        scope = {"type": "websocket", "scheme": "ws", "headers": headers, "client": ("::1", 1)}
        await guard(scope, receive, send)

    async def two_tabs() -> None:
        await asyncio.gather(connect("nb-NO,nb;q=0.9"), connect("en-US"))
        await connect(None)

    _run_apart(two_tabs())
    assert sorted(seen[:4], key=str) == ["en-US", "en-US", "nb-NO,nb;q=0.9", "nb-NO,nb;q=0.9"]
    assert seen[4:] == [None, None]
    assert accept_language() is None  # nothing leaks out of a tab's context
