"""``kortpoeng game show|export|import``: one game — its rules in words, its
definition as a file (GAME_FORMAT.md), or a shared game file stored as a
custom game (validated first; the database is unchanged when it is refused)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, fail, file_fault, output_options, with_engine
from app.cli.stats import GameNotChosen
from app.cli.stats import find_game as find_named_game
from app.cli.status import ExitStatus
from app.i18n import _

if TYPE_CHECKING:
    from models.db import Database
    from models.services.games import OnConflict

__all__ = ["add_parser", "run_export", "run_import", "run_show"]


def _chosen(engine: Database, wanted: str) -> str:
    """The id of the game ``wanted`` names: its id or its name, as ``stats
    --game`` takes them (:func:`app.cli.stats.find_game`: every built-in and
    custom game). Raises :class:`GameNotChosen` (said on standard error)."""
    return find_named_game(engine, wanted)[0]


def run_show(args: argparse.Namespace) -> ExitStatus:
    """Print the game's name, id and rules in words."""
    from app.game_text import rules_text
    from app.messages import game_name
    from models.services import find_game

    def work(engine: Database) -> ExitStatus:
        try:
            game_id = _chosen(engine, args.game)
        except GameNotChosen:
            return ExitStatus.BAD_INPUT
        entry = find_game(engine=engine, game_id=game_id)
        title = game_name(entry.definition or entry.game_id)
        kind = _("built in") if entry.builtin else _("custom")
        lines = [f"{title} ({entry.game_id}, {kind})", ""]
        for heading, text in rules_text(entry.rules):
            lines += [heading, *("  " + line for line in text.splitlines()), ""]
        sys.stdout.write("\n".join(lines))
        return ExitStatus.OK

    return with_engine(args, work)


def run_export(args: argparse.Namespace) -> ExitStatus:
    """Write the game's definition to ``--output`` or standard output.

    A file is written atomically (:func:`models.safe_files.write_atomic`); never
    over the database or any SQLite file, and over another existing file only
    with ``--force``."""
    from models.faults import database_file
    from models.safe_files import check_target, write_atomic
    from models.services import export_game

    to_file = bool(args.output and args.output != "-")

    def work(engine: Database) -> ExitStatus:
        target = None
        if to_file:  # refused before any work, and again just before writing
            target = check_target(args.output, force=args.force, database=database_file(engine))
        try:
            game_id = _chosen(engine, args.game)
        except GameNotChosen:
            return ExitStatus.BAD_INPUT
        data = export_game(engine=engine, game_id=game_id).encode("utf-8")
        if target is not None:
            check_target(args.output, force=args.force, database=database_file(engine))
            write_atomic(target, data)
        else:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return ExitStatus.OK

    try:
        return with_engine(args, work)
    except OSError as error:  # (a closed standard output ends quietly: 141)
        return file_fault(error, written=args.output or "-")


def run_import(args: argparse.Namespace) -> ExitStatus:
    """Read a game file (at most a definition's limit), check it and store it."""
    from app.game_names import import_game_file  # not another game's lookalike
    from models.errors import ServiceError, StorageCode
    from models.files import read_import_source
    from scoring import CodedError
    from scoring.definition import LIMITS

    try:
        data = read_import_source(args.file, limit=LIMITS.document)
    except ServiceError as error:
        return fail(error)
    except OSError as error:
        return file_fault(error, read=args.file)
    on_conflict: OnConflict = (
        "keep_both" if args.keep_both else "replace" if args.replace else "ask"
    )

    def work(engine: Database) -> ExitStatus:
        from app.messages import game_name

        try:
            result = import_game_file(engine=engine, data=data, on_conflict=on_conflict)
        except CodedError as error:
            game = str(error.params.get("game", ""))[:40]
            builtin = error.code == StorageCode.GAME_IS_BUILTIN or (
                error.code == StorageCode.GAME_CONFLICT and bool(error.params.get("builtin"))
            )
            if builtin:  # only what works: a built-in game is never replaced
                print(
                    _(
                        "“{game}” is the id of a built-in game, which cannot be replaced: "
                        "add --keep-both to add this one as a custom game with a new id",
                        game=game,
                    ),
                    file=sys.stderr,
                )
                return ExitStatus.BAD_INPUT
            if error.code == StorageCode.GAME_CONFLICT:
                print(
                    _(
                        "A different game with the id “{game}” is already here: add "
                        "--keep-both to keep both, or --replace to replace it",
                        game=game,
                    ),
                    file=sys.stderr,
                )
                return ExitStatus.BAD_INPUT
            raise
        entry = result.entry
        name = game_name(entry.definition or entry.game_id)
        if result.outcome == "unchanged":
            print(
                _("{game} ({id}) is already here: nothing was added", game=name, id=entry.game_id)
            )
            return ExitStatus.NOTHING_DONE
        if result.outcome == "kept_both":
            print(
                _(
                    "Added {game} as {id}, next to the game of the same id",
                    game=name,
                    id=entry.game_id,
                )
            )
        elif result.outcome == "replaced":
            print(_("Replaced {game} ({id})", game=name, id=entry.game_id))
        else:
            print(_("Added {game} ({id})", game=name, id=entry.game_id))
        return ExitStatus.OK

    return with_engine(args, work)


def _game_argument(parser: Any) -> None:
    parser.add_argument("game", metavar="ID", help=_("the game's id or name (see kortpoeng games)"))


def add_parser(subparsers: Any) -> None:
    """Add ``game`` (with ``show``, ``export`` and ``import``) to the main parser."""
    p = subparsers.add_parser("game", help=_("show, export or import one game"))
    sub = p.add_subparsers(title=_("commands"), metavar="COMMAND", required=True)
    show = sub.add_parser("show", help=_("print a game's rules"))
    _game_argument(show)
    db_option(show)
    show.set_defaults(handler=run_show)
    export = sub.add_parser("export", help=_("write a game's definition as a file"))
    _game_argument(export)
    output_options(export)
    db_option(export)
    export.set_defaults(handler=run_export)
    imp = sub.add_parser("import", help=_("store a shared game file (validated first)"))
    imp.add_argument("file", metavar="FILE", help=_("game file, or - for standard input"))
    both = imp.add_mutually_exclusive_group()
    both.add_argument(
        "--keep-both",
        action="store_true",
        help=_("a different game with the same id is kept: store this one under a new id"),
    )
    both.add_argument(
        "--replace",
        action="store_true",
        help=_("a different custom game with the same id is replaced"),
    )
    db_option(imp)
    imp.set_defaults(handler=run_import)
