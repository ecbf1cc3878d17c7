"""The hand screen's model without a browser (issue 27, items 2 and 4): what
is saved, refused, asked and undone, and the numbers the screen shows, with
the real use cases on a SQLite file (:class:`app.ui.state.hand_screen.HandScreen`
driven as the taps drive it, through :class:`screen_table.Table`).

Moved here from the browser suite with every assertion (issue 11, "hand entry
you can trust at the table": tests/e2e/test_entry_trust.py; the games played
through the screens: test_ui_swedish_rummy.py, test_ui_rummy.py,
test_ui_four_suit_rummy.py). What only a browser shows (where a tap lands,
the keyboard, the history, the layout) stayed there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import pytest
from screen_table import Table, held, tap

from app.i18n import set_language, use_language
from app.messages import describe_note
from app.ui.session import progress_text, winner_text
from app.ui.state import HandDraft
from app.ui.state.hand_screen import (
    DELETED,
    DROPPED,
    HandScreen,
    breakdown_shown,
    notes_shown,
    plain_note_shown,
    points_shown,
    status_shown,
)
from app.ui.state.session_list import open_rematch
from models import services
from models.views import SessionView
from scoring import Rank, Suit

P3 = ["Anna", "Bo", "Cato"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- helpers: a session, a hand entered as the taps enter it ---------------------------


def start(table: Table, game: str, players: Sequence[str], **options) -> int:
    """A session started (as the new-session form starts it); its id."""
    view = table.call(services.start_session, game=game, players=list(players), options=options)
    return view.id


def points(screen: HandScreen, player: str) -> str:
    """What ``points-<seat>`` says: the player's points this hand."""
    return points_shown(screen.preview(), player)


def totals(table: Table, session_id: int) -> list[int]:
    """The totals row of the standings, seat by seat (``total-<seat>``)."""
    view = table.session(session_id)
    return [view.standings.totals[p] for p in view.players]


def running(view: SessionView, number: int, player: str) -> int:
    """``running-<hand>-<seat>``: the running total after hand ``number``."""
    return view.hands[number - 1].running[player]


def enter_hand(
    table: Table,
    session_id: int,
    went_out: str | None,
    left: Mapping[str, Sequence[str] | int] = {},
) -> SessionView:
    """The next hand: who went out (``None``: blocked) and each player's
    leftover cards (rank tokens) or typed points; saved, the question about a
    player with nothing entered confirmed (as ``kortpoeng_flows.enter_hand``)."""
    screen = table.new_hand(session_id)
    draft = screen.draft
    assert draft is not None
    if went_out is None:
        draft.set_blocked()
    else:
        draft.set_went_out(went_out)
    for player, cards in left.items():
        if isinstance(cards, int):
            draft.toggle_plain(player)
            draft.set_plain(player, str(cards))
        else:
            held(draft, {player: cards})
    if not tap(screen.save):
        assert screen.warning_lines, screen.problem(screen.preview())
        assert tap(screen.save_anyway)
    return table.session(session_id)


def fifteen(table: Table) -> int:
    """Swedish Rummy to 100 with one hand: Anna went out, Bo held 5 and K."""
    sid = start(table, "swedish_rummy", P3, target=100)
    enter_hand(table, sid, "Anna", {"Bo": ["5", "K"]})
    assert totals(table, sid)[0] == 15
    return sid


# -- issue 11, fault 1: an abandoned edit never comes back -----------------------------


def test_leaving_an_edit_asks_and_the_stored_hand_is_what_opens_next(db) -> None:
    """Bo's 5 and K (15), tap 2 and leave with ←: the unsaved 17 came back
    on the next opening. Leaving now asks; discarding shows 15 again."""
    table = Table()
    sid = fifteen(table)
    screen = table.change_hand(sid, 1)
    assert screen.title == "Change hand 1"
    held(screen.draft, {"Bo": ["2"]})
    assert points(screen, "Anna") == "17"
    table.routes.clear()
    screen.leave()
    assert screen.leaving and table.routes == []  # not saved: leaving asks first
    assert screen.leave_question == "Discard the changes to hand 1?"
    screen.keep_editing()  # "keep editing" stays, with the change
    assert not screen.leaving and table.routes == []
    assert points(screen, "Anna") == "17"
    screen.leave()
    assert screen.leaving
    screen.discard()
    assert not screen.leaving and table.routes == [f"back:/session/{sid}"]
    assert totals(table, sid)[0] == 15
    again = table.change_hand(sid, 1)
    assert points(again, "Anna") == "15"
    assert again.left is None  # no "unsaved changes" notice


