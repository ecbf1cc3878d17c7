"""``kortpoeng games [--json]``: every game that can be played — the built-in
games, then the custom games stored in the database."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, text_table, with_engine
from app.cli.status import ExitStatus
from app.i18n import _

if TYPE_CHECKING:
    from models.db import Database
    from models.views import GameEntry

__all__ = ["add_parser", "game_object", "run"]


def game_object(entry: GameEntry) -> dict[str, Any]:
    """A game as ``--json`` prints it: ``id``, ``name`` (``nb`` and ``en``),
    ``builtin``, ``players`` (``min``, ``max``) and ``defined`` (whether it has a
    game definition: can be shown in full, exported and copied)."""
    from app.i18n import use_language
    from app.messages import game_name

    names = {}
    for language in ("nb", "en"):
        with use_language(language):
            names[language] = game_name(entry.definition or entry.game_id)
    rules = entry.rules
    return {
        "id": entry.game_id,
        "name": names,
        "builtin": entry.builtin,
        "players": {"min": rules.min_players, "max": rules.max_players},
        "defined": entry.definition is not None,
    }


def run(args: argparse.Namespace) -> ExitStatus:
    """List the games (a table, or ``--json`` for scripts)."""
    from models.services import list_games

    def work(engine: Database) -> ExitStatus:
        games = list_games(engine=engine)
        if args.json:
            items = [game_object(g) for g in games]
            sys.stdout.write(json.dumps(items, ensure_ascii=False, indent=2) + "\n")
            return ExitStatus.OK
        from app.messages import game_name

        rows = [
            [
                g.game_id,
                game_name(g.definition or g.game_id),
                _("built in") if g.builtin else _("custom"),
                str(g.rules.min_players)
                if g.rules.min_players == g.rules.max_players
                else f"{g.rules.min_players}–{g.rules.max_players}",
            ]
            for g in games
        ]
        header = [_("Id"), _("Game"), _("Kind"), _("Players")]
        sys.stdout.write(text_table(header, rows, right=set()))
        return ExitStatus.OK

    return with_engine(args, work)


def add_parser(subparsers: Any) -> None:
    """Add ``games`` to the main parser's subparsers."""
    p = subparsers.add_parser("games", help=_("list the games: built in and custom"))
    p.add_argument("--json", action="store_true", help=_("print a JSON list, for scripts"))
    db_option(p)
    p.set_defaults(handler=run)
