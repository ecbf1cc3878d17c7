"""The app's use cases on top of :mod:`models.services`, for the UI (no Flet here).

The screens never touch the database: they call these functions, which open a
short :class:`sqlmodel.Session` on the process's one engine, call the storage
services and return their frozen read models (:mod:`models.views`). Errors are
the storage services' typed errors (:mod:`models.errors`) and :mod:`scoring`'s
(``code`` + ``params``), raised unchanged for the UI to translate; when one is
raised nothing has been written.

Also here, because the storage layer has no place for them: the user's
*settings* (language and theme), kept as a small JSON file next to the
database (``settings.json``), and :func:`session_list`, the session list with
each unfinished session's leader.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session

from models import services as store
from models.db import database_url, default_database_path, init_db, make_engine
from models.views import HandDetail, PlayerSummary, SessionView
from scoring import Hand

__all__ = [
    "LANGUAGES",
    "THEMES",
    "SessionItem",
    "Settings",
    "delete_hand",
    "delete_session",
    "edit_hand",
    "engine",
    "get_hand",
    "load_settings",
    "open_session",
    "recent_players",
    "record_hand",
    "rematch",
    "reset_engine",
    "restore_hand",
    "restore_session",
    "save_settings",
    "session_list",
    "settings_path",
    "start_session",
]

logger = logging.getLogger(__name__)

#: Language settings: follow the system, Norwegian Bokmål, English.
LANGUAGES: tuple[str, ...] = ("system", "nb", "en")
#: Theme settings.
THEMES: tuple[str, ...] = ("system", "light", "dark")
SETTINGS_FILE = "settings.json"

_lock = threading.Lock()
_engine: Engine | None = None


def engine() -> Engine:
    """The process's one engine (``KORTPOENG_DB`` or the default file), created
    and migrated on first use."""
    global _engine
    with _lock:
        if _engine is None:
            made = make_engine()
            init_db(made)
            _engine = made
        return _engine


def reset_engine(db: str | os.PathLike[str] | None = None) -> Engine:
    """Replace the engine by one on ``db`` (tests, ``--db``); returns it, migrated."""
    global _engine
    with _lock:
        if _engine is not None:
            _engine.dispose()
        _engine = make_engine(db)
        init_db(_engine)
        return _engine


def _db() -> Session:
    return Session(engine())


# --------------------------------------------------------------------------
# Sessions and hands
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SessionItem:
    """One line of the session list.

    ``leaders`` are the players in the lead (empty before the first hand);
    ``winners`` once the session is finished; ``started_at`` is aware UTC.
    """

    id: int
    game: str
    players: tuple[str, ...]
    hand_count: int
    started_at: datetime
    finished: bool
    leaders: tuple[str, ...]
    winners: tuple[str, ...]


def session_list(limit: int = 50) -> tuple[SessionItem, ...]:
    """Sessions outside the trash: unfinished first, then newest first, at most
    ``limit``. Leaders come from the standings saved with the last hand, so no
    session is opened to list it."""
    with _db() as db:
        page = store.list_sessions(session=db, limit=limit)
    return tuple(
        SessionItem(
            id=s.id,
            game=s.game,
            players=s.players,
            hand_count=s.hand_count,
            started_at=s.started_at,
            finished=s.finished_at is not None,
            leaders=s.winners if s.finished_at is not None else (s.leaders if s.hand_count else ()),
            winners=s.winners,
        )
        for s in page.items
    )


def start_session(
    game: str, players: Sequence[str], options: Mapping[str, Any] | None = None
) -> SessionView:
    """Start a session (see :func:`models.services.start_session`)."""
    with _db() as db:
        return store.start_session(session=db, game=game, players=players, options=options)


def open_session(session_id: int) -> SessionView:
    """Open a session with its standings. Raises ``SessionNotFound``."""
    with _db() as db:
        return store.open_session(session=db, session_id=session_id)


def record_hand(
    session_id: int, hand: Hand, *, confirm_warnings: bool = False, number: int | None = None
) -> SessionView:
    """Save the next hand (as hand ``number``, when given: refused with
    ``NextHandChanged`` if another phone saved or deleted a hand meanwhile).
    Raises ``WarningsNeedConfirmation`` or a scoring error."""
    with _db() as db:
        return store.record_hand(
            session=db,
            session_id=session_id,
            hand=hand,
            confirm_warnings=confirm_warnings,
            number=number,
        )


def edit_hand(
    session_id: int,
    number: int,
    hand: Hand,
    *,
    confirm_warnings: bool = False,
    expected: Hand | None = None,
) -> SessionView:
    """Replace hand ``number`` (1-based); later totals follow. With ``expected``
    (the hand as the edit screen read it), refused with ``HandChanged`` when
    another phone changed or deleted it in the meantime."""
    with _db() as db:
        return store.edit_hand(
            session=db,
            session_id=session_id,
            number=number,
            hand=hand,
            confirm_warnings=confirm_warnings,
            expected=expected,
        )


def get_hand(session_id: int, number: int) -> HandDetail:
    """Hand ``number`` as entered, with its score."""
    with _db() as db:
        return store.get_hand(session=db, session_id=session_id, number=number)


def delete_hand(session_id: int, number: int, *, expected: Hand | None = None) -> SessionView:
    """Delete hand ``number``; later hands move up (``expected`` as for
    :func:`edit_hand`)."""
    with _db() as db:
        return store.delete_hand(
            session=db, session_id=session_id, number=number, expected=expected
        )


def restore_hand(
    session_id: int, number: int, hand: Hand, *, hand_id: int | None = None
) -> SessionView:
    """Put ``hand`` back, where it was played (by ``hand_id``, else as hand
    ``number``): the undo of :func:`delete_hand`, in one transaction (see
    :func:`models.services.insert_hand`): all or nothing, and nothing when it
    is back already. Its warnings were confirmed when it was first saved, so
    they count as confirmed."""
    with _db() as db:
        return store.insert_hand(
            session=db,
            session_id=session_id,
            number=number,
            hand=hand,
            confirm_warnings=True,
            hand_id=hand_id,
        )


def delete_session(session_id: int) -> None:
    """Move a session to the trash (undo with :func:`restore_session`)."""
    with _db() as db:
        store.delete_session(session=db, session_id=session_id)


def restore_session(session_id: int) -> None:
    """Take a session out of the trash."""
    with _db() as db:
        store.restore_session(session=db, session_id=session_id)


def rematch(session_id: int) -> SessionView:
    """A new session with the same game, players and options (seats rotated)."""
    with _db() as db:
        return store.rematch(session=db, session_id=session_id)


def recent_players(limit: int = 12) -> tuple[str, ...]:
    """Names of known players, those who sat in most sessions first."""
    with _db() as db:
        players: tuple[PlayerSummary, ...] = store.list_players(session=db)
    ranked = sorted(players, key=lambda p: (-p.sessions, p.name.casefold()))
    return tuple(p.name for p in ranked[:limit])


# --------------------------------------------------------------------------
# Settings
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """The user's settings: ``language`` in :data:`LANGUAGES`, ``theme`` in :data:`THEMES`."""

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
    if data.get("language") in LANGUAGES:
        settings = replace(settings, language=data["language"])
    if data.get("theme") in THEMES:
        settings = replace(settings, theme=data["theme"])
    return settings


def save_settings(settings: Settings) -> Settings:
    """Write ``settings`` atomically (temp file + rename) and return them.

    Raises ``ValueError`` for a language or theme that is not offered.
    """
    if settings.language not in LANGUAGES or settings.theme not in THEMES:
        raise ValueError(f"unknown setting {settings!r}")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(settings)), encoding="utf-8")
    temporary.replace(path)
    return settings
