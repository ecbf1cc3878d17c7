"""``kortpoeng list``: the stored sessions, unfinished first, then newest first."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    count,
    db_option,
    game_label,
    short_date,
    text_table,
    trash_is_empty,
    with_engine,
)
from app.cli.status import ExitStatus
from app.i18n import _, format_number, join_names, ngettext, seat_list

if TYPE_CHECKING:
    from models.db import Database

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """List a page of sessions (``--limit``, ``--offset``; ``--trash``: the trash)."""
    from models.services import list_sessions

    def work(engine: Database) -> ExitStatus:
        page = list_sessions(engine=engine, offset=args.offset, limit=args.limit, trash=args.trash)
        if not page.items:
            print(trash_is_empty() if args.trash else _("No sessions yet."))
            return ExitStatus.OK
        rows = []
        for s in page.items:
            if s.finished_at is None:
                state = _("running")
            elif s.winners:
                state = ngettext(
                    "winner: {names}",
                    "winners: {names}",
                    len(s.winners),
                    names=join_names(s.winners),
                )
            else:
                state = _("finished")
            rows.append(
                [
                    str(s.id),
                    s.uuid[:8],
                    short_date(s.started_at),
                    game_label(s.definition or s.game_id),
                    seat_list(s.players),
                    format_number(s.hand_count),
                    state,
                ]
            )
        header = [_("No."), _("Id"), _("Started"), _("Game"), _("Players"), _("Hands"), _("State")]
        sys.stdout.write(text_table(header, rows, right={0, 5}))
        if page.has_more:
            print(
                ngettext(
                    "{shown} of {n} session; see more with --offset {next}",
                    "{shown} of {n} sessions; see more with --offset {next}",
                    page.total,
                    shown=format_number(len(page.items)),
                    next=page.offset + len(page.items),
                )
            )
        return ExitStatus.OK

    return with_engine(args, work)


def add_parser(subparsers: Any) -> None:
    """Add ``list`` to the main parser's subparsers."""
    p = subparsers.add_parser("list", help=_("list the stored sessions"))
    p.add_argument("--limit", type=count(1), default=50, help=_("sessions per page (default 50)"))
    p.add_argument("--offset", type=count(0), default=0, help=_("skip this many sessions"))
    p.add_argument("--trash", action="store_true", help=_("list the sessions in the trash"))
    db_option(p)
    p.set_defaults(handler=run)
