"""``kortpoeng import FILE`` (``-`` reads standard input): validate, then store."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, fail, game_label, with_engine
from app.cli.status import ExitStatus
from app.i18n import _, ngettext

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """Read ``args.file`` (at most the import limit), check it and store it."""
    from app.safe_text import visible_lines
    from models.errors import ServiceError
    from models.services import import_session, read_import_source

    try:
        data = read_import_source(args.file)
    except ServiceError as error:
        return fail(error)
    except OSError as error:
        from app.messages import os_reason

        print(
            _("Cannot read {file}: {reason}", file=args.file, reason=os_reason(error)),
            file=sys.stderr,
        )
        return ExitStatus.BAD_INPUT

    def work(engine: Engine) -> ExitStatus:
        view = import_session(engine=engine, data=data)
        print(
            visible_lines(
                ngettext(
                    "Imported session {number} ({id}): {game}, {players}, {n} hand",
                    "Imported session {number} ({id}): {game}, {players}, {n} hands",
                    len(view.hands),
                    number=view.id,
                    id=view.uuid,
                    game=game_label(view.game_rules),
                    players=", ".join(view.players),
                )
            )
        )
        return ExitStatus.OK

    return with_engine(args, work)


def add_parser(subparsers: Any) -> None:
    """Add ``import`` to the main parser's subparsers."""
    p = subparsers.add_parser("import", help=_("store a session file (validated first)"))
    p.add_argument("file", metavar="FILE", help=_("session file, or - for standard input"))
    db_option(p)
    p.set_defaults(handler=run)
