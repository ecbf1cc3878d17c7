"""What a screen's flows reach outside their state, passed in by the screen
(and by a test, which passes plain functions): the use cases, navigation and
the other tabs. The state modules themselves never touch Flet's page or the
database."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Ports"]


@dataclass(frozen=True, slots=True)
class Ports:
    """The ways out of a screen's state.

    Attributes:
        run: ``await run(use_case, **arguments)`` runs a use case of
            :mod:`models.services` with the app's engine (off the event loop:
            :func:`app.use_cases.run_use_case`) and returns what it returns;
            raises what it raises.
        go: ``go(route)`` shows another screen (pushed on the history).
        replace: ``replace(route)`` shows another screen in place of this
            history entry (a form that is done).
        tell: ``tell(session_id)`` tells the other tabs and phones that the
            session was written (:func:`app.ui.common.announce`).
        back: ``back(route)`` returns to ``route``, taking this screen out of
            the history (:func:`app.ui.common.go_back`: an entry that is done
            or abandoned); ``None``: ``replace`` (see :meth:`leave`).
    """

    run: Callable[..., Awaitable[Any]]
    go: Callable[[str], None]
    replace: Callable[[str], None]
    tell: Callable[[int], None]
    back: Callable[[str], None] | None = None

    def leave(self, route: str) -> None:
        """Leave this screen for ``route``, out of the history: ``back``, or
        ``replace`` where there is none."""
        (self.back or self.replace)(route)
