"""The ASGI layer in front of the Flet app: who gets in, what every answer
carries, and how live websockets end.

Every request is treated as hostile. In order, :class:`Guard`:

1. refuses everything once the server is stopping (HTTP 503, websocket closed
   before it is accepted);
2. bound to loopback, refuses a ``Host`` that is not a loopback name
   (``localhost``, ``127.x.x.x``, ``[::1]``): a foreign site that points its
   own name at 127.0.0.1 (DNS rebinding) is not the app;
3. refuses a websocket, and any request that could change data (every method
   but GET and HEAD), whose ``Origin`` is not the app's own
   (``http://`` + the ``Host`` it was sent to): a foreign, missing or ``null``
   Origin. The websocket is closed *before* it is accepted (the browser sees
   HTTP 403), so a page from another site or port can neither read nor
   change anything;
4. answers the join link ``/join/<code>`` (device cookie, then a redirect to
   the app; ``/join/<code>/table`` to the table screen) and, when the
   :class:`~app.server.door.JoinDoor` is required, gives a client without
   the device cookie the "ask the host for the join code" page (HTTP 403) and refuses its websocket;
5. puts the security headers of :mod:`app.server.headers` on every answer.

A request with a body is refused before the door (HTTP 413, after the
refusals of 1-3): no request of the app takes one
(:mod:`app.server.limits`, which bounded the head before it came here); any
refusal of a request with a body closes the connection, its body unread.

It also keeps the live websockets: when the join code is revoked every tab is
told (Flet pub/sub, :data:`~app.server.door.DOOR_TOPIC`) and, a moment later,
every websocket whose cookie no longer opens the door is closed; when a
client disconnects, the app's handler for it is given
:data:`REAP_AFTER` seconds to end and is then cancelled (Flet's handler never
ends for a socket that dropped before it registered); when the server stops,
every phone is told it is going away (close code 1001) and every handler is
ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import quote, urlsplit

from app.game_link import IMPORT_PATH
from app.server.client import ACCEPT_LANGUAGE
from app.server.door import COOKIE, JOIN_LANDINGS, JOIN_PREFIX, JoinDoor
from app.server.headers import (
    APP_POLICY,
    content_security_policy,
    inline_script_hashes,
    security_headers,
    style_hash,
)
from app.server.limits import body_refusal
from app.server.pages import _STYLE, door_page, not_found_page

__all__ = ["GOING_AWAY", "KICK_GRACE", "REAP_AFTER", "Guard", "own_origin"]

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Seconds a disconnected websocket's handler may take to end before it is cancelled.
REAP_AFTER = 2.0
#: Seconds between telling the tabs of a revocation and closing their websockets.
KICK_GRACE = 1.0
#: Websocket close code and reason when the server stops (RFC 6455: going away).
GOING_AWAY = (1001, "Kortpoeng stopped")
#: Close code for a websocket whose device was shut out (policy violation).
SHUT_OUT = (1008, "Join again")
_SAFE_METHODS = frozenset({"GET", "HEAD"})
_DOOR_POLICY = content_security_policy(
    {
        "default-src": ["'none'"],
        "style-src": [style_hash(_STYLE)],
        "base-uri": ["'none'"],
        "form-action": ["'none'"],
        "frame-ancestors": ["'none'"],
    }
)
_PLAIN_POLICY = content_security_policy({"default-src": ["'none'"], "frame-ancestors": ["'none'"]})


def _headers(scope: Scope) -> dict[str, str]:
    """The request headers, names lower-cased; a repeated header keeps its first value."""
    found: dict[str, str] = {}
    for name, value in scope.get("headers") or ():
        found.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
    return found


def _cookies(scope: Scope, name: str) -> list[str]:
    """Every value of cookie ``name`` in the request (all ``Cookie`` headers)."""
    values = []
    for header, raw in scope.get("headers") or ():
        if header.lower() != b"cookie":
            continue
        for part in raw.decode("latin-1").split(";"):
            key, sep, value = part.strip().partition("=")
            if sep and key.strip() == name:
                values.append(value.strip().strip('"'))
    return values


def _host_port(netloc: str, default_port: int) -> tuple[str, int] | None:
    """``("127.0.0.1", 8550)`` from ``127.0.0.1:8550``; ``None`` if malformed."""
    try:
        parts = urlsplit("//" + netloc)
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host or parts.username or parts.password or parts.path or parts.query:
        return None
    return host.lower(), port or default_port


def own_origin(scope: Scope, headers: dict[str, str]) -> bool:
    """Whether the request's ``Origin`` is the app's own: same scheme, host and
    port as the ``Host`` it was sent to. A missing or ``null`` Origin is not.

    >>> scope = {"type": "websocket", "scheme": "ws"}
    >>> own_origin(scope, {"host": "127.0.0.1:8550", "origin": "http://127.0.0.1:8550"})
    True
    >>> [own_origin(scope, {"host": "127.0.0.1:8550", "origin": o})
    ...  for o in ("http://localhost:9100", "null", "https://evil.example", "")]
    [False, False, False, False]
    """
    origin = headers.get("origin", "").strip()
    host = headers.get("host", "").strip()
    if not origin or not host or origin == "null":
        return False
    secure = scope.get("scheme") in ("https", "wss")
    scheme = "https" if secure else "http"
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme != scheme or parts.path not in ("", "/") or parts.query or parts.fragment:
        return False
    default = 443 if secure else 80
    theirs = _host_port(parts.netloc, default)
    ours = _host_port(host, default)
    return theirs is not None and theirs == ours


def loopback_host(headers: dict[str, str]) -> bool:
    """Whether the ``Host`` header names this computer (``localhost``, a
    ``127.x.x.x`` or ``::1`` address)."""
    found = _host_port(headers.get("host", ""), 80)
    if found is None:
        return False
    name = found[0].strip("[]")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _page_path(path: str) -> bool:
    """Whether ``path`` is answered with the app's page (a route: no file
    extension, or ``.html``)."""
    name = path.rsplit("/", 1)[-1]
    return "." not in name or name.endswith(".html")


def _one_slash(scope: Scope) -> str:
    """The address of a request whose path has two slashes or more in a row
    (``//table/3``, a link typed or pasted with one slash too many), with one
    slash each (``/table/3``), its query kept. The Flutter client would take
    the doubled path for its base and draw a grey page. Never a
    protocol-relative ``//host`` address (no open redirect)."""
    raw = scope.get("raw_path") or scope.get("path", "/").encode("utf-8")
    query = bytes(scope.get("query_string") or b"")
    address = re.sub(rb"/{2,}", b"/", bytes(raw)) + (b"?" + query if query else b"")
    # only printable ASCII goes into the Location header
    return quote(address.decode("latin-1"), safe="/%?&=;:@!$'()*+,-._~")


def _game_link(scope: Scope) -> Scope:
    """``scope`` of a game's link (``/game/import/<payload>``, app.game_link)
    asking for the app's page itself: the payload carries a whole game and may
    be longer than a file name can be (the static files would answer 404, not
    the page); the page reads the game from the address in the browser."""
    route = IMPORT_PATH.rstrip("/")
    return {**scope, "path": route, "raw_path": route.encode("ascii")}


_CONDITIONAL = frozenset({b"if-none-match", b"if-modified-since", b"if-range", b"range"})


def _unconditional(scope: Scope) -> Scope:
    """``scope`` without the request's conditional headers: the page is always
    sent whole (a 304 would make the browser keep its copy under *these*
    headers, and the policy's script hashes are computed from the body)."""
    headers = [(n, v) for n, v in scope.get("headers") or () if n.lower() not in _CONDITIONAL]
    return {**scope, "headers": headers}


class _Live:
    """One accepted websocket: its device cookie, send channel and handler task."""

    __slots__ = ("accepted", "closed", "device", "reap_handle", "reaped", "send", "task")

    def __init__(self, send: Send, device: str | None) -> None:
        self.send = send
        self.device = device
        self.accepted = False
        self.closed = False
        self.reaped = False
        self.task: asyncio.Task[None] | None = None
        self.reap_handle: asyncio.TimerHandle | None = None

    async def close(self, code: int, reason: str) -> None:
        """Close it (once), telling the client ``code``/``reason``."""
        if not self.accepted or self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):  # the client may be gone already
            await self.send({"type": "websocket.close", "code": code, "reason": reason})

    def reap_later(self, delay: float) -> None:
        """Cancel the handler if it has not ended ``delay`` seconds from now."""
        if self.task is None or self.task.done():
            return
        if self.reap_handle is not None:
            self.reap_handle.cancel()
        self.reap_handle = asyncio.get_running_loop().call_later(delay, self._reap)

    def _reap(self) -> None:
        if self.task is not None and not self.task.done():
            logger.debug("Ending the handler of a websocket that is gone")
            self.reaped = True
            self.task.cancel()


