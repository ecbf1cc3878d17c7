"""The ``kortpoeng`` command line.

``kortpoeng`` alone starts the app (a desktop window where one can open,
otherwise the web UI); ``kortpoeng web`` serves the web UI; ``kortpoeng score
FILE`` scores a session file without touching the database (SESSION_FORMAT.md).
Exit status: 0 on success, 2 for input that cannot be scored or read.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence

from app import __version__
from scoring import ScoringError, read_session, score_session

EXIT_INPUT = 2


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
    from app.i18n import _

    print(_("Cannot read {file}: {reason}").format(file=name, reason=reason), file=sys.stderr)
    return EXIT_INPUT


def score_command(args: argparse.Namespace) -> int:
    """``kortpoeng score FILE``: print the scored session as JSON (SESSION_FORMAT.md)."""
    from app.i18n import _
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
    run_web(host=args.host, port=args.port)
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
        description="Scorekeeping for Swedish Rummy, Four Suit Rummy and Rummy.",
    )
    parser.add_argument("--version", action="version", version=f"kortpoeng {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what the program does")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL or file (default: KORTPOENG_DB or the user data folder)",
    )
    parser.set_defaults(handler=app_command)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    score = sub.add_parser("score", help="score a session file and print the standings as JSON")
    score.add_argument(
        "file", metavar="FILE", help="session file (SESSION_FORMAT), or - for standard input"
    )
    score.set_defaults(handler=score_command)

    web = sub.add_parser(
        "web", help="serve the web UI (phones on the same network can join with --host)"
    )
    web.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    web.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    web.set_defaults(handler=web_command)

    try:
        from app.cli_sessions import add_subcommands
    except ImportError:  # the storage commands are optional until installed
        pass
    else:
        add_subcommands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, format="%(message)s")
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
