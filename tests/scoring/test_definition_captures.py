"""The game definition's ``hand: captured`` and ``captures`` (GAME_FORMAT.md
"Version 2"): what a captured game must and may not say, every bad value
refused naming its field (lists count from 1), a version 1 document reading
as before, and the writer's canonical text."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from scoring import GameDefinitionError
from scoring.definition import HandKind, read_definition, write_definition
from scoring.definition.captures import named_chips
from scoring.registry import builtin_definition

KASINO = json.loads(
    resources.files("scoring").joinpath("definitions/kasino.json").read_text("utf-8")
)
SWEDISH = json.loads(
    resources.files("scoring").joinpath("definitions/swedish_rummy.json").read_text("utf-8")
)


def kasino(**changes):
    data = copy.deepcopy(KASINO)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def captures(**changes):
    part = copy.deepcopy(KASINO["captures"])
    part.update(changes)
    return kasino(captures=part)


def refused(source):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(source))
    return caught.value.code, caught.value.field


def test_kasino_reads_writes_and_reads_back_the_same_text():
    definition = read_definition(json.dumps(KASINO))
    assert definition.hand is HandKind.CAPTURED and definition.version == 2
    text = write_definition(definition)
    assert json.loads(text) == KASINO
    assert read_definition(text) == definition == builtin_definition("kasino")
    assert [token for token, _ in named_chips(definition.captures, definition.suits)] == [
        "10D",
        "2S",
        "AS",
        "AH",
        "AD",
        "AC",
    ]


def test_a_version_1_document_reads_as_before_and_may_not_say_hand_or_captures():
    assert read_definition(json.dumps(SWEDISH)).hand is HandKind.OUT
    assert (
        write_definition(read_definition(json.dumps(SWEDISH)))
        == json.dumps(SWEDISH, ensure_ascii=False, indent=2) + "\n"
    )
    assert refused({**SWEDISH, "hand": "captured"}) == ("definition_unknown_field", "hand")
    assert refused({**SWEDISH, "captures": KASINO["captures"]}) == (
        "definition_unknown_field",
        "captures",
    )
    # an option's ``ties`` is version 2's (and a captured game's) only
    data = copy.deepcopy(SWEDISH)
    data["options"].append(
        {
            "id": "tie",
            "kind": "switch",
            "name": {"nb": "Likt", "en": "Tie"},
            "set": {"ties": "each"},
        }
    )
    assert refused(data) == (
        "definition_unknown_field",
        f"options[{len(data['options'])}].set.ties",
    )


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # what a captured hand needs, and what it cannot say
        ({"captures": None}, ("definition_missing", "captures")),
        ({"keys": [{"rank": "A", "points": 1}]}, ("definition_unknown_field", "keys")),
        ({"went_out": "own"}, ("definition_unknown_field", "went_out")),
        ({"blocked": "own"}, ("definition_unknown_field", "blocked")),
        ({"counted": "tricks"}, ("definition_unknown_field", "counted")),
        ({"hand": "piles"}, ("definition_value", "hand")),
        # an out game (the default) says no captures
        ({"hand": None}, ("definition_unknown_field", "captures")),
        ({"captures": {}}, ("definition_empty", "captures")),
        ({"captures": {"most": [], "extra": 1}}, ("definition_unknown_field", "captures.extra")),
    ],
)
def test_the_fields_of_a_captured_game(changes, expected):
    assert refused(kasino(**changes)) == expected


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # "comparisons on a suit that does not exist" (the hostile case)
        (
            {"most": [{"id": "most_stars", "of": "STAR", "points": 1}]},
            ("definition_unknown_suit", "captures.most[1].of"),
        ),
        (
            {
                "most": [
                    {"id": "m", "of": "cards", "points": 3},
                    {"id": "x", "of": "X", "points": 1},
                ]
            },
            ("definition_unknown_suit", "captures.most[2].of"),
        ),
        (
            {"most": [{"id": "m", "of": "S", "points": 1}, {"id": "n", "of": "S", "points": 1}]},
            ("definition_duplicate_id", "captures.most[2].of"),
        ),
        (
            {"most": [{"id": "m", "of": "cards", "points": 0}]},
            ("definition_range", "captures.most[1].points"),
        ),
        (
            {"most": [{"id": "m", "of": 3, "points": 1}]},
            ("definition_type", "captures.most[1].of"),
        ),
        (
            {"most": [{"id": f"m{i}", "of": "cards", "points": 1} for i in range(9)]},
            ("definition_too_many", "captures.most"),
        ),
        (
            {"most": [{"id": "sweep", "of": "cards", "points": 1}]},
            ("definition_duplicate_id", "captures.events[1].id"),
        ),
        ({"ties": "all"}, ("definition_value", "captures.ties")),
        ({"named": [{"card": "10", "points": 2}]}, ("definition_value", "captures.named[1].card")),
        ({"named": [{"card": "T♦", "points": 2}]}, ("definition_value", "captures.named[1].card")),
        ({"named": [{"card": "JKR", "points": 2}]}, ("definition_value", "captures.named[1].card")),
        ({"named": [{"rank": "JKR", "points": 2}]}, ("definition_value", "captures.named[1].rank")),
        (
            {"named": [{"card": "10D", "points": 2}, {"card": "10D", "points": 1}]},
            ("definition_duplicate_id", "captures.named[2].card"),
        ),
        (
            {"named": [{"card": "AS", "points": 2}, {"rank": "A", "points": 1}]},
            ("definition_duplicate_id", "captures.named[1].card"),
        ),
        (
            {"named": [{"rank": r, "points": 1} for r in ("A", "K", "Q", "J", "10")]},
            ("definition_too_many", "captures.named"),  # 20 chips
        ),
        (
            {"named": [{"card": "10D", "points": 1_001}]},
            ("definition_range", "captures.named[1].points"),
        ),
        (
            {"events": [{"id": "sweep", "name": {"nb": "T", "en": "S"}, "points": 0, "most": 26}]},
            ("definition_range", "captures.events[1].points"),
        ),
        (
            {"events": [{"id": "sweep", "name": {"nb": "T", "en": "S"}, "points": 1, "most": 100}]},
            ("definition_range", "captures.events[1].most"),
        ),
        (
            {"events": [{"id": "cards", "name": {"nb": "T", "en": "S"}, "points": 1, "most": 9}]},
            ("definition_id", "captures.events[1].id"),
        ),
    ],
)
def test_every_bad_part_of_captures_is_refused_naming_its_field(changes, expected):
    assert refused(captures(**changes)) == expected


def test_a_named_card_of_a_suit_the_deck_lacks_is_refused():
    data = captures(named=[{"card": "10D", "points": 2}])
    data["suits"] = ["S", "H", "C"]
    assert refused(data) == ("definition_unknown_suit", "captures.named[1].card")


def test_an_option_may_name_the_captures_but_nothing_else():
    data = kasino()
    data["options"][2]["set"] = {"points": {"most_cards": 1, "sweep": 2, "10D": 1, "A": 2}}
    read_definition(json.dumps(data))
    data["options"][2]["set"] = {"points": {"most_hearts": 1}}
    assert refused(data) == ("definition_unknown_key", "options[3].set.points.most_hearts")


def test_a_last_capture_flag_for_the_player_who_went_out_is_a_conflict():
    data = kasino()
    data["flags"][0]["player"] = "went_out"
    assert refused(data) == ("definition_conflict", "flags[1].player")


def test_a_hostile_captured_definition_changes_nothing_it_is_one_refusal():
    # a huge document is refused before any field is looked at
    data = captures(
        events=[
            {"id": f"e{i}", "name": {"nb": "x" * 40, "en": "y"}, "points": 1, "most": 1}
            for i in range(2_000)
        ]
    )
    assert refused(data)[0] == "definition_too_large"


@pytest.mark.parametrize(
    ("teams", "expected"),
    [
        ({"size": 1}, ("definition_range", "teams.size")),  # "a team of one"
        ({"size": 11}, ("definition_range", "teams.size")),
        ({"size": 3}, ("definition_conflict", "teams.size")),  # 2–4 players: never two teams
        ({"size": 2, "always": True}, ("definition_conflict", "teams.size")),  # 2 players
        ({"size": 2, "mixed": True}, ("definition_unknown_field", "teams.mixed")),
    ],
)
def test_teams_no_session_can_play_are_refused_naming_the_field(teams, expected):
    assert refused(kasino(teams=teams)) == expected


def test_teams_belong_to_a_captured_game_and_an_option_needs_them():
    crowns = json.loads(
        resources.files("scoring").joinpath("definitions/five_crowns.json").read_text("utf-8")
    )
    assert refused({**crowns, "teams": {"size": 2}}) == ("definition_unknown_field", "teams")
    assert refused({**SWEDISH, "teams": {"size": 2}}) == ("definition_unknown_field", "teams")
    data = kasino(teams=None)
    code, field = refused(data)  # the partners option says teams: the game has none
    assert code == "definition_unknown_field" and field.endswith(".set.teams")
    always = kasino(teams={"size": 2, "always": True})
    always["players"] = {"min": 4, "max": 4}
    definition = read_definition(json.dumps(always))
    assert definition.teams.always and read_definition(write_definition(definition)) == definition
