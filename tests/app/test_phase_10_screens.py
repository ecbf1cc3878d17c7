"""Phase 10 through the screen models (RULES.md §8; issue 28, per-player
progress): offered by the new-session form, the hand screen's "Phase N"
toggle beside each player with the phase's text (the player who went out
ticked already), RULES.md §8.2's taps counted, the sheet's phases, a session
played to its end with the winner among those who completed phase 10, a
change recomputing, and the session's exports (text, CSV, PDF, picture) and
statistics, in English and Norwegian."""

from __future__ import annotations

import json

import pytest
from hand_taps import HandTaps
from screen_table import Table, tap

from app.i18n import set_language, use_language
from app.messages import describe_error
from app.reports.exports import FORMATS, export_file
from app.ui.hand_entry.progress_panel import stage_button_text
from app.ui.state import NewSessionDraft
from app.ui.state.game_draft import GameDraft
from app.ui.state.hand_screen import HandScreen, points_shown
from app.ui.state.progress_draft import stage_label
from app.ui.state.session_screen import progress_text, winner_text
from models import services
from scoring import BUILTIN_GAME_IDS, GameDefinitionError, builtin_definition
from scoring.definition import read_definition, write_definition

SEATS = ["Ada", "Bo", "Cy"]

#: RULES.md §8.1 example 1: Ada goes out, Bo completed phase 1 and holds 7,
#: 11, Wild; Cy did not and holds 1, 4, 4, 6, 8, 9, 10, 12, Skip, Wild.
HAND_1 = (
    "Ada",
    ("Bo",),
    {"Bo": ["low", "high", "wild"], "Cy": ["low"] * 6 + ["high", "high", "skip", "wild"]},
)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def start(table: Table) -> int:
    draft = NewSessionDraft()
    draft.select_game("phase_10")
    for name in SEATS:
        draft.add_player(name)
    game, players, chosen = draft.start_args()
    assert game == "phase_10" and chosen == {}
    view = table.call(services.start_session, game_id=game, players=list(players), options=chosen)
    return view.id


def play(taps: HandTaps, sid: int, went_out, completed, left) -> HandScreen:
    """One hand as the taps enter it: who went out, who else completed the
    phase, the cards left, save (confirming warnings when asked)."""
    screen = taps.enter_hand(sid)
    taps.went_out(screen, went_out)
    for player in completed:
        taps.completed(screen, player)
    for player, faces in left.items():
        for face in faces:
            taps.card(screen, player, face)
    if not taps.save(screen):
        assert screen.warning_lines, screen.problem(screen.preview())
        assert tap(screen.save_anyway)
    return screen


def test_the_new_session_form_offers_phase_10():
    draft = NewSessionDraft()
    assert "phase_10" in draft.games() and "phase_10" in BUILTIN_GAME_IDS
    draft.select_game("phase_10")
    for name in SEATS:
        draft.add_player(name)
    # no number ends it (its last phase does): none is offered, none shown
    assert not draft.number_choosable() and draft.presets()[0].value is None
    assert draft.start_args() == ("phase_10", tuple(SEATS), {})


def test_hand_1_takes_17_taps_and_the_one_out_is_ticked_already(db) -> None:
    table = Table()
    sid = start(table)
    assert progress_text(table.session(sid)) == "Ada, Bo and Cy on phase 1 of 10"
    taps = HandTaps(table.new_hand)
    screen = taps.enter_hand(sid)
    draft = screen.draft
    assert [str(k.card) for k in draft.keypad] == ["low", "high", "skip", "wild"]
    assert [k.points for k in draft.keypad] == [5, 10, 15, 25]
    assert stage_button_text(draft, "Bo") == "Phase 1"
    assert draft.progress.text("Bo").en == "2 sets of 3"
    taps.went_out(screen, "Ada")
    assert draft.progress.is_ticked("Ada", draft.went_out)  # no tap for the one out
    draft.toggle_completed("Ada")  # a tap on it changes nothing
    assert draft.progress.completed(draft.went_out) == ("Ada",)
    went_out, completed, left = HAND_1
    assert went_out == "Ada"
    for player in completed:
        taps.completed(screen, player)
    for player, faces in left.items():
        for face in faces:
            taps.card(screen, player, face)
    assert [points_shown(screen.preview(), p) for p in SEATS] == ["0", "40", "90"]
    assert taps.save(screen)
    assert taps.count == 17  # RULES.md §8.2: 1 + (1 + 3) + 10, with Enter hand and Save hand
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Ada": 0, "Bo": 40, "Cy": 90}
    assert [stage_label(view, p) for p in SEATS] == ["phase 2", "phase 2", "phase 1"]
    assert progress_text(view) == "Ada and Bo on phase 2 of 10"
    (line,) = view.hands
    stored = table.call(services.get_hand, session_id=sid, number=1).hand
    assert stored.completed == ("Ada", "Bo") and line.went_out == "Ada"
    # the next hand: each plays their own phase
    screen = table.new_hand(sid)
    assert [screen.draft.progress.stage(p) for p in SEATS] == [2, 2, 1]
    assert screen.draft.progress.text("Cy").en == "2 sets of 3"
    assert screen.draft.progress.text("Ada").en == "1 set of 3 + 1 run of 4"
    with use_language("nb"):
        assert stage_label(view, "Cy") == "fase 1"
        assert stage_button_text(screen.draft, "Ada") == "Fase 2"


