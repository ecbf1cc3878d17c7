"""A progress game's toggle on the hand screen (GAME_FORMAT.md ``progress``,
RULES.md §8 Phase 10): under each player's name, "Phase 3 ✓" with the
phase's text ("2 sets of 3"); one tap for each player who completed the
phase in the hand. The player who went out is ticked already (nothing to
tap). The state is :class:`~app.ui.state.progress_draft.ProgressDraft`."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import words
from app.ui.common import choice
from app.ui.state import HandDraft

__all__ = ["StageToggle", "stage_button_text"]


def stage_button_text(draft: HandDraft, player: str) -> str:
    """The toggle's words: "Phase 3" (with a check mark when ticked), or
    "Phase completed" when the phase of an earlier hand being changed is not
    known."""
    progress = draft.progress
    number = None if progress is None else progress.stage(player)
    if number is None:
        return _("Phase completed")
    return _("Phase {n}", n=format_number(number))


@ft.component
def StageToggle(draft: HandDraft, seat: int) -> ft.Control:
    """``seat``'s toggle and the text of the phase the player plays."""
    progress = draft.progress
    assert progress is not None
    player = draft.players[seat]
    ticked = progress.is_ticked(player, draft.went_out)
    text = progress.text(player)
    controls: list[ft.Control] = [
        choice(
            f"stage-{seat}",
            stage_button_text(draft, player),
            ticked,
            lambda _e: draft.toggle_completed(player),
            icon=ft.Icons.CHECK if ticked else None,
        )
    ]
    if text is not None:
        controls.append(
            ft.Text(words(text), color=ft.Colors.ON_SURFACE_VARIANT, expand=True, max_lines=2)
        )
    return ft.Row(controls, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
