"""The join door and the guard's checks, without a server: the secret file,
revocation, cookies, the Origin and Host rules and the door page's language."""

from __future__ import annotations

import json
import stat
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.server.addresses import AddressKind, Interface, JoinAddress
from app.server.door import JoinDoor, JoinSecret, is_loopback
from app.server.guard import _cookies, loopback_host, own_origin
from app.server.pages import door_page, preferred_language


def test_the_secret_is_drawn_once_and_kept(tmp_path) -> None:
    path = tmp_path / "join.json"
    door = JoinDoor(path, required=True)
    first = door.secret()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert JoinDoor(path, required=True).secret() == first  # a restart reads it back
    assert len(first.code) >= 22 and len(first.device) >= 22 and first.code != first.device
    assert door.code_matches(first.code) and not door.code_matches(first.code[:-1] + "x")
    assert door.admits(first.device) and not door.admits(first.code) and not door.admits(None)


def test_revoking_draws_a_new_secret_and_tells_the_listeners(tmp_path) -> None:
    door = JoinDoor(tmp_path / "join.json", required=True)
    old = door.secret()
    told = []
    door.add_listener(lambda: told.append(True))
    new = door.revoke()
    assert new != old and new.code != old.code and new.device != old.device
    assert not door.admits(old.device) and door.admits(new.device)
    assert told == [True]
    assert json.loads((tmp_path / "join.json").read_text())["code"] == new.code
    assert [p.name for p in tmp_path.iterdir()] == ["join.json"]  # no temporary file left


def test_another_process_revoking_is_noticed(tmp_path) -> None:
    server = JoinDoor(tmp_path / "join.json", required=True)
    old = server.secret()
    told = []
    server.add_listener(lambda: told.append(True))
    assert server.refresh() is False
    JoinDoor(tmp_path / "join.json", required=True).revoke()  # `kortpoeng join --revoke`
    assert server.refresh() is True and told == [True]
    assert not server.admits(old.device)


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        '{"format": "kortpoeng-join", "code": "short", "device": "short"}',
        json.dumps({"format": "other", "code": "A" * 22, "device": "B" * 22}),
        json.dumps({"format": "kortpoeng-join", "code": "A" * 20 + "<>", "device": "B" * 22}),
    ],
)
def test_a_damaged_or_foreign_secret_file_is_replaced(tmp_path, content) -> None:
    path = tmp_path / "join.json"
    path.write_text(content, encoding="utf-8")
    secret = JoinDoor(path, required=True).secret()
    assert json.loads(path.read_text())["code"] == secret.code