def test_an_edit_left_by_the_browser_back_is_offered_never_silently_restored(db) -> None:
    """The browser's (or phone's) back leaves the screen without a word: the
    stored hand opens next, with a notice that offers the unsaved change back;
    a change of who went out likewise."""
    table = Table()
    sid = fifteen(table)
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Bo": ["2"]})
    screen.draft.set_went_out("Cato")  # Cato went out instead
    assert points(screen, "Cato") == "17"
    # (the browser's back: no leave(), the screen just goes)
    assert totals(table, sid)[0] == 15
    again = table.change_hand(sid, 1)
    assert again.left is not None  # "edit-unsaved"
    assert points(again, "Anna") == "15"  # the stored hand
    again.restore_left()
    assert again.left is None
    assert points(again, "Cato") == "17"  # the change, back on request
    table.routes.clear()
    again.leave()
    assert again.leaving
    again.discard()
    assert table.routes == [f"back:/session/{sid}"]
    third = table.change_hand(sid, 1)
    assert points(third, "Anna") == "15"
    assert third.left is None


def test_an_edit_left_unsaved_can_be_thrown_away_from_its_notice(db) -> None:
    """The notice's other way: *Discard the changes* forgets them; the next
    opening offers nothing."""
    table = Table()
    sid = fifteen(table)
    held(table.change_hand(sid, 1).draft, {"Bo": ["2"]})
    again = table.change_hand(sid, 1)
    assert again.left is not None
    again.forget_left()
    assert again.left is None and points(again, "Anna") == "15"
    assert table.change_hand(sid, 1).left is None


def test_a_new_hand_leaves_at_once_and_waits_to_be_continued(db) -> None:
    """← on a new hand does not ask; what was entered waits ("Continue hand N")."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    screen = table.new_hand(sid)
    screen.draft.set_went_out("Anna")
    held(screen.draft, {"Bo": ["K"]})
    screen.leave()
    assert not screen.leaving and table.routes == [f"back:/session/{sid}"]
    assert table.app.has_draft(sid, tuple(P3))
    assert points(table.new_hand(sid), "Anna") == "10"


def test_a_change_that_still_asks_is_saved_only_once_confirmed(db) -> None:
    """A change is asked about as a new hand is (an unlikely card count:
    RULES.md §4); *Save anyway* saves it over the stored hand."""
    table = Table()
    sid = fifteen(table)
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Cato": ["K"] * 8})
    table.routes.clear()
    assert not tap(screen.save)
    assert screen.warning_lines == [
        "Hand 1: king entered 9 times, but the cards in play hold only 4"
    ]
    assert totals(table, sid)[0] == 15 and table.routes == []
    assert tap(screen.save_anyway)
    assert totals(table, sid)[0] == 95
    assert table.routes == [f"back:/session/{sid}"]


# -- issue 11, fault 7: a correction that ends the session earlier ---------------------


def test_a_correction_that_ends_the_session_earlier_offers_to_drop_the_later_hands(db) -> None:
    """Changing hand 1 so that a player reaches the target only said "the
    session had already ended after hand 1". Now it offers to delete the
    later hands with the change, with undo; nothing is lost until chosen."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    enter_hand(table, sid, "Anna", {"Bo": ["5"]})
    enter_hand(table, sid, "Bo", {"Cato": ["K"]})
    enter_hand(table, sid, "Cato", {"Anna": ["3"]})
    assert totals(table, sid)[0] == 5
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Bo": ["8", "8"]})  # 5 + 50 + 50 = 105: Anna reaches 100 in hand 1
    assert points(screen, "Anna") == "105"
    table.routes.clear()
    assert not tap(screen.save)
    problem = screen.problem(screen.preview())
    assert problem is not None  # "hand-error"
    assert "after hand 1" in screen.problem_text(problem)
    offer = screen.drop_offer(problem)  # "session-over-fix"
    assert offer == "Delete hands 2–3 and save" and "2" in offer
    # nothing is lost until the user chooses: the sheet is as it was
    assert table.routes == [] and totals(table, sid) == [5, 10, 3]
    assert tap(screen.save_dropping_later)
    assert table.routes == [f"back:/session/{sid}"]
    view = table.session(sid)
    assert view.finished and view.standings.winners == ("Anna",)  # "winner-banner"
    assert len(view.hands) == 1  # no "hand-row-2"
    assert totals(table, sid) == [105, 0, 0]
    notice = table.app.notice
    assert notice is not None and notice.identifier == DROPPED and notice.undo is not None
    assert notice.text == "Hand 1 changed; 2 later hands deleted"
    assert table.undo() == ""
    view = table.session(sid)
    assert len(view.hands) == 3  # "hand-row-3"
    assert running(view, 1, "Anna") == 5
    assert totals(table, sid) == [5, 10, 3]
    assert not view.finished  # no "winner-banner"


