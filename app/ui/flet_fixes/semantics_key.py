"""Work-around for Flet 1.0.5: a semantics node kept its old identifier.

Tests, and tools that read the accessibility tree, find a control by the
identifier of the ``ft.Semantics`` around it (``flt-semantics-identifier``
in the web page). When a redraw changes a node's identifier (a screen's
title node on the next screen, a hand's row numbered anew), Flet patches the
same control with the new identifier, and the Flutter web client of
flet-web 1.0.5 keeps the old one in the page: the node went on answering to
the name it had. A node made by :func:`identified` is keyed by its
identifier, so a node whose identifier changes is another control: Flet
replaces it, and the page shows the new name. Every node the app names is
made so (:func:`app.ui.controls.tagged`).

No private name is relied on (``key`` is public). The fault shows only in a
browser: its canary is ``tests/e2e/test_flet_canaries.py`` (a node without
the key keeps its old identifier). Delete when the client updates a patched
node's identifier (the canary then fails), and draw ``ft.Semantics``
without the key.
"""

from __future__ import annotations

from typing import Any

import flet as ft

__all__ = ["apply", "check_private_names", "identified"]


def identified(identifier: str, control: ft.Control, **semantics: Any) -> ft.Semantics:
    """``ft.Semantics(identifier=identifier, content=control, **semantics)``
    keyed by ``identifier``: a node whose identifier changes is replaced
    rather than patched."""
    return ft.Semantics(identifier=identifier, content=control, key=identifier, **semantics)


def check_private_names() -> None:
    """Nothing private is relied on."""


def apply() -> None:
    """Nothing to patch: the app's named nodes are made by :func:`identified`."""
