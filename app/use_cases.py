"""The UI's one runner of the use cases of :mod:`models.services`, with the
process's engine (:func:`app.storage.engine`), off the event loop.

The screens' components reach :mod:`models` only through here and through
their screen models (:mod:`app.ui.state`; DESIGN.md, "Screens as plain
Python"): :func:`run_use_case` is the ``run`` of every screen's
:class:`~app.ui.state.ports.Ports`, :func:`load` what
:func:`app.ui.loading.use_loaded` calls, :func:`open_session` the loader of a
session's view and :func:`tell_processes` the news of a write to the other
processes on the same database server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.engine import Engine

from app import storage
from models import services
from models.errors import DatabaseFault
from models.views import SessionView
from scoring import CodedError

__all__ = ["load", "open_session", "open_table", "run_use_case", "tell_processes"]

logger = logging.getLogger(__name__)

T = TypeVar("T")


async def run_use_case(use_case: Callable[..., T], /, **arguments: Any) -> T:
    """``use_case(engine=<the app's engine>, **arguments)`` in a worker thread,
    so that the event loop keeps serving every other tab while the database
    works (or waits for a lock). Raises whatever the use case raises."""
    return await asyncio.to_thread(lambda: use_case(engine=storage.engine(), **arguments))


async def load(loader: Callable[[Engine], T]) -> tuple[T | None, CodedError | None]:
    """``loader(<the app's engine>)`` in a worker thread: ``(value, None)``,
    or ``(None, error)`` when it was refused with a coded ``error``; any
    other exception is logged and said as a
    :class:`models.errors.DatabaseFault` (never raised)."""
    try:
        return await asyncio.to_thread(lambda: loader(storage.engine())), None
    except CodedError as error:
        return None, error
    except Exception:
        logger.exception("Loading failed")
        return None, DatabaseFault()


def open_session(session_id: int) -> Callable[[Engine], SessionView]:
    """The loader of session ``session_id``'s view
    (:func:`models.services.open_session`)."""
    return lambda engine: services.open_session(engine=engine, session_id=session_id)


def open_table(ref: str | None) -> Callable[[Engine], SessionView | None]:
    """The loader of what the table screen shows (``/table``, issue 29): the
    session ``ref`` names (its short number or UUID, as ``kortpoeng show``
    takes it: :func:`models.services.find_session`), or, for ``None``, the
    session written to last (:func:`models.services.latest_session`); the
    loader returns ``None`` when there is no session at all. Raises
    :class:`models.errors.SessionNotFound` for a ``ref`` that names none."""

    def load(engine: Engine) -> SessionView | None:
        if ref is None:
            session_id = services.latest_session(engine=engine)
            if session_id is None:
                return None
        else:
            session_id = services.find_session(engine=engine, ref=ref)
        return services.open_session(engine=engine, session_id=session_id)

    return load


def tell_processes(session_id: int) -> None:
    """Tell the other processes on the same database server that session
    ``session_id`` changed (:func:`models.live.tell`); a failure to tell is
    logged, never raised (their phones see the write on their next load)."""
    from models import live

    try:
        live.tell(storage.engine(), session_id)
    except Exception:  # the write is saved; their phones see it on their next load
        logger.warning("Could not tell other processes about session %s", session_id)
