"""The work-arounds in app.ui.flet_fixes, each with a canary.

A work-around's own tests show that it works; its canary (``test_canary_…``)
runs the installed Flet's own code, under the work-around, and shows that the
fault it works around is still there. When a Flet upgrade fixes one, its canary
fails and says which work-around to delete. The private names each relies on
are checked at start: :func:`app.ui.flet_fixes.apply` (the app's ``main`` and
the web server call it) raises naming a name Flet no longer has.

What they are: outgoing messages are not turned into the repr of every control
they carry (flet_web logs them with an f-string), one failed redraw no longer
stops every later redraw of the tab, a redraw for a tab that has just gone is
dropped, not raised, a redraw asked for while the tab was away is asked for
again, a stopping server closes every session, the client asks no CDN for the
Rive runtime, no answer says any site may read it, a key's tap is felt through a
client action of our own, a finished screen leaves the browser's history, and
a renamed semantics node is replaced (its canary needs a browser:
tests/e2e/test_flet_canaries.py)."""

from __future__ import annotations

import asyncio
import logging
import re
import types
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import flet as ft
import pytest
from flet.components.component import Component
from flet.controls.client_action import ClientAction
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi.flet_app import FletApp
from flet_web.fastapi.flet_app_manager import FletAppManager
from test_arrival_guard import run

from app.ui import flet_fixes
from app.ui.flet_fixes import (
    browser_history,
    flet_headers,
    gone_connection,
    haptic_action,
    lost_redraw,
    message_repr,
    redraw_guard,
    rive_runtime,
    session_close,
)
from app.ui.flet_fixes._private import upstream

FIXES_DIR = Path(flet_fixes.__file__).parent


def canary(still_there: bool, fix: types.ModuleType, fixed: str) -> None:
    """Assert that the fault ``fix`` works around is still in the installed
    Flet; else fail saying what Flet fixed and which work-around to delete."""
    assert still_there, (
        f"The installed Flet {fixed}: delete the work-around {fix.__name__} "
        "(and its uses), it is no longer needed"
    )


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
        redraw_guard.guarded_update(render)(object())  # no exception comes out
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


# -- a redraw asked for while the tab was away ---------------------------------


def redraws_asked_while_away() -> tuple[int, int]:
    """A real Flet session: the tab goes away (a reload, a locked phone), a
    redraw is asked for, the tab comes back and another is asked for. How
    often was each made, once the second one was?"""

    async def scenario() -> tuple[int, int]:
        session = Session(Tab())
        session.start_updates_scheduler()
        await session.disconnect(60)
        away, back = Redraw(), Redraw()
        session.schedule_update(away)  # type: ignore[arg-type]
        await session.connect(Tab())
        session.schedule_update(back)  # type: ignore[arg-type]
        for _wait in range(5000):  # a hang guard: until the second one is made
            if back.count:
                break
            await asyncio.sleep(0.001)
        session.close()
        return away.count, back.count

    return run(scenario())


def test_canary_lost_redraw() -> None:
    flet_fixes.apply()
    away, back = redraws_asked_while_away()
    assert back == 1
    canary(away == 0, lost_redraw, "makes a redraw asked for while the tab was away")


def test_a_redraw_asked_for_again_is_made_once_the_tab_is_back(monkeypatch) -> None:
    """The arrival guard's lift: its first two redraws are asked for while the
    tab is away (dropped, as the canary shows), the third is made."""
    monkeypatch.setattr(lost_redraw, "LIFT_RETRY", 0.001)
    asked: list[int] = []
    drawn: list[int] = []

    def redraw() -> None:
        asked.append(1)
        if len(asked) == 3:  # the tab is back
            drawn.append(1)

    run(lost_redraw.redraw_until_drawn(redraw, lambda: bool(drawn)))
    assert (len(asked), len(drawn)) == (3, 1)


# -- a stopping server closes every session -----------------------------------


