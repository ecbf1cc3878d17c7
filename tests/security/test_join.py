"""Issue 9, item 2: bound beyond loopback, every client needs the join code.

The server is bound to ``0.0.0.0`` and every request goes to 127.0.0.1: the
code is needed whatever the client's address. Without the device cookie a
client gets the translated "ask the host for the join code" page and its
websocket is refused; the printed join link (and its QR code) sets the
cookie; a restart keeps phones joined; revoking shuts every phone out.
"""

from __future__ import annotations

import http.client
import json
import re
import stat
import subprocess
import time
from urllib.parse import urlsplit

import flet_wire as wire
import pytest
from qr_read import read_terminal_qr
from server_harness import KORTPOENG, ROOT, listed_sessions, seed_session
from websockets.exceptions import ConnectionClosed, InvalidStatus


def _request(server, path: str, headers: dict[str, str] | None = None, method: str = "GET"):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def _join(server, link: str | None = None) -> str:
    """Open the join link; returns the ``Cookie`` header value it set."""
    status, headers, _body = _request(server, urlsplit(link or server.join_link()).path)
    assert status == 303, status
    cookie = headers["set-cookie"]
    return cookie.split(";", 1)[0]


@pytest.fixture
def lan_server(servers, tmp_path):
    """A server bound to the LAN of the test's own (for a test that changes
    its code)."""
    folder = tmp_path / "srv"
    folder.mkdir()
    session_id = seed_session(folder / "kortpoeng.sqlite3", players=("Ingrid", "Åse"))
    return servers(host="0.0.0.0", folder=folder), session_id


@pytest.fixture
def shared_lan_server(seeded_server):
    """The module's server bound to the LAN (the tests that use it are
    refused, or join without changing the code)."""
    return seeded_server("0.0.0.0")


@pytest.mark.parametrize(
    ("accept", "heading"),
    [
        ("nb-NO,nb;q=0.9,en;q=0.8", "Be verten om koden for å bli med"),
        ("en-GB,en;q=0.9", "Ask the host for the join code"),
        ("de-DE,de;q=0.9,nn;q=0.5", "Be verten om koden for å bli med"),
    ],
)
def test_without_the_code_a_client_gets_the_door_page(shared_lan_server, accept, heading) -> None:
    server, _session_id = shared_lan_server
    for path in (
        "/",
        "/session/1",
        "/table",
        "/table/1",
        "/flutter_bootstrap.js",
        "/main.dart.wasm",
    ):
        status, headers, body = _request(server, path, {"Accept-Language": accept})
        assert status == 403, (path, status)
        page = body.decode("utf-8")
        assert f"<h1>{heading}</h1>" in page
        assert "<script" not in page
        assert headers["content-security-policy"].startswith("default-src 'none'")


@pytest.mark.parametrize("cookie", [None, "kortpoeng_device=guessed-1234567890abcdefgh", "x=1"])
def test_without_the_cookie_the_websocket_is_refused(shared_lan_server, cookie) -> None:
    server, session_id = shared_lan_server
    with pytest.raises(InvalidStatus) as refused:
        wire.open_client(server.ws_url, origin=server.url, cookie=cookie)
    assert refused.value.response.status_code == 403
    assert listed_sessions(server.db_path) == [session_id]


def test_the_join_link_lets_the_phone_in(shared_lan_server) -> None:
    server, session_id = shared_lan_server
    link = server.join_link()
    status, headers, _body = _request(server, urlsplit(link).path)
    assert status == 303 and headers["location"] == "/"
    attributes = [part.strip() for part in headers["set-cookie"].split(";")]
    name, _eq, value = attributes[0].partition("=")
    assert name == "kortpoeng_device" and len(value) >= 20
    assert value not in link  # the cookie is not the code in the link
    assert {"HttpOnly", "SameSite=Lax", "Path=/"} <= set(attributes)
    assert any(a.startswith("Max-Age=") and int(a[8:]) >= 30 * 24 * 3600 for a in attributes)
    cookie = attributes[0]
    status, _headers, body = _request(server, "/", {"Cookie": f"other=1; {cookie}"})
    assert status == 200 and b"flutter_bootstrap.js" in body
    client = wire.open_client(server.ws_url, origin=server.url, cookie=cookie)
    try:
        client.wait_for(f"session-{session_id}")
        assert "Ingrid, Åse" in "\n".join(wire.texts(client.messages))
    finally:
        client.close()


@pytest.mark.parametrize("code", ["", "x", "A" * 22, "../../etc/passwd", "%00" * 10, "a" * 500])
def test_a_wrong_join_code_gets_no_cookie(shared_lan_server, code) -> None:
    server, _session_id = shared_lan_server
    status, headers, body = _request(server, f"/join/{code}")
    assert status == 403
    assert "set-cookie" not in headers
    assert b"join link no longer works" in body or b"Ask the host" in body


