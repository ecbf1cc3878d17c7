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

if TYPE_CHECKING:
    from models.db import Database
    from models.views import GameStatistics

__all__ = ["GameNotChosen", "add_parser", "find_game", "render_statistics", "run"]


class GameNotChosen(Exception):
    """``--game`` names no game, or more than one (already said on standard error)."""


def run(args: argparse.Namespace) -> ExitStatus:
    """Print the statistics (of ``args.game`` only, when given: a game's id or
    its name, see :func:`find_game`)."""
    from app.reports.statistics import game_statistics  # the screen's use case

    def work(engine: Database) -> ExitStatus:
        games = game_statistics(engine=engine)
        if args.game is None:
            sys.stdout.write(render_statistics(games))
            return ExitStatus.OK
        try:
            game_id, name = find_game(engine, args.game, games)
        except GameNotChosen:
            return ExitStatus.BAD_INPUT
        chosen = tuple(g for g in games if g.game_id == game_id)
        if not chosen:
            print(_("No finished sessions of {game} yet", game=name))
            return ExitStatus.OK
        sys.stdout.write(render_statistics(chosen))
        return ExitStatus.OK

    return with_engine(args, work)


def find_game(
    engine: Database, wanted: str, played: tuple[GameStatistics, ...] = ()
) -> tuple[str, str]:
    """The game ``wanted`` names: ``(id, name)``, the name in the active
    language.

    ``wanted`` is a game's id or its name (in either language, as ``kortpoeng
    games`` shows it), compared without regard to case: every built-in game
    (those defined as data too), every custom game, and every game a finished
    session was played by (``played``; a custom game deleted since is named by
    its session's copy). The database's custom games are read only when no
    other game matches. Raises :class:`GameNotChosen` (the reason said on
    standard error in one line) when no game, or more than one, matches.
    """
    from scoring import BUILTIN_GAME_IDS, game_for

    key = wanted.strip().casefold()
    games: dict[str, object] = {game_id: game_for(game_id) for game_id in BUILTIN_GAME_IDS}
    for stats in played:
        games.setdefault(stats.game_id, stats.definition or stats.game_id)
    found = _matching(games, key)
    if not found:
        from models.services import list_games

        for entry in list_games(engine=engine):
            games.setdefault(entry.game_id, entry.definition or entry.game_id)
        found = _matching(games, key)
    if len(found) == 1:
        return found[0], _names(games[found[0]])[0]
    if found:
        choices = ", ".join(f"{_names(games[g])[0]} ({g})" for g in found)
        print(
            _(
                "“{game}” names more than one game: {choices}. Give its id",
                game=wanted[:40],
                choices=choices,
            ),
            file=sys.stderr,
        )
    else:
        print(
            _(
                "There is no game “{game}”. The games: {names}",
                game=wanted[:40],
                names=", ".join(_names(g)[0] for g in games.values()),
            ),
            file=sys.stderr,
        )
    raise GameNotChosen(wanted)


def _names(game: object) -> tuple[str, str]:
    """The game's name in the active language, then in the other one."""
    from app.i18n import get_language, use_language

    shown = game_label(game)
    other = "en" if get_language() == "nb" else "nb"
    with use_language(other):
        return shown, game_label(game)


def _matching(games: dict[str, object], key: str) -> list[str]:
    """The ids of ``games`` whose id is ``key`` (that one alone), else those
    that go by the name ``key`` in either language (casefolded)."""
    by_id = [g for g in games if g.casefold() == key]
    if by_id:
        return by_id[:1]
    return [g for g, game in games.items() if key in {n.casefold() for n in _names(game)}]


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
            f"{game_label(game.definition or game.game_id)} — {sessions} · {direction}\n"
            + text_table(header, rows, right=set(range(1, len(header))))
        )
    if any(game.lowest_wins for game in games):
        note = _(
            "Best hand is the fewest points in one hand when the lowest total "
            "wins. Streak: wins in a row up to the latest session."
        )
    else:  # every game shown is highest-wins: best hand means the most points
        note = _("Streak: wins in a row up to the latest session.")
    return "\n".join(parts) + "\n" + note + "\n"


def add_parser(subparsers: Any) -> None:
    """Add ``stats`` to the main parser's subparsers."""
    p = subparsers.add_parser(
        "stats", help=_("per game and player: sessions, wins, win rate, best hand, streak")
    )
    p.add_argument(
        "--game",
        metavar="GAME",
        help=_(
            "only this game: its id or its name, as kortpoeng games shows them "
            "(default: every game)"
        ),
    )
    db_option(p)
    p.set_defaults(handler=run)
