"""A Flet client that speaks the wire protocol itself (no browser): how a
hostile script on the network, or a page in someone's browser, would drive the
app once its websocket is open.

Frames are ``[type:u8][payload]``; type 0 carries a MessagePack list
``[action, body]`` (``flet.messaging.protocol.MessageAction``). The client
registers like the Flutter client does, answers the app's method calls with
"nothing stored", collects every control the server sends, and can tap a
control by its semantics identifier.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import Any

import msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5


def _ext(code: int, data: bytes) -> Any:
    return data.decode("utf-8", "replace") if code in (1, 2, 4) else msgpack.ExtType(code, data)


def frame(action: int, body: Any) -> bytes:
    """One protocol frame (type 0: MessagePack ``[action, body]``)."""
    return b"\x00" + msgpack.packb([action, body])


def register_frame(route: str = "/") -> bytes:
    """The first frame a new client sends: no session yet, a phone-sized page."""
    page = {
        "route": route,
        "web": True,
        "platform": "android",
        "width": 390.0,
        "height": 844.0,
        "media": {"padding": {}, "view_padding": {}, "view_insets": {}},
    }
    return frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page})


def click_frame(control_id: int) -> bytes:
    """A tap on control ``control_id``."""
    return frame(CONTROL_EVENT, {"target": control_id, "name": "click", "data": None})


def route_frames(route: str, page_id: int = 1) -> list[bytes]:
    """What the Flutter client sends when its route changes (after the app's
    ``push_route``, or the browser's back): the page's new ``route`` and the
    page's ``route_change`` event."""
    return [
        frame(UPDATE_CONTROL_PROPS, {"id": page_id, "props": {"route": route}}),
        frame(CONTROL_EVENT, {"target": page_id, "name": "route_change", "data": {"route": route}}),
    ]


def decode(data: bytes) -> Any:
    """A server frame's ``[action, body]`` (``None`` for other frame types)."""
    if not data or data[0] != 0:
        return None
    return msgpack.unpackb(data[1:], ext_hook=_ext, strict_map_key=False)


def walk(value: Any) -> Iterator[Any]:
    """Every dict, list and scalar inside ``value``, depth first."""
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from walk(item)


def tapped_id(messages: list[Any], identifier: str) -> int | None:
    """The id of the control wrapped in ``Semantics(identifier=…)`` (the button
    inside it), from the messages received so far (the first sent)."""
    for node in walk(messages):
        if isinstance(node, dict) and node.get("identifier") == identifier:
            content = node.get("content")
            if isinstance(content, dict) and "_i" in content:
                return int(content["_i"])
            return int(node["_i"])
    return None


def tagged_nodes(messages: list[Any], identifier: str) -> list[dict[str, Any]]:
    """Every node sent as ``Semantics(identifier=…)``, in the order sent."""
    return [
        node
        for node in walk(messages)
        if isinstance(node, dict) and node.get("identifier") == identifier
    ]


def texts(messages: list[Any]) -> list[str]:
    """Every string the server sent (control values, labels, …)."""
    return [node for node in walk(messages) if isinstance(node, str)]


class WireClient:
    """An open websocket to the app, with the messages received on it.

    Like the Flutter client, it follows the app's ``push_route`` (its route
    changes and the page is told), so taps can go from screen to screen.
    """

    def __init__(self, opener: Any) -> None:
        self._opener = opener
        self.connection: ClientConnection = opener.__enter__()
        self.messages: list[Any] = []

    def send(self, data: bytes) -> None:
        self.connection.send(data)

    def pump(self, seconds: float) -> None:
        """Receive for ``seconds``, answering method calls with ``None``."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                data = self.connection.recv(timeout=left)
            except TimeoutError:
                return
            message = decode(data if isinstance(data, bytes) else data.encode())
            if message is None:
                continue
            self.messages.append(message)
            action, body = message[0], message[1]
            if action == INVOKE_METHOD and isinstance(body, dict):
                self.send(
                    frame(
                        INVOKE_METHOD,
                        {
                            "control_id": body.get("control_id"),
                            "call_id": body.get("call_id"),
                            "result": None,
                            "error": None,
                        },
                    )
                )
                if body.get("name") == "push_route":
                    for change in route_frames(body["args"]["route"]):
                        self.send(change)

    def mark(self) -> int:
        """Where the messages received so far end (for ``wait_for(…, since=…)``)."""
        return len(self.messages)

    def wait_for(self, identifier: str, timeout: float = 20.0, *, since: int = 0) -> int:
        """The id of the control tagged ``identifier``, once the server sent it
        in a message from number ``since`` on (:meth:`mark`): the newest such
        control (a screen drawn again has new controls)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = next(
                (
                    hit
                    for message in reversed(self.messages[since:])
                    if (hit := tapped_id([message], identifier)) is not None
                ),
                None,
            )
            if found is not None:
                return found
            self.pump(0.2)
        got = texts(self.messages[since:])[:40]
        raise AssertionError(f"{identifier!r} never arrived; got {got}")

    def wait_says(
        self, identifier: str, fragment: str, timeout: float = 20.0, *, since: int = 0
    ) -> str:
        """Wait until a node tagged ``identifier`` sent from message ``since``
        on says ``fragment`` (in its own text or a control inside it); the
        text that says it."""
        deadline = time.monotonic() + timeout
        while True:
            for node in reversed(tagged_nodes(self.messages[since:], identifier)):
                said = [text for text in texts([node]) if fragment in text]
                if said:
                    return said[0]
            if time.monotonic() > deadline:
                break
            self.pump(0.2)
        nodes = tagged_nodes(self.messages[since:], identifier)
        raise AssertionError(f"{identifier!r} never said {fragment!r}: {texts(nodes)[:40]}")

    def tap(self, identifier: str, timeout: float = 20.0, *, since: int = 0) -> None:
        """Tap the control tagged ``identifier`` (:meth:`wait_for` it first)."""
        self.send(click_frame(self.wait_for(identifier, timeout, since=since)))

    def close(self) -> None:
        self._opener.__exit__(None, None, None)


def start_hand(
    client: WireClient, screen: int, went_out: int, keys: Sequence[str], shown: str
) -> int:
    """On Kortpoeng's session screen (drawn in the messages from number
    ``screen`` on): tap New hand, then who went out (seat ``went_out``) and
    the keypad ``keys`` (``"<player>-<rank>"``), and wait until the control
    ``shown`` (the last card's chip, ``chip-<seat>-<n>``) arrives. Returns
    where the hand screen's messages begin (for the Save tap:
    ``client.tap("hand-save", since=…)``)."""
    hand = client.mark()
    client.tap("new-hand", since=screen)
    client.tap(f"went-out-{went_out}", since=hand)
    for key in keys:
        client.tap(f"key-{key}", since=hand)
    client.wait_for(shown, since=hand)
    return hand


def open_client(
    ws_url: str,
    *,
    origin: str | None,
    cookie: str | None = None,
    timeout: float = 10.0,
    route: str = "/",
) -> WireClient:
    """Open the websocket (raises ``websockets.exceptions.InvalidStatus`` when
    the server refuses the handshake) and register as a new client at ``route``."""
    headers = {"Cookie": cookie} if cookie else None
    kwargs: dict[str, Any] = {"open_timeout": timeout, "additional_headers": headers}
    if origin is not None:
        kwargs["origin"] = origin
    client = WireClient(connect(ws_url, **kwargs))  # raises InvalidStatus if refused
    client.send(register_frame(route))
    return client
