"""What the stored-session commands share: opening the database, finding a
session, reporting an error in one translated line, and plain text tables.

Heavy modules (SQLAlchemy, SQLModel, the storage services) are imported inside
the functions, so that ``kortpoeng --version`` and ``kortpoeng score`` stay
quick; the read commands (``list``, ``show``, ``export``, ``stats``) read a
SQLite file without loading SQLAlchemy at all (:class:`models.db.QuickEngine`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from app.cli.status import ExitStatus
from app.i18n import _, format_date, format_number

if TYPE_CHECKING:
    from models.db import AnyEngine

__all__ = [
    "MAX_COUNT",
    "NoDatabase",
    "count",
    "db_option",
    "fail",
    "file_fault",
    "resolve",
    "short_date",
    "text_table",
    "with_engine",
]

#: --limit and --offset stay within what SQLite's integers hold.
MAX_COUNT = 1_000_000_000


def fail(error: BaseException) -> ExitStatus:
    """Print ``error`` as one translated line on standard error; the exit status
    for it (``NOTHING_DONE`` for a session that is already stored)."""
    from app.messages import describe_error
    from models.errors import DuplicateSession

    print(describe_error(error), file=sys.stderr)
    return ExitStatus.NOTHING_DONE if isinstance(error, DuplicateSession) else ExitStatus.BAD_INPUT


def file_fault(
    error: OSError, *, read: str | os.PathLike[str] | None = None, written: str | None = None
) -> ExitStatus:
    """Print why a file could not be read or written, in one translated line
    naming the file (``BAD_INPUT``): "Cannot read FILE: …" when the error is
    about ``read`` (the file the command reads), else "Cannot write FILE: …"
    naming ``written`` (the file the user named), else the file the error
    names (:func:`models.file_errors.naming` gives it the file the user
    knows: the new backup, not its temporary). A full disk or a read-only
    file system is always a write. A closed pipe (``BrokenPipeError``) is
    raised again: :func:`app.cli.pipes.quiet_when_closed` ends the command."""
    import errno

    from app.cli.pipes import let_closed_pipe_through
    from app.messages import os_reason

    let_closed_pipe_through(error)  # a closed standard output ends quietly (141)

    named = os.fsdecode(error.filename) if isinstance(error.filename, str | bytes) else None
    writing = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS)
    if read is not None and not writing and named in (None, os.fspath(read)):
        line = _("Cannot read {file}: {reason}", file=os.fspath(read), reason=os_reason(error))
    else:
        shown = written or named or (os.fspath(read) if read is not None else "-")
        line = _("Cannot write {file}: {reason}", file=shown, reason=os_reason(error))
    print(line, file=sys.stderr)
    return ExitStatus.BAD_INPUT


class NoDatabase(Exception):
    """The database named by ``--db``/``KORTPOENG_DB`` cannot be opened (already
    said on standard error)."""


def open_engine(args: argparse.Namespace) -> AnyEngine:
    """The database of ``--db`` (else ``KORTPOENG_DB``, else the default file),
    upgraded to the newest schema (:func:`models.db.open_database`: a SQLite
    file at the newest schema is read without loading SQLAlchemy). A database
    that cannot be used (a folder, a damaged file, another program's database,
    one a newer Kortpoeng made, a read-only folder, a bad URL) prints one
    translated line naming it and what to do, and raises :class:`NoDatabase`;
    the technical cause is logged."""
    from models.db import open_database
    from scoring import CodedError

    try:
        return open_database(getattr(args, "db", None))
    except CodedError as error:
        fail(error)
        raise NoDatabase from None


def with_engine(args: argparse.Namespace, work: Callable[[AnyEngine], ExitStatus]) -> ExitStatus:
    """Run ``work(engine)`` on the database; a coded error (storage or scoring)
    becomes one line on standard error and its exit status."""
    from scoring import CodedError

    try:
        engine = open_engine(args)
    except NoDatabase:
        return ExitStatus.BAD_INPUT
    try:
        return work(engine)
    except CodedError as error:
        return fail(error)
    finally:
        engine.dispose()


def resolve(engine: AnyEngine, ref: str) -> int:
    """The id of the session ``ref`` names (number, UUID or prefix; the trash
    included). Raises ``SessionNotFound`` or ``AmbiguousSession``."""
    from models.services import find_session

    return find_session(engine=engine, ref=ref, include_deleted=True)


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    """A plain text table; columns in ``right`` are right-aligned (numbers).

    Columns are measured by *display width* in a terminal (:mod:`wcwidth`):
    a combining mark takes no column, an emoji two, so names like ``A\u030ase``,
    ``Ola👍`` or ``سارة`` keep the columns after them in line. Every cell is
    shown safely (:func:`app.safe_text.visible`): a name stored with a control
    character cannot reach the terminal raw.

    >>> table = text_table(["Player", "Total"], [["A\u030ase", "7"], ["Ola👍", "12"]], {1})
    >>> import wcwidth  # every line ends in the same column
    >>> {wcwidth.width(line) for line in table.splitlines()}
    {13}
    """
    from app.safe_text import display_width as width
    from app.safe_text import visible

    header = [visible(str(cell)) for cell in header]
    rows = [[visible(str(cell)) for cell in row] for row in rows]
    widths = [max(width(str(r[i])) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        out = []
        for i, (cell, w) in enumerate(zip(cells, widths, strict=True)):
            pad = " " * (w - width(str(cell)))
            out.append(pad + str(cell) if i in right else str(cell) + pad)
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)]) + "\n"


def short_date(moment: datetime) -> str:
    """A date as the app writes one (:func:`app.i18n.format_date`: the
    language's medium date), in local time (as stored when it has no local
    date: a time at the very edge of what a calendar holds, stored before
    the date rule of ``scoring.session_file.in_range``)."""
    return format_date(moment)


def count(least: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``least`` to :data:`MAX_COUNT`."""

    def parse(text: str) -> int:
        try:
            value: int | None = int(text)
        except ValueError:
            value = None
        if value is None or not least <= value <= MAX_COUNT:
            raise argparse.ArgumentTypeError(
                _(
                    "“{value}” is not a whole number from {least} to {most}",
                    value=text[:20],
                    least=least,
                    most=format_number(MAX_COUNT),
                )
            )
        return value

    return parse


def db_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--db`` to a command's parser (the main parser's ``--db`` stays when
    it is not given here)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        default=argparse.SUPPRESS,
        help=_("database URL or file (default: KORTPOENG_DB or the user data folder)"),
    )


def game_label(game: object) -> str:
    """The game's name in the active language (``game``: its id, rules or
    definition, see :func:`app.messages.game_name`)."""
    from app.messages import game_name

    return game_name(game)
