"""A tap is never lost to a redraw that came before its handler
(app.ui.common.switched and chosen).

The browser applies a tap to its control at once (``Session.apply_patch``)
and sends the event; Flet runs the handler later, as a task, on the control
that is on screen by then. When an earlier tap's handler redrew the form in
between, that control was drawn from a model that does not know this tap
yet: its ``value`` is the old state. Handlers that read ``e.control.value``
wrote the old state back: under load, quick taps on the new-session switches
were lost (both switches off after a stressed run).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
from flet.utils.object_model import patch_dataclass

from app.ui.common import TypedTexts, chosen, switched
from app.ui.game_editor import _Form
from app.ui.new_session import _option_controls
from app.ui.state import NewSessionDraft
from app.ui.state.game_draft import GameDraft
from scoring import builtin_definition

UI = Path(__file__).resolve().parents[2] / "app" / "ui"


def controls_in(control: Any) -> Iterator[Any]:
    """``control`` and every control inside it."""
    yield control
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                yield from controls_in(child)


def tagged_control(controls: list[ft.Control], identifier: str) -> Any:
    """The control wrapped in the semantics node ``identifier``."""
    for top in controls:
        for control in controls_in(top):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control.content
    raise AssertionError(f"no {identifier}")


def label_of(controls: list[ft.Control], identifier: str) -> ft.Container:
    """The tappable label beside the switch ``identifier`` (same row)."""
    for top in controls:
        for row in controls_in(top):
            if isinstance(row, ft.Row) and any(
                isinstance(c, ft.Semantics) and c.identifier == identifier for c in row.controls
            ):
                return next(c for c in row.controls if isinstance(c, ft.Container))
    raise AssertionError(f"no label for {identifier}")


def event(control: Any, data: Any = None) -> Any:
    return SimpleNamespace(control=control, data=data)


def form(draft: NewSessionDraft) -> list[ft.Control]:
    """One render of the game's options."""
    return _option_controls(draft, draft.rules)


def test_two_quick_switch_taps_are_both_kept_when_a_redraw_comes_between():
    draft = NewSessionDraft(game_id="swedish_rummy")
    shown = form(draft)
    draw_two = tagged_control(shown, "option-draw_two")
    queens = tagged_control(shown, "option-reverse_queens")
    # two taps: the browser turns both switches on, and sends two events
    patch_dataclass(draw_two, {"value": True})
    patch_dataclass(queens, {"value": True})
    draw_two.on_change(event(draw_two, True))
    redrawn = form(draft)  # the first handler's redraw, before the second handler
    queens_now = tagged_control(redrawn, "option-reverse_queens")
    assert queens_now.value is False  # drawn from the model, which has not heard of the tap
    queens_now.on_change(event(queens_now, True))  # Flet hands the control on screen
    assert draft.option("draw_two") is True
    assert draft.option("reverse_queens") is True


def test_a_switch_event_that_carries_no_state_turns_the_option_over():
    draft = NewSessionDraft(game_id="swedish_rummy")
    switch = tagged_control(form(draft), "option-skip_aces")
    switch.on_change(event(switch))
    assert draft.option("skip_aces") is True
    switch.on_change(event(switch, "false"))
    assert draft.option("skip_aces") is False


def test_each_tap_on_a_label_turns_its_switch_over_even_from_one_redraw():
    """Two taps on a label before the redraw of the first: off, on, off."""
    draft = NewSessionDraft(game_id="swedish_rummy")
    label = label_of(form(draft), "option-draw_two")
    label.on_click(event(label))
    assert draft.option("draw_two") is True
    label.on_click(event(label))  # the same, older render's label
    assert draft.option("draw_two") is False


def test_a_menu_choice_handled_after_a_redraw_is_kept():
    draft = GameDraft.editing(builtin_definition("crazy_eights"), None)
    path = ("keys", 0, "rank")
    ranks = [("A", "A"), ("Q", "Q"), ("JKR", "Joker")]
    shown = tagged_control(
        [_Form(draft, TypedTexts()).dropdown(path, "Card", ranks)], "ge-keys-0-rank"
    )
    patch_dataclass(shown, {"value": "Q"})  # the finger chose the queen
    redrawn = tagged_control(
        [_Form(draft, TypedTexts()).dropdown(path, "Card", ranks)], "ge-keys-0-rank"
    )
    assert redrawn.value == "A"
    redrawn.on_select(event(redrawn, "Q"))
    assert draft.get(path) == "Q"


def test_an_editor_switch_tap_handled_after_a_redraw_is_kept():
    draft = GameDraft.editing(builtin_definition("crazy_eights"), None)
    draft.add(("flags",))
    path = ("flags", 0, "in_play")
    draft.set(path, False)
    render = _Form(draft, TypedTexts()).switch(path, "In play")
    switch = tagged_control([render], "ge-flags-0-in_play")
    switch.on_change(event(switch, True))
    assert draft.get(path) is True
    label = label_of([render], "ge-flags-0-in_play")
    label.on_click(event(label))  # the older render's label: turns it over from now
    assert draft.get(path) is False


def test_switched_and_chosen_read_what_the_browser_sent():
    assert switched(event(None, True), now=True) is True
    assert switched(event(None, False), now=False) is False
    assert switched(event(None, "TRUE"), now=False) is True
    assert switched(event(None), now=True) is False
    assert chosen(event(None, "Q")) == "Q"
    assert chosen(event(None)) == ""


def handler_reads_of_control_values(path: Path) -> list[str]:
    """Every ``<x>.control.value`` read in ``path``: a handler reading the
    control a redraw may have replaced (text fields go through
    :class:`TypedTexts`, which keeps the browser's text across redraws)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(UI)}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr in {"value", "selected"}
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "control"
    ]


def test_no_handler_reads_its_controls_value():
    found = [
        hit for path in sorted(UI.rglob("*.py")) for hit in handler_reads_of_control_values(path)
    ]
    assert found == []
