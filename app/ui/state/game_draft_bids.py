"""What the game editor keeps of a bids game it does not edit yet
(GAME_FORMAT.md ``hand: bids``; RULES.md §7 Plump): the ``hand`` and
``bids`` are carried as they are (as the schedule is), an option's
``bids`` and ``schedule_repeat`` too, and the fields a bids game may not
have are left out of the document the form says
(:mod:`app.ui.state.game_draft`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

__all__ = ["carried_effect", "effect_carried", "for_its_hand"]

#: An option effect's fields the editor carries as they are.
_EFFECT_CARRIED = ("schedule_repeat", "bids")
#: The fields of a game whose hands end in counted cards, which a bids game
#: may not have (GAME_FORMAT.md "A bids game").
_NOT_IN_A_BIDS_GAME = (
    "keys",
    "went_out",
    "blocked",
    "counted",
    "flags",
    "jokers_per_deck",
    "blocked_term",
    "next_dealer",
)


def carried_effect(data: Mapping[str, Any]) -> dict[str, Any]:
    """An effect's fields the editor does not edit, for its form (``{}``
    when it has none)."""
    kept = {name: copy.deepcopy(data[name]) for name in _EFFECT_CARRIED if name in data}
    return {"carried": kept} if kept else {}


def effect_carried(form: Mapping[str, Any]) -> dict[str, Any]:
    """The fields :func:`carried_effect` kept, for the effect's document."""
    return copy.deepcopy(dict(form.get("carried") or {}))


def for_its_hand(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without the fields its ``hand`` kind may not have."""
    if doc.get("hand") == "bids":
        for name in _NOT_IN_A_BIDS_GAME:
            doc.pop(name, None)
    return doc
