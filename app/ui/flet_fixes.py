"""Work-arounds for Flet 1.0.5, applied by :func:`app.main.main` for each
session (idempotent).

1. **Every update cost time on the server.** ``flet_web``'s
   ``FletApp.send_message`` logs each outgoing message with
   ``transport_log.debug(f"send_message: {message}")``: the f-string is built
   even when debug logging is off, so every patch is turned into the
   dataclass ``repr`` of all the controls it carries. For the session screen
   of a long session (a few hundred controls) that was about a fifth of the
   server's time between "save" and the new standings being sent.
   :class:`flet.messaging.protocol.Message` gets a short ``repr`` (the action
   only); nothing but that log line reads it.

2. **One failed redraw froze the tab for good.** A component's redraw asked
   for outside an event (a state set by a timer, a load that finished, the
   arrival guard's lift) runs in the session's update scheduler, a loop with
   no ``try`` around ``control.update()``: the first exception ended the
   loop, silently, and from then on nothing the tab asked for was drawn. The
   screen stayed as it was, taps reached the server and changed nothing on
   screen (in a stressed run a reloaded session screen kept its "Opening…"
   cover for 90 s, taps and all). Now a component whose redraw fails keeps
   what it showed and the failure is logged (:func:`guarded_update`), and
   should the loop end with an exception all the same, it is started again
   (:func:`supervised_scheduler`).

3. **A redraw for a tab that had just gone raised.** When a phone's
   connection ends (a reload, a closed tab, the server stopping), its send
   loop ends and sets its queue to ``None``; a redraw asked for a moment
   before then reached ``FletApp.send_message``, which calls
   ``put_nowait`` on that ``None``: an ``AttributeError`` with a traceback in
   the server's log, and the redraw stopped half-way. Nothing is owed to a
   connection that has gone: should the phone come back, it is sent the whole
   page again on reconnecting. The message is dropped, as ``flet_web``
   already does for a data-channel frame (:func:`drop_when_gone`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from flet.components.component import Component
from flet.messaging.protocol import Message
from flet.messaging.session import Session
from flet_web.fastapi.flet_app import FletApp

__all__ = [
    "apply",
    "drop_when_gone",
    "guarded_update",
    "short_message_repr",
    "supervised_scheduler",
]

logger = logging.getLogger(__name__)

#: Set on a patched function, so that :func:`apply` patches once.
_MARK = "_kortpoeng_fix"


def short_message_repr(message: Message) -> str:
    """``Message(<MessageAction.PATCH_CONTROL: 3>)``: the action, not the body."""
    return f"Message({message.action!r})"


def guarded_update(update: Callable[[Any], None]) -> Callable[[Any], None]:
    """``Component.update`` that logs an exception of the redraw (with its
    traceback, on the server only) instead of raising it into the session's
    update scheduler: the component keeps what it showed, and the tab's other
    redraws go on."""

    def guarded(self: Any) -> None:
        try:
            update(self)
        except Exception:
            logger.exception("Redrawing %s failed; it keeps what it showed", type(self).__name__)

    setattr(guarded, _MARK, True)
    return guarded


def supervised_scheduler(
    scheduler: Callable[[Any], Awaitable[None]],
) -> Callable[[Any], Awaitable[None]]:
    """``Session.__updates_scheduler`` started again, after a logged
    exception, until it ends by itself (the session closed, or the loop
    cancelled)."""

    async def supervised(self: Any) -> None:
        while True:
            try:
                await scheduler(self)
                return
            except Exception:
                logger.exception("The redraw loop failed; it goes on")
                if getattr(self, "_Session__closed", True):
                    return

    setattr(supervised, _MARK, True)
    return supervised


def drop_when_gone(send_message: Callable[[Any, Message], None]) -> Callable[[Any, Message], None]:
    """``FletApp.send_message`` that drops a message for a connection whose
    send queue is gone (not yet opened, or closed): the phone is sent the
    whole page when it reconnects."""

    def send(self: Any, message: Message) -> None:
        if getattr(self, "_FletApp__send_queue", None) is None:
            logger.debug("Dropped %r: the connection has gone", message)
            return
        send_message(self, message)

    setattr(send, _MARK, True)
    return send


def apply() -> None:
    """Apply the work-arounds (idempotent)."""
    Message.__repr__ = short_message_repr  # type: ignore[method-assign, assignment]
    if not getattr(Component.update, _MARK, False):
        Component.update = guarded_update(Component.update)  # type: ignore[method-assign]
    scheduler = Session._Session__updates_scheduler  # type: ignore[attr-defined]
    if not getattr(scheduler, _MARK, False):
        Session._Session__updates_scheduler = supervised_scheduler(scheduler)  # type: ignore[attr-defined]
    if not getattr(FletApp.send_message, _MARK, False):
        FletApp.send_message = drop_when_gone(FletApp.send_message)
