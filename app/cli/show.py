"""``kortpoeng show SESSION``: the hand-by-hand totals and the standings as text."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    db_option,
    game_label,
    resolve,
    short_date,
    text_table,
    with_engine,
)
from app.cli.status import ExitStatus
from app.i18n import _, format_number, join_names, ngettext

if TYPE_CHECKING:
    from models.db import AnyEngine
    from models.views import SessionView

__all__ = ["add_parser", "render_standings", "run"]


def run(args: argparse.Namespace) -> ExitStatus:
    """Print the session ``args.session`` (the trash included)."""
    from app.safe_text import visible_lines
    from models.services import open_session

    def work(engine: AnyEngine) -> ExitStatus:
        session_id = resolve(engine, args.session)
        view = open_session(engine=engine, session_id=session_id, include_deleted=True)
        sys.stdout.write(visible_lines(render_standings(view)))
        return ExitStatus.OK

    return with_engine(args, work)


def render_standings(view: SessionView) -> str:
    """The text ``show`` prints: title, the running totals per hand, the
    standings by place, and how the session ends or ended."""
    table = view.standings
    lines = [
        _(
            "{game} — session {number} ({id})",
            game=game_label(view.definition or view.game),
            number=view.id,
            id=view.uuid,
        ),
        _("Started {date}", date=short_date(view.started_at)),
    ]
    if view.deleted_at is not None:
        lines.append(_("This session is in the trash."))
    out = "\n".join(lines) + "\n\n"
    if view.hands:
        header = [_("Hand"), *view.players]
        rows = [
            [format_number(h.number), *(format_number(h.running[p]) for p in view.players)]
            for h in view.hands
        ]
        out += text_table(header, rows, right=set(range(len(header)))) + "\n"
    header = [_("Place"), _("Player"), _("Total"), _("Behind leader")]
    order = sorted(view.players, key=lambda p: (table.places[p], view.players.index(p)))
    rows = [
        [
            format_number(table.places[p]),
            p,
            format_number(table.totals[p]),
            format_number(table.gap_to_leader[p]),
        ]
        for p in order
    ]
    out += text_table(header, rows, right={0, 2, 3})
    if table.finished:
        out += (
            ngettext(
                "Finished after hand {hand}. Winner: {names}",
                "Finished after hand {hand}. Winners: {names}",
                len(table.winners),
                hand=format_number(table.finished_after or 0),
                names=join_names(table.winners),
            )
            + "\n"
        )
    else:
        if table.rounds_left is not None:
            left = ngettext("{n} round left", "{n} rounds left", table.rounds_left)
            out += left + "\n"
        elif table.target is not None:
            out += _("Target: {target}", target=format_number(table.target)) + "\n"
        out += _("Next dealer: {dealer}", dealer=table.dealer) + "\n"
    return out


def add_parser(subparsers: Any) -> None:
    """Add ``show`` to the main parser's subparsers."""
    p = subparsers.add_parser("show", help=_("show a session's standings as a text table"))
    p.add_argument("session", metavar="SESSION", help=_("number from list, id, or id prefix"))
    db_option(p)
    p.set_defaults(handler=run)
