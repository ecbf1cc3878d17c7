"""Several phones on one session, through the use cases: a change to a hand
another phone changed or deleted is refused, an undo puts a hand back once and
where it was played, the same hand saved twice is saved once."""

from __future__ import annotations

import pytest

from models.services import (
    delete_hand,
    delete_session,
    edit_hand,
    get_hand,
    insert_hand,
    list_sessions,
    open_session,
    recent_players,
    record_hand,
    restore_session,
    start_session,
)
from scoring import Hand, parse_cards


def test_session_list_has_leaders_and_recent_players(engine) -> None:
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    record_hand(engine=engine, session_id=view.id, hand=Hand("Kari", {"Ola": parse_cards(["K"])}))
    other = start_session(engine=engine, game_id="swedish_rummy", players=["Ola", "Per"])
    items = {item.id: item for item in list_sessions(engine=engine).items}
    assert items[view.id].leaders == ("Kari",) and not items[view.id].finished
    assert items[other.id].hand_count == 0
    assert recent_players(engine=engine)[0] == "Ola"
    delete_session(engine=engine, session_id=other.id)
    assert other.id not in {i.id for i in list_sessions(engine=engine).items}
    restore_session(engine=engine, session_id=other.id)
    assert other.id in {i.id for i in list_sessions(engine=engine).items}


@pytest.mark.parametrize("number", [1, 2, 3])
def test_restore_hand_undoes_a_deletion_at_its_number(engine, number) -> None:
    view = start_session(
        engine=engine, game_id="rummy", players=["Kari", "Ola"], options={"rounds": 5}
    )
    entered = [
        Hand("Kari", {"Ola": parse_cards(["K"])}),
        Hand("Ola", {"Kari": parse_cards(["5", "7"])}),
        Hand("Kari", {"Ola": parse_cards(["2"])}),
    ]
    for hand in entered:
        before = record_hand(engine=engine, session_id=view.id, hand=hand)
    original = [get_hand(engine=engine, session_id=view.id, number=n) for n in (1, 2, 3)]
    gone = get_hand(engine=engine, session_id=view.id, number=number).hand
    assert len(delete_hand(engine=engine, session_id=view.id, number=number).view.hands) == 2
    after = insert_hand(
        engine=engine, session_id=view.id, number=number, hand=gone, confirm_warnings=True
    )
    assert after.standings.totals == before.standings.totals
    assert [line.points for line in after.hands] == [line.points for line in before.hands]
    restored = [get_hand(engine=engine, session_id=view.id, number=n) for n in (1, 2, 3)]
    assert [d.hand for d in restored] == [d.hand for d in original]


def _three_hands(engine, rounds: int = 5):
    view = start_session(
        engine=engine, game_id="rummy", players=["Kari", "Ola", "Per"], options={"rounds": rounds}
    )
    for hand in (
        Hand("Kari", {"Ola": parse_cards(["K"]), "Per": parse_cards(["2"])}),
        Hand("Ola", {"Kari": parse_cards(["5", "7"]), "Per": parse_cards(["3"])}),
        Hand("Per", {"Kari": parse_cards(["9"]), "Ola": parse_cards(["4"])}),
    ):
        view = record_hand(engine=engine, session_id=view.id, hand=hand)
    return view


def test_editing_a_hand_another_phone_deleted_changes_nothing(engine) -> None:
    """Phone A opened hand 2 to change it; phone B deleted hand 2 (hand 3 moved
    up): A's save must not overwrite what is now hand 2."""
    from models.errors import HandChanged

    view = _three_hands(engine)
    seen_by_a = get_hand(engine=engine, session_id=view.id, number=2).hand
    delete_hand(engine=engine, session_id=view.id, number=2)  # phone B
    moved_up = get_hand(engine=engine, session_id=view.id, number=2).hand
    changed = Hand("Ola", {"Kari": 40, "Per": parse_cards(["3"])})
    with pytest.raises(HandChanged) as refused:
        edit_hand(engine=engine, session_id=view.id, number=2, hand=changed, expected=seen_by_a)
    assert refused.value.code == "hand_changed" and refused.value.params["hand"] == 2
    with pytest.raises(HandChanged):
        delete_hand(engine=engine, session_id=view.id, number=2, expected=seen_by_a)
    assert get_hand(engine=engine, session_id=view.id, number=2).hand == moved_up
    assert len(open_session(engine=engine, session_id=view.id).hands) == 2
    # the hand as it is now can be changed
    edit_hand(engine=engine, session_id=view.id, number=2, hand=changed, expected=moved_up)
    assert open_session(engine=engine, session_id=view.id).hands[1].points["Kari"] == 40


