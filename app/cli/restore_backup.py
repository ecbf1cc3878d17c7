"""``kortpoeng restore-backup FILE``: replace the database with a backup, after
checking that the file is a Kortpoeng database, keeping a copy of the database
as it was. (Putting a session or a hand back from the trash is ``kortpoeng
restore``, :mod:`app.cli.trash`.)"""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.common import db_option, fail, file_fault
from app.cli.status import ExitStatus
from app.i18n import _

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """Restore ``args.file`` into the database (``--db``); one line says what
    was done and where the database as it was is kept. The database is not
    opened as usual first: it may be the damaged one being replaced."""
    from models.backup import restore_backup
    from models.db import make_engine
    from models.errors import BackupUnavailable
    from models.faults import database_file, database_name
    from scoring import CodedError

    if database_file(args.db) is None:  # PostgreSQL: its own tools
        return fail(BackupUnavailable(database=database_name(args.db)))
    try:
        engine = make_engine(args.db)
    except CodedError as error:
        return fail(error)
    try:
        kept = restore_backup(engine=engine, source=args.file)
    except CodedError as error:
        return fail(error)
    except OSError as error:  # the backup unreadable, or a copy unwritable (a full disk)
        return file_fault(error, read=args.file)
    finally:
        engine.dispose()
    print(
        _(
            "Restored {database} from {file}; the database as it was is kept in {copy}",
            database=database_name(engine),
            file=args.file,
            copy=kept,
        )
    )
    return ExitStatus.OK


def add_parser(subparsers: Any) -> None:
    """Add ``restore-backup`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "restore-backup",
        help=_("replace the database with a backup (a copy of it is kept first)"),
    )
    p.add_argument("file", metavar="FILE", help=_("the backup to restore"))
    db_option(p)
    p.set_defaults(handler=run)
