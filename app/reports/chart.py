"""Chart data for a session: running totals per player over the hands, and the target.

Pure data, shared by the session screen (``app.ui.chart_view`` builds a
flet-charts ``LineChart`` from it) and the PDF score sheet (``app.reports.pdf``
draws it with fpdf2's primitives). No flet import and no user-visible text here:
the callers add the translated labels.

All figures are whole numbers of points; the x axis is the hand number, with
hand 0 the start of the session (every total 0).

>>> from scoring import read_session, score_session
>>> from pathlib import Path
>>> doc = read_session(Path(SAMPLES, "swedish_rummy.json").read_text(encoding="utf-8"))
>>> chart = chart_series(score_session(doc))
>>> [(s.player, s.points[-1]) for s in chart.series]
[('Mormor', (4, 0)), ('Lise', (4, 222)), ('Jonas', (4, 114))]
>>> chart.target, chart.y_axis
(150, Axis(low=0, high=250, step=50))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.paths import SAMPLES_DIR
from scoring import SessionResult

__all__ = [
    "PALETTE",
    "SAMPLES",
    "TARGET_COLOR",
    "Axis",
    "ChartSeries",
    "PlayerSeries",
    "chart_series",
    "nice_axis",
    "player_color",
]

#: The sample sessions shipped with the app (used by doctests and tests).
SAMPLES = SAMPLES_DIR

#: Line colours per seat (``#RRGGBB``), distinguishable on white and for the
#: common colour-vision deficiencies first (Okabe–Ito), then more for up to 12
#: players. Seat *i* gets ``PALETTE[i % len(PALETTE)]``.
PALETTE: tuple[str, ...] = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#7B3294",  # purple
    "#8C564B",  # brown
    "#332288",  # indigo
    "#999933",  # olive
    "#882255",  # wine
    "#44AA99",  # teal
)

#: Colour of the target line (drawn dashed).
TARGET_COLOR = "#555555"


def player_color(seat: int) -> str:
    """The line colour (``#RRGGBB``) for the player in ``seat`` (0-based).

    >>> player_color(0), player_color(12)
    ('#0072B2', '#0072B2')
    """
    return PALETTE[seat % len(PALETTE)]


@dataclass(frozen=True)
class Axis:
    """A linear axis: ``low`` to ``high`` with a tick every ``step`` (all whole
    numbers, ``low`` a multiple of ``step``; ``high`` too, except the hand axis
    of a fixed-rounds session, which ends at its last round: 11 rounds end at
    11, ticked every 2, not at 12)."""

    low: int
    high: int
    step: int

    @property
    def ticks(self) -> tuple[int, ...]:
        """Every tick value from ``low`` to ``high`` inclusive.

        >>> Axis(0, 200, 50).ticks
        (0, 50, 100, 150, 200)
        """
        return tuple(range(self.low, self.high + 1, self.step))


@dataclass(frozen=True)
class PlayerSeries:
    """One player's line.

    Attributes:
        player: the name, as seated.
        seat: 0-based seat (the first dealer is 0).
        color: ``#RRGGBB`` from :data:`PALETTE`.
        points: ``(hand, total)`` pairs from ``(0, 0)`` to the last hand, one
            per hand, in order.
    """

    player: str
    seat: int
    color: str
    points: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ChartSeries:
    """What a running-totals chart draws.

    Attributes:
        series: one :class:`PlayerSeries` per player, in seat order.
        target: the target score (a horizontal line), or ``None`` for a
            session of fixed rounds.
        rounds: the number of hands a fixed-rounds session lasts, or ``None``.
        hands: hands played so far (the last x value).
        lowest_wins: True for penalty scoring (lower lines are better).
        x_axis: hand numbers, from 0 to at least ``rounds`` when known.
        y_axis: points, always including 0, every total and the target.
    """

    series: tuple[PlayerSeries, ...]
    target: int | None
    rounds: int | None
    hands: int
    lowest_wins: bool
    x_axis: Axis
    y_axis: Axis


def nice_axis(low: int, high: int, max_ticks: int = 6) -> Axis:
    """An axis covering ``low``..``high`` with at most ``max_ticks`` intervals
    (at least two when the range crosses zero), stepping by 1, 2 or 5 times a
    power of ten.

    Raises:
        ValueError: if ``max_ticks`` < 1.

    >>> nice_axis(0, 162)
    Axis(low=0, high=200, step=50)
    >>> nice_axis(-25, 210)
    Axis(low=-50, high=250, step=50)
    >>> nice_axis(0, 0), nice_axis(0, 3)
    (Axis(low=0, high=1, step=1), Axis(low=0, high=3, step=1))
    >>> nice_axis(0, 500, max_ticks=10)
    Axis(low=0, high=500, step=50)
    """
    if max_ticks < 1:
        raise ValueError("max_ticks must be at least 1")
    low, high = min(low, high), max(low, high)
    if high == low:
        high = low + 1
    # A range across zero always needs two intervals (0 is on every grid).
    most = max(max_ticks, 2 if low < 0 < high else 1)
    magnitude = 10 ** max(0, math.floor(math.log10((high - low) / most)))
    while True:
        for factor in (1, 2, 5):
            step = factor * magnitude
            if -(-high // step) - (low // step) <= most:
                return Axis((low // step) * step, -(-high // step) * step, step)
        magnitude *= 10


def chart_series(result: SessionResult) -> ChartSeries:
    """The running totals of a scored session as chart data.

    Each player's line starts at ``(0, 0)`` and has one point per hand (hand
    number, running total after that hand). The y axis covers 0, every total
    reached and the target; the x axis covers every hand (and every planned
    round of a fixed-rounds session, where it ends at the last round).
    """
    table = result.standings
    hands = len(table.running)
    series = tuple(
        PlayerSeries(
            player=player,
            seat=seat,
            color=player_color(seat),
            points=((0, 0), *((n, running[player]) for n, running in enumerate(table.running, 1))),
        )
        for seat, player in enumerate(table.players)
    )
    values = [0, *(total for running in table.running for total in running.values())]
    if table.target is not None:
        values.append(table.target)
    last = max(hands, table.rounds or 0, 1)
    x_axis = nice_axis(0, last, max_ticks=10)
    if table.rounds is not None and hands <= table.rounds:
        # the session's length is known: no hand after its last round is drawn
        x_axis = Axis(x_axis.low, last, x_axis.step)
    return ChartSeries(
        series=series,
        target=table.target,
        rounds=table.rounds,
        hands=hands,
        lowest_wins=table.lowest_wins,
        x_axis=x_axis,
        y_axis=nice_axis(min(values), max(values)),
    )
