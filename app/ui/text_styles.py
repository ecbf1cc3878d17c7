"""The one way the app makes a text style: :func:`text_style`, which always
falls back on the shipped fonts (:data:`app.fonts.FALLBACK`).

Flutter's web client draws a letter that none of a style's fonts has with a
font it downloads (from Google's font host, or without a CDN from a path of
this server that has none): on a family's Wi-Fi without internet, a box. A
style given to a control (a button's ``text_style``, a tooltip's, a span's)
replaces the theme's, fallback and all, so each must carry the fallback
itself: the suits on the keypad's keys came out as boxes ("Q▯") while the
chips, drawn in the theme's styles, showed them. A test reads every module of
``app/`` and refuses an ``ft.TextStyle`` made anywhere else.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from app.fonts import FALLBACK

__all__ = ["FALLBACK_FAMILIES", "PAGE_FONTS", "text_style"]

#: The fallback font families, in order, as a style names them.
FALLBACK_FAMILIES: tuple[str, ...] = tuple(font.family for font in FALLBACK)
#: The shipped fonts as ``page.fonts`` wants them: family → path inside assets/.
PAGE_FONTS: dict[str, str] = {font.family: font.asset for font in FALLBACK}


def text_style(**options: Any) -> ft.TextStyle:
    """An ``ft.TextStyle`` with ``options`` (size, weight, colour, …) that
    falls back on the shipped fonts for any letter its own font lacks.

    >>> style = text_style(size=16)
    >>> style.size, style.font_family_fallback[0], style.font_family_fallback[-1]
    (16, 'DejaVu Sans', 'Noto Emoji')

    Raises:
        TypeError: ``font_family_fallback`` given (the fallback is this
            function's to set) or an option ``ft.TextStyle`` does not take.
    """
    return ft.TextStyle(font_family_fallback=list(FALLBACK_FAMILIES), **options)
