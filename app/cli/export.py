"""``kortpoeng export SESSION --format F [--lang nb|en] [--output FILE]``."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, resolve, with_engine
from app.cli.status import ExitStatus
from app.i18n import _, get_language

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = ["FORMAT_KEYS", "add_parser", "run"]

#: The ``--format`` values (``app.reports.FORMATS``'s keys, kept here so that the
#: parser is built without loading the reports; a test ties the two).
FORMAT_KEYS: tuple[str, ...] = ("txt", "md", "csv", "pdf", "png", "json")


def run(args: argparse.Namespace) -> ExitStatus:
    """Write the session in ``args.format`` to ``args.output`` (or standard output)."""
    from models.services import export_session, session_doc

    def work(engine: Engine) -> ExitStatus:
        session_id = resolve(engine, args.session)
        if args.format == "json":
            data = export_session(engine=engine, session_id=session_id).encode("utf-8")
        else:
            from app.reports import render_export

            doc = session_doc(engine=engine, session_id=session_id)
            data = render_export(doc, args.format, args.lang or get_language())
        if args.output and args.output != "-":
            _write_atomically(Path(args.output), data)
        else:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return ExitStatus.OK

    try:
        return with_engine(args, work)
    except OSError as error:
        from app.messages import os_reason

        print(
            _("Cannot write {file}: {reason}", file=args.output or "-", reason=os_reason(error)),
            file=sys.stderr,
        )
        return ExitStatus.BAD_INPUT


def _write_atomically(path: Path, data: bytes) -> None:
    """``data`` into ``path`` through a temporary file in the same folder that
    is renamed over it: a reader never sees half a file, and an old file stays
    as it was when writing fails. Raises :class:`OSError`."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def add_parser(subparsers: Any) -> None:
    """Add ``export`` to the main parser's subparsers."""
    p = subparsers.add_parser("export", help=_("write a session as a file"))
    p.add_argument("session", metavar="SESSION", help=_("number from list, id, or id prefix"))
    p.add_argument("--format", choices=FORMAT_KEYS, default="json", help=_("file format"))
    p.add_argument("--lang", choices=["nb", "en"], help=_("language of the export"))
    p.add_argument("--output", "-o", metavar="FILE", help=_("write to FILE, not standard output"))
    db_option(p)
    p.set_defaults(handler=run)
