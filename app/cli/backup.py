"""``kortpoeng backup [FILE] [--force]``: a copy of the database made with
SQLite's online backup API (safe while the app runs), in the ``backups``
folder next to the database or to ``FILE``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, fail, file_fault, with_engine
from app.cli.status import ExitStatus
from app.i18n import _

if TYPE_CHECKING:
    from models.db import Database

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """Back the database up; one line says where the copy is. A database that
    is not a SQLite file (PostgreSQL) is refused in one line: ``pg_dump``
    makes its backups."""
    from models.backup import backup_database
    from models.errors import BackupUnavailable
    from models.faults import database_file, database_name

    if database_file(args.db) is None:
        return fail(BackupUnavailable(database=database_name(args.db)))

    def work(engine: Database) -> ExitStatus:
        path = backup_database(engine=engine, target=args.file, force=args.force)
        print(_("Backed up {database} to {file}", database=database_name(engine), file=path))
        return ExitStatus.OK

    try:
        return with_engine(args, work)
    except OSError as error:  # it names the copy (or the folder it goes in)
        return file_fault(error, written=args.file)


def add_parser(subparsers: Any) -> None:
    """Add ``backup`` to the main parser's subparsers."""
    p = subparsers.add_parser("backup", help=_("copy the database to a backup file"))
    p.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=_("where to write the copy (default: a new file in the backups folder)"),
    )
    p.add_argument(
        "--force", action="store_true", help=_("replace FILE if it exists (never the database)")
    )
    db_option(p)
    p.set_defaults(handler=run)
