"""Recording, editing, deleting hands: RULES.md worked figures through the database."""

from __future__ import annotations

import pytest
from sqlmodel import select
from storage_helpers import FSR_EXAMPLE_1, FSR_EXAMPLE_2, dump, hand

from models.errors import HandNotFound, SessionNotFound, WarningsNeedConfirmation
from models.services import (
    delete_hand,
    edit_hand,
    get_hand,
    list_sessions,
    open_session,
    record_hand,
    start_session,
    undo_last_hand,
)
from models.tables import HandRow, SessionRow
from scoring import CardParseError, HandError, OptionError


def test_swedish_blocked_hand_lowest_collects(engine):
    view = start_session(engine=engine, game_id="swedish_rummy", players=["A", "B", "C"])
    blocked = hand(None, {"A": ["10S", "2H"], "B": ["10C", "10H"], "C": ["KS", "QH", "JC", "5S"]})
    view = record_hand(engine=engine, session_id=view.id, hand=blocked)
    # 12, 20 and 35 left: the player on 12 scores 8 + 23 = 31
    assert view.hands[0].points == {"A": 31, "B": 0, "C": 0}
    assert view.hands[0].leftover == {"A": 12, "B": 20, "C": 35}
    assert view.standings.totals == {"A": 31, "B": 0, "C": 0}


def test_swedish_action_cards_count_twenty(engine):
    view = start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["A", "B"],
        options={"reverse_queens": True, "draw_two": True},
    )
    assert view.options_dict == {"draw_two": True, "reverse_queens": True} or view.options_dict == {
        "reverse_queens": True,
        "draw_two": True,
    }
    view = record_hand(engine=engine, session_id=view.id, hand=hand("A", {"B": ["Q", "8", "2"]}))
    assert view.standings.totals == {"A": 90, "B": 0}


def test_rummy_penalty_points(engine):
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    view = record_hand(
        engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": ["K", "7", "A"]})
    )
    assert view.standings.totals == {"Kari": 0, "Ola": 18}
    assert view.standings.rounds_left == 4
    assert view.standings.places == {"Kari": 1, "Ola": 2}


def test_four_suit_rummy_example_1(engine):
    view = start_session(engine=engine, game_id="four_suit_rummy", players=["Anna", "Bjørn"])
    view = record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_1)
    assert view.standings.totals == {"Anna": 155, "Bjørn": 110}
    detail = get_hand(engine=engine, session_id=view.id, number=1)
    assert sum(item.points for item in detail.score.breakdown["Anna"]) == 155
    assert detail.hand.went_out == "Anna"
    assert detail.warnings == ()


def test_warnings_need_confirmation_and_nothing_is_saved(engine):
    view = start_session(engine=engine, game_id="four_suit_rummy", players=["Anna", "Bjørn"])
    before = dump(engine)
    with pytest.raises(WarningsNeedConfirmation) as caught:
        record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_2)
    # Example 2 puts 9♦ in both players' runs
    assert caught.value.code == "warnings_need_confirmation"
    assert any(w.code == "card_count" and w.card == "9D" for w in caught.value.warnings)
    assert all(w.hand == 1 for w in caught.value.warnings)
    assert dump(engine) == before

    view = record_hand(engine=engine, session_id=view.id, hand=FSR_EXAMPLE_2, confirm_warnings=True)
    assert view.standings.totals == {"Anna": 201, "Bjørn": 210}
    assert [w.card for w in view.hands[0].warnings if w.code == "card_count"] == ["9D"]
    # re-opened from the database the confirmed warnings are still there
    again = open_session(engine=engine, session_id=view.id)
    assert again.hands[0].warnings == view.hands[0].warnings
    # editing the note only: the same warnings need no second confirmation
    import dataclasses

    edited = edit_hand(
        engine=engine,
        session_id=view.id,
        number=1,
        hand=dataclasses.replace(FSR_EXAMPLE_2, note="9♦ twice, we know"),
    )
    assert edited.hands[0].note == "9♦ twice, we know"


