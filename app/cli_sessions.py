"""The stored-session commands of ``kortpoeng``: ``list``, ``show``, ``export``, ``import``.

:func:`add_subcommands` adds them to the main parser's subparsers (``app/cli.py``);
each sets ``handler`` to a function ``(args) -> exit status``. They use the
database named by ``--db URL`` (a URL or a file path), else ``KORTPOENG_DB``,
else the one in the user data folder, upgrading its schema first.

``SESSION`` is the short number ``list`` prints, the session's UUID, or a unique
prefix of it. Exit status: 0 done; 1 nothing to do (an import of a session that
is already stored); 2 bad input (unknown session, a file that cannot be read or
is refused), with one line on standard error saying why.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from app.i18n import N_, _, format_date, format_number, ngettext
from models.errors import DuplicateSession, ServiceError
from scoring import ScoringError

__all__ = ["add_subcommands", "export_command", "import_command", "list_command", "show_command"]

EXIT_OK = 0
EXIT_NOTHING_DONE = 1
EXIT_INPUT = 2

#: Sentences for the storage services' error codes (translated when shown).
_SERVICE_MESSAGES: dict[str, str] = {
    "session_not_found": N_("There is no session “{session}”"),
    "session_ambiguous": N_("“{session}” matches {matches} sessions: give more of its id"),
    "hand_not_found": N_("Session {session} has no hand {hand}"),
    "player_not_found": N_("There is no player {player}"),
    "duplicate_session": N_("This session is already stored as number {session} ({id})"),
    "import_too_large": N_("The file is too large: at most {limit} bytes are accepted"),
    "import_invalid": N_("This is not a session file: {detail}"),
    "name_empty": N_("A player's name is empty"),
    "name_too_long": N_("The name “{name}” is longer than {maximum} characters"),
    "name_control": N_("The name “{name}” contains control characters"),
    "name_duplicate": N_("“{name}” is in the session twice"),
    "name_taken": N_("Another player is already called “{name}”"),
    "warnings_need_confirmation": N_("The hand has warnings to confirm"),
}


def describe(error: BaseException) -> str:
    """One translated line for a storage or scoring error."""
    if isinstance(error, ServiceError):
        template = _SERVICE_MESSAGES.get(error.code)
        if template is None:
            return str(error)
        from app.messages import _shown

        params = {
            k: format_number(v)
            if isinstance(v, int) and not isinstance(v, bool)
            else _shown(v)
            if isinstance(v, str) and k != "id"
            else v
            for k, v in error.params.items()
        }
        if error.code == "duplicate_session" and error.params.get("in_trash"):
            return _(
                "This session is already stored as number {session} ({id}), in the trash",
                **params,
            )
        return _(template, **params)
    from app.messages import describe_error

    return describe_error(error)


def _fail(error: BaseException) -> int:
    print(describe(error), file=sys.stderr)
    return EXIT_NOTHING_DONE if isinstance(error, DuplicateSession) else EXIT_INPUT


def _engine(args: argparse.Namespace) -> Any:
    from models.db import init_db, make_engine

    engine = make_engine(getattr(args, "db", None))
    try:
        init_db(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


class _NoDatabase(Exception):
    """The database named by ``--db``/``KORTPOENG_DB`` cannot be opened."""


def _open(args: argparse.Namespace) -> Any:
    """The engine, upgraded; a database that cannot be opened (a folder, not a
    database, a bad URL) prints one line and raises :class:`_NoDatabase`."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from app.messages import os_reason

    name = getattr(args, "db", None)
    try:
        return _engine(args)
    except (SQLAlchemyError, ArgumentError, ValueError, OSError, ImportError) as error:
        if isinstance(error, OSError):
            reason = os_reason(error)
        else:
            cause = getattr(error, "orig", None) or error
            reason = str(cause).splitlines()[0][:80] if str(cause) else type(cause).__name__
        print(
            _("Cannot open the database {db}: {reason}", db=name or _db_default(), reason=reason),
            file=sys.stderr,
        )
        raise _NoDatabase from None


def _db_default() -> str:
    import os

    return os.environ.get("KORTPOENG_DB") or _("the default database")


def _with_db(args: argparse.Namespace, work: Callable[[Any], int]) -> int:
    """Run ``work(db_session)`` on the database; typed errors become exit status 2."""
    from sqlmodel import Session

    try:
        engine = _open(args)
    except _NoDatabase:
        return EXIT_INPUT
    try:
        with Session(engine) as db:
            return work(db)
    except (ServiceError, ScoringError) as error:
        return _fail(error)
    finally:
        engine.dispose()


def _resolve(db: Any, ref: str) -> int:
    from models.services import find_session

    return find_session(session=db, ref=ref, include_deleted=True)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    """A plain text table; columns in ``right`` are right-aligned (numbers)."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        out = [
            str(c).rjust(w) if i in right else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)]) + "\n"


def _date(moment: datetime) -> str:
    return format_date(moment.astimezone(), "short")


def _game(game_id: str) -> str:
    from app.messages import game_name

    return game_name(game_id)


def _join(names: Sequence[str]) -> str:
    """Names as a list in the active language ("A, B and C")."""
    from babel.lists import format_list

    from app.i18n import babel_locale

    return format_list(list(names), locale=babel_locale()) if names else ""


# -- list ---------------------------------------------------------------------


def list_command(args: argparse.Namespace) -> int:
    """``kortpoeng list``: the sessions, unfinished first, then newest first."""
    from models.services import list_sessions

    def work(db: Any) -> int:
        page = list_sessions(session=db, offset=args.offset, limit=args.limit, trash=args.trash)
        if not page.items:
            print(_("The trash is empty.") if args.trash else _("No sessions yet."))
            return EXIT_OK
        rows = []
        for s in page.items:
            if s.finished_at is None:
                state = _("running")
            elif s.winners:
                state = ngettext(
                    "winner: {names}", "winners: {names}", len(s.winners), names=_join(s.winners)
                )
            else:
                state = _("finished")
            rows.append(
                [
                    str(s.id),
                    s.uuid[:8],
                    _date(s.started_at),
                    _game(s.game),
                    ", ".join(s.players),
                    format_number(s.hand_count),
                    state,
                ]
            )
        header = [_("No."), _("Id"), _("Started"), _("Game"), _("Players"), _("Hands"), _("State")]
        sys.stdout.write(_table(header, rows, right={0, 5}))
        if page.has_more:
            print(
                _(
                    "{shown} of {total} sessions; see more with --offset {next}",
                    shown=format_number(len(page.items)),
                    total=format_number(page.total),
                    next=page.offset + len(page.items),
                )
            )
        return EXIT_OK

    return _with_db(args, work)


# -- show ---------------------------------------------------------------------


def show_command(args: argparse.Namespace) -> int:
    """``kortpoeng show SESSION``: the hand-by-hand totals and the standings as text."""
    from models.services import open_session

    def work(db: Any) -> int:
        view = open_session(session=db, session_id=_resolve(db, args.session), include_deleted=True)
        sys.stdout.write(render_standings(view))
        return EXIT_OK

    return _with_db(args, work)


def render_standings(view: Any) -> str:
    """The text ``show`` prints for a :class:`models.views.SessionView`."""
    table = view.standings
    lines = [
        _("{game} — session {number} ({id})", game=_game(view.game), number=view.id, id=view.uuid),
        _("Started {date}", date=_date(view.started_at)),
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
        out += _table(header, rows, right=set(range(len(header)))) + "\n"
    header = [_("Rank"), _("Player"), _("Total"), _("Behind leader")]
    order = sorted(view.players, key=lambda p: (table.ranks[p], view.players.index(p)))
    rows = [
        [
            format_number(table.ranks[p]),
            p,
            format_number(table.totals[p]),
            format_number(table.gap_to_leader[p]),
        ]
        for p in order
    ]
    out += _table(header, rows, right={0, 2, 3})
    if table.finished:
        out += (
            ngettext(
                "Finished after hand {hand}. Winner: {names}",
                "Finished after hand {hand}. Winners: {names}",
                len(table.winners),
                hand=format_number(table.finished_after or 0),
                names=_join(table.winners),
            )
            + "\n"
        )
    else:
        if table.rounds_left is not None:
            left = ngettext("{n} hand left", "{n} hands left", table.rounds_left)
            out += left + "\n"
        elif table.target is not None:
            out += _("Target: {target}", target=format_number(table.target)) + "\n"
        out += _("Next dealer: {dealer}", dealer=table.dealer) + "\n"
    return out


# -- export -------------------------------------------------------------------


def _formats() -> list[str]:
    try:
        from app.exports import FORMATS
    except ImportError:  # pragma: no cover - exports are optional
        return ["json"]
    return list(FORMATS)


def export_command(args: argparse.Namespace) -> int:
    """``kortpoeng export SESSION --format F [--lang nb|en] [--output FILE]``."""
    from models.services import export_session, session_doc

    def work(db: Any) -> int:
        session_id = _resolve(db, args.session)
        if args.format == "json":
            data = export_session(session=db, session_id=session_id).encode("utf-8")
        else:
            from app.exports import export_session as render

            doc = session_doc(session=db, session_id=session_id)
            data = render(doc, args.format, args.lang or _current_language())
        if args.output and args.output != "-":
            Path(args.output).write_bytes(data)
        else:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return EXIT_OK

    try:
        return _with_db(args, work)
    except OSError as error:
        from app.messages import os_reason

        print(
            _("Cannot write {file}: {reason}", file=args.output or "-", reason=os_reason(error)),
            file=sys.stderr,
        )
        return EXIT_INPUT


def _current_language() -> str:
    from app.i18n import get_language

    return get_language()


# -- import -------------------------------------------------------------------


def import_command(args: argparse.Namespace) -> int:
    """``kortpoeng import FILE`` (``-`` reads standard input): validate, then store."""
    from models.services import import_session, read_import_source

    try:
        data = read_import_source(args.file)
    except ServiceError as error:
        return _fail(error)
    except OSError as error:
        from app.messages import os_reason

        print(
            _("Cannot read {file}: {reason}", file=args.file, reason=os_reason(error)),
            file=sys.stderr,
        )
        return EXIT_INPUT

    def work(db: Any) -> int:
        view = import_session(session=db, data=data)
        print(
            ngettext(
                "Imported session {number} ({id}): {game}, {players}, {n} hand",
                "Imported session {number} ({id}): {game}, {players}, {n} hands",
                len(view.hands),
                number=view.id,
                id=view.uuid,
                game=_game(view.game),
                players=", ".join(view.players),
            )
        )
        return EXIT_OK

    return _with_db(args, work)


# -- wiring -------------------------------------------------------------------


#: --limit and --offset stay within what SQLite's integers hold.
_MAX_COUNT = 1_000_000_000


def _count(least: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``least`` to :data:`_MAX_COUNT`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not least <= value <= _MAX_COUNT:
            raise argparse.ArgumentTypeError(
                _(
                    "“{value}” is not a whole number from {least} to {most}",
                    value=text[:20],
                    least=least,
                    most=format_number(_MAX_COUNT),
                )
            )
        return value

    return parse


def _db_option(parser: argparse.ArgumentParser) -> None:
    # SUPPRESS: when absent here, the main parser's --db (if given) stays.
    parser.add_argument(
        "--db",
        metavar="URL",
        default=argparse.SUPPRESS,
        help=_("database URL or file (default: KORTPOENG_DB or the user data folder)"),
    )


def add_subcommands(subparsers: Any) -> None:
    """Add ``list``, ``show``, ``export`` and ``import`` to ``subparsers``
    (from ``ArgumentParser.add_subparsers``); each sets ``handler``."""
    p = subparsers.add_parser("list", help=_("list the stored sessions"))
    p.add_argument("--limit", type=_count(1), default=50, help=_("sessions per page (default 50)"))
    p.add_argument("--offset", type=_count(0), default=0, help=_("skip this many sessions"))
    p.add_argument("--trash", action="store_true", help=_("list the sessions in the trash"))
    _db_option(p)
    p.set_defaults(handler=list_command)

    p = subparsers.add_parser("show", help=_("show a session's standings as a text table"))
    p.add_argument("session", metavar="SESSION", help=_("number from list, id, or id prefix"))
    _db_option(p)
    p.set_defaults(handler=show_command)

    p = subparsers.add_parser("export", help=_("write a session as a file"))
    p.add_argument("session", metavar="SESSION", help=_("number from list, id, or id prefix"))
    p.add_argument("--format", choices=_formats(), default="json", help=_("file format"))
    p.add_argument("--lang", choices=["nb", "en"], help=_("language of the export"))
    p.add_argument("--output", "-o", metavar="FILE", help=_("write to FILE, not standard output"))
    _db_option(p)
    p.set_defaults(handler=export_command)

    p = subparsers.add_parser("import", help=_("store a session file (validated first)"))
    p.add_argument("file", metavar="FILE", help=_("session file, or - for standard input"))
    _db_option(p)
    p.set_defaults(handler=import_command)
