"""The parts of a version 2 definition the game editor edits in a form of
their own (GAME_FORMAT.md ``bids``, ``captures``, ``teams``, ``schedule``,
``progress``; :mod:`app.ui.state.game_draft`).

Each part is a :class:`DraftPart`: how a document's part becomes the form's
(``form``), how the form's becomes the document's again (``document``), and
the new row of each list inside it (``new_row``). A version 2 part no
:class:`DraftPart` edits is carried through the editor as it is
(``form["carried"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.ui.state.game_draft_bids import bids_form, write_bids
from app.ui.state.game_draft_captures import captures_form, captures_row, write_captures
from app.ui.state.game_draft_deal import (
    also_out_form,
    cards_dealt_form,
    write_also_out,
    write_cards_dealt,
)
from app.ui.state.game_draft_schedule import (
    progress_form,
    schedule_form,
    schedule_row,
    stage_row,
    write_progress,
    write_schedule,
)
from app.ui.state.game_draft_teams import teams_form, write_teams

__all__ = ["PARTS", "DraftPart", "edited", "part_row", "parts_document", "parts_form"]

Path = Sequence[str | int]


@dataclass(frozen=True)
class DraftPart:
    """One part of a definition with a form of its own.

    * ``name``: the document's key and the form's (``"bids"``).
    * ``form(doc)``: the document's part as ``{name: form part}``, ``{}``
      when the game has none.
    * ``document(doc, form)``: writes the form's part into the document
      ``doc`` (or leaves it out when the form says nothing); returns whether
      it wrote (a version 2 part, so the document becomes version 2).
    * ``new_row(path, kind, form)``: the row :meth:`GameDraft.add` appends to
      the list at ``path`` (a path starting with ``name``); ``None`` when the
      part has no lists.
    """

    name: str
    form: Callable[[Mapping[str, Any]], dict[str, Any]]
    document: Callable[[dict[str, Any], Mapping[str, Any]], bool]
    new_row: Callable[[Path, str, Mapping[str, Any]], Any] | None = None


#: Every part with a form of its own, in the order the form lists them.
PARTS: tuple[DraftPart, ...] = (
    DraftPart("bids", bids_form, write_bids),
    DraftPart("also_out", also_out_form, write_also_out),
    DraftPart("cards_dealt", cards_dealt_form, write_cards_dealt),
    DraftPart("schedule", schedule_form, write_schedule, schedule_row),
    DraftPart("progress", progress_form, write_progress, stage_row),
    DraftPart("captures", captures_form, write_captures, captures_row),
    DraftPart("teams", teams_form, write_teams),
)


def edited() -> frozenset[str]:
    """The names of the parts the editor edits (not carried as they are)."""
    return frozenset(part.name for part in PARTS)


def parts_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Every part's form of the document ``doc`` (see :class:`DraftPart`)."""
    out: dict[str, Any] = {}
    for part in PARTS:
        out |= part.form(doc)
    return out


def parts_document(doc: dict[str, Any], form: Mapping[str, Any]) -> dict[str, Any]:
    """``doc`` with every part the ``form`` says written in (version 2 when
    one was)."""
    for part in PARTS:
        if part.document(doc, form):
            doc["version"] = 2
    return doc


def part_row(path: Path, kind: str, form: Mapping[str, Any]) -> tuple[bool, Any]:
    """``(True, row)``: the new row of the list at ``path`` when a part owns
    it; ``(False, None)`` when none does."""
    for part in PARTS:
        if path and path[0] == part.name and part.new_row is not None:
            return True, part.new_row(path, kind, form)
    return False, None
