"""The game editor's live preview: a hand to try the game on (tap keys, see
what the cards would score)."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import (
    card_label,
    card_name,
    describe_total,
    key_label,
)
from app.ui.common import (
    TOUCH,
    tagged,
)
from app.ui.game_editor.form import _card
from app.ui.hand_entry.keypad import card_chip, chip_strip
from app.ui.state.game_draft import GameDraft
from scoring import game_for

# -- the live preview -------------------------------------------------------------


@ft.component
def PreviewHand(draft: GameDraft) -> ft.Control:
    """A hand to try the game on: tap keys; see what the cards would score."""
    players = (_("Player 1"), _("Player 2"), _("Player 3"))
    preview = draft.preview(players)
    controls: list[ft.Control] = [
        ft.Text(_("Try it"), theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY)
    ]
    if preview.error is not None:
        controls.append(
            ft.Text(
                _("The preview waits for the game to be complete."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        return _card(controls, "ge-preview")
    definition = draft.definition()
    game = game_for(definition.id, definition)
    rules = game.bind(game.default_options(), players)
    faces = {str(k.card): k.name for k in rules.keypad if k.name is not None}
    score = preview.score
    assert score is not None
    held = (
        _("{player} took these cards:", player=players[1])
        if rules.counted == "tricks"
        else _("{player} is left holding:", player=players[1])
    )
    controls.append(ft.Text(held, size=14))
    # a strip of fixed height: the keys under it never move under the finger
    controls.append(
        ft.Row(
            [
                chip_strip(
                    [
                        card_chip(
                            f"ge-preview-chip-{i}",
                            card_label(c, faces),
                            card_name(c, faces),
                            lambda _e, n=i: draft.remove_preview_card(n),
                        )
                        for i, c in enumerate(draft.preview_cards)
                        if rules.card_points(c) is not None
                    ],
                    _("No cards taken (tap the keys below)")
                    if rules.counted == "tricks"
                    else _("No cards left (tap the keys below)"),
                ),
            ]
        )
    )
    controls.append(
        ft.Row(
            [
                tagged(
                    f"ge-preview-key-{k.card}",
                    ft.FilledTonalButton(
                        content=key_label(k.card, k.name),
                        on_click=lambda _e, c=k.card: draft.add_preview_card(c),
                        height=TOUCH,
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                    ),
                    button=True,
                )
                for k in rules.keypad
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
    )
    controls.append(
        tagged(
            "ge-preview-worth",
            ft.Text(
                _("These cards would score {points}", points=format_number(preview.worth or 0)),
                weight=ft.FontWeight.W_600,
            ),
        )
    )
    names = {flag.id: flag.name for flag in rules.flags}
    for seat, player in enumerate(players):
        items = score.breakdown.get(player, ())
        line = f"{player}: {format_number(score.points[player])}"
        if seat == 0 and rules.can_go_out:
            line += " · " + _("went out")
        if items:
            line += " — " + describe_total(items, score.points[player], names)
        controls.append(tagged(f"ge-preview-points-{seat}", ft.Text(line, size=14)))
    return _card(controls, "ge-preview")