def test_a_secret_that_cannot_be_saved_still_works(tmp_path, monkeypatch) -> None:
    """A read-only folder or a full disk: the code works until the server stops."""

    def refuse(_path, _text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("app.server.door._write_atomically", refuse)
    door = JoinDoor(tmp_path / "join.json", required=True)
    secret = door.secret()
    assert door.secret() == secret and door.admits(secret.device)
    assert not (tmp_path / "join.json").exists()
    fresh = door.revoke()
    assert fresh != secret and door.admits(fresh.device) and not door.admits(secret.device)


def test_a_failed_write_leaves_the_old_secret_file(tmp_path, monkeypatch) -> None:
    door = JoinDoor(tmp_path / "join.json", required=True)
    before = (tmp_path / "join.json").read_bytes() if door.secret() else b""

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("models.safe_files.os.fsync", full)  # the one atomic writer
    door.revoke()
    assert (tmp_path / "join.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["join.json"]


def test_not_required_lets_everyone_in(tmp_path) -> None:
    door = JoinDoor(tmp_path / "join.json", required=False)
    assert door.admits(None) and door.admits("anything")
    assert not (tmp_path / "join.json").exists()  # no secret drawn for nothing


def test_many_threads_share_one_secret(tmp_path) -> None:
    door = JoinDoor(tmp_path / "join.json", required=True)
    seen: list[JoinSecret] = []
    threads = [threading.Thread(target=lambda: seen.append(door.secret())) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(seen)) == 1


def test_the_cookie_header(tmp_path) -> None:
    door = JoinDoor(tmp_path / "join.json", required=True)
    parts = [p.strip() for p in door.cookie_header().split(";")]
    assert parts[0] == f"kortpoeng_device={door.secret().device}"
    assert {"HttpOnly", "SameSite=Lax", "Path=/"} <= set(parts)


def _interfaces(monkeypatch, *interfaces: Interface) -> None:
    """This machine's interfaces, as the test says."""
    monkeypatch.setattr("app.server.addresses.read_interfaces", lambda: list(interfaces))


def test_links_put_the_network_first(tmp_path, monkeypatch) -> None:
    _interfaces(
        monkeypatch,
        Interface("lo", ("127.0.0.1",)),
        Interface("tun0", ("10.8.0.2",)),
        Interface("eth0", ("192.0.2.7",)),
    )
    door = JoinDoor(tmp_path / "join.json", required=True)
    door.host, door.port = "0.0.0.0", 8550
    code = door.secret().code
    assert door.links() == [
        f"http://192.0.2.7:8550/join/{code}",
        f"http://10.8.0.2:8550/join/{code}",
        f"http://127.0.0.1:8550/join/{code}",
    ]
    # The host chose the VPN's address: it comes first; one not here is refused.
    assert door.links("10.8.0.2")[:2] == [
        f"http://10.8.0.2:8550/join/{code}",
        f"http://192.0.2.7:8550/join/{code}",
    ]
    with pytest.raises(LookupError):
        door.links("192.0.2.99")


def test_links_of_a_server_bound_to_one_address(tmp_path, monkeypatch) -> None:
    _interfaces(monkeypatch, Interface("wlan0", ("192.168.1.20",)), Interface("lo", ("127.0.0.1",)))
    door = JoinDoor(tmp_path / "join.json", required=True)
    code = door.secret().code
    door.host, door.port = "192.168.1.20", 8550
    assert door.addresses() == [JoinAddress("192.168.1.20", "wlan0", AddressKind.PHYSICAL)]
    assert door.links() == [f"http://192.168.1.20:8550/join/{code}"]  # nothing on 127.0.0.1
    door.host = "kortpoeng.lan"
    assert door.addresses() == [JoinAddress("kortpoeng.lan", "", AddressKind.PHYSICAL)]
    door.host = "::1"
    assert door.addresses() == [] and door.links() == [f"http://[::1]:8550/join/{code}"]


def test_arrivals_count_the_clients_beyond_this_computer(tmp_path) -> None:
    door = JoinDoor(tmp_path / "join.json", required=True)
    for client in ("127.0.0.1", "::1", None, "", "192.168.1.31", "fd00::31"):
        door.arrived(client)
    assert door.arrivals == 2


def test_the_guard_counts_a_phone_that_opens_the_join_link(tmp_path) -> None:
    """A join link opened from beyond this computer, and a websocket with the
    device cookie, are arrivals; the host's own (from 127.0.0.1) and a wrong
    code are not."""
    import asyncio

    from app.server.guard import Guard

    async def flet_app(_scope, _receive, _send) -> None:
        pass

    async def receive():
        return {"type": "websocket.disconnect"}

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    door = JoinDoor(tmp_path / "join.json", required=True)
    guard = Guard(flet_app, door=door, loopback=False)
    host = [(b"host", b"192.168.1.20:8550")]

    def http(path: str, client: str) -> dict:
        return {
            "type": "http",
            "method": "GET",
            "path": path,
            "headers": host,
            "client": (client, 5000),
            "scheme": "http",
        }

    async def visits() -> None:
        await guard(http(door.join_path(), "127.0.0.1"), receive, send)
        await guard(http("/join/wrong-code-wrong-code-x", "192.168.1.31"), receive, send)
        assert door.arrivals == 0
        await guard(http(door.join_path(), "192.168.1.31"), receive, send)
        assert door.arrivals == 1
        cookie = (b"cookie", door.cookie_header().split(";", 1)[0].encode())
        origin = (b"origin", b"http://192.168.1.20:8550")
        scope = {
            "type": "websocket",
            "scheme": "ws",
            "path": "/ws",
            "headers": [*host, origin, cookie],
            "client": ("192.168.1.31", 5001),
        }
        await guard(scope, receive, send)
        assert door.arrivals == 2

    asyncio.run(visits())
    statuses = [m["status"] for m in sent if m["type"] == "http.response.start"]
    assert statuses == [303, 403, 303]


HOSTS = st.sampled_from(["127.0.0.1", "localhost", "192.0.2.7", "[::1]", "kortpoeng.lan"])
PORTS = st.integers(min_value=1, max_value=65535)


@given(host=HOSTS, port=PORTS, scheme=st.sampled_from(["http", "https"]))
def test_the_own_origin_is_scheme_host_and_port_of_the_request(host, port, scheme) -> None:
    scope = {"scheme": "wss" if scheme == "https" else "ws"}
    headers = {"host": f"{host}:{port}", "origin": f"{scheme}://{host}:{port}"}
    assert own_origin(scope, headers)
    assert own_origin(scope, {**headers, "origin": f"{scheme}://{host.upper()}:{port}"})
    other_port = port % 65535 + 1
    for origin in (
        f"{scheme}://{host}:{other_port}",
        f"{'http' if scheme == 'https' else 'https'}://{host}:{port}",
        f"{scheme}://evil.example:{port}",
        f"{scheme}://{host}:{port}/path",
        f"{scheme}://user@{host}:{port}",
        "null",
        "",
    ):
        assert not own_origin(scope, {**headers, "origin": origin}), origin
    assert not own_origin(scope, {"host": headers["host"]})


def test_default_ports_are_the_same_origin() -> None:
    assert own_origin(
        {"scheme": "ws"}, {"host": "kortpoeng.lan", "origin": "http://kortpoeng.lan:80"}
    )
    assert own_origin(
        {"scheme": "ws"}, {"host": "kortpoeng.lan:80", "origin": "http://kortpoeng.lan"}
    )


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1:8550", True),
        ("localhost:8550", True),
        ("[::1]:8550", True),
        ("127.9.9.9", True),
        ("evil.example:8550", False),
        ("192.0.2.7:8550", False),
        ("", False),
        ("127.0.0.1:notaport", False),
        ("127.0.0.1.evil.example", False),
    ],
)
def test_loopback_host_names(host, expected) -> None:
    assert loopback_host({"host": host}) is expected


