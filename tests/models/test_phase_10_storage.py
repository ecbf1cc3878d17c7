"""A session of Phase 10 (RULES.md §8) stored on a real SQLite file: each
hand's completed players stored by seat and read back as entered, the score
sheet's stages (a new engine reading the stored sheet), the end and winner
of §8.1, a hand gone out without the phase refused with nothing stored,
edits and deletes recomputing, and export → import → export the same
version 3 file (SESSION_FORMAT.md)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from models.db import make_engine
from models.services import (
    delete_hand,
    edit_hand,
    export_session,
    get_hand,
    import_session,
    open_session,
    record_hand,
    start_session,
)
from scoring import Hand, HandError, game_for

pytestmark = pytest.mark.sqlite_only

GAME = game_for("phase_10")
SEATS = ["Ada", "Bo", "Cy"]
HAND_1 = Hand(
    "Ada",
    {"Bo": GAME.parse_leftover(["low", "high", "wild"]), "Cy": 90},
    completed=("Ada", "Bo"),
)


def _before_last() -> list[Hand]:
    """RULES.md §8.1 example 2 before its last hand: Ada 145 on phase 10,
    Bo 170 on phase 10, Cy 95 on phase 8 (nine hands)."""
    every = ("Ada", "Bo", "Cy")
    hands = [Hand("Cy", {"Ada": 145, "Bo": 170}, completed=every)]
    hands.append(Hand("Ada", {"Cy": 95}, completed=every))
    hands += [Hand("Ada", {}, completed=every)] * 5
    return hands + [Hand("Ada", {}, completed=("Ada", "Bo"))] * 2


LAST = Hand("Bo", {"Ada": GAME.parse_leftover(["low", "high"]), "Cy": 60}, completed=("Ada", "Bo"))


def _session(engine, hands):
    view = start_session(engine=engine, game_id="phase_10", players=SEATS)
    for hand in hands:
        view = record_hand(engine=engine, session_id=view.id, hand=hand, confirm_warnings=True)
    return view


def test_completed_is_stored_by_seat_and_read_back_as_entered(engine, db_path):
    view = _session(engine, [HAND_1])
    assert view.standings.totals == {"Ada": 0, "Bo": 40, "Cy": 90}
    assert view.standings.stages == {"Ada": 1, "Bo": 1, "Cy": 0}
    with engine.connect() as connection:
        entry = connection.execute(
            text("SELECT entry FROM hand WHERE number = 1 AND session_id = :s"), {"s": view.id}
        ).scalar_one()
        scores = connection.execute(
            text("SELECT scores FROM score_sheet_chunk WHERE session_id = :s"), {"s": view.id}
        ).scalar_one()
    stored = json.loads(entry) if isinstance(entry, str) else entry
    assert stored["completed"] == ["0", "1"]
    assert json.loads(scores)["done"] == (3).to_bytes(8, "little").hex()  # seats 0 and 1
    again = make_engine(f"sqlite:///{db_path}")  # the stored sheet, read by a new engine
    try:
        detail = get_hand(engine=again, session_id=view.id, number=1)
        assert detail.hand.completed == ("Ada", "Bo")
        reopened = open_session(engine=again, session_id=view.id)
        assert reopened.standings.stages == {"Ada": 1, "Bo": 1, "Cy": 0}
    finally:
        again.dispose()


def test_the_session_ends_with_the_winner_among_those_who_completed_phase_10(engine, db_path):
    view = _session(engine, [*_before_last(), LAST])
    assert view.finished
    assert view.standings.totals == {"Ada": 160, "Bo": 170, "Cy": 155}
    assert view.standings.winners == ("Ada",)
    assert view.standings.places == {"Ada": 1, "Bo": 2, "Cy": 3}
    again = make_engine(f"sqlite:///{db_path}")
    try:
        reopened = open_session(engine=again, session_id=view.id)
        assert reopened.finished and reopened.standings.winners == ("Ada",)
    finally:
        again.dispose()


def test_going_out_without_the_phase_is_refused_and_nothing_is_stored(engine):
    view = _session(engine, [HAND_1])
    with pytest.raises(HandError) as caught:
        record_hand(
            engine=engine, session_id=view.id, hand=Hand("Cy", {"Ada": 5}, completed=("Ada",))
        )
    assert (caught.value.code, caught.value.player) == ("went_out_without_stage", "Cy")
    after = open_session(engine=engine, session_id=view.id)
    assert len(after.hands) == 1 and after.standings.stages == view.standings.stages


def test_an_edit_or_a_delete_recomputes_the_end_and_the_winner(engine):
    view = _session(engine, [*_before_last(), LAST])
    alone = Hand(LAST.went_out, LAST.left, completed=("Bo",))  # Ada did not lay phase 10 down
    edited = edit_hand(
        engine=engine, session_id=view.id, number=10, hand=alone, confirm_warnings=True
    )
    assert edited.finished and edited.standings.winners == ("Bo",)
    assert edited.standings.places == {"Bo": 1, "Ada": 2, "Cy": 3}
    reopened = delete_hand(engine=engine, session_id=view.id, number=10)
    table = open_session(engine=engine, session_id=view.id)
    assert reopened is not None and not table.finished and table.standings.winners == ()
    assert table.standings.stages == {"Ada": 9, "Bo": 9, "Cy": 7}


def test_export_import_export_gives_the_same_version_3_file(engine):
    view = _session(engine, [HAND_1])
    exported = export_session(engine=engine, session_id=view.id)
    data = json.loads(exported)
    assert data["version"] == 3 and data["game"] == "phase_10"
    assert data["hands"][0]["completed"] == ["Ada", "Bo"]
    imported = import_session(engine=engine, data=exported, as_new=True)
    assert imported.standings.stages == view.standings.stages
    again = export_session(engine=engine, session_id=imported.id)
    assert json.loads(again)["hands"] == data["hands"]
