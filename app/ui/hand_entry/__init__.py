"""Hand entry, by screen part: the card keypad (:mod:`.keypad`), the run builder
(:mod:`.run_builder`), a player's panel and the live score (:mod:`.player_panel`),
the screen itself (:mod:`.screen`) and what its buttons do (:mod:`.actions`,
plain functions without Flet)."""

from app.ui.hand_entry.screen import EditHandScreen, HandEntry, NewHandScreen

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen"]