def test_the_printed_qr_code_is_the_join_link(shared_lan_server) -> None:
    server, _session_id = shared_lan_server
    log = server.log()
    code = urlsplit(server.join_link()).path
    printed = set(re.findall(r"http://[0-9.]+:\d+/join/[A-Za-z0-9_-]+", log))
    assert all(urlsplit(link).path == code for link in printed)
    decoded = read_terminal_qr(log)
    assert len(decoded) == 1 and decoded[0] in printed, (decoded, printed)


def test_a_restart_keeps_phones_joined(servers, tmp_path) -> None:
    folder = tmp_path / "srv"
    first = servers(host="0.0.0.0", folder=folder)
    cookie = _join(first)
    assert first.stop() == 0
    secret = folder / "join.json"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    stored = json.loads(secret.read_text(encoding="utf-8"))
    assert stored["format"] == "kortpoeng-join" and stored["code"] in first.join_link()
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    second = servers(host="0.0.0.0", folder=folder)
    assert second.join_link().rsplit("/", 1)[1] == stored["code"]
    status, _headers, _body = _request(second, "/", {"Cookie": cookie})
    assert status == 200


def _revoke_from_the_command_line(folder) -> str:
    done = subprocess.run(
        [*KORTPOENG, "--db", str(folder / "kortpoeng.sqlite3"), "join", "--revoke"],
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=60,
        env={"KORTPOENG_LANG": "en", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_revoking_from_the_command_line_shuts_every_phone_out(lan_server) -> None:
    server, session_id = lan_server
    old_link = server.join_link()
    cookie = _join(server)
    client = wire.open_client(server.ws_url, origin=server.url, cookie=cookie)
    client.wait_for(f"session-{session_id}")
    printed = _revoke_from_the_command_line(server.folder)
    assert "every phone has to join again" in printed
    new_code = json.loads((server.folder / "join.json").read_text())["code"]
    assert new_code in printed and new_code not in old_link
    # The running server notices: the open websocket is closed …
    deadline = time.monotonic() + 15
    closed = False
    while time.monotonic() < deadline and not closed:
        try:
            client.pump(0.3)
        except ConnectionClosed:
            closed = True
    assert closed, "the revoked phone's websocket stayed open"
    # … and the old cookie and link open nothing any more.
    assert _request(server, "/", {"Cookie": cookie})[0] == 403
    with pytest.raises(InvalidStatus):
        wire.open_client(server.ws_url, origin=server.url, cookie=cookie)
    status, _headers, body = _request(server, urlsplit(old_link).path)
    assert status == 403 and b"join link no longer works" in body
    fresh = _join(server, f"{server.url}/join/{new_code}")
    assert _request(server, "/", {"Cookie": fresh})[0] == 200


def test_bound_to_loopback_no_code_is_needed(servers) -> None:
    server = servers()
    status, _headers, body = _request(server, "/")
    assert status == 200 and b"flutter_bootstrap.js" in body
    assert "/join/" not in server.log()
    client = wire.open_client(server.ws_url, origin=server.url)
    try:
        client.wait_for("nav-new-session")
    finally:
        client.close()


def test_on_loopback_the_invite_screen_says_how_to_let_phones_in(servers) -> None:
    """Bound to loopback there is no code to show: the Invite screen says how
    to let phones in, and shows no QR code."""
    server = servers()
    client = wire.open_client(server.ws_url, origin=server.url, route="/invite")
    try:
        client.wait_says("invite-local", "kortpoeng web --host 0.0.0.0")
        client.wait_for("screen-invite")
        assert wire.tagged_nodes(client.messages, "invite-qr") == []
    finally:
        client.close()


def test_the_invite_screen_lists_each_address_with_its_interface(shared_lan_server) -> None:
    """Bound to every interface, the Invite screen shows the QR code and a link
    for each of this machine's addresses, best first, with its interface and
    kind, then this computer's own link (issue 29, item 1; choosing another
    address for the QR code: tests/app/test_invite_screen.py)."""
    from app.i18n import use_language
    from app.messages import address_label
    from app.server.addresses import machine_addresses

    server, _session_id = shared_lan_server
    code = urlsplit(server.join_link()).path
    cookie = _join(server)
    with use_language("en"):
        expected = [
            (f"http://{entry.host}:{server.port}{code}", address_label(entry))
            for entry in machine_addresses()
        ]
    expected.append((f"http://127.0.0.1:{server.port}{code}", "this computer only"))
    client = wire.open_client(server.ws_url, origin=server.url, cookie=cookie, route="/invite")
    try:
        client.wait_for("invite-qr")
        for number, (link, label) in enumerate(expected):
            client.wait_says(f"invite-link-{number}", link)
            client.wait_says(f"invite-link-{number}", label)
        assert wire.tagged_nodes(client.messages, f"invite-link-{len(expected)}") == []
        assert wire.tagged_nodes(client.messages, "invite-nobody-came") == []
        choices = {
            n
            for n in range(len(expected))
            if wire.tagged_nodes(client.messages, f"invite-choose-{n}")
        }
        assert choices == set(range(1, len(expected) - 1))  # every address but the first
    finally:
        client.close()
