"""A tiny declarative app proving that each browser tab keeps its own language.

``language-switch`` toggles nb/en for this session only (``app.i18n.set_language``
inside a Flet session); ``language-suit`` shows a word translated at render time;
``language-poke`` translates a word inside an event handler and shows it in
``language-last``. Starts in ``KORTPOENG_LANG`` (or the system language).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app import i18n  # noqa: E402
from app.i18n import pgettext  # noqa: E402
from app.web import serve  # noqa: E402


@ft.observable
@dataclass
class Settings:
    """View-state: the language shown in this session."""

    language: str

    def toggle(self) -> None:
        """Switch nb ↔ en for this session and re-render."""
        self.language = i18n.set_language("nb" if self.language == "en" else "en")


@ft.component
def Languages() -> ft.Control:
    """Shows one translated word and the word a handler translated last."""
    settings, _ = ft.use_state(lambda: Settings(i18n.get_language()))
    last, set_last = ft.use_state("")
    return ft.Column(
        [
            ft.Semantics(identifier="language-code", content=ft.Text(settings.language)),
            ft.Semantics(identifier="language-suit", content=ft.Text(pgettext("suit", "hearts"))),
            ft.Semantics(identifier="language-last", content=ft.Text(last or "-")),
            ft.Semantics(
                identifier="language-switch",
                content=ft.Button("nb/en", on_click=lambda _e: settings.toggle()),
            ),
            ft.Semantics(
                identifier="language-poke",
                content=ft.Button("poke", on_click=lambda _e: set_last(pgettext("suit", "spades"))),
            ),
        ]
    )


def main(page: ft.Page) -> None:
    """Flet entry point: fix the session's language, then mount the tree."""
    i18n.set_language(i18n.get_language())
    page.render(Languages)


if __name__ == "__main__":
    serve(main, port=int(sys.argv[1]) if len(sys.argv) > 1 else 0)
