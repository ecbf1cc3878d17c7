"""One player's part of a hand (runs, leftover cards or a typed number, the
live points) and the live score of the whole hand, from :mod:`scoring`.

A panel keeps its height while cards are tapped in: the name's line (the
name, the points in cards, the count of cards; "Went out too" where the
game has it), then a row one key high across the panel's width (the chips
in a strip that scrolls sideways, the "type points" switch), then the
keypad's rows. The strip has the panel's width, so a phone (390 px) shows
six cards of a hand, not two."""

from __future__ import annotations

import flet as ft

from app.i18n import _, ngettext
from app.ui.common import TOUCH, TypedTexts, number_field, tagged, use_created
from app.ui.hand_entry.also_out_toggle import AlsoOutToggle
from app.ui.hand_entry.keypad import GAP, CardChips, CardKeypad
from app.ui.hand_entry.progress_panel import StageToggle
from app.ui.hand_entry.run_builder import RunBuilder, run_text
from app.ui.state import HandDraft, Preview
from app.ui.state.hand_screen import (
    held_text,
    notes_shown,
    plain_note_shown,
    status_shown,
)
from app.ui.state.score_rows import score_rows

__all__ = ["NAME_WIDTH", "LiveScore", "PlayerPanel", "held_text"]

#: Width of the name column of a captured pile's row (capture_panel), in
#: logical pixels: the longest word of a status line ("hånden" in "73 på hånden") whole at
#: 200 % text size (108 px in DejaVu Sans), so large text wraps between
#: words, never inside one.
NAME_WIDTH = 112


@ft.component
def PlayerPanel(draft: HandDraft, seat: int, preview: Preview) -> ft.Control:
    """One player's part of the hand: runs (Four Suit Rummy), leftover cards or a
    plain number, and the live points in cards."""
    texts = use_created(TypedTexts)
    player = draft.players[seat]
    went_out = draft.went_out == player
    also_out = draft.is_also_out(player)  # went out on the last turn: nothing to enter
    plain = player in draft.plain and not went_out
    # Always a line (0 before the first card, the count too), so the line's
    # height never changes while cards are tapped in.
    status = status_shown(draft, preview, player)
    muted = ft.Colors.TERTIARY if went_out or also_out else ft.Colors.ON_SURFACE_VARIANT
    line: list[ft.Control] = [
        ft.Text(player, size=16, weight=ft.FontWeight.W_600),
        tagged(f"left-{seat}", ft.Text(status, color=muted)),
    ]
    if not went_out and not also_out and not plain:  # the cards entered, all countable
        count = len(draft.cards.get(player, ()))
        line.append(
            tagged(
                f"cards-{seat}",
                ft.Text(ngettext("{n} card", "{n} cards", count), color=muted, no_wrap=True),
            )
        )
    name_line: list[ft.Control] = [
        # (large text wraps between the parts rather than being cut off)
        ft.Row(line, wrap=True, spacing=10, run_spacing=0, expand=True)
    ]
    if draft.offers_also_out and not went_out:  # "Went out too" (RULES.md §6)
        name_line.append(AlsoOutToggle(draft, seat))
    controls: list[ft.Control] = [
        ft.Row(name_line, spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    ]
    header: list[ft.Control] = []
    if not went_out and not also_out:
        if plain:

            def on_points(text: str) -> None:
                draft.set_plain(player, text)

            header.append(
                number_field(
                    texts,
                    f"plain-value-{seat}",
                    draft.plain.get(player, ""),
                    _("Points counted by hand"),
                    on_points,
                    expand=True,
                    autofocus=True,  # "Type points" tapped: the digits come up at once
                )
            )
        else:
            header.append(CardChips(draft, player, seat))
        header.append(
            tagged(
                f"plain-{seat}",
                ft.IconButton(
                    icon=ft.Icons.STYLE if plain else ft.Icons.DIALPAD,
                    tooltip=_("Use cards") if plain else _("Type points"),
                    on_click=lambda _e: draft.toggle_plain(player),
                ),
                button=True,
                label=_("Use cards") if plain else _("Type points"),
            )
        )
    if header:  # the strip across the panel's width, one key high
        controls.append(
            ft.Row(header, spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        )
    if draft.progress is not None:  # a progress game: "Phase 3 ✓" (RULES.md §8)
        controls.append(StageToggle(draft, seat))
    if draft.rules.uses_runs:
        runs = draft.runs.get(player, ())
        controls.append(
            ft.Row(
                [
                    *[
                        tagged(
                            f"run-{seat}-{index}",
                            ft.Container(
                                content=ft.Row(
                                    [
                                        run_text(run),
                                        ft.Icon(
                                            ft.Icons.CLOSE,
                                            size=16,
                                            color=ft.Colors.ON_SURFACE_VARIANT,
                                        ),
                                    ],
                                    spacing=4,
                                    tight=True,
                                ),
                                height=TOUCH,
                                padding=ft.Padding.symmetric(horizontal=10),
                                border_radius=10,
                                border=ft.Border.all(1, ft.Colors.OUTLINE),
                                on_click=lambda _e, i=index: draft.remove_run(player, i),
                                ink=True,
                            ),
                            button=True,
                            label=_("Remove run"),
                        )
                        for index, run in enumerate(runs)
                    ],
                    tagged(
                        f"run-add-{seat}",
                        ft.OutlinedButton(
                            _("Add run"),
                            icon=ft.Icons.ADD,
                            on_click=lambda _e: draft.open_builder(seat),
                            height=TOUCH,
                        ),
                        button=True,
                    ),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        if draft.builder == seat:
            controls.append(RunBuilder(draft, seat))
    if not went_out and not also_out:
        if plain:
            note, wrong = plain_note_shown(draft, preview, player)  # beside the field
            controls.append(
                tagged(
                    f"plain-note-{seat}",
                    ft.Text(
                        note,
                        color=ft.Colors.ERROR if wrong else ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        else:
            controls.append(CardKeypad(draft, player))
    return ft.Container(
        content=ft.Column(controls, spacing=GAP),
        padding=ft.Padding.symmetric(horizontal=6, vertical=6),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )


@ft.component
def LiveScore(draft: HandDraft, preview: Preview) -> ft.Control:
    """This hand's points per player (per partnership in a session played
    in partnerships: :func:`~app.ui.state.score_rows.score_rows`), live from
    :mod:`scoring`, with the breakdown, and why nobody scores when that is
    so (a blocked tie…)."""
    rows: list[ft.Control] = [
        ft.Text(_("Points this hand"), weight=ft.FontWeight.W_600),
    ]
    notes = notes_shown(preview)
    if notes:
        rows.append(
            tagged(
                "hand-note",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SURFACE_VARIANT),
                        ft.Text(notes, expand=True),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                live_region=True,
            )
        )
    for seat, row in enumerate(score_rows(draft, preview)):  # a partnership a row
        rows.append(
            ft.Row(
                [
                    ft.Text(
                        row.name,
                        weight=ft.FontWeight.W_500,
                        width=96,
                        max_lines=2,  # a partnership ("Kristoffer & Margrethe") on two lines
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Container(
                        content=tagged(
                            f"breakdown-{seat}",
                            ft.Text(
                                row.breakdown,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ),
                        expand=True,
                    ),
                    tagged(
                        f"points-{seat}",
                        ft.Text(
                            row.points,
                            size=18,
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY,
                            text_align=ft.TextAlign.RIGHT,
                        ),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    return ft.Container(
        content=ft.Column(rows, spacing=4),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )
