"""The game definition's progress game (GAME_FORMAT.md ``progress``, ``end:
last_stage``; format_v2 §5, §9): Phase 10's definition reads, writes back
the same, and every bad value is refused in one line naming its field,
version 1 documents unchanged."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from scoring import GameDefinitionError
from scoring.definition import End, Progress, Words, read_definition, write_definition
from scoring.house_rules import SHIPPED_RULES, rules_digest
from scoring.registry import BUILTIN_GAME_IDS, builtin_definition

TEXT = resources.files("scoring").joinpath("definitions/phase_10.json").read_text("utf-8")
PHASE_10 = json.loads(TEXT)
SWEDISH = json.loads(
    resources.files("scoring").joinpath("definitions/swedish_rummy.json").read_text("utf-8")
)


def phase_10(**changes):
    data = copy.deepcopy(PHASE_10)
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def refused(source):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(source))
    return caught.value.code, caught.value.field, dict(caught.value.params)


def test_phase_10_names_its_source_and_says_section_8():
    definition = builtin_definition("phase_10")
    assert "phase_10" in BUILTIN_GAME_IDS
    assert definition.source.publisher == "Fundex Games"
    assert definition.source.url.startswith("https://manualsbase.com/")
    assert (definition.min_players, definition.max_players) == (2, 6)
    assert definition.end is End.LAST_STAGE and definition.version == 2
    stages = definition.progress.stages
    assert len(stages) == 10
    assert stages[0] == Words("2 sett à 3", "2 sets of 3")
    assert stages[7].en == "7 cards of one colour"
    assert stages[9].en == "1 set of 5 + 1 set of 3"
    assert [(k.id, k.points, k.per_deck) for k in definition.keys] == [
        ("low", 5, 72),
        ("high", 10, 24),
        ("skip", 15, 4),
        ("wild", 25, 8),
    ]
    assert definition.went_out.value == "own" and definition.blocked.value == "never"
    assert definition.winner.value == "lowest"


def test_phase_10_is_written_back_as_the_same_text_and_its_digest_is_shipped():
    definition = read_definition(TEXT)
    assert write_definition(definition) == TEXT
    assert rules_digest(definition) in SHIPPED_RULES["phase_10"]


def test_a_version_1_document_may_not_say_progress_nor_end_last_stage():
    data = copy.deepcopy(SWEDISH)
    data["progress"] = PHASE_10["progress"]
    assert refused(data)[:2] == ("definition_unknown_field", "progress")
    data = copy.deepcopy(SWEDISH)
    data["end"] = "last_stage"
    assert refused(data)[:2] == ("definition_value", "end")
    # and without progress it reads exactly as before
    assert read_definition(json.dumps(SWEDISH)).progress is None


def test_a_phase_count_of_0_is_refused_in_one_line():
    code, field, params = refused(phase_10(progress={"stages": []}))
    assert (code, field, params["minimum"]) == ("definition_too_few", "progress.stages", 1)


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        (
            {"progress": {"stages": [{"nb": "a", "en": "a"}] * 31}},
            "definition_too_many",
            "progress.stages",
        ),
        (
            {"progress": {"stages": [{"nb": "a", "en": "a"}, "x"]}},
            "definition_not_object",
            "progress.stages[2]",
        ),
        (
            {"progress": {"stages": [{"nb": "a" * 61, "en": "a"}]}},
            "definition_long",
            "progress.stages[1].nb",
        ),
        (
            {"progress": {"stages": [{"nb": "a", "en": "a"}], "more": 1}},
            "definition_unknown_field",
            "progress.more",
        ),
        ({"progress": {}}, "definition_missing", "progress.stages"),
        ({"progress": None}, "definition_missing", "progress"),
        ({"end": "target", "target": 100}, "definition_conflict", "end"),
        ({"went_out": "never", "blocked": "no_score"}, "definition_conflict", "went_out"),
    ],
)
def test_bad_progress_is_refused_naming_the_field(changes, code, field):
    assert refused(phase_10(**changes))[:2] == (code, field)


def test_the_end_conflicts_say_their_reason():
    assert refused(phase_10(end="target", target=100))[2]["reason"] == "progress_end"
    never = refused(phase_10(went_out="never", blocked="no_score"))
    assert never[2]["reason"] == "nobody_goes_out"


@pytest.mark.parametrize("game_id", ["plump", "kasino"])
def test_a_bids_or_captured_game_may_not_have_progress(game_id):
    data = json.loads(
        resources.files("scoring").joinpath(f"definitions/{game_id}.json").read_text("utf-8")
    )
    data["progress"] = PHASE_10["progress"]
    assert refused(data)[:2] == ("definition_unknown_field", "progress")


def test_progress_reads_into_its_shape():
    definition = read_definition(
        json.dumps(phase_10(progress={"stages": [{"nb": "én", "en": "one"}]}))
    )
    assert definition.progress == Progress((Words("én", "one"),))
