"""``kortpoeng stats [--game G]``: the statistics screen's table — per game,
per player: sessions, wins, win rate, average and best hand, streak — over
every finished session outside the trash."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.cli.common import db_option, game_label, text_table, with_engine
from app.cli.status import ExitStatus
from app.i18n import _, format_number, ngettext
from scoring import GAME_IDS

if TYPE_CHECKING:
    from models.db import AnyEngine
    from models.views import GameStatistics

__all__ = ["GAME_KEYS", "add_parser", "render_statistics", "run"]

#: The ``--game`` values: the coded games (known without loading their rules).
GAME_KEYS: tuple[str, ...] = GAME_IDS


def run(args: argparse.Namespace) -> ExitStatus:
    """Print the statistics (of ``args.game`` only, when given)."""
    from app.reports.statistics import game_statistics  # the screen's use case

    def work(engine: AnyEngine) -> ExitStatus:
        games = game_statistics(engine=engine, game=args.game)
        sys.stdout.write(render_statistics(games))
        return ExitStatus.OK

    return with_engine(args, work)


def render_statistics(games: tuple[GameStatistics, ...]) -> str:
    """The text ``stats`` prints: per game a heading (the game, its finished
    sessions and who wins) and a table with a row per player, in the
    statistics screen's order and words."""
    from app.messages import format_average, format_best, format_rate

    if not games:
        return _("No finished sessions yet") + "\n"
    header = [
        _("Player"),
        _("Sessions"),
        _("Wins"),
        _("Win rate"),
        _("Average hand"),
        _("Best hand"),
        _("Streak"),
    ]
    parts = []
    for game in games:
        sessions = ngettext("{n} finished session", "{n} finished sessions", game.sessions)
        direction = _("lowest total wins") if game.lowest_wins else _("highest total wins")
        rows = [
            [
                p.player,
                format_number(p.sessions),
                format_number(p.wins),
                format_rate(p.win_rate),
                format_average(p.average_hand),
                format_best(p.best_hand),
                format_number(p.streak),
            ]
            for p in game.players
        ]
        parts.append(
            f"{game_label(game.game)} — {sessions} · {direction}\n"
            + text_table(header, rows, right=set(range(1, len(header))))
        )
    note = _(
        "Best hand is the fewest points in one hand when the lowest total "
        "wins. Streak: wins in a row up to the latest session."
    )
    return "\n".join(parts) + "\n" + note + "\n"


def add_parser(subparsers: Any) -> None:
    """Add ``stats`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "stats", help=_("per game and player: sessions, wins, win rate, best hand, streak")
    )
    p.add_argument("--game", choices=GAME_KEYS, help=_("only this game (default: every game)"))
    db_option(p)
    p.set_defaults(handler=run)
