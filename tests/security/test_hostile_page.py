"""Issue 9, item 1, in a real browser: a page served from another port
(another origin) that opens the app's websocket from Chromium — cross-site
websocket hijacking — can neither read the session list nor delete a session.

The hostile page speaks Flet's protocol itself: it registers like the Flutter
client, hands every frame it receives to the test (which plays the attacker's
brain: it finds the delete button in the frames) and sends the tap it is
given. The same with a browser that joined a server on the LAN: its device
cookie goes along (cookies ignore ports), the Origin check still refuses.
"""

from __future__ import annotations

import base64
import time

import e2e_harness as h
import flet_wire as wire
import pytest
from server_harness import listed_sessions, seed_session

pytestmark = pytest.mark.e2e

HOSTILE_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Free cards</title></head>
<body><p>Nothing to see here.</p><script>
const b64 = (bytes) => btoa(String.fromCharCode(...bytes));
const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const state = {opened: false, closed: false, code: null, frames: []};
const socket = new WebSocket("ws://127.0.0.1:%(port)d/ws");
socket.binaryType = "arraybuffer";
socket.onopen = () => { state.opened = true; socket.send(unb64("%(register)s")); };
socket.onmessage = (event) => state.frames.push(b64(new Uint8Array(event.data)));
socket.onclose = (event) => { state.closed = true; state.code = event.code; };
window.hostile = {
  state: () => ({opened: state.opened, closed: state.closed, code: state.code}),
  frames: () => state.frames.slice(),
  send: (text) => socket.send(unb64(text)),
};
</script></body></html>"""


def _hijack(page, server, session_id: int, timeout: float = 25.0) -> dict:
    """Let the hostile page run: read what it receives and, when the session's
    delete button shows up, make it tap it. Returns what happened."""
    found = None
    deadline = time.monotonic() + timeout
    state = {}
    while time.monotonic() < deadline:
        state = page.evaluate("() => window.hostile.state()")
        frames = [base64.b64decode(f) for f in page.evaluate("() => window.hostile.frames()")]
        messages = [m for m in (wire.decode(f) for f in frames) if m is not None]
        found = wire.tapped_id(messages, f"session-delete-{session_id}")
        if found is not None or state["closed"]:
            break
        time.sleep(0.2)
    result = {**state, "read": [], "tapped": False}
    if found is not None:
        result["read"] = [t for t in wire.texts(messages) if "Ingrid" in t]
        tap = base64.b64encode(wire.click_frame(found)).decode()
        page.evaluate("(tap) => window.hostile.send(tap)", tap)
        result["tapped"] = True
        # (the test fails: let the delete it tapped show in what it says)
        gone = time.monotonic() + 10
        while listed_sessions(server.db_path) and time.monotonic() < gone:
            time.sleep(0.1)
    return result


def _page(hostile, server) -> str:
    register = base64.b64encode(wire.register_frame()).decode()
    path = f"/cards-{server.port}.html"
    return hostile.add(path, HOSTILE_PAGE % {"port": server.port, "register": register})


def test_a_page_of_another_origin_cannot_read_or_delete_sessions(
    browser, servers, hostile, tmp_path
):
    """On loopback (the Origin check alone keeps it out), then bound to the
    LAN with a phone that joined: its device cookie is sent to the app's
    websocket by any page of the same host, yet the page is refused."""
    for host in ("127.0.0.1", "0.0.0.0"):
        folder = tmp_path / f"srv-{host}"
        folder.mkdir()
        session_id = seed_session(folder / "kortpoeng.sqlite3", players=("Ingrid", "Åse"))
        server = servers(host=host, folder=folder)
        context = browser.new_context(viewport=h.DESKTOP if host == "127.0.0.1" else h.PHONE)
        try:
            if host == "0.0.0.0":  # the phone joins first
                app = context.new_page()
                app.goto(server.join_link(), wait_until="domcontentloaded")
                h.wait_first_frame(app, 30)
                h.enable_semantics(app)
                h.by_id(app, f"session-{session_id}").first.wait_for(state="attached")
                assert any(c["name"] == "kortpoeng_device" for c in context.cookies())
            page = context.new_page()
            page.goto(_page(hostile, server), wait_until="load")
            result = _hijack(page, server, session_id)
        finally:
            context.close()
        what_it_did = (result["read"], result["tapped"], listed_sessions(server.db_path))
        assert what_it_did == ([], False, [session_id]), (host, "read, tapped, sessions left")
        assert result["opened"] is False and result["closed"] is True, (host, result)
