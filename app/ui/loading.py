"""Use cases off the page's thread: :func:`run_use_case`, and what a screen
loads (:func:`use_loaded`, :func:`use_session_view`), loading or loaded."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import flet as ft
from sqlalchemy.engine import Engine

from app import storage
from app.ui.state import AppState
from models import services
from models.errors import DatabaseFault
from models.views import SessionView
from scoring import CodedError

logger = logging.getLogger(__name__)


T = TypeVar("T")


async def run_use_case(use_case: Callable[..., T], /, **arguments: Any) -> T:
    """``use_case(engine=<the app's engine>, **arguments)`` in a worker thread,
    so that the event loop keeps serving every other tab while the database
    works (or waits for a lock). Raises whatever the use case raises."""
    return await asyncio.to_thread(lambda: use_case(engine=storage.engine(), **arguments))


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What :func:`use_loaded` has: the ``value`` once loaded, or the coded
    ``error`` that refused it; ``loading`` until the first answer arrives."""

    value: T | None = None
    error: CodedError | None = None
    loading: bool = True


def use_loaded(
    load: Callable[[Engine], T], dependencies: Sequence[Any], *, ready: T | None = None
) -> Loaded[T]:
    """Load what a screen shows with ``load(engine)`` in a worker thread (the
    event loop keeps serving the other tabs), when the screen opens and again
    whenever ``dependencies`` change; the screen re-renders with the result.

    ``ready`` is a value already at hand for these dependencies (the view a
    write just returned): shown at once, nothing is loaded. While a reload
    runs, the last result stays on show; an answer that arrives after a newer
    request is dropped.
    """
    key = tuple(dependencies)

    def first() -> tuple[tuple[Any, ...], Loaded[T]]:
        return key, Loaded(ready, None, False) if ready is not None else Loaded()

    state: tuple[tuple[Any, ...], Loaded[T]]
    state, set_state = ft.use_state(cast("Callable[[], Any]", first))
    serial = ft.use_ref(0)

    async def fetch() -> None:
        if ready is not None:
            set_state((key, Loaded(ready, None, False)))
            return
        serial.current = mine = (serial.current or 0) + 1
        try:
            value = await asyncio.to_thread(lambda: load(storage.engine()))
            result: Loaded[T] = Loaded(value, None, False)
        except CodedError as error:
            result = Loaded(None, error, False)
        except Exception:
            logger.exception("Loading failed")
            result = Loaded(None, DatabaseFault(), False)
        if serial.current == mine:
            set_state((key, result))

    ft.use_effect(fetch, list(key))
    shown_key, loaded = state
    if ready is not None:
        return Loaded(ready, None, False)
    if shown_key != key and loaded.value is None:
        return Loaded()
    return loaded


def use_session_view(app: AppState, session_id: int) -> Loaded[SessionView]:
    """The session to show: the view a write just returned (once, see
    ``AppState.take_view``), else opened off the event loop; again after
    every write (``app.revision``)."""
    ready = ft.use_memo(lambda: app.take_view(session_id), [session_id, app.revision])
    return use_loaded(
        lambda engine: services.open_session(engine=engine, session_id=session_id),
        [session_id, app.revision],
        ready=ready,
    )
