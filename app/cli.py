"""The ``kortpoeng`` command line.

``kortpoeng`` alone starts the app (a desktop window where one can open,
otherwise the web UI); ``kortpoeng web`` serves the web UI; ``kortpoeng score
FILE`` scores a session file without touching the database (SESSION_FORMAT.md).
Exit status: 0 on success, 2 for input that cannot be scored or read.
"""

from __future__ import annotations

import argparse
import gettext
import json
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from app import __version__
from app.i18n import LOCALES_DIR, N_, _, get_language
from scoring import ScoringError, read_session, score_session

EXIT_INPUT = 2

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


def _error_line(error: Exception) -> str:
    """One translated line naming the hand, player and card or field."""
    from app.messages import describe_error

    return describe_error(error)


def _warning_line(warning: object) -> str:
    from app.messages import describe_warning

    return describe_warning(warning)


def _read_bytes(name: str) -> bytes:
    """The file's bytes (``-``: standard input), at most the import size limit.
    Raises ``OSError`` and :class:`models.errors.ImportTooLarge`."""
    from models.files import read_import_source

    return read_import_source(name)


def _cannot_read(name: str, reason: str) -> int:

    print(_("Cannot read {file}: {reason}").format(file=name, reason=reason), file=sys.stderr)
    return EXIT_INPUT


def score_command(args: argparse.Namespace) -> int:
    """``kortpoeng score FILE``: print the scored session as JSON (SESSION_FORMAT.md)."""
    from app.messages import os_reason
    from models.errors import ImportTooLarge

    try:
        text = _read_bytes(args.file).decode("utf-8-sig")  # Notepad's BOM is fine
    except OSError as error:
        return _cannot_read(args.file, os_reason(error))
    except UnicodeDecodeError:
        return _cannot_read(args.file, _("the file is not UTF-8 text"))
    except ImportTooLarge as error:  # the same limit as ``kortpoeng import``
        from app.cli_sessions import describe

        print(describe(error), file=sys.stderr)
        return EXIT_INPUT
    try:
        doc = read_session(text)
        result = score_session(doc)
    except ScoringError as error:
        print(_error_line(error), file=sys.stderr)
        return EXIT_INPUT
    for warning in result.warnings:
        print(_warning_line(warning), file=sys.stderr)
    table = result.standings
    out = {
        "game": doc.game,
        "players": list(doc.players),
        "hands": [{"points": dict(points)} for points in table.hand_points],
        "totals": dict(table.totals),
        "ranks": dict(table.ranks),
        "finished": table.finished,
        "winners": list(table.winners),
    }
    sys.stdout.write(_dump(out))
    return 0


def _dump(out: dict) -> str:
    """JSON with one line per top-level field and per hand: readable, and
    written by the C encoder even for thousands of hands."""

    def compact(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, value in out.items():
        if key == "hands" and value:
            rows = ",\n".join(f"    {compact(hand)}" for hand in value)
            lines.append(f'  "hands": [\n{rows}\n  ]')
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def use_db(args: argparse.Namespace) -> None:
    """Make ``--db`` the app's database (it reads ``KORTPOENG_DB``)."""
    if getattr(args, "db", None):
        os.environ["KORTPOENG_DB"] = args.db


def web_command(args: argparse.Namespace) -> int:
    """``kortpoeng web``: serve the web UI on ``--host``/``--port`` (CDN off)."""
    from app.main import run_web

    use_db(args)
    return run_web(host=args.host, port=args.port) or 0


def join_command(args: argparse.Namespace) -> int:
    """``kortpoeng join [--revoke]``: print the join link and its QR code (the
    one a server on ``--host``/``--port`` lets phones in with); ``--revoke``
    makes a new code first, shutting every phone out (a running server notices
    within a second)."""
    from app.server.door import JoinDoor, default_join_path
    from app.server.run import print_join

    use_db(args)
    door = JoinDoor(default_join_path(), required=True)
    if args.revoke:
        door.revoke()
        print(_("Kortpoeng: made a new join code; every phone has to join again."))
    print_join(door, args.host, args.port)
    return 0


def app_command(args: argparse.Namespace) -> int:
    """``kortpoeng`` alone: a desktop window where possible, else the web UI."""
    from app.main import run_app

    use_db(args)
    run_app()
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="kortpoeng",
        description=_("Scorekeeping for Swedish Rummy, Four Suit Rummy and Rummy."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"kortpoeng {__version__}",
        help=_("show the version and exit"),
    )
    parser.add_argument("-v", "--verbose", action="store_true", help=_("log what the program does"))
    parser.add_argument(
        "--db",
        metavar="URL",
        help=_("database URL or file (default: KORTPOENG_DB or the user data folder)"),
    )
    parser.set_defaults(handler=app_command)
    sub = parser.add_subparsers(title=_("commands"), metavar="COMMAND")

    score = sub.add_parser("score", help=_("score a session file and print the standings as JSON"))
    score.add_argument(
        "file", metavar="FILE", help=_("session file (SESSION_FORMAT), or - for standard input")
    )
    score.set_defaults(handler=score_command)

    web = sub.add_parser(
        "web", help=_("serve the web UI (phones on the same network can join with --host)")
    )
    web.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    web.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    web.set_defaults(handler=web_command)

    join = sub.add_parser(
        "join", help=_("show the link and QR code phones join with (web --host 0.0.0.0)")
    )
    join.add_argument(
        "--host", default="0.0.0.0", help=_("address the server listens on (default 0.0.0.0)")
    )
    join.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    join.add_argument(
        "--revoke",
        action="store_true",
        help=_("make a new join code: every phone that joined has to join again"),
    )
    join.set_defaults(handler=join_command)

    try:
        from app.cli_sessions import add_subcommands
    except ImportError:  # the storage commands are optional until installed
        pass
    else:
        add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    with argparse_language():
        parser = build_parser()
        args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, format="%(message)s")
    status = args.handler(args)
    if argv is None and args.handler is web_command:
        # The process's own command line and the server has stopped: end now
        # (everything is closed and committed; see end_process).
        from app.server.run import end_process

        end_process(status)
    return status


if __name__ == "__main__":
    sys.exit(main())
