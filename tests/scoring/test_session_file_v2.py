"""Session files version 2 (SESSION_FORMAT.md): a game defined as data travels
with its definition, hands carry their flags and a game's own faces; version 1
files still read."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scoring_helpers import played

from scoring import (
    Face,
    GameDefinitionError,
    Hand,
    OptionError,
    SessionDoc,
    SessionFileError,
    builtin_definition,
    game_for,
    read_session,
    score_session,
    write_session,
)
from scoring.definition import definition_to_dict

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


def _uno():
    """Colour Cards under an id no app has built in."""
    return dataclasses.replace(builtin_definition("colour_cards"), id="family_uno")


def _uno_doc(**fields) -> dict:
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "family_uno",
        "definition": definition_to_dict(_uno()),
        "players": ["Kari", "Ola"],
        "hands": [{"went_out": "Kari", "left": {"Ola": ["wild", "draw_two", "nine"]}}],
    }
    doc.update(fields)
    return doc


def test_a_custom_game_scores_from_the_definition_in_the_file():
    """Mattel's scoring: Wild 50 + Draw Two 20 + a 9 = 79 to the one who went out."""
    doc = read_session(json.dumps(_uno_doc()))
    assert doc.definition == _uno()
    assert doc.hands[0].left["Ola"] == (Face("wild"), Face("draw_two"), Face("nine"))
    assert score_session(doc).standings.totals == {"Kari": 79, "Ola": 0}


def test_written_files_are_version_2_and_carry_a_data_games_definition():
    doc = read_session(json.dumps(_uno_doc()))
    text = write_session(doc)
    written = json.loads(text)
    assert written["version"] == 2
    assert list(written)[:5] == ["format", "version", "game", "definition", "options"]
    assert written["definition"] == definition_to_dict(_uno())
    assert read_session(text) == doc and write_session(read_session(text)) == text
    # a built-in data game's session carries the definition it was played by
    hearts = SessionDoc("hearts", game_for("hearts").default_options(), ("A", "B", "C"))
    assert json.loads(write_session(hearts))["definition"]["id"] == "hearts"
    # a coded game's does not
    assert "definition" not in json.loads(
        write_session(read_session((SAMPLES / "rummy.json").read_text()))
    )


@pytest.mark.parametrize("name", ["swedish_rummy", "rummy", "four_suit_rummy"])
def test_version_1_files_still_read_and_score_the_same(name):
    text = (SAMPLES / f"{name}.json").read_text(encoding="utf-8")
    old = json.loads(text)
    old["version"] = 1
    as_v1 = read_session(json.dumps(old))
    assert as_v1 == read_session(text)
    assert score_session(as_v1).standings == score_session(read_session(text)).standings
    assert write_session(as_v1) == text  # written again as version 2


def test_version_1_has_no_definition_field():
    doc = _uno_doc(version=1)
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(doc))
    assert (caught.value.code, caught.value.field) == ("file_unknown_field", "definition")


def test_a_custom_game_without_its_definition_is_unknown():
    doc = _uno_doc()
    del doc["definition"]
    with pytest.raises(OptionError) as caught:
        read_session(json.dumps(doc))
    assert caught.value.code == "game_unknown"


def test_the_definition_must_be_the_files_game():
    doc = _uno_doc(game="crazy_eights")
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(doc))
    assert caught.value.code == "file_definition_game"
    assert caught.value.params == {"value": "family_uno", "game": "crazy_eights"}


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (lambda d: d["keys"][0].update(points=-1), "definition_range", "definition.keys[1].points"),
        (lambda d: d.update(version=3), "definition_version", "definition.version"),
        (lambda d: d.update(extra=True), "definition_unknown_field", "definition.extra"),
        (lambda d: d.pop("name"), "definition_missing", "definition.name"),
    ],
)
def test_a_bad_definition_in_a_file_names_its_field(change, code, field):
    doc = _uno_doc()
    change(doc["definition"])
    with pytest.raises(GameDefinitionError) as caught:
        read_session(json.dumps(doc))
    assert (caught.value.code, caught.value.field) == (code, field)


def test_the_definition_must_be_an_object():
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(_uno_doc(definition="colour_cards")))
    assert (caught.value.code, caught.value.field) == ("file_type", "definition")


def test_flags_are_read_and_written_with_seated_names():
    """Hearts (Bicycle): shooting the moon gives everyone else 26."""
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "hearts",
        "players": ["Anna", "Bjørn", "Cato"],
        "hands": [
            {"went_out": None, "left": {"anna": ["QS"]}, "flags": {"moon": "CATO"}},
        ],
    }
    read = read_session(json.dumps(doc))
    assert read.hands[0].flags == {"moon": "Cato"}
    assert score_session(read).standings.totals == {"Anna": 26, "Bjørn": 26, "Cato": 0}
    assert json.loads(write_session(read))["hands"][0]["flags"] == {"moon": "Cato"}


@pytest.mark.parametrize(
    ("flags", "error", "code"),
    [
        ({"moon": "Nobody"}, "HandError", "unknown_player"),
        ({"": "Anna"}, "SessionFileError", "file_type"),
        ({"moon\u202e": "Anna"}, "SessionFileError", "file_type"),
        ("moon", "SessionFileError", "file_type"),
    ],
)
def test_bad_flags_are_refused(flags, error, code):
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "hearts",
        "players": ["Anna", "Bjørn", "Cato"],
        "hands": [{"went_out": None, "left": {}, "flags": flags}],
    }
    with pytest.raises(Exception) as caught:
        read_session(json.dumps(doc))
    assert type(caught.value).__name__ == error and caught.value.code == code
    assert caught.value.hand == 1


_FACES = [k.id for k in _uno().keys]


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Kari", "Ola", "Per"]),
            st.lists(st.sampled_from(_FACES), max_size=6),
            st.lists(st.sampled_from(_FACES), max_size=6),
        ),
        max_size=8,
    )
)
def test_data_game_sessions_round_trip_through_the_file(rows):
    """Whatever hands of a custom game are written, reading the file back gives
    the same document and the same scores (while the target is not reached)."""
    game = played(_uno())
    players = ("Kari", "Ola", "Per")
    hands = []
    for went_out, a, b in rows:
        others = [p for p in players if p != went_out]
        left = {
            others[0]: tuple(Face(f) for f in a),
            others[1]: tuple(Face(f) for f in b),
        }
        hands.append(Hand(went_out, {p: c for p, c in left.items() if c}))
    options = game.options_from_dict({"target": 1_000_000})
    doc = SessionDoc("family_uno", options, players, tuple(hands), definition=_uno())
    text = write_session(doc)
    back = read_session(text)
    assert back == doc
    assert score_session(back).standings == score_session(doc).standings
