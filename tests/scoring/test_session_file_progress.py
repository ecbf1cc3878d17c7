"""A session file of Phase 10 (SESSION_FORMAT.md version 3: a hand's
``completed``): written and read back, refused where its shape is wrong, and
scored by ``kortpoeng score`` with the winner among those who completed
phase 10 (RULES.md §8.1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import Hand, HandError, SessionFileError, game_for, score_session
from scoring.session_file import SessionDoc, check_hand, read_session, write_session

ROOT = Path(__file__).resolve().parents[2]
GAME = game_for("phase_10")
SEATS = ("Ada", "Bo", "Cy")
HAND_1 = Hand(
    "Ada",
    {"Bo": GAME.parse_leftover(["low", "high", "wild"]), "Cy": 90},
    completed=("Ada", "Bo"),
)


def _doc(*hands: Hand) -> SessionDoc:
    return SessionDoc("phase_10", GAME.default_options(), SEATS, hands or (HAND_1,))


def _file(*hands: dict) -> dict:
    data = json.loads(write_session(_doc()))
    data["hands"] = list(hands)
    return data


def test_a_phase_10_session_is_written_as_version_3_and_read_back_equal():
    text = write_session(_doc())
    data = json.loads(text)
    assert data["version"] == 3
    assert data["hands"] == [
        {
            "went_out": "Ada",
            "left": {"Bo": ["low", "high", "wild"], "Cy": 90},
            "completed": ["Ada", "Bo"],
        }
    ]
    doc = read_session(text)
    assert doc.hands == _doc().hands
    assert write_session(doc) == text
    result = score_session(doc)
    assert result.standings.totals == {"Ada": 0, "Bo": 40, "Cy": 90}
    assert result.standings.stages == {"Ada": 1, "Bo": 1, "Cy": 0}


def test_nobody_completed_is_kept_as_an_empty_list():
    hand = Hand("Ada", {}, completed=())
    data = json.loads(write_session(_doc(hand)))
    assert data["hands"][0]["completed"] == []
    assert read_session(json.dumps(data)).hands[0].completed == ()


def test_a_file_without_completed_is_written_as_version_2():
    data = json.loads(write_session(_doc(Hand("Ada", {"Bo": 5}))))
    assert data["version"] == 2 and "completed" not in data["hands"][0]


def test_names_are_seated_in_seat_order():
    data = _file({"went_out": "bo", "left": {}, "completed": ["cy", "BO"]})
    assert read_session(json.dumps(data)).hands[0].completed == ("Bo", "Cy")
    assert check_hand(Hand("Bo", {}, completed=("cy", "Bo")), SEATS, 1).completed == ("Bo", "Cy")


@pytest.mark.parametrize(
    ("completed", "error", "code", "field"),
    [
        ("Ada", SessionFileError, "file_type", "hands[1].completed"),
        (["Ada", "Zed"], HandError, "unknown_player", "completed"),
        (["Ada", "ada"], HandError, "player_repeated", "hands[1].completed"),
    ],
)
def test_a_bad_completed_is_refused_naming_the_field(completed, error, code, field):
    data = _file({"went_out": "Ada", "left": {}, "completed": completed})
    with pytest.raises(error) as caught:
        read_session(json.dumps(data))
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_version_2_file_may_not_say_completed():
    data = _file({"went_out": "Ada", "left": {}, "completed": ["Ada"]})
    data["version"] = 2
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(data))
    assert (caught.value.code, caught.value.field) == ("file_unknown_field", "hands[1].completed")


def _example_2() -> list[Hand]:
    """RULES.md §8.1 example 2: nine hands to Ada 145 (phase 10), Bo 170
    (phase 10), Cy 95 (phase 8), then the last hand."""
    hands = [Hand("Cy", {"Ada": 145, "Bo": 170}, completed=("Ada", "Bo", "Cy"))]
    hands.append(Hand("Ada", {"Cy": 95}, completed=("Ada", "Bo", "Cy")))
    hands += [Hand("Ada", {}, completed=("Ada", "Bo", "Cy"))] * 5
    hands += [Hand("Ada", {}, completed=("Ada", "Bo"))] * 2
    last = {"Ada": GAME.parse_leftover(["low", "high"]), "Cy": 60}
    return [*hands, Hand("Bo", last, completed=("Ada", "Bo"))]


def test_kortpoeng_score_names_the_winner_among_those_who_completed_phase_10(tmp_path):
    path = tmp_path / "phase10.json"
    path.write_text(write_session(_doc(*_example_2())), encoding="utf-8")
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
    assert result["totals"] == {"Ada": 160, "Bo": 170, "Cy": 155}
    assert result["stages"] == {"Ada": 10, "Bo": 10, "Cy": 7}
    assert result["ranks"] == {"Ada": 1, "Bo": 2, "Cy": 3}
    assert (result["finished"], result["winners"]) == (True, ["Ada"])


def test_kortpoeng_score_says_a_hand_gone_out_without_the_phase_in_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(write_session(_doc(Hand("Ada", {"Bo": 5}, completed=("Bo",)))), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "score", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": "en", "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "Hand 1, Ada: went out, so the phase was completed: tick it"
    ]
