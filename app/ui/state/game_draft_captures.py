"""A captured game in the game editor (GAME_FORMAT.md ``hand: captured``,
``captures``; RULES.md §5 Kasino, §5.4 the variants a family makes): its
``captures`` as a form the editor edits (:mod:`app.ui.state.game_draft`).

The form's ``captures``::

    {"most": […{"id", "of", "points"}], "ties": "nobody"|"each",
     "named": […{"kind": "card"|"rank", "card", "rank", "points"}],
     "events": […{"id", "name": {"nb", "en"}, "points", "most"}]}

Numbers are kept as typed text (read as a whole number, or a sum, when the
document is made); a comparison's ``of`` is ``"cards"`` or a suit letter;
a named card's ``card`` is its token (``"10D"``; ``rank`` empty), a named
rank's ``rank`` its rank (``"A"``: each card of that rank; ``card`` empty).
A comparison's and an event's ``id`` is not typed: a new row gets one of
its own, so that an option's ``points`` naming it keeps naming it. The
reader's faults name the document's field (``captures.named[2].card``),
which is the form's path too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.ui.state.typed_sum import read_sum

__all__ = [
    "COMPARED_WORDS",
    "captures_form",
    "captures_row",
    "deck_suits",
    "write_captures",
]

#: The word of a comparison's id for each thing compared (``most_spades``).
COMPARED_WORDS = {
    "cards": "cards",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
    "STAR": "stars",
}
_FOUR_SUITS = ("S", "H", "D", "C")


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _number(text: Any) -> Any:
    """Typed text as a whole number (a sum too), else as typed (the reader
    then says what is wrong with it, naming the field)."""
    total = read_sum(text) if isinstance(text, str) else None
    return text if total is None else total


def _named_row(entry: Mapping[str, Any]) -> dict[str, Any]:
    if "card" in entry:
        return {"kind": "card", "card": entry["card"], "rank": "", "points": _text(entry["points"])}
    return {"kind": "rank", "card": "", "rank": entry["rank"], "points": _text(entry["points"])}


def captures_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A definition document's ``captures`` as the form's (see the module),
    ``{}`` for a game without captures."""
    captures = doc.get("captures")
    if not isinstance(captures, Mapping):
        return {}
    return {
        "captures": {
            "most": [
                {"id": c["id"], "of": c["of"], "points": _text(c["points"])}
                for c in captures.get("most", [])
            ],
            "ties": captures.get("ties", "nobody"),
            "named": [_named_row(n) for n in captures.get("named", [])],
            "events": [
                {
                    "id": e["id"],
                    "name": {"nb": e["name"].get("nb", ""), "en": e["name"].get("en", "")},
                    "points": _text(e["points"]),
                    "most": _text(e["most"]),
                }
                for e in captures.get("events", [])
            ],
        }
    }


def _captures_doc(form: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if form["most"]:
        out["most"] = [
            {"id": row["id"], "of": row["of"], "points": _number(row["points"])}
            for row in form["most"]
        ]
    if form.get("ties", "nobody") != "nobody":
        out["ties"] = form["ties"]
    if form["named"]:
        out["named"] = [
            {"card": row["card"], "points": _number(row["points"])}
            if row["kind"] == "card"
            else {"rank": row["rank"], "points": _number(row["points"])}
            for row in form["named"]
        ]
    if form["events"]:
        out["events"] = [
            {
                "id": row["id"],
                "name": {"nb": row["name"]["nb"], "en": row["name"]["en"]},
                "points": _number(row["points"]),
                "most": _number(row["most"]),
            }
            for row in form["events"]
        ]
    return out


def write_captures(doc: dict[str, Any], form: Mapping[str, Any]) -> bool:
    """A captured game's ``captures`` from the ``form``'s (nothing for
    another game); an empty one stays empty, for the reader to refuse
    (``definition_empty``, ``captures``)."""
    if "captures" not in form:
        return False
    doc["captures"] = _captures_doc(form["captures"])
    return True


def deck_suits(form: Mapping[str, Any]) -> tuple[str, ...]:
    """The suits of the game's deck a card can be entered with (a ``suits``
    carried as it is, else the four)."""
    suits = form.get("carried", {}).get("suits")
    return tuple(s for s in suits if s in _FOUR_SUITS) if suits else _FOUR_SUITS


def _free_id(stem: str, used: set[str]) -> str:
    ident, n = stem, 2
    while ident in used:
        ident, n = f"{stem}_{n}", n + 1
    return ident


def captures_row(path: Sequence[str | int], kind: str, form: Mapping[str, Any]) -> Any:
    """The row a list of the form's ``captures`` gets (``path`` is
    ``("captures", "most"|"named"|"events")``): a comparison of the first
    thing not compared yet, 1 point; a named card (``kind`` ``"card"``: the
    first card not named yet) or a named rank (``kind`` ``"rank"``: the
    first rank not named yet), 1 point; an event, 1 point, at most 26 a
    hand. A new comparison's or event's id is one no other row has."""
    captures = form["captures"]
    used = {row["id"] for row in (*captures["most"], *captures["events"])}
    name = path[-1]
    if name == "most":
        compared = {row["of"] for row in captures["most"]}
        things = [t for t in ("cards", *deck_suits(form)) if t not in compared] or ["cards"]
        return {
            "id": _free_id(f"most_{COMPARED_WORDS.get(things[0], 'of')}", used),
            "of": things[0],
            "points": "1",
        }
    if name == "events":
        return {
            "id": _free_id(f"event_{len(captures['events']) + 1}", used),
            "name": {"nb": "", "en": ""},
            "points": "1",
            "most": "26",
        }
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    named = captures["named"]
    if kind == "rank":
        taken = {row["rank"] or row["card"][:-1] for row in named}
        rank = next((r for r in ranks if r not in taken), "A")
        return {"kind": "rank", "card": "", "rank": rank, "points": "1"}
    whole = {row["rank"] for row in named if row["kind"] == "rank"}
    cards = {row["card"] for row in named if row["kind"] == "card"}
    free = [
        f"{r}{s}"
        for r in ranks
        for s in deck_suits(form)
        if r not in whole and f"{r}{s}" not in cards
    ]
    return {"kind": "card", "card": free[0] if free else "", "rank": "", "points": "1"}
