"""The game definition's bids game (GAME_FORMAT.md ``hand: bids``, ``bids``,
a schedule row's ``repeat``; format_v2 §1, §3, §6): Plump's definition reads,
writes back the same, and every bad value is refused in one line naming its
field, version 1 documents unchanged."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from scoring import GameDefinitionError
from scoring.definition import (
    Bids,
    BidsChange,
    HandKind,
    Made,
    MadeKind,
    Missed,
    MissedKind,
    Repeat,
    Round,
    read_definition,
    write_definition,
)
from scoring.registry import builtin_definition

TEXT = resources.files("scoring").joinpath("definitions/plump.json").read_text("utf-8")
PLUMP = json.loads(TEXT)
SWEDISH = json.loads(
    resources.files("scoring").joinpath("definitions/swedish_rummy.json").read_text("utf-8")
)


def plump(**changes):
    data = copy.deepcopy(PLUMP)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def with_bids(**changes):
    return plump(bids={**PLUMP["bids"], **changes})


def refused(source):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(source))
    return caught.value.code, caught.value.field, dict(caught.value.params)


def test_plump_names_its_source_and_says_section_7():
    definition = builtin_definition("plump")
    assert definition.source.title == "Plump"
    assert definition.source.url == "https://sv.m.wikibooks.org/wiki/Plump"
    assert definition.hand is HandKind.BIDS
    assert definition.bids == Bids(Made(MadeKind.ONE_IN_FRONT), Missed(MissedKind.ZERO), True, 5)
    assert (definition.min_players, definition.max_players) == (2, 5)
    assert definition.winner.value == "highest" and definition.end.value == "schedule"
    rows = definition.schedule.rounds
    # 10 down to 2, the one-card row dealt once per player, 2 back up to 10
    assert [r.cards for r in rows] == [*range(10, 1, -1), 1, *range(2, 11)]
    assert [r.repeat for r in rows].count(Repeat.PER_PLAYER) == 1
    assert rows[9] == Round(1, repeat=Repeat.PER_PLAYER)
    assert definition.keys == ()  # nothing is counted
    options = {o.id: o for o in definition.options}
    ten_plus = options["made_scoring"].choices[1].set
    assert ten_plus.bids == BidsChange(made=Made(MadeKind.PLUS, 10, 1))
    assert options["zero_bid"].choices[1].set.bids == BidsChange(zero=10)
    assert options["one_card_deals"].choices[1].set.schedule_repeat is Repeat.ONCE


def test_plump_is_written_back_as_the_same_text_in_version_2():
    definition = read_definition(TEXT)
    assert definition.version == 2
    assert write_definition(definition) == TEXT
    assert read_definition(write_definition(definition)) == definition


def test_a_version_1_document_reads_as_before_and_may_not_say_bids():
    v1 = read_definition(json.dumps(SWEDISH))
    assert v1.hand is HandKind.OUT and v1.bids is None
    assert json.loads(write_definition(v1))["version"] == 1
    for field, value in (("hand", "bids"), ("bids", PLUMP["bids"])):
        assert refused({**SWEDISH, field: value})[:2] == ("definition_unknown_field", field)
    option = {
        "id": "once",
        "kind": "switch",
        "name": {"nb": "En", "en": "One"},
        "set": {"schedule_repeat": "once"},
    }
    assert refused({**SWEDISH, "options": [option]})[:2] == (
        "definition_unknown_field",
        "options[1].set.schedule_repeat",
    )


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        # a bids game has no keys, nobody goes out, nothing is counted
        ({"keys": [{"rank": "K", "points": 10}]}, "definition_unknown_field", "keys"),
        ({"went_out": "own"}, "definition_unknown_field", "went_out"),
        ({"blocked": "own"}, "definition_unknown_field", "blocked"),
        ({"counted": "tricks"}, "definition_unknown_field", "counted"),
        ({"bids": None}, "definition_missing", "bids"),
        ({"schedule": None}, "definition_missing", "schedule"),
        ({"hand": "stacks"}, "definition_value", "hand"),
        ({"end": "target", "target": 100}, "definition_conflict", "end"),
    ],
)
def test_a_bids_game_needs_bids_and_a_schedule_and_no_cards(changes, code, field):
    assert refused(plump(**changes))[:2] == (code, field)


def test_an_out_game_may_not_have_bids():
    data = copy.deepcopy(SWEDISH)
    data.update(version=2, bids=PLUMP["bids"])
    assert refused(data)[:2] == ("definition_unknown_field", "bids")


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"made": {"kind": "double"}}, "definition_value", "bids.made.kind"),
        ({"made": {"kind": "plus", "base": 10}}, "definition_missing", "bids.made.per_bid"),
        (
            {"made": {"kind": "plus", "base": 1001, "per_bid": 1}},
            "definition_range",
            "bids.made.base",
        ),
        (
            {"made": {"kind": "plus", "base": 10, "per_bid": -1}},
            "definition_range",
            "bids.made.per_bid",
        ),
        (
            {"made": {"kind": "one_in_front", "base": 10}},
            "definition_unknown_field",
            "bids.made.base",
        ),
        ({"missed": {"kind": "per_off"}}, "definition_missing", "bids.missed.per_off"),
        ({"missed": {"kind": "per_off", "per_off": 10}}, "definition_range", "bids.missed.per_off"),
        ({"missed": {"kind": "per_off", "per_off": 0}}, "definition_range", "bids.missed.per_off"),
        (
            {"missed": {"kind": "per_trick", "per_trick": 1001}},
            "definition_range",
            "bids.missed.per_trick",
        ),
        (
            {"missed": {"kind": "zero", "per_trick": 1}},
            "definition_unknown_field",
            "bids.missed.per_trick",
        ),
        ({"zero": -5}, "definition_range", "bids.zero"),
        ({"hook": "yes"}, "definition_type", "bids.hook"),
        ({"made": 10}, "definition_not_object", "bids.made"),
        ({"tricks": 1}, "definition_unknown_field", "bids.tricks"),
    ],
)
def test_bad_bids_are_refused_naming_the_field(changes, code, field):
    assert refused(with_bids(**changes))[:2] == (code, field)


def test_a_made_or_missed_kind_reads_with_its_numbers():
    wizard = read_definition(
        json.dumps(
            with_bids(
                made={"kind": "plus", "base": 20, "per_bid": 10},
                missed={"kind": "per_off", "per_off": -10},
            )
        )
    )
    assert wizard.bids.made == Made(MadeKind.PLUS, 20, 10)
    assert wizard.bids.missed == Missed(MissedKind.PER_OFF, per_off=-10)
    assert read_definition(write_definition(wizard)) == wizard


def test_a_schedule_of_a_million_rounds_is_refused_in_one_line_by_the_row_limit():
    rows = [{"cards": 1}] * 10**6
    with pytest.raises(GameDefinitionError) as caught:  # a decoded document (an import)
        read_definition(plump(schedule={"rounds": rows}))
    error = caught.value
    assert (error.code, error.field, error.params["maximum"]) == (
        "definition_too_many",
        "schedule.rounds",
        100,
    )
    # as text it is over the document limit before it is read at all
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(plump(schedule={"rounds": rows})))
    assert caught.value.code == "definition_too_large"


def test_bids_above_the_hand_size_are_refused_by_the_cards_in_play():
    # 5 players × 11 cards = 55 > 52: a row dealing more than the deck holds
    rows = copy.deepcopy(PLUMP["schedule"]["rounds"])
    rows[0]["cards"] = 11
    code, field, params = refused(plump(schedule={"rounds": rows}))
    assert (code, field, params["reason"]) == (
        "definition_conflict",
        "schedule.rounds[1].cards",
        "schedule_cards",
    )
    # six players at 10 cards: 60 > 52
    assert refused(plump(players={"min": 2, "max": 6}))[:2] == (
        "definition_conflict",
        "schedule.rounds[1].cards",
    )


@pytest.mark.parametrize(
    ("repeat", "code"), [("once", "definition_value"), ("twice", "definition_value")]
)
def test_a_row_s_repeat_is_per_player_or_not_given(repeat, code):
    rows = copy.deepcopy(PLUMP["schedule"]["rounds"])
    rows[9]["repeat"] = repeat
    assert refused(plump(schedule={"rounds": rows}))[:2] == (code, "schedule.rounds[10].repeat")


def test_two_repeated_rows_are_refused():
    rows = copy.deepcopy(PLUMP["schedule"]["rounds"])
    rows[10]["repeat"] = "per_player"
    assert refused(plump(schedule={"rounds": rows})) == (
        "definition_conflict",
        "schedule.rounds[11].repeat",
        {"reason": "repeat_twice"},
    )


def test_a_repeated_row_or_a_bids_effect_is_for_a_bids_game_only():
    crowns = json.loads(
        resources.files("scoring").joinpath("definitions/five_crowns.json").read_text("utf-8")
    )
    crowns["schedule"]["rounds"][0]["repeat"] = "per_player"
    assert refused(crowns)[:2] == ("definition_unknown_field", "schedule.rounds[1].repeat")


@pytest.mark.parametrize(
    ("effect", "code", "field"),
    [
        ({"bids": {}}, "definition_empty", "options[1].choices[2].set.bids"),
        ({"bids": {"zero": 1001}}, "definition_range", "options[1].choices[2].set.bids.zero"),
        (
            {"bids": {"made": {"kind": "plus"}}},
            "definition_missing",
            "options[1].choices[2].set.bids.made.base",
        ),
        (
            {"schedule_repeat": "twice"},
            "definition_value",
            "options[1].choices[2].set.schedule_repeat",
        ),
    ],
)
def test_bad_option_effects_are_refused_naming_the_field(effect, code, field):
    data = plump()
    data["options"][0]["choices"][1]["set"] = effect
    assert refused(data)[:2] == (code, field)
