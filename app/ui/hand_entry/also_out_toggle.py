"""The "Went out too" toggle on the hand screen (GAME_FORMAT.md
``also_out``, RULES.md §6 Five Crowns): after a player goes out every other
player has one more turn, and whoever goes out on it scores 0 too. One tap
under such a player's name records it: nothing to enter, no warning, the
save takes no extra tap. The state is
:meth:`~app.ui.state.HandDraft.toggle_also_out`."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.ui.common import choice
from app.ui.state import HandDraft

__all__ = ["AlsoOutToggle"]


@ft.component
def AlsoOutToggle(draft: HandDraft, seat: int) -> ft.Control:
    """``seat``'s "Went out too" toggle (ticked when marked)."""
    player = draft.players[seat]
    marked = draft.is_also_out(player)
    return ft.Row(
        [
            choice(
                f"also-out-{seat}",
                _("Went out too"),
                marked,
                lambda _e: draft.toggle_also_out(player),
                icon=ft.Icons.CHECK if marked else None,
            )
        ],
        spacing=8,
    )