def test_undo_is_all_or_nothing_and_done_once(engine) -> None:
    """Undoing a deletion after the session ended elsewhere changes nothing;
    undoing twice (two taps, two phones) puts the hand back once."""
    from scoring import HandError

    view = _three_hands(engine, rounds=3)
    gone = get_hand(engine=engine, session_id=view.id, number=2).hand
    delete_hand(engine=engine, session_id=view.id, number=2)
    ended = record_hand(
        engine=engine, session_id=view.id, hand=Hand("Kari", {"Ola": 5, "Per": 6})
    )  # phone B
    assert ended.finished and len(ended.hands) == 3
    with pytest.raises(HandError) as refused:
        insert_hand(engine=engine, session_id=view.id, number=2, hand=gone, confirm_warnings=True)
    assert refused.value.code == "session_over"
    still = open_session(engine=engine, session_id=view.id)
    assert [line.points for line in still.hands] == [line.points for line in ended.hands]

    view = _three_hands(engine)
    gone = get_hand(engine=engine, session_id=view.id, number=2).hand
    delete_hand(engine=engine, session_id=view.id, number=2)
    once = insert_hand(
        engine=engine, session_id=view.id, number=2, hand=gone, confirm_warnings=True
    )
    twice = insert_hand(
        engine=engine, session_id=view.id, number=2, hand=gone, confirm_warnings=True
    )
    assert len(once.hands) == len(twice.hands) == 3
    assert twice.standings == view.standings


def test_two_phones_saving_the_same_hand_save_it_once(engine) -> None:
    """Both phones enter hand 4; the one that saves second is told the hands
    changed (NextHandChanged), and nothing is saved twice."""
    from models.errors import NextHandChanged

    view = _three_hands(engine)
    hand = Hand("Ola", {"Kari": parse_cards(["Q"]), "Per": parse_cards(["4"])})
    record_hand(engine=engine, session_id=view.id, hand=hand, number=4)  # phone A
    with pytest.raises(NextHandChanged) as refused:
        record_hand(
            engine=engine, session_id=view.id, hand=hand, number=4
        )  # phone B, a moment later
    assert refused.value.params == {"session": view.id, "hand": 4, "next": 5}
    assert len(open_session(engine=engine, session_id=view.id).hands) == 4
    assert len(record_hand(engine=engine, session_id=view.id, hand=hand, number=5).hands) == 5


def _four_hands(engine):
    view = start_session(
        engine=engine, game_id="rummy", players=["Kari", "Ola", "Per"], options={"rounds": 8}
    )
    for n in range(4):
        view = record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand("Kari", {"Ola": n + 1, "Per": 10 * (n + 1)}, note=f"H{n + 1}"),
        )
    return view


def _notes(engine, session_id: int) -> list[str]:
    view = open_session(engine=engine, session_id=session_id)
    return [line.note for line in view.hands]


@pytest.mark.parametrize(
    ("deletes", "undo_order"),
    [
        ((2, 2), (0, 1)),  # A deletes hand 2, B deletes the new hand 2; A undoes, then B
        ((2, 2), (1, 0)),
        ((2, 1), (0, 1)),  # A deletes hand 2, B deletes hand 1
        ((2, 1), (1, 0)),
        ((4, 1), (0, 1)),
    ],
)
def test_undos_from_two_phones_put_hands_back_where_they_were_played(
    engine, deletes, undo_order
) -> None:
    view = _four_hands(engine)
    undos = []
    for number in deletes:  # each phone reads the hand, then deletes it
        detail = get_hand(engine=engine, session_id=view.id, number=number)
        delete_hand(engine=engine, session_id=view.id, number=number, expected=detail.hand)
        undos.append(detail)
    for index in undo_order:
        detail = undos[index]
        insert_hand(
            engine=engine,
            session_id=view.id,
            number=detail.number,
            hand=detail.hand,
            hand_id=detail.hand_id,
            confirm_warnings=True,
        )
    assert _notes(engine, view.id) == ["H1", "H2", "H3", "H4"]
    again = undos[0]  # a second tap on the same undo changes nothing
    insert_hand(
        engine=engine,
        session_id=view.id,
        number=again.number,
        hand=again.hand,
        hand_id=again.hand_id,
        confirm_warnings=True,
    )
    assert _notes(engine, view.id) == ["H1", "H2", "H3", "H4"]
    assert open_session(engine=engine, session_id=view.id).standings == _four_hands_standings(
        engine
    )


def _four_hands_standings(engine):
    view = _four_hands(engine)
    return open_session(engine=engine, session_id=view.id).standings
