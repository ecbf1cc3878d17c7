"""One player's part of a hand (runs, leftover cards or a typed number, the
live points) and the live score of the whole hand, from :mod:`scoring`."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import describe_total
from app.ui.common import TOUCH, tagged
from app.ui.hand_entry.keypad import CardChips, CardKeypad
from app.ui.hand_entry.run_builder import RunBuilder, run_text
from app.ui.state import HandDraft, Preview

__all__ = ["LiveScore", "PlayerPanel"]


@ft.component
def PlayerPanel(draft: HandDraft, seat: int, preview: Preview) -> ft.Control:
    """One player's part of the hand: runs (Four Suit Rummy), leftover cards or a
    plain number, and the live points with their breakdown."""
    player = draft.players[seat]
    went_out = draft.went_out == player
    score = preview.score
    left = score.leftover.get(player) if score is not None else draft.leftover_points(player)
    header = ft.Row(
        [
            ft.Text(
                player,
                size=17,
                weight=ft.FontWeight.W_600,
                expand=True,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            tagged(
                f"left-{seat}",
                ft.Text(
                    _("{points} in cards", points=format_number(left)) if left else "",
                    size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
        ]
    )
    controls: list[ft.Control] = [header]
    if went_out:
        controls.append(ft.Text(_("Went out"), color=ft.Colors.TERTIARY, size=13))
    if draft.rules.uses_runs:
        runs = draft.runs.get(player, ())
        controls.append(
            ft.Row(
                [
                    *[
                        tagged(
                            f"run-{seat}-{index}",
                            ft.Chip(
                                label=run_text(run),
                                on_delete=lambda _e, i=index: draft.remove_run(player, i),
                                delete_icon_tooltip=_("Remove run"),
                            ),
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
        plain = player in draft.plain
        controls.append(
            ft.Row(
                [
                    ft.Text(
                        _("Cards taken in tricks")
                        if draft.rules.counted == "tricks"
                        else _("Cards left"),
                        weight=ft.FontWeight.W_500,
                        expand=True,
                    ),
                    tagged(
                        f"plain-{seat}",
                        ft.TextButton(
                            _("Use cards") if plain else _("Type points"),
                            icon=ft.Icons.STYLE if plain else ft.Icons.DIALPAD,
                            on_click=lambda _e: draft.toggle_plain(player),
                            height=TOUCH,
                        ),
                        button=True,
                    ),
                ]
            )
        )
        if plain:

            def on_points(e: ft.Event) -> None:
                draft.set_plain(player, e.control.value or "")

            controls.append(
                tagged(
                    f"plain-value-{seat}",
                    ft.TextField(
                        value=draft.plain.get(player, ""),
                        label=_("Points counted by hand"),
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=on_points,
                        width=220,
                    ),
                    textfield=True,
                )
            )
        else:
            controls.append(CardChips(draft, player, seat))
            controls.append(CardKeypad(draft, player))
    return ft.Card(
        content=ft.Container(content=ft.Column(controls, spacing=8), padding=12),
        elevation=0,
        variant=ft.CardVariant.OUTLINED,
    )


@ft.component
def LiveScore(draft: HandDraft, preview: Preview) -> ft.Control:
    """This hand's points per player, live from :mod:`scoring`, with the breakdown."""
    score = preview.score
    flag_names = {flag.id: flag.name for flag in draft.rules.flags}
    rows: list[ft.Control] = []
    for seat, player in enumerate(draft.players):
        points = score.points[player] if score is not None else None
        items = score.breakdown.get(player, ()) if score is not None else ()
        rows.append(
            ft.Row(
                [
                    ft.Text(
                        player,
                        weight=ft.FontWeight.W_500,
                        width=110,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Container(
                        content=tagged(
                            f"breakdown-{seat}",
                            ft.Text(
                                describe_total(items, points, flag_names) if items else "",
                                size=12,
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
        content=ft.Column(
            [ft.Text(_("Points this hand"), size=13, color=ft.Colors.ON_SURFACE_VARIANT), *rows],
            spacing=4,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )
