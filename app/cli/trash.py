"""``kortpoeng trash``, ``kortpoeng delete SESSION`` and ``kortpoeng restore
ID``: what the trash holds, moving a session into it, and putting a session or
a hand back.

``trash`` lists the deleted sessions and hands with their ids (``S12``: session
12; ``H345``: the hand whose id is 345), when each was deleted and when it will
be deleted for good (:data:`models.services.trash.KEEP_DAYS` days later).
``restore ID`` puts one back: a session as it was, a hand where it was played
(see :mod:`models.services.trash`). Restoring the database from a backup file
is ``restore-backup``. ``delete SESSION`` moves a session to the trash, as the
app's delete does (:func:`models.services.delete_session`); ``restore S12``
brings it back.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    db_option,
    game_label,
    session_argument,
    short_date,
    text_table,
    trash_is_empty,
    with_engine,
)
from app.cli.status import ExitStatus
from app.i18n import _, ngettext, seat_list

if TYPE_CHECKING:
    from models.db import Database

__all__ = ["add_parser", "delete", "list_trash", "restore"]


def list_trash(args: argparse.Namespace) -> ExitStatus:
    """Print the trash: one line per session and hand, most recently deleted first."""
    from models.services import list_trash as trash_of
    from models.views import TrashedHand, TrashedSession

    def work(engine: Database) -> ExitStatus:
        trash = trash_of(engine=engine)
        if not trash.total:
            print(trash_is_empty())
            return ExitStatus.OK
        rows = []
        items: list[TrashedSession | TrashedHand] = [*trash.sessions, *trash.hands]
        items.sort(key=lambda i: i.deleted_at, reverse=True)
        for item in items:
            game = game_label(item.game_id)
            players = seat_list(item.players)
            if isinstance(item, TrashedSession):
                what = ngettext(
                    "session {number}: {game}, {players}, {n} hand",
                    "session {number}: {game}, {players}, {n} hands",
                    item.hand_count,
                    number=item.id,
                    game=game,
                    players=players,
                )
            elif item.went_out is not None:
                what = _(
                    "hand {hand} of session {number} ({game}, {players}): {name} went out",
                    hand=item.number,
                    number=item.session_id,
                    game=game,
                    players=players,
                    name=item.went_out,
                )
            else:
                what = _(
                    "hand {hand} of session {number} ({game}, {players}): blocked",
                    hand=item.number,
                    number=item.session_id,
                    game=game,
                    players=players,
                )
            rows.append([item.key, short_date(item.deleted_at), short_date(item.purge_at), what])
        header = [_("Id"), _("Deleted"), _("Deleted for good"), _("What")]
        sys.stdout.write(text_table(header, rows, right=set()))
        print(_("Put one back with: kortpoeng restore ID"))
        return ExitStatus.OK

    return with_engine(args, work)


def delete(args: argparse.Namespace) -> ExitStatus:
    """Move the session ``args.session`` (a number, UUID or prefix) to the
    trash and say so with the command that brings it back. A session in the
    trash already is said so (``NOTHING_DONE``); a session that is not there
    at all is ``BAD_INPUT``."""
    from models.errors import SessionNotFound
    from models.services import delete_session, find_session, open_session

    def work(engine: Database) -> ExitStatus:
        try:
            session_id = find_session(engine=engine, ref=args.session)
        except SessionNotFound:
            session_id = find_session(engine=engine, ref=args.session, include_deleted=True)
            print(
                _(
                    "Session {number} is in the trash already; put it back with: "
                    "kortpoeng restore S{number}",
                    number=session_id,
                ),
                file=sys.stderr,
            )
            return ExitStatus.NOTHING_DONE
        view = open_session(engine=engine, session_id=session_id)
        delete_session(engine=engine, session_id=session_id)
        print(
            ngettext(
                "Session {number} ({game}, {players}, {n} hand) is in the trash now; "
                "put it back with: kortpoeng restore S{number}",
                "Session {number} ({game}, {players}, {n} hands) is in the trash now; "
                "put it back with: kortpoeng restore S{number}",
                len(view.hands),
                number=view.id,
                game=game_label(view.game_rules),
                players=seat_list(view.players),
            )
        )
        return ExitStatus.OK

    return with_engine(args, work)


def restore(args: argparse.Namespace) -> ExitStatus:
    """Put the session or hand ``args.id`` back from the trash."""
    from app.safe_text import visible
    from models.services import parse_key, restore_hand, restore_session

    found = parse_key(args.id)
    if found is None:
        print(
            _(
                "“{id}” is not an id from the trash: S and a session's number (S12), "
                "or H and a hand's id (H345), as kortpoeng trash lists them",
                id=visible(args.id[:40]),
            ),
            file=sys.stderr,
        )
        return ExitStatus.BAD_INPUT
    kind, number = found

    def work(engine: Database) -> ExitStatus:
        if kind == "session":
            restore_session(engine=engine, session_id=number)
            print(_("Session {number} is back from the trash", number=number))
            return ExitStatus.OK
        view = restore_hand(engine=engine, hand_id=number)
        print(
            ngettext(
                "Hand H{id} is back in session {number}, which has {n} hand now",
                "Hand H{id} is back in session {number}, which has {n} hands now",
                len(view.hands),
                id=number,
                number=view.id,
            )
        )
        return ExitStatus.OK

    return with_engine(args, work)


def add_parser(subparsers: Any) -> None:
    """Add ``trash`` and ``restore`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "trash", help=_("list the deleted sessions and hands, kept for 30 days")
    )
    db_option(p)
    p.set_defaults(handler=list_trash)
    p = subparsers.add_parser(
        "delete", help=_("move a session to the trash (kortpoeng restore puts it back)")
    )
    session_argument(p)
    db_option(p)
    p.set_defaults(handler=delete)
    p = subparsers.add_parser(
        "restore", help=_("put a deleted session or hand back (an id from kortpoeng trash)")
    )
    p.add_argument("id", metavar="ID", help=_("S and a session's number, or H and a hand's id"))
    db_option(p)
    p.set_defaults(handler=restore)