def test_the_offer_to_drop_later_hands_is_only_for_a_change_ending_the_session(db) -> None:
    """One later hand is named alone; a refusal that is no early end offers
    nothing, and another phone's hand meanwhile makes the dropping do nothing."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    enter_hand(table, sid, "Anna", {"Bo": ["5"]})
    enter_hand(table, sid, "Bo", {"Cato": ["K"]})
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Bo": ["8", "8"]})
    assert not tap(screen.save)
    assert screen.drop_offer(screen.problem(screen.preview())) == "Delete hand 2 and save"
    enter_hand(Table(), sid, "Cato", {"Anna": ["3"]})  # another phone: hand 3
    assert not tap(screen.save_dropping_later)
    assert screen.draft.save_error is not None
    assert screen.draft.save_error.code == "hand_changed"
    assert len(table.session(sid).hands) == 3 and totals(table, sid) == [5, 10, 3]
    fresh = table.change_hand(sid, 2)  # a change that ends nothing
    assert fresh.drop_offer(fresh.problem(fresh.preview())) is None


# -- issue 11, fault 8: switching who went out never throws cards away -----------------


def test_switching_who_went_out_keeps_every_card_entered(db) -> None:
    """Pappa holds an 8; tap Pappa as the one who went out, then Kari again:
    Pappa's 8 and Kari's K were gone."""
    players = ["Kari", "Pappa", "Ola"]
    table = Table()
    sid = start(table, "swedish_rummy", players, target=100)
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Ola")
    held(draft, {"Pappa": ["8"], "Kari": ["K"]})
    assert points(screen, "Ola") == "60"
    draft.set_went_out("Pappa")  # no: Pappa went out
    assert re.fullmatch(r"\d+", points(screen, "Pappa"))
    draft.set_went_out("Ola")  # no, it was Ola after all
    assert points(screen, "Ola") == "60"
    assert len(draft.cards["Kari"]) == 1 and len(draft.cards["Pappa"]) == 1  # chip-0-0, chip-1-0
    # typing Pappa's points instead, and back to the cards: the 8 is still there
    draft.toggle_plain("Pappa")
    draft.set_plain("Pappa", "7")
    assert points(screen, "Ola") == "17"
    draft.toggle_plain("Pappa")
    assert points(screen, "Ola") == "60"
    assert "Pappa" not in draft.plain and len(draft.cards["Pappa"]) == 1
    draft.toggle_plain("Pappa")
    assert points(screen, "Ola") == "17"  # and the number typed, too


# -- issue 11, fault 9: a blocked tie says why nobody scores -------------------------


def test_a_blocked_hand_with_a_tie_for_lowest_says_nobody_scores(db) -> None:
    """Blocked, Anna 5, Bo 5, Cato 9 showed all zeros, no reason."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    screen = table.new_hand(sid)
    screen.draft.set_blocked()
    held(screen.draft, {"Anna": ["5"], "Bo": ["5"], "Cato": ["9"]})
    note = notes_shown(screen.preview())  # "hand-note"
    assert "Nobody scores: Anna and Bo share the lowest hand, 5 points each" in note
    assert tap(screen.save)
    view = table.session(sid)
    line = view.hands[0]  # the sheet's "hand-note-1"
    notes = view.rules.hand_notes(line.went_out, line.leftover, line.points)
    said = "\n".join(describe_note(n, line.number) for n in notes)
    assert "Anna and Bo share the lowest hand" in said


# -- issue 11, fault 10 and issue 25, item 2: typed points -----------------------------


