"""The process's one database engine, for the UI and the command line.

Made once, on first use, from ``--db`` / ``KORTPOENG_DB`` / the user data folder
(:func:`models.db.database_url`) and migrated to the newest schema; the screens
and the commands pass it to the use cases in :mod:`models.services`
(``engine=storage.engine()``), which never look it up themselves.
"""

from __future__ import annotations

import os
import threading

from sqlalchemy.engine import Engine

from models.db import init_db, make_engine
from models.integrity import check_database

__all__ = ["engine", "use_database"]

_lock = threading.Lock()
_engine: Engine | None = None


def engine() -> Engine:
    """The process's one engine (``KORTPOENG_DB`` or the default file), created,
    migrated and checked (``PRAGMA quick_check``) on first use. Raises the
    coded errors of :mod:`models.faults` (:class:`models.errors.DatabaseDamaged`
    for a damaged file, naming the newest good backup)."""
    global _engine
    with _lock:
        if _engine is None:
            _engine = _opened(make_engine())
        return _engine


def use_database(db: str | os.PathLike[str] | None = None) -> Engine:
    """Replace the engine by one on ``db`` (a URL or a file path; ``None``: the
    default), migrated; returns it. For ``--db`` and for tests."""
    global _engine
    with _lock:
        if _engine is not None:
            _engine.dispose()
        _engine = None
        _engine = _opened(make_engine(db))
        return _engine


def _opened(made: Engine) -> Engine:
    """``made`` migrated and checked for damage (:func:`models.integrity.check_database`:
    a damaged file is never served, so its damage never reaches a backup);
    disposed of when either raises."""
    try:
        init_db(made)
        check_database(made)
    except BaseException:
        made.dispose()
        raise
    return made
