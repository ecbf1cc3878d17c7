"""A session of Plump (RULES.md §7) stored on a real SQLite file: its hands'
bids and made bids (or tricks) stored by seat and read back as entered, the
totals, end and winner of §7.1, a refused bid storing nothing, edits
recomputing, and export → import → export giving the same version 3 file
(SESSION_FORMAT.md)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from models.db import make_engine
from models.services import (
    edit_hand,
    export_session,
    get_hand,
    import_session,
    open_session,
    record_hand,
    start_session,
)
from scoring import Hand, HandError

pytestmark = pytest.mark.sqlite_only

SEATS = ["Kari", "Ola", "Per", "Liv"]
DEAL_1 = Hand(None, bids={"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4}, made=("Kari", "Ola", "Per"))
DEAL_2 = Hand(None, bids={"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3}, made=("Ola", "Per", "Liv"))


def _later(number: int) -> Hand:
    """Deal ``number`` (3–22): everyone bids 0, one player in turn makes it."""
    return Hand(None, bids=dict.fromkeys(SEATS, 0), made=(SEATS[number % 4],))


def _session(engine, hands=(DEAL_1, DEAL_2)):
    view = start_session(engine=engine, game_id="plump", players=SEATS)
    for hand in hands:
        view = record_hand(engine=engine, session_id=view.id, hand=hand)
    return view


def test_the_bids_are_stored_by_seat_and_read_back_as_entered(engine, db_path):
    view = _session(engine)
    assert view.standings.totals == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 13}
    assert view.standings.rounds == 22 and not view.finished
    with engine.connect() as connection:
        entry = connection.execute(
            text("SELECT entry FROM hand WHERE number = 2 AND session_id = :s"), {"s": view.id}
        ).scalar_one()
    stored = json.loads(entry) if isinstance(entry, str) else entry
    assert stored == {
        "left": {},
        "bids": {"0": 4, "1": 1, "2": 0, "3": 3},
        "made": ["1", "2", "3"],
    }
    # a new engine on the same file: the hand reads back as it was entered
    again = make_engine(f"sqlite:///{db_path}")
    try:
        detail = get_hand(engine=again, session_id=view.id, number=2)
        assert detail.hand.bids == DEAL_2.bids and detail.hand.made == DEAL_2.made
        assert detail.score.points == {"Kari": 0, "Ola": 11, "Per": 5, "Liv": 13}
        reopened = open_session(engine=again, session_id=view.id)
        assert reopened.standings.totals == view.standings.totals
    finally:
        again.dispose()


def test_a_bid_above_the_hand_size_is_refused_and_nothing_is_stored(engine):
    view = _session(engine)
    with pytest.raises(HandError) as caught:  # deal 3 has 8 cards
        record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand(None, bids={"Kari": 9, "Ola": 0, "Per": 0, "Liv": 0}, made=()),
        )
    assert (caught.value.code, caught.value.player, caught.value.params["cards"]) == (
        "bid_range",
        "Kari",
        8,
    )
    after = open_session(engine=engine, session_id=view.id)
    assert len(after.hands) == 2 and after.standings.totals == view.standings.totals


def test_an_edit_recomputes_and_the_session_ends_after_deal_22(engine):
    view = _session(engine, [DEAL_1, DEAL_2, *(_later(n) for n in range(3, 23))])
    assert view.finished and view.standings.winners == ("Ola",)
    assert view.standings.totals == {"Kari": 37, "Ola": 49, "Per": 42, "Liv": 38}
    # Liv made her 4 in deal 1 after all (tricks entered): +14, she leads
    tricks = {"Kari": 2, "Ola": 3, "Per": 1, "Liv": 4}
    edited = edit_hand(
        engine=engine,
        session_id=view.id,
        number=1,
        hand=Hand(None, bids=DEAL_1.bids, tricks=tricks),
        confirm_warnings=True,
    )
    assert edited.standings.totals == {"Kari": 37, "Ola": 49, "Per": 30, "Liv": 52}
    assert edited.standings.winners == ("Liv",)
    assert get_hand(engine=engine, session_id=view.id, number=1).hand.tricks == tricks


def test_export_import_export_gives_the_same_version_3_file(engine):
    view = _session(engine)
    exported = export_session(engine=engine, session_id=view.id)
    data = json.loads(exported)
    assert data["version"] == 3 and data["game"] == "plump"
    assert data["hands"][0] == {
        "went_out": None,
        "bids": {"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4},
        "made": ["Kari", "Ola", "Per"],
        "played_at": data["hands"][0]["played_at"],
    }
    imported = import_session(engine=engine, data=exported, as_new=True)
    assert imported.standings.totals == view.standings.totals
    again = export_session(engine=engine, session_id=imported.id)
    assert json.loads(again)["hands"] == data["hands"]
