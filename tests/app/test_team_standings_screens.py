"""Team standings on every screen and export (GAME_FORMAT.md ``teams``;
RULES.md §5 "Partnerships", example 4: Kari and Per against Ola and Liv):
a Kasino session in partnerships started from the form and played to 21
through the hand screen, then shown a team at a time — the sheet's columns,
the progress line, the winner banner, the table screen, the chart, the
exports (text, CSV, PDF, picture), the session list's line — in English
and Norwegian, and the statistics counting a team's win for each partner.
A session not in teams shows its players as before (the other tests of
these screens)."""

from __future__ import annotations

import csv

import pytest
from screen_table import Table, tap

from app import storage
from app.i18n import set_language, use_language
from app.reports import to_csv, to_pdf, to_png, to_text
from app.reports.chart import chart_series
from app.reports.exports import summary
from app.reports.statistics import game_statistics
from app.reports.team_result import by_team
from app.ui.session import session_result
from app.ui.state import NewSessionDraft
from app.ui.state.capture_draft import CaptureDraft
from app.ui.state.session_screen import heading, progress_text, sheet_widths, winner_text
from app.ui.state.table_screen import board
from app.ui.state.teams_view import deals_text, sides, summary_line
from models import services
from scoring import Pile, read_session, score_session
from scoring.invisible import FSI, PDI

