"""The user's settings on this machine: language and theme.

Kept as a small JSON file next to the SQLite database (``settings.json``, or in
the default data folder when the database is not a file) and written atomically.
A browser or phone may keep its own choice over these (:mod:`app.ui.preferences`).
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from sqlalchemy.engine import make_url

from models.db import database_url, default_database_path

__all__ = [
    "LANGUAGE_SETTINGS",
    "THEME_SETTINGS",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_path",
]

logger = logging.getLogger(__name__)

#: What the language setting can be: follow the system, Norwegian Bokmål, English.
LANGUAGE_SETTINGS: tuple[str, ...] = ("system", "nb", "en")
#: What the theme setting can be.
THEME_SETTINGS: tuple[str, ...] = ("system", "light", "dark")
SETTINGS_FILE = "settings.json"


@dataclass(frozen=True, slots=True)
class Settings:
    """The user's settings: ``language`` in :data:`LANGUAGE_SETTINGS`, ``theme``
    in :data:`THEME_SETTINGS`."""

    language: str = "system"
    theme: str = "system"


def settings_path() -> Path:
    """``settings.json`` next to the SQLite database file (or in the default data
    folder when the database is not a file)."""
    url = make_url(database_url())
    database = url.database if url.get_backend_name() == "sqlite" else None
    if database and database != ":memory:" and not database.startswith("file:"):
        return Path(database).resolve().parent / SETTINGS_FILE
    return default_database_path().parent / SETTINGS_FILE


def load_settings() -> Settings:
    """The saved settings; defaults when there are none or the file is unreadable
    (logged), unknown values replaced by defaults."""
    path = settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, ValueError) as error:
        logger.warning("Ignoring unreadable settings %s: %s", path, error)
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    settings = Settings()
    if data.get("language") in LANGUAGE_SETTINGS:
        settings = replace(settings, language=data["language"])
    if data.get("theme") in THEME_SETTINGS:
        settings = replace(settings, theme=data["theme"])
    return settings


def save_settings(settings: Settings) -> Settings:
    """Write ``settings`` atomically (a temporary file in the same folder, then
    renamed over the old one) and return them.

    Raises ``ValueError`` for a language or theme that is not offered, and
    ``OSError`` when the file cannot be written (the old file is then unchanged).
    """
    if settings.language not in LANGUAGE_SETTINGS or settings.theme not in THEME_SETTINGS:
        raise ValueError(f"unknown setting {settings!r}")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps(asdict(settings)))
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return settings
