"""``kortpoeng`` alone (a desktop window where one can open, else the web UI)
and ``kortpoeng web [--host] [--port]`` (the web UI for every phone at the table)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from app.cli.status import ExitStatus
from app.i18n import _

__all__ = ["add_parser", "run_app", "run_join", "run_web"]


def use_db(args: argparse.Namespace) -> None:
    """Make ``--db`` the app's database (it reads ``KORTPOENG_DB``)."""
    if getattr(args, "db", None):
        os.environ["KORTPOENG_DB"] = args.db


def database_ready(args: argparse.Namespace) -> bool:
    """Open (and migrate) the database before serving, and check it for
    damage (:func:`models.integrity.check_database`, SQLite's ``quick_check``):
    one that cannot be used (damaged, a newer Kortpoeng's, read-only, …) is
    said in one translated line on standard error naming the newest good
    backup, and the app does not start."""
    from app.cli.common import NoDatabase, fail, open_engine
    from models.integrity import check_database
    from scoring import CodedError

    try:
        engine = open_engine(args)
    except NoDatabase:
        return False
    try:
        check_database(engine)  # never serve a damaged file (issue 26)
    except CodedError as error:
        fail(error)
        return False
    finally:
        engine.dispose()
    return True


def run_web(args: argparse.Namespace) -> ExitStatus:
    """Serve the web UI on ``--host``/``--port`` until stopped (Ctrl+C,
    SIGTERM: ``OK``)."""
    from app.main import run_web as serve_web

    use_db(args)
    if not database_ready(args):
        return ExitStatus.BAD_INPUT
    return ExitStatus(serve_web(host=args.host, port=args.port) or 0)


def run_join(args: argparse.Namespace) -> ExitStatus:
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
    return ExitStatus.OK


def run_app(args: argparse.Namespace) -> ExitStatus:
    """A desktop window where possible, else the web UI on loopback."""
    from app.main import run_app as start_app

    use_db(args)
    if not database_ready(args):
        return ExitStatus.BAD_INPUT
    start_app()
    return ExitStatus.OK


def add_parser(subparsers: Any) -> None:
    """Add ``web`` and ``join`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "web", help=_("serve the web UI (phones on the same network can join with --host)")
    )
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    p.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    p.set_defaults(handler=run_web)

    p = subparsers.add_parser(
        "join", help=_("show the link and QR code phones join with (web --host 0.0.0.0)")
    )
    p.add_argument(
        "--host", default="0.0.0.0", help=_("address the server listens on (default 0.0.0.0)")
    )
    p.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    p.add_argument(
        "--revoke",
        action="store_true",
        help=_("make a new join code: every phone that joined has to join again"),
    )
    p.set_defaults(handler=run_join)
