"""``kortpoeng`` alone (a desktop window where one can open, else the web UI)
and ``kortpoeng web [--host] [--port]`` (the web UI for every phone at the table)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.cli.status import ExitStatus
from app.i18n import _

__all__ = ["add_parser", "run_app", "run_join", "run_web"]


def database_ready(args: argparse.Namespace) -> ExitStatus:
    """Open (and migrate) the database of ``--db`` before serving, and check
    it for damage (:func:`models.integrity.check_database`, SQLite's
    ``quick_check``): ``OK``, or, for one that cannot be used (damaged, a
    newer Kortpoeng's, read-only, …), the status after one translated line
    on standard error naming the newest good backup (the app does not start)."""
    from app.cli.common import NoDatabase, fail, open_engine
    from models.integrity import check_database
    from scoring import CodedError

    try:
        engine = open_engine(args)
    except NoDatabase as refused:
        return refused.status
    try:
        check_database(engine)  # never serve a damaged file (issue 26)
    except CodedError as error:
        return fail(error)
    finally:
        engine.dispose()
    return ExitStatus.OK


def run_web(args: argparse.Namespace) -> ExitStatus:
    """Serve the web UI of the database of ``--db`` on ``--host``/``--port``
    until stopped (Ctrl+C, SIGTERM: ``OK``; ``CANNOT_SERVE`` when the address
    cannot be listened on)."""
    from app.main import run_web as serve_web

    ready = database_ready(args)
    if ready is not ExitStatus.OK:
        return ready
    return ExitStatus(serve_web(host=args.host, port=args.port, db=args.db))


def run_join(args: argparse.Namespace) -> ExitStatus:
    """``kortpoeng join [--revoke] [--address ADDRESS]``: print the join links
    (each with its interface and kind) and the QR code of the first (the ones
    a server on ``--host``/``--port`` lets phones in with); ``--address``
    puts that address of this computer first and in the QR code, and an
    address that is not one of them is refused (one translated line naming
    it and the ones there are, ``BAD_INPUT``; nothing is revoked);
    ``--revoke`` makes a new code first, shutting every phone out (a running
    server notices within a second)."""
    from app.messages import address_refused
    from app.server.addresses import choose_address
    from app.server.door import JoinDoor, default_join_path
    from app.server.run import print_join

    door = JoinDoor(default_join_path(args.db), required=True)
    door.host, door.port = args.host, args.port
    if args.address is not None:
        choices = door.addresses()
        try:
            choose_address(choices, args.address)
        except LookupError:
            print(address_refused(args.address, choices), file=sys.stderr)
            return ExitStatus.BAD_INPUT
    if args.revoke:
        door.revoke()
        print(_("Kortpoeng: made a new join code; every phone has to join again."))
    print_join(door, args.host, args.port, address=args.address)
    return ExitStatus.OK


def run_app(args: argparse.Namespace) -> ExitStatus:
    """A desktop window on the database of ``--db`` where possible, else the
    web UI on loopback."""
    from app.main import run_app as start_app

    ready = database_ready(args)
    if ready is not ExitStatus.OK:
        return ready
    start_app(db=args.db)
    return ExitStatus.OK


def _port_option(parser: Any) -> None:
    parser.add_argument("--port", type=int, default=8550, help=_("port (default 8550)"))


def add_parser(subparsers: Any) -> None:
    """Add ``web`` and ``join`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "web", help=_("serve the web UI (phones on the same network can join with --host)")
    )
    p.add_argument(
        "--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    _port_option(p)
    p.set_defaults(handler=run_web)

    p = subparsers.add_parser(
        "join", help=_("show the link and QR code phones join with (web --host 0.0.0.0)")
    )
    p.add_argument(
        "--host", default="0.0.0.0", help=_("address the server listens on (default 0.0.0.0)")
    )
    _port_option(p)
    p.add_argument(
        "--revoke",
        action="store_true",
        help=_("make a new join code: every phone that joined has to join again"),
    )
    p.add_argument(
        "--address",
        metavar="ADDRESS",
        help=_(
            "the address of this computer the link and QR code carry "
            "(default: the best of its Wi-Fi/Ethernet addresses)"
        ),
    )
    p.set_defaults(handler=run_join)