def test_errors_save_nothing(engine):
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    before = dump(engine)
    with pytest.raises(HandError) as caught:
        record_hand(engine=engine, session_id=view.id, hand=hand("Per", {"Ola": ["K"]}))
    assert caught.value.code == "unknown_player"
    assert caught.value.hand == 1
    with pytest.raises(HandError) as caught:
        record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Kari": ["K"]}))
    assert caught.value.code == "went_out_holds_cards"
    with pytest.raises(CardParseError):
        hand("Kari", {"Ola": ["Z9"]})
    with pytest.raises(SessionNotFound):
        record_hand(engine=engine, session_id=999, hand=hand("Kari", {"Ola": ["K"]}))
    assert dump(engine) == before


def test_names_in_hand_match_seats_case_insensitively(engine):
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    view = record_hand(engine=engine, session_id=view.id, hand=hand(" kari", {"OLA": ["K"]}))
    assert view.hands[0].went_out == "Kari"
    assert view.standings.totals == {"Kari": 0, "Ola": 10}


def _swedish_to_100(engine):
    view = start_session(engine=engine, game_id="swedish_rummy", players=["A", "B"])
    for h in (
        hand("A", {"B": ["10S", "10H"]}),  # A 20
        hand("B", {"A": ["10S", "5H"]}),  # B 15
        hand("A", {"B": ["KS", "QS", "JS"]}),  # A 50
        hand("A", {"B": ["8S"]}),  # A 100: target reached
    ):
        view = record_hand(engine=engine, session_id=view.id, hand=h)
    return view


def test_session_finishes_when_target_reached(engine):
    view = _swedish_to_100(engine)
    assert view.finished
    assert view.standings.finished_after == 4
    assert view.standings.winners == ("A",)
    assert view.finished_at is not None
    assert [line.running["A"] for line in view.hands] == [20, 20, 50, 100]
    assert list_sessions(engine=engine).items[0].winners == ("A",)
    before = dump(engine)
    with pytest.raises(HandError) as caught:
        record_hand(engine=engine, session_id=view.id, hand=hand("B", {"A": ["2"]}))
    assert caught.value.code == "session_over"
    assert dump(engine) == before


def test_deleting_the_hand_that_ended_a_session_reopens_it(engine, db):
    view = _swedish_to_100(engine)
    view = delete_hand(engine=engine, session_id=view.id, number=4).view
    assert not view.finished
    assert view.finished_at is None
    assert view.standings.winners == ()
    assert view.standings.totals == {"A": 50, "B": 15}
    row = db.exec(select(SessionRow)).one()
    assert row.finished_at is None and row.winner_seats == []
    db.rollback()
    summary = list_sessions(engine=engine).items[0]
    assert summary.finished_at is None and summary.winners == () and summary.hand_count == 3


def test_editing_the_ending_hand_reopens_and_undo_then_finishes_again(engine):
    view = _swedish_to_100(engine)
    view = edit_hand(engine=engine, session_id=view.id, number=4, hand=hand("A", {"B": ["2S"]}))
    assert not view.finished
    assert view.standings.totals == {"A": 52, "B": 15}
    view = record_hand(engine=engine, session_id=view.id, hand=hand("B", {"A": ["8S", "8H"]}))
    assert view.finished and view.standings.winners == ("B",)
    assert view.standings.totals == {"A": 52, "B": 115}


def _rummy_four_rounds(engine):
    view = start_session(
        engine=engine, game_id="rummy", players=["A", "B", "C"], options={"rounds": 4}
    )
    for h in (
        hand("A", {"B": ["K"], "C": ["5"]}),
        hand("B", {"A": ["7"], "C": ["2"]}),
        hand("C", {"A": ["3"], "B": ["4"]}),
        hand("A", {"B": ["A"], "C": ["9"]}),
    ):
        view = record_hand(engine=engine, session_id=view.id, hand=h)
    return view