def sessions_after_flets_shutdown(close_them: bool) -> tuple[bool, int, int]:
    """A real ``FletAppManager`` holding one open session (its redraw loop
    running), shut down as the server's lifespan does it, then closed by
    :func:`session_close.close_all` when ``close_them``. Does the session
    still redraw after Flet's shutdown, how many did ``close_all`` close, and
    how many does the manager still hold?"""

    async def scenario() -> tuple[bool, int, int]:
        manager = FletAppManager()
        session = Session(Tab())
        session.start_updates_scheduler()
        await manager.add_session("tab", session)
        await manager.shutdown()
        redraw = Redraw()
        session.schedule_update(redraw)  # type: ignore[arg-type]
        for _wait in range(5000):  # a hang guard: until it is made
            if redraw.count:
                break
            await asyncio.sleep(0.001)
        closed = session_close.close_all(manager) if close_them else 0
        left = len(session_close.sessions_of(manager))
        session.close()
        manager.executor.shutdown(wait=False)
        return redraw.count == 1, closed, left

    return run(scenario())


def test_canary_session_close() -> None:
    still_open, _closed, left = sessions_after_flets_shutdown(close_them=False)
    canary(
        still_open and left == 1,
        session_close,
        "closes the sessions when its app manager shuts down",
    )


def test_a_stopping_server_closes_every_session() -> None:
    _open, closed, left = sessions_after_flets_shutdown(close_them=True)
    assert (closed, left) == (1, 0)


# -- the canaries of the other work-arounds ------------------------------------


class Counted(Message):
    """A message that counts how often it is turned into text."""

    formatted = 0

    def __repr__(self) -> str:
        Counted.formatted += 1
        return "Counted()"


def test_canary_message_repr(caplog) -> None:
    """Flet's own ``send_message``, debug logging off: the message is turned
    into text all the same (the f-string of its log line)."""

    async def scenario() -> int:
        with ThreadPoolExecutor(1) as executor:
            conn = FletApp(asyncio.get_running_loop(), executor, lambda _page: None, None)
            conn._FletApp__send_queue = asyncio.Queue()  # type: ignore[attr-defined]
            Counted.formatted = 0
            upstream(FletApp.send_message)(conn, Counted(MessageAction.PATCH_CONTROL, {}))
            return Counted.formatted

    caplog.set_level(logging.WARNING, logger="flet_transport")
    canary(run(scenario()) == 1, message_repr, "no longer formats every message it sends eagerly")


def test_canary_redraw_guard() -> None:
    """Flet's own update scheduler ends at the first redraw that raises."""

    async def scenario() -> BaseException | None:
        session = Session(Tab())
        loop = asyncio.create_task(upstream(getattr(Session, redraw_guard.SCHEDULER))(session))
        session.schedule_update(Redraw(fails=True))  # type: ignore[arg-type]
        try:
            await asyncio.wait_for(loop, 5)  # a hang guard: the loop ends by itself
        except Exception as error:
            return error
        finally:
            session.close()
        return None

    ended = run(scenario())
    canary(
        isinstance(ended, RuntimeError) and "a render that fails" in str(ended),
        redraw_guard,
        "keeps its update scheduler going after a redraw that raises",
    )


def test_canary_gone_connection() -> None:
    """Flet's own ``send_message`` on a connection whose send loop has ended."""
    with ThreadPoolExecutor(1) as executor:
        conn = FletApp(asyncio.new_event_loop(), executor, lambda _page: None, None)
        conn.loop.close()
        conn._FletApp__send_queue = None  # type: ignore[attr-defined]  # as the send loop leaves it
        try:
            upstream(FletApp.send_message)(conn, Message(MessageAction.PATCH_CONTROL, {}))
        except AttributeError as error:
            raised: Exception | None = error
        else:
            raised = None
    canary(
        raised is not None and "put_nowait" in str(raised),
        gone_connection,
        "checks for a connection that has gone before sending",
    )


@pytest.mark.parametrize("name", sorted(rive_runtime.CLIENT_FILES))
def test_canary_rive_runtime(name) -> None:
    """flet-web's client holds the Rive runtime's CDN address exactly once
    (moved here from tests/security/test_offline_client.py, which tests the
    server's answers)."""
    found = (rive_runtime.web_dir() / name.lstrip("/")).read_bytes().count(rive_runtime.CDN_BASE)
    canary(found == 1, rive_runtime, f"client ({name}) no longer asks the CDN for Rive")


