"""A schedule of rounds and a list of phases in the game editor
(GAME_FORMAT.md ``schedule`` and ``progress``; RULES.md §6 Five Crowns, §7
Plump, §8 Phase 10; :mod:`app.ui.state.game_draft`).

The form's ``schedule``::

    {"wild_points": "20",
     "rounds": […{"cards": "3", "wild": "3", "text": {"nb", "en"},
                  "repeat": False}]}

(``wild`` ``""``: no wild rank that round; ``repeat``: the row is dealt
once per player, a bids game's, Plump's one-card deals; a row may also
hold ``show_text``, the editor showing its empty contract text), and the form's
``progress``: ``{"stages": […{"nb", "en"}]}``, one text a phase.

A game without either has no such part in its form (:func:`start_schedule`
and :func:`start_progress` give a first one). The document holds the
schedule only while the session ends after it (``end: schedule``; a bids
game always: it is dealt by it) and the phases only while it ends on the
last phase (``end: last_stage``): the form keeps the rows while the family
tries another end. Numbers stay text until the reader checks them, which
then names the field (``schedule.rounds[3].cards``) that
:func:`app.ui.state.game_draft.form_path` maps back to its input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.ui.state.typed_sum import read_sum

__all__ = [
    "progress_form",
    "schedule_form",
    "schedule_row",
    "stage_row",
    "start_progress",
    "start_schedule",
    "write_progress",
    "write_schedule",
]

Path = Sequence[str | int]


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _words(value: Any = None) -> dict[str, str]:
    value = value if isinstance(value, Mapping) else {}
    return {"nb": _text(value.get("nb", "")), "en": _text(value.get("en", ""))}


def _number(text: Any) -> Any:
    """Typed text as a whole number (a sum too), else as typed (the reader
    then says what is wrong with it, naming the field)."""
    total = read_sum(text) if isinstance(text, str) else None
    return text if total is None else total


def _blank(words: Mapping[str, str]) -> bool:
    return not words.get("nb", "").strip() and not words.get("en", "").strip()


# -- the schedule of rounds ------------------------------------------------------------


def _round_form(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "cards": _text(row.get("cards")),
        "wild": _text(row.get("wild", "")),
        "text": _words(row.get("text")),
        "repeat": row.get("repeat") == "per_player",
    }


def schedule_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A definition document's ``schedule`` as the form's (numbers as text),
    ``{}`` for a game without one.

    >>> doc = {"schedule": {"wild_points": 20, "rounds": [{"cards": 3, "wild": "3"}]}}
    >>> form = schedule_form(doc)["schedule"]
    >>> form["wild_points"], form["rounds"][0]["cards"], form["rounds"][0]["wild"]
    ('20', '3', '3')
    """
    schedule = doc.get("schedule")
    if not isinstance(schedule, Mapping):
        return {}
    rows = schedule.get("rounds")
    return {
        "schedule": {
            "wild_points": _text(schedule.get("wild_points")),
            "rounds": [_round_form(r) for r in rows if isinstance(r, Mapping)]
            if isinstance(rows, list)
            else [],
        }
    }


def start_schedule(form: Mapping[str, Any]) -> dict[str, Any]:
    """The first schedule of a game that had none: one round of 7 cards
    (the family changes it and adds the others)."""
    return {"wild_points": "", "rounds": [schedule_row(("schedule", "rounds"), "", {})]}


def schedule_row(path: Path, kind: str, form: Mapping[str, Any]) -> dict[str, Any]:
    """A new round after the last: one card more than it (a schedule of
    growing hands, Five Crowns' 3 to 13, is made by tapping *Add a round*),
    no wild rank, no text; 7 cards in an empty schedule."""
    rows = form.get("schedule", {}).get("rounds", []) if form else []
    last = read_sum(rows[-1]["cards"]) if rows else None
    cards = 7 if last is None else min(last + 1, 60)
    return {"cards": str(cards), "wild": "", "text": _words(), "repeat": False}


def _round_doc(row: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"cards": _number(row["cards"])}
    if str(row.get("wild", "")).strip():
        out["wild"] = row["wild"]
    if not _blank(row.get("text", {})):
        out["text"] = _words(row["text"])
    if row.get("repeat"):
        out["repeat"] = "per_player"
    return out


def write_schedule(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """The form's schedule into ``doc`` while the session ends after it (or
    the game is a bids game, dealt by it); ``schedule.wild_points`` only
    when a round has a wild rank (typed or not: the reader then says it is
    missing). Returns whether the document is of version 2 for it: it
    wrote, or the session ends after a schedule not made yet (the reader
    then says the schedule is missing, not that the end is unknown)."""
    schedule = form.get("schedule")
    if not schedule or (form.get("end") != "schedule" and doc.get("hand") != "bids"):
        return form.get("end") == "schedule"
    rounds = [_round_doc(row) for row in schedule["rounds"]]
    out: dict[str, Any] = {}
    typed = str(schedule.get("wild_points", "")).strip()
    if typed and any("wild" in row for row in rounds):
        out["wild_points"] = _number(typed)
    out["rounds"] = rounds
    doc["schedule"] = out
    return True


# -- the phases ------------------------------------------------------------------------


def progress_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A definition document's ``progress`` as the form's (each phase's
    text in both languages), ``{}`` for a game without phases."""
    progress = doc.get("progress")
    if not isinstance(progress, Mapping):
        return {}
    stages = progress.get("stages")
    return {"progress": {"stages": [_words(s) for s in stages] if isinstance(stages, list) else []}}


def start_progress(form: Mapping[str, Any]) -> dict[str, Any]:
    """The first phases of a game that had none: one phase, its text to
    write."""
    return {"stages": [stage_row(("progress", "stages"), "", form)]}


def stage_row(path: Path, kind: str, form: Mapping[str, Any]) -> dict[str, str]:
    """A new phase after the last: its text to write."""
    return _words()


def write_progress(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """The form's phases into ``doc`` while the session ends on the last
    one (``end: last_stage``). Returns whether the document is of version
    2 for it: it wrote, or the session ends on phases not made yet (the
    reader then says the phases are missing)."""
    progress = form.get("progress")
    if progress is None or form.get("end") != "last_stage":
        return form.get("end") == "last_stage"
    doc["progress"] = {"stages": [_words(s) for s in progress["stages"]]}
    return True
