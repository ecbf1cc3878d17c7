"""A field that takes one entry per line (``app.ui.state.line_entry``): every
key typed after an Enter reaches the next entry, because the field's text is
never rewritten while it is typed in (issue 25, item 4: "Bjørn" typed right
after Enter became "rn")."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import use_language
from app.ui.state import NewSessionDraft
from app.ui.state.line_entry import LineEntry


@dataclass
class Field:
    """The field as the browser left it (what Flet's control holds)."""

    value: str = ""


def burst(text: str) -> list[str]:
    """What the browser reports while ``text`` is typed key by key ("\\n" an
    Enter): the field's text after each key."""
    return [text[: i + 1] for i in range(len(text))]


def type_into(draft: NewSessionDraft, entry: LineEntry, field: Field, text: str) -> list[str]:
    """Type ``text`` into the new-session name field (after what it holds) as
    the app wires it (``LineField``): after each key the app renders, as it
    may, and gives the field a text. Returns the texts the app gave the field
    while typing."""
    given = []
    start = field.value
    for typed in burst(text):
        reported = field.value = start + typed  # the browser has the key at once
        finished, current = entry.typed(reported)
        draft.type_name(current)
        for line in finished:
            draft.add_player(line)
        given.append(entry.shown(draft.name, field.value))  # a render in between
    return given


def test_names_typed_after_enter_keep_every_letter() -> None:
    draft, entry, field = NewSessionDraft(), LineEntry(), Field()
    draft.select_game("swedish_rummy")
    given = type_into(draft, entry, field, "Anna\nBjørn\nØystein\n🦊🐻\n")
    assert draft.players == ("Anna", "Bjørn", "Øystein", "🦊🐻")
    assert draft.name == ""
    # nothing was ever rewritten under the fingers: every render gave the
    # field back the text the browser already held
    assert given == burst("Anna\nBjørn\nØystein\n🦊🐻\n")


def test_the_field_is_given_its_unfinished_line_once_the_focus_has_left() -> None:
    draft, entry, field = NewSessionDraft(), LineEntry(), Field()
    draft.select_game("swedish_rummy")
    type_into(draft, entry, field, "Anna\nBo\nKa")
    assert draft.players == ("Anna", "Bo") and draft.name == "Ka"
    entry.left()
    field.value = entry.shown(draft.name, field.value)
    assert field.value == "Ka"
    # and the lines start again from there
    type_into(draft, entry, field, "ri\n")
    assert draft.players == ("Anna", "Bo", "Kari")


def test_add_empties_the_field_and_its_lines_start_again() -> None:
    draft, entry, field = NewSessionDraft(), LineEntry(), Field()
    draft.select_game("swedish_rummy")
    type_into(draft, entry, field, "Anna\nBo")
    assert draft.add_player()  # the Add button: the unfinished line
    field.value = entry.shown(draft.name, field.value)
    assert field.value == ""
    type_into(draft, entry, field, "Cato\n")
    assert draft.players == ("Anna", "Bo", "Cato")


def test_a_pasted_list_adds_each_line_and_keeps_the_last_unfinished() -> None:
    entry = LineEntry()
    assert entry.typed("Anna\r\nBo\nCato") == (("Anna", "Bo"), "Cato")
    assert entry.typed("Anna\r\nBo\nCato\n") == (("Cato",), "")


def test_a_line_break_deleted_gives_the_line_back_and_takes_it_again() -> None:
    entry = LineEntry()
    assert entry.typed("Anna\n") == (("Anna",), "")
    assert entry.typed("Anna") == ((), "Anna")  # backspace over the Enter
    assert entry.typed("Anne") == ((), "Anne")
    assert entry.typed("Anne\n") == (("Anne",), "")


def test_a_name_refused_on_enter_is_named_and_the_next_is_typed_at_once() -> None:
    draft, entry, field = NewSessionDraft(), LineEntry(), Field()
    draft.select_game("swedish_rummy")
    with use_language("en"):
        type_into(draft, entry, field, "Anna\nAnna\n")
        assert draft.players == ("Anna",)
        assert draft.error is not None  # the duplicate, in words on the form
        type_into(draft, entry, field, "B")
    assert draft.error is None and draft.name == "B"
    assert field.value == "Anna\nAnna\nB"
