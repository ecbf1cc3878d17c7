"""What a game definition can say and what in it can never matter (issue 25,
item 12): "everyone else's cards count double" as a flag (``others_multiply``),
worked out by hand; a flag that can never change a score and a target no end
uses, as coded warnings; every built-in game scoring as before; a game of
tricks explaining its points as cards taken (item 13)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from scoring_helpers import DEFINED, hand, played

from scoring import Hand, builtin_definition, read_definition, write_definition
from scoring.codes import BreakdownCode, DefinitionWarningCode
from scoring.definition import Counted, FlagEffect, definition_to_dict, definition_warnings

PLAYERS = ["Kari", "Ola", "Per"]


def penalty_game(**changes: Any) -> dict[str, Any]:
    """A game where the others score their own cards (Rummy's home scoring),
    with a flag for the player who went out, as a document."""
    doc: dict[str, Any] = {
        "format": "kortpoeng-game",
        "version": 1,
        "id": "penalty_doubles",
        "name": {"nb": "Straffedobling", "en": "Penalty doubles"},
        "players": {"min": 2, "max": 6},
        "keys": [
            {"rank": rank, "points": points}
            for rank, points in [("A", 1), ("2", 2), ("5", 5), ("7", 7), ("K", 10)]
        ],
        "went_out": "own",
        "blocked": "own",
        "flags": [
            {
                "id": "one_go",
                "name": {"nb": "Alt på én gang", "en": "Went out in one go"},
                "player": "went_out",
                "others_multiply": 2,
            }
        ],
        "winner": "lowest",
        "end": "rounds",
        "rounds": 5,
    }
    doc.update(changes)
    return doc


def flagged(went_out: str, left: dict[str, str], flag: str = "one_go") -> Hand:
    return dataclasses.replace(hand(went_out, left), flags={flag: went_out})


def test_everyone_elses_cards_count_double_worked_figures():
    # Kari goes out in one go: Ola holds K 7 A (18), Per 5 5 2 (12); doubled,
    # Ola scores 36 and Per 24 penalty points, Kari nothing.
    game = played(read_definition(penalty_game()))
    options = game.default_options()
    left = {"Ola": "K 7 A", "Per": "5 5 2"}
    plain = game.score_hand(options, PLAYERS, hand("Kari", left))
    assert plain.points == {"Kari": 0, "Ola": 18, "Per": 12}
    score = game.score_hand(options, PLAYERS, flagged("Kari", left))
    assert score.points == {"Kari": 0, "Ola": 36, "Per": 24}
    assert [(i.code, i.points, i.count, i.value, i.player) for i in score.breakdown["Ola"]] == [
        ("penalty", 18, 1, 18, None),
        ("flag_others_multiplied", 18, 2, 18, "Kari"),
    ]
    assert score.breakdown["Kari"] == ()
    assert score.leftover == {"Kari": 0, "Ola": 18, "Per": 12}  # the cards stay what they are


def test_others_multiply_is_read_written_and_bounded_like_multiply():
    definition = read_definition(penalty_game())
    assert definition.flags[0].effect is FlagEffect.OTHERS_MULTIPLY
    assert definition.flags[0].amount == 2
    assert definition_to_dict(definition)["flags"][0]["others_multiply"] == 2
    assert read_definition(write_definition(definition)) == definition
    too_much = penalty_game()
    too_much["flags"][0]["others_multiply"] = 11
    with pytest.raises(Exception) as caught:
        read_definition(too_much)
    assert (caught.value.code, caught.value.field) == (
        "definition_range",
        "flags[1].others_multiply",
    )


def test_a_double_for_the_player_who_went_out_where_each_scores_their_own_is_warned():
    doc = penalty_game()
    doc["flags"][0] = {**doc["flags"][0], "multiply": 2}
    del doc["flags"][0]["others_multiply"]
    definition = read_definition(doc)
    # it really never changes a score: the one who went out scores nothing
    game = played(definition)
    score = game.score_hand(
        game.default_options(), PLAYERS, flagged("Kari", {"Ola": "K 7 A", "Per": "5"})
    )
    assert score.points == {"Kari": 0, "Ola": 18, "Per": 5}
    [warning] = definition_warnings(definition)
    assert (warning.code, warning.field, dict(warning.params)) == (
        DefinitionWarningCode.FLAG_NEVER_SCORES,
        "flags[1]",
        {"flag": "one_go", "reason": "went_out_scores_nothing"},
    )


def test_a_flag_an_option_can_make_count_is_not_warned():
    # Rummy's own way: the double for going rummy counts once an option makes
    # the one who goes out collect (and brings the flag in)
    doc = penalty_game()
    doc["flags"][0] = {
        "id": "rummy",
        "name": {"nb": "Rummy", "en": "Rummy"},
        "player": "went_out",
        "multiply": 2,
        "in_play": False,
    }
    assert [w.params["reason"] for w in definition_warnings(read_definition(doc))] == [
        "never_in_play"
    ]
    doc["options"] = [
        {
            "id": "scoring",
            "kind": "choice",
            "name": {"nb": "Poeng", "en": "Scoring"},
            "choices": [
                {"id": "penalty", "name": {"nb": "Straff", "en": "Penalty"}},
                {
                    "id": "collects",
                    "name": {"nb": "Vinneren tar alt", "en": "Winner collects"},
                    "set": {"went_out": "collects", "flags": {"rummy": True}},
                },
            ],
        }
    ]
    assert definition_warnings(read_definition(doc)) == ()


def test_everyone_elses_double_where_only_the_one_out_scores_is_warned():
    doc = penalty_game(went_out="collects", blocked="no_score", winner="highest")
    [warning] = definition_warnings(read_definition(doc))
    assert warning.params == {"flag": "one_go", "reason": "others_score_nothing"}


@pytest.mark.parametrize(
    ("end", "option", "warned"),
    [
        ("rounds", "target", True),
        ("target", "rounds", True),
        ("either", "target", False),
        ("either", "rounds", False),
        ("rounds", "rounds", False),
        ("target", "target", False),
    ],
)
def test_a_number_option_no_end_uses_is_warned(end, option, warned):
    doc = penalty_game(end=end, target=100, rounds=5)
    doc["options"] = [
        {"id": option, "kind": "number", "name": {"nb": "Tall", "en": "Number"}},
    ]
    codes = [(w.code, w.field, w.params) for w in definition_warnings(read_definition(doc))]
    expected = [(DefinitionWarningCode.NUMBER_NOT_USED, "options[1]", {"option": option})]
    assert codes == (expected if warned else [])


@pytest.mark.parametrize("game_id", DEFINED)
def test_no_built_in_game_has_a_part_that_never_matters(game_id):
    assert definition_warnings(builtin_definition(game_id)) == ()


def test_hearts_explains_its_points_as_cards_taken():
    hearts = played(builtin_definition("hearts"))
    score = hearts.score_hand(
        hearts.default_options(), PLAYERS, hand(None, {"Kari": "QS 2H", "Ola": "5H"})
    )
    assert score.points == {"Kari": 14, "Ola": 1, "Per": 0}
    assert [(i.code, i.points) for i in score.breakdown["Kari"]] == [
        (BreakdownCode.PENALTY_TAKEN, 14)
    ]
    # the same game counting the cards left in hand says so
    leftover = played(
        dataclasses.replace(builtin_definition("hearts"), id="held", counted=Counted.LEFTOVER)
    )
    assert leftover.score_hand(
        leftover.default_options(), PLAYERS, hand(None, {"Kari": "QS 2H"})
    ).breakdown["Kari"][0].code == (BreakdownCode.PENALTY)
