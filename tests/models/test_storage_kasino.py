"""Kasino through the database (RULES.md §5; SESSION_FORMAT.md ``captured``):
the piles stored as entered and read back, the worked figures' standings, an
edit recomputing the end, warnings asked and confirmed, export and import."""

from __future__ import annotations

import json

import pytest

from models.errors import WarningsNeedConfirmation
from models.services import (
    edit_hand,
    export_session,
    get_hand,
    import_session,
    open_session,
    record_hand,
    start_session,
)
from scoring import Hand, HandError, Pile


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


def deal(**piles: Pile) -> Hand:
    return Hand(None, captured=piles)


#: RULES.md §5.2 example 1, a deal that makes the totals before example 3
#: (Kari 19, Ola 18), and example 3 (tests/scoring/test_kasino.py).
EXAMPLE_1 = deal(Kari=pile(29, 8, "10D AS AH", 2), Ola=pile(23, 5, "2S AD AC", 1))
BEFORE_3 = (EXAMPLE_1, deal(Kari=pile(20, 5, "", 9), Ola=pile(32, 8, "10D 2S AS AH AD AC", 3)))
EXAMPLE_3 = deal(Kari=pile(26, 7, "2S AS AH"), Ola=pile(26, 6, "10D AD AC", 1))


def test_a_session_to_21_stored_read_back_and_ended_with_a_shared_win(engine):
    view = start_session(engine=engine, game_id="kasino", players=["Kari", "Ola"])
    for hand in (*BEFORE_3, EXAMPLE_3):
        view = record_hand(engine=engine, session_id=view.id, hand=hand)
    assert [h.points for h in view.hands] == [
        {"Kari": 10, "Ola": 4},
        {"Kari": 9, "Ola": 14},
        {"Kari": 4, "Ola": 5},
    ]
    assert view.standings.totals == {"Kari": 23, "Ola": 23}
    assert view.standings.finished and view.standings.winners == ("Kari", "Ola")
    # what was entered comes back as entered (nothing derived again)
    stored = get_hand(engine=engine, session_id=view.id, number=1)
    assert stored.hand.captured == EXAMPLE_1.captured
    # the session opened again from the database says the same
    again = open_session(engine=engine, session_id=view.id)
    assert again.standings.totals == {"Kari": 23, "Ola": 23}
    # an edit recomputes: Ola's sweep taken off the last deal, Kari wins alone
    edited = Hand(
        None,
        captured={
            "Kari": EXAMPLE_3.captured["Kari"],
            "Ola": Pile(26, {"S": 6}, ("10D", "AD", "AC")),
        },
    )
    view = edit_hand(engine=engine, session_id=view.id, number=3, hand=edited)
    assert view.standings.totals == {"Kari": 23, "Ola": 22}
    assert view.standings.winners == ("Kari",)


def test_warnings_are_asked_and_an_error_saves_nothing(engine):
    view = start_session(engine=engine, game_id="kasino", players=["Kari", "Ola"])
    short = Hand(None, captured={"Kari": Pile(20, {"S": 5}), "Ola": Pile(20, {"S": 5})})
    with pytest.raises(WarningsNeedConfirmation):
        record_hand(engine=engine, session_id=view.id, hand=short)
    view = record_hand(engine=engine, session_id=view.id, hand=short, confirm_warnings=True)
    assert [w.code for w in view.hands[0].warnings][:2] == ["capture_total", "capture_total"]
    with pytest.raises(HandError) as caught:
        record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand(None, captured={"Kari": Pile(60, {"S": 5})}),
        )
    assert caught.value.code == "count_range"
    assert len(open_session(engine=engine, session_id=view.id).hands) == 1


def test_export_and_import_give_back_the_same_session(engine):
    view = start_session(
        engine=engine, game_id="kasino", players=["Kari", "Ola"], options={"ties": "each"}
    )
    for hand in BEFORE_3:
        view = record_hand(engine=engine, session_id=view.id, hand=hand)
    text = export_session(engine=engine, session_id=view.id)
    data = json.loads(text)
    assert data["version"] == 3 and data["options"] == {"ties": "each"}
    assert data["hands"][0]["captured"]["Kari"]["named"] == ["10D", "AS", "AH"]
    copy = import_session(engine=engine, data=text, as_new=True)
    assert copy.id != view.id
    assert copy.standings.totals == view.standings.totals == {"Kari": 19, "Ola": 18}
    assert (
        export_session(engine=engine, session_id=copy.id).replace(
            json.loads(export_session(engine=engine, session_id=copy.id))["id"], data["id"]
        )
        == text
    )


def test_partnerships_stored_and_read_back_with_a_row_a_pair(engine):
    from scoring import OptionError

    with pytest.raises(OptionError) as caught:
        start_session(
            engine=engine,
            game_id="kasino",
            players=["Kari", "Ola", "Per"],
            options={"partners": True},
        )
    assert caught.value.code == "teams_uneven"
    view = start_session(
        engine=engine,
        game_id="kasino",
        players=["Kari", "Ola", "Per", "Liv"],
        options={"partners": True},
    )
    example_4 = deal(Kari=pile(30, 9, "10D 2S AS", 1), Ola=pile(22, 4, "AH AD AC", 2))
    view = record_hand(engine=engine, session_id=view.id, hand=example_4)
    assert view.standings.totals == {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}
    assert get_hand(engine=engine, session_id=view.id, number=1).hand.captured == (
        example_4.captured
    )
    with pytest.raises(HandError) as refused:
        record_hand(engine=engine, session_id=view.id, hand=deal(Per=pile(30, 9)))
    assert refused.value.code == "teams_player"
