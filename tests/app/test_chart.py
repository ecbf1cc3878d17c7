"""Chart data (app.reports.chart) and the flet-charts builder (app.ui.chart_view)."""

from __future__ import annotations

import flet as ft
import flet_charts as fch
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import use_language
from app.reports.chart import PALETTE, SAMPLES, TARGET_COLOR, Axis, chart_series, nice_axis
from app.ui.chart_view import (
    MAX_POINTS,
    build_line_chart,
    chart_description,
    chart_legend,
    sampled,
)
from scoring import Hand, SessionDoc, game_for, parse_cards, read_session, score_session


def result(name: str):
    return score_session(read_session((SAMPLES / f"{name}.json").read_text(encoding="utf-8")))


def test_series_follow_the_running_totals_from_zero() -> None:
    chart = chart_series(result("rummy"))
    assert [s.player for s in chart.series] == ["Ingrid", "Åse", "Øystein", "Per"]
    aase = chart.series[1]
    assert aase.points == ((0, 0), (1, 18), (2, 21), (3, 21), (4, 29), (5, 44))
    assert aase.color == PALETTE[1]
    assert chart.target is None and chart.rounds == 5 and chart.lowest_wins
    assert chart.x_axis == Axis(0, 5, 1)
    assert chart.y_axis == Axis(0, 60, 10)


def test_target_is_inside_the_y_axis_even_when_nobody_is_near_it() -> None:
    chart = chart_series(result("four_suit_rummy"))
    assert chart.target == 1000
    assert chart.y_axis.low == 0 and chart.y_axis.high >= 1000
    assert chart.hands == 2


def test_negative_totals_extend_the_axis_below_zero() -> None:
    game = game_for("four_suit_rummy")
    hand = Hand(None, {"Anna": 37, "Bjørn": 5})  # blocked: each loses own leftover
    doc = SessionDoc("four_suit_rummy", game.default_options(), ("Anna", "Bjørn"), (hand,))
    chart = chart_series(score_session(doc))
    assert chart.series[0].points[-1] == (1, -37)
    assert chart.y_axis.low <= -37 < 0


def test_no_hands_gives_one_point_per_player() -> None:
    game = game_for("swedish_rummy")
    doc = SessionDoc("swedish_rummy", game.default_options(), ("A", "B"))
    chart = chart_series(score_session(doc))
    assert [s.points for s in chart.series] == [((0, 0),), ((0, 0),)]
    assert chart.x_axis.high >= 1


@given(
    st.integers(-(10**6), 10**6),
    st.integers(-(10**6), 10**6),
    st.integers(1, 12),
)
def test_nice_axis_covers_the_range_with_few_round_ticks(a: int, b: int, most: int) -> None:
    axis = nice_axis(a, b, max_ticks=most)
    assert axis.low <= min(a, b) and axis.high >= max(a, b)
    assert axis.low % axis.step == 0 and axis.high % axis.step == 0
    crosses = min(a, b) < 0 < max(a, b)
    assert len(axis.ticks) - 1 <= max(most, 2 if crosses else 1)
    digits = str(axis.step).rstrip("0")
    assert digits in ("1", "2", "5")


def test_sampled_keeps_first_and_last_and_the_limit() -> None:
    points = [(h, h * 3) for h in range(501)]
    thin = sampled(points)
    assert thin[0] == (0, 0) and thin[-1] == (500, 1500)
    assert len(thin) <= MAX_POINTS + 1
    assert sampled(points[:10]) == points[:10]


def test_line_chart_has_a_line_per_player_and_a_dashed_target() -> None:
    chart = chart_series(result("swedish_rummy"))
    lc = build_line_chart(chart, hand_label="Hand")
    assert isinstance(lc, fch.LineChart)
    assert len(lc.data_series) == 4
    target = lc.data_series[-1]
    assert target.color == TARGET_COLOR and target.dash_pattern
    assert {p.y for p in target.points} == {150}
    lise = lc.data_series[1]
    assert [(p.x, p.y) for p in lise.points] == [(0, 0), (1, 105), (2, 105), (3, 105), (4, 222)]
    # the hand and the player in words, in the theme's text colour on its
    # highest surface (the line's colour on blue-grey was under 3:1)
    tip = lise.points[-1].tooltip
    assert tip.text == "Hand 4 · Lise: 222"
    assert tip.text_style.color == ft.Colors.ON_SURFACE and tip.text_style.size == 14
    assert lc.tooltip.bgcolor == ft.Colors.SURFACE_CONTAINER_HIGHEST
    assert (lc.min_y, lc.max_y, lc.max_x) == (0, 250, 4)


def test_fixed_rounds_chart_has_no_target_line_or_legend_entry() -> None:
    chart = chart_series(result("rummy"))
    assert len(build_line_chart(chart, hand_label="Runde").data_series) == 4
    legend = chart_legend(chart, target_text="Mål: 0")
    assert len(legend.controls) == 4


def test_long_sessions_are_thinned_for_the_client() -> None:
    game = game_for("swedish_rummy")
    options = game.options_from_dict({"target": 10**6})
    hands = tuple(Hand("A", {"B": parse_cards(["K"])}) for _ in range(500))
    chart = chart_series(score_session(SessionDoc("swedish_rummy", options, ("A", "B"), hands)))
    lc = build_line_chart(chart, hand_label="Hand")
    assert all(len(s.points) <= MAX_POINTS + 1 for s in lc.data_series)
    assert lc.data_series[0].points[-1].y == 5000  # A collects 10 a hand


def test_description_for_screen_readers_is_translated() -> None:
    chart = chart_series(result("four_suit_rummy"))
    with use_language("nb"):
        assert chart_description(chart) == "Poengutvikling: Anna 356, Bjørn 320"


def test_a_schedule_of_eleven_rounds_ends_its_hand_axis_at_the_eleventh() -> None:
    """Five Crowns (RULES.md §6: exactly 11 rounds): the hand axis ends at 11,
    ticked every 2 — it ended at 12, a column for a round that is never
    played — from the first round to the last; the PDF's and picture's axis
    and the screen's chart read the same axis."""
    game = game_for("five_crowns")
    players = ("Ada", "Bo")
    for played in (0, 1, 11):
        hands = tuple(Hand("Ada", {"Bo": parse_cards(["K"])}) for _ in range(played))
        doc = SessionDoc("five_crowns", game.default_options(), players, hands)
        chart = chart_series(score_session(doc))
        assert chart.rounds == 11
        assert chart.x_axis == Axis(0, 11, 2)
        assert chart.x_axis.ticks == (0, 2, 4, 6, 8, 10)
        lc = build_line_chart(chart, hand_label="Round")
        assert lc.max_x == 11


def test_a_session_to_a_target_keeps_a_round_hand_axis() -> None:
    game = game_for("swedish_rummy")
    options = game.options_from_dict({"target": 500})  # K 10 a hand: never reached
    hands = tuple(Hand("A", {"B": parse_cards(["K"])}) for _ in range(11))
    chart = chart_series(score_session(SessionDoc("swedish_rummy", options, ("A", "B"), hands)))
    assert chart.rounds is None and chart.x_axis == Axis(0, 12, 2)
