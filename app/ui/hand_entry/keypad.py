"""The leftover-card keypad: one key per card the game's rules offer (A–K, the
joker when in play), and the cards entered as removable chips."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.messages import card_label, card_name, rank_label
from app.ui.common import tagged
from app.ui.state import HandDraft
from scoring import Card, Rank

__all__ = ["KEY", "CardChips", "CardKeypad", "key_button"]

#: The side of a key, in logical pixels (Material's touch target).
KEY = 48


def key_button(
    identifier: str,
    label: str,
    on_click,
    *,
    selected: bool = False,
    width: int = KEY,
    font: str | None = None,
    disabled: bool = False,
) -> ft.Control:
    """A 48 × 48 key of the card keypad."""
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        identifier,
        kind(
            # The label as a string styled by the button (no Text control: a
            # keypad has dozens of keys, all torn down when the hand is saved).
            content=label,
            on_click=on_click,
            width=width,
            height=KEY,
            disabled=disabled,
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0),
                shape=ft.RoundedRectangleBorder(radius=10),
                text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600, font_family=font),
            ),
        ),
        button=True,
    )


@ft.component
def CardKeypad(draft: HandDraft, player: str) -> ft.Control:
    """A – K (and Joker when in play): one tap adds one leftover card."""
    return ft.Row(
        [
            key_button(
                f"key-{player}-{rank.value}",
                rank_label(rank),
                lambda _e, r=rank: draft.add_card(player, Card(r)),
                width=KEY if rank is not Rank.JOKER else 2 * KEY + 6,
            )
            for rank in draft.rules.keypad
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


@ft.component
def CardChips(draft: HandDraft, player: str, seat: int) -> ft.Control:
    """The leftover cards as chips; tapping one removes it."""
    held = draft.cards.get(player, ())
    if not held:
        return ft.Text(
            _("No cards left (tap the keys below)"), size=13, color=ft.Colors.ON_SURFACE_VARIANT
        )
    return ft.Row(
        [
            tagged(
                f"chip-{seat}-{index}",
                ft.Chip(
                    label=ft.Text(card_label(card)),
                    on_delete=lambda _e, i=index: draft.remove_card(player, i),
                    delete_icon_tooltip=_("Remove {card}", card=card_name(card)),
                ),
            )
            for index, card in enumerate(held)
        ],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
