"""The statistics screen (issue 5): per game, per player — sessions played,
wins, win rate, average and best hand, current streak — over every finished
session.

The numbers come from :func:`app.reports.statistics.game_statistics`, loaded
and said by the screen's model (:class:`app.ui.state.stats_screen.StatsScreen`);
this draws them.
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

import flet as ft

from app.i18n import _
from app.messages import format_average, format_rate
from app.ui.common import TOUCH, Screen, section_title, tagged, use_app, use_created
from app.ui.loading import page_ports
from app.ui.state.stats_screen import SHOWN, fields, group_key, heading, more_label
from app.ui.state.stats_screen import StatsScreen as StatsModel
from app.ui.state.views import GameStatistics, PlayerStatistics

__all__ = ["SHOWN", "StatsScreen", "format_average", "format_rate"]


def _game_heading(game: GameStatistics) -> ft.Control:
    title, line = heading(game)
    return tagged(
        f"stats-game-{group_key(game)}",
        ft.Column(
            [
                section_title(title),
                ft.Text(line, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
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
        for field, label, value in fields(player)
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


def _player_table(
    key: str, game: GameStatistics, players: tuple[PlayerStatistics, ...]
) -> ft.Control:
    """The compact table of a wide screen: a row per player (``players``, the
    ones on show), a column per number."""
    labels = [label for _field, label, _value in fields(game.players[0])]
    columns = [ft.DataColumn(label=ft.Text(_("Player")))] + [
        ft.DataColumn(label=ft.Text(label), numeric=True) for label in labels
    ]
    rows = []
    for index, player in enumerate(players):
        prefix = f"stats-{key}-{index}"
        cells = [ft.DataCell(tagged(f"{prefix}-name", ft.Text(player.player)))]
        cells += [
            ft.DataCell(tagged(f"{prefix}-{field}", ft.Text(value)))
            for field, _label, value in fields(player)
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
    model = use_created(lambda: StatsModel(ports=page_ports()))
    ft.use_effect(model.load, [app.revision])
    games = model.games

    body: list[ft.Control] = []
    if model.failed:
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
            key = group_key(game)
            shown = model.shown(game)
            body.append(_game_heading(game))
            if app.wide:
                body.append(_player_table(key, game, shown))
            else:
                body.extend(
                    _player_card(f"stats-{key}-{index}", player)
                    for index, player in enumerate(shown)
                )
            if model.has_more(game):
                body.append(
                    tagged(
                        f"stats-{key}-more",
                        ft.OutlinedButton(
                            more_label(game),
                            icon=ft.Icons.EXPAND_MORE,
                            on_click=lambda _e, g=game: model.show_every(g),
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
