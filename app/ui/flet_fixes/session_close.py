"""Work-around for Flet 1.0.5: a stopping server left every session open.

``flet_web``'s app manager (``flet_web.fastapi.app_manager``, a
``FletAppManager``) keeps the tabs' sessions in a private dictionary and
closes one only when it expires. Its ``shutdown()`` (run by the ASGI
lifespan when the server stops) cancels the eviction task and deletes its
temporary folders, but closes no session: each one's update scheduler,
pub/sub subscriptions and pending calls stay, and nothing public lists the
sessions to close them otherwise. The server then could not stop within its
deadline with tabs open (issue 15). :func:`close_all` closes every session
and stops the manager's thread pool from taking new work; the server calls
it once it has stopped serving (:mod:`app.server.run`).

Private name relied on: ``FletAppManager._FletAppManager__sessions`` (the
manager's dictionary of sessions). Were it renamed, no session would be
found and none closed, silently, so :func:`check_private_names` refuses to
start instead. Delete when ``FletAppManager.shutdown()`` closes the sessions
itself (the canary in tests/app/test_flet_fixes.py then fails).
"""

from __future__ import annotations

import contextlib
from typing import Any

from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import FletAppManager

from app.ui.flet_fixes._private import require_attribute, require_name_used

__all__ = ["SESSIONS", "apply", "check_private_names", "close_all", "sessions_of"]

SESSIONS = "_FletAppManager__sessions"


def sessions_of(manager: FletAppManager) -> dict[str, Session]:
    """The sessions ``manager`` keeps, by their unique id (Flet's own
    dictionary, not a copy).

    Raises:
        RuntimeError: naming ``_FletAppManager__sessions`` when the manager
            has no such dictionary (another Flet)."""
    require_attribute(manager, SESSIONS, __name__)
    sessions: dict[str, Session] = getattr(manager, SESSIONS)
    return sessions


def close_all(manager: Any = None) -> int:
    """Close every session of ``manager`` (default: ``flet_web``'s app
    manager), forget them, and stop its thread pool from taking new work.
    A session whose close fails is skipped. Returns how many were closed.

    Raises:
        RuntimeError: naming the private name when it is gone."""
    if manager is None:
        from flet_web.fastapi import app_manager

        manager = app_manager
    sessions = sessions_of(manager)
    closed = 0
    for session in list(sessions.values()):
        with contextlib.suppress(Exception):
            session.close()
            closed += 1
    sessions.clear()
    manager.executor.shutdown(wait=False, cancel_futures=True)
    return closed


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming ``_FletAppManager__sessions`` if Flet's
    app manager no longer keeps its sessions there."""
    from flet_web.fastapi import app_manager

    require_name_used(FletAppManager.__init__, SESSIONS, __name__)
    require_attribute(app_manager, SESSIONS, __name__)


def apply() -> None:
    """Nothing to patch: the server calls :func:`close_all` when it stops."""
