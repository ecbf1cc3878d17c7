"""``kortpoeng import FILE...``: validate session files, then store them.

Each FILE is a session file, ``-`` (standard input) or a folder, whose session
files (``*.json``, in name order) are all taken: restoring a folder of backups
is one command. Each file is checked and stored on its own — a file that is
refused leaves the others stored — and a summary line follows when more than
one file was given.

A file whose session is stored already (in the trash or not) with a hand the
file does not have — an older export — is refused in words and changes
nothing (an import never replaces more than it brings, issue 26); the line
says how to keep it as a second session: ``--as-new`` stores every file
whose session is stored already as a new session beside it.

Exit status (:class:`app.cli.status.ExitStatus`): ``OK`` (0) when every file is
stored (some may have been stored already), ``NOTHING_DONE`` (1) when nothing
new was stored (every file was stored already, or is an older export of a
session stored with more), ``BAD_INPUT`` (2) when a file
was refused (unreadable, not a session file, bad cards…; the others are still
stored) or the database cannot be used. The warnings of the hands stored
(what the hand screen would have asked about: more cards than the round
dealt, a card more often than the decks hold…; not typed points) are said on
standard error, one line each, as ``kortpoeng score`` says them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, game_label, with_engine
from app.cli.status import ExitStatus
from app.i18n import _, format_number, ngettext, seat_list

if TYPE_CHECKING:
    from models.db import Database

__all__ = ["add_parser", "run", "session_files"]


def session_files(name: str) -> list[str]:
    """The files ``name`` stands for: itself (a file, or ``-``), or the
    session files (``*.json``, any case) directly in the folder ``name``, by
    name. Raises ``OSError`` for a folder that cannot be listed."""
    path = Path(name)
    if name == "-" or not path.is_dir():
        return [name]
    return sorted(
        str(child)
        for child in path.iterdir()
        if child.suffix.lower() == ".json" and child.is_file()
    )


def _say_warnings(view: Any, prefix: str) -> None:
    """Print, to standard error, the warnings of the hands just imported
    (``view``: the stored session) that the hand screen would have asked
    about, one line each with its hand, as ``kortpoeng score`` says them: a
    file's hands are stored as it has them (their warnings count as
    confirmed), and they are said, not passed over in silence (RULES.md §4)."""
    from app.messages import describe_sheet_warnings
    from app.safe_text import visible_lines

    for said in describe_sheet_warnings(view.hands):
        print(visible_lines(prefix + said), file=sys.stderr)


def run(args: argparse.Namespace) -> ExitStatus:
    """Store every file of ``args.files`` (see the module docstring)."""
    from app.cli.common import fail
    from app.safe_text import visible_lines
    from models.errors import DuplicateSession, StoredSessionHasMore

    refused = duplicates = stored = 0
    files: list[str] = []
    for name in args.files:
        try:
            found = session_files(name)
        except OSError as error:
            _cannot_read(name, error)
            refused += 1
            continue
        if not found:
            print(_("{folder}: no session files (*.json) in it", folder=name), file=sys.stderr)
            refused += 1
        files += found

    def work(engine: Database) -> ExitStatus:
        nonlocal refused, duplicates, stored
        from app.session_checks import check_session_file
        from models.services import import_session, read_import_source
        from scoring import CodedError

        for name in files:
            prefix = f"{name}: " if len(files) > 1 else ""
            try:
                data = read_import_source(name)
                check_session_file(data, engine=engine)  # its names: as `kortpoeng score`
                view = import_session(engine=engine, data=data, as_new=args.as_new)
            except OSError as error:
                _cannot_read(name, error)
                refused += 1
                continue
            except CodedError as error:
                if prefix:
                    print(visible_lines(prefix), end="", file=sys.stderr)
                if isinstance(error, StoredSessionHasMore):
                    _way_out(name, error)
                else:
                    fail(error)
                if isinstance(error, DuplicateSession):
                    duplicates += 1
                else:
                    refused += 1
                continue
            stored += 1
            print(
                visible_lines(
                    prefix
                    + ngettext(
                        "Imported session {number} ({id}): {game}, {players}, {n} hand",
                        "Imported session {number} ({id}): {game}, {players}, {n} hands",
                        len(view.hands),
                        number=view.id,
                        id=view.uuid,
                        game=game_label(view.game_rules),
                        players=seat_list(view.players),
                    )
                )
            )
            _say_warnings(view, prefix)
        return ExitStatus.OK

    if files:
        status = with_engine(args, work)
        if status != ExitStatus.OK:  # the database could not be used
            return status
    folders = any(name != "-" and Path(name).is_dir() for name in args.files)
    if folders or stored + duplicates + refused > 1:
        print(
            ngettext(
                "{n} file: {stored} stored, {old} stored already, {refused} refused",
                "{n} files: {stored} stored, {old} stored already, {refused} refused",
                stored + duplicates + refused,
                stored=format_number(stored),
                old=format_number(duplicates),
                refused=format_number(refused),
            )
        )
    if refused:
        return ExitStatus.BAD_INPUT
    if not stored:
        return ExitStatus.NOTHING_DONE
    return ExitStatus.OK


def _way_out(name: str, error: BaseException) -> None:
    """Say why the file ``name`` of a session stored with more hands was not
    imported, and the commands that put that session back from the trash or
    keep the file as a second session, in one line."""
    import shlex

    from app.messages import describe_error
    from app.safe_text import visible

    params = getattr(error, "params", {})
    file = visible(shlex.quote(name))
    if params.get("in_trash"):
        how = _(
            "Put the session back as it is with: kortpoeng restore S{session}; or keep the "
            "file as a second session with: kortpoeng import --as-new {file}",
            session=params.get("session", ""),
            file=file,
        )
    else:
        how = _(
            "Keep the file as a second session with: kortpoeng import --as-new {file}", file=file
        )
    print(f"{describe_error(error)}. {how}", file=sys.stderr)


def _cannot_read(name: str, error: OSError) -> None:
    from app.messages import cannot_read, os_reason

    print(cannot_read(name, os_reason(error)), file=sys.stderr)


def add_parser(subparsers: Any) -> None:
    """Add ``import`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "import", help=_("store session files (each checked first; a folder: its *.json files)")
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=_("session file, folder of session files, or - for standard input"),
    )
    p.add_argument(
        "--as-new",
        action="store_true",
        help=_(
            "store a file whose session is stored already (or in the trash) as a second "
            "session beside it"
        ),
    )
    db_option(p)
    p.set_defaults(handler=run)
