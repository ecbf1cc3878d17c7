"""The statistics screen (issue 5): per game, per player — sessions played,
wins, win rate, average and best hand, current streak — over every finished
session.

The numbers come from :func:`app.reports.statistics.game_statistics` (loaded off the
event loop after the screen mounts); nothing is computed here but formatting.
A card per player on a phone; a compact table per game on a wide screen.
A game shows its first :data:`SHOWN` players (a family's whole table) and a
button for the rest (a club's hundred): the screen stays quick to draw.

Semantics identifiers (stable across languages): ``screen-stats``,
``stats-empty``, ``stats-game-<game>-<low|high>`` and, per player in the
order shown (``i`` from 0), ``stats-<game>-<low|high>-<i>-<field>`` with field
``name``, ``sessions``, ``wins``, ``rate``, ``average``, ``best``, ``streak``;
``stats-<game>-<low|high>-more`` shows every player of a game.
"""

from __future__ import annotations

import logging
from typing import cast

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import format_average, format_best, format_rate, game_name
from app.reports.statistics import GameStatistics, PlayerStatistics, game_statistics
from app.ui.common import TOUCH, Screen, run_use_case, section_title, tagged, use_app
from scoring import CodedError

__all__ = ["SHOWN", "StatsScreen", "format_average", "format_rate"]

logger = logging.getLogger(__name__)

#: Players a game shows before its "Show all" button.
SHOWN = 10


def _group_key(game: GameStatistics) -> str:
    return f"{game.game}-{'low' if game.lowest_wins else 'high'}"


def _fields(player: PlayerStatistics) -> list[tuple[str, str, str]]:
    """``(field id, label, value)`` of one player's statistics, in display order."""
    return [
        ("sessions", _("Sessions"), format_number(player.sessions)),
        ("wins", _("Wins"), format_number(player.wins)),
        ("rate", _("Win rate"), format_rate(player.win_rate)),
        ("average", _("Average hand"), format_average(player.average_hand)),
        ("best", _("Best hand"), format_best(player.best_hand)),
        ("streak", _("Streak"), format_number(player.streak)),
    ]


def _game_heading(game: GameStatistics) -> ft.Control:
    sessions = ngettext("{n} finished session", "{n} finished sessions", game.sessions)
    direction = _("lowest total wins") if game.lowest_wins else _("highest total wins")
    return tagged(
        f"stats-game-{_group_key(game)}",
        ft.Column(
            [
                section_title(game_name(game.definition or game.game)),
                ft.Text(f"{sessions} · {direction}", size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0,
        ),
    )


def _player_card(prefix: str, player: PlayerStatistics) -> ft.Control:
    """A card: the name (a trophy when on a streak), then the numbers in a grid."""
    tiles: list[ft.Control] = [
        ft.Column(
            [
                tagged(
                    f"{prefix}-{field}",
                    ft.Text(value, size=20, weight=ft.FontWeight.BOLD),
                ),
                ft.Text(label, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            col={"xs": 4},
        )
        for field, label, value in _fields(player)
    ]
    name_row = ft.Row(
        [
            tagged(
                f"{prefix}-name",
                ft.Text(
                    player.player,
                    size=18,
                    weight=ft.FontWeight.W_600,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                expand=True,  # (a long name ends in "…" inside the card)
            ),
            *(
                [ft.Icon(ft.Icons.LOCAL_FIRE_DEPARTMENT, color=ft.Colors.TERTIARY, size=20)]
                if player.streak >= 2
                else []
            ),
        ],
        spacing=6,
    )
    return ft.Card(
        content=ft.Container(
            content=ft.Column(
                [name_row, ft.ResponsiveRow(tiles, spacing=4, run_spacing=12)], spacing=10
            ),
            padding=ft.Padding.symmetric(horizontal=16, vertical=12),
        )
    )


def _player_table(key: str, game: GameStatistics, players: int) -> ft.Control:
    """The compact table of a wide screen: a row per player (the first
    ``players``), a column per number."""
    labels = [label for _field, label, _value in _fields(game.players[0])]
    columns = [ft.DataColumn(label=ft.Text(_("Player")))] + [
        ft.DataColumn(label=ft.Text(label), numeric=True) for label in labels
    ]
    rows = []
    for index, player in enumerate(game.players[:players]):
        prefix = f"stats-{key}-{index}"
        cells = [ft.DataCell(tagged(f"{prefix}-name", ft.Text(player.player)))]
        cells += [
            ft.DataCell(tagged(f"{prefix}-{field}", ft.Text(value)))
            for field, _label, value in _fields(player)
        ]
        rows.append(ft.DataRow(cells=cells))
    return ft.Container(
        content=ft.DataTable(columns=columns, rows=rows, column_spacing=28, data_row_min_height=48),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=12,
    )


@ft.component
def StatsScreen() -> ft.Control:
    """Statistics of every finished session, per game and player."""
    app = use_app()
    games, set_games = ft.use_state(cast("tuple[GameStatistics, ...] | None", None))
    failed, set_failed = ft.use_state(False)
    every, set_every = ft.use_state(frozenset[str]())  # games showing all their players

    async def load() -> None:
        try:
            set_games(await run_use_case(game_statistics))
        except CodedError as problem:
            logger.warning("Statistics could not be loaded: %s", problem)
            set_failed(True)

    ft.use_effect(load, [app.revision])

    body: list[ft.Control] = []
    if failed:
        body.append(ft.Text(_("The statistics could not be loaded"), color=ft.Colors.ERROR))
    elif games is None:
        body.append(
            ft.Container(content=ft.ProgressRing(), alignment=ft.Alignment.CENTER, padding=24)
        )
    elif not games:
        body.append(
            tagged(
                "stats-empty",
                ft.Container(
                    content=ft.Column(
                        [
                            ft.Icon(
                                ft.Icons.LEADERBOARD_OUTLINED,
                                size=48,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                            ft.Text(
                                _("No finished sessions yet"),
                                size=16,
                                weight=ft.FontWeight.W_600,
                                text_align=ft.TextAlign.CENTER,
                            ),
                            ft.Text(
                                _("Statistics appear here when a session has a winner."),
                                text_align=ft.TextAlign.CENTER,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    padding=24,
                    alignment=ft.Alignment.CENTER,
                ),
            )
        )
    else:
        for game in games:
            key = _group_key(game)
            shown = len(game.players) if key in every else SHOWN
            body.append(_game_heading(game))
            if app.wide:
                body.append(_player_table(key, game, shown))
            else:
                body.extend(
                    _player_card(f"stats-{key}-{index}", player)
                    for index, player in enumerate(game.players[:shown])
                )
            if len(game.players) > shown:
                body.append(
                    tagged(
                        f"stats-{key}-more",
                        ft.OutlinedButton(
                            ngettext(
                                "Show all {n} player",
                                "Show all {n} players",
                                len(game.players),
                            ),
                            icon=ft.Icons.EXPAND_MORE,
                            on_click=lambda _e, k=key: set_every(every | {k}),
                            height=TOUCH,
                        ),
                        button=True,
                    )
                )
        body.append(
            ft.Text(
                _(
                    "Best hand is the fewest points in one hand when the lowest total "
                    "wins. Streak: wins in a row up to the latest session."
                ),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    return Screen(_("Statistics"), body, back="/", screen_id="screen-stats")
