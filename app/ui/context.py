"""The app's context and where it goes: the app state of this page
(:func:`use_app`), what a component makes once (:func:`use_created`), the
news of a write to the other tabs (:func:`announce`) and the navigation
(:func:`go`; :func:`go_back` and :func:`go_replace`, a Flet work-around:
:mod:`app.ui.flet_fixes.browser_history`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar, cast

import flet as ft

from app.ui.flet_fixes.browser_history import BACK_MARK as BACK_MARK
from app.ui.flet_fixes.browser_history import REPLACE_MARK as REPLACE_MARK
from app.ui.flet_fixes.browser_history import go_back as go_back
from app.ui.flet_fixes.browser_history import go_replace as go_replace
from app.ui.state import AppState

logger = logging.getLogger(__name__)

AppContext = ft.create_context(cast("AppState | None", None))


S = TypeVar("S")


def use_created(factory: Callable[[], S]) -> S:
    """A value made by ``factory`` when the component first renders and kept
    for its life (``ft.use_state`` with a factory, typed: Flet's own signature,
    ``initial: S | Callable[[], S]``, leaves a type checker unable to tell)."""
    value, _set = ft.use_state(cast("Callable[[], Any]", factory))
    return cast("S", value)


def use_app() -> AppState:
    """The tab's :class:`AppState` (from the root component)."""
    state = ft.use_context(AppContext)
    if state is None:  # pragma: no cover - only outside App
        raise RuntimeError("use_app() outside the app")
    return state


#: The pub/sub topic on which a tab tells the others (phones and tabs on the
#: same server) that it wrote to a session; the message is the session's id.
WRITES_TOPIC = "kortpoeng.writes"


def announce(session_id: int) -> None:
    """Tell the other tabs and phones that session ``session_id`` changed, so
    that each shows the saved hands without a reload (see ``app.main.App``):
    this process's by Flet's pub/sub, other processes sharing the database
    server by :func:`models.live.tell`.
    Call after a write succeeded; a failure to tell is logged, never raised."""
    try:
        ft.context.page.pubsub.send_others_on_topic(WRITES_TOPIC, session_id)
    except Exception:  # the write is saved; the others see it on their next load
        logger.warning("Could not tell the other tabs about session %s", session_id, exc_info=True)
    from app.use_cases import tell_processes

    tell_processes(session_id)  # other processes on the same database server


def announce_games() -> None:
    """Tell the other tabs and phones that the custom games changed (they
    reload what they show, as after a session's write)."""
    announce(0)


def go(route: str) -> None:
    """Navigate to ``route``: the browser pushes the address (history and reload
    follow) and the router re-renders when it reports the change."""
    ft.context.page.navigate(route)
