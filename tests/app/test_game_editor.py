"""The game editor's state (app.ui.state.game_draft) and what it shows: every
definition survives the form, faults land on their input and are said in
words naming the field, the preview scores with the real rules, and each part
of the editor builds for every built-in game in both languages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.i18n import use_language
from app.messages import describe_error
from app.ui import game_editor
from app.ui.common import TypedTexts
from app.ui.state.game_draft import GameDraft, document_of, form_of, form_path, slug
from scoring import (
    Card,
    Face,
    GameDefinitionError,
    Rank,
    builtin_definition,
    read_definition,
)
from scoring.registry import BUILTIN_GAME_IDS

#: The built-in games defined as data (all but the coded Four Suit Rummy).
DEFINED = tuple(g for g in BUILTIN_GAME_IDS if builtin_definition(g) is not None)

PLAYERS = ("P1", "P2", "P3")


@pytest.mark.parametrize("game_id", DEFINED)
def test_every_built_in_definition_survives_the_form(game_id):
    definition = builtin_definition(game_id)
    assert read_definition(document_of(form_of(definition))) == definition
    assert GameDraft.editing(definition, None).definition() == definition


def test_a_new_game_asks_for_its_name_first_and_takes_its_id_from_it():
    draft = GameDraft.new()
    error, path = draft.problem_at()
    assert (error.code, path) == ("definition_empty", ("name", "nb"))
    with use_language("en"):
        assert describe_error(error) == "Name › Norwegian is empty"
    with use_language("nb"):
        assert describe_error(error) == "Navn › norsk er tomt"
    draft.set(("name", "nb"), "Familieåttere")
    draft.set(("name", "en"), "Family Eights")
    assert draft.form["id"] == "family_eights"
    game = draft.definition()
    assert game.id == "family_eights" and game.target == 100
    assert [(k.id, k.points) for k in game.keys][-4:] == [
        ("10", 10),
        ("J", 10),
        ("Q", 10),
        ("K", 10),
    ]
    draft.set(("id",), "eights")
    draft.set(("name", "en"), "Eights")
    assert draft.form["id"] == "eights"  # typed: no longer follows the name


@pytest.mark.parametrize(
    ("path", "value", "code", "en"),
    [
        (
            ("keys", 7, "points"),
            "x",
            "definition_type",
            "Key 8 › points must be a whole number, not x",
        ),
        (
            ("keys", 7, "points"),
            "-5",
            "definition_range",
            "Key 8 › points must be a whole number from 0 to 1,000, not -5",
        ),
        (
            ("players", "max"),
            "1",
            "definition_range",
            "Players › most must be a whole number from 2 to 20, not 1",
        ),
        (("target",), "", "definition_missing", "Target score is missing"),
        (
            ("source", "url"),
            "ftp://x",
            "definition_url",
            "Rule book › web address must be a web address starting with https://",
        ),
    ],
)
def test_a_fault_lands_on_its_input_and_names_the_field(path, value, code, en):
    draft = GameDraft.editing(builtin_definition("crazy_eights"), None)
    draft.set(path, value)
    error, at = draft.problem_at()
    assert error.code == code
    if code != "definition_missing":
        assert at == path
    with use_language("en"):
        assert describe_error(error) == en


def test_flag_amounts_presets_and_effect_rows_map_to_their_inputs():
    draft = GameDraft.editing(builtin_definition("rummy"), None)
    form = draft.form
    assert form_path("flags[1].multiply", form) == ("flags", 0, "amount")
    assert form_path("options[2].presets[1].value", form) == ("options", 1, "presets", 0, "number")
    assert form_path("options[1].choices[2].set.flags.rummy", form) == (
        "options", 0, "choices", 1, "set", "flags", 0,
    )  # fmt: skip
    assert form_path("keys[99].points", form) == ("keys",)


def test_rows_are_added_moved_and_removed():
    draft = GameDraft.new()
    draft.add(("keys",), "rank")  # the first rank not yet a key: the joker
    assert draft.form["keys"][-1]["rank"] == "JKR"
    draft.add(("keys",), "face")
    assert draft.form["keys"][-1]["kind"] == "face"
    draft.move(("keys",), 14, -1)
    assert draft.form["keys"][13]["kind"] == "face"
    draft.remove(("keys",), 13)
    assert [k["kind"] for k in draft.form["keys"]].count("face") == 0
    assert [o["id"] for o in draft.form["options"]] == ["target"]  # chosen at the start
    draft.add(("options",), "number")
    assert draft.form["options"][1]["id"] == "rounds"
    draft.add(("options",), "choice")
    assert len(draft.form["options"][2]["choices"]) == 2
    draft.add(("flags",))
    assert draft.form["flags"][0]["effect"] == "multiply"


def test_the_preview_scores_with_the_real_rules():
    """Crazy Eights (Bicycle): an 8 counts 50 and a king 10, so the player who
    went out collects 60 from them."""
    draft = GameDraft.editing(builtin_definition("crazy_eights"), None)
    draft.add_preview_card(Card(Rank.EIGHT))
    draft.add_preview_card(Card(Rank.KING))
    preview = draft.preview(PLAYERS)
    assert preview.worth == 60
    assert preview.score.points == {"P1": 60, "P2": 0, "P3": 0}
    draft.remove_preview_card(0)
    assert draft.preview(PLAYERS).worth == 10
    broken = GameDraft.new()
    assert broken.preview(PLAYERS).error.code == "definition_empty"


def test_the_preview_of_a_game_of_tricks_and_of_faces():
    hearts = GameDraft.editing(builtin_definition("hearts"), None)
    hearts.add_preview_card(Card(Rank.QUEEN, suit=__import__("scoring").Suit.SPADES))
    preview = hearts.preview(PLAYERS)
    assert preview.worth == 13 and preview.score.points == {"P1": 0, "P2": 13, "P3": 0}
    uno = GameDraft.editing(builtin_definition("colour_cards"), None)
    uno.add_preview_card(Face("wild"))
    uno.add_preview_card(Face("skip"))
    assert uno.preview(PLAYERS).worth == 70
    uno.remove(("keys",), 13)  # the wild is no longer a key: left out of the preview
    assert uno.preview(PLAYERS).worth == 20


def test_slug():
    assert slug("Hjerter (kopi)") == "hjerter_kopi"
    assert slug("Ærlig Øl Å") == "aerlig_ol_a"
    assert slug("∞") == "game"
    assert len(slug("x" * 100)) == 40


@given(st.text(max_size=80))
def test_slug_is_always_an_id(name):
    made = slug(name)
    assert made[0].isalpha() and made.isascii() and len(made) <= 40
    assert all(ch.isdigit() or ch == "_" or "a" <= ch <= "z" for ch in made)


@pytest.mark.parametrize("lang", ["nb", "en"])
@pytest.mark.parametrize("game_id", DEFINED)
def test_every_part_of_the_editor_builds(game_id, lang):
    """Each part's controls are made for every built-in game, also with a
    fault shown (a control given a wrong argument fails here, not silently in
    the browser)."""
    draft = GameDraft.editing(builtin_definition(game_id), None)
    # (a bids game, Plump, has no keys: its fault is in the players)
    faulty = ("keys", 0, "points") if draft.form["keys"] else ("players", "min")
    draft.set(faulty, "x")
    with use_language(lang):
        form = game_editor._Form(draft, TypedTexts())
        assert form.fault(faulty)
        assert game_editor._game_part(form)
        assert game_editor._scoring_part(form)
        assert game_editor._end_part(form)
        assert game_editor._options_part(form)
        for index in range(len(draft.form["keys"])):
            game_editor._key_card(form, index, len(draft.form["keys"]), {index}, lambda i: None)


def test_a_hostile_number_is_text_until_the_reader_refuses_it():
    draft = GameDraft.new()
    draft.set(("name", "nb"), "X")
    draft.set(("name", "en"), "X")
    for typed in ("1e9", "NaN", "9" * 40, "½"):
        draft.set(("target",), typed)
        with pytest.raises(GameDefinitionError) as caught:
            draft.definition()
        assert caught.value.field == "target"
