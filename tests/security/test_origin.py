"""Issue 9, item 1: only the app's own pages may drive it. A websocket (or any
request that could change data) from a foreign, missing or ``null`` Origin is
refused before it is accepted, so a hostile client can neither read nor
delete a session; a Host that is not this computer (DNS rebinding) is refused
on loopback. Real Python websocket clients against the real server."""

from __future__ import annotations

import base64
import os
import socket
import time

import flet_wire as wire
import pytest
from server_harness import listed_sessions, seed_session
from websockets.exceptions import InvalidStatus

FOREIGN_ORIGINS = {
    "foreign site": "https://evil.example",
    "another localhost port": "http://localhost:9100",
    "another 127.0.0.1 port": "http://127.0.0.1:9100",
    "same host, https": None,  # filled in per server (https://127.0.0.1:<port>)
    "null": "null",
    "missing": None,
}


def _origin(kind: str, port: int) -> str | None:
    if kind == "same host, https":
        return f"https://127.0.0.1:{port}"
    return FOREIGN_ORIGINS[kind]


@pytest.fixture
def loopback_server(servers, tmp_path):
    """A server of the test's own (for a test that changes what it holds)."""
    folder = tmp_path / "srv"
    folder.mkdir()
    session_id = seed_session(folder / "kortpoeng.sqlite3", players=("Ingrid", "Åse"))
    return servers(folder=folder), session_id


@pytest.fixture
def shared_server(seeded_server):
    """The module's server (the tests that use it are refused or only read)."""
    return seeded_server()


def _attack(server, session_id: int, origin: str | None) -> wire.WireClient:
    """Open the app's websocket with ``origin``, read the sessions screen and tap
    the session's delete button (what a hijacker does)."""
    client = wire.open_client(server.ws_url, origin=origin)
    delete = client.wait_for(f"session-delete-{session_id}")
    client.send(wire.click_frame(delete))
    client.pump(1.0)
    return client


@pytest.mark.parametrize("kind", list(FOREIGN_ORIGINS))
def test_a_foreign_origin_cannot_read_or_delete_a_session(shared_server, kind) -> None:
    server, session_id = shared_server
    origin = _origin(kind, server.port)
    with pytest.raises(InvalidStatus) as refused:
        _attack(server, session_id, origin)
    assert refused.value.response.status_code == 403
    # (refused at the handshake: no tap was ever sent, nothing to wait for)
    assert listed_sessions(server.db_path) == [session_id]


def test_the_apps_own_origin_reads_and_deletes(loopback_server) -> None:
    """The same client with the app's own Origin gets in: the refusals above are
    the Origin check, not a broken client."""
    server, session_id = loopback_server
    client = _attack(server, session_id, server.url)
    try:
        assert "Ingrid, Åse" in "\n".join(wire.texts(client.messages))
        deadline = time.monotonic() + 10
        while listed_sessions(server.db_path) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert listed_sessions(server.db_path) == []
    finally:
        client.close()


def _raw_upgrade(port: int, host: str, origin: str) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        "GET /ws HTTP/1.1\r\n"
        f"Host: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request.encode())
        return sock.recv(200)


def test_a_rebound_host_name_is_not_this_computer(shared_server) -> None:
    """DNS rebinding: a foreign name pointed at 127.0.0.1 sends Origin and Host
    that agree with each other, but the Host is not this computer."""
    server, session_id = shared_server
    rebound = f"evil.example:{server.port}"
    answer = _raw_upgrade(server.port, rebound, f"http://{rebound}")
    assert answer.startswith(b"HTTP/1.1 403"), answer
    own = _raw_upgrade(server.port, f"127.0.0.1:{server.port}", server.url)
    assert own.startswith(b"HTTP/1.1 101"), own
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {rebound}\r\nConnection: close\r\n\r\n".encode())
        assert sock.recv(100).startswith(b"HTTP/1.1 403")
    assert listed_sessions(server.db_path) == [session_id]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("origin", ["https://evil.example", "null", None])
def test_requests_that_could_write_need_the_apps_own_origin(shared_server, method, origin):
    import http.client

    server, _session_id = shared_server
    for path in ("/", "/ws", "/upload", "/session/1"):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        headers = {"Content-Type": "application/octet-stream"}
        if origin is not None:
            headers["Origin"] = origin
        connection.request(method, path, body=b"x", headers=headers)
        response = connection.getresponse()
        assert response.status == 403, (method, path, response.status)
        assert response.getheader("access-control-allow-origin") is None
        connection.close()


def test_the_oauth_callback_the_app_never_uses_is_not_served(shared_server) -> None:
    import urllib.error
    import urllib.request

    server, _session_id = shared_server
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{server.url}/oauth_callback?state=x&code=y", timeout=10)
    assert missing.value.code == 404