def test_typed_points_are_flagged_as_unchecked_and_saved_without_a_second_question(db) -> None:
    """The app said nothing when points were typed instead of cards (RULES.md
    §4); the points are typed as a family counts them, a sum."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Anna")
    draft.toggle_plain("Bo")
    draft.set_plain("Bo", "10+15+8-5")
    assert points(screen, "Anna") == "28"
    assert status_shown(draft, screen.preview(), "Bo") == "28 in cards"  # "left-1"
    note, wrong = plain_note_shown(draft, screen.preview(), "Bo")  # "plain-note-1"
    assert "cannot be checked" in note and not wrong
    held(draft, {"Cato": ["2"]})
    assert points(screen, "Anna") == "30"
    assert tap(screen.save)  # already said: no "please check" question
    assert not draft.warnings
    assert totals(table, sid)[0] == 30


# -- issue 11, fault 12: a deletion's undo -----------------------------------------


def test_a_deleted_hand_is_put_back_by_its_undo_after_the_next_hand_was_opened(db) -> None:
    """Deleting a hand leaves a notice with an undo; the next hand can be
    entered at once, and the undo still works after it."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    enter_hand(table, sid, "Anna", {"Bo": ["5"]})
    enter_hand(table, sid, "Bo", {"Cato": ["K"]})
    screen = table.change_hand(sid, 1)
    table.routes.clear()
    assert tap(screen.delete)
    assert table.routes == [f"back:/session/{sid}"]
    notice = table.app.notice
    assert notice is not None and notice.identifier == DELETED and notice.undo is not None
    assert notice.text == "Hand 1 deleted"
    assert len(table.session(sid).hands) == 1
    assert totals(table, sid) == [0, 10, 0]
    # the next hand can be entered at once, and the undo still works after it
    nxt = table.new_hand(sid)
    assert nxt.title == "Hand 2"
    nxt.leave()
    assert table.undo() == ""
    assert len(table.session(sid).hands) == 2  # "hand-row-2"
    assert totals(table, sid)[0] == 5
    # a second undo changes nothing
    assert table.undo() == "" and len(table.session(sid).hands) == 2


def test_a_deletion_that_cannot_be_put_back_says_why(db) -> None:
    """With the deleted hand back, the session would end before the hands
    saved since: the undo says so and changes nothing."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    enter_hand(table, sid, "Anna", {"Bo": ["8", "8"]})  # Anna 100: the session ends
    assert table.session(sid).finished
    assert tap(table.change_hand(sid, 1).delete)
    enter_hand(Table(), sid, "Bo", {"Cato": ["K"]})  # another phone meanwhile
    said = table.undo()
    assert said == (
        "Hand 1 cannot be put back: with it, the session would end before the hands saved since"
    )
    assert len(table.session(sid).hands) == 1


# -- the new-user evening: a forgotten player --------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Cato did not go out, but no cards were entered for them"),
        ("nb", "Cato gikk ikke ut, men ingen kort er ført opp for Cato"),
    ],
)
def test_a_player_forgotten_in_a_hand_is_asked_about_before_saving(db, lang, expected) -> None:
    """In the last hand of a Rummy session, Cato (who did not go out) was
    forgotten: saved at once with 0 points, and named the winner. The app
    asks first, naming the player, and "Fix it" goes back with everything
    entered kept."""
    set_language(lang)
    table = Table()
    sid = start(table, "rummy", P3)
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Anna")
    held(draft, {"Bo": ["9", "8"]})
    table.routes.clear()
    assert not tap(screen.save)
    assert table.routes == [] and not table.session(sid).hands
    assert any(expected in line for line in screen.warning_lines), screen.warning_lines
    screen.fix_it()  # "warnings-back"
    assert not screen.warning_lines
    assert len(draft.cards["Bo"]) == 2  # Bo's cards kept
    held(draft, {"Cato": ["K"]})
    assert tap(screen.save)  # every player entered: no question
    assert len(table.session(sid).hands) == 1


# -- the busy flag, a stale draft, a refusal in words ------------------------------------


def test_a_tap_while_a_save_is_under_way_does_nothing(db) -> None:
    """A second tap on Save while the first is saving saves nothing more."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    screen = table.new_hand(sid)
    screen.draft.set_went_out("Anna")
    held(screen.draft, {"Bo": ["5"], "Cato": ["2"]})
    preview = screen.preview()
    assert screen.can_save(preview)
    screen.busy = True  # (the first tap's write)
    assert not screen.can_save(preview)
    assert not tap(screen.save) and not tap(screen.delete)
    assert not table.session(sid).hands and table.routes == []
    screen.busy = False
    assert tap(screen.save) and not screen.busy
    assert len(table.session(sid).hands) == 1


