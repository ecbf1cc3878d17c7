"""``kortpoeng export SESSION --format F [--lang nb|en] [--output FILE [--force]]``."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    db_option,
    file_fault,
    output_options,
    resolve,
    session_argument,
    with_engine,
)
from app.cli.status import ExitStatus
from app.i18n import LANGUAGES, _, get_language, names_as_typed

if TYPE_CHECKING:
    from models.db import Database

__all__ = ["FORMAT_KEYS", "add_parser", "run"]

#: The ``--format`` values (``app.reports.FORMATS``'s keys, kept here so that the
#: parser is built without loading the reports; a test ties the two).
FORMAT_KEYS: tuple[str, ...] = ("txt", "md", "csv", "pdf", "png", "json")
#: The formats that are not text: never written to a terminal.
BINARY_KEYS: frozenset[str] = frozenset({"pdf", "png"})


def run(args: argparse.Namespace) -> ExitStatus:
    """Write the session in ``args.format`` to ``args.output`` (or standard output).

    A file is written atomically (:func:`models.safe_files.write_atomic`: on a
    full disk the old file stays as it was); never over the database or any
    SQLite file, and over another existing file only with ``--force``; the
    file written is named on standard error. A PDF or a picture is never
    written to a terminal (standard output or ``--output``): refused in one
    line, exit status 2."""
    from app.safe_text import json_visible, visible
    from models.faults import database_file
    from models.private_files import PRIVATE_FILE
    from models.safe_files import check_target, write_atomic
    from models.services import export_session, session_doc

    to_file = bool(args.output and args.output != "-")
    terminal = _is_terminal(args.output) if to_file else sys.stdout.isatty()
    if terminal and args.format in BINARY_KEYS:
        with names_as_typed():
            print(
                _("A PDF or a picture is not shown in a terminal: write it to a file with -o FILE"),
                file=sys.stderr,
            )
        return ExitStatus.BAD_INPUT
    if terminal and to_file:  # "-o /dev/tty": a terminal, not a file to replace
        to_file = False

    def work(engine: Database) -> ExitStatus:
        target = None
        if to_file:  # refused before any work, and again just before writing
            target = check_target(args.output, force=args.force, database=database_file(engine))
        session_id = resolve(engine, args.session)
        if args.format == "json":
            text = json_visible(export_session(engine=engine, session_id=session_id))
            data = text.encode("utf-8")
        else:
            from app.reports import render_export

            doc = session_doc(engine=engine, session_id=session_id)
            data = render_export(doc, args.format, args.lang or get_language())
        if target is not None:
            check_target(args.output, force=args.force, database=database_file(engine))
            # A new export is private, as the database is (a shared computer's
            # other users cannot read it); a replaced one keeps its own mode.
            write_atomic(target, data, mode=None if target.exists() else PRIVATE_FILE)
            with names_as_typed():  # said where it went (standard output stays the export's)
                print(_("Wrote {file}", file=visible(args.output)), file=sys.stderr)
        elif terminal and args.output and args.output != "-":
            with open(args.output, "wb") as device:
                device.write(data)
        else:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return ExitStatus.OK

    try:
        return with_engine(args, work)
    except OSError as error:  # (a closed standard output ends quietly: 141)
        return file_fault(error, written=args.output or "-")


def _is_terminal(path: str) -> bool:
    """Whether ``path`` names a terminal (``/dev/tty``, ``/dev/stdout`` of a
    terminal), found without reading it: a terminal is written to, never read
    or replaced as a file."""
    try:
        if not stat.S_ISCHR(os.stat(path).st_mode):
            return False
        descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return False
    try:
        return os.isatty(descriptor)
    finally:
        os.close(descriptor)


def add_parser(subparsers: Any) -> None:
    """Add ``export`` to the main parser's subparsers."""
    p = subparsers.add_parser("export", help=_("write a session as a file"))
    session_argument(p)
    p.add_argument("--format", choices=FORMAT_KEYS, default="json", help=_("file format"))
    p.add_argument("--lang", choices=LANGUAGES, help=_("language of the export"))
    output_options(p)
    db_option(p)
    p.set_defaults(handler=run)
