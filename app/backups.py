"""The automatic backups the app makes: when it starts and when a session
ends, at most once a day, keeping as many as the settings say
(:func:`app.settings.backups_kept`; see :mod:`models.backup`). When it starts
the app also empties the trash of what was deleted more than
:data:`models.services.trash.KEEP_DAYS` days ago (after the backup, which
keeps it one day more).

A backup that cannot be made (a full disk, a busy or damaged database) never
stops the app or a save: it is logged and tried again next time.
"""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path

from sqlalchemy.engine import Engine

from models.backup import auto_backup
from scoring import CodedError

__all__ = ["backup_in_background", "maybe_backup", "start_up_chores"]

logger = logging.getLogger(__name__)

_started = threading.Event()


def maybe_backup(engine: Engine) -> Path | None:
    """The day's automatic backup of ``engine``'s database if none was made
    today; returns it (``None``: none due, switched off, or it failed — logged).
    Never raises for a database or file fault."""
    from app.settings import backups_kept

    try:
        made = auto_backup(engine=engine, keep=backups_kept())
    except (CodedError, OSError) as error:
        logger.warning("No automatic backup this time: %s", error)
        _say_refused(error)
        return None
    if made is not None:
        logger.info("Automatic backup: %s", made)
    return made


def _say_refused(error: BaseException) -> None:
    """A backup refused because the database is damaged (the copy failed
    ``integrity_check``, :func:`models.integrity.check_copy`) is said in one
    translated line on standard error, where the host running the app or
    ``kortpoeng web`` sees it, naming the newest good backup (or what to do
    without one). Other failures are only logged: tried again next time."""
    from models.errors import DatabaseDamaged

    if isinstance(error, DatabaseDamaged) and error.params.get("refused"):
        from app.messages import describe_error

        print(describe_error(error), file=sys.stderr, flush=True)


def start_up_chores(engine: Engine) -> None:
    """:func:`maybe_backup`, then the trash emptied of what is past its
    purge date. Never raises for a database or file fault (logged)."""
    from datetime import timedelta

    from models.services import KEEP_DAYS, purge_trash

    maybe_backup(engine)
    try:
        gone = purge_trash(engine=engine, older_than=timedelta(days=KEEP_DAYS))
    except CodedError as error:
        logger.warning("The trash was not emptied this time: %s", error)
        return
    if gone:
        logger.info("Deleted for good from the trash: %s", gone)


def backup_in_background(engine: Engine) -> None:
    """:func:`start_up_chores` once per process, in a thread of its own (the
    first screen never waits for it). Called when the app starts."""
    if _started.is_set():
        return
    _started.set()
    threading.Thread(
        target=start_up_chores, args=(engine,), name="kortpoeng-backup", daemon=True
    ).start()
