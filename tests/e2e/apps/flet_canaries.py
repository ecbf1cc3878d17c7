"""The Flet faults that only a browser shows, for their canaries
(tests/e2e/test_flet_canaries.py; the work-arounds: app.ui.flet_fixes).

One screen: a button (``canary-next``) that counts taps (``Count <n>``), and
two semantics nodes named by the count, whose text stays the same:
``plain-<n>`` as Flet patches it (no key), and ``keyed-<n>`` keyed by its
identifier, as :func:`app.ui.controls.tagged` draws every node
(:mod:`app.ui.flet_fixes.semantics_key`). Run it alone with::

    python tests/e2e/apps/flet_canaries.py [PORT]
"""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app.ui.flet_fixes.semantics_key import identified  # noqa: E402
from app.web import serve  # noqa: E402


@ft.component
def Canaries() -> ft.Control:
    """The counter and the two nodes named by it."""
    count, set_count = ft.use_state(0)
    return ft.SafeArea(
        content=ft.Column(
            [
                ft.Text(f"Count {count}"),
                # the identifier changes, nothing else about the node does
                ft.Semantics(identifier=f"plain-{count}", content=ft.Text("Plain")),
                identified(f"keyed-{count}", ft.Text("Keyed")),
                ft.Semantics(
                    identifier="canary-next",
                    content=ft.Button("Next", on_click=lambda _e: set_count(count + 1)),
                ),
            ]
        )
    )


def main(page: ft.Page) -> None:
    """Flet entry point: mount the component tree."""
    page.title = "Flet canaries"
    page.render(Canaries)


if __name__ == "__main__":
    serve(main, port=int(sys.argv[1]) if len(sys.argv) > 1 else 0)
