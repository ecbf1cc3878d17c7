"""Nothing is sent on a websocket after it is closed.

When the server stops, the guard closes every open websocket (1001, going
away). A Flet session whose send loop still had a message queued then sent it
on the closed socket; uvicorn refuses that with a ``RuntimeError``, printed as
"Exception in ASGI application" and a traceback in the host's terminal (seen in
``test_shutdown`` under load). The same came back when a socket was already
closing but its disconnect had not reached the app yet: uvicorn raises
``ClientDisconnected`` (an ``OSError``) for that send. The whole kind: once a
socket is closed or closing, by the server or by the client leaving, the guard
drops what the app still sends.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from safety_helpers import run_apart
from uvicorn.protocols.utils import ClientDisconnected

from app.server.door import JoinDoor
from app.server.guard import Guard

_HEADERS = [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://127.0.0.1:8550")]


class _Uvicorn:
    """The server side of one websocket, refusing a send after the close as
    uvicorn's implementation does."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def send(self, message: dict[str, Any]) -> None:
        if any(m["type"] == "websocket.close" for m in self.sent):
            raise RuntimeError(
                f"Unexpected ASGI message '{message['type']}', after sending 'websocket.close'."
            )
        self.sent.append(message)

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()


def _guard(tmp_path: Path, app: Any) -> Guard:
    return Guard(app, door=JoinDoor(tmp_path / "join", required=False), loopback=True)


def _scope() -> dict[str, Any]:
    return {"type": "websocket", "scheme": "ws", "headers": _HEADERS, "client": ("127.0.0.1", 1)}


def test_a_message_queued_when_the_server_stops_is_dropped_not_raised(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        accepted = asyncio.Event()
        closed = asyncio.Event()

        async def flet_app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "websocket.accept"})
            accepted.set()
            await closed.wait()
            # Flet's send loop still had this one queued:
            await send({"type": "websocket.send", "bytes": b"queued"})
            await send({"type": "websocket.close", "code": 1000})

        server = _Uvicorn()
        guard = _guard(tmp_path, flet_app)
        handler = asyncio.ensure_future(guard(_scope(), server.receive, server.send))
        await accepted.wait()
        await guard.going_away(timeout=5)
        closed.set()
        await asyncio.wait_for(handler, 10)  # raised RuntimeError before
        return server.sent

    sent = run_apart(scenario())
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.close"]
    assert sent[-1]["code"] == 1001


def test_a_message_sent_after_the_client_left_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        async def flet_app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "websocket.accept"})
            assert (await receive())["type"] == "websocket.disconnect"
            await send({"type": "websocket.send", "text": "late"})

        server = _Uvicorn()
        await server.incoming.put({"type": "websocket.disconnect", "code": 1001})
        guard = _guard(tmp_path, flet_app)
        await asyncio.wait_for(guard(_scope(), server.receive, server.send), 10)
        return server.sent

    assert [m["type"] for m in run_apart(scenario())] == ["websocket.accept"]


class _ClosingUvicorn(_Uvicorn):
    """A socket the client has begun to close: uvicorn refuses a send on it
    with ``ClientDisconnected`` (an ``OSError``) before its disconnect message
    is received."""

    closing = False

    async def send(self, message: dict[str, Any]) -> None:
        if self.closing and message["type"] in ("websocket.send", "websocket.close"):
            raise ClientDisconnected()
        await super().send(message)


def test_a_message_sent_while_the_socket_is_closing_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        server = _ClosingUvicorn()

        async def flet_app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "websocket.accept"})
            server.closing = True  # the phone leaves in the middle of a send
            await send({"type": "websocket.send", "bytes": b"patch"})  # raised before
            await send({"type": "websocket.send", "bytes": b"next"})
            assert (await receive())["type"] == "websocket.disconnect"

        await server.incoming.put({"type": "websocket.disconnect", "code": 1006})
        guard = _guard(tmp_path, flet_app)
        await asyncio.wait_for(guard(_scope(), server.receive, server.send), 10)
        return server.sent

    assert [m["type"] for m in run_apart(scenario())] == ["websocket.accept"]
