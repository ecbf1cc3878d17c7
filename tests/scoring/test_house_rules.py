"""A session file cannot relabel other rules as a built-in game (issue 26,
item 4): a carried definition that claims a built-in game's id with rules that
game was never shipped with is read as a house-rules game of its own; the
built-in game's own rules (with any variants, any name) stay the built-in."""

from __future__ import annotations

import dataclasses
import json

import pytest
from scoring_helpers import DEFINED

from scoring import (
    Hand,
    SessionDoc,
    builtin_definition,
    parse_cards,
    read_session,
    score_session,
    write_session,
)
from scoring.definition import BlockedTerm, Words, definition_to_dict
from scoring.house_rules import SHIPPED_RULES, house_rules, is_house_rules, rules_digest
from scoring.registry import BUILTIN_GAME_IDS, game_for


def rigged_swedish():
    """The reported case: Swedish Rummy's definition where a king is 100 and
    every other card 0."""
    swedish = builtin_definition("swedish_rummy")
    keys = tuple(dataclasses.replace(k, points=100 if k.id == "K" else 0) for k in swedish.keys)
    return dataclasses.replace(swedish, keys=keys)


def document(game: str, definition=None, **extra) -> dict:
    doc = {"format": "kortpoeng-session", "version": 2, "game": game}
    if definition is not None:
        doc["definition"] = definition_to_dict(definition)
    return {
        **doc,
        "players": ["Anna", "Bjørn"],
        "hands": [{"went_out": "Anna", "left": {"Bjørn": ["K", "8", "5"]}}],
        **extra,
    }


@pytest.mark.parametrize("game_id", DEFINED)
def test_every_shipped_definition_s_rules_are_recorded(game_id):
    # A change to a shipped definition's rules must add its new digest to
    # SHIPPED_RULES and keep the old ones: files of older apps stay built in.
    assert rules_digest(builtin_definition(game_id)) in SHIPPED_RULES[game_id]


def test_the_rigged_file_is_a_house_rules_game_scored_by_its_rules():
    doc = read_session(document("swedish_rummy", rigged_swedish()))
    assert doc.game_id.startswith("swedish_rummy_house_") and len(doc.game_id) == 28
    assert doc.definition is not None and doc.definition.id == doc.game_id
    assert doc.definition.name == Words("Vri åtter (husregler)", "Swedish Rummy (house rules)")
    assert doc.definition.source is None
    assert "not the built-in rules of Swedish Rummy" in doc.definition.description.en
    assert doc.rules.id == doc.game_id
    # the rules are the file's: K 100, 8 and 5 nothing
    assert score_session(doc).standings.totals == {"Anna": 100, "Bjørn": 0}
    # written back, it says what it is; read again, it is the same game
    again = read_session(write_session(doc))
    assert again.game_id == doc.game_id and again.definition == doc.definition


def test_the_same_rules_are_one_house_game_whatever_the_file_calls_them():
    named = dataclasses.replace(rigged_swedish(), name=Words("Vri åtter", "Swedish Rummy"))
    other_words = dataclasses.replace(
        rigged_swedish(), name=Words("Konger", "Kings"), description=Words("x", "x"), source=None
    )
    ids = {read_session(document("swedish_rummy", d)).game_id for d in (named, other_words)}
    assert len(ids) == 1
    eights = dataclasses.replace(
        rigged_swedish(),
        keys=tuple(
            dataclasses.replace(k, points=100 if k.id == "8" else 0) for k in rigged_swedish().keys
        ),
    )
    assert read_session(document("swedish_rummy", eights)).game_id not in ids


def test_a_coded_game_s_id_with_a_definition_is_house_rules():
    four_suit = dataclasses.replace(rigged_swedish(), id="four_suit_rummy")
    doc = read_session(document("four_suit_rummy", four_suit))
    assert doc.game_id.startswith("four_suit_rummy_house_")
    assert doc.definition.name == Words(
        "Firefarget rummy (husregler)", "Four Suit Rummy (house rules)"
    )


@pytest.mark.parametrize("game_id", DEFINED)
def test_a_built_in_definition_as_shipped_stays_the_built_in(game_id):
    shipped = builtin_definition(game_id)
    assert not is_house_rules(shipped) and house_rules(shipped) == shipped
    # renamed, described otherwise, another rule book: the same rules, the built-in's words
    renamed = dataclasses.replace(
        shipped, name=Words("Juks", "Cheat"), description=Words("x", "x"), source=None
    )
    assert house_rules(renamed) == shipped
    # the word for a blocked hand is words too, not rules: the built-in's own
    other_word = BlockedTerm.NOBODY_OUT if game_id == "swedish_rummy" else BlockedTerm.BLOCKED
    reworded = dataclasses.replace(shipped, blocked_term=other_word)
    assert rules_digest(reworded) == rules_digest(shipped)
    assert house_rules(reworded) == shipped