def test_editing_hand_2_of_4_recomputes_later_totals_finish_and_winner(engine):
    view = _rummy_four_rounds(engine)
    assert [dict(line.running) for line in view.hands] == [
        {"A": 0, "B": 10, "C": 5},
        {"A": 7, "B": 10, "C": 7},
        {"A": 10, "B": 14, "C": 7},
        {"A": 10, "B": 15, "C": 16},
    ]
    assert view.finished and view.standings.winners == ("A",)

    view = edit_hand(
        engine=engine,
        session_id=view.id,
        number=2,
        hand=hand("B", {"A": ["K", "Q", "J"], "C": ["A"]}),
    )
    assert [dict(line.running) for line in view.hands] == [
        {"A": 0, "B": 10, "C": 5},
        {"A": 30, "B": 10, "C": 6},
        {"A": 33, "B": 14, "C": 6},
        {"A": 33, "B": 15, "C": 15},
    ]
    assert view.finished
    assert view.standings.winners == ("B", "C")  # equal lowest totals share the win
    assert view.standings.places == {"A": 3, "B": 1, "C": 1}
    # and the same comes back from the database
    again = open_session(engine=engine, session_id=view.id)
    assert again.standings == view.standings
    assert [line.running for line in again.hands] == [line.running for line in view.hands]
    winners = list_sessions(engine=engine).items[0].winners
    assert winners == ("B", "C")


def test_delete_middle_hand_renumbers(engine, db):
    view = _rummy_four_rounds(engine)
    view = delete_hand(engine=engine, session_id=view.id, number=2).view
    assert [line.number for line in view.hands] == [1, 2, 3]
    assert not view.finished and view.standings.rounds_left == 1
    assert view.standings.totals == {"A": 3, "B": 15, "C": 14}
    numbers = db.exec(select(HandRow.number).order_by(HandRow.number)).all()
    assert numbers == [1, 2, 3]
    db.rollback()
    # the hand that was number 3 is now number 2, as entered
    assert get_hand(engine=engine, session_id=view.id, number=2).hand.went_out == "C"


def test_undo_last_hand(engine):
    view = _rummy_four_rounds(engine)
    view = undo_last_hand(engine=engine, session_id=view.id)
    assert len(view.hands) == 3 and not view.finished
    for _ in range(3):
        view = undo_last_hand(engine=engine, session_id=view.id)
    assert view.hands == () and view.standings.totals == {"A": 0, "B": 0, "C": 0}
    with pytest.raises(HandNotFound):
        undo_last_hand(engine=engine, session_id=view.id)


def test_hand_not_found(engine):
    view = _rummy_four_rounds(engine)
    for number in (0, 5, -1):
        with pytest.raises(HandNotFound) as caught:
            edit_hand(engine=engine, session_id=view.id, number=number, hand=hand("A", {}))
        assert caught.value.params == {"session": view.id, "hand": number}
        with pytest.raises(HandNotFound):
            delete_hand(engine=engine, session_id=view.id, number=number)


def test_played_at_defaults_to_now_and_is_kept_on_edit(engine):
    view = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    view = record_hand(engine=engine, session_id=view.id, hand=hand("A", {"B": ["K"]}))
    stamp = view.hands[0].played_at
    assert stamp is not None and ("+" in stamp[10:] or stamp.endswith("Z") or "-" in stamp[10:])
    view = edit_hand(engine=engine, session_id=view.id, number=1, hand=hand("B", {"A": ["Q"]}))
    assert view.hands[0].played_at == stamp
    view = record_hand(
        engine=engine,
        session_id=view.id,
        hand=hand("A", {"B": ["2"]}, played_at="2026-11-29T21:00:00+01:00", note="late"),
    )
    assert view.hands[1].played_at == "2026-11-29T21:00:00+01:00"
    assert view.hands[1].note == "late"


def test_bad_played_at_is_refused(engine):
    view = start_session(engine=engine, game_id="rummy", players=["A", "B"])
    before = dump(engine)
    with pytest.raises(Exception) as caught:
        record_hand(
            engine=engine, session_id=view.id, hand=hand("A", {"B": ["K"]}, played_at="yesterday")
        )
    assert getattr(caught.value, "code", None) == "file_time"
    assert dump(engine) == before


def test_blocked_hand_refused_when_options_forbid_it(engine):
    view = start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["A", "B"],
        options={"reshuffle_discards": True},
    )
    with pytest.raises(HandError) as caught:
        record_hand(engine=engine, session_id=view.id, hand=hand(None, {"A": ["2"], "B": ["3"]}))
    assert caught.value.code == "cannot_block"


def test_unknown_option_refused(engine):
    with pytest.raises(OptionError) as caught:
        start_session(engine=engine, game_id="rummy", players=["A", "B"], options={"jokers": True})
    assert caught.value.code == "option_unknown"