def test_is_loopback_binding() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.0.2.7")


def test_cookies_are_read_from_every_cookie_header() -> None:
    scope = {
        "headers": [(b"cookie", b"a=1; kortpoeng_device=x"), (b"cookie", b'kortpoeng_device="y"')]
    }
    assert _cookies(scope, "kortpoeng_device") == ["x", "y"]
    assert (
        _cookies({"headers": [(b"cookie", b"kortpoeng_devicex=1; =2; ;")]}, "kortpoeng_device")
        == []
    )


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("nb", "nb"),
        ("nn-NO", "nb"),
        ("no", "nb"),
        ("en-US,nb;q=0.5", "en"),
        ("sv-SE,nb;q=0.8,en;q=0.7", "nb"),
        ("nb;q=0,en;q=0.1", "en"),
        ("fr;q=x, en", "en"),
    ],
)
def test_the_door_page_speaks_the_browsers_language(accept, language) -> None:
    assert preferred_language(accept) == language
    said, page = door_page(accept)
    assert said == language and f'lang="{language}"' in page.decode()


@given(st.text(max_size=300))
def test_any_accept_language_header_gives_a_page(header) -> None:
    language, page = door_page(header)
    assert language in ("nb", "en") and page.startswith(b"<!DOCTYPE html>")


def test_print_join_prints_the_links_and_a_readable_qr_code(tmp_path, monkeypatch) -> None:
    import io

    from qr_read import read_terminal_qr

    from app.server.run import print_join

    _interfaces(
        monkeypatch,
        Interface("docker0", ("172.17.0.1",)),
        Interface("eth0", ("192.0.2.7",)),
        Interface("lo", ("127.0.0.1",)),
    )
    door = JoinDoor(tmp_path / "join.json", required=True)
    out = io.StringIO()
    print_join(door, "0.0.0.0", 8550, out=out)
    code = door.secret().code
    assert f"  http://192.0.2.7:8550/join/{code}  (eth0, Wi-Fi/Ethernet)\n" in out.getvalue()
    assert f"  http://172.17.0.1:8550/join/{code}  (docker0, container)\n" in out.getvalue()
    assert f"http://127.0.0.1:8550/join/{code}" in out.getvalue()
    assert read_terminal_qr(out.getvalue()) == [f"http://192.0.2.7:8550/join/{code}"]
    # The host chose the container's address: it is first and in the QR code.
    chosen = io.StringIO()
    print_join(door, "0.0.0.0", 8550, out=chosen, address="172.17.0.1")
    assert chosen.getvalue().index("172.17.0.1") < chosen.getvalue().index("192.0.2.7")
    assert read_terminal_qr(chosen.getvalue()) == [f"http://172.17.0.1:8550/join/{code}"]
    # A terminal that cannot show the blocks gets the links without a code.
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    print_join(door, "0.0.0.0", 8550, out=ascii_out)
    ascii_out.flush()
    assert f"http://192.0.2.7:8550/join/{code}".encode() in raw.getvalue()
    assert read_terminal_qr(raw.getvalue().decode("ascii")) == []


@pytest.mark.parametrize(
    ("raw", "query", "location"),
    [
        (b"//table/3", b"", b"/table/3"),
        (b"//", b"", b"/"),
        (b"///evil.example//x", b"a=1", b"/evil.example/x?a=1"),
        (b"/session//2//hand", b"", b"/session/2/hand"),
        (b"//join/abc//table", b"", b"/join/abc/table"),
        (b"//table/%C3%A5", b"", b"/table/%C3%A5"),
    ],
)
def test_a_path_with_doubled_slashes_goes_to_its_one_slash_address(
    tmp_path, raw, query, location
) -> None:
    """``http://host:8550//table`` (one slash too many, typed or pasted) drew
    a grey page: the client took the doubled path for its base and never
    connected. The guard sends it to the address with one slash each, never
    to a protocol-relative ``//host`` (no open redirect), before the door."""
    import asyncio

    from app.server.guard import Guard

    async def flet_app(_scope, _receive, _send) -> None:
        raise AssertionError("the app is not asked for a doubled path")

    async def receive():
        return {"type": "http.disconnect"}

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    guard = Guard(flet_app, door=JoinDoor(tmp_path / "join.json", required=True), loopback=False)
    scope = {
        "type": "http",
        "method": "GET",
        "path": raw.decode("ascii"),
        "raw_path": raw,
        "query_string": query,
        "headers": [(b"host", b"192.168.1.20:8550")],
        "client": ("192.168.1.31", 5000),
        "scheme": "http",
    }
    asyncio.run(guard(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    headers = dict(start["headers"])
    assert start["status"] == 303 and headers[b"location"] == location
    assert not headers[b"location"].startswith(b"//") and b"set-cookie" not in headers
