"""How much a request may cost the server: refused early, before it is read
whole (issue 26, item 5).

Every connection is hostile until its device cookie is checked, and that
check needs the whole request head. So the head is bounded where the bytes
come in, in the HTTP protocol itself, before it is parsed into headers:

* a request head (request line and headers) over :data:`HEAD_LIMIT` bytes is
  answered **431** (Request Header Fields Too Large) and the connection
  closed, as soon as that many bytes came without the end of the head;
* a head that has not come whole :data:`HEAD_TIMEOUT` seconds after its first
  byte (or after the connection opened) is answered **408** (Request
  Timeout) and closed: a client that trickles a head, or says nothing, does
  not hold a connection;
* a request body is refused everywhere (**413**, connection closed, before a
  byte of it is read: :func:`body_refusal`, checked first by the guard): the
  app takes nothing by HTTP (files come over its websocket), so a body is
  never expected;
* a websocket message is at most :data:`WS_MAX_SIZE` bytes (a session file
  of up to ``models.files.IMPORT_LIMIT`` comes in one; a larger message
  closes the websocket, code 1009).

Per connection the server then holds at most about :data:`HEAD_LIMIT` plus
one read (256 KiB, asyncio's) of a request, uvicorn's 64 KiB of a body it
has not been asked to read, and :data:`WS_MAX_SIZE` of a websocket message
(only for a device that joined: a websocket without the cookie is refused
before it is accepted).

The head limit is kept by :class:`LimitedHttpToolsProtocol` (uvicorn's
httptools protocol, which uvicorn uses when httptools is installed); without
httptools uvicorn's h11 protocol is used with h11's own buffer limit set to
:data:`HEAD_LIMIT` (answered 400 there). See :func:`server_options`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from app.server.headers import content_security_policy, security_headers

__all__ = [
    "HEAD_LIMIT",
    "HEAD_TIMEOUT",
    "WS_MAX_SIZE",
    "body_refusal",
    "head_answer",
    "server_options",
]

#: Bytes a request's head (request line, headers, the blank line) may have: 64 KiB.
HEAD_LIMIT = 64 * 1024
#: Seconds a request's head may take to come whole, from its first byte (or
#: from the connection's opening): a phone sends one in a single packet.
HEAD_TIMEOUT = 10.0
#: Bytes a websocket message may have: a session file of up to 5 MiB
#: (``models.files.IMPORT_LIMIT``) with room for the Flet message around it.
WS_MAX_SIZE = 8 * 1024 * 1024

_PLAIN_POLICY = content_security_policy({"default-src": ["'none'"], "frame-ancestors": ["'none'"]})
_REASONS = {
    400: b"Bad Request",
    408: b"Request Timeout",
    413: b"Content Too Large",
    431: b"Request Header Fields Too Large",
}
_END = b"\r\n\r\n"


def head_answer(status: int, body: bytes) -> bytes:
    """A whole HTTP/1.1 answer, written on the connection before any ASGI app
    saw the request: ``status`` (408, 413 or 431), a plain-text ``body``, the
    security headers of :mod:`app.server.headers` and ``Connection: close``.

    >>> head_answer(431, b"Too large\\n").split(b"\\r\\n")[0]
    b'HTTP/1.1 431 Request Header Fields Too Large'
    """
    headers = security_headers(
        [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"cache-control", b"no-store"),
            (b"connection", b"close"),
        ],
        _PLAIN_POLICY,
    )
    lines = [b"HTTP/1.1 %d %s" % (status, _REASONS.get(status, b""))]
    lines += [name + b": " + value for name, value in headers]
    return b"\r\n".join(lines) + _END + body


def body_refusal(method: str, headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """Why a request's body is refused (``None``: it has none).

    Args:
        method: The request's method (``GET``…), unused but for the reason:
            no method of this app takes a body.
        headers: The ASGI request headers (names lower-case bytes).

    A ``Content-Length`` other than ``0`` (also one that is not a number) or
    any ``Transfer-Encoding`` announces a body.

    >>> body_refusal("GET", [(b"content-length", b"0")]) is None
    True
    >>> body_refusal("POST", [(b"transfer-encoding", b"chunked")])
    'POST with a body (transfer-encoding)'
    """
    for name, value in headers:
        name = name.lower()
        if name == b"transfer-encoding" or (name == b"content-length" and value.strip() != b"0"):
            return f"{method} with a body ({name.decode('latin-1')})"
    return None


def _head_ends_within(tail: bytes, data: bytes, room: int) -> bool:
    """Whether the blank line ending a head (``\\r\\n\\r\\n``) ends within the
    first ``room`` bytes of ``data`` (``tail``: the last bytes before it)."""
    window = tail + data[: max(room, 0)]
    return window.find(_END) >= 0


def _limited_httptools() -> type[asyncio.Protocol] | None:
    """:class:`LimitedHttpToolsProtocol`, or ``None`` without httptools."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return None

    class LimitedHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol counting the bytes of each request's
        head before they are parsed (see the module docstring)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._in_head = True
            self._head_seen = 0
            self._head_tail = b""
            self._head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._start_head_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_head_timer()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._in_head:
                self._start_head_timer()
                room = HEAD_LIMIT - self._head_seen
                if len(data) > room and not _head_ends_within(self._head_tail, data, room):
                    self._refuse(431, b"Request header fields too large\n")
                    return
                self._head_seen += len(data)
                self._head_tail = (self._head_tail + data)[-3:]
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._in_head = False
            self._stop_head_timer()
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._in_head, self._head_seen, self._head_tail = True, 0, b""

        def _start_head_timer(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(HEAD_TIMEOUT, self._head_too_slow)

        def _stop_head_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if not self._in_head or self.transport.is_closing():
                return
            if self.cycle is not None and not self.cycle.response_complete:
                self._start_head_timer()  # an answer is under way: the next head waits
                return
            if self._head_seen:
                self._refuse(408, b"Request timeout\n")
            else:  # nothing said: an idle connection, closed without a word
                self.transport.close()

        def _refuse(self, status: int, body: bytes) -> None:
            self._stop_head_timer()
            self._in_head = False
            if self.cycle is None or self.cycle.response_complete:
                self.transport.write(head_answer(status, body))
            self.transport.close()

    return LimitedHttpToolsProtocol


def server_options() -> dict[str, Any]:
    """The limits as ``uvicorn.Config`` keyword arguments: the HTTP protocol
    (:class:`LimitedHttpToolsProtocol`, or h11 with its buffer limit at
    :data:`HEAD_LIMIT`) and the websocket message limit."""
    protocol = _limited_httptools()
    return {
        "http": protocol if protocol is not None else "h11",
        "h11_max_incomplete_event_size": HEAD_LIMIT,
        "ws_max_size": WS_MAX_SIZE,
    }
