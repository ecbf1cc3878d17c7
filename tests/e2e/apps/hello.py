"""A tiny declarative Flet app that proves the end-to-end harness works.

A counter: the button (semantics identifier ``hello-increment``) adds one and
the text (``hello-count``) shows ``Count: N``. Run it alone with::

    python tests/e2e/apps/hello.py [PORT]

(``FLET_SERVER_PORT`` also sets the port.)
"""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app.web import serve  # noqa: E402


@ft.component
def Counter() -> ft.Control:
    """The counter screen: a label and a button that increments it."""
    count, set_count = ft.use_state(0)
    return ft.SafeArea(
        content=ft.Column(
            [
                ft.Semantics(
                    identifier="hello-count",
                    content=ft.Text(f"Count: {count}", size=24),
                ),
                ft.Semantics(
                    identifier="hello-increment",
                    content=ft.Button("Add one", on_click=lambda _e: set_count(count + 1)),
                ),
            ]
        )
    )


def main(page: ft.Page) -> None:
    """Flet entry point: mount the component tree."""
    page.title = "Hello"
    page.render(Counter)


if __name__ == "__main__":
    serve(main, port=int(sys.argv[1]) if len(sys.argv) > 1 else 0)