def cors_header(fastapi_app: object) -> list[bytes]:
    """The ``Access-Control-Allow-Origin`` values of ``fastapi_app``'s answer
    to ``GET /favicon.png`` (an ASGI call, no server)."""
    sent: list[dict[str, object]] = []
    asked = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> object:
        if asked:
            return asked.pop()
        await asyncio.Event().wait()  # the phone stays (a disconnect never comes)
        return None

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/favicon.png",
        "headers": [],
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "server": ("127.0.0.1", 80),
        "http_version": "1.1",
    }
    run(fastapi_app(scope, receive, send))  # type: ignore[operator]
    headers = sent[0]["headers"]
    assert sent[0]["status"] == 200
    return [value for name, value in headers if name == b"access-control-allow-origin"]  # type: ignore[attr-defined]


def test_canary_flet_headers() -> None:
    import flet_web.fastapi as flet_fastapi

    answered = cors_header(flet_fastapi.app(lambda _page: None, no_cdn=True))
    canary(answered == [b"*"], flet_headers, "no longer lets every site read every answer")


def test_without_flets_middleware_no_answer_says_any_site_may_read_it() -> None:
    import flet_web.fastapi as flet_fastapi

    fastapi_app = flet_fastapi.app(lambda _page: None, no_cdn=True)
    assert cors_header(flet_headers.without_flet_headers(fastapi_app)) == []


def test_an_app_without_flets_middleware_is_refused() -> None:
    """Another Flet's app, whose middleware has another name: the server
    does not start (it would have sent Flet's header, silently)."""
    import flet_web.fastapi as flet_fastapi

    fastapi_app = flet_headers.without_flet_headers(flet_fastapi.app(lambda _page: None))
    with pytest.raises(RuntimeError, match="CustomHeadersMiddleware"):
        flet_headers.without_flet_headers(fastapi_app)


def test_canary_haptic_action() -> None:
    """Flet's own client actions (each in its service's module): none in the
    haptic feedback service's."""
    import importlib

    module = importlib.import_module(ft.HapticFeedback.__module__)
    own = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, ClientAction) and value is not ClientAction
    ]
    canary(own == [], haptic_action, f"has a client action for haptic feedback ({own})")


def test_canary_browser_history() -> None:
    """Flet's page navigates by pushing a route, and by nothing else: no
    replacing, no going back (its other route names: the route itself and
    its change event)."""
    import inspect

    from flet.controls.page import Page

    names = {
        n
        for n in dir(Page)
        if any(word in n for word in ("route", "history", "replace"))
        or n in ("navigate", "go", "go_back", "back")
    }
    pushes = [
        list(inspect.signature(getattr(Page, method)).parameters)
        for method in ("navigate", "push_route")
    ]
    canary(
        names == {"navigate", "push_route", "route", "on_route_change"}
        and pushes == [["self", "route", "kwargs"]] * 2,
        browser_history,
        f"navigates otherwise than by pushing a route ({sorted(names)}, {pushes})",
    )


def test_the_history_script_is_found_in_the_page_served() -> None:
    page = browser_history.PAGE.read_text(encoding="utf-8")
    script = browser_history.history_script(page)
    assert script is not None and script.count("history.pushState = function") == 1
    assert browser_history.history_script(page.replace("kortpoeng:history", "gone")) is None


# -- every work-around: its private names checked at start, its canary ---------


TakeAway = Callable[[pytest.MonkeyPatch, Path], None]


def _without(owner: object, name: str) -> TakeAway:
    def take_away(monkeypatch: pytest.MonkeyPatch, _folder: Path) -> None:
        monkeypatch.delattr(owner, name)

    return take_away


def _no_longer_using(owner: type, method: str) -> TakeAway:
    """Flet's ``owner.method`` replaced by one that uses no private name."""

    def take_away(monkeypatch: pytest.MonkeyPatch, _folder: Path) -> None:
        async def scheduler(self: object) -> None:
            return None

        def plain(self: object, *args: object) -> None:
            return None

        replacement = scheduler if method.endswith("scheduler") else plain
        monkeypatch.setattr(owner, method, replacement)

    return take_away


def _app_manager() -> object:
    from flet_web.fastapi import app_manager

    return app_manager


