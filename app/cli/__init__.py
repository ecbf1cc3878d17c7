"""The ``kortpoeng`` command line: a thin layer over the same use cases the app
calls (:mod:`models.services`, :mod:`app.reports`), one module per command.

``kortpoeng`` alone starts the app (a desktop window where one can open,
otherwise the web UI); ``kortpoeng web`` serves the web UI; ``kortpoeng score
FILE`` scores a session file without touching the database (SESSION_FORMAT.md);
``list``, ``show``, ``export``, ``import``, ``stats``, ``trash``, ``delete`` and
``restore`` work on the stored sessions; ``games`` lists the games and ``game
show|export|import`` shows, writes or stores one (GAME_FORMAT.md); ``backup``
and ``restore-backup`` copy the database and put a copy back.
Exit statuses: :class:`app.cli.status.ExitStatus`.
"""

from __future__ import annotations

import argparse
import gettext
import logging
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from app import __version__
from app.cli import (
    backup,
    export,
    game,
    games,
    importing,
    listing,
    restore_backup,
    score,
    serve,
    show,
    stats,
    trash,
)
from app.cli.common import db_option
from app.cli.pipes import quiet_when_closed
from app.cli.status import ExitStatus, status_of
from app.i18n import LOCALES_DIR, N_, _, get_language, names_as_typed

__all__ = ["ARGPARSE_WORDS", "ExitStatus", "argparse_language", "build_parser", "main"]

#: The command modules, in the order ``--help`` lists them.
COMMANDS = (
    score,
    serve,
    listing,
    show,
    export,
    importing,
    stats,
    trash,
    games,
    game,
    backup,
    restore_backup,
)

#: argparse's own words (usage, its errors, its help headings), marked for the
#: app's catalogs: argparse asks gettext for them (see :func:`argparse_language`).
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
)


#: The commands whose output keeps the bidi isolates (FSI … PDI) the app puts
#: around a right-to-left name: the app itself (its screens) and ``export``
#: (the text and Markdown exports isolate each name, for chat apps).
#: Every other command prints names as typed: a terminal lays a line out cell
#: by cell (most apply no bidi algorithm at all), so an isolate is at best an
#: invisible character and, shown safely (:func:`app.safe_text.visible`),
#: the literal ``\u2068`` around the name; scripts reading the output get
#: the names as stored.
KEEP_ISOLATES = (serve.run_app, serve.run_web, export.run)


@contextmanager
def argparse_language() -> Iterator[None]:
    """Let argparse speak the command line's language (``KORTPOENG_LANG`` or
    the system's): it looks its words up with :mod:`gettext` in the default
    domain, ``messages`` — the name of the app's catalogs, which hold them
    (:data:`ARGPARSE_WORDS`). ``LANGUAGE`` is set only while the block runs."""
    gettext.bindtextdomain("messages", str(LOCALES_DIR))
    before = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = get_language()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="kortpoeng",
        description=_(
            "Scorekeeping for card games: Swedish Rummy, Four Suit Rummy, Rummy and "
            "every game defined as data."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"kortpoeng {__version__}",
        help=_("show the version and exit"),
    )
    parser.add_argument("-v", "--verbose", action="store_true", help=_("log what the program does"))
    db_option(parser, main=True)
    parser.set_defaults(handler=serve.run_app)
    sub = parser.add_subparsers(title=_("commands"), metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (:class:`ExitStatus`:
    ``CLOSED_PIPE`` when its reader stopped reading, ``INTERRUPTED`` after
    Ctrl+C, which says nothing more: no traceback)."""
    try:
        return quiet_when_closed(lambda: _main(argv))
    except KeyboardInterrupt as stopped:
        return status_of(stopped)


def _main(argv: Sequence[str] | None) -> int:
    with argparse_language():
        parser = build_parser()
        args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, format="%(message)s")
    if args.handler in KEEP_ISOLATES:
        status = int(args.handler(args))
    else:  # what a terminal shows: names as typed (see KEEP_ISOLATES)
        with names_as_typed():
            status = int(args.handler(args))
    if argv is None and args.handler is serve.run_web:
        # The process's own command line and the server has stopped: end now
        # (everything is closed and committed; see app.server.run.end_process).
        from app.server.run import end_process

        end_process(status)
    return status
