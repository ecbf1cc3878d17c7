"""Settings: language (system / norsk bokmål / English) and theme (system /
light / dark), saved by the settings service and applied without a restart."""

from __future__ import annotations

import flet as ft

from app import services
from app.i18n import _
from app.state import replace_settings
from app.ui.common import Screen, choice, section_title, use_app

__all__ = ["SettingsScreen"]


@ft.component
def SettingsScreen() -> ft.Control:
    """``/settings``."""
    app = use_app()
    current = app.settings

    def set_language(code: str) -> None:
        app.set_settings(services.save_settings(replace_settings(current, language=code)))

    def set_theme(mode: str) -> None:
        app.set_settings(services.save_settings(replace_settings(current, theme=mode)))

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
                    lambda _e, c=code: set_language(c),
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
                    lambda _e, m=mode: set_theme(m),
                    width=float("inf"),
                    icon=ft.Icons.CHECK if current.theme == mode else None,
                )
                for mode, label in themes
            ],
            spacing=8,
        ),
    ]
    return Screen(_("Settings"), body, back="/", screen_id="screen-settings")
