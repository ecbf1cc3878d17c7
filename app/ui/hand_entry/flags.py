"""A game definition's hand flags on the hand screen (GAME_FORMAT.md "Hand
flags"): a switch for a flag of the player who went out ("went out in one
go"), a row of players for a flag any player may have ("shot the moon").

The flags and their names come from the session's rules; nothing here knows
a game.
"""

from __future__ import annotations

import flet as ft

from app.messages import words
from app.ui.common import choice, switched, tagged
from app.ui.state import HandDraft
from scoring.definition import FlagPlayer

__all__ = ["HandFlags"]


@ft.component
def HandFlags(draft: HandDraft) -> ft.Control:
    """The flags in play for this hand (nothing when the game has none)."""
    rows: list[ft.Control] = []
    for flag in draft.rules.flags:
        name = words(flag.name)
        called = draft.flags.get(flag.id)
        if flag.player is FlagPlayer.WENT_OUT:
            if draft.went_out is None:
                continue
            rows.append(
                tagged(
                    f"flag-{flag.id}",
                    ft.Switch(
                        label=name,
                        value=called is not None,
                        on_change=lambda e, f=flag.id: draft.set_flag(
                            f, draft.went_out if switched(e, f in draft.flags) else None
                        ),
                        padding=ft.Padding.symmetric(horizontal=4, vertical=8),  # 48 high
                    ),
                    toggled=called is not None,
                    label=name,  # a switch's name for a screen reader (Rummy's went rummy too)
                )
            )
            continue
        rows.append(ft.Text(name, weight=ft.FontWeight.W_500))
        rows.append(
            ft.Row(
                [
                    choice(
                        f"flag-{flag.id}-{seat}",
                        player,
                        called == player,
                        lambda _e, f=flag.id, p=player, on=called == player: draft.set_flag(
                            f, None if on else p
                        ),
                        icon=ft.Icons.CHECK if called == player else None,
                    )
                    for seat, player in enumerate(draft.players)
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
        )
    return ft.Column(rows, spacing=6)
