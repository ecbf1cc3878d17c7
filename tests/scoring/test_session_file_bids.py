"""A session file of Plump (SESSION_FORMAT.md version 3: a hand's ``bids``,
``made`` and ``tricks``): written and read back, refused where its shape is
wrong, and scored by ``kortpoeng score``; files without a bids hand are
written as version 2, as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Hand, HandError, SessionFileError, game_for, score_session
from scoring.session_file import SessionDoc, check_hand, read_session, write_session

ROOT = Path(__file__).resolve().parents[2]
PLUMP = game_for("plump")
SEATS = ("Kari", "Ola", "Per", "Liv")
DEAL_1 = Hand(None, bids={"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4}, made=("Kari", "Ola", "Per"))
DEAL_2 = Hand(
    None,
    bids={"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3},
    tricks={"Kari": 5, "Ola": 1, "Per": 0, "Liv": 3},
)


def _doc(*hands: Hand) -> SessionDoc:
    return SessionDoc("plump", PLUMP.default_options(), SEATS, hands or (DEAL_1, DEAL_2))


def _file(*hands: dict) -> dict:
    data = json.loads(write_session(_doc()))
    data["hands"] = list(hands)
    return data


def test_a_plump_session_is_written_as_version_3_and_read_back_equal():
    text = write_session(_doc())
    data = json.loads(text)
    assert data["version"] == 3
    assert data["hands"] == [
        {
            "went_out": None,
            "bids": {"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4},
            "made": ["Kari", "Ola", "Per"],
        },
        {
            "went_out": None,
            "bids": {"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3},
            "tricks": {"Kari": 5, "Ola": 1, "Per": 0, "Liv": 3},
        },
    ]
    doc = read_session(text)
    assert doc.hands == _doc().hands
    assert write_session(doc) == text
    result = score_session(doc)
    assert result.standings.totals == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 13}


def test_nobody_made_is_an_empty_list_and_names_are_seated_in_seat_order():
    data = _file(
        {"went_out": None, "bids": {"liv": 1, "KARI": 0, "Ola": 0, "Per": 0}, "made": []},
        {
            "went_out": None,
            "bids": {"Kari": 0, "Ola": 0, "Per": 0, "Liv": 0},
            "made": ["per", "kari"],
        },
    )
    doc = read_session(json.dumps(data))
    assert list(doc.hands[0].bids) == list(SEATS) and doc.hands[0].made == ()
    assert doc.hands[1].made == ("Kari", "Per")
    assert json.loads(write_session(doc))["hands"][0]["made"] == []


def test_a_file_without_a_bids_hand_is_still_version_2():
    rummy = game_for("rummy")
    doc = SessionDoc("rummy", rummy.default_options(), ("A", "B"), (Hand("A", {"B": 7}),))
    assert json.loads(write_session(doc))["version"] == 2


@pytest.mark.parametrize(
    ("hand", "error", "code", "field"),
    [
        (
            {"went_out": None, "bids": {"Kari": "2"}},
            SessionFileError,
            "file_type",
            "hands[1].bids.Kari",
        ),
        (
            {"went_out": None, "bids": {"Kari": 2.0}},
            SessionFileError,
            "file_type",
            "hands[1].bids.Kari",
        ),
        ({"went_out": None, "bids": [2, 3]}, SessionFileError, "file_type", "hands[1].bids"),
        ({"went_out": None, "bids": {"Eve": 2}}, HandError, "unknown_player", "bids"),
        (
            {"went_out": None, "bids": {"Kari": 2, "kari": 1}},
            HandError,
            "player_repeated",
            "hands[1].bids",
        ),
        ({"went_out": None, "made": "Kari"}, SessionFileError, "file_type", "hands[1].made"),
        (
            {"went_out": None, "made": ["Kari", "Kari"]},
            HandError,
            "player_repeated",
            "hands[1].made",
        ),
        (
            {"went_out": None, "made": ["Kari"], "tricks": {"Kari": 1}},
            SessionFileError,
            "file_unknown_field",
            "hands[1].made",
        ),
        (
            {"went_out": None, "tricks": {"Kari": True}},
            SessionFileError,
            "file_type",
            "hands[1].tricks.Kari",
        ),
    ],
)
def test_a_bids_hand_of_the_wrong_shape_is_refused(hand, error, code, field):
    with pytest.raises(error) as caught:
        read_session(json.dumps(_file(hand)))
    assert (caught.value.code, caught.value.field, caught.value.hand) == (code, field, 1)


def test_a_version_2_file_may_not_hold_a_bids_hand():
    data = _file({"went_out": None, "bids": dict.fromkeys(SEATS, 0), "made": []})
    data["version"] = 2
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(data))
    assert (caught.value.code, caught.value.field) == ("file_unknown_field", "hands[1].bids")


def test_a_bid_above_the_hand_size_in_a_file_is_refused_when_scored():
    data = _file({"went_out": None, "bids": {"Kari": 11, "Ola": 0, "Per": 0, "Liv": 0}, "made": []})
    doc = read_session(json.dumps(data))  # the file's shape is right: scoring refuses it
    with pytest.raises(HandError) as caught:
        score_session(doc)
    assert (caught.value.code, caught.value.hand, caught.value.player) == ("bid_range", 1, "Kari")


def test_check_hand_seats_the_names_of_a_hand_made_in_code():
    hand = Hand(None, bids={"kari": 2, "OLA": 3, "Per": 2, "Liv": 4}, made=("per", "Kari"))
    checked = check_hand(hand, SEATS, 1)
    assert checked.bids == DEAL_1.bids and checked.made == ("Kari", "Per")
    with pytest.raises(SessionFileError) as caught:
        check_hand(Hand(None, bids={"Kari": "2"}), SEATS, 3)
    assert (caught.value.code, caught.value.hand) == ("file_type", 3)


def test_kortpoeng_score_scores_a_plump_file_and_says_its_warning(tmp_path):
    path = tmp_path / "plump.json"
    short = Hand(None, bids=DEAL_2.bids, tricks={**DEAL_2.tricks, "Liv": 2})
    path.write_text(write_session(_doc(DEAL_1, short)), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en", "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["totals"] == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 0}
    assert result["finished"] is False
    assert done.stderr.splitlines() == [
        "Hand 2: The tricks taken add up to 8, but this deal dealt 9 cards each"
    ]


@st.composite
def bids_hands(draw):
    """A bids hand of any shape a file may hold: bids, and who made them or
    the tricks (or neither: a hand scoring refuses, the file keeps)."""
    numbers = st.dictionaries(st.sampled_from(SEATS), st.integers(0, 60), max_size=4)
    bids = draw(st.dictionaries(st.sampled_from(SEATS), st.integers(0, 60), min_size=1))
    result = draw(st.sampled_from(["made", "tricks", "none"]))
    made = None
    tricks: dict[str, int] = {}
    if result == "made":
        made = tuple(p for p in SEATS if p in draw(st.sets(st.sampled_from(SEATS))))
    elif result == "tricks":
        tricks = draw(numbers)
    return Hand(None, bids=bids, made=made, tricks=tricks)


@settings(max_examples=150, deadline=None)
@given(st.lists(bids_hands(), min_size=1, max_size=5))
def test_any_bids_hand_is_written_and_read_back_the_same(hands):
    text = write_session(_doc(*hands))
    assert json.loads(text)["version"] == 3
    again = read_session(text)  # names in seat order, as check_hand puts them
    assert again.hands == tuple(check_hand(h, SEATS, n) for n, h in enumerate(hands, 1))
    canonical = write_session(again)
    assert write_session(read_session(canonical)) == canonical
