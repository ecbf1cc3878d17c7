"""A session of Kasino in a session file (SESSION_FORMAT.md ``captured``,
version 3): the piles written and read back, the lowest version written, the
shape of a pile checked, and RULES.md §5.2's example 3 scored from a file to
its shared win."""

from __future__ import annotations

import json

import pytest
from test_kasino import BEFORE_3, EXAMPLE_1, EXAMPLE_3

from scoring import (
    Hand,
    HandError,
    Pile,
    SessionDoc,
    SessionFileError,
    check_hand,
    game_for,
    read_session,
    score_session,
    write_session,
)

GAME = game_for("kasino")
PLAYERS = ("Kari", "Ola")


def doc(*hands: Hand, **options) -> SessionDoc:
    return SessionDoc("kasino", GAME.options_from_dict(options), PLAYERS, tuple(hands))


def test_a_kasino_session_is_written_as_version_3_and_read_back_equal():
    session = doc(*BEFORE_3, EXAMPLE_3)
    text = write_session(session)
    data = json.loads(text)
    assert data["version"] == 3 and "definition" in data
    assert data["hands"][0] == {
        "went_out": None,
        "left": {},
        "captured": {
            "Kari": {"cards": 29, "S": 8, "named": ["10D", "AS", "AH"], "sweep": 2},
            "Ola": {"cards": 23, "S": 5, "named": ["2S", "AD", "AC"], "sweep": 1},
        },
    }
    again = read_session(text)
    assert again.hands == session.hands
    assert write_session(again) == text
    result = score_session(again)
    assert result.standings.totals == {"Kari": 23, "Ola": 23}
    assert result.standings.finished and result.standings.winners == ("Kari", "Ola")


def test_a_file_without_piles_is_still_version_2():
    swedish = SessionDoc("swedish_rummy", game_for("swedish_rummy").default_options(), PLAYERS)
    assert json.loads(write_session(swedish))["version"] == 2


def test_a_version_2_file_may_not_say_captured():
    data = json.loads(write_session(doc(EXAMPLE_1)))
    data["version"] = 2
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(data))
    assert (caught.value.code, caught.value.field) == ("file_unknown_field", "hands[1].captured")


def test_a_pile_names_players_as_seated_and_its_cards_in_any_notation():
    data = json.loads(write_session(doc(EXAMPLE_1)))
    data["hands"][0]["captured"] = {
        "kari": {"cards": 29, "S": 8, "named": ["♦10", "A♠", "AH", "AH"], "sweep": 2},
        "OLA": {"S": 5, "cards": 23, "named": ["2S", "AD", "AC"], "sweep": 1},
    }
    session = read_session(json.dumps(data))
    assert session.hands[0].captured["Kari"].named == ("10D", "AS", "AH")
    assert list(session.hands[0].captured) == ["Kari", "Ola"]
    assert score_session(session).hand_scores[0].points == {"Kari": 10, "Ola": 4}


@pytest.mark.parametrize(
    ("pile", "code", "field"),
    [
        ([], "file_not_object", "hands[1].captured.Kari"),
        ({"cards": "29"}, "file_type", "hands[1].captured.Kari.cards"),
        ({"S": 2.0}, "file_type", "hands[1].captured.Kari.S"),
        ({"named": ["10"]}, "file_type", "hands[1].captured.Kari.named[1]"),
        ({"named": "10D"}, "file_type", "hands[1].captured.Kari.named"),
        ({"Sweep": 1}, "file_unknown_field", "hands[1].captured.Kari.Sweep"),
        ({"sweep": True}, "file_type", "hands[1].captured.Kari.sweep"),
    ],
)
def test_a_pile_of_the_wrong_shape_is_refused_naming_where(pile, code, field):
    data = json.loads(write_session(doc(EXAMPLE_1)))
    data["hands"][0]["captured"]["Kari"] = pile
    with pytest.raises(SessionFileError) as caught:
        read_session(json.dumps(data))
    assert (caught.value.code, caught.value.field, caught.value.hand) == (code, field, 1)


def test_a_count_the_rules_cannot_score_is_refused_when_the_file_is_scored():
    data = json.loads(write_session(doc(EXAMPLE_1)))
    data["hands"][0]["captured"]["Kari"]["cards"] = 53
    session = read_session(json.dumps(data))  # a whole number: the file's shape is right
    with pytest.raises(HandError) as caught:
        score_session(session)
    assert (caught.value.code, caught.value.player, caught.value.hand) == ("count_range", "Kari", 1)


def test_a_negative_count_is_refused_when_the_file_is_scored_with_its_range():
    """-1 is a whole number, so the file's shape is right; its range (0 to the
    cards in play) is scoring's to say, as for 53 (it was refused by the
    reader as "a count, 0 or more", which 10^30 also is)."""
    data = json.loads(write_session(doc(EXAMPLE_1)))
    data["hands"][0]["captured"]["Kari"]["cards"] = -1
    session = read_session(json.dumps(data))
    with pytest.raises(HandError) as caught:
        score_session(session)
    assert (caught.value.code, caught.value.player, caught.value.hand) == ("count_range", "Kari", 1)
    assert caught.value.params["maximum"] == 52


def test_check_hand_checks_a_pile_made_in_code():
    seated = check_hand(Hand(None, captured={"kari": Pile(29, {"S": 8}, ("AS",))}), PLAYERS)
    assert seated.captured == {"Kari": Pile(29, {"S": 8}, ("AS",))}
    with pytest.raises(SessionFileError):
        check_hand(Hand(None, captured={"Kari": {"cards": 29}}), PLAYERS)
    with pytest.raises(SessionFileError):
        check_hand(Hand(None, captured={"Kari": Pile(29.5)}), PLAYERS)


def test_a_session_in_partnerships_round_trips_and_uneven_seats_are_refused():
    from scoring import OptionError

    example_4 = Hand(
        None,
        captured={
            "Kari": Pile(30, {"S": 9}, ("10D", "2S", "AS"), {"sweep": 1}),
            "Ola": Pile(22, {"S": 4}, ("AH", "AD", "AC"), {"sweep": 2}),
        },
    )
    four = ("Kari", "Ola", "Per", "Liv")
    session = SessionDoc("kasino", GAME.options_from_dict({"partners": True}), four, (example_4,))
    text = write_session(session)
    assert json.loads(text)["options"] == {"partners": True}
    again = read_session(text)
    # (the options compared as data: the game read from the file may be
    # another object for the same rules once the rules cache has moved on)
    assert again.rules.options_to_dict(again.options) == {"partners": True}
    assert (again.players, again.hands) == (session.players, session.hands)
    assert score_session(again).standings.totals == {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}
    data = json.loads(text)
    data["players"] = ["Kari", "Ola", "Per"]
    data["hands"] = []
    with pytest.raises(OptionError) as caught:
        read_session(json.dumps(data))
    assert caught.value.code == "teams_uneven"
