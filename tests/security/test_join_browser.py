"""Issue 9, item 2, in Chromium: the host shows the join code in the app
(Settings → Invite a phone), a second browser context without the cookie is
refused, with the join link it gets in and stays in after a reload; the host
revokes the code and the phone is shut out while the host stays in.

The server is bound to 0.0.0.0; every page is opened through 127.0.0.1."""

from __future__ import annotations

import json
import re

import e2e_harness as h
import pytest
from kortpoeng_flows import settle, wait_for
from qr_read import read_png_qr
from server_harness import seed_session

pytestmark = pytest.mark.e2e

LOCAL_LINK = re.compile(r"http://127\.0\.0\.1:\d+/join/[A-Za-z0-9_-]+")


def _open_app(page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded")
    h.wait_first_frame(page, 30)
    h.enable_semantics(page)


def _is_door(page) -> bool:
    return page.locator("#kortpoeng-door").count() == 1


def _websocket_opens(page, server) -> bool:
    """Whether this page (same origin as the app, its context ignoring the
    page's CSP) can open the app's websocket: the server's answer decides."""
    return page.evaluate(
        """(url) => new Promise((done) => {
             const socket = new WebSocket(url);
             socket.onopen = () => { socket.close(); done(true); };
             socket.onerror = () => done(false);
             socket.onclose = () => done(false);
             setTimeout(() => done("no answer"), 15000);
           })""",
        server.ws_url,
    )


def _shown_links(page) -> list[str]:
    """The join links the Invite screen shows (in its link tiles' labels)."""
    labels = page.evaluate(
        """() => Array.from(document.querySelectorAll('[flt-semantics-identifier^="invite-link-"]'))
                 .map((node) => node.getAttribute("aria-label") || "")"""
    )
    return [link for label in labels for link in re.findall(r"http://\S+/join/\S+", label)]


def _code(server) -> str:
    return json.loads((server.folder / "join.json").read_text(encoding="utf-8"))["code"]


def test_a_phone_joins_with_the_link_and_revoking_shuts_it_out(browser, servers, tmp_path):
    folder = tmp_path / "srv"
    folder.mkdir()
    session_id = seed_session(folder / "kortpoeng.sqlite3", players=("Ingrid", "Åse"))
    server = servers(host="0.0.0.0", folder=folder)
    host_context = browser.new_context(viewport=h.PHONE)
    phone_context = browser.new_context(viewport=h.PHONE, bypass_csp=True)
    try:
        # The host opens the printed link for this computer.
        host = host_context.new_page()
        _open_app(host, server.join_link())
        wait_for(host, f"session-{session_id}")

        # A phone without the code: the door page, no app, no websocket.
        phone = phone_context.new_page()
        phone.goto(server.url + "/", wait_until="load")
        assert _is_door(phone)
        assert phone.get_by_text("Ask the host for the join code").count() == 1
        assert phone.locator("flt-glass-pane").count() == 0
        assert _websocket_opens(phone, server) is False

        # The host shows the code: link and QR code.
        h.tap(host, "nav-settings")
        wait_for(host, "screen-settings")
        settle(host, 0.3)
        h.tap(host, "nav-invite")
        wait_for(host, "screen-invite")
        settle(host, 0.5)
        shown = _shown_links(host)
        assert shown and all(link.endswith(f"/join/{_code(server)}") for link in shown), shown
        local = [link for link in shown if LOCAL_LINK.fullmatch(link)]
        assert local == [f"{server.url}/join/{_code(server)}"], shown
        decoded = read_png_qr(h.by_id(host, "invite-qr").first.screenshot())
        assert decoded == [shown[0]], (decoded, shown)
        h.screenshot(host, "security-invite-en-phone")

        # The phone opens the link: in, and still in after a reload.
        _open_app(phone, local[0])
        wait_for(phone, f"session-{session_id}")
        assert phone.url == server.url + "/"
        cookie = next(c for c in phone_context.cookies() if c["name"] == "kortpoeng_device")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["path"] == "/"
        _open_app(phone, server.url + "/")
        wait_for(phone, f"session-{session_id}")
        assert _websocket_opens(phone, server) is True

        # The host revokes the code: the host stays in, the phone is shut out.
        old_code = _code(server)
        h.tap(host, "invite-revoke")
        wait_for(host, "invite-revoke-confirm")
        settle(host, 0.3)
        h.screenshot(host, "security-invite-revoke-en-phone")
        h.tap(host, "invite-revoke-confirm")
        phone.wait_for_selector("#kortpoeng-door")
        assert _code(server) != old_code
        host.wait_for_url(server.url + "/")
        h.wait_first_frame(host, 30)
        h.enable_semantics(host)
        wait_for(host, f"session-{session_id}")
        phone.reload(wait_until="load")
        assert _is_door(phone)
        assert _websocket_opens(phone, server) is False
        stale = phone_context.new_page()
        stale.goto(f"{server.url}/join/{old_code}", wait_until="load")
        assert stale.get_by_text("This join link no longer works").count() == 1
    finally:
        host_context.close()
        phone_context.close()


def test_invite_screen_and_door_page_screenshots(browser, servers, tmp_path):
    """The Invite a phone screen and the door page in both languages, at phone
    and desktop size (artifacts/screenshots), and what each says. (Bound to
    loopback, what the Invite screen says instead is tested without a browser:
    tests/security/test_join.py.)"""
    title = {"nb": "Inviter en telefon", "en": "Invite a phone"}
    heading = {"nb": "Be verten om koden for å bli med", "en": "Ask the host for the join code"}
    for lang in ("nb", "en"):
        server = servers(host="0.0.0.0", env={"KORTPOENG_LANG": lang})
        context = browser.new_context(viewport=h.PHONE, locale="nb-NO" if lang == "nb" else "en-GB")
        try:
            page = context.new_page()
            _open_app(page, server.join_link())
            door = context.new_page()
            for size, viewport in (("phone", h.PHONE), ("desktop", h.DESKTOP)):
                page.set_viewport_size(dict(viewport))
                wait_for(page, "nav-settings")
                h.tap(page, "nav-settings")
                wait_for(page, "nav-invite")
                settle(page, 0.3)
                h.screenshot(page, f"security-settings-{lang}-{size}")
                h.tap(page, "nav-invite")
                wait_for(page, "screen-invite")
                assert h.text_of(page, "screen-invite") == title[lang]
                h.screenshot(page, f"security-invite-{lang}-{size}")
                h.tap(page, "nav-back")
                wait_for(page, "screen-settings")
                h.tap(page, "nav-back")
                wait_for(page, "screen-sessions")
                # the door: the same browser without its join cookie
                door.set_viewport_size(dict(viewport))
                cookies = context.cookies()
                context.clear_cookies()
                door.goto(server.url + "/", wait_until="load")
                assert door.locator("h1").inner_text() == heading[lang]
                h.SCREENSHOTS_DIR.mkdir(parents=True, exist_ok=True)  # a plain page: no frame
                door.screenshot(path=str(h.SCREENSHOTS_DIR / f"security-door-{lang}-{size}.png"))
                context.add_cookies(cookies)
        finally:
            context.close()
