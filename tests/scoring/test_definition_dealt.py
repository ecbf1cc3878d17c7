"""A game definition's ``cards_dealt`` (GAME_FORMAT.md version 2; RULES.md
§8 Phase 10 deals 10): read, written, and refused where it cannot be."""

from __future__ import annotations

import json

import pytest

from scoring import GameDefinitionError
from scoring.definition import read_definition, write_definition
from scoring.registry import builtin_definition


def _doc(game: str, **changes) -> dict:
    data = json.loads(write_definition(builtin_definition(game)))
    data.update(changes)
    return data


def test_phase_10_deals_10_and_reads_back_the_same():
    definition = builtin_definition("phase_10")
    assert definition.cards_dealt == 10
    assert json.loads(write_definition(definition))["cards_dealt"] == 10
    assert read_definition(write_definition(definition)) == definition
    assert builtin_definition("rummy").cards_dealt is None


@pytest.mark.parametrize(
    ("game", "changes", "code", "field"),
    [
        ("phase_10", {"cards_dealt": 0}, "definition_range", "cards_dealt"),
        ("phase_10", {"cards_dealt": 61}, "definition_range", "cards_dealt"),
        ("phase_10", {"cards_dealt": "10"}, "definition_type", "cards_dealt"),
        ("phase_10", {"cards_dealt": 19}, "definition_conflict", "cards_dealt"),  # 6 × 19 > 108
        ("five_crowns", {"cards_dealt": 10}, "definition_conflict", "cards_dealt"),
        ("plump", {"cards_dealt": 10}, "definition_unknown_field", "cards_dealt"),
        ("rummy", {"cards_dealt": 10}, "definition_unknown_field", "cards_dealt"),  # version 1
    ],
)
def test_cards_dealt_is_refused_where_it_cannot_be(game, changes, code, field):
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(_doc(game, **changes)))
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_deal_larger_than_the_deck_names_the_figures():
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(_doc("phase_10", cards_dealt=19)))
    params = caught.value.params
    assert params["reason"] == "schedule_cards"
    assert (params["players"], params["cards"], params["dealt"], params["in_play"]) == (
        6,
        19,
        114,
        108,
    )
    with pytest.raises(GameDefinitionError) as schedule:
        read_definition(json.dumps(_doc("five_crowns", cards_dealt=10)))
    assert schedule.value.params["reason"] == "dealt_schedule"
