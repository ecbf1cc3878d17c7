"""A work-around for Flet 1.0.5 that costs every update time on the server.

``flet_web``'s ``FletApp.send_message`` logs each outgoing message with
``transport_log.debug(f"send_message: {message}")``: the f-string is built
even when debug logging is off, so every patch is turned into the dataclass
``repr`` of all the controls it carries. For the session screen of a long
session (a few hundred controls) that was about a fifth of the server's time
between "save" and the new standings being sent.

:class:`flet.messaging.protocol.Message` gets a short ``repr`` (the action
only); nothing but that log line reads it. :func:`app.main.main` applies it
for each session (idempotent).
"""

from __future__ import annotations

from flet.messaging.protocol import Message

__all__ = ["short_message_repr"]


def short_message_repr(message: Message) -> str:
    """``Message(<MessageAction.PATCH_CONTROL: 3>)``: the action, not the body."""
    return f"Message({message.action!r})"


def apply() -> None:
    """Give :class:`Message` the short ``repr`` (idempotent)."""
    Message.__repr__ = short_message_repr  # type: ignore[method-assign, assignment]