def _to_the_last_hand(taps: HandTaps, sid: int) -> None:
    """RULES.md §8.1 example 2 before its last hand: Ada 145 on phase 10, Bo
    170 on phase 10, Cy 95 on phase 8 (nine hands, typed points)."""
    for number in range(9):
        screen = taps.enter_hand(sid)
        draft = screen.draft
        draft.set_went_out("Cy" if number == 0 else "Ada")
        for player in SEATS:
            if (number < 7 or player != "Cy") and player != draft.went_out:
                draft.toggle_completed(player)
        if number == 0:
            for player, points in (("Ada", "145"), ("Bo", "170")):
                draft.toggle_plain(player)
                draft.set_plain(player, points)
        if number == 1:
            draft.toggle_plain("Cy")
            draft.set_plain("Cy", "95")
        if not tap(screen.save):
            assert tap(screen.save_anyway)


def test_a_session_is_played_to_its_end_and_a_change_recomputes_the_winner(db) -> None:
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    _to_the_last_hand(taps, sid)
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Ada": 145, "Bo": 170, "Cy": 95}
    assert [stage_label(view, p) for p in SEATS] == ["phase 10", "phase 10", "phase 8"]
    play(taps, sid, "Bo", ("Ada",), {"Ada": ["low", "high"], "Cy": ["low"] * 8 + ["high"] * 2})
    view = table.session(sid)
    assert view.finished
    assert dict(view.standings.totals) == {"Ada": 160, "Bo": 170, "Cy": 155}
    assert view.standings.winners == ("Ada",)
    assert dict(view.standings.places) == {"Ada": 1, "Bo": 2, "Cy": 3}
    assert [stage_label(view, p) for p in SEATS] == ["phase 10 ✓", "phase 10 ✓", "phase 8"]
    assert progress_text(view) == "Finished after 10 hands"
    assert "Ada" in winner_text(view) and "Cy" not in winner_text(view)
    # the last hand changed: Ada did not lay phase 10 down after all; Bo wins with 170
    screen = table.change_hand(sid, 10)
    assert screen.draft.progress.is_ticked("Ada", screen.draft.went_out)
    assert screen.draft.progress.stage("Ada") == 10
    screen.draft.toggle_completed("Ada")
    assert tap(screen.save)
    changed = table.session(sid)
    assert changed.finished and changed.standings.winners == ("Bo",)
    assert dict(changed.standings.places) == {"Bo": 1, "Ada": 2, "Cy": 3}


def test_a_hand_gone_out_without_the_phase_is_refused_in_one_line(db) -> None:
    """A stored hand cannot be made so on the screen (the one out is always
    ticked), but the rules refuse it in one line in both languages."""
    game = builtin_definition("phase_10")
    from scoring import Hand, HandError, game_for

    rules = game_for("phase_10", game)
    with pytest.raises(HandError) as caught:
        rules.score_hand(rules.default_options(), SEATS, Hand("Ada", {}, completed=()))
    assert describe_error(caught.value) == "Ada: went out, so the phase was completed: tick it"
    with use_language("nb"):
        assert "\n" not in describe_error(caught.value)


