"""One player's part of a hand (runs, leftover cards or a typed number, the
live points) and the live score of the whole hand, from :mod:`scoring`.

A panel keeps its height while cards are tapped in: a header one key high
(the name and the points in cards, the chips in a strip that scrolls
sideways, the "type points" switch), then the keypad's two rows."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import describe_error, describe_note, describe_total, describe_warning
from app.ui.common import TOUCH, TypedTexts, number_field, tagged, use_created
from app.ui.hand_entry.keypad import GAP, CardChips, CardKeypad
from app.ui.hand_entry.run_builder import RunBuilder, run_text
from app.ui.state import HandDraft, Preview
from scoring import WarningCode

__all__ = ["NAME_WIDTH", "LiveScore", "PlayerPanel", "held_text"]

#: Width of the name column of a panel's header, in logical pixels: the
#: longest word of its status line ("hånden" in "73 på hånden") whole at
#: 200 % text size (108 px in DejaVu Sans), so large text wraps between
#: words, never inside one.
NAME_WIDTH = 112


def held_text(counted: str, points: int) -> str:
    """A player's points so far in the game's own words (``counted``: the
    cards ``"leftover"`` in hand, or ``"tricks"`` taken): "18 in cards",
    "14 taken".

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     held_text("tricks", 14), held_text("leftover", 18)
    ('14 taken', '18 in cards')
    """
    if counted == "tricks":
        return _("{points} taken", points=format_number(points))
    return _("{points} in cards", points=format_number(points))


def _plain_warning(preview: Preview, player: str) -> str:
    """The ``plain_number`` warning of ``player`` in words (scoring's), or ""."""
    score = preview.score
    if score is None:
        return ""
    for warning in score.warnings:
        if warning.code == WarningCode.PLAIN_NUMBER and warning.player == player:
            return describe_warning(warning)
    return ""


@ft.component
def PlayerPanel(draft: HandDraft, seat: int, preview: Preview) -> ft.Control:
    """One player's part of the hand: runs (Four Suit Rummy), leftover cards or a
    plain number, and the live points in cards."""
    texts = use_created(TypedTexts)
    player = draft.players[seat]
    went_out = draft.went_out == player
    score = preview.score
    left = score.leftover.get(player) if score is not None else draft.leftover_points(player)
    plain = player in draft.plain and not went_out
    # Always a line (0 before the first card), so the header's height never
    # changes while cards are tapped in, at any text size.
    in_cards = held_text(draft.rules.counted, left or 0)
    status = _("Went out") if went_out else in_cards
    name_column = ft.Container(
        content=ft.Column(
            [
                # (large text wraps here rather than being cut off)
                ft.Text(player, size=16, weight=ft.FontWeight.W_600, max_lines=2),
                tagged(
                    f"left-{seat}",
                    ft.Text(
                        status,
                        color=ft.Colors.TERTIARY if went_out else ft.Colors.ON_SURFACE_VARIANT,
                    ),
                ),
            ],
            spacing=0,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        width=NAME_WIDTH,
    )
    header: list[ft.Control] = [name_column]
    controls: list[ft.Control] = []
    if not went_out:
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
    controls.append(ft.Row(header, spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER))
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
    if not went_out:
        if plain:
            typed_error = draft.typed_error(player)  # said here, beside the field
            note = _plain_warning(preview, player)
            controls.append(
                tagged(
                    f"plain-note-{seat}",
                    ft.Text(
                        describe_error(typed_error)
                        if typed_error is not None
                        else note or _("Typed points cannot be checked against the cards."),
                        color=ft.Colors.ERROR
                        if typed_error is not None
                        else ft.Colors.ON_SURFACE_VARIANT,
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
    """This hand's points per player, live from :mod:`scoring`, with the
    breakdown, and why nobody scores when that is so (a blocked tie…)."""
    score = preview.score
    flag_names = {flag.id: flag.name for flag in draft.rules.flags}
    rows: list[ft.Control] = [
        ft.Text(_("Points this hand"), weight=ft.FontWeight.W_600),
    ]
    if score is not None and score.notes:
        rows.append(
            tagged(
                "hand-note",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SURFACE_VARIANT),
                        ft.Text("\n".join(describe_note(n) for n in score.notes), expand=True),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                live_region=True,
            )
        )
    for seat, player in enumerate(draft.players):
        points = score.points[player] if score is not None else None
        items = score.breakdown.get(player, ()) if score is not None else ()
        rows.append(
            ft.Row(
                [
                    ft.Text(
                        player,
                        weight=ft.FontWeight.W_500,
                        width=96,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Container(
                        content=tagged(
                            f"breakdown-{seat}",
                            ft.Text(
                                describe_total(items, points, flag_names)
                                if items and points is not None
                                else "",
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ),
                        expand=True,
                    ),
                    tagged(
                        f"points-{seat}",
                        ft.Text(
                            format_number(points) if points is not None else "–",
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
