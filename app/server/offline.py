"""Nothing fetched from the internet: the Flutter client as served asks this
server for everything (issue 25, item 9).

flet-web 1.0.5's client asks a CDN for the Rive animation runtime; the
work-around (what the client holds, the address put in its place, the stub
answered there, its check at start and canary) is
:mod:`app.ui.flet_fixes.rive_runtime`. :class:`LocalClient` serves it: the
two client files patched, the stub under :data:`LOCAL_PREFIX`. When a future
flet-web no longer holds the address once, the server refuses to start
(:func:`app.ui.flet_fixes.apply`) and the canary in
tests/app/test_flet_fixes.py fails, so the work-around can be deleted or
updated.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from app.ui.flet_fixes.rive_runtime import (
    CDN_BASE,
    CLIENT_FILES,
    LOCAL_BASE,
    LOCAL_PREFIX,
    RUNTIME_STUB,
    patched_client_file,
    web_dir,
)

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

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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
