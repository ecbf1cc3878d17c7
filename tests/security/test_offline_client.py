"""The Flutter client as served asks nobody but the server (issue 25, item
9; :mod:`app.server.offline`): the answers of :class:`LocalClient`. The
canary that the installed flet-web still holds the CDN address the
work-around replaces (:mod:`app.ui.flet_fixes.rive_runtime`) is
``test_canary_rive_runtime`` in tests/app/test_flet_fixes.py: when it fails,
the work-around can go or must follow."""

from __future__ import annotations

from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from safety_helpers import run_apart

from app.server.offline import (
    CDN_BASE,
    CLIENT_FILES,
    LOCAL_BASE,
    LOCAL_PREFIX,
    RUNTIME_STUB,
    LocalClient,
    patched_client_file,
    web_dir,
)


def call(app: Any, path: str, *, method: str = "GET", headers: list | None = None) -> tuple:
    """One request through the ASGI ``app``: (status, headers as a dict, body)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": headers or []}
    run_apart(app(scope, receive, send))
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start["headers"]), body


async def flet(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
    """Stands for Flet's app: answers every request with 200 ``flet``."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"flet"})


@pytest.mark.parametrize("name", ["main.dart.wasm", "main.dart.js"])
def test_the_served_client_asks_this_server_instead(name) -> None:
    original = (web_dir() / name).read_bytes()
    patched = patched_client_file(web_dir() / name)
    assert CDN_BASE not in patched and patched.count(LOCAL_BASE) == 1
    assert len(patched) == len(original)  # the wasm module's sections keep their sizes
    at = original.index(CDN_BASE)
    assert patched[:at] == original[:at]
    assert patched[at + len(CDN_BASE) :] == original[at + len(CDN_BASE) :]
    assert LOCAL_BASE.startswith(LOCAL_PREFIX.encode()) and len(LOCAL_BASE) == len(CDN_BASE)


def leb128(data: bytes, at: int) -> tuple[int, int]:
    """The unsigned LEB128 number at ``at`` and the offset after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def sections(module: bytes) -> list[tuple[int, int, int]]:
    """A WebAssembly module's sections: (id, start, end) of each payload."""
    assert module[:8] == b"\0asm\x01\0\0\0"
    found, at = [], 8
    while at < len(module):
        kind = module[at]
        size, start = leb128(module, at + 1)
        found.append((kind, start, start + size))
        at = start + size
    assert at == len(module)
    return found


def test_the_patched_wasm_module_keeps_its_shape() -> None:
    """The served module's sections are where they were, and the address
    is a string constant of its import section: the import named by it
    (module ``""``, whose names the client's loader turns into strings),
    its length byte unchanged."""
    path = web_dir() / "main.dart.wasm"
    original, patched = path.read_bytes(), patched_client_file(path)
    assert sections(patched) == sections(original)
    imports = next((start, end) for kind, start, end in sections(patched) if kind == 2)
    at = patched.index(LOCAL_BASE)
    assert imports[0] < at < imports[1]
    assert patched[at - 2 : at] == b"\0" + bytes([len(LOCAL_BASE)])


def test_local_client_serves_the_patched_files_and_the_stub(tmp_path: Path) -> None:
    (tmp_path / "main.dart.js").write_bytes(b"x=" + CDN_BASE + b"+'wasm/rive_native.js'")
    (tmp_path / "main.dart.wasm").write_bytes(b"\0asm" + CDN_BASE)
    app = LocalClient(flet, directory=tmp_path)
    status, headers, body = call(app, "/main.dart.js")
    assert (status, body) == (200, b"x=" + LOCAL_BASE + b"+'wasm/rive_native.js'")
    assert headers[b"content-type"].startswith(b"text/javascript")
    assert headers[b"content-length"] == str(len(body)).encode()
    status, headers, body = call(app, "/main.dart.wasm")
    assert (status, headers[b"content-type"], body) == (
        200,
        b"application/wasm",
        b"\0asm" + LOCAL_BASE,
    )
    # a browser that has it gets 304; HEAD gets the headers alone
    tag = headers[b"etag"]
    assert call(app, "/main.dart.wasm", headers=[(b"if-none-match", tag)])[::2] == (304, b"")
    assert call(app, "/main.dart.wasm", method="HEAD")[::2] == (200, b"")
    # the runtime the client asks for: a script whose RiveNative() never settles
    script = (LOCAL_BASE + b"wasm/rive_native.js").decode()
    status, headers, body = call(app, script)
    assert (status, body) == (200, RUNTIME_STUB)
    assert b"RiveNative" in body
    # everything else is Flet's
    assert call(app, "/flutter_bootstrap.js")[::2] == (200, b"flet")
    assert call(app, "/main.dart.js", method="POST")[::2] == (200, b"flet")
    assert set(CLIENT_FILES) == {"/main.dart.wasm", "/main.dart.js"}


def test_a_client_without_the_address_is_served_as_it_is(tmp_path: Path, caplog) -> None:
    (tmp_path / "main.dart.js").write_bytes(b"console.log('another flet-web')")
    patched_client_file.cache_clear()
    assert patched_client_file(tmp_path / "main.dart.js") == b"console.log('another flet-web')"
    assert "expected once" in caplog.text
