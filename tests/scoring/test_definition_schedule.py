"""The game definition's version 2 (GAME_FORMAT.md "Version 2"): a schedule of
rounds with their wild ranks and texts, the deck's suits and ``end:
schedule``; version 1 documents read as before, the writer writes version 1
when nothing of version 2 is used, and every bad value is refused naming its
field."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from scoring_helpers import DEFINED

from scoring import GameDefinitionError, Hand, parse_cards
from scoring.definition import End, Round, Schedule, Words, read_definition, write_definition
from scoring.house_rules import SHIPPED_RULES, rules_digest
from scoring.registry import builtin_definition, game_for

FIVE_CROWNS = json.loads(
    resources.files("scoring").joinpath("definitions/five_crowns.json").read_text("utf-8")
)
SWEDISH = json.loads(
    resources.files("scoring").joinpath("definitions/swedish_rummy.json").read_text("utf-8")
)


def crowns(**changes):
    data = copy.deepcopy(FIVE_CROWNS)
    data.update(changes)
    return data


def schedule(rounds, **more):
    return {"wild_points": 20, "rounds": rounds, **more}


def with_round(index, **changes):
    """Five Crowns with round ``index`` (1-based) changed (a value ``None``: left out)."""
    data = crowns()
    row = data["schedule"]["rounds"][index - 1]
    for name, value in changes.items():
        if value is None:
            row.pop(name, None)
        else:
            row[name] = value
    return data


def refused(source):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(source))
    return caught.value.code, caught.value.field


def test_a_schedule_reads_writes_and_reads_back_the_same():
    definition = read_definition(json.dumps(FIVE_CROWNS))
    assert definition.schedule.rounds[4] == Round(7, "7")
    assert definition.version == 2
    text = write_definition(definition)
    assert json.loads(text) == FIVE_CROWNS
    assert read_definition(text) == definition


def test_a_round_may_say_a_contract_in_both_languages():
    data = crowns(
        schedule=schedule(
            [
                {"cards": 6, "text": {"nb": "2 sett à 3", "en": "2 sets of 3"}},
                {"cards": 7, "wild": "7"},
            ]
        )
    )
    definition = read_definition(json.dumps(data))
    assert definition.schedule == Schedule(
        (Round(6, None, Words("2 sett à 3", "2 sets of 3")), Round(7, "7")), 20
    )
    assert (
        game_for(definition.id, definition).rounds(
            game_for(definition.id, definition).default_options()
        )
        == 2
    )
    assert read_definition(write_definition(definition)) == definition


def test_a_schedule_without_wilds_has_no_wild_points():
    data = crowns(schedule={"rounds": [{"cards": 10}, {"cards": 9}]})
    definition = read_definition(json.dumps(data))
    assert definition.schedule == Schedule((Round(10), Round(9)))
    game = game_for(definition.id, definition)
    options = game.default_options()
    hand = Hand("Ada", {"Bo": parse_cards(["3", "K"])})
    assert game.score_hand(options, ["Ada", "Bo"], hand, 1).points == {"Ada": 0, "Bo": 16}


@pytest.mark.parametrize("game_id", DEFINED)
def test_every_shipped_definition_is_written_with_the_lowest_version(game_id):
    definition = builtin_definition(game_id)
    written = json.loads(write_definition(definition))
    assert written["version"] == (
        2 if game_id in ("five_crowns", "kasino", "plump", "phase_10") else 1
    )
    # the rules of every version 1 game are those it was always shipped with
    assert rules_digest(definition) in SHIPPED_RULES[game_id]


def test_a_version_2_document_without_version_2_fields_reads_as_version_1():
    v1 = read_definition(json.dumps(SWEDISH))
    assert read_definition(json.dumps({**SWEDISH, "version": 2})) == v1
    assert json.loads(write_definition(v1))["version"] == 1


@pytest.mark.parametrize(
    ("source", "code", "field"),
    [
        # a version 2 field in a version 1 document is unknown, as it always was
        ({**SWEDISH, "schedule": FIVE_CROWNS["schedule"]}, "definition_unknown_field", "schedule"),
        ({**SWEDISH, "suits": ["S", "H", "D", "C"]}, "definition_unknown_field", "suits"),
        ({**SWEDISH, "end": "schedule"}, "definition_value", "end"),
        (crowns(version=1), "definition_unknown_field", "suits"),
        # the schedule and its end
        (crowns(end="rounds", rounds=11), "definition_conflict", "end"),
        ({**crowns(), "schedule": None}, "definition_not_object", "schedule"),
        ({k: v for k, v in crowns().items() if k != "schedule"}, "definition_missing", "schedule"),
        (crowns(schedule=[]), "definition_not_object", "schedule"),
        (crowns(schedule={"wild_points": 20}), "definition_missing", "schedule.rounds"),
        (crowns(schedule=schedule([])), "definition_too_few", "schedule.rounds"),
        (
            crowns(schedule=schedule([{"cards": 3, "wild": "3"}] * 101)),
            "definition_too_many",
            "schedule.rounds",
        ),
        (crowns(schedule=schedule({"cards": 3})), "definition_type", "schedule.rounds"),
        (crowns(schedule=schedule([3])), "definition_not_object", "schedule.rounds[1]"),
        (
            crowns(schedule=schedule([{"cards": 3}], extra=1)),
            "definition_unknown_field",
            "schedule.extra",
        ),
        # a round's fields
        (with_round(3, cards=None), "definition_missing", "schedule.rounds[3].cards"),
        (with_round(3, cards=0), "definition_range", "schedule.rounds[3].cards"),
        (with_round(3, cards=61), "definition_range", "schedule.rounds[3].cards"),
        (with_round(3, cards="5"), "definition_type", "schedule.rounds[3].cards"),
        (with_round(3, cards=5.0), "definition_type", "schedule.rounds[3].cards"),
        (with_round(3, wild="Z"), "definition_value", "schedule.rounds[3].wild"),
        (with_round(3, wild="JKR"), "definition_value", "schedule.rounds[3].wild"),
        (with_round(3, wild=5), "definition_value", "schedule.rounds[3].wild"),
        (with_round(3, wild="A"), "definition_unknown_key", "schedule.rounds[3].wild"),
        (with_round(3, text="five"), "definition_not_object", "schedule.rounds[3].text"),
        (with_round(3, text={"nb": "x"}), "definition_missing", "schedule.rounds[3].text.en"),
        (
            with_round(3, text={"nb": "x", "en": "y" * 61}),
            "definition_long",
            "schedule.rounds[3].text.en",
        ),
        (with_round(3, extra=1), "definition_unknown_field", "schedule.rounds[3].extra"),
        # the wild points
        (
            crowns(schedule={"rounds": [{"cards": 3, "wild": "3"}]}),
            "definition_missing",
            "schedule.wild_points",
        ),
        (
            crowns(schedule={"wild_points": 20, "rounds": [{"cards": 3}]}),
            "definition_unknown_field",
            "schedule.wild_points",
        ),
        (
            crowns(schedule=schedule([{"cards": 3, "wild": "3"}], wild_points=-1)),
            "definition_range",
            "schedule.wild_points",
        ),
        (
            crowns(schedule={"wild_points": 1001, "rounds": [{"cards": 3, "wild": "3"}]}),
            "definition_range",
            "schedule.wild_points",
        ),
        # more cards dealt to seven players than two decks of 58 hold (7 × 17 > 116)
        (with_round(11, cards=17), "definition_conflict", "schedule.rounds[11].cards"),
        # the suits
        (crowns(suits=[]), "definition_too_few", "suits"),
        (crowns(suits=["S", "H", "D", "C", "STAR", "X"]), "definition_too_many", "suits"),
        (crowns(suits=["S", "MOON"]), "definition_value", "suits[2]"),
        (crowns(suits=["S", "S"]), "definition_duplicate_id", "suits[2]"),
        (crowns(suits="S"), "definition_type", "suits"),
        # an option that would end the session otherwise
        (
            crowns(
                target=100,
                options=[
                    {
                        "id": "short",
                        "kind": "switch",
                        "name": {"nb": "Kort", "en": "Short"},
                        "set": {"end": "target"},
                    }
                ],
            ),
            "definition_conflict",
            "options[1].set.end",
        ),
    ],
)
def test_bad_schedules_are_refused_naming_the_field(source, code, field):
    assert refused(source) == (code, field)


def test_a_schedule_of_a_million_rounds_is_refused_in_one_line():
    rounds = [{"cards": 1}] * 1_000_000
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(crowns(schedule={"rounds": rounds})))
    assert caught.value.code == "definition_too_large"  # the document's own limit first
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(crowns(schedule={"rounds": rounds}))  # a decoded mapping: the rows' limit
    assert (caught.value.code, caught.value.field) == ("definition_too_many", "schedule.rounds")
    assert caught.value.params["maximum"] == 100


def test_a_key_suit_must_be_one_of_the_decks_suits():
    keys = [*FIVE_CROWNS["keys"][:-2], {"rank": "K", "points": 13, "suits": {"H": 20}}]
    keys.append(FIVE_CROWNS["keys"][-1])
    data = crowns(keys=keys, suits=["S", "D", "C", "STAR"])
    assert refused(data) == ("definition_value", "keys[11].suits.H")
    data = crowns(keys=keys)  # hearts are among Five Crowns' suits
    assert read_definition(json.dumps(data)).key("K").suits


def test_the_end_of_a_scheduled_game_is_its_last_round():
    definition = read_definition(json.dumps(FIVE_CROWNS))
    assert definition.end is End.SCHEDULE
    game = game_for(definition.id, definition)
    presets = game.presets(game.default_options(), 4)
    assert [(p.option, p.value) for p in presets] == [("rounds", 11)]


def test_a_key_never_prices_the_fifth_suit_and_says_which_suits_it_may() -> None:
    """A key's points per suit for ★ (``STAR``): refused as a value naming
    the suits a key may price (it was "Unknown field … STAR", though
    GAME_FORMAT.md lists STAR among the suits); a ★ card is entered by its
    rank. A suit the deck does not have is refused naming the deck's card
    suits (STAR no more among them)."""
    star = crowns()
    star["keys"][5]["suits"] = {"STAR": 30}
    assert refused(star) == ("definition_value", "keys[6].suits.STAR")
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(star))
    assert caught.value.params["choices"] == ["S", "H", "D", "C"]
    no_diamonds = crowns(suits=["S", "H", "C", "STAR"])
    no_diamonds["keys"][0]["suits"] = {"D": 9}
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(no_diamonds))
    assert (caught.value.code, caught.value.field) == ("definition_value", "keys[1].suits.D")
    assert caught.value.params["choices"] == ["S", "H", "C"]
    fine = crowns()
    fine["keys"][5]["suits"] = {"H": 30}
    assert read_definition(json.dumps(fine)).keys[5].suits[0][1] == 30
