"""The game editor at a phone's width and what it says (issue 25, item 12):
a key's row keeps its card menu and its points whole (the tools on a line of
their own), a flag that can never change a score is warned about in words,
"everyone else's cards count double" can be chosen, "Jokers per deck" says a
Joker key is needed, and a game that ends after a number of rounds offers the
rounds, not a target (in the editor, the rules and the new-session form)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from app.game_text import rules_in_words
from app.i18n import use_language
from app.ui import game_editor
from app.ui.common import TypedTexts
from app.ui.state import NewSessionDraft
from app.ui.state.game_draft import GameDraft
from scoring import Hand, builtin_definition, game_for, parse_cards
from scoring.codes import DefinitionWarningCode


def controls_in(control: Any) -> Iterator[Any]:
    """``control`` and every control inside it."""
    yield control
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                yield from controls_in(child)


def identifiers(control: Any) -> list[str]:
    return [c.identifier for c in controls_in(control) if isinstance(c, ft.Semantics)]


def named_game(**changes: str) -> GameDraft:
    draft = GameDraft.new()
    draft.set(("name", "nb"), "Straffedobling")
    draft.set(("name", "en"), "Penalty doubles")
    for name, value in changes.items():
        draft.set((name,), value)
    return draft


def key_rows(width: float, index: int = 0) -> list[Any]:
    """The lines of key ``index``'s row in the editor at ``width`` pixels."""
    draft = GameDraft.editing(builtin_definition("crazy_eights"), None)
    form = game_editor._Form(draft, TypedTexts(), width=width)
    card = game_editor._key_card(form, index, len(draft.form["keys"]), set(), lambda i: None)
    [column] = [c for c in controls_in(card) if isinstance(c, ft.Column)][:1]
    first = column.controls[0]
    return first.controls if isinstance(first, ft.Column) else [first]


def test_at_a_phones_width_a_keys_tools_go_under_its_card_and_points():
    lines = key_rows(390)
    assert len(lines) == 2
    fields, tools = (identifiers(line) for line in lines)
    assert fields == ["ge-keys-0-rank", "ge-keys-0-points"]
    assert tools == ["ge-suits-0", "ge-up-keys-0", "ge-down-keys-0", "ge-remove-keys-0"]
    menu = next(c for c in controls_in(lines[0]) if isinstance(c, ft.Dropdown))
    points = next(c for c in controls_in(lines[0]) if isinstance(c, ft.TextField))
    # the menu is wide enough for "Joker" beside its arrow; the points field
    # has the rest of the line (it was squeezed to "Poin / ts" beside four tools)
    assert menu.width == game_editor.CARD_MENU_WIDTH >= 120
    assert points.expand is True
    # on a wide screen one line holds them all
    assert len(key_rows(1280)) == 1


def test_jokers_per_deck_says_that_a_joker_key_is_needed():
    draft = GameDraft.new()
    for lang, words in (("en", "Joker key"), ("nb", "Joker")):
        with use_language(lang):
            form = game_editor._Form(draft, TypedTexts())
            field = game_editor._jokers_field(form, ("jokers_per_deck",), "Jokers")
        [text_field] = [c for c in controls_in(field) if isinstance(c, ft.TextField)]
        assert words in str(text_field.helper), (lang, text_field.helper)
    with use_language("en"):
        field = game_editor._jokers_field(
            game_editor._Form(draft, TypedTexts()), ("jokers_per_deck",), "Jokers"
        )
    [text_field] = [c for c in controls_in(field) if isinstance(c, ft.TextField)]
    assert text_field.helper == (
        "Jokers count only with a Joker key among the cards: “Add a card” and choose Joker."
    )


