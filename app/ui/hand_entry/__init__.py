"""Hand entry, by screen part: the card keypad (:mod:`.keypad`), the run builder
(:mod:`.run_builder`), a player's panel and the live score (:mod:`.player_panel`)
and the screen itself (:mod:`.screen`). What its buttons do is the screen's
model, :mod:`app.ui.state.hand_screen` (plain Python, no Flet widgets)."""

from app.ui.hand_entry.screen import EditHandScreen, HandEntry, NewHandScreen

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen"]
