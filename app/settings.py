"""The user's settings on this machine: language, theme, and how many
automatic backups of the database are kept.

Kept as a small JSON file next to the SQLite database (``settings.json``, or in
the default data folder when the database is not a file) and written atomically
(:func:`models.safe_files.write_atomic`). A browser or phone may keep its own
language and theme over these (:mod:`app.ui.preferences`). The environment
variable ``KORTPOENG_BACKUPS`` overrides the number of backups kept.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from models.backup import KEEP_DEFAULT
from models.faults import database_file
from models.locations import default_database_path
from models.safe_files import write_atomic
from scoring import strict_json
from scoring.strict_json import StrictJsonError

__all__ = [
    "BACKUPS_ENV",
    "LANGUAGE_SETTINGS",
    "MAX_BACKUPS",
    "THEME_SETTINGS",
    "Settings",
    "backups_kept",
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
#: The most bytes a settings file is read at (it is a few dozen).
SETTINGS_LIMIT = 64 * 1024
#: Environment variable: how many automatic backups to keep (0: none are made).
BACKUPS_ENV = "KORTPOENG_BACKUPS"
#: The most automatic backups that can be kept (a year of days).
MAX_BACKUPS = 366


def _backups_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_BACKUPS


@dataclass(frozen=True, slots=True)
class Settings:
    """The user's settings: ``language`` in :data:`LANGUAGE_SETTINGS`, ``theme``
    in :data:`THEME_SETTINGS`, ``backups``: how many automatic backups of the
    database are kept (0 to :data:`MAX_BACKUPS`; 0 makes none)."""

    language: str = "system"
    theme: str = "system"
    backups: int = KEEP_DEFAULT


def settings_path(db: str | os.PathLike[str] | None = None) -> Path:
    """``settings.json`` next to the SQLite database file (or in the default data
    folder when the database is not a file). ``db``: the database (a ``--db``
    value); ``None``: the process's (:func:`app.storage.chosen`, else
    ``KORTPOENG_DB`` or the default file)."""
    from app import storage

    database = database_file(db if db is not None else storage.chosen())
    if database is not None:
        return database.parent / SETTINGS_FILE
    return default_database_path().parent / SETTINGS_FILE


def load_settings() -> Settings:
    """The saved settings; defaults when there are none or the file is unreadable
    (logged), unknown values replaced by defaults."""
    path = settings_path()
    try:
        data = strict_json.loads(path.read_bytes(), limit=SETTINGS_LIMIT)
    except FileNotFoundError:
        return Settings()
    except (OSError, StrictJsonError) as error:  # (the one strict reader's refusals)
        logger.warning("Ignoring unreadable settings %s: %s", path, error)
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    settings = Settings()
    if data.get("language") in LANGUAGE_SETTINGS:
        settings = replace(settings, language=data["language"])
    if data.get("theme") in THEME_SETTINGS:
        settings = replace(settings, theme=data["theme"])
    if _backups_ok(data.get("backups")):
        settings = replace(settings, backups=data["backups"])
    return settings


def backups_kept() -> int:
    """How many automatic backups to keep: ``KORTPOENG_BACKUPS`` when it is a
    whole number from 0 to :data:`MAX_BACKUPS` (anything else is logged and
    ignored), else the saved setting."""
    text = os.environ.get(BACKUPS_ENV, "").strip()
    if text:
        try:
            value = int(text)
        except ValueError:
            value = -1
        if _backups_ok(value):
            return value
        logger.warning(
            "Ignoring %s=%r: not a whole number from 0 to %d", BACKUPS_ENV, text, MAX_BACKUPS
        )
    return load_settings().backups


def save_settings(settings: Settings) -> Settings:
    """Write ``settings`` atomically (a temporary file in the same folder, then
    renamed over the old one) and return them.

    Raises ``ValueError`` for a language or theme that is not offered or a
    number of backups out of range, and ``OSError`` when the file cannot be
    written (the old file is then unchanged).
    """
    if (
        settings.language not in LANGUAGE_SETTINGS
        or settings.theme not in THEME_SETTINGS
        or not _backups_ok(settings.backups)
    ):
        raise ValueError(f"unknown setting {settings!r}")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(asdict(settings)).encode("utf-8"), mode=0o600)
    return settings