def test_a_hand_changed_on_another_phone_is_refused_and_leaving_asks_nothing(db) -> None:
    """Saving a change of a hand another phone changed meanwhile is refused
    in words; the change can no longer be saved, so ← leaves at once."""
    table = Table()
    sid = fifteen(table)
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Bo": ["2"]})
    other = Table().change_hand(sid, 1)
    held(other.draft, {"Cato": ["3"]})
    assert tap(other.save)
    assert not tap(screen.save)
    problem = screen.problem(screen.preview())
    assert problem is not None and "another phone" in screen.problem_text(problem)
    assert totals(table, sid)[0] == 18
    # the screen drawn again (the other phone's write is told to this one):
    # the refusal is still said (it was lost with the draft dropped)
    stored = table.call(services.get_hand, session_id=sid, number=1).hand
    screen.show(table.session(sid), stored)
    problem = screen.problem(screen.preview())
    assert problem is not None and "another phone" in screen.problem_text(problem)
    table.routes.clear()
    screen.leave()
    assert not screen.leaving and table.routes == [f"back:/session/{sid}"]
    again = table.change_hand(sid, 1)  # opened again: afresh, nothing offered
    assert again.left is None and points(again, "Anna") == "18"


def test_a_new_hand_overtaken_by_another_phone_is_discarded_or_kept(db) -> None:
    """Another phone saved hand 1 while this one was entered: Save waits for
    the answer; *Keep as hand 2* saves it as hand 2, *Discard* forgets it."""
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    screen = table.new_hand(sid)
    screen.draft.set_went_out("Anna")
    held(screen.draft, {"Bo": ["5"], "Cato": ["2"]})
    enter_hand(Table(), sid, "Bo", {"Anna": ["K"], "Cato": ["2"]})
    screen.show(table.session(sid))  # the reload the other phone's news brings
    assert screen.overtaken and not screen.can_save(screen.preview())
    assert screen.overtaken_text.startswith("Hand 1 was saved on another phone")
    assert screen.keep_as_label == "Keep as hand 2"
    screen.keep_as_next()
    assert not screen.overtaken and tap(screen.save)
    assert len(table.session(sid).hands) == 2
    again = table.new_hand(sid)
    again.draft.set_went_out("Cato")
    enter_hand(Table(), sid, "Bo", {"Anna": ["2"], "Cato": ["2"]})
    again.show(table.session(sid))
    assert again.overtaken
    table.routes.clear()
    again.discard_overtaken()
    assert table.routes == [f"back:/session/{sid}"]
    assert not table.app.has_draft(sid, tuple(P3))


def test_a_session_that_ends_makes_the_days_backup_and_leaves_the_entry(db) -> None:
    """The save that ends a session returns the finished session to show and
    the day's automatic backup is made (app.backups.maybe_backup)."""
    from app.backups import maybe_backup
    from app.storage import engine

    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100)
    view = enter_hand(table, sid, "Anna", {"Bo": ["8", "8"]})
    assert view.finished
    assert table.app.take_view(sid) is not None  # shown at once, not loaded again
    assert table.told == [sid]
    assert maybe_backup(engine()) is None  # made already today


# -- Swedish Rummy through the screen (test_ui_swedish_rummy) ------------------------


def test_action_cards_reach_the_target_and_the_game_ends(db) -> None:
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=100, draw_two=True, reverse_queens=True)
    # RULES.md: with reverse_queens and draw_two, Q + 8 + 2 = 90.
    enter_hand(table, sid, "Bo", {"Anna": ["Q", "8", "2"]})
    assert totals(table, sid)[1] == 90
    view = enter_hand(table, sid, "Bo", {"Cato": ["K"]})
    assert view.finished  # "winner-banner"; no "new-hand", a "rematch"
    assert "Bo" in winner_text(view)
    assert totals(table, sid) == [0, 100, 0]
    open_rematch(table.app, table.ports, view)  # the form, filled: Start starts it
    form = table.app.new_session
    assert form.rematch_of == sid  # the form says it is a rematch ("rematch-intro")
    assert form.players == ("Bo", "Cato", "Anna") and form.option("draw_two") is True
    new = tap(lambda: form.start(table.ports))
    assert new is not None and not new.finished
    assert totals(table, new.id) == [0, 0, 0]


