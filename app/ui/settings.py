"""Settings: language (system / norsk bokmål / English) and theme (system /
light / dark), applied without a restart and remembered by this browser or
device (:mod:`app.ui.preferences`); a desktop window also saves them as the
server's default (:func:`app.settings.save_settings`)."""

from __future__ import annotations

import dataclasses

import flet as ft

from app.i18n import _
from app.settings import Settings, save_settings
from app.ui import preferences
from app.ui.common import Screen, choice, go, section_title, tagged, use_app

__all__ = ["SettingsScreen"]


@ft.component
def SettingsScreen() -> ft.Control:
    """``/settings``."""
    app = use_app()
    current = app.settings

    async def choose(settings: Settings) -> None:
        app.set_settings(settings)
        if not ft.context.page.web:  # one device, one user: also the default
            save_settings(settings)
        await preferences.save(settings)

    def set_language(code: str):
        async def handler(_e: ft.Event) -> None:
            await choose(dataclasses.replace(current, language=code))

        return handler

    def set_theme(mode: str):
        async def handler(_e: ft.Event) -> None:
            await choose(dataclasses.replace(current, theme=mode))

        return handler

    languages = [("system", _("System language")), ("nb", "Norsk bokmål"), ("en", "English")]
    themes = [("system", _("System")), ("light", _("Light")), ("dark", _("Dark"))]
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
