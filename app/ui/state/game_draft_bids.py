"""A bids game in the game editor (GAME_FORMAT.md ``hand: bids``; RULES.md
§7 Plump; :mod:`app.ui.state.game_draft`): its ``bids`` as a form the
editor edits (the hook, the points of a made zero bid, how a made and a
missed bid score, numbers as typed text), its ``hand`` carried as it is (as
the schedule is), an option's ``bids`` and ``schedule_repeat`` too, and the
fields a bids game (or a captured game, RULES.md §5 Kasino) may not have
left out of the document the form says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.ui.state.plain import plain_copy
from app.ui.state.typed_sum import read_sum

__all__ = ["bids_form", "carried_effect", "effect_carried", "for_its_hand", "write_bids"]

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
    "also_out",
    "cards_dealt",
)
#: The fields a captured game may not have (GAME_FORMAT.md ``captures``):
#: nobody goes out and no card is left in hand.
_NOT_IN_A_CAPTURED_GAME = (
    "keys",
    "went_out",
    "blocked",
    "blocked_term",
    "counted",
    "also_out",
    "cards_dealt",
)
#: Per hand kind other than ``out``, the fields the document leaves out.
_NOT_IN_ITS_HAND = {"bids": _NOT_IN_A_BIDS_GAME, "captured": _NOT_IN_A_CAPTURED_GAME}


def carried_effect(data: Mapping[str, Any]) -> dict[str, Any]:
    """An effect's fields the editor does not edit, for its form (``{}``
    when it has none)."""
    kept = {name: plain_copy(data[name]) for name in _EFFECT_CARRIED if name in data}
    return {"carried": kept} if kept else {}


def effect_carried(form: Mapping[str, Any]) -> dict[str, Any]:
    """The fields :func:`carried_effect` kept, for the effect's document."""
    return plain_copy(dict(form.get("carried") or {}))


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def bids_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A definition document's ``bids`` as the form's ``bids`` part (every
    kind's numbers there, empty where the kind has none), ``{}`` for a game
    without bids."""
    bids = doc.get("bids")
    if not isinstance(bids, Mapping):
        return {}
    made, missed = bids.get("made", {}), bids.get("missed", {})
    return {
        "bids": {
            "hook": bool(bids.get("hook", False)),
            "zero": _text(bids.get("zero")),
            "made": {
                "kind": made.get("kind", "one_in_front"),
                "base": _text(made.get("base")),
                "per_bid": _text(made.get("per_bid")),
            },
            "missed": {
                "kind": missed.get("kind", "zero"),
                "per_trick": _text(missed.get("per_trick")),
                "per_off": _text(missed.get("per_off")),
            },
        }
    }


def _number(text: Any) -> Any:
    """Typed text as a whole number (a sum too), else as typed (the reader
    then says what is wrong with it, naming the field)."""
    total = read_sum(text) if isinstance(text, str) else None
    return text if total is None else total


#: Each kind's numbers (GAME_FORMAT.md ``bids``).
_NUMBERS = {"plus": ("base", "per_bid"), "per_trick": ("per_trick",), "per_off": ("per_off",)}


def _bids_doc(form: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if form.get("hook"):
        out["hook"] = True
    if str(form.get("zero", "")).strip():
        out["zero"] = _number(form["zero"])
    for part in ("made", "missed"):
        kind = form[part]["kind"]
        out[part] = {"kind": kind} | {
            name: _number(form[part][name]) for name in _NUMBERS.get(kind, ())
        }
    return out


def for_its_hand(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without the fields its ``hand`` kind may not have."""
    for name in _NOT_IN_ITS_HAND.get(str(doc.get("hand", "out")), ()):
        doc.pop(name, None)
    return doc


def write_bids(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """A bids game's ``bids`` from the ``form``'s (nothing for another game)."""
    if not form.get("bids"):
        return False
    doc["bids"] = _bids_doc(form["bids"])
    return True
