"""``kortpoeng`` alone (a desktop window where one can open, else the web UI)
and ``kortpoeng web [--host] [--port]`` (the web UI for every phone at the table)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from app.cli.status import ExitStatus
from app.i18n import _

__all__ = ["add_parser", "run_app", "run_web"]


def use_db(args: argparse.Namespace) -> None:
    """Make ``--db`` the app's database (it reads ``KORTPOENG_DB``)."""
    if getattr(args, "db", None):
        os.environ["KORTPOENG_DB"] = args.db


def database_ready(args: argparse.Namespace) -> bool:
    """Open (and migrate) the database before serving: one that cannot be
    used (damaged, a newer Kortpoeng's, read-only, …) is said in one
    translated line on standard error, and the app does not start."""
    from app.cli.common import NoDatabase, open_engine

    try:
        engine = open_engine(args)
    except NoDatabase:
        return False
    engine.dispose()
    return True


def run_web(args: argparse.Namespace) -> ExitStatus:
    """Serve the web UI on ``--host``/``--port`` until stopped."""
    from app.main import run_web as serve_web

    use_db(args)
    if not database_ready(args):
        return ExitStatus.BAD_INPUT
    serve_web(host=args.host, port=args.port)
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
    """Add ``web`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "web", help=_("serve the web UI (phones on the same network can join with --host)")
    )
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    p.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))
    p.set_defaults(handler=run_web)
