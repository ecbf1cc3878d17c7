"""What a browser said about itself when its tab connected, for the app's
first screen: the ``Accept-Language`` header of the tab's websocket.

The guard (:mod:`app.server.guard`) sets :data:`ACCEPT_LANGUAGE` in the
context that serves the websocket; Flet creates the tab's session and runs
``main(page)`` in tasks of that context, so :func:`accept_language` there
gives the header of the tab being opened. Outside a websocket (a desktop
window, the command line, a test) it is ``None``.
"""

from __future__ import annotations

from contextvars import ContextVar

__all__ = ["ACCEPT_LANGUAGE", "accept_language"]

#: The ``Accept-Language`` header of the websocket being served (``None``: none).
ACCEPT_LANGUAGE: ContextVar[str | None] = ContextVar("kortpoeng_accept_language", default=None)


def accept_language() -> str | None:
    """The ``Accept-Language`` header of the tab being served, or ``None``.

    >>> accept_language() is None
    True
    """
    return ACCEPT_LANGUAGE.get()
