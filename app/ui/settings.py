"""Settings: language (system / norsk bokmål / English) and theme (system /
light / dark), applied without a restart and remembered by this browser or
device (:mod:`app.ui.preferences`); a desktop window also saves them as the
server's default. What a choice does is the model's
(:class:`app.ui.state.settings_screen.SettingsScreen`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from app.i18n import _
from app.ui import preferences
from app.ui.common import Screen, choice, go, section_title, tagged, use_app, use_created
from app.ui.dialogs import use_said
from app.ui.state.settings_screen import SettingsScreen as SettingsModel
from app.ui.state.settings_screen import language_choices, theme_choices

__all__ = ["SettingsScreen"]


@ft.component
def SettingsScreen() -> ft.Control:
    """``/settings``."""
    app = use_app()
    current = app.settings
    page = ft.context.page
    model = use_created(
        # one device, one user (not a browser): the choice is the default too
        lambda: SettingsModel(app=app, keep=preferences.save, desktop=not page.web)
    )
    use_said(model.said, model.unsay)

    def set_language(code: str) -> Callable[[ft.Event], Awaitable[None]]:
        async def handler(_e: ft.Event) -> None:
            await model.choose(language=code)

        return handler

    def set_theme(mode: str) -> Callable[[ft.Event], Awaitable[None]]:
        async def handler(_e: ft.Event) -> None:
            await model.choose(theme=mode)

        return handler

    languages = language_choices()
    themes = theme_choices()
    body = [
        section_title(_("Language")),
        ft.Column(
            [
                choice(
                    f"lang-{code}",
                    label,
                    current.language == code,
                    set_language(code),
                    width=float("inf"),
                    icon=ft.Icons.CHECK if current.language == code else None,
                )
                for code, label in languages
            ],
            spacing=8,
        ),
        section_title(_("Theme")),
        ft.Column(
            [
                choice(
                    f"theme-{mode}",
                    label,
                    current.theme == mode,
                    set_theme(mode),
                    width=float("inf"),
                    icon=ft.Icons.CHECK if current.theme == mode else None,
                )
                for mode, label in themes
            ],
            spacing=8,
        ),
        section_title(_("Phones at the table")),
        tagged(
            "nav-invite",
            ft.OutlinedButton(
                _("Invite a phone"),
                icon=ft.Icons.QR_CODE_2,
                on_click=lambda _e: go("/invite"),
                height=48,
                width=float("inf"),
            ),
            button=True,
        ),
    ]
    return Screen(_("Settings"), body, back="/", screen_id="screen-settings")
