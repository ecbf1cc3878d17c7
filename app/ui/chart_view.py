"""The running-totals chart for the session screen (flet-charts ``LineChart``).

:func:`build_line_chart` turns :class:`app.reports.chart.ChartSeries` into a
``flet_charts.LineChart`` (one line per player in the player's colour, the
target as a dashed grey line, axes with hand numbers and points formatted for
the language); :func:`chart_legend` is the legend row; :func:`RunningTotalsChart`
is the component the session screen places, wrapped in
``ft.Semantics(identifier="score-chart")`` with a spoken summary of the totals.

No game rules here: everything drawn comes from :func:`app.reports.chart.chart_series`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft
import flet_charts as fch

from app.i18n import _, bidi_safe, format_number
from app.reports.chart import TARGET_COLOR, ChartSeries, chart_series
from app.ui.text_styles import text_style
from scoring import SessionResult

__all__ = [
    "MAX_POINTS",
    "RunningTotalsChart",
    "build_line_chart",
    "chart_description",
    "chart_legend",
    "sampled",
]

#: At most this many points per line are sent to the client; longer sessions
#: are thinned evenly (the last hand is always kept).
MAX_POINTS = 150


def sampled(points: Sequence[tuple[int, int]], limit: int = MAX_POINTS) -> list[tuple[int, int]]:
    """Every n-th point so that at most ``limit`` (≥ 2) remain, always keeping
    the first and the last.

    >>> sampled([(h, h) for h in range(10)], 4)
    [(0, 0), (3, 3), (6, 6), (9, 9)]
    >>> sampled([(0, 0), (1, 5)], 4)
    [(0, 0), (1, 5)]
    """
    if len(points) <= limit:
        return list(points)
    step = math.ceil((len(points) - 1) / (limit - 1))
    out = list(points[::step])
    if out[-1] != points[-1]:
        out.append(points[-1])
    return out


#: Space between the plot and the hand numbers under it, in logical pixels:
#: a point on the bottom line (radius 4 and its stroke) never covers them.
BELOW_POINTS = 8


def label_room(values: Sequence[int], size: float = 14) -> float:
    """Room for the y axis's labels, in logical pixels: the widest label
    (digits about 0.62 × ``size`` wide, a separator or minus sign counted as
    one) and a small gap, never less than 48.

    >>> label_room([0, 20, 120]), label_room([0, 50_000])
    (48, 64)
    """
    longest = max((len(format_number(v)) for v in values), default=1)
    return max(48, round(longest * 0.62 * size + 12))


def _axis_labels(
    values: Sequence[int], size: float, *, below: float = 0
) -> list[fch.ChartAxisLabel]:
    return [
        fch.ChartAxisLabel(
            value=v,
            label=ft.Container(
                ft.Text(format_number(v), size=size), padding=ft.Padding.only(top=below)
            ),
        )
        for v in values
    ]


#: The text of a point's tooltip: the theme's text colour on the theme's
#: highest surface (flet_charts draws it in the line's colour on blue-grey by
#: default, under 3:1 for the orange and the green), the hand and the player
#: named in words.
TOOLTIP_TEXT = text_style(color=ft.Colors.ON_SURFACE, size=14, weight=ft.FontWeight.W_600)


def build_line_chart(
    chart: ChartSeries,
    *,
    hand_label: str,
    height: float = 260,
) -> fch.LineChart:
    """The ``LineChart`` for ``chart``: lines in seat order, then the target.

    Args:
        chart: from :func:`app.reports.chart.chart_series`.
        hand_label: the translated x-axis title ("Hand").
        height: in logical pixels.
    """
    series = [
        fch.LineChartData(
            points=[
                fch.LineChartDataPoint(
                    x=hand,
                    y=total,
                    tooltip=fch.LineChartDataPointTooltip(
                        text=f"{hand_label} {format_number(hand)} · {line.player}: "
                        f"{format_number(total)}",
                        text_style=TOOLTIP_TEXT,
                    ),
                )
                for hand, total in sampled(line.points)
            ],
            color=line.color,
            stroke_width=3,
            curved=False,
            rounded_stroke_cap=True,
            rounded_stroke_join=True,
            point=chart.hands <= 30,
        )
        for line in chart.series
    ]
    if chart.target is not None:
        series.append(
            fch.LineChartData(
                points=[
                    fch.LineChartDataPoint(x=x, y=chart.target, show_tooltip=False)
                    for x in (chart.x_axis.low, chart.x_axis.high)
                ],
                color=TARGET_COLOR,
                stroke_width=1.5,
                dash_pattern=[6, 4],
                point=False,
            )
        )
    return fch.LineChart(
        data_series=series,
        min_x=chart.x_axis.low,
        max_x=chart.x_axis.high,
        min_y=chart.y_axis.low,
        max_y=chart.y_axis.high,
        # a label at every tick: left to itself the chart picks its own
        # interval, and shows only the ticks that happen to fall on it (0, 100
        # and a crowded 120 on an axis to 120)
        left_axis=fch.ChartAxis(
            labels=_axis_labels(chart.y_axis.ticks, 14),
            label_spacing=chart.y_axis.step,
            label_size=label_room(chart.y_axis.ticks),
        ),
        bottom_axis=fch.ChartAxis(
            labels=_axis_labels(chart.x_axis.ticks, 14, below=BELOW_POINTS),
            label_spacing=chart.x_axis.step,
            label_size=20 + BELOW_POINTS,
            title=ft.Text(hand_label, size=14),
            title_size=22,
        ),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=chart.y_axis.step, color=ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)
        ),
        vertical_grid_lines=fch.ChartGridLines(
            interval=chart.x_axis.step, color=ft.Colors.with_opacity(0.06, ft.Colors.ON_SURFACE)
        ),
        tooltip=fch.LineChartTooltip(
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border_side=ft.BorderSide(1, ft.Colors.OUTLINE),
            fit_inside_horizontally=True,
            fit_inside_vertically=True,
            max_width=240,
        ),
        interactive=True,
        height=height,
        expand=True,
    )


def _swatch(color: str, dashed: bool = False) -> ft.Control:
    if not dashed:
        return ft.Container(width=18, height=4, bgcolor=color, border_radius=2)
    return ft.Row(
        [ft.Container(width=5, height=2, bgcolor=color) for _ in range(3)],
        spacing=2,
        tight=True,
    )


def chart_legend(chart: ChartSeries, *, target_text: str | None) -> ft.Row:
    """A wrapping row: each player's colour and name, then the dashed target
    (``target_text``, e.g. "Target: 150"; left out when ``None``)."""
    items: list[ft.Control] = [
        ft.Row([_swatch(line.color), ft.Text(line.player, size=14)], spacing=6, tight=True)
        for line in chart.series
    ]
    if chart.target is not None and target_text:
        items.append(
            ft.Row(
                [_swatch(TARGET_COLOR, dashed=True), ft.Text(target_text, size=14)],
                spacing=6,
                tight=True,
            )
        )
    return ft.Row(items, wrap=True, spacing=16, run_spacing=6)


def chart_description(chart: ChartSeries) -> str:
    """What a screen reader says for the chart: the title and every player's
    latest total, in the active language."""
    totals = ", ".join(
        f"{bidi_safe(line.player)} {format_number(line.points[-1][1])}" for line in chart.series
    )
    return _("Running totals: {totals}", totals=totals)


@ft.component
def RunningTotalsChart(result: SessionResult, height: float = 260) -> ft.Control:
    """The session screen's chart of running totals with the target line and a
    legend; labels are translated when it renders (so a language switch
    re-renders it). Shows nothing but a short text before the first hand."""
    chart = chart_series(result)
    if chart.hands == 0:
        return ft.Text(_("The chart appears after the first hand."), italic=True)
    target = (
        _("Target: {points}", points=format_number(chart.target))
        if chart.target is not None
        else None
    )
    return ft.Semantics(
        identifier="score-chart",
        label=chart_description(chart),
        content=ft.Column(
            [
                ft.Text(_("Running totals"), weight=ft.FontWeight.BOLD, size=16),
                ft.Container(
                    build_line_chart(chart, hand_label=_("Hand"), height=height),
                    padding=ft.Padding.only(right=12, top=8),
                ),
                chart_legend(chart, target_text=target),
            ],
            spacing=8,
        ),
    )
