"""A captured game's partnerships in the game editor (GAME_FORMAT.md
``teams``; RULES.md §5 Kasino's partnerships, example 4): the form's
``teams`` is ``{"on": bool, "size": text, "always": bool}`` — whether the
game has partnerships at all, the players a partnership (typed text, 2–10)
and whether every session plays in them (else an option's ``"teams": true``
does, Kasino's switch ``partners``). Only a captured game has the part
(``teams`` in any other game is refused by the reader). A team of one is
refused by the reader as ``definition_range`` on ``teams.size``, which is
the form's input of the same path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.ui.state.typed_sum import read_sum

__all__ = ["teams_form", "write_teams"]


def teams_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A captured game's ``teams`` as the form's (off, 2 a partnership, when
    it has none); ``{}`` for a game of another kind."""
    if doc.get("hand") != "captured":
        return {}
    teams = doc.get("teams")
    if not isinstance(teams, Mapping):
        return {"teams": {"on": False, "size": "2", "always": False}}
    return {
        "teams": {
            "on": True,
            "size": str(teams.get("size", "")),
            "always": bool(teams.get("always", False)),
        }
    }


def write_teams(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """The document's ``teams`` from the form's when it is on (the size read
    from its text: a sum too; else as typed, for the reader to refuse
    naming ``teams.size``)."""
    teams = form.get("teams")
    if not teams or not teams.get("on"):
        return False
    text = teams.get("size", "")
    size = read_sum(text) if isinstance(text, str) else None
    doc["teams"] = {"size": text if size is None else size}
    if teams.get("always"):
        doc["teams"]["always"] = True
    return True
