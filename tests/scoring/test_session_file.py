"""The session file (SESSION_FORMAT.md): strict reading, canonical writing."""

import copy
import json
from pathlib import Path

import pytest

from scoring import (
    CardParseError,
    HandError,
    OptionError,
    SessionFileError,
    read_session,
    score_session,
    session_to_dict,
    write_session,
)

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"
FSR = json.loads((SAMPLES / "four_suit_rummy.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["four_suit_rummy", "rummy", "swedish_rummy"])
def test_samples_are_canonical_and_round_trip(name):
    text = (SAMPLES / f"{name}.json").read_text(encoding="utf-8")
    doc = read_session(text)
    assert write_session(doc) == text
    assert read_session(write_session(doc)) == doc


def test_sample_figures():
    result = score_session(read_session(FSR))
    assert [dict(p) for p in result.standings.hand_points] == [
        {"Anna": 155, "Bjørn": 110},
        {"Anna": 201, "Bjørn": 210},
    ]
    assert result.standings.totals == {"Anna": 356, "Bjørn": 320}
    rummy = score_session(read_session((SAMPLES / "rummy.json").read_text(encoding="utf-8")))
    assert rummy.standings.totals == {"Ingrid": 45, "Åse": 44, "Øystein": 51, "Per": 56}
    assert rummy.standings.winners == ("Åse",)
    swedish = score_session(
        read_session((SAMPLES / "swedish_rummy.json").read_text(encoding="utf-8"))
    )
    assert swedish.standings.totals == {"Mormor": 0, "Lise": 222, "Jonas": 114}
    assert swedish.standings.finished_after == 4 and swedish.standings.winners == ("Lise",)


def test_lenient_forms_read_into_canonical_ones():
    data = copy.deepcopy(FSR)
    data["hands"][0]["left"] = {
        "bjørn ": ["7", "8", "k"]
    }  # case and spaces in a name, lower case card
    data["hands"][0]["runs"]["Anna"][0] = {"cards": ["5♥", "6♥", "7h"]}
    doc = read_session(data)
    assert session_to_dict(doc)["hands"][0]["left"] == {"Bjørn": ["7", "8", "K"]}
    assert session_to_dict(doc)["hands"][0]["runs"]["Anna"][0] == {"cards": ["5H", "6H", "7H"]}


def _broken(path, value):
    data = copy.deepcopy(FSR)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "error", "code", "field"),
    [
        (("version",), 4, SessionFileError, "file_version", "version"),
        (("version",), True, SessionFileError, "file_version", "version"),
        (("version",), KeyError, SessionFileError, "file_missing", "version"),
        (("format",), "other", SessionFileError, "file_format", "format"),
        (("colour",), "red", SessionFileError, "file_unknown_field", "colour"),
        (("options",), {"target": 500, "jokers": True}, OptionError, "option_unknown", "jokers"),
        (("options",), {"target": "500"}, OptionError, "option_type", "target"),
        (("options",), {"target": 0}, OptionError, "option_range", "target"),
        (("game",), "poker", OptionError, "game_unknown", "game"),
        (("id",), "not-a-uuid", SessionFileError, "file_id", "id"),
        (("started_at",), "yesterday", SessionFileError, "file_time", "started_at"),
        (("started_at",), "2026-11-29T19:30:00", SessionFileError, "file_time", "started_at"),
        (("players",), ["Anna"], OptionError, "player_count", None),
        (("players",), ["Anna", "anna "], OptionError, "player_duplicate", None),
        (("players",), ["Anna", "Bj\x00rn"], OptionError, "player_name_control", None),
        (("players",), "Anna, Bjørn", SessionFileError, "file_type", "players"),
        (("hands", 0, "surprise"), 1, SessionFileError, "file_unknown_field", "hands[1].surprise"),
        (("hands", 1, "went_out"), KeyError, SessionFileError, "file_missing", "hands[2].went_out"),
        (
            ("hands", 1, "left"),
            {"Bjørn": "4 7 J"},
            SessionFileError,
            "file_type",
            "hands[2].left.Bjørn",
        ),
        (
            ("hands", 1, "left"),
            {"Bjørn": -3},
            SessionFileError,
            "bad_points",
            "hands[2].left.Bjørn",
        ),
        (("hands", 0, "rummy"), "yes", SessionFileError, "file_type", "hands[1].rummy"),
    ],
)
def test_strict_reader(path, value, error, code, field):
    with pytest.raises(error) as caught:
        read_session(_broken(path, value))
    assert caught.value.code == code
    assert caught.value.field == field


def test_bad_card_names_hand_player_card_and_position():
    data = _broken(("hands", 1, "left"), {"Bjørn": ["4", "7X", "J"]})
    with pytest.raises(CardParseError) as caught:
        read_session(data)
    err = caught.value
    assert (err.hand, err.player, err.card, err.params["position"]) == (2, "Bjørn", "7X", 2)
    assert str(err) == "hand 2, player Bjørn, left: '7X' is not a card"


def test_unknown_player_in_a_hand():
    with pytest.raises(HandError) as caught:
        read_session(_broken(("hands", 0, "went_out"), "Carl"))
    assert (caught.value.code, caught.value.hand, caught.value.player) == (
        "unknown_player",
        1,
        "Carl",
    )


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "kortpoeng-session"', "\x00"])
def test_not_json_or_not_an_object(text):
    with pytest.raises(SessionFileError):
        read_session(text)


def test_scoring_errors_carry_the_hand():
    data = _broken(("hands", 1, "runs", "Bjørn", 0), {"cards": ["8H", "9H", "JH"]})
    doc = read_session(data)
    with pytest.raises(HandError) as caught:
        score_session(doc)
    assert (caught.value.code, caught.value.hand, caught.value.player) == ("not_a_run", 2, "Bjørn")