def test_the_exports_and_the_statistics_of_a_finished_session(db) -> None:
    from app import storage

    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    _to_the_last_hand(taps, sid)
    play(taps, sid, "Bo", ("Ada",), {"Ada": ["low", "high"], "Cy": ["low"] * 8 + ["high"] * 2})
    view = table.session(sid)
    assert view.finished
    for fmt in FORMATS:
        for lang in ("en", "nb"):
            made = export_file(engine=storage.engine(), session_id=sid, fmt=fmt, lang=lang)
            assert made.filename.startswith("kortpoeng-phase-10-") and made.data
            if fmt in ("txt", "csv"):
                text = made.data.decode("utf-8-sig")
                assert all(str(t) in text for t in (160, 170, 155))
            if fmt == "json":
                data = json.loads(made.data)
                assert data["version"] == 3 and data["hands"][-1]["completed"] == ["Ada", "Bo"]
    stats = table.call(services.game_statistics, game_id="phase_10")
    (game,) = stats
    assert game.game_id == "phase_10" and game.sessions == 1 and game.lowest_wins
    (winner,) = [p for p in game.players if p.wins]
    assert winner.player == "Ada" and winner.hands == 10


def test_the_editor_keeps_the_phases_through_a_copy():
    phases = builtin_definition("phase_10")
    assert GameDraft.editing(phases, None).definition() == phases
    copy = GameDraft.copy_of(phases, names=("Familiefaser", "Family Phases"), game_id="fphases")
    assert copy.problem() is None
    made = copy.definition()
    assert (made.id, made.progress, made.end) == ("fphases", phases.progress, phases.end)
    assert json.loads(write_definition(made))["version"] == 2


def test_a_phase_count_of_0_is_refused_in_one_line_in_both_languages():
    data = json.loads(write_definition(builtin_definition("phase_10")))
    data["progress"] = {"stages": []}
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    assert describe_error(caught.value) == "Progress › phases needs at least 1 entry"
    with use_language("nb"):
        assert "\n" not in describe_error(caught.value)


def test_the_rules_screen_lists_the_phases_and_says_the_end():
    from app.game_text import rules_text

    with use_language("en"):
        text = dict(rules_text("phase_10"))
        lines = text["Phases"].splitlines()
        assert lines[0] == "1. 2 sets of 3" and lines[9] == "10. 1 set of 5 + 1 set of 3"
        assert text["The end"].startswith(
            "The session ends after the hand in which a player completes phase 10, the last."
        )
        assert "the lowest total of them wins" in text["The end"]
        assert "1–9" in text["Card values"] and "25" in text["Card values"]
    with use_language("nb"):
        text = dict(rules_text("phase_10"))
        assert text["Faser"].splitlines()[0] == "1. 2 sett à 3"


def test_the_table_screen_ranks_by_phase_then_total(db) -> None:
    """The TV's table (issue 29) follows the places of RULES.md §8: Bo, on
    phase 2 with 40, above Cy on phase 1 with 10."""
    from app.ui.state.table_screen import board

    table = Table()
    sid = start(table)
    play(HandTaps(table.new_hand), sid, "Ada", ("Bo",), {"Bo": ["low"] * 8, "Cy": ["low", "low"]})
    shown = board(table.session(sid))
    assert [(line.player, line.total, line.place) for line in shown.lines] == [
        ("Ada", "0", 1),
        ("Bo", "40", 2),
        ("Cy", "10", 3),
    ]
    assert shown.progress == "Ada and Bo on phase 2 of 10"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Hand 1: Cy has 11 cards left, but each hand deals only 10"),
        ("nb", "Runde 1: Cy har 11 kort igjen, men hver runde gir bare 10"),
    ],
)
def test_more_than_the_10_cards_dealt_asks_before_saving(db, lang: str, said: str) -> None:
    """RULES.md §8 *Warnings*: Cy entered with 11 cards (10 are dealt). The
    save asks, saying so (before: it saved without a word); *Save anyway*
    keeps it."""
    set_language(lang)
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    screen = taps.enter_hand(sid)
    taps.went_out(screen, "Ada")
    for face in ["low"] * 7 + ["high", "high", "skip", "wild"]:
        taps.card(screen, "Cy", face)
    taps.card(screen, "Bo", "low")
    assert not taps.save(screen)
    assert screen.warning_lines == [said]
    assert tap(screen.save_anyway)
    assert dict(table.session(sid).standings.totals)["Cy"] == 95
