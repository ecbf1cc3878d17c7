"""A text field's redraw never sends back an older text than the one being
typed (app.ui.common.TypedTexts).

Flet applies the browser's keystrokes to the field's control as they arrive
(``patch_dataclass``, as ``Session.apply_patch`` does) and runs each
``on_change`` later as a task. A redraw made by the handler of the first key
used to carry the model's "4" while the browser already held "45": the diff
sent "4", and the "5" was gone (the editor's "60" typed as "6", a hand's "45"
stored as 4).
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
from flet.utils.object_model import patch_dataclass
from hypothesis import given
from hypothesis import strategies as st

from app.ui.common import TypedTexts, text_field


class Model:
    """A draft holding one text, as the screens' drafts do."""

    def __init__(self, text: str = "") -> None:
        self.text = text

    def set(self, text: str) -> None:
        self.text = text


def render(texts: TypedTexts, model: Model) -> ft.TextField:
    return text_field(texts, "points", model.text, model.set, label="Points")


def keystroke(field: ft.TextField, text: str) -> None:
    """What the browser's UPDATE_CONTROL_PROPS does to the control on screen."""
    patch_dataclass(field, {"value": text})


def handle(field: ft.TextField) -> None:
    """The field's on_change task, run later, reading the control on screen."""
    assert field.on_change is not None
    field.on_change(SimpleNamespace(control=field))  # type: ignore[arg-type]


def test_a_redraw_between_two_keys_keeps_the_second_key() -> None:
    texts, model = TypedTexts(), Model()
    shown = render(texts, model)
    keystroke(shown, "4")
    handle(shown)  # the model is "4" ...
    keystroke(shown, "45")  # ... and the browser already holds "45"
    redrawn = render(texts, model)
    assert redrawn.value == "45"  # nothing older is sent back
    handle(redrawn)
    assert model.text == "45"


def test_a_change_made_elsewhere_reaches_the_field() -> None:
    texts, model = TypedTexts(), Model()
    shown = render(texts, model)
    keystroke(shown, "Kari")
    handle(shown)
    model.set("")  # "Add" took the name and cleared the field
    cleared = render(texts, model)
    assert cleared.value == ""
    model.set("Kari")  # and a later reset to the old text is not mistaken for typing
    assert render(texts, model).value == "Kari"


def test_a_first_render_shows_the_model() -> None:
    assert render(TypedTexts(), Model("100")).value == "100"


@given(st.lists(st.sampled_from(["key", "handler", "redraw"]), min_size=1, max_size=40))
def test_keys_handlers_and_redraws_in_any_order_lose_nothing(steps: list[str]) -> None:
    """``key``: a key arrives (the control on screen takes the longer text and
    its handler is queued); ``handler``: the oldest queued handler runs (it
    reads the control then on screen); ``redraw``: the screen is drawn anew
    from the model. In every order the field ends showing all that was typed,
    and the model holds it."""
    texts, model = TypedTexts(), Model()
    field = render(texts, model)
    typed, queued = "", 0
    for step in steps:
        if step == "key":
            typed += str(len(typed) % 10)
            keystroke(field, typed)
            queued += 1
        elif step == "handler" and queued:
            handle(field)
            queued -= 1
        elif step == "redraw":
            field = render(texts, model)
            assert field.value == typed  # what the browser holds is never replaced
    while queued:
        handle(field)
        queued -= 1
    assert render(texts, model).value == typed
    assert model.text == typed
