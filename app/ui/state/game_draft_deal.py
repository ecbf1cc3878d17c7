"""Two facts of a hand's deal in the game editor (GAME_FORMAT.md version 2
``also_out`` and ``cards_dealt``; :mod:`app.ui.state.game_draft_parts`):
whether the others may go out on their last turn after someone goes out
(Five Crowns, RULES.md §6), and the cards dealt to each player a hand, a
player left holding more being a warning (Phase 10, RULES.md §8).

The form's ``also_out`` is a switch (``bool``), its ``cards_dealt`` the text
typed (empty: the game does not say). The document holds ``also_out`` only
when it is on and ``cards_dealt`` only when typed, so a game that uses
neither stays version 1 (its text and rules digest unchanged).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.ui.state.typed_sum import read_sum

__all__ = ["also_out_form", "cards_dealt_form", "write_also_out", "write_cards_dealt"]


def also_out_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``{"also_out": bool}``: the document's, off when it says nothing."""
    return {"also_out": doc.get("also_out") is True}


def write_also_out(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """``also_out: true`` into ``doc`` when the form's switch is on."""
    if not form.get("also_out"):
        return False
    doc["also_out"] = True
    return True


def cards_dealt_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``{"cards_dealt": text}``: the document's number as text, ``""`` when
    it says nothing."""
    value = doc.get("cards_dealt")
    return {"cards_dealt": "" if value is None else str(value)}


def write_cards_dealt(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """``cards_dealt`` into ``doc`` when typed: a whole number (a sum too,
    "7+3"), else the text as typed, for the reader to name the field."""
    text = str(form.get("cards_dealt") or "").strip()
    if not text:
        return False
    total = read_sum(text)
    doc["cards_dealt"] = text if total is None else total
    return True
