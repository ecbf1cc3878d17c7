"""A player who went out on the last turn (RULES.md §6 Five Crowns; issue
28): the definition's ``also_out`` (GAME_FORMAT.md version 2), a hand's
``also_out`` scored 0 with no warning, refused where it cannot be, and kept
in a session file (SESSION_FORMAT.md version 3) whose older versions still
read."""

from __future__ import annotations

import json

import pytest

from scoring import GameDefinitionError, Hand, HandError, SessionFileError, parse_cards
from scoring.codes import ErrorCode, WarningCode
from scoring.definition import read_definition, write_definition
from scoring.registry import builtin_definition, game_for
from scoring.session_file import SessionDoc, read_session, write_session

GAME = game_for("five_crowns")
OPTIONS = GAME.default_options()
PLAYERS = ("Ada", "Bo", "Cy", "Di")
#: RULES.md §6.1 round 1: Ada goes out, Di went out on the last turn.
ROUND_1 = Hand(
    "Ada",
    {"Bo": parse_cards(["3H", "8C", "JS"]), "Cy": parse_cards(["JKR", "5", "9D"])},
    also_out=("Di",),
)


def test_five_crowns_says_others_may_go_out_on_their_last_turn():
    definition = builtin_definition("five_crowns")
    assert definition.also_out and definition.version == 2
    assert json.loads(write_definition(definition))["also_out"] is True
    assert read_definition(write_definition(definition)) == definition
    for other in ("rummy", "swedish_rummy", "phase_10", "plump", "kasino"):
        assert not builtin_definition(other).also_out


def test_round_1_scores_di_0_with_no_warning():
    """RULES.md §6.1 round 1: Bo 39, Cy 64, Ada and Di 0; before, Di (entered
    with nothing) was a ``no_cards`` warning."""
    score = GAME.score_hand(OPTIONS, PLAYERS, ROUND_1, 1)
    assert score.points == {"Ada": 0, "Bo": 39, "Cy": 64, "Di": 0}
    assert score.warnings == ()
    unmarked = Hand(ROUND_1.went_out, ROUND_1.left)
    warnings = GAME.score_hand(OPTIONS, PLAYERS, unmarked, 1).warnings
    assert [(w.code, w.player) for w in warnings] == [(WarningCode.NO_CARDS, "Di")]


def test_everyone_else_out_on_the_last_turn_is_no_warning():
    hand = Hand("Ada", {}, also_out=("Bo", "Cy", "Di"))
    score = GAME.score_hand(OPTIONS, PLAYERS, hand, 1)
    assert score.points == dict.fromkeys(PLAYERS, 0) and score.warnings == ()


@pytest.mark.parametrize(
    ("hand", "code", "reason"),
    [
        (Hand("Ada", {"Di": parse_cards(["K"])}, also_out=("Di",)), "went_out_holds_cards", None),
        (Hand("Ada", {}, also_out=("Ada",)), "also_out_not_allowed", "went_out"),
        (Hand(None, {}, also_out=("Di",)), "also_out_not_allowed", "blocked"),
        (Hand("Ada", {}, also_out=("Eve",)), "unknown_player", None),
    ],
)
def test_a_hand_s_also_out_is_refused_where_it_cannot_be(hand, code, reason):
    with pytest.raises(HandError) as caught:
        GAME.score_hand(OPTIONS, PLAYERS, hand, 1)
    assert caught.value.code == code
    assert (caught.value.params or {}).get("reason") == reason


@pytest.mark.parametrize("game", ["rummy", "four_suit_rummy", "phase_10"])
def test_a_game_without_it_refuses_a_hand_s_also_out(game):
    rules = game_for(game)
    players = ("Ada", "Bo")
    with pytest.raises(HandError) as caught:
        rules.score_hand(rules.default_options(), players, Hand("Ada", {}, also_out=("Bo",)), 1)
    assert caught.value.code == ErrorCode.ALSO_OUT_NOT_ALLOWED
    assert caught.value.params == {"reason": "game"}


def _doc(*hands: Hand) -> SessionDoc:
    return SessionDoc("five_crowns", OPTIONS, PLAYERS, hands or (ROUND_1,))


def test_a_session_file_keeps_it_as_version_3_and_reads_it_back():
    text = write_session(_doc())
    data = json.loads(text)
    assert data["version"] == 3
    assert data["hands"][0]["also_out"] == ["Di"]
    doc = read_session(text)
    assert doc.hands == (ROUND_1,)
    assert write_session(doc) == text
    # a round without one is written as before: version 2, no also_out
    plain = json.loads(write_session(_doc(Hand("Ada", {"Bo": 9, "Cy": 4, "Di": 7}))))
    assert plain["version"] == 2 and "also_out" not in plain["hands"][0]


def test_older_versions_read_and_refuse_the_field():
    data = json.loads(write_session(_doc()))
    data["hands"][0]["also_out"] = ["di"]  # names are seated as everywhere
    assert read_session(data).hands[0].also_out == ("Di",)
    for version in (1, 2):
        old = json.loads(write_session(_doc(Hand("Ada", {"Bo": 9, "Cy": 4, "Di": 7}))))
        old["version"] = version
        if version == 1:
            del old["definition"]
        assert read_session(old).hands[0].also_out == ()
        old["hands"][0]["also_out"] = ["Di"]
        with pytest.raises(SessionFileError) as caught:
            read_session(old)
        assert caught.value.code == ErrorCode.FILE_UNKNOWN_FIELD
    data["hands"][0]["also_out"] = ["Di", "DI"]
    with pytest.raises(HandError) as repeated:
        read_session(data)
    assert repeated.value.code == ErrorCode.PLAYER_REPEATED
    data["hands"][0]["also_out"] = "Di"
    with pytest.raises(SessionFileError) as typed:
        read_session(data)
    assert typed.value.code == ErrorCode.FILE_TYPE


def _crowns(**changes) -> dict:
    data = json.loads(write_definition(builtin_definition("five_crowns")))
    data.update(changes)
    return data


def test_the_definition_field_is_checked():
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(_crowns(also_out="yes")))
    assert (caught.value.code, caught.value.field) == ("definition_type", "also_out")
    assert not read_definition(json.dumps(_crowns(also_out=False))).also_out
    rummy = json.loads(write_definition(builtin_definition("rummy")))
    assert rummy["version"] == 1
    with pytest.raises(GameDefinitionError) as v1:
        read_definition(json.dumps({**rummy, "also_out": True}))
    assert (v1.value.code, v1.value.field) == ("definition_unknown_field", "also_out")
    made = read_definition(json.dumps({**rummy, "version": 2, "also_out": True}))
    assert made.also_out and json.loads(write_definition(made))["version"] == 2
    plump = json.loads(write_definition(builtin_definition("plump")))
    with pytest.raises(GameDefinitionError) as bids:
        read_definition(json.dumps({**plump, "also_out": True}))
    assert (bids.value.code, bids.value.field) == ("definition_unknown_field", "also_out")
    never = {**rummy, "version": 2, "also_out": True, "went_out": "never", "blocked": "own"}
    with pytest.raises(GameDefinitionError) as conflict:
        read_definition(json.dumps(never))
    assert conflict.value.code == "definition_conflict"
    assert conflict.value.params["reason"] == "nobody_goes_out"
