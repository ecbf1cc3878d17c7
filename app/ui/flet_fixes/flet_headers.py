"""Work-around for Flet 1.0.5: every answer let any web site read it.

``flet_web.fastapi.app()`` adds a middleware of its own to the app it makes,
a class ``CustomHeadersMiddleware`` defined inside the function, that sets
``Access-Control-Allow-Origin: *`` on every answer (and the two
cross-origin isolation headers), with no way to turn it off: any page a
phone at the table had open could read the app's answers. The server leaves
that middleware out (:func:`without_flet_headers`, in
:func:`app.server.run.create_app`); the guard sends the app's own headers
(:mod:`app.server.headers`).

Private name relied on: the class name ``CustomHeadersMiddleware`` (Flet's
middleware is known by it alone). Were it renamed, the filter would keep it
and every answer would again say that any site may read it, silently: so
:func:`check_private_names` refuses to start when ``flet_web.fastapi.app``
no longer defines it, and :func:`without_flet_headers` raises unless it left
exactly one middleware out. Delete when ``flet_web.fastapi.app()`` sends no
such header, or lets it be turned off (the canary in
tests/app/test_flet_fixes.py then fails).
"""

from __future__ import annotations

from typing import Any

from app.ui.flet_fixes._private import require_class_defined

__all__ = ["MIDDLEWARE", "apply", "check_private_names", "without_flet_headers"]

MIDDLEWARE = "CustomHeadersMiddleware"


def without_flet_headers(fastapi_app: Any) -> Any:
    """``fastapi_app`` (made by ``flet_web.fastapi.app()``, not yet serving)
    without Flet's header middleware; returned for convenience.

    Raises:
        RuntimeError: naming ``CustomHeadersMiddleware`` when the app does not
            hold exactly one middleware of that name (another Flet)."""
    kept = [m for m in fastapi_app.user_middleware if getattr(m.cls, "__name__", "") != MIDDLEWARE]
    left_out = len(fastapi_app.user_middleware) - len(kept)
    if left_out != 1:
        raise RuntimeError(
            f"Flet work-around {__name__!r}: the app holds {left_out} middlewares named "
            f"{MIDDLEWARE!r}, not one (Flet changed; the work-around was written for Flet 1.0.5)"
        )
    fastapi_app.user_middleware[:] = kept
    return fastapi_app


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming ``CustomHeadersMiddleware`` if
    ``flet_web.fastapi.app`` no longer defines it."""
    import flet_web.fastapi as flet_fastapi

    require_class_defined(flet_fastapi.app, MIDDLEWARE, __name__)


def apply() -> None:
    """Nothing to patch: the server calls :func:`without_flet_headers`."""
