"""The process's one database engine, for the UI.

Made once, on first use, from the database the process was started with
(:func:`choose`: ``kortpoeng --db``; otherwise ``KORTPOENG_DB`` or the user
data folder, :func:`models.locations.database_url`) and migrated to the newest
schema; the screens pass it to the use cases in :mod:`models.services`
(``engine=storage.engine()``), which never look it up themselves. The command
line opens its own (:func:`app.cli.common.with_engine`) and passes it on.
"""

from __future__ import annotations

import os
import threading

from sqlalchemy.engine import Engine

from models.db import init_db, make_engine
from models.integrity import check_database

__all__ = ["choose", "chosen", "engine", "use_database"]

_lock = threading.Lock()
_engine: Engine | None = None
_chosen: str | os.PathLike[str] | None = None


def choose(db: str | os.PathLike[str] | None) -> None:
    """Make ``db`` (``kortpoeng --db``: a URL or a file; ``None``:
    ``KORTPOENG_DB`` or the default file) the process's database: its engine
    is made from it on first use, and its settings and join file live beside
    it (:func:`app.settings.settings_path`). An engine made before is closed."""
    global _engine, _chosen
    with _lock:
        if _engine is not None:
            _engine.dispose()
        _engine = None
        _chosen = db


def chosen() -> str | os.PathLike[str] | None:
    """The database :func:`choose` named (``None``: none was, or ``None`` was)."""
    return _chosen


def engine() -> Engine:
    """The process's one engine (the database :func:`choose` named), created,
    migrated and checked (``PRAGMA quick_check``) on first use. Raises the
    coded errors of :mod:`models.faults` (:class:`models.errors.DatabaseDamaged`
    for a damaged file, naming the newest good backup)."""
    global _engine
    with _lock:
        if _engine is None:
            _engine = _opened(make_engine(_chosen))
        return _engine


def use_database(db: str | os.PathLike[str] | None = None) -> Engine:
    """Replace the engine by one on ``db`` (a URL or a file path; ``None``: the
    default), migrated; returns it. For tests (the settings stay where
    :func:`choose` put them)."""
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
