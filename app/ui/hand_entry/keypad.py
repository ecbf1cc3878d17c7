"""The leftover-card keypad: one key per card the game's rules offer (A–K, the
joker when in play; a card with its suit where the suit counts; a game's own
faces by their names) in fixed rows, and the cards entered as removable
chips in a strip of fixed height. Nothing here changes size while cards are
tapped in: a key never moves under the finger (issue 11)."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from app.i18n import _, ngettext
from app.messages import card_label, card_name, key_label
from app.ui.common import TOUCH, tagged
from app.ui.phone import tap_feedback
from app.ui.state import HandDraft
from app.ui.text_styles import text_style
from scoring import Card, PadKey, Rank

__all__ = [
    "KEY",
    "KEYS_PER_ROW",
    "CardChips",
    "CardKeypad",
    "card_chip",
    "cards_heading",
    "chip_strip",
    "key_button",
]

#: The side of a key, in logical pixels (Material's touch target).
KEY = 48
#: Keys in a row of the keypad: A–7 above, 8–K (and the joker) below.
KEYS_PER_ROW = 7
#: Space between keys, in logical pixels.
GAP = 4


def key_button(
    identifier: str,
    label: str,
    on_click,
    *,
    selected: bool = False,
    width: int | None = KEY,
    font: str | None = None,
    disabled: bool = False,
    expand: bool = False,
    name: str | None = None,
    color: str | None = None,
) -> ft.Control:
    """A key at least 48 × 48: ``width`` fixed, or sharing its row's width
    (``expand``). ``name`` is what a screen reader says (default: ``label``);
    ``color`` the label's colour while not selected (a red suit).
    ``selected`` fills it in the primary colour: the same button restyled, so a
    tap in progress is never lost to a replaced control."""
    return tagged(
        identifier,
        ft.FilledTonalButton(
            # The label as a string styled by the button (no Text control: a
            # keypad has dozens of keys, all torn down when the hand is saved).
            content=label,
            on_click=on_click,
            action=tap_feedback(),  # felt at the tap, where the device can (app.ui.phone)
            width=None if expand else width,
            height=KEY,
            disabled=disabled,
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0),
                shape=ft.RoundedRectangleBorder(radius=10),
                bgcolor=ft.Colors.PRIMARY if selected else None,
                color=ft.Colors.ON_PRIMARY if selected else color,
                text_style=text_style(
                    size=16 if len(label) <= 2 else 14,
                    weight=ft.FontWeight.W_600,
                    font_family=font,
                ),
            ),
        ),
        button=True,
        label=name,
        expand=expand or None,
    )


@ft.component
def CardKeypad(draft: HandDraft, player: str) -> ft.Control:
    """The game's keys (A – K, the joker when in play, suited cards, faces),
    in rows of equal keys sharing the row's width (seven a row; three when a
    key's label is a word): one tap adds one card."""
    pad = draft.keypad  # this hand's: a round's wild rank shows its points
    labels = [key_label(key.card, key.name) for key in pad]
    short = all(_short(key, label) for key, label in zip(pad, labels, strict=True))
    per_row = KEYS_PER_ROW if short else 3
    keys = [
        key_button(
            f"key-{player}-{key.card}",
            label,
            lambda _e, c=key.card: draft.add_card(player, c),
            expand=True,
        )
        for key, label in zip(pad, labels, strict=True)
    ]
    rows: list[ft.Control] = []
    for start in range(0, len(keys), per_row):
        row = keys[start : start + per_row]
        row += [ft.Container(expand=True) for _ in range(per_row - len(row))]
        rows.append(ft.Row(row, spacing=GAP))
    return ft.Column(rows, spacing=GAP)


def _short(key: PadKey, label: str) -> bool:
    """Whether a key fits a seventh of a phone's width: a rank or a suited
    card (not the joker, not a face's name)."""
    return isinstance(key.card, Card) and key.card.rank is not Rank.JOKER and len(label) <= 3


def card_chip(identifier: str, label: str, name: str, on_click) -> ft.Control:
    """One entered card: a 48-high button showing × and the card (``label``:
    last, so a chip cut at the left edge of its strip still shows its card);
    a tap removes it (``name``: the card in words, for screen readers). A
    rank's chip ("K", "10", "Kn") is exactly 48 wide, a touch target and no
    more, so that a phone's strip shows six of them; a longer label (a face's
    name) makes its chip as wide as it needs."""
    short = len(label) <= 2
    return tagged(
        identifier,
        ft.Container(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.CLOSE, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(label, size=16, weight=ft.FontWeight.W_600),
                ],
                spacing=2,
                tight=True,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            # as wide as the card and its ×, at any text size (at least 48)
            padding=ft.Padding.symmetric(horizontal=0 if short else 11),
            width=TOUCH if short else None,
            height=TOUCH,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            on_click=on_click,
            ink=True,
        ),
        button=True,
        label=_("Remove {card}", card=name),
    )


def cards_heading(count: int) -> str:
    """The count before a strip of ``count`` entered cards, "9 cards:": every
    card entered stays countable, also those scrolled out of the strip.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     cards_heading(1), cards_heading(9)
    ('1 card:', '9 cards:')
    """
    return ngettext("{n} card:", "{n} cards:", count)


def chip_strip(
    chips: Sequence[ft.Control], hint: str, identifier: str = "", *, counted: bool = True
) -> ft.Control:
    """Entered cards (``chips``, e.g. from :func:`card_chip`) after their count
    (:func:`cards_heading`, semantics ``identifier`` when given; none when
    ``counted`` is false: the count is shown elsewhere), in a strip
    one chip high (48 px) that scrolls sideways with the newest in view, and a
    scroll bar where a mouse needs one to reach the first entered; ``hint`` in
    the same space before the first card. Its height never changes, so the
    keys under it never move."""
    if not chips:
        return ft.Container(
            content=ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT),
            height=TOUCH,
            alignment=ft.Alignment.CENTER_LEFT,
            expand=True,
        )
    count: ft.Control = ft.Text(
        cards_heading(len(chips)), color=ft.Colors.ON_SURFACE_VARIANT, no_wrap=True
    )
    if identifier:
        count = tagged(identifier, count)
    return ft.Container(
        content=ft.Row(
            [
                *([count] if counted else []),
                ft.Container(
                    # the newest at the end, in view; the first entered
                    # reached by scrolling back (or the bar)
                    content=ft.Row(
                        list(chips), spacing=GAP, scroll=ft.ScrollMode.AUTO, auto_scroll=True
                    ),
                    expand=True,
                ),
            ],
            spacing=2 * GAP,  # (a chip cut at the strip's edge kept apart from the count)
        ),
        height=TOUCH,
        expand=True,
    )


@ft.component
def CardChips(draft: HandDraft, player: str, seat: int) -> ft.Control:
    """The leftover cards as chips in a strip one chip high that scrolls
    sideways (the newest in view); a tap on a chip removes it. Before the
    first card, a hint in the same space. Their count is on the name's line
    (:func:`~app.ui.hand_entry.player_panel.PlayerPanel`, ``cards-<seat>``)."""
    held = draft.cards.get(player, ())
    return chip_strip(
        [
            card_chip(
                f"chip-{seat}-{index}",
                card_label(card, draft.face_names),
                card_name(card, draft.face_names),
                lambda _e, i=index: draft.remove_card(player, i),
            )
            for index, card in enumerate(held)
        ],
        _("No cards taken (tap the keys below)")
        if draft.rules.counted == "tricks"
        else _("No cards left (tap the keys below)"),
        counted=False,
    )