SEATS = ["Kari", "Ola", "Per", "Liv"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


#: RULES.md §5.2 example 4 (9 and 5), then Ola and Liv ahead (2 and 10),
#: then Kari and Per to 22 against 17 (tests/scoring/test_team_standings.py).
EXAMPLE_4 = {"Kari": pile(30, 9, "10D 2S AS", 1), "Ola": pile(22, 4, "AH AD AC", 2)}
SECOND = {"Kari": pile(22, 4, "AD AC"), "Ola": pile(30, 9, "10D 2S AS AH", 1)}
WON = {"Kari": pile(30, 9, "10D 2S AS AD", 2), "Ola": pile(22, 4, "AH AC")}
#: Both to 21 in one deal.
TIED = {"Kari": pile(26, 7, "10D 2S AS AH AD", 3), "Ola": pile(26, 6, "AC", 5)}


def start(table: Table, partners: bool = True) -> int:
    draft = NewSessionDraft()
    draft.select_game("kasino")
    for name in SEATS:
        draft.add_player(name)
    if partners:
        draft.set_option("partners", True)
    game, seated, options = draft.start_args()
    return table.call(
        services.start_session, game_id=game, players=list(seated), options=options
    ).id


def play(table: Table, sid: int, *deals: dict[str, Pile]) -> None:
    """Deals saved through the hand screen, a pile a team."""
    for piles in deals:
        screen = table.new_hand(sid)
        facts = screen.draft.capture.facts
        screen.draft.set_capture(CaptureDraft.from_piles(facts, piles))
        assert tap(screen.save), screen.problem(screen.preview())


def csv_rows(text: str, lang: str) -> list[list[str]]:
    """A CSV export's rows (``;`` between cells in Norwegian, ``,`` in English)."""
    return list(csv.reader(text.splitlines(), delimiter=";" if lang == "nb" else ","))


def plain(text: str) -> str:
    """``text`` without its bidi isolates (the text exports mark each name)."""
    return text.replace(FSI, "").replace(PDI, "")


def test_the_sheet_shows_a_column_a_team_and_places_by_team(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, EXAMPLE_4)
    view = table.session(sid)
    shown = sides(view)
    assert shown.teams and shown.names == ("Kari & Per", "Ola & Liv")
    assert [s.players for s in shown.sides] == [("Kari", "Per"), ("Ola", "Liv")]
    assert [s.key for s in shown.sides] == ["Kari", "Ola"]  # whose hand points show
    assert dict(shown.standings.totals) == {"Kari & Per": 9, "Ola & Liv": 5}
    assert dict(shown.standings.places) == {"Kari & Per": 1, "Ola & Liv": 2}
    line = view.hands[0]
    assert [line.points[s.key] for s in shown.sides] == [9, 5]
    # two columns share a phone's width; Ola deals next, named under her team
    assert sheet_widths(shown.names, 366) == (None, False)
    assert [deals_text(shown, s, False) for s in shown.sides] == [" ", "Ola deals"]
    with use_language("nb"):
        assert deals_text(shown, shown.sides[1], False) == "Ola deler ut"
    assert deals_text(shown, shown.sides[1], True) == " "
    # the progress line names the leading team
    assert progress_text(view) == "Target 21: Kari & Per need 12 more"
    assert heading(view) == ("Target 21: Kari & Per need 12 more", ("Partnerships",))
    with use_language("nb"):
        assert progress_text(view) == "Mål 21: Kari & Per trenger 12 til"
    play(table, sid, SECOND)
    view = table.session(sid)
    assert progress_text(view) == "Target 21: Ola & Liv need 6 more"
    assert progress_text(view, target_said=True) == "Ola & Liv need 6 more"
    assert dict(sides(view).standings.places) == {"Kari & Per": 2, "Ola & Liv": 1}
    # the chart: a line a team, not two lines on top of each other
    chart = chart_series(session_result(view))
    assert [s.player for s in chart.series] == ["Kari & Per", "Ola & Liv"]
    assert [s.points for s in chart.series] == [
        ((0, 0), (1, 9), (2, 11)),
        ((0, 0), (1, 5), (2, 15)),
    ]


def test_the_table_screen_shows_a_line_a_team(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, EXAMPLE_4, SECOND)
    shown = board(table.session(sid))
    assert [(t.place, t.player, t.total, t.last) for t in shown.lines] == [
        (1, "Ola & Liv", "15", "+10"),
        (2, "Kari & Per", "11", "+2"),
    ]
    assert [(t.seat, t.to_target, t.leader, t.deals) for t in shown.lines] == [
        (1, "6", True, False),
        (0, "10", False, True),  # Per deals the third deal
    ]
    assert shown.dealer == "Per deals next"
    assert shown.progress == "Target 21: Ola & Liv need 6 more"
    play(table, sid, WON)
    shown = board(table.session(sid))
    assert [(t.place, t.player, t.winner) for t in shown.lines] == [
        (1, "Kari & Per", True),
        (2, "Ola & Liv", False),
    ]
    assert shown.winner == "Kari and Per win with 22 points" and shown.dealer == ""


def test_a_session_to_21_in_teams_ends_with_a_winning_team_in_both_languages(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, EXAMPLE_4, SECOND, WON)
    view = table.session(sid)
    assert view.finished
    assert view.standings.winners == ("Kari", "Per")  # stored a win per partner
    assert sides(view).standings.winners == ("Kari & Per",)
    assert winner_text(view) == "Kari and Per win with 22 points"
    assert progress_text(view) == "Finished after 3 hands"
    with use_language("nb"):
        assert winner_text(view) == "Kari og Per vinner med 22 poeng"
    # the session list's line
    page = table.call(services.list_sessions)
    item = next(i for i in page.items if i.id == sid)
    assert dict(item.options) == {"partners": True}
    assert summary_line(item) == "Winning team: Kari & Per"
    with use_language("nb"):
        assert summary_line(item) == "Vinnerlag: Kari & Per"
    # statistics: the team's win counts for each of its players
    stats = game_statistics(engine=storage.engine(), game_id="kasino")
    wins = {p.player: (p.sessions, p.wins) for p in stats[0].players}
    assert wins == {"Kari": (1, 1), "Per": (1, 1), "Ola": (1, 0), "Liv": (1, 0)}


def test_equal_team_totals_share_the_win_in_both_languages(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, EXAMPLE_4, SECOND, TIED)
    view = table.session(sid)
    assert sides(view).standings.winners == ("Kari & Per", "Ola & Liv")
    assert winner_text(view) == "Kari & Per and Ola & Liv share the win with 21 points"
    with use_language("nb"):
        assert winner_text(view) == "Kari & Per og Ola & Liv deler seieren med 21 poeng"
    item = next(i for i in table.call(services.list_sessions).items if i.id == sid)
    assert summary_line(item) == "Winning teams: Kari & Per and Ola & Liv"


def test_a_running_session_in_teams_is_listed_with_its_leading_team(db) -> None:
    table = Table()
    sid = start(table)
    item = next(i for i in table.call(services.list_sessions).items if i.id == sid)
    assert summary_line(item) is None  # no hands yet: the list's own words
    play(table, sid, EXAMPLE_4)
    item = next(i for i in table.call(services.list_sessions).items if i.id == sid)
    assert summary_line(item) == "Leading team: Kari & Per"
    with use_language("nb"):
        assert summary_line(item) == "Lag i ledelsen: Kari & Per"


def test_the_exports_of_a_session_in_teams_a_team_at_a_time(db) -> None:
    table = Table()
    sid = start(table)
    play(table, sid, EXAMPLE_4, SECOND, WON)
    doc = read_session(table.call(services.export_session, session_id=sid))
    text = [plain(line) for line in to_text(doc, lang="en").splitlines()]
    assert "Teams: Kari & Per and Ola & Liv" in text
    assert "Winning team: Kari & Per" in text
    standings = text[text.index("Final standings") + 1 :][:2]
    assert [line.split() for line in standings] == [
        ["1.", "Kari", "&", "Per", "22"],
        ["2.", "Ola", "&", "Liv", "17"],
    ]
    nb = [plain(line) for line in to_text(doc, lang="nb").splitlines()]
    assert "Lag: Kari & Per og Ola & Liv" in nb and "Vinnerlag: Kari & Per" in nb
    # CSV: two columns a team (its points and its total), a row a deal
    rows = csv_rows(to_csv(doc, lang="en"), "en")
    assert rows[0] == [
        "Hand",
        "Kari & Per: points",
        "Kari & Per: total",
        "Ola & Liv: points",
        "Ola & Liv: total",
    ]
    assert rows[1:] == [
        ["1", "9", "9", "5", "5"],
        ["2", "2", "11", "10", "15"],
        ["3", "11", "22", "2", "17"],
    ]
    nb_rows = csv_rows(to_csv(doc, lang="nb"), "nb")
    assert nb_rows[0][1:3] == ["Kari & Per: poeng", "Kari & Per: sum"]
    assert nb_rows[1:] == rows[1:]
    # the PDF and the picture draw the same summary and the chart by team
    teams = by_team(doc, score_session(doc))
    assert [s.player for s in chart_series(teams).series] == ["Kari & Per", "Ola & Liv"]
    made = summary(doc, lang="en")
    assert made.player_label == "Team" and made.player_names == ("Kari & Per", "Ola & Liv")
    assert [(s.place, s.player, s.total) for s in made.standings] == [
        (1, "Kari & Per", 22),
        (2, "Ola & Liv", 17),
    ]
    for lang in ("en", "nb"):
        assert to_pdf(doc, lang=lang).startswith(b"%PDF")
        assert to_png(doc, lang=lang).startswith(b"\x89PNG")


def test_a_session_of_four_not_in_teams_shows_its_players(db) -> None:
    table = Table()
    sid = start(table, partners=False)
    deal = {
        "Kari": pile(20, 5, "10D"),
        "Ola": pile(12, 3, "2S"),
        "Per": pile(10, 3, "AS AH"),
        "Liv": pile(10, 2, "AD AC"),
    }
    play(table, sid, deal)
    view = table.session(sid)
    shown = sides(view)
    assert not shown.teams and shown.names == tuple(SEATS)
    assert shown.standings is view.standings
    assert progress_text(view) == "Target 21: Kari needs 15 more"
    assert [deals_text(shown, s, False) for s in shown.sides] == [" ", "deals", " ", " "]
    doc = read_session(table.call(services.export_session, session_id=sid))
    assert csv_rows(to_csv(doc, lang="en"), "en")[0][1:3] == ["Kari: points", "Kari: total"]
    item = next(i for i in table.call(services.list_sessions).items if i.id == sid)
    assert summary_line(item) is None


def test_a_listed_session_whose_game_cannot_be_read_is_listed_as_players() -> None:
    from datetime import UTC, datetime

    from app.ui.state.views import SessionSummary

    item = SessionSummary(
        1, "u", "no_such_game", tuple(SEATS), 1, datetime.now(UTC), None, (), None, ("Kari",)
    )
    assert summary_line(item) is None
    assert summary_line(item._replace(game_id="kasino", options={"partners": True})) == (
        "Leading team: Kari & Per"
    )
