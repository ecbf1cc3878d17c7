"""Small controls and values every screen shares: the fonts and the touch
size, a text theme for names, :func:`tagged` (the stable semantics identifier
tests and screen readers find a control by), a section title, and how a
problem is put into words."""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft

from app.fonts import DEJAVU, EMOJI
from app.i18n import _
from app.messages import describe_error
from app.ui.flet_fixes.semantics_key import identified
from app.ui.text_styles import PAGE_FONTS, text_style

#: A font with the suit symbols ♠ ♥ ♦ ♣ (Roboto has none), served from assets/fonts.
SUIT_FONT = DEJAVU.family
#: Monochrome emoji (Noto Emoji, OFL), served from assets/fonts.
EMOJI_FONT = EMOJI.family
#: The fonts the app ships, by family, as ``page.fonts`` wants them (paths
#: inside assets/): every text style's fallback (:mod:`app.fonts`).
NAME_FONTS: dict[str, str] = PAGE_FONTS
#: Smallest touch target, in logical pixels.
TOUCH = 48


def name_text_theme(color: ft.ColorValue | None = None) -> ft.TextTheme:
    """A text theme whose every style falls back to the shipped fonts
    (:data:`NAME_FONTS`) for letters the default font lacks.

    Flutter's web client draws a letter missing from a style's fonts with a
    font it downloads from Google's font host (or, served without a CDN, from
    a path that has no fonts); a family Wi-Fi without internet then shows
    boxes. With the shipped fonts as every style's fallback, an emoji or an
    Arabic or Hebrew name is drawn from them, and no font is fetched.

    ``color``: every style's colour. A theme's text styles given without one
    are drawn in the light theme's dark ink in the dark theme as well (a text
    with its own size or weight was dark on dark); the app passes the
    theme's "on surface" colour.
    """
    style = text_style(color=color)
    return ft.TextTheme(**{field.name: style for field in dataclasses.fields(ft.TextTheme)})


def tagged(identifier: str, control: ft.Control, **semantics: Any) -> ft.Semantics:
    """``control`` wrapped in ``ft.Semantics`` with a stable ``identifier``.

    The identifier is also the control's ``key``, so a node whose identifier
    changes is replaced rather than patched (Flutter web keeps the old
    ``flt-semantics-identifier`` on a patched node: a Flet work-around,
    :mod:`app.ui.flet_fixes.semantics_key`). A Material button is a
    button to a screen reader already: ``button=True`` is dropped for one, so
    it is not announced twice.
    """
    if isinstance(control, _BUTTONS):
        semantics.pop("button", None)
    return identified(identifier, control, **semantics)


#: Controls that are buttons in the accessibility tree by themselves.
_BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)


def describe_problem(error: BaseException | None) -> str:
    """A translated sentence for any error a screen shows: the one describer,
    :func:`app.messages.describe_error` (coded errors in words; anything else a
    plain sentence, never a library's own text), without the stored ids a
    command takes (``H23``). ``None`` (nothing loaded and
    no reason given, e.g. ``Loaded.error`` of an empty answer) gets the plain
    "nothing was changed" sentence too."""
    if error is None:
        return _("Something went wrong; nothing was changed")
    return describe_error(error, ids=False)


def section_title(text: str) -> ft.Control:
    """A small heading above a group of controls."""
    return ft.Container(
        content=ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY),
        padding=ft.Padding.only(top=12, bottom=4),
    )