def test_a_double_that_can_never_count_is_warned_about_on_its_flag():
    draft = named_game(went_out="own", winner="lowest")
    draft.add(("flags",))  # ×2 for the player who went out: the default flag
    draft.set(("flags", 0, "name", "nb"), "Alt på én gang")
    draft.set(("flags", 0, "name", "en"), "Went out in one go")
    [(warning, path)] = draft.warnings()
    assert (warning.code, path) == (DefinitionWarningCode.FLAG_NEVER_SCORES, ("flags", 0))
    with use_language("en"):
        form = game_editor._Form(draft, TypedTexts())
        card = game_editor._flag_card(form, 0, 1)
        said = [c.value for c in controls_in(card) if isinstance(c, ft.Text)]
    assert any(text.startswith("“Went out in one go” never changes a score") for text in said), said
    assert "ge-flags-0-warning" in identifiers(card)
    # "everyone else's cards count double" instead: no warning, and it scores
    draft.set(("flags", 0, "effect"), "others_multiply")
    assert draft.warnings() == ()
    definition = draft.definition()
    game = game_for(definition.id, definition)
    hand = Hand("Kari", {"Ola": parse_cards(["K", "7", "A"])}, flags={"flag_1": "Kari"})
    score = game.score_hand(game.default_options(), ["Kari", "Ola", "Per"], hand)
    assert score.points == {"Kari": 0, "Ola": 36, "Per": 0}


def test_the_flag_effects_offer_everyone_elses_points_multiplied():
    with use_language("en"):
        words = dict(game_editor._flag_effect_words())
    assert words["others_multiply"] == "Multiplies everyone else's points"
    with use_language("nb"):
        assert dict(game_editor._flag_effect_words())["others_multiply"] != words["others_multiply"]


def test_a_game_that_ends_after_rounds_offers_the_rounds_not_a_target():
    draft = named_game()
    assert [o["id"] for o in draft.form["options"]] == ["target"]
    draft.set(("end",), "rounds")
    draft.set(("rounds",), "5")
    option = draft.form["options"][0]
    assert (option["id"], option["name"]) == ("rounds", {"nb": "Runder", "en": "Rounds"})
    assert draft.warnings() == ()
    assert draft.numbers_used() == {"rounds"}
    with use_language("en"):
        end = game_editor._end_part(game_editor._Form(draft, TypedTexts()))
        fields = [i for c in end for i in identifiers(c)]
    assert "ge-rounds" in fields and "ge-target" not in fields
    # the new-session form offers the rounds, and the rules name no target
    definition = draft.definition()
    game = game_for(definition.id, definition)
    form = NewSessionDraft(custom_games={game.id: game})
    form.select_game(game.id)
    assert form.number_choosable() and {p.option for p in form.presets()} == {"rounds"}
    with use_language("en"):
        rules = dict(rules_in_words(draft.definition()))
    assert rules["Options when a session starts"] == "Rounds"
    # and back: the target again
    draft.set(("end",), "target")
    assert [o["id"] for o in draft.form["options"]] == ["target"]
    assert draft.form["options"][0]["name"] == {"nb": "Poengmål", "en": "Target score"}


def test_a_renamed_target_option_left_behind_is_warned_and_not_offered():
    draft = named_game()
    draft.set(("options", 0, "name", "en"), "Goal")
    draft.set(("rounds",), "5")
    draft.add(("options",), "number")  # the rounds as well
    draft.set(("options", 1, "name", "nb"), "Runder")
    draft.set(("options", 1, "name", "en"), "Rounds")
    draft.set(("end",), "rounds")
    assert draft.problem() is None
    assert [o["id"] for o in draft.form["options"]] == ["target", "rounds"]
    [(warning, path)] = draft.warnings()
    assert (warning.code, warning.params, path) == (
        DefinitionWarningCode.NUMBER_NOT_USED,
        {"option": "target"},
        ("options", 0),
    )
    with use_language("en"):
        lines = dict(rules_in_words(draft.definition()))["Options when a session starts"]
    assert "Goal" not in lines.splitlines()


@pytest.mark.parametrize("game_id", ["rummy", "hearts", "swedish_rummy"])
def test_a_built_in_games_form_keeps_its_options_when_its_end_is_set_again(game_id):
    draft = GameDraft.editing(builtin_definition(game_id), None)
    before = draft.form["options"]
    draft.set(("end",), draft.form["end"])
    assert draft.form["options"] == before
    assert draft.definition() == builtin_definition(game_id)
