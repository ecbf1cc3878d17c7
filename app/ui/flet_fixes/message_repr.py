"""Work-around for Flet 1.0.5: every update cost time on the server.

``flet_web``'s ``FletApp.send_message`` logs each outgoing message with
``transport_log.debug(f"send_message: {message}")``: the f-string is built
even when debug logging is off, so every patch is turned into the dataclass
``repr`` of all the controls it carries. For the session screen of a long
session (a few hundred controls) that was about a fifth of the server's time
between "save" and the new standings being sent.
:class:`flet.messaging.protocol.Message` gets a short ``repr`` (the action
only); nothing but that log line reads it.

No private name is relied on (``Message`` and its ``action`` are public).
Delete when ``FletApp.send_message`` no longer formats the message eagerly
(the canary in tests/app/test_flet_fixes.py then fails).
"""

from __future__ import annotations

from flet.messaging.protocol import Message

from app.ui.flet_fixes._private import require_attribute

__all__ = ["apply", "check_private_names", "short_message_repr"]


def short_message_repr(message: Message) -> str:
    """``Message(<MessageAction.PATCH_CONTROL: 3>)``: the action, not the body."""
    return f"Message({message.action!r})"


def check_private_names() -> None:
    """Nothing private is used; the public ``Message.action`` must exist.

    Raises ``RuntimeError`` if ``Message`` has no ``action`` field."""
    fields = getattr(Message, "__dataclass_fields__", {})
    if "action" not in fields:
        require_attribute(Message, "action", __name__)


def apply() -> None:
    """Give ``Message`` the short ``repr`` (idempotent)."""
    Message.__repr__ = short_message_repr  # type: ignore[method-assign, assignment]