def _client_without_the_address(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """A client folder whose files hold no CDN address (another flet-web)."""
    for name in rive_runtime.CLIENT_FILES:
        (folder / name.lstrip("/")).write_bytes(b"console.log('another flet-web')")
    monkeypatch.setattr(rive_runtime, "web_dir", lambda: folder)


def _app_without_flets_middleware(monkeypatch: pytest.MonkeyPatch, _folder: Path) -> None:
    """``flet_web.fastapi.app`` with no middleware class of its own."""
    import flet_web.fastapi as flet_fastapi

    monkeypatch.setattr(flet_fastapi, "app", lambda *_args, **_kwargs: None)


def _page_without_the_history_script(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """A web page that is Flet's own, with no history script."""
    import flet_web

    page = folder / "index.html"
    page.write_bytes((Path(flet_web.__file__).parent / "web" / "index.html").read_bytes())
    monkeypatch.setattr(browser_history, "PAGE", page)


PRIVATE_NAMES: dict[str, TakeAway] = {
    "_Session__updates_scheduler": _without(Session, "_Session__updates_scheduler"),
    "_Session__closed": _no_longer_using(Session, "_Session__updates_scheduler"),
    "_FletApp__send_queue": _no_longer_using(FletApp, "send_message"),
    "_FletAppManager__sessions": _without(_app_manager(), "_FletAppManager__sessions"),
    "rive-app/flutter-native-wasm@44.0.0": _client_without_the_address,
    "CustomHeadersMiddleware": _app_without_flets_middleware,
    "_bind": _without(ClientAction, "_bind"),
    "kortpoeng:history": _page_without_the_history_script,
}


@pytest.mark.parametrize("name", sorted(PRIVATE_NAMES))
def test_a_private_name_flet_no_longer_has_stops_the_app_at_start(
    monkeypatch, tmp_path, name
) -> None:
    flet_fixes.apply()
    PRIVATE_NAMES[name](monkeypatch, tmp_path)
    with pytest.raises(RuntimeError, match=name):
        flet_fixes.apply()


def test_the_web_server_does_not_start_without_a_private_name(monkeypatch, tmp_path) -> None:
    from app.server.door import JoinDoor
    from app.server.run import create_app

    PRIVATE_NAMES["_FletAppManager__sessions"](monkeypatch, tmp_path)
    door = JoinDoor(tmp_path / "join.json", required=False)
    with pytest.raises(RuntimeError, match="_FletAppManager__sessions"):
        create_app(lambda _page: None, door=door, loopback=True)


def test_the_installed_flet_has_every_private_name() -> None:
    flet_fixes.check_private_names()  # raises naming one that is gone


def test_every_work_around_says_its_flet_version_and_has_a_canary() -> None:
    modules = {path.stem for path in FIXES_DIR.glob("*.py") if not path.stem.startswith("_")}
    assert {fix.__name__.rsplit(".", 1)[1] for fix in flet_fixes.FIXES} == modules
    in_a_browser = FIXES_DIR.parents[2] / "tests" / "e2e" / "test_flet_canaries.py"
    canaries = {name for name in globals() if name.startswith("test_canary_")}
    canaries |= set(re.findall(r"^def (test_canary_\w+)\(", in_a_browser.read_text(), re.M))
    for fix in flet_fixes.FIXES:
        short = fix.__name__.rsplit(".", 1)[1]
        doc = " ".join((fix.__doc__ or "").split())
        assert doc.startswith(f"Work-around for Flet {flet_fixes.FLET_VERSION}: "), short
        assert "rivate name" in doc, short  # which ones, or that none is relied on
        assert "Delete when" in doc and "canary" in doc, short
        assert f"test_canary_{short}" in canaries, short


def test_the_server_module_imports_no_flet() -> None:
    """The command line imports app.server (``kortpoeng join``) without
    loading Flet: the server's work-around is imported alone."""
    import subprocess
    import sys

    code = (
        "import sys, app.server; print(sorted(m for m in ('flet', 'flet_web') if m in sys.modules))"
    )
    root = FIXES_DIR.parents[2]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert done.stdout.strip() == "[]", done.stderr
