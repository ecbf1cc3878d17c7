"""Work-around for Flet 1.0.5: a redraw for a tab that had just gone raised.

When a phone's connection ends (a reload, a closed tab, the server stopping),
its send loop ends and sets its queue (``FletApp.__send_queue``) to ``None``;
a redraw asked for a moment before then reached ``FletApp.send_message``,
which calls ``put_nowait`` on that ``None``: an ``AttributeError`` with a
traceback in the server's log, and the redraw stopped half-way. Nothing is
owed to a connection that has gone: should the phone come back, it is sent the
whole page again on reconnecting. The message is dropped, as ``flet_web``
already does for a data-channel frame (:func:`drop_when_gone`).

Private name relied on: ``FletApp._FletApp__send_queue``. Were it renamed,
the wrapper would find no queue and drop *every* message, so
:func:`check_private_names` refuses to start instead. Delete when
``send_message`` checks for a gone queue itself (the canary then fails).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flet.messaging.protocol import Message
from flet_web.fastapi.flet_app import FletApp

from app.ui.flet_fixes._private import MARK, require_name_used, wraps_upstream

__all__ = ["apply", "check_private_names", "drop_when_gone"]

logger = logging.getLogger("app.ui.flet_fixes")

SEND_QUEUE = "_FletApp__send_queue"


def drop_when_gone(send_message: Callable[[Any, Message], None]) -> Callable[[Any, Message], None]:
    """``FletApp.send_message`` that drops a message for a connection whose
    send queue is gone (not yet opened, or closed): the phone is sent the
    whole page when it reconnects."""

    def send(self: Any, message: Message) -> None:
        if getattr(self, SEND_QUEUE, None) is None:
            logger.debug("Dropped %r: the connection has gone", message)
            return
        send_message(self, message)

    wraps_upstream(send, send_message)
    return send


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming ``_FletApp__send_queue`` if Flet's
    ``FletApp.send_message`` no longer uses it."""
    require_name_used(FletApp.send_message, SEND_QUEUE, __name__)


def apply() -> None:
    """Wrap ``FletApp.send_message`` (idempotent)."""
    if not getattr(FletApp.send_message, MARK, False):
        FletApp.send_message = drop_when_gone(FletApp.send_message)
