"""Work-around for Flet 1.0.5: a route could only be pushed onto the
browser's history.

``Page.navigate`` and ``Page.push_route`` push a new history entry, always;
Flet has no way to replace the entry shown or to go back to the one before.
A saved or abandoned entry screen then stayed in the history, and the
browser's back button showed the form that was done with again (issue 11).
The page's history script (the ``kortpoeng:history`` block of
``assets/index.html``, Flet's own page with it added) wraps the browser's
``history.pushState`` and reads how the route Flet pushes ends:
:func:`go_back` (:data:`BACK_MARK`) returns to the route, by the browser's
own back when the screen was opened from there, and :func:`go_replace`
(:data:`REPLACE_MARK`) replaces the entry shown.

No private name of Flet's Python is relied on; the script relies on the
Flutter web client pushing a route with ``history.pushState``. What is
checked at start (:func:`check_private_names`): the page served holds the
script and both marks (without it a route would keep its mark and show
"Nothing here"). Delete when Flet can replace a history entry and go back
(the canary in tests/app/test_flet_fixes.py then fails), and the script
with it.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import flet as ft

from app.paths import ASSETS_DIR

__all__ = [
    "BACK_MARK",
    "PAGE",
    "REPLACE_MARK",
    "apply",
    "check_private_names",
    "go_back",
    "go_replace",
    "history_script",
]

#: Route endings the web page's history script (``assets/index.html``) acts on.
BACK_MARK = "#kp-back"
REPLACE_MARK = "#kp-replace"
#: The web page served, with the history script.
PAGE = ASSETS_DIR / "index.html"


def go_back(route: str) -> None:
    """Return to ``route`` (a screen's back arrow, a saved or abandoned entry):
    in a browser, its own back when the screen was opened from ``route`` — so
    the entry screen leaves the history, and the next back goes where the
    user came from before — else ``route`` replaces this history entry. Flet
    only pushes routes; ``assets/index.html`` reads the ending."""
    ft.context.page.navigate(route + BACK_MARK)


def go_replace(route: str) -> None:
    """Show ``route`` in place of this history entry (a form that is done, such
    as a started session's form: back never shows it again)."""
    ft.context.page.navigate(route + REPLACE_MARK)


def history_script(page: str) -> str | None:
    """The history script block of the web page ``page`` (its text), or
    ``None`` when it has none."""
    found = re.search(r"<!-- kortpoeng:history -->.*?<!-- /kortpoeng:history -->", page, re.S)
    return found.group(0) if found else None


@functools.lru_cache(maxsize=4)
def _script_in(path: Path, _mtime_ns: int) -> str | None:
    return history_script(path.read_text(encoding="utf-8"))


def check_private_names() -> None:
    """Raise ``RuntimeError`` naming what is missing if the web page
    (:data:`PAGE`) has no history script or it lacks a mark; ``OSError`` if
    the page cannot be read."""
    script = _script_in(PAGE, PAGE.stat().st_mtime_ns)
    for needed in ("kortpoeng:history", f'"{BACK_MARK}"', f'"{REPLACE_MARK}"'):
        if script is None or needed not in script:
            raise RuntimeError(
                f"Flet work-around {__name__!r}: {PAGE} has no {needed} in its history "
                "script (the browser's history would keep every finished screen)"
            )


def apply() -> None:
    """Nothing to patch: the screens call :func:`go_back` and :func:`go_replace`."""