class Guard:
    """ASGI middleware around the Flet app (see the module docstring).

    Args:
        app: The Flet ASGI app (:func:`flet_web.fastapi.app`).
        door: The join door; when it is not required the app is open to
            whoever passes the Host and Origin checks.
        loopback: The server is bound to loopback: only loopback ``Host``
            names are accepted.
        on_revoked: Called on the event loop when the join code is revoked,
            before the websockets are closed (the server tells the tabs).
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        door: JoinDoor,
        loopback: bool,
        on_revoked: Callable[[], None] | None = None,
    ) -> None:
        self.app = app
        self.door = door
        self.loopback = loopback
        self.on_revoked = on_revoked
        self.stopping = False
        self.reap_after = REAP_AFTER
        self._live: set[_Live] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._policies: dict[bytes, str] = {}
        self._last_page_policy: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._base_policy = content_security_policy(APP_POLICY)

    # -- life cycle ----------------------------------------------------------

    def start(self, *, watch_every: float = 1.0) -> None:
        """Start on the running loop: follow revocations (in this process or by
        ``kortpoeng join --revoke``, whose new file is looked for every
        ``watch_every`` seconds)."""
        self._loop = asyncio.get_running_loop()
        self.door.add_listener(self._revoked_threadsafe)
        if self.door.required:
            self.door.secret()  # read (or draw) it now, not on the first request
            self._spawn(self._watch_door(watch_every))

    async def going_away(self, timeout: float = 0.3) -> None:
        """The server is stopping: refuse new requests, tell every open websocket
        it is going away (1001) and end the handlers that do not end by
        themselves soon after. Waits at most about ``timeout`` seconds."""
        self.stopping = True
        self.reap_after = min(self.reap_after, timeout)
        live = list(self._live)
        gone = [item for item in live if item.closed]  # their clients already left
        for item in gone:
            item.reap_later(0)
        if live:
            closing = [asyncio.ensure_future(item.close(*GOING_AWAY)) for item in live]
            await asyncio.wait(closing, timeout=timeout)
        for item in live:
            if item not in gone:
                item.reap_later(timeout)

    async def stop(self) -> None:
        """Stop the guard's own background tasks (revocation watcher and timers)
        and end every websocket handler still running."""
        self.stopping = True
        self.door.remove_listener(self._revoked_threadsafe)
        for task in list(self._tasks):
            task.cancel()
        for item in list(self._live):
            if item.task is not None and not item.task.done():
                item.reaped = True
                item.task.cancel()
        pending = [t for t in self._tasks if not t.done()]
        pending += [i.task for i in self._live if i.task is not None and not i.task.done()]
        if pending:
            await asyncio.wait(pending, timeout=0.5)

    @property
    def live_websockets(self) -> int:
        """How many websockets are open now."""
        return len(self._live)

    def _spawn(self, coroutine: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch_door(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await asyncio.to_thread(self.door.refresh)
            except Exception:  # keep watching
                logger.exception("Could not read the join file")

    def _revoked_threadsafe(self) -> None:
        if self._loop is None or self._loop.is_closed():
            return
        self._loop.call_soon_threadsafe(self._revoked)

    def _revoked(self) -> None:
        if self.stopping:
            return
        if self.on_revoked is not None:
            try:
                self.on_revoked()
            except Exception:
                logger.exception("Could not tell the tabs about the new join code")
        self._spawn(self._shut_out_later(KICK_GRACE))

    async def _shut_out_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        for item in list(self._live):
            if not self.door.admits(item.device):
                await item.close(*SHUT_OUT)
                item.reap_later(self.reap_after)

    # -- ASGI ----------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            await self._http(scope, receive, send)
        elif kind == "websocket":
            await self._websocket(scope, receive, send)
        else:  # lifespan: Flet's app manager starts and stops with it
            await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: dict[str, str], *, writes: bool) -> str | None:
        """Why the request is refused before the door (``None``: it is not)."""
        if self.stopping:
            return "stopping"
        if self.loopback and not loopback_host(headers):
            return f"Host {headers.get('host', '')!r} is not this computer"
        if writes and not own_origin(scope, headers):
            return f"Origin {headers.get('origin', '(none)')!r} is not the app's own"
        return None

    def _admitted(self, scope: Scope) -> tuple[bool, str | None]:
        devices = _cookies(scope, COOKIE)
        for device in devices:
            if self.door.admits(device):
                return True, device
        return self.door.admits(None), None

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        reason = self._refusal(scope, headers, writes=True)
        admitted, device = self._admitted(scope)
        if reason is None and not admitted:
            reason = "no valid join cookie"
        if reason is not None:
            client = scope.get("client") or ("?", 0)
            logger.info("Refused a websocket from %s: %s", client[0], reason)
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return

        if self.door.required:  # a phone on the network came in (the Invite screen's hint)
            self.door.arrived((scope.get("client") or ("", 0))[0])
        live = _Live(send, device)
        # Read by the tab's first screen (its language): the handler's task,
        # and every task Flet starts in it, run in a copy of this context.
        ACCEPT_LANGUAGE.set(headers.get("accept-language"))

        async def watched_receive() -> Message:
            message = await receive()
            if message.get("type") == "websocket.disconnect":
                live.closed = True
                live.reap_later(self.reap_after)
            return message

        async def watched_send(message: Message) -> None:
            kind = message.get("type")
            if live.closed and kind in ("websocket.send", "websocket.close"):
                # Closed by the server (stopping, revoked) or left by the client:
                # what the app still had queued goes nowhere (a send after the
                # close is an error in the server, printed as a traceback).
                return
            if kind == "websocket.accept":
                live.accepted = True
            elif kind == "websocket.close":
                live.closed = True
            try:
                await send(message)
            except OSError:
                # The socket was closing before its disconnect reached the app
                # (a phone that left in the middle of a send, a stop): ASGI
                # servers raise an OSError (uvicorn's ClientDisconnected). The
                # client is gone; this and what follows go nowhere.
                if kind not in ("websocket.send", "websocket.close"):
                    raise
                live.closed = True

        live.task = asyncio.ensure_future(self.app(scope, watched_receive, watched_send))
        self._live.add(live)
        try:
            await live.task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if live.reaped and current is not None and not current.cancelling():
                return  # we ended it: the client is gone
            raise
        finally:
            self._live.discard(live)
            if live.reap_handle is not None:
                live.reap_handle.cancel()

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        method = scope.get("method", "GET").upper()
        # A body is never read (app.server.limits): a refusal of a request
        # with one closes the connection, so none of it is parsed either.
        body = body_refusal(method, scope.get("headers") or ())
        reason = self._refusal(scope, headers, writes=method not in _SAFE_METHODS)
        if reason is not None:
            client = scope.get("client") or ("?", 0)
            logger.info("Refused %s %s from %s: %s", method, scope.get("path"), client[0], reason)
            status = 503 if self.stopping else 403
            await self._plain(send, status, b"Refused\n", close=body is not None)
            return
        if body is not None:
            client = scope.get("client") or ("?", 0)
            logger.info("Refused %s from %s: %s", scope.get("path"), client[0], body)
            await self._plain(send, 413, b"Refused: no request takes a body\n", close=True)
            return
        path = scope.get("path", "/")
        if path == "/oauth_callback" or path.startswith("/oauth_callback/"):
            await self._plain(send, 404, b"Not found\n")  # the app uses no OAuth
            return
        if "//" in path:  # the client takes its base from the address: it would draw nothing
            await self._redirect(send, _one_slash(scope))
            return
        if path.startswith(JOIN_PREFIX) or path == JOIN_PREFIX.rstrip("/"):
            await self._join(path[len(JOIN_PREFIX) :], headers, send, scope)
            return
        admitted, _device = self._admitted(scope)
        if not admitted:
            await self._door(send, headers, stale_link=False)
            return
        if path.startswith(IMPORT_PATH):
            scope = _game_link(scope)
        if _page_path(path):
            scope = _unconditional(scope)
        await self.app(scope, receive, self._secured(send, headers.get("accept-language")))

    async def _join(self, code: str, headers: dict[str, str], send: Send, scope: Scope) -> None:
        code, _slash, landing = code.strip("/").partition("/")
        location = JOIN_LANDINGS.get(landing, "/")  # a fixed few: no open redirect
        if not self.door.required:
            await self._redirect(send, location)
        elif code and len(code) <= 200 and self.door.code_matches(code):
            self.door.arrived((scope.get("client") or ("", 0))[0])
            await self._redirect(send, location, cookie=self.door.cookie_header())
        else:
            await self._door(send, headers, stale_link=True)

    # -- answers ---------------------------------------------------------------

    async def _respond(
        self,
        send: Send,
        status: int,
        body: bytes,
        content_type: bytes,
        policy: str,
        extra: list[tuple[bytes, bytes]] = (),  # type: ignore[assignment]
        close: bool = False,
    ) -> None:
        headers = [
            (b"content-type", content_type),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
            *extra,
        ]
        if self.stopping or close:
            headers.append((b"connection", b"close"))
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": security_headers(headers, policy),
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def _plain(self, send: Send, status: int, body: bytes, *, close: bool = False) -> None:
        await self._respond(
            send, status, body, b"text/plain; charset=utf-8", _PLAIN_POLICY, close=close
        )

    async def _redirect(self, send: Send, location: str, cookie: str | None = None) -> None:
        extra = [(b"location", location.encode())]
        if cookie is not None:
            extra.append((b"set-cookie", cookie.encode("latin-1")))
        await self._respond(send, 303, b"", b"text/plain; charset=utf-8", _PLAIN_POLICY, extra)

    async def _not_found(self, send: Send, status: int, accept_language: str | None) -> None:
        """The app's own page for an address it has nothing at
        (:func:`app.server.pages.not_found_page`), with ``status``."""
        language, body = not_found_page(accept_language)
        extra = [(b"content-language", language.encode()), (b"vary", b"Accept-Language")]
        await self._respond(send, status, body, b"text/html; charset=utf-8", _DOOR_POLICY, extra)

    async def _door(self, send: Send, headers: dict[str, str], *, stale_link: bool) -> None:
        language, body = door_page(headers.get("accept-language"), stale_link=stale_link)
        extra = [(b"content-language", language.encode()), (b"vary", b"Accept-Language, Cookie")]
        await self._respond(send, 403, body, b"text/html; charset=utf-8", _DOOR_POLICY, extra)

    def _policy_for(self, page: bytes) -> str:
        """The app's policy with the inline scripts of ``page`` allowed by hash
        (an empty body, as for HEAD: the policy of the last page sent)."""
        if not page and self._last_page_policy is not None:
            return self._last_page_policy
        key = hashlib.sha256(page).digest()
        policy = self._policies.get(key)
        if policy is None:
            if len(self._policies) > 16:
                self._policies.clear()
            policy = content_security_policy(APP_POLICY, scripts=inline_script_hashes(page))
            self._policies[key] = policy
        if page:
            self._last_page_policy = policy
        return policy

    def _secured(self, send: Send, accept_language: str | None = None) -> Send:
        """``send`` with the security headers put on the response; an HTML page
        is held until its body is complete, to hash its inline scripts. A
        refusal in the web framework's own words (JSON: ``{"detail":"Not
        Found"}``) is replaced by the app's page in the browser's language
        (``accept_language``), the same status kept."""
        start: Message | None = None
        chunks: list[bytes] = []
        replaced = False
        status = 200

        async def secured_send(message: Message) -> None:
            nonlocal start, replaced, status
            kind = message.get("type")
            if kind == "http.response.body" and replaced:
                if not message.get("more_body", False):
                    await self._not_found(send, status, accept_language)
                return
            if kind == "http.response.start":
                content_type = b""
                for name, value in message.get("headers") or ():
                    if name.lower() == b"content-type":
                        content_type = value.lower()
                status = int(message.get("status", 200))
                if status >= 400 and content_type.startswith(b"application/json"):
                    replaced = True  # its body is dropped: the app's page instead
                    return
                if content_type.startswith(b"text/html"):
                    start = dict(message)  # held: sent with the body
                    start["headers"] = [
                        (name, value)
                        for name, value in message.get("headers") or ()
                        if name.lower() not in (b"etag", b"last-modified", b"cache-control")
                    ] + [(b"cache-control", b"no-store")]
                    return
                message = dict(message)
                message["headers"] = security_headers(
                    message.get("headers") or (), self._base_policy
                )
                await send(message)
            elif kind == "http.response.body" and start is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                page = b"".join(chunks)
                head = dict(start)
                head["headers"] = security_headers(
                    start.get("headers") or (), self._policy_for(page)
                )
                start = None
                await send(head)
                await send({"type": "http.response.body", "body": page})
            else:
                await send(message)

        return secured_send
