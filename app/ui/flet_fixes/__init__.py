"""Work-arounds for Flet 1.0.5, one module each (issue 27, item 3).

Each module names the Flet version and the behaviour it works around, the
private names it relies on and how to tell that Flet fixed it. Each checks at
start that those private names still exist (``check_private_names``, raising
``RuntimeError`` naming the name), and has a canary test in
``tests/app/test_flet_fixes.py`` that shows the upstream fault is still there
in the installed Flet: when Flet fixes it, the canary fails and says to
delete the work-around.

:func:`apply` is called by :func:`app.main.main` for each session and by the
web server at start (:func:`app.server.run.create_app`; idempotent): it checks
every module's private names first, so a renamed one stops the app loudly
instead of dropping every message or never closing a session.
"""

from __future__ import annotations

from app.ui.flet_fixes import (
    gone_connection,
    lost_redraw,
    message_repr,
    redraw_guard,
    session_close,
)
from app.ui.flet_fixes.gone_connection import drop_when_gone
from app.ui.flet_fixes.message_repr import short_message_repr
from app.ui.flet_fixes.redraw_guard import guarded_update, supervised_scheduler

__all__ = [
    "FIXES",
    "FLET_VERSION",
    "apply",
    "check_private_names",
    "drop_when_gone",
    "guarded_update",
    "short_message_repr",
    "supervised_scheduler",
]

#: The Flet version every work-around was written for and checked against
#: (pinned in pyproject.toml).
FLET_VERSION = "1.0.5"

#: Every work-around module, each with ``check_private_names()`` and ``apply()``.
FIXES = (message_repr, redraw_guard, gone_connection, lost_redraw, session_close)


def check_private_names() -> None:
    """Check every work-around's private names.

    Raises:
        RuntimeError: naming the first one the installed Flet no longer has."""
    for fix in FIXES:
        fix.check_private_names()


def apply() -> None:
    """Check, then apply every work-around (idempotent).

    Raises:
        RuntimeError: naming the first private name the installed Flet no
            longer has (nothing is applied then)."""
    check_private_names()
    for fix in FIXES:
        fix.apply()
