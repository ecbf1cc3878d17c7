"""Work-arounds for Flet 1.0.5, one module each (issue 27, item 3).

Each module names the Flet version and the behaviour it works around, the
private names it relies on and how to tell that Flet fixed it. Each checks at
start that those private names still exist (``check_private_names``, raising
``RuntimeError`` naming the name), and has a canary test in
``tests/app/test_flet_fixes.py`` (in ``tests/e2e/test_flet_canaries.py`` for
a fault only a browser shows) that shows the upstream fault is still there
in the installed Flet: when Flet fixes it, the canary fails and says to
delete the work-around.

:func:`apply` is called by :func:`app.main.main` for each session and by the
web server at start (:func:`app.server.run.create_app`; idempotent): it checks
every module's private names first, so a renamed one stops the app loudly
instead of dropping every message or never closing a session.

Importing this package imports no work-around (and no Flet): each is imported
where it is used (the server's :mod:`app.server.offline` imports
:mod:`~app.ui.flet_fixes.rive_runtime` alone, for a command line that never
loads Flet), and all of them by :data:`FIXES`, :func:`check_private_names`
and :func:`apply`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

__all__ = ["FIXES", "FLET_VERSION", "NAMES", "apply", "check_private_names", "fixes"]

#: The Flet version every work-around was written for and checked against
#: (pinned in pyproject.toml).
FLET_VERSION = "1.0.5"

#: Every work-around module of this package, by name.
NAMES = (
    "message_repr",
    "redraw_guard",
    "gone_connection",
    "lost_redraw",
    "session_close",
    "rive_runtime",
    "flet_headers",
    "haptic_action",
    "browser_history",
    "semantics_key",
)

if TYPE_CHECKING:
    #: Every work-around module, each with ``check_private_names()`` and
    #: ``apply()`` (:func:`fixes`, imported on first use).
    FIXES: tuple[ModuleType, ...]


def fixes() -> tuple[ModuleType, ...]:
    """Every work-around module (:data:`NAMES`), imported."""
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in NAMES)


def __getattr__(name: str) -> object:
    if name == "FIXES":
        return fixes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_private_names() -> None:
    """Check every work-around's private names.

    Raises:
        RuntimeError: naming the first one the installed Flet no longer has."""
    for fix in fixes():
        fix.check_private_names()


def apply() -> None:
    """Check, then apply every work-around (idempotent).

    Raises:
        RuntimeError: naming the first private name the installed Flet no
            longer has (nothing is applied then)."""
    modules = fixes()
    for fix in modules:
        fix.check_private_names()
    for fix in modules:
        fix.apply()
