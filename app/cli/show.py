"""``kortpoeng show SESSION``: the hand-by-hand totals and the standings as
text, from the same summary as the exports (:mod:`app.reports.summary`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, resolve, session_argument, text_table, with_engine
from app.cli.status import ExitStatus
from app.i18n import _, format_number, ngettext

if TYPE_CHECKING:
    from app.reports.summary import Summary
    from models.db import Database
    from models.views import SessionView

__all__ = ["add_parser", "render_standings", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """Print the session ``args.session`` (the trash included)."""
    from app.reports.summary import build_summary
    from app.safe_text import visible_lines
    from models.services import open_session, session_doc
    from scoring import score_session

    def work(engine: Database) -> ExitStatus:
        session_id = resolve(engine, args.session)
        view = open_session(engine=engine, session_id=session_id, include_deleted=True)
        doc = session_doc(engine=engine, session_id=session_id)
        summary = build_summary(doc, score_session(doc))  # the exports' summary
        sys.stdout.write(visible_lines(render_standings(view, summary)))
        return ExitStatus.OK

    return with_engine(args, work)


def render_standings(view: SessionView, summary: Summary) -> str:
    """The text ``show`` prints: the session's title, its start, the running
    totals per hand and the standings by place from ``summary`` (the one the
    exports lay out: :func:`app.reports.summary.build_summary`), then its
    rules and result, and for a session that goes on, the rounds left and
    the next dealer (``view``: the stored session, with its number and place
    in the trash)."""
    lines = [
        _(
            "{game} — session {number} ({id})",
            game=summary.title,
            number=view.id,
            id=view.uuid,
        ),
    ]
    if summary.date:
        lines.append(_("Started {date}", date=summary.date))
    if view.deleted_at is not None:
        lines.append(_("This session is in the trash."))
    out = "\n".join(lines) + "\n\n"
    if summary.hands:
        header = [summary.hand_label, *summary.player_names]
        rows = [[number, *(total for _points, total in row)] for number, row in summary.hands]
        out += text_table(header, rows, right=set(range(len(header)))) + "\n"
    header = [summary.place_label, summary.player_label, summary.total_label, _("Behind leader")]
    rows = [
        [format_number(line.place), line.player, line.total_text, line.behind_text]
        for line in summary.standings
    ]
    out += text_table(header, rows, right={0, 2, 3})
    out += summary.rules + "\n" + summary.result + "\n"
    table = view.standings
    if not table.finished:
        if table.rounds_left is not None:
            out += ngettext("{n} round left", "{n} rounds left", table.rounds_left) + "\n"
        out += _("Next dealer: {dealer}", dealer=table.dealer) + "\n"
    return out


def add_parser(subparsers: Any) -> None:
    """Add ``show`` to the main parser's subparsers."""
    p = subparsers.add_parser("show", help=_("show a session's standings as a text table"))
    session_argument(p)
    db_option(p)
    p.set_defaults(handler=run)
