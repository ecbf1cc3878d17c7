"""Work-around for Flet 1.0.5: a redraw asked for while the tab was away was
never made.

While a tab has no connection (a reload under way, a phone's screen locked,
a flaky Wi-Fi), Flet's ``Session.schedule_update`` and ``schedule_effect``
drop what they are asked for (the session is "disconnected and waiting for
eviction or reconnect"), and when the tab comes back it is sent the page as
the server last drew it: a component whose state changed meanwhile is not
drawn again until something else redraws it. A redraw timed by the app (the
arrival guard's lift, :func:`app.ui.frame._timed_lift`) then never reached
the screen: a reload while a screen's "Opening…" cover was up left the cover
up for good (a stressed run). :func:`redraw_until_drawn` asks for the redraw
again every :data:`LIFT_RETRY` seconds until it has been made; the app also
draws every screen again when a tab connects again (``page.on_connect`` in
:mod:`app.main`), which starts the guard's lift again.

No private name is relied on (``Session.schedule_update`` is public). Delete
when a redraw asked for while the tab was away is made when it comes back
(the canary in tests/app/test_flet_fixes.py then fails); the arrival guard
then asks once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["LIFT_RETRY", "LIFT_TRIES", "apply", "check_private_names", "redraw_until_drawn"]

#: Seconds between the tries of a redraw that has not been made yet, and how
#: many tries at most (about 30 s in all).
LIFT_RETRY = 0.5
LIFT_TRIES = 60


async def redraw_until_drawn(redraw: Callable[[], None], done: Callable[[], bool]) -> None:
    """Call ``redraw()`` until ``done()`` says it has been made (or is no
    longer wanted: its screen has gone): every :data:`LIFT_RETRY` seconds,
    at most :data:`LIFT_TRIES` times. A redraw asked for while the tab has no
    connection is dropped by Flet; the next try, once the tab is back, is not."""
    for _try in range(LIFT_TRIES):
        if done():
            return
        redraw()
        await asyncio.sleep(LIFT_RETRY)


def check_private_names() -> None:
    """Nothing private is relied on."""


def apply() -> None:
    """Nothing to patch: the arrival guard calls :func:`redraw_until_drawn`."""
