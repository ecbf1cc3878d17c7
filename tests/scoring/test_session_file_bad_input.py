"""Bad session files found by the QA pass: refused with a typed error (never a
silent loss or a crash), or accepted where a user would expect it (a BOM)."""

from __future__ import annotations

import json

import pytest

from scoring import Hand, OptionError, SessionFileError, game_for, read_session, score_session
from scoring.errors import HandError
from scoring.rules import MAX_OPTION, MAX_POINTS, check_name, player_key

BASE = {
    "format": "kortpoeng-session",
    "version": 1,
    "game": "rummy",
    "players": ["Ingrid", "Åse"],
    "hands": [{"went_out": "Ingrid", "left": {"Åse": ["K", "7", "A"]}}],
}


def doc(**changes):
    return {**BASE, **changes}


def test_a_utf8_byte_order_mark_is_skipped():
    text = json.dumps(BASE, ensure_ascii=False)
    assert read_session("\ufeff" + text) == read_session(text)
    assert read_session(b"\xef\xbb\xbf" + text.encode()) == read_session(text)


def test_crlf_line_endings_are_fine():
    text = json.dumps(BASE, ensure_ascii=False, indent=2).replace("\n", "\r\n")
    assert read_session(text).players == ("Ingrid", "Åse")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"format": "kortpoeng-session", "game": "rummy", "game": "swedish_rummy"}', "game"),
        (
            '{"format": "kortpoeng-session", "version": 1, "game": "rummy", '
            '"players": ["A", "B"], "hands": [{"went_out": "A", '
            '"left": {"B": ["K"], "B": ["7"]}}]}',
            "B",
        ),
    ],
)
def test_a_key_given_twice_is_refused_not_overwritten(text, field):
    with pytest.raises(SessionFileError) as caught:
        read_session(text)
    assert caught.value.code == "file_duplicate_key"
    assert caught.value.field == field


def test_the_same_player_twice_in_left_is_refused():
    hand = {"went_out": "Ingrid", "left": {"Åse": ["K"], "åse": ["7"]}}
    with pytest.raises(HandError) as caught:
        read_session(doc(hands=[hand]))
    error = caught.value
    assert (error.code, error.hand, error.player) == ("player_repeated", 1, "Åse")
    assert error.field == "hands[1].left"


def test_a_lone_surrogate_is_refused_with_its_field():
    text = json.dumps(doc(players=["In\ud800grid", "Åse"], hands=[]))
    assert "\\ud800" in text
    with pytest.raises(SessionFileError) as caught:
        read_session(text)
    assert (caught.value.code, caught.value.field) == ("file_text", "players[1]")
    note = json.dumps(doc(hands=[{"went_out": "Ingrid", "note": "x\udc00"}]))
    with pytest.raises(SessionFileError) as caught:
        read_session(note)
    assert caught.value.field == "hands[1].note"


def test_an_emoji_written_as_a_surrogate_pair_is_fine():
    text = json.dumps(doc(players=["🃏 Kari", "Åse"], hands=[]))  # ensure_ascii: \ud83c\udccf
    assert read_session(text).players[0] == "🃏 Kari"


@pytest.mark.parametrize("version", ["1", 1.0, True])
def test_a_version_that_only_looks_like_1_is_refused(version):
    with pytest.raises(SessionFileError) as caught:
        read_session(doc(version=version))
    assert caught.value.code == "file_version"
    if version == "1":
        assert caught.value.params["value"] == '"1"'  # not the confusing "version 1"


@pytest.mark.parametrize("name", [1, None, ["Ingrid"]])
def test_a_player_that_is_not_text_names_the_field(name):
    with pytest.raises(SessionFileError) as caught:
        read_session(doc(players=[name, "Åse"], hands=[]))
    assert (caught.value.code, caught.value.field) == ("file_type", "players[1]")


def test_json_errors_carry_line_and_column():
    with pytest.raises(SessionFileError) as caught:
        read_session('{\n  "format": "kortpoeng-session",\n  "version": 1,')
    assert caught.value.code == "file_json"
    assert caught.value.params["line"] == 3


@pytest.mark.parametrize("points", [MAX_POINTS + 1, 10**30])
def test_points_beyond_any_hand_are_refused(points):
    with pytest.raises(SessionFileError) as caught:
        read_session(doc(hands=[{"went_out": "Ingrid", "left": {"Åse": points}}]))
    assert caught.value.code == "points_too_large"
    assert caught.value.params["maximum"] == MAX_POINTS
    assert caught.value.hand == 1 and caught.value.player == "Åse"
    # the same limit holds for a hand built in code (the app's hand entry)
    game = game_for("rummy")
    hand = Hand("Ingrid", {"Åse": points})
    with pytest.raises(HandError) as caught:
        game.score_hand(game.default_options(), ("Ingrid", "Åse"), hand)
    assert caught.value.code == "points_too_large"


def test_points_at_the_limit_are_fine():
    result = score_session(
        read_session(doc(hands=[{"went_out": "Ingrid", "left": {"Åse": MAX_POINTS}}]))
    )
    assert result.standings.totals["Åse"] == MAX_POINTS


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("swedish_rummy", {"target": 10**20}),
        ("rummy", {"rounds": MAX_OPTION + 1}),
        ("four_suit_rummy", {"target": 10**30}),
    ],
)
def test_options_beyond_the_maximum_are_refused(game, options):
    with pytest.raises(OptionError) as caught:
        game_for(game).options_from_dict(options)
    assert caught.value.code == "option_too_large"
    assert caught.value.params["maximum"] == MAX_OPTION


@pytest.mark.parametrize("name", ["\u202eIngrid", "Ing\u2066rid", "In\ud800grid", "A\x85B"])
def test_names_with_direction_overrides_or_surrogates_are_refused(name):
    with pytest.raises(OptionError) as caught:
        check_name(name)
    assert caught.value.code == "player_name_control"


@pytest.mark.parametrize("name", ["\u200b", " \u200d\u200e "])
def test_a_name_of_only_invisible_characters_is_empty(name):
    with pytest.raises(OptionError) as caught:
        check_name(name)
    assert caught.value.code == "player_name_empty"


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ingrid", "INGRID"), ("Åse", "A\u030ase"), ("Kari", "ＫＡＲＩ")],
)
def test_names_that_look_the_same_are_the_same_player(first, second):
    assert player_key(first) == player_key(second)
    with pytest.raises(OptionError) as caught:
        read_session(doc(players=[first, second], hands=[]))
    assert caught.value.code == "player_duplicate"


def test_a_name_with_an_invisible_character_is_refused_not_merged():
    """ "Ing\u200brid" was the same player as "Ingrid" (and shown as her):
    an invisible character is refused in words now (issue 26, item 9)."""
    with pytest.raises(OptionError) as caught:
        read_session(doc(players=["Ingrid", "Ing\u200brid"], hands=[]))
    assert caught.value.code == "player_name_invisible"
    assert caught.value.params == {"code": "U+200B", "unicode_name": "ZERO WIDTH SPACE"}


def test_emoji_names_with_joiners_are_fine():
    family = "👨\u200d👩\u200d👧"
    session = read_session(
        doc(players=[family, "Åse"], hands=[{"went_out": family, "left": {"Åse": ["K"]}}])
    )
    assert session.players[0] == family
