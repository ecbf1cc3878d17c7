"""Nothing fetched from the internet: the Flutter client as served asks this
server for everything (issue 25, item 9).

flet-web 1.0.5's client (``main.dart.wasm``, and ``main.dart.js`` for a
browser without WebAssembly GC) loads the Rive animation runtime on every
start by adding a ``<script>`` for
``https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/wasm/rive_native.js``
(then ``wasm_compatibility/rive_native.js``) to the page. Kortpoeng draws no
Rive animation; offline the request failed, online it told a CDN that the app
was opened. ``no_cdn`` does not cover it: the address is built into the
client.

:class:`LocalClient` serves the two client files with that address replaced
by :data:`LOCAL_BASE`, an address of this server of the same length (the
WebAssembly module keeps its string constants as import names, so the bytes
around it stay valid), and answers under :data:`LOCAL_PREFIX` with
:data:`RUNTIME_STUB`: a script whose ``RiveNative()`` never settles, as the
CDN's script never loaded offline. The client then waits for a runtime it
never uses, exactly as it did offline, and asks nobody else.

:func:`patched_client_file` checks that the installed client holds the
address exactly once; when a future flet-web no longer does (or holds it
twice), the file is served unchanged and a warning says so, and the canary
test ``tests/security/test_offline_client.py`` fails, so this module can be
deleted or updated.
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

__all__ = [
    "CDN_BASE",
    "CLIENT_FILES",
    "LOCAL_BASE",
    "LOCAL_PREFIX",
    "RUNTIME_STUB",
    "LocalClient",
    "patched_client_file",
    "web_dir",
]

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Where flet-web 1.0.5's client looks for the Rive runtime.
CDN_BASE = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
#: This server's answer for every path under it (see :data:`RUNTIME_STUB`).
LOCAL_PREFIX = "/offline/rive-native/"
#: An address under :data:`LOCAL_PREFIX` as long as :data:`CDN_BASE`.
LOCAL_BASE = (LOCAL_PREFIX + "kortpoeng-draws-no-rive-animation-none-loads/").encode()
#: The runtime's stand-in: ``RiveNative()`` returns a promise that never settles.
RUNTIME_STUB = (
    b"// Kortpoeng draws no Rive animation and fetches nothing from the internet:\n"
    b"// the runtime the Flutter client asks for is never loaded.\n"
    b"globalThis.RiveNative = () => new Promise(() => {});\n"
)
#: The client files that hold :data:`CDN_BASE`, by path, with their media type.
CLIENT_FILES: dict[str, bytes] = {
    "/main.dart.wasm": b"application/wasm",
    "/main.dart.js": b"text/javascript; charset=utf-8",
}


def web_dir() -> Path:
    """The Flutter web client's folder flet-web serves (``FLET_WEB_PATH`` or
    the installed package's)."""
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


@functools.lru_cache(maxsize=4)
def patched_client_file(path: Path) -> bytes:
    """The bytes of the client file ``path`` with :data:`CDN_BASE` replaced by
    :data:`LOCAL_BASE` (read once per process).

    A file that does not hold :data:`CDN_BASE` exactly once is returned
    unchanged, with a warning (another flet-web version).

    Raises:
        OSError: the file cannot be read.
    """
    data = path.read_bytes()
    found = data.count(CDN_BASE)
    if found != 1:
        logger.warning(
            "%s holds the Rive runtime's CDN address %d times (expected once): served as it is",
            path,
            found,
        )
        return data
    return data.replace(CDN_BASE, LOCAL_BASE)


@functools.lru_cache(maxsize=8)
def _etag(data: bytes) -> bytes:
    """An entity tag for ``data`` (made once for each file served)."""
    return b'"' + hashlib.sha256(data).hexdigest()[:32].encode() + b'"'


class LocalClient:
    """ASGI middleware in front of Flet's app: ``GET``/``HEAD`` of
    :data:`CLIENT_FILES` answered with :func:`patched_client_file` (with an
    ``ETag``; ``If-None-Match`` gets 304), paths under :data:`LOCAL_PREFIX`
    with :data:`RUNTIME_STUB`; everything else goes to ``app``."""

    def __init__(self, app: ASGIApp, *, directory: Path | None = None) -> None:
        self.app = app
        self.directory = directory

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        method = scope.get("method", "GET").upper()
        if scope["type"] != "http" or method not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
        elif path in CLIENT_FILES:
            data = patched_client_file((self.directory or web_dir()) / path.lstrip("/"))
            await self._answer(scope, send, data, CLIENT_FILES[path])
        elif path.startswith(LOCAL_PREFIX):
            await self._answer(scope, send, RUNTIME_STUB, b"text/javascript; charset=utf-8")
        else:
            await self.app(scope, receive, send)

    @staticmethod
    async def _answer(scope: Scope, send: Send, data: bytes, media_type: bytes) -> None:
        tag = _etag(data)
        asked = dict(scope.get("headers") or ()).get(b"if-none-match", b"")
        fresh = tag in [part.strip() for part in asked.split(b",")]
        headers = [
            (b"content-type", media_type),
            (b"etag", tag),
            (b"cache-control", b"no-cache"),
        ]
        if not fresh:
            headers.append((b"content-length", str(len(data)).encode()))
        await send(
            {"type": "http.response.start", "status": 304 if fresh else 200, "headers": headers}
        )
        body = b"" if fresh or scope.get("method", "GET").upper() == "HEAD" else data
        await send({"type": "http.response.body", "body": body})
