"""Language and theme remembered per browser or device.

Several phones at one table share one server, so a choice made on one phone
must not change the others: the settings live in Flet's client-side storage
(:class:`flet.SharedPreferences`: ``localStorage`` in a browser, the platform's
preferences in an app). The server's ``settings.json`` (:mod:`app.settings`) is
only the default for a browser or device that has chosen nothing yet — and
what a desktop window saves, since there the server and the device are one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import flet as ft

from app.settings import LANGUAGE_SETTINGS, THEME_SETTINGS, Settings

__all__ = ["KEYS", "load", "merge", "save"]

logger = logging.getLogger(__name__)

#: How long to wait for the client's storage before using the defaults.
TIMEOUT = 3.0
#: Client-side storage keys for each setting.
KEYS: Mapping[str, str] = {"language": "kortpoeng.language", "theme": "kortpoeng.theme"}
_ALLOWED: Mapping[str, tuple[str, ...]] = {"language": LANGUAGE_SETTINGS, "theme": THEME_SETTINGS}


def merge(defaults: Settings, stored: Mapping[str, Any]) -> Settings:
    """``defaults`` with the settings this device stored (``{"language": "nb"}``);
    missing or unknown values keep the default.

    >>> merge(Settings("en", "dark"), {"language": "nb", "theme": "purple"})
    Settings(language='nb', theme='dark', backups=7)
    """
    changes = {
        name: value
        for name, value in stored.items()
        if name in _ALLOWED and value in _ALLOWED[name]
    }
    return replace(defaults, **changes)


async def load(defaults: Settings) -> Settings:
    """The settings stored on this device over ``defaults`` (call from an
    effect or a handler: it asks the client, every key at once, so the first
    screen waits for one round trip)."""
    prefs = ft.SharedPreferences()

    async def read(key: str) -> Any:
        try:
            return await asyncio.wait_for(prefs.get(key), TIMEOUT)
        except Exception as error:  # storage unavailable on this client: keep defaults
            logger.warning("Could not read %s from the device: %s", key, error)
            return None

    values = await asyncio.gather(*(read(key) for key in KEYS.values()))
    return merge(defaults, dict(zip(KEYS, values, strict=True)))


async def save(settings: Settings) -> None:
    """Store ``settings`` on this device (browser or phone) only."""
    prefs = ft.SharedPreferences()
    for name, key in KEYS.items():
        await prefs.set(key, getattr(settings, name))