def test_editing_an_earlier_hand_changes_later_totals(db) -> None:
    table = Table()
    sid = start(table, "swedish_rummy", P3, target=300)
    enter_hand(table, sid, "Anna", {"Bo": ["K"]})
    view = enter_hand(table, sid, "Anna", {"Cato": ["5"]})
    assert running(view, 2, "Anna") == 15
    screen = table.change_hand(sid, 1)
    held(screen.draft, {"Bo": ["8"]})  # Bo held an 8 too: 10 + 50
    assert points(screen, "Anna") == "60"
    assert tap(screen.save)
    view = table.session(sid)
    assert running(view, 1, "Anna") == 60 and running(view, 2, "Anna") == 65
    assert totals(table, sid)[0] == 65
    # delete hand 1: hand 2 becomes hand 1
    assert tap(table.change_hand(sid, 1).delete)
    assert len(table.session(sid).hands) == 1
    assert totals(table, sid)[0] == 5
    # the deletion can be undone: hand 1 is back at its number
    assert table.app.notice is not None and table.app.notice.identifier == DELETED
    assert table.undo() == ""
    view = table.session(sid)
    assert len(view.hands) == 2 and running(view, 1, "Anna") == 60
    assert totals(table, sid)[0] == 65


# -- Rummy in Norwegian (test_ui_rummy) ------------------------------------------------

RUMMY_HANDS = [
    ("Anna", {"Bo": ["5"], "Cato": ["K"], "Dina": ["K"]}),
    ("Bo", {"Anna": ["5"], "Cato": ["K"], "Dina": ["K"]}),
    ("Cato", {"Anna": ["2"], "Bo": ["2"], "Dina": ["K"]}),
    ("Dina", {"Anna": ["3"], "Bo": ["3"], "Cato": ["K"]}),
    ("Cato", {"Anna": ["A"], "Bo": ["A"], "Dina": ["K"]}),
]


def test_five_rounds_in_norwegian_with_a_shared_win(db) -> None:
    """Rummy (penalty scoring), five rounds with four players played to the
    end: the lowest total wins and a tie is shared."""
    set_language("nb")
    players = ["Anna", "Bo", "Cato", "Dina"]
    table = Table()
    sid = start(table, "rummy", players, rounds=5)
    assert "5" in progress_text(table.session(sid))  # "progress"
    for went_out, left in RUMMY_HANDS:
        view = enter_hand(table, sid, went_out, left)
    assert view.finished
    banner = winner_text(view)
    assert "Anna" in banner and "Bo" in banner and "deler seieren" in banner, banner
    assert totals(table, sid) == [11, 11, 30, 40]


# -- Four Suit Rummy (test_ui_four_suit_rummy) ---------------------------------------


def add_run(draft: HandDraft, seat: int, suit: str, ranks: Sequence[str], ace_as=None) -> None:
    """The run builder: *Add run*, the suit, three ranks (the ace's rank when
    asked), *Done*."""
    before = len(draft.runs.get(draft.players[seat], ()))
    draft.open_builder(seat)
    draft.pick_suit(Suit(suit))
    for rank in ranks:
        draft.pick_rank(Rank(rank))
    if ace_as is not None:
        draft.choose_ace(Rank(ace_as))
    assert len(draft.runs.get(draft.players[seat], ())) == before + 1  # "run-<seat>-<n>"
    assert draft.finish_builder()