def test_a_built_in_game_with_variants_is_still_the_built_in():
    hearts = document(
        "hearts",
        builtin_definition("hearts"),
        players=["Anna", "Bjørn", "Cato"],
        hands=[{"went_out": None, "left": {"Anna": ["QS"], "Bjørn": ["2H"]}}],
    )
    assert read_session(hearts).game_id == "hearts"
    coded = SessionDoc(
        "swedish_rummy",
        game_for("swedish_rummy").options_from_dict({"skip_aces": True, "target": 300}),
        ("Anna", "Bjørn"),
        (Hand("Anna", {"Bjørn": parse_cards(["K", "8"])}),),
    )
    text = write_session(coded)
    assert "definition" not in json.loads(text)
    doc = read_session(text)
    assert doc.game_id == "swedish_rummy" and doc.definition is None
    assert score_session(doc).standings.totals == {"Anna": 60, "Bjørn": 0}  # K 10 + 8 50


def test_a_custom_game_s_own_id_is_left_as_it_is():
    family = dataclasses.replace(rigged_swedish(), id="family_kings")
    assert house_rules(family) is family
    assert read_session(document("family_kings", family)).game_id == "family_kings"


@pytest.mark.parametrize("game_id", BUILTIN_GAME_IDS)
def test_every_built_in_game_s_house_id_fits_a_stored_session(game_id):
    # game_session.game is 32 characters (models.tables.SessionRow)
    claimed = dataclasses.replace(rigged_swedish(), id=game_id)
    house = house_rules(claimed)
    assert house.id != game_id and len(house.id) <= 32
    assert house.name.en.endswith(" (house rules)") and house.name.nb.endswith(" (husregler)")


def kings_at(points: int):
    """Swedish Rummy's definition with a king ``points`` and every other card 0."""
    swedish = builtin_definition("swedish_rummy")
    keys = tuple(dataclasses.replace(k, points=points if k.id == "K" else 0) for k in swedish.keys)
    return dataclasses.replace(swedish, keys=keys)


def claiming(definition, game_id: str, name: Words | None = None):
    """``definition`` with the id ``game_id`` (and ``name``)."""
    return dataclasses.replace(definition, id=game_id, name=name or definition.name)


def test_a_house_id_is_checked_against_its_rules_digest():
    # The reported case: the king-100 game's real id carrying king = 1000.
    kings_100 = read_session(document("swedish_rummy", kings_at(100))).game_id
    assert kings_100 == "swedish_rummy_house_" + rules_digest(kings_at(100))[:8]
    forged = read_session(document(kings_100, claiming(kings_at(1000), kings_100)))
    assert forged.game_id == "swedish_rummy_house_" + rules_digest(kings_at(1000))[:8]
    assert forged.game_id != kings_100  # was: accepted as the king-100 game
    assert forged.definition is not None and forged.definition.id == forged.game_id
    assert score_session(forged).standings.totals == {"Anna": 1000, "Bjørn": 0}


def test_a_house_id_with_its_own_rules_is_that_game_under_its_own_name():
    kings_100 = read_session(document("swedish_rummy", kings_at(100)))
    again = read_session(
        document(
            kings_100.game_id,
            claiming(kings_at(100), kings_100.game_id, Words("Hjerter", "Hearts")),
        )
    )
    assert again.game_id == kings_100.game_id
    assert again.definition == kings_100.definition  # its name "(house rules)", not "Hearts"


def test_a_house_id_with_the_shipped_rules_is_the_built_in_game():
    swedish = builtin_definition("swedish_rummy")
    doc = read_session(
        document("swedish_rummy_house_0123abcd", claiming(swedish, "swedish_rummy_house_0123abcd"))
    )
    assert doc.game_id == "swedish_rummy"
    assert doc.definition is not None and doc.definition.name == swedish.name


@pytest.mark.parametrize(
    "game_id", ["my_house_0123abcd", "swedish_rummy_house_0123abcg", "swedish_rummy_house_0123abc"]
)
def test_an_id_only_like_the_house_form_is_left_as_it_is(game_id):
    doc = read_session(document(game_id, claiming(kings_at(100), game_id, Words("Mine", "Mine"))))
    assert doc.game_id == game_id
