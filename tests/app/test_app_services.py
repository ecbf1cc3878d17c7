"""The app's service facade and settings, on a temporary database."""

from __future__ import annotations

import pytest

from app import services
from app.services import Settings
from scoring import Hand, parse_cards


def test_settings_round_trip_next_to_the_database(db) -> None:
    assert services.load_settings() == Settings()
    services.save_settings(Settings(language="nb", theme="dark"))
    assert services.settings_path().parent == db
    assert services.load_settings() == Settings("nb", "dark")
    with pytest.raises(ValueError):
        services.save_settings(Settings(language="de"))


def test_unreadable_settings_fall_back_to_defaults(db) -> None:
    services.settings_path().write_text("{not json", encoding="utf-8")
    assert services.load_settings() == Settings()
    services.settings_path().write_text('{"language": "xx", "theme": "dark"}', encoding="utf-8")
    assert services.load_settings() == Settings("system", "dark")


def test_session_list_has_leaders_and_recent_players(db) -> None:
    view = services.start_session("rummy", ["Kari", "Ola"])
    services.record_hand(view.id, Hand("Kari", {"Ola": parse_cards(["K"])}))
    other = services.start_session("swedish_rummy", ["Ola", "Per"])
    items = {item.id: item for item in services.session_list()}
    assert items[view.id].leaders == ("Kari",) and not items[view.id].finished
    assert items[other.id].leaders == ()
    assert services.recent_players()[0] == "Ola"
    services.delete_session(other.id)
    assert other.id not in {i.id for i in services.session_list()}
    services.restore_session(other.id)
    assert other.id in {i.id for i in services.session_list()}


@pytest.mark.parametrize("number", [1, 2, 3])
def test_restore_hand_undoes_a_deletion_at_its_number(db, number) -> None:
    view = services.start_session("rummy", ["Kari", "Ola"], {"rounds": 5})
    entered = [
        Hand("Kari", {"Ola": parse_cards(["K"])}),
        Hand("Ola", {"Kari": parse_cards(["5", "7"])}),
        Hand("Kari", {"Ola": parse_cards(["2"])}),
    ]
    for hand in entered:
        before = services.record_hand(view.id, hand)
    original = [services.get_hand(view.id, n) for n in (1, 2, 3)]
    gone = services.get_hand(view.id, number).hand
    assert len(services.delete_hand(view.id, number).hands) == 2
    after = services.restore_hand(view.id, number, gone)
    assert after.standings.totals == before.standings.totals
    assert [line.points for line in after.hands] == [line.points for line in before.hands]
    restored = [services.get_hand(view.id, n) for n in (1, 2, 3)]
    assert [d.hand for d in restored] == [d.hand for d in original]


def _three_hands(rounds: int = 5):
    view = services.start_session("rummy", ["Kari", "Ola", "Per"], {"rounds": rounds})
    for hand in (
        Hand("Kari", {"Ola": parse_cards(["K"]), "Per": parse_cards(["2"])}),
        Hand("Ola", {"Kari": parse_cards(["5", "7"]), "Per": parse_cards(["3"])}),
        Hand("Per", {"Kari": parse_cards(["9"]), "Ola": parse_cards(["4"])}),
    ):
        view = services.record_hand(view.id, hand)
    return view


def test_editing_a_hand_another_phone_deleted_changes_nothing(db) -> None:
    """Phone A opened hand 2 to change it; phone B deleted hand 2 (hand 3 moved
    up): A's save must not overwrite what is now hand 2."""
    from models.errors import HandChanged

    view = _three_hands()
    seen_by_a = services.get_hand(view.id, 2).hand
    services.delete_hand(view.id, 2)  # phone B
    moved_up = services.get_hand(view.id, 2).hand
    changed = Hand("Ola", {"Kari": 40, "Per": parse_cards(["3"])})
    with pytest.raises(HandChanged) as refused:
        services.edit_hand(view.id, 2, changed, expected=seen_by_a)
    assert refused.value.code == "hand_changed" and refused.value.params["hand"] == 2
    with pytest.raises(HandChanged):
        services.delete_hand(view.id, 2, expected=seen_by_a)
    assert services.get_hand(view.id, 2).hand == moved_up
    assert len(services.open_session(view.id).hands) == 2
    # the hand as it is now can be changed
    services.edit_hand(view.id, 2, changed, expected=moved_up)
    assert services.open_session(view.id).hands[1].points["Kari"] == 40


def test_undo_is_all_or_nothing_and_done_once(db) -> None:
    """Undoing a deletion after the session ended elsewhere changes nothing;
    undoing twice (two taps, two phones) puts the hand back once."""
    from scoring import HandError

    view = _three_hands(rounds=3)
    gone = services.get_hand(view.id, 2).hand
    services.delete_hand(view.id, 2)
    ended = services.record_hand(view.id, Hand("Kari", {"Ola": 5, "Per": 6}))  # phone B
    assert ended.finished and len(ended.hands) == 3
    with pytest.raises(HandError) as refused:
        services.restore_hand(view.id, 2, gone)
    assert refused.value.code == "session_over"
    still = services.open_session(view.id)
    assert [line.points for line in still.hands] == [line.points for line in ended.hands]

    view = _three_hands()
    gone = services.get_hand(view.id, 2).hand
    services.delete_hand(view.id, 2)
    once = services.restore_hand(view.id, 2, gone)
    twice = services.restore_hand(view.id, 2, gone)
    assert len(once.hands) == len(twice.hands) == 3
    assert twice.standings == view.standings


def test_two_phones_saving_the_same_hand_save_it_once(db) -> None:
    """Both phones enter hand 4; the one that saves second is told the hands
    changed (NextHandChanged), and nothing is saved twice."""
    from models.errors import NextHandChanged

    view = _three_hands()
    hand = Hand("Ola", {"Kari": parse_cards(["Q"]), "Per": parse_cards(["4"])})
    services.record_hand(view.id, hand, number=4)  # phone A
    with pytest.raises(NextHandChanged) as refused:
        services.record_hand(view.id, hand, number=4)  # phone B, a moment later
    assert refused.value.params == {"session": view.id, "hand": 4, "next": 5}
    assert len(services.open_session(view.id).hands) == 4
    assert len(services.record_hand(view.id, hand, number=5).hands) == 5


def _four_hands():
    view = services.start_session("rummy", ["Kari", "Ola", "Per"], {"rounds": 8})
    for n in range(4):
        view = services.record_hand(
            view.id, Hand("Kari", {"Ola": n + 1, "Per": 10 * (n + 1)}, note=f"H{n + 1}")
        )
    return view


def _notes(session_id: int) -> list[str]:
    view = services.open_session(session_id)
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
    db, deletes, undo_order
) -> None:
    view = _four_hands()
    undos = []
    for number in deletes:  # each phone reads the hand, then deletes it
        detail = services.get_hand(view.id, number)
        services.delete_hand(view.id, number, expected=detail.hand)
        undos.append(detail)
    for index in undo_order:
        detail = undos[index]
        services.restore_hand(view.id, detail.number, detail.hand, hand_id=detail.hand_id)
    assert _notes(view.id) == ["H1", "H2", "H3", "H4"]
    again = undos[0]  # a second tap on the same undo changes nothing
    services.restore_hand(view.id, again.number, again.hand, hand_id=again.hand_id)
    assert _notes(view.id) == ["H1", "H2", "H3", "H4"]
    assert services.open_session(view.id).standings == _four_hands_standings()


def _four_hands_standings():
    view = _four_hands()
    return services.open_session(view.id).standings