def test_four_suit_rummy_examples_1_and_2(db) -> None:
    """RULES.md Examples 1 and 2: runs in the run builder, leftover cards on
    the keypad, an ambiguous ace asked for, a warning that needs a confirm."""
    players = ["Anna", "Bjørn"]
    table = Table()
    sid = start(table, "four_suit_rummy", players)

    # Example 1: Anna goes out with four runs; Bjørn laid three and holds 7, 8, K.
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Anna")
    add_run(draft, 0, "H", ["5", "6", "7"])
    add_run(draft, 0, "S", ["5", "6", "7"])
    add_run(draft, 0, "D", ["9", "A", "J"])  # the ace can only be 10: not asked
    add_run(draft, 0, "C", ["A", "Q", "K"])  # the ace can only be J: not asked
    add_run(draft, 1, "H", ["8", "9", "10"])
    add_run(draft, 1, "S", ["8", "A", "10"])
    add_run(draft, 1, "D", ["2", "3", "4"])
    held(draft, {"Bjørn": ["7", "8", "K"]})
    assert points(screen, "Anna") == "155"
    assert points(screen, "Bjørn") == "110"
    breakdown = breakdown_shown(draft, screen.preview(), "Anna")
    assert "4 runs × 20 = 80" in breakdown
    assert "1 matching pair × 50 = 50" in breakdown
    assert "25" in breakdown
    assert tap(screen.save)
    assert totals(table, sid) == [155, 110]

    # Example 2: the ace in A-10-J♣ could be 9 or Q, so the app asks.
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Anna")
    add_run(draft, 0, "H", ["5", "6", "7"])
    add_run(draft, 0, "S", ["5", "6", "7"])
    add_run(draft, 0, "D", ["9", "A", "J"])
    draft.open_builder(0)
    draft.pick_suit(Suit("C"))
    for rank in ("A", "10", "J"):
        draft.pick_rank(Rank(rank))
    assert set(draft.ace_options) == {Rank("9"), Rank("Q")}  # "ace-as-9", "ace-as-Q"
    draft.choose_ace(Rank("9"))
    assert len(draft.runs["Anna"]) == 4  # "run-0-3"
    assert draft.finish_builder()
    add_run(draft, 1, "H", ["8", "9", "10"])
    add_run(draft, 1, "S", ["8", "A", "10"])
    add_run(draft, 1, "D", ["8", "9", "10"])
    held(draft, {"Bjørn": ["4", "7", "J"]})
    assert points(screen, "Anna") == "201"
    assert points(screen, "Bjørn") == "210"
    # 9♦ is in both players' runs: a warning, saved only after a confirm.
    assert not tap(screen.save)
    assert screen.warning_lines and "9" in " ".join(screen.warning_lines)  # "hand-warnings"
    assert len(table.session(sid).hands) == 1
    assert tap(screen.save_anyway)
    assert totals(table, sid) == [356, 320]


def test_four_suit_rummy_invalid_run_and_points_are_refused_and_nothing_is_saved(db) -> None:
    players = ["Anna", "Bjørn"]
    table = Table()
    sid = start(table, "four_suit_rummy", players)
    screen = table.new_hand(sid)
    draft = screen.draft
    draft.set_went_out("Anna")
    draft.open_builder(1)
    draft.pick_suit(Suit("H"))
    for rank in ("2", "5", "9"):
        draft.pick_rank(Rank(rank))
    assert draft.builder_error is not None  # "run-error"
    assert HandScreen.problem_text(draft.builder_error)
    draft.pick_suit(Suit("H"))  # picking the suit again starts the run over
    assert draft.finish_builder()  # "Done"
    # A plain number: empty asks for it; what is no sum of whole numbers is
    # refused in words (never read in part), and a number is taken.
    draft.toggle_plain("Bjørn")
    assert shown_problem(screen) == "Type the points for Bjørn"
    draft.set_plain("Bjørn", "12x")
    assert re.search("“12x” is not a sum of whole numbers", shown_problem(screen))
    draft.set_plain("Bjørn", "12")
    assert points(screen, "Anna") == "12"
    assert screen.problem(screen.preview()) is None  # no "hand-error"
    # An ace still to be chosen: "Done" keeps the run, "Save" refuses.
    draft.open_builder(0)
    draft.pick_suit(Suit("C"))
    for rank in ("A", "10", "J"):
        draft.pick_rank(Rank(rank))
    assert draft.ace_options  # "ace-question"
    assert not draft.finish_builder()
    assert HandScreen.problem_text(draft.builder_error) == "Choose what the ace stands for first"
    assert not tap(screen.save)
    assert shown_problem(screen) == "Finish the run you are building first"
    table.routes.clear()
    screen.leave()
    assert table.routes == [f"back:/session/{sid}"]
    assert not table.session(sid).hands
    assert totals(table, sid) == [0, 0]


def shown_problem(screen: HandScreen) -> str:
    """What ``hand-error`` says ("" when it is not shown)."""
    problem = screen.problem(screen.preview())
    return screen.problem_text(problem) if problem is not None else ""


def test_the_screen_speaks_norwegian_too(db) -> None:
    """The words the model gives the screen follow the language."""
    table = Table()
    sid = fifteen(table)
    with use_language("nb"):
        screen = table.change_hand(sid, 1)
        assert screen.title == "Endre runde 1"
        held(screen.draft, {"Bo": ["2"]})
        screen.leave()
        assert screen.leaving and screen.leave_question == "Forkaste endringene i runde 1?"
