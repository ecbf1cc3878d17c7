"""Work-around for Flet 1.0.5: one failed redraw froze the tab for good.

A component's redraw asked for outside an event (a state set by a timer, a
load that finished, the arrival guard's lift) runs in the session's update
scheduler (``Session.__updates_scheduler``), a loop with no ``try`` around
``control.update()``: the first exception ended the loop, silently, and from
then on nothing the tab asked for was drawn. The screen stayed as it was, taps
reached the server and changed nothing on screen (in a stressed run a
reloaded session screen kept its "Opening…" cover for 90 s, taps and all).
Now a component whose redraw fails keeps what it showed and the failure is
logged (:func:`guarded_update`), and should the loop end with an exception all
the same, it is started again (:func:`supervised_scheduler`).

Private names relied on: ``Session._Session__updates_scheduler`` (the loop,
replaced) and ``Session._Session__closed`` (read to tell a closed session).
Delete when the scheduler survives a failing ``update()`` (the canary in
tests/app/test_flet_fixes.py then fails).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from flet.components.component import Component
from flet.messaging.session import Session

from app.ui.flet_fixes._private import (
    MARK,
    require_attribute,
    require_name_used,
    wraps_upstream,
)

__all__ = ["apply", "check_private_names", "guarded_update", "supervised_scheduler"]

logger = logging.getLogger("app.ui.flet_fixes")

SCHEDULER = "_Session__updates_scheduler"
CLOSED = "_Session__closed"


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

    wraps_upstream(guarded, update)
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
                if getattr(self, CLOSED, True):
                    return

    wraps_upstream(supervised, scheduler)
    return supervised


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming the attribute if ``Session`` no longer
    has ``__updates_scheduler`` or it no longer reads ``__closed``."""
    require_attribute(Component, "update", __name__)
    require_attribute(Session, SCHEDULER, __name__)
    require_name_used(getattr(Session, SCHEDULER), CLOSED, __name__)


def apply() -> None:
    """Wrap ``Component.update`` and the update scheduler (idempotent)."""
    if not getattr(Component.update, MARK, False):
        Component.update = guarded_update(Component.update)  # type: ignore[method-assign]
    scheduler = getattr(Session, SCHEDULER)
    if not getattr(scheduler, MARK, False):
        setattr(Session, SCHEDULER, supervised_scheduler(scheduler))
