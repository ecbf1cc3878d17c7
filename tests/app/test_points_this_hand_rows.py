"""The hand screen's "Points this hand" in Kasino played in partnerships
(RULES.md §5.3, example 4; issue 28): one row a partnership, named as the
sheet names it ("Kari & Per"), with the pair's points once, for a new deal
and for a saved deal opened again; one row a player otherwise."""

from __future__ import annotations

from typing import Any

import pytest
from screen_table import Table, tap

from app.i18n import set_language, use_language
from app.ui.state import NewSessionDraft
from app.ui.state.capture_draft import CaptureDraft
from app.ui.state.score_rows import score_rows
from app.ui.state.teams_view import sides
from models import services
from scoring import Pile


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def _start(table: Table, players: tuple[str, ...], partners: bool) -> int:
    draft = NewSessionDraft()
    draft.select_game("kasino")
    for name in players:
        draft.add_player(name)
    if partners:
        draft.set_option("partners", True)
    game, seated, options = draft.start_args()
    return table.call(
        services.start_session, game_id=game, players=list(seated), options=options
    ).id


#: RULES.md §5.2, example 4: Kari's pile 30 cards, 9 spades, 10♦ 2♠ A♠, a
#: sweep (9 points); Ola's 22 cards, 4 spades, A♥ A♦ A♣, two sweeps (5).
EXAMPLE_4 = {
    "Kari": Pile(30, {"S": 9}, ("10D", "2S", "AS"), {"sweep": 1}),
    "Ola": Pile(22, {"S": 4}, ("AH", "AD", "AC"), {"sweep": 2}),
}


def _rows(screen) -> list[tuple[str, str]]:
    return [(row.name, row.points) for row in score_rows(screen.draft, screen.preview())]


def test_partnerships_one_row_a_pair_with_the_pairs_points_new_and_reopened(db) -> None:
    table = Table()
    sid = _start(table, ("Kari", "Ola", "Per", "Siv"), partners=True)
    screen = table.new_hand(sid)
    facts = screen.draft.capture.facts
    assert [name for name, _points in _rows(screen)] == ["Kari & Per", "Ola & Siv"]
    screen.draft.set_capture(CaptureDraft.from_piles(facts, EXAMPLE_4))
    assert _rows(screen) == [("Kari & Per", "9"), ("Ola & Siv", "5")]
    breakdown = score_rows(screen.draft, screen.preview())[0].breakdown
    assert "+3 for most cards (30)" in breakdown and "(total 9)" in breakdown
    assert tap(screen.save)
    # the names are the sheet's
    assert sides(table.session(sid)).names == ("Kari & Per", "Ola & Siv")
    # the saved deal opened again: the same two rows
    again = table.change_hand(sid, 1)
    assert _rows(again) == [("Kari & Per", "9"), ("Ola & Siv", "5")]
    with use_language("nb"):
        assert _rows(again) == [("Kari & Per", "9"), ("Ola & Siv", "5")]


def test_without_partnerships_one_row_a_player(db) -> None:
    table = Table()
    sid = _start(table, ("Kari", "Ola", "Per", "Siv"), partners=False)
    screen = table.new_hand(sid)
    assert [name for name, _points in _rows(screen)] == ["Kari", "Ola", "Per", "Siv"]


def test_a_game_without_piles_one_row_a_player(db) -> None:
    table = Table()
    draft = NewSessionDraft()
    draft.select_game("swedish_rummy")
    for name in ("Ada", "Bo", "Cy"):
        draft.add_player(name)
    game, seated, options = draft.start_args()
    sid = table.call(services.start_session, game_id=game, players=list(seated), options=options).id
    screen = table.new_hand(sid)
    assert [name for name, _points in _rows(screen)] == ["Ada", "Bo", "Cy"]


def _texts(control: Any, found: list[str], tags: dict[str, Any]) -> None:
    """Every text drawn under ``control`` in order, and the tagged controls."""
    identifier = getattr(control, "identifier", None)
    if identifier:
        tags[identifier] = control.content
    value = getattr(control, "value", None)
    if isinstance(value, str) and type(control).__name__ == "Text":
        found.append(value)
    for child in (getattr(control, "content", None), *(getattr(control, "controls", None) or ())):
        if child is not None and not isinstance(child, str):
            _texts(child, found, tags)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_drawn_panel_has_a_row_a_partnership_new_and_reopened(db, lang) -> None:
    """The panel as drawn (RULES.md §5.2 example 4): "Kari & Per 9",
    "Ola & Siv 5", not four players with 28 points among them."""
    from app.ui.hand_entry.player_panel import LiveScore

    set_language(lang)
    table = Table()
    sid = _start(table, ("Kari", "Ola", "Per", "Siv"), partners=True)
    screen = table.new_hand(sid)
    screen.draft.set_capture(CaptureDraft.from_piles(screen.draft.capture.facts, EXAMPLE_4))
    assert tap(screen.save)
    for shown in (table.new_hand(sid), table.change_hand(sid, 1)):
        if shown.draft.number is None:  # the next deal: example 4 again
            facts = shown.draft.capture.facts
            shown.draft.set_capture(CaptureDraft.from_piles(facts, EXAMPLE_4))
        texts: list[str] = []
        tags: dict[str, Any] = {}
        _texts(LiveScore.__wrapped__(shown.draft, shown.preview()), texts, tags)
        names = [t for t in texts if t in ("Kari", "Ola", "Per", "Siv", "Kari & Per", "Ola & Siv")]
        assert names == ["Kari & Per", "Ola & Siv"]
        assert [tags[f"points-{row}"].value for row in (0, 1)] == ["9", "5"]
        assert "points-2" not in tags and "breakdown-2" not in tags
