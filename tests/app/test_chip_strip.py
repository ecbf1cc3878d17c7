"""The strip of entered cards (``app.ui.hand_entry.keypad.chip_strip``): every
card entered stays countable ("9 cards:" before the chips, also when the first
entered are scrolled out of the strip), the newest in view, the strip keeps
one height (the keys under it never move), and a mouse can reach the first
entered (a scroll bar)."""

from __future__ import annotations

import flet as ft
import pytest

from app.i18n import use_language
from app.ui.common import TOUCH
from app.ui.hand_entry.keypad import card_chip, cards_heading, chip_strip


def chips(count: int) -> list[ft.Control]:
    return [card_chip(f"chip-1-{i}", str(i + 2), str(i + 2), lambda _e: None) for i in range(count)]


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [("en", 1, "1 card:"), ("en", 9, "9 cards:"), ("nb", 1, "1 kort:"), ("nb", 9, "9 kort:")],
)
def test_the_count_names_every_card_entered(language: str, count: int, expected: str) -> None:
    with use_language(language):
        assert cards_heading(count) == expected


def test_nine_chips_come_after_their_count_in_a_strip_of_one_height() -> None:
    with use_language("en"):
        strip = chip_strip(chips(9), "No cards left", "cards-1")
    assert isinstance(strip, ft.Container)
    assert strip.height == TOUCH
    row = strip.content
    assert isinstance(row, ft.Row)
    count, holder = row.controls
    assert isinstance(count, ft.Semantics) and count.identifier == "cards-1"
    assert isinstance(count.content, ft.Text) and count.content.value == "9 cards:"
    assert isinstance(holder, ft.Container) and isinstance(holder.content, ft.Row)
    scroller = holder.content
    shown = [chip.identifier for chip in scroller.controls if isinstance(chip, ft.Semantics)]
    assert shown == [f"chip-1-{i}" for i in range(9)]
    # the newest in view, the first entered reachable with a mouse (a scroll bar)
    assert scroller.auto_scroll is True
    assert scroller.scroll == ft.ScrollMode.AUTO


def test_before_the_first_card_the_hint_takes_the_same_height() -> None:
    strip = chip_strip([], "No cards left (tap the keys below)", "cards-1")
    assert isinstance(strip, ft.Container) and strip.height == TOUCH
    assert isinstance(strip.content, ft.Text)
    assert strip.content.value == "No cards left (tap the keys below)"


def test_a_chip_is_a_whole_touch_target_high_and_ends_with_its_card() -> None:
    """(A chip cut at the strip's left edge shows its card, not a bare ×.)"""
    chip = card_chip("chip-1-0", "7♥", "seven of hearts", lambda _e: None)
    assert isinstance(chip, ft.Semantics)
    assert isinstance(chip.content, ft.Container) and chip.content.height == TOUCH
    row = chip.content.content
    assert isinstance(row, ft.Row)
    icon, card = row.controls
    assert isinstance(icon, ft.Icon) and isinstance(card, ft.Text) and card.value == "7♥"
