"""The settings screen's model (``/settings``), in plain Python: the language
(system / norsk bokmål / English) and the theme (system / light / dark)
offered, and the choice of one — applied at once to this tab, remembered by
this browser or device, and on a desktop window also written as the
server's default (:func:`app.settings.save_settings`). A default that cannot
be written is said in words; the choice still holds for this tab."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import _
from app.messages import os_reason
from app.settings import Settings, save_settings, settings_path
from app.ui.state.flow import FlowState

if TYPE_CHECKING:
    from app.ui.state.app_state import AppState

__all__ = ["SettingsScreen", "language_choices", "theme_choices"]


def language_choices() -> list[tuple[str, str]]:
    """``(setting, label)`` of each language offered (the languages in their
    own words)."""
    return [("system", _("System language")), ("nb", "Norsk bokmål"), ("en", "English")]


def theme_choices() -> list[tuple[str, str]]:
    """``(setting, label)`` of each theme offered."""
    return [("system", _("System")), ("light", _("Light")), ("dark", _("Dark"))]


@ft.observable
@dataclass(eq=False)
class SettingsScreen(FlowState):
    """The settings screen of one tab.

    Attributes:
        app: the tab's state (its settings are applied at once).
        keep: ``await keep(settings)`` remembers them in this browser or
            device (:func:`app.ui.preferences.save`), or ``None``.
        desktop: one device, one user (a desktop window): the choice is also
            written as the server's default.
    """

    app: AppState | None = None
    keep: Callable[[Settings], Awaitable[Any]] | None = None
    desktop: bool = False

    async def choose(self, *, language: str | None = None, theme: str | None = None) -> Settings:
        """Choose a ``language`` or a ``theme`` (settings values); returns the
        settings now in force."""
        if self.app is None:  # pragma: no cover - always given by the screen
            raise RuntimeError("SettingsScreen without the tab's state")
        settings = self.app.settings
        if language is not None:
            settings = dataclasses.replace(settings, language=language)
        if theme is not None:
            settings = dataclasses.replace(settings, theme=theme)
        self.app.set_settings(settings)
        if self.desktop:
            try:
                save_settings(settings)
            except OSError as error:  # the old file is unchanged; this tab keeps the choice
                self.say(
                    _(
                        "Cannot write {file}: {reason}",
                        file=settings_path().name,
                        reason=os_reason(error),
                    ),
                    problem=True,
                )
        if self.keep is not None:
            await self.keep(settings)
        return settings
