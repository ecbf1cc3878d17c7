"""The ports a screen model is given (:func:`page_ports`: the use cases run
off the page's thread by :func:`app.use_cases.run_use_case`, the navigation
and the news to the other tabs and processes), and what a screen loads
(:func:`use_loaded`, :func:`use_session_view`), loading or loaded. The
screens' components reach :mod:`models` through :mod:`app.use_cases` and
their models (:mod:`app.ui.state`) only, never directly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import flet as ft
from sqlalchemy.engine import Engine

from app import use_cases
from app.ui.context import announce, go, go_back, go_replace
from app.ui.state import AppState
from app.ui.state.ports import Ports
from app.ui.state.views import SessionView
from app.use_cases import run_use_case
from scoring import CodedError

T = TypeVar("T")


def page_ports() -> Ports:
    """The :class:`~app.ui.state.ports.Ports` of a screen on this page: the
    use cases off the event loop (:func:`app.use_cases.run_use_case`), the navigation
    (:func:`app.ui.context.go`, :func:`~app.ui.context.go_replace`,
    :func:`~app.ui.context.go_back`) and the news of a write
    (:func:`app.ui.context.announce`). Each acts on the page of the handler
    that calls it."""
    return Ports(run_use_case, go, go_replace, announce, go_back)


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
        value, error = await use_cases.load(load)
        if serial.current == mine:
            set_state((key, Loaded(value, error, False)))

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
        use_cases.open_session(session_id),
        [session_id, app.revision],
        ready=ready,
    )
