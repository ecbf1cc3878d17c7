"""Issue 9, item 3: no wildcard CORS; a Content-Security-Policy with
``frame-ancestors 'none'`` (and X-Frame-Options, nosniff, no-referrer) on the
app page, its static files and the server's own answers; COOP/COEP kept. The
app still draws and works in Chromium under them, and no other site can frame
it."""

from __future__ import annotations

import base64
import hashlib
import re
import urllib.error
import urllib.request

import e2e_harness as h
import pytest
from kortpoeng_flows import Taps, enter_hand, new_session, wait_text

PATHS = {
    "app page": "/",
    "a route": "/session/1",
    "flutter bootstrap": "/flutter_bootstrap.js",
    "wasm": "/canvaskit/skwasm.wasm",
    "font": "/fonts/DejaVuSans.ttf",
    "missing file": "/nothing-here.js",
}


def _get(url: str, headers: dict[str, str] | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def _policy(headers) -> dict[str, list[str]]:
    value = headers.get("Content-Security-Policy") or ""
    directives = {}
    for part in value.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """Each path's (status, headers, body), from one server on loopback."""
    from server_harness import start_server

    server = start_server(tmp_path_factory.mktemp("headers"))
    try:
        got = {name: _get(server.url + path) for name, path in PATHS.items()}
        got["join link on loopback"] = _get(server.url + "/join/anything")
        got["refused write"] = _get_refused(server)
    finally:
        server.stop()
    return got


def _get_refused(server):
    request = urllib.request.Request(
        server.url + "/", data=b"x", method="POST", headers={"Origin": "https://evil.example"}
    )
    try:
        urllib.request.urlopen(request, timeout=20)
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
    raise AssertionError("a foreign POST was accepted")


@pytest.mark.parametrize(
    "name", [*PATHS, "join link on loopback", "refused write"], ids=lambda n: n.replace(" ", "-")
)
def test_every_answer_carries_the_security_headers(answers, name) -> None:
    status, headers, _body = answers[name]
    assert status in (200, 303, 403, 404), status
    assert headers.get("Access-Control-Allow-Origin") is None
    assert headers.get("X-Frame-Options") == "DENY"
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("Referrer-Policy") == "no-referrer"
    policy = _policy(headers)
    assert policy.get("frame-ancestors") == ["'none'"]
    assert "'unsafe-inline'" not in policy.get("script-src", [])
    assert "'unsafe-eval'" not in policy.get("script-src", [])
    assert "*" not in [word for words in policy.values() for word in words]
    if name in PATHS and name != "missing file":
        assert status == 200
        assert headers.get("Cross-Origin-Opener-Policy") == "same-origin"
        assert headers.get("Cross-Origin-Embedder-Policy") == "require-corp"


def test_the_app_page_allows_exactly_its_own_inline_scripts(answers) -> None:
    _status, headers, body = answers["app page"]
    inline = [
        m.group(2)
        for m in re.finditer(rb"<script([^>]*)>(.*?)</script>", body, re.S)
        if b"src=" not in m.group(1)
    ]
    assert len(inline) >= 2  # Flet's config and bootstrap
    hashes = {
        "'sha256-" + base64.b64encode(hashlib.sha256(code).digest()).decode() + "'"
        for code in inline
    }
    script_src = _policy(headers)["script-src"]
    assert hashes <= set(script_src)
    assert set(script_src) - hashes == {"'self'", "'wasm-unsafe-eval'"}


VIOLATIONS_JS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(
  {directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile}));
"""


FRAMING_PAGE = """<!DOCTYPE html><html><body>
<iframe id="app" src="{url}/" width="390" height="600"></iframe>
</body></html>"""


@pytest.mark.e2e
def test_the_app_works_under_the_policy_and_no_other_site_can_frame_it(
    browser, servers, hostile
) -> None:
    """A whole session flow in Chromium with the headers on, and nothing of the
    app's own is blocked (the Flutter client's attempt to fetch an animation
    runtime from a CDN is, as it should be offline). A page of another origin
    that frames the app gets Chromium's error page in the frame instead."""
    server = servers()
    context = browser.new_context(viewport=h.PHONE)
    try:
        context.add_init_script(VIOLATIONS_JS)
        page = context.new_page()
        page.goto(server.url + "/", wait_until="domcontentloaded")
        h.wait_first_frame(page, 30)
        h.enable_semantics(page)
        assert page.evaluate("() => window.crossOriginIsolated") is True
        players = ["Ingrid", "Åse"]
        new_session(page, "rummy", players)
        enter_hand(Taps(page), players, "Ingrid", {"Åse": ["K", "7"]})
        wait_text(page, "total-1", "17")
        h.screenshot(page, "security-csp-app-works-en-phone")
        violations = page.evaluate("() => window.__violations")
        # Only foreign addresses may be blocked: never the app's own files,
        # inline code, WebAssembly, blob workers or data.
        own = [
            v
            for v in violations
            if v["blocked"].startswith(server.url)
            or not v["blocked"].startswith(("http://", "https://"))
        ]
        assert own == [], own
    finally:
        context.close()

    address = hostile.add("/frame.html", FRAMING_PAGE.format(url=server.url))
    context = browser.new_context(viewport=h.DESKTOP)
    try:
        page = context.new_page()
        # Chromium says it refused (the sign the frame's answer was read) …
        with page.expect_console_message(
            lambda m: "frame-ancestors" in m.text, timeout=h.WAIT * 1000
        ) as refusal:
            page.goto(address, wait_until="load")
        assert "blocked" in refusal.value.text, refusal.value.text
        frames = [f for f in page.frames if f != page.main_frame]
        assert len(frames) == 1
        # … and puts its error page in the frame instead of the app.
        frames[0].wait_for_url("chrome-error://**", timeout=h.WAIT * 1000)
        assert not frames[0].url.startswith(server.url), frames[0].url
    finally:
        context.close()


def test_a_revalidated_page_is_sent_whole_with_its_script_hashes(servers) -> None:
    """A reload sends ``If-None-Match``: a 304 would keep the browser's copy of
    the page under headers computed from an empty body (no script hashes: a
    blank app). The page is always sent whole, never cached."""
    server = servers()
    _status, first, body = _get(server.url + "/")
    assert first.get("ETag") is None and first.get("Cache-Control") == "no-store"
    static = _get(server.url + "/flutter_bootstrap.js")[1]
    for conditional in (
        {"If-None-Match": static.get("ETag") or '"x"'},
        {"If-Modified-Since": "Wed, 01 Jan 2031 00:00:00 GMT"},
    ):
        status, headers, again = _get(server.url + "/", conditional)
        assert status == 200 and again == body
        assert _policy(headers)["script-src"] == _policy(first)["script-src"]
        assert len(_policy(headers)["script-src"]) > 2
