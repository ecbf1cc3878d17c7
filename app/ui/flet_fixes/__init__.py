"""Work-arounds for Flet 1.0.5, one module each (issue 27, item 3).

Each module names the Flet version and the behaviour it works around, checks
at start that the private names it relies on still exist
(``check_private_names``, raising ``RuntimeError`` naming the name), and has
a canary test in ``tests/app/test_flet_fixes.py`` that shows the upstream
fault is still there, so that each can be deleted when Flet fixes it.

:func:`apply` is called by :func:`app.main.main` for each session and by the
web server at start (idempotent): it checks every module's private names
first, so a renamed one stops the app loudly instead of dropping every
message or never closing a session.
"""

from __future__ import annotations

from app.ui.flet_fixes import gone_connection, message_repr, redraw_guard
from app.ui.flet_fixes.gone_connection import drop_when_gone
from app.ui.flet_fixes.message_repr import short_message_repr
from app.ui.flet_fixes.redraw_guard import guarded_update, supervised_scheduler

__all__ = [
    "FIXES",
    "apply",
    "check_private_names",
    "drop_when_gone",
    "guarded_update",
    "short_message_repr",
    "supervised_scheduler",
]

#: Every work-around module, each with ``check_private_names()`` and ``apply()``.
FIXES = (message_repr, redraw_guard, gone_connection)


def check_private_names() -> None:
    """Check every work-around's private names; ``RuntimeError`` naming the
    first one Flet no longer has."""
    for fix in FIXES:
        fix.check_private_names()


def apply() -> None:
    """Check, then apply every work-around (idempotent)."""
    check_private_names()
    for fix in FIXES:
        fix.apply()
