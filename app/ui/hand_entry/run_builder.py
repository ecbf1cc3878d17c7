"""Four Suit Rummy's run builder: a suit, then three ranks; it asks what the
ace stands for only when the rules say it could be two ranks
(:func:`scoring.ace_choices`)."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.messages import card_label, card_name, describe_error, rank_label, sentence, suit_name
from app.ui.common import SUIT_FONT, TOUCH, choice, tagged
from app.ui.hand_entry.keypad import key_button
from app.ui.state import RUN_RANKS, SUIT_BY_LETTER, HandDraft
from app.ui.text_styles import text_style
from scoring import Card, Rank, Run, ace_choices

__all__ = ["RED_SUIT", "RunBuilder", "run_text"]


@ft.component
def RunBuilder(draft: HandDraft, seat: int) -> ft.Control:
    """Pick a suit, tap three ranks; asks what the ace stands for only when it
    is ambiguous (``scoring.ace_choices``)."""
    suit_row = ft.Row(
        [
            key_button(
                f"suit-{letter}",
                suit.symbol,
                lambda _e, s=suit: draft.pick_suit(s),
                selected=draft.suit is suit,
                font=SUIT_FONT,
                color=RED_SUIT if suit.is_red else None,
            )
            for letter, suit in SUIT_BY_LETTER.items()
        ],
        spacing=6,
    )
    controls: list[ft.Control] = []
    if draft.last_run is not None and draft.suit is None:
        # The run just tapped is stored (it shows as a chip above): say so, and
        # that the next one starts with its suit.
        controls.append(
            tagged(
                "run-added",
                ft.Text(
                    spans=[
                        ft.TextSpan(_("Run added:") + " "),
                        *(run_text(draft.last_run).spans or []),
                    ],
                    weight=ft.FontWeight.W_500,
                    font_family=SUIT_FONT,
                ),
            )
        )
        hint = _("Next run: pick its suit, or tap Done")
    else:
        hint = _("Suit, then three ranks")
    controls.append(ft.Text(hint, color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(suit_row)
    if draft.suit is not None:
        suit = draft.suit
        picked = " ".join(rank_label(r) + suit.symbol for r in draft.ranks)
        controls.append(
            tagged(
                "run-picked",
                ft.Text(
                    sentence(_("{suit}: {cards}", suit=suit_name(suit), cards=picked or "…")),
                    weight=ft.FontWeight.W_500,
                    font_family=SUIT_FONT,
                ),
            )
        )
        if draft.ace_options:
            # Right under the picked cards and above the rank keys (which stay,
            # disabled): the question appears where the finger just was, and
            # nothing below it moves up out of view.
            controls.append(
                tagged(
                    "ace-question",
                    ft.Text(_("What does the ace stand for?"), weight=ft.FontWeight.W_600),
                )
            )
            controls.append(
                ft.Row(
                    [
                        choice(
                            f"ace-as-{rank.value}",
                            # the card it stands for, in words: "9 of hearts",
                            # "queen of hearts" (never a digit beside a word)
                            sentence(card_name(Card(rank, suit))),
                            False,
                            lambda _e, r=rank: draft.choose_ace(r),
                        )
                        for rank in draft.ace_options
                    ],
                    spacing=8,
                    wrap=True,
                )
            )
        if draft.builder_error is not None:
            controls.append(
                tagged(
                    "run-error",
                    ft.Text(describe_error(draft.builder_error), color=ft.Colors.ERROR),
                )
            )
        controls.append(
            ft.Row(
                [
                    key_button(
                        f"run-rank-{rank.value}",
                        rank_label(rank),
                        lambda _e, r=rank: draft.pick_rank(r),
                        disabled=bool(draft.ace_options) or len(draft.ranks) >= 3,
                    )
                    for rank in RUN_RANKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    elif draft.builder_error is not None:
        controls.append(
            tagged("run-error", ft.Text(describe_error(draft.builder_error), color=ft.Colors.ERROR))
        )
    nothing = draft.last_run is None and not draft.ranks
    controls.append(
        ft.Row(
            [
                tagged(
                    "run-undo",
                    ft.TextButton(
                        _("Undo rank"),
                        on_click=lambda _e: draft.unpick_rank(),
                        height=TOUCH,
                        disabled=not draft.ranks,
                    ),
                ),
                tagged(
                    "run-done",
                    ft.TextButton(
                        _("Cancel") if nothing else _("Done"),
                        on_click=lambda _e: draft.finish_builder(),
                        height=TOUCH,
                    ),
                ),
            ],
            alignment=ft.MainAxisAlignment.END,
        )
    )
    return ft.Container(
        content=ft.Column(controls, spacing=6),
        padding=10,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


#: The colour red suits are drawn in (``Suit.is_red``), as on the cards: the
#: theme's own red, which keeps 4.5:1 on its surfaces in light and in dark
#: (a fixed RED_400 was 2.9:1 on a light key).
RED_SUIT = ft.Colors.ERROR


def run_text(run: Run) -> ft.Text:
    """A laid-down run as text, red where the suit is red, naming the rank the
    suit's ace stands for (asked, or the only one possible)."""
    spans = []
    for index, card in enumerate(run.cards):
        red = card.suit is not None and card.suit.is_red
        spans.append(
            ft.TextSpan(
                (" " if index else "") + card_label(card),
                style=text_style(color=RED_SUIT) if red else None,
            )
        )
    choices = ace_choices(run.cards)
    ace_as = run.ace_as or (choices[0] if len(choices) == 1 else None)
    if ace_as is not None and ace_as is not Rank.ACE:
        spans.append(ft.TextSpan(" " + _("(ace = {rank})", rank=rank_label(ace_as))))
    return ft.Text(spans=spans, font_family=SUIT_FONT)
