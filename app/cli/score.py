"""``kortpoeng score FILE``: score a session file without touching the database
(SESSION_FORMAT.md) and print the standings as JSON.

Loads neither SQLModel/SQLAlchemy nor Flet (a test checks): it stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.cli.status import ExitStatus
from app.i18n import _

__all__ = ["add_parser", "run"]


def _cannot_read(name: str, reason: str) -> ExitStatus:
    from app.messages import cannot_read

    print(cannot_read(name, reason), file=sys.stderr)
    return ExitStatus.BAD_INPUT


def run(args: argparse.Namespace) -> ExitStatus:
    """Print the scored session as JSON; exit 2 with one line naming the hand,
    the player and the card or field when it cannot be scored; warnings (typed
    points among them) and why nobody scored a hand on standard error (RULES.md §4)."""
    # (the words for an error are loaded when there is one)
    from app.messages import describe_note, describe_warning
    from app.session_checks import check_session_file
    from models.errors import ImportTooLarge
    from models.files import read_import_source
    from scoring import CodedError, read_session, score_session, strict_json

    try:  # (the one strict reader's decoding: Notepad's byte order mark is fine)
        text = strict_json.text_of(read_import_source(args.file))
    except OSError as error:
        from app.messages import os_reason

        return _cannot_read(args.file, os_reason(error))
    except strict_json.StrictJsonError:
        return _cannot_read(args.file, _("the file is not UTF-8 text"))
    except ImportTooLarge as error:  # the same limit as ``kortpoeng import``
        from app.messages import describe_error

        print(describe_error(error), file=sys.stderr)
        return ExitStatus.BAD_INPUT
    try:
        check_session_file(text)  # names the import refuses (lookalikes…), refused alike
        doc = read_session(text)
        result = score_session(doc)
    except CodedError as error:
        from app.messages import describe_error

        print(describe_error(error), file=sys.stderr)
        return ExitStatus.BAD_INPUT
    for warning in result.warnings:
        print(describe_warning(warning), file=sys.stderr)
    for number, score in enumerate(result.hand_scores, 1):
        for note in score.notes:  # why nobody scored a hand (a blocked tie…)
            print(describe_note(note, number), file=sys.stderr)
    table = result.standings
    out = {
        "game": doc.game_id,
        "players": list(doc.players),
        "hands": [{"points": dict(points)} for points in table.hand_points],
        "totals": dict(table.totals),
        "ranks": dict(table.places),  # the file format's word (SESSION_FORMAT.md)
        "finished": table.finished,
        "winners": list(table.winners),
    }
    if table.stages is not None:  # a progress game: stages completed (RULES.md §8)
        out["stages"] = dict(table.stages)
    sys.stdout.write(dump(out))
    return ExitStatus.OK


def dump(out: dict[str, Any]) -> str:
    """JSON with one line per top-level field and per hand: readable, and
    written by the C encoder even for thousands of hands."""

    def compact(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, value in out.items():
        if key == "hands" and value:
            rows = ",\n".join(f"    {compact(hand)}" for hand in value)
            lines.append(f'  "hands": [\n{rows}\n  ]')
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def add_parser(subparsers: Any) -> None:
    """Add ``score`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "score", help=_("score a session file and print the standings as JSON")
    )
    p.add_argument(
        "file", metavar="FILE", help=_("session file (SESSION_FORMAT), or - for standard input")
    )
    p.set_defaults(handler=run)
