"""The session screen's model without a browser (as a new user found the
screen): the target said once above the sheet, a blocked hand marked in the
game's own word, four long names sharing a phone's width, the rematch
started from a finished session, and every tick of the chart's y axis
labelled when it ends at 120. Sessions are imported from session files into
a real SQLite file. (The browser keeps what needs one — the names drawn
whole, the sheet scrolled and back at its start after a rematch, the chart
drawn: tests/e2e/test_session_sheet.py.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import flet as ft
import pytest
from sheet_sessions import FINISHED, LONG, PENALTY, SEVEN, SHEET

from app import storage
from app.i18n import set_language, use_language
from app.ui.chart_view import build_line_chart
from app.ui.session import PADDING, number_cell, sheet_legend
from app.ui.state import MAX_CONTENT, AppState
from app.ui.state import session_screen as words
from models import services
from scoring import SessionResult

# (SHEET, PENALTY, FINISHED: the sessions the browser test shows too, tests/e2e/sheet_sessions.py)

#: The sheet's width on a 390-pixel phone.
PHONE_ROOM = min(390, MAX_CONTENT) - 2 * PADDING


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def imported(doc: dict[str, Any]):
    return services.import_session(engine=storage.engine(), data=json.dumps(doc).encode("utf-8"))


def labels_in(control: Any) -> list[str]:
    """Every semantics label in ``control`` (what a screen reader is told)."""
    found = []
    if isinstance(control, ft.Semantics) and control.label:
        found.append(control.label)
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                found += labels_in(child)
    return found


def texts_in(control: Any) -> list[str]:
    found = [control.value] if isinstance(control, ft.Text) and control.value else []
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                found += texts_in(child)
    return found


@pytest.mark.parametrize(("lang", "target"), [("nb", "Poengmål: 250"), ("en", "Target score: 250")])
def test_the_target_is_said_once_above_the_sheet(db, lang, target) -> None:
    """ "Target 250: … needs 182 more" and "Target score: 250" both stood
    above the sheet; the target is said once, how it is played (the options
    line) still in full."""
    view = imported(SHEET)
    with use_language(lang):
        progress, played = words.heading(view)
    assert "182" in progress
    assert target in played
    assert sum(text.count("250") for text in (progress, *played)) == 1, (progress, played)


@pytest.mark.parametrize(
    ("lang", "blocked", "nobody_out"),
    [("nb", "Låst", "Ingen gikk ut"), ("en", "Blocked", "Nobody went out")],
)
def test_a_blocked_hand_is_marked_in_the_games_own_word(db, lang, blocked, nobody_out) -> None:
    """A blocked hand's row looked like a hand where somebody went out and
    nobody scored. Its row is marked (and says so to a screen reader) in
    the game's word: Swedish Rummy's hands are blocked, in Rummy nobody
    went out."""
    sheet, penalty = imported(SHEET), imported(PENALTY)
    with use_language(lang):
        word = words.blocked_word(sheet)
        assert word == blocked
        rows = {line.number: labels_in(number_cell(line, 36, word)) for line in sheet.hands}
        assert rows == {1: [], 2: [blocked], 3: []}
        assert [words.is_blocked(sheet, line) for line in sheet.hands] == [False, True, False]
        assert blocked in texts_in(sheet_legend(sheet, False))
        assert words.legend(sheet, False)[0] == blocked

        word = words.blocked_word(penalty)
        assert word == nobody_out
        rows = {line.number: labels_in(number_cell(line, 36, word)) for line in penalty.hands}
        assert rows == {1: [], 2: [], 3: [], 4: [nobody_out]}
        assert blocked not in rows[4]
        assert words.legend(penalty, False)[0] == nobody_out


def test_four_long_names_share_a_phone_without_sideways_scrolling(db) -> None:
    """Four players called "Bestemor Ingrid", "Onkel Bjørnar", "Kari
    Nordmann" and "Ola Nordmann" made the sheet scroll sideways at 390 px:
    every column shares the phone's width (no swipe hint), each name whole
    on at most two lines broken between words. (Drawn and measured in the
    browser too.)"""
    view = imported(SHEET)
    assert words.sheet_widths(view.players, PHONE_ROOM) == (None, False)
    assert not words.crowded(view.players, PHONE_ROOM)  # names whole, no "…"
    for name in LONG:
        lines = words.name_lines(name)
        assert len(lines) <= 2 and " ".join(lines) == name
    width, scrolls = words.sheet_widths(SEVEN, PHONE_ROOM)
    assert scrolls and width is not None  # seven long names scroll sideways


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_a_rematch_is_filled_from_the_finished_session_and_started_in_place(table, lang) -> None:
    old = imported(FINISHED)
    assert old.finished
    app = AppState()
    model = words.SessionScreen(app=app, ports=table.ports)
    with use_language(lang):
        model.rematch(old)
        assert table.routes == ["/new"]
        form = app.new_session
        assert form.rematch_of == old.id and form.players == (*SEVEN[1:], SEVEN[0])
        intro = {"nb": f"Vri åtter igjen, etter parti {old.id}", "en": "Swedish Rummy again"}
        assert form.intro().startswith(intro[lang])
        assert form.title() == {"nb": "Revansj", "en": "Rematch"}[lang]
        new = asyncio.run(form.start(table.ports, app))
    assert new is not None and new.rematch_of == old.id and not new.hands
    assert table.routes == ["/new", f"replace:/session/{new.id}"] and table.told == [new.id]
    assert app.take_view(new.id) == new  # shown at once, not loaded again
    assert form.rematch is None and form.players == ()


def test_the_screens_flows_go_where_they_say(db, table) -> None:
    view = imported(PENALTY)
    app = AppState()
    model = words.SessionScreen(app=app, ports=table.ports)
    model.open_hand(view, 3)
    model.next_hand(view)
    model.rules(view)
    assert table.routes == [
        f"/session/{view.id}/hand/3",
        f"/session/{view.id}/hand",
        f"/session/{view.id}/rules/rummy",
    ]
    assert words.next_hand_label(app, view) == "Enter hand 5"
    assert words.earlier_label(view, False) == ""  # four hands: every one on show
    many = imported({**PENALTY, "options": {"rounds": 20}, "hands": PENALTY["hands"] * 4})
    assert words.earlier_label(many, False) == "Show 4 earlier hands"
    assert len(words.shown_hands(many, False)) == words.RECENT_HANDS
    model.show_earlier()
    assert model.show_all and words.earlier_label(many, model.show_all) == ""


def test_the_charts_axis_labels_show_when_the_axis_ends_at_120(db) -> None:
    """Bo's 114 penalty points make the y axis end at 120; every tick from 0
    to 120 is labelled (the browser showed only 0, 100 and 120)."""
    from app.reports.chart import chart_series

    view = imported(PENALTY)
    assert view.standings.totals["Bo"] == 114
    result = SessionResult(hand_scores=(), standings=view.standings, warnings=())
    chart = build_line_chart(chart_series(result), hand_label="Hand")
    labels = [label.label.content.value for label in chart.left_axis.labels]
    assert labels == ["0", "20", "40", "60", "80", "100", "120"]
