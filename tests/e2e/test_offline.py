"""Nothing is fetched from the internet (issue 25, item 9): loading the app
and using its screens asks the server that serves it, and nobody else.

Flet 1.0.5's web client asked a CDN for the Rive animation runtime
(``rive_native.js``) on every load; offline that request failed, and it told
a third party that the app was opened. Every request the page makes (scripts,
wasm, fonts, images, the websocket) is recorded from the first one on, and
each must go to the server's own host and port.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

#: Hearts: suited keys (♠ ♥ ♦ ♣ drawn by the keypad) and four players.
HEARTS = {
    "format": "kortpoeng-session",
    "version": 2,
    "game": "swedish_rummy",
    "options": {},
    "players": ["Kari", "Ola", "Åse", "Bjørn"],
    "hands": [{"went_out": "Kari", "left": {"Ola": ["8", "K"], "Åse": ["5"]}}],
}


def seed(tmp_path: Path) -> tuple[str, int]:
    """A database holding one session; its URL and the session's id."""
    url = f"sqlite:///{tmp_path / 'offline.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    sid = store.import_session(engine=engine, data=json.dumps(HEARTS).encode("utf-8")).id
    engine.dispose()
    return url, sid


def elsewhere(urls: list[str], origin: str) -> list[str]:
    """The URLs of ``urls`` that do not go to ``origin`` (``host:port``).
    ``data:`` URLs go nowhere; a ``blob:`` URL is its page's own."""
    foreign = []
    for url in urls:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "data":
            continue
        inner = url[len("blob:") :] if scheme == "blob" else url
        if urlsplit(inner).netloc != origin:
            foreign.append(url)
    return foreign


def test_loading_and_using_the_app_asks_only_its_own_server(
    flet_app, browser: Any, tmp_path
) -> None:
    url, sid = seed(tmp_path)
    server = flet_app(APP, lang="en", env={"KORTPOENG_DB": url})
    origin = urlsplit(server.url).netloc
    context = browser.new_context(viewport=dict(h.PHONE))
    context.set_default_timeout(h.WAIT * 1000)
    asked: list[str] = []
    open_requests: set[Any] = set()  # asked and not yet answered (or failed)

    def ask(request: Any) -> None:
        asked.append(request.url)
        open_requests.add(request)

    context.on("request", ask)
    context.on("requestfinished", lambda request: open_requests.discard(request))
    context.on("requestfailed", lambda request: open_requests.discard(request))
    try:
        page = context.new_page()
        page.on("websocket", lambda socket: asked.append(socket.url))
        page.goto(server.url, wait_until="domcontentloaded")
        h.wait_first_frame(page)
        h.enable_semantics(page)
        wait_for(page, f"session-{sid}")
        h.tap(page, f"session-{sid}")
        wait_for(page, "screen-session")
        h.tap(page, "new-hand")
        wait_for(page, "screen-hand")
        settle(page, 0.3)
        h.tap(page, "went-out-0")
        h.tap(page, "key-Ola-8")
        wait_for(page, "chip-1-0")
        h.tap(page, "nav-back")
        h.tap(page, "nav-rules")
        wait_for(page, "screen-rules")
        h.tap(page, "nav-back")
        wait_for(page, "screen-session")
        h.tap(page, "nav-back")
        h.tap(page, "nav-settings")
        wait_for(page, "screen-settings")
        h.tap(page, "lang-nb")
        h.wait_for_text(page, "Språk")
        # what the last screens load lazily: asked, answered, and drawn
        page.wait_for_function(h.PAINTED_JS)
        deadline = time.monotonic() + h.WAIT
        while open_requests and time.monotonic() < deadline:
            page.wait_for_timeout(50)  # (Playwright's events come in while it waits)
        assert not open_requests, [r.url for r in open_requests]
        assert any(urlsplit(u).path == "/ws" for u in asked), asked
        assert any(urlsplit(u).path.endswith("main.dart.wasm") for u in asked), asked
        assert elsewhere(asked, origin) == []
    finally:
        context.close()
