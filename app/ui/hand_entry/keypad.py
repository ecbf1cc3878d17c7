"""The leftover-card keypad: one key per card the game's rules offer (A–K, the
joker when in play; a card with its suit where the suit counts; a game's own
faces by their names), and the cards entered as removable chips."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.messages import card_label, card_name, key_label
from app.ui.common import tagged
from app.ui.state import HandDraft
from scoring import Card, PadKey, Rank

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


def _key_width(key: PadKey, label: str) -> int:
    """One key wide for a rank, wider for the joker, a suited card or a face's name."""
    if isinstance(key.card, Card) and key.card.rank is not Rank.JOKER and len(label) <= 2:
        return KEY
    return max(2 * KEY + 6, min(4 * KEY, 16 + 10 * len(label)))


@ft.component
def CardKeypad(draft: HandDraft, player: str) -> ft.Control:
    """The game's keys (A – K, the joker when in play, suited cards, faces):
    one tap adds one card."""
    keys = []
    for key in draft.rules.keypad:
        label = key_label(key.card, key.name)
        keys.append(
            key_button(
                f"key-{player}-{key.card}",
                label,
                lambda _e, c=key.card: draft.add_card(player, c),
                width=_key_width(key, label),
            )
        )
    return ft.Row(keys, wrap=True, spacing=6, run_spacing=6)


@ft.component
def CardChips(draft: HandDraft, player: str, seat: int) -> ft.Control:
    """The leftover cards as chips; tapping one removes it."""
    held = draft.cards.get(player, ())
    if not held:
        return ft.Text(
            _("No cards taken (tap the keys below)")
            if draft.rules.counted == "tricks"
            else _("No cards left (tap the keys below)"),
            size=13,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    return ft.Row(
        [
            tagged(
                f"chip-{seat}-{index}",
                ft.Chip(
                    label=ft.Text(card_label(card, draft.face_names)),
                    on_delete=lambda _e, i=index: draft.remove_card(player, i),
                    delete_icon_tooltip=_("Remove {card}", card=card_name(card, draft.face_names)),
                ),
            )
            for index, card in enumerate(held)
        ],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
