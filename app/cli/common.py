"""What the stored-session commands share: opening the database, finding a
session, reporting an error in one translated line, and plain text tables.

Heavy modules (SQLAlchemy, SQLModel, the storage services) are imported inside
the functions, so that ``kortpoeng --version`` and ``kortpoeng score`` stay
quick; the read commands (``list``, ``show``, ``export``, ``stats``) read a
SQLite file without loading SQLAlchemy at all (:class:`models.db.Database`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from app.cli.status import ExitStatus, status_of
from app.i18n import _, format_date, format_number

if TYPE_CHECKING:
    from models.db import Database

__all__ = [
    "MAX_COUNT",
    "NoDatabase",
    "count",
    "db_option",
    "fail",
    "file_fault",
    "output_options",
    "resolve",
    "session_argument",
    "short_date",
    "text_table",
    "trash_is_empty",
    "with_engine",
]

#: --limit and --offset stay within what SQLite's integers hold.
MAX_COUNT = 1_000_000_000


def fail(error: BaseException) -> ExitStatus:
    """Print ``error`` as one translated line on standard error; the exit status
    for it (:func:`app.cli.status.status_of`: ``NOTHING_DONE`` for a session
    that is already stored, ``DATABASE_UNUSABLE``, ``BAD_INPUT``…)."""
    from app.messages import describe_error

    print(describe_error(error), file=sys.stderr)
    return status_of(error)


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
    from app.messages import cannot_read, cannot_write, os_reason

    let_closed_pipe_through(error)  # a closed standard output ends quietly (141)

    named = os.fsdecode(error.filename) if isinstance(error.filename, str | bytes) else None
    writing = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS)
    if read is not None and not writing and named in (None, os.fspath(read)):
        line = cannot_read(read, os_reason(error))
    else:
        shown = written or named or (os.fspath(read) if read is not None else "-")
        line = cannot_write(shown, os_reason(error))
    print(line, file=sys.stderr)
    return ExitStatus.BAD_INPUT


class NoDatabase(Exception):
    """The database named by ``--db``/``KORTPOENG_DB`` cannot be opened (already
    said on standard error); ``status`` is the command's exit status."""

    def __init__(self, status: ExitStatus) -> None:
        super().__init__(status.name)
        self.status = status


def open_engine(args: argparse.Namespace) -> Database:
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
        return open_database(args.db)
    except CodedError as error:
        raise NoDatabase(fail(error)) from None


def with_engine(args: argparse.Namespace, work: Callable[[Database], ExitStatus]) -> ExitStatus:
    """Run ``work(engine)`` on the database of ``--db`` (passed to ``work``,
    closed afterwards); a coded error (storage or scoring) becomes one line on
    standard error and its exit status."""
    from scoring import CodedError

    try:
        engine = open_engine(args)
    except NoDatabase as refused:
        return refused.status
    try:
        return work(engine)
    except CodedError as error:
        return fail(error)
    finally:
        engine.dispose()


def resolve(engine: Database, ref: str) -> int:
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


def db_option(parser: argparse.ArgumentParser, *, main: bool = False) -> None:
    """Add ``--db`` to a command's parser (the main parser's ``--db`` stays when
    it is not given here); ``main``: to the main parser (``None`` when not given)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        default=None if main else argparse.SUPPRESS,
        help=_("database URL or file (default: KORTPOENG_DB or the user data folder)"),
    )


def session_argument(parser: argparse.ArgumentParser) -> None:
    """Add the ``SESSION`` a command works on (number, id or id prefix)."""
    parser.add_argument("session", metavar="SESSION", help=_("number from list, id, or id prefix"))


def output_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--output``/``-o FILE`` and ``--force`` (replace it) to a command
    that writes a file."""
    parser.add_argument(
        "--output", "-o", metavar="FILE", help=_("write to FILE, not standard output")
    )
    parser.add_argument(
        "--force", action="store_true", help=_("replace FILE if it exists (never a database)")
    )


def trash_is_empty() -> str:
    """What a look into an empty trash says."""
    return _("The trash is empty.")


def game_label(game: object) -> str:
    """The game's name in the active language (``game``: its id, rules or
    definition, see :func:`app.messages.game_name`)."""
    from app.messages import game_name

    return game_name(game)
