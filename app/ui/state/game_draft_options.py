"""The options of a game being made in the game editor: a new option's
form, and the number options that follow the end of the session
(GAME_FORMAT.md ``options``, ``end``; :mod:`app.ui.state.game_draft`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.limits import MAX_OPTION

_EFFECT_WORDS = ("went_out", "blocked", "winner", "end", "ties", "teams")
#: The number each end of a session uses (GAME_FORMAT.md ``end``).
_END_NUMBERS = {"target": {"target"}, "rounds": {"rounds"}, "either": {"target", "rounds"}}
#: The names a number option starts with (and keeps until the family renames it).
_NUMBER_NAMES = {
    "target": {"nb": "Poengmål", "en": "Target score"},
    "rounds": {"nb": "Runder", "en": "Rounds"},
}


def _words(value: Mapping[str, str] | None = None) -> dict[str, str]:
    return {"nb": (value or {}).get("nb", ""), "en": (value or {}).get("en", "")}


def _blank_effect() -> dict[str, Any]:
    return {**dict.fromkeys(_EFFECT_WORDS, ""), "jokers_per_deck": "", "points": [], "flags": []}


def _numbers_used(form: Mapping[str, Any]) -> set[str]:
    """``"target"``, ``"rounds"``: the numbers some end of the session uses,
    the game's own or one an option's effect chooses."""
    ends = {form["end"]} | {
        effect.get("end")
        for option in form["options"]
        for effect in (option["set"], *(c["set"] for c in option["choices"]))
        if effect.get("end")
    }
    return set().union(*(_END_NUMBERS.get(str(end), set()) for end in ends))


def _follow_the_end(form: dict[str, Any]) -> None:
    """The end of the session was changed: a target (or rounds) option whose
    number the new end does not use becomes the option of the number it does
    use (a game that ends after a number of rounds offers the rounds, not a
    target), unless an option's effect can still bring that end in or the
    game has an option for the other number already. Its names follow while
    they are the ones it started with; its suggestions start again from the
    game's number."""
    used = _numbers_used(form)
    present = {o["id"] for o in form["options"] if o["kind"] == "number"}
    for option in form["options"]:
        number = option["id"]
        if option["kind"] != "number" or number in used or number not in _NUMBER_NAMES:
            continue
        other = "rounds" if number == "target" else "target"
        if other not in used or other in present:
            continue
        option["id"] = other
        present = (present - {number}) | {other}
        if option["name"] == _NUMBER_NAMES[number]:
            option["name"] = dict(_NUMBER_NAMES[other])
        option["presets"] = []


def _new_option(kind: str, rows: list[dict[str, Any]], form: Mapping[str, Any]) -> dict[str, Any]:
    """A new option of ``kind``: a switch, a choice of two, or the target or
    the number of rounds (whichever the game has and no option sets yet)."""
    taken = {o["id"] for o in rows}
    option: dict[str, Any] = {
        "id": "",
        "kind": kind,
        "name": _words(),
        "description": _words(),
        "default": False,
        "set": _blank_effect(),
        "choices": [],
        "presets": [],
    }
    if kind == "number":
        wanted = "rounds" if form["end"] == "rounds" else "target"
        option["id"] = (
            wanted if wanted not in taken else ("target" if wanted == "rounds" else "rounds")
        )
        option["presets"] = [
            {
                "kind": "value",
                "number": str(form.get(option["id"]) or ""),
                "suggested": True,
                "suggested_with": "",
            }
        ]
        return option
    number = len(rows) + 1
    while f"option_{number}" in taken:
        number += 1
    option["id"] = f"option_{number}"
    if kind == "choice":
        option["choices"] = [
            {"id": "first", "name": _words(), "set": _blank_effect()},
            {"id": "second", "name": _words(), "set": _blank_effect()},
        ]
    return option


def _follow_the_number(form: dict[str, Any], number: str, old: Any) -> None:
    """The game's own ``number`` (``"target"`` or ``"rounds"``) was changed
    from ``old``: the option of that number, whose suggested preset was the
    old number, suggests the new one instead, so that the new-session form
    starts at the number the family chose (Kasino to 16 instead of 21,
    RULES.md §5.4). A preset of the new number is added when there is none
    (``"follows": True``: it goes again when the number changes once more,
    so typing "16" leaves no preset of 1 behind). A suggestion the family set
    to another number stays where it is. While the number is not a number
    (cleared to be typed again) no preset is suggested and the option
    remembers to follow the next one (``"follows": True``)."""
    new = str(form.get(number, "")).strip()
    for option in form["options"]:
        if option["kind"] != "number" or option["id"] != number:
            continue
        suggested = [
            p
            for p in option["presets"]
            if p["kind"] == "value" and p["suggested"] and not str(p["suggested_with"]).strip()
        ]
        following = all(str(p["number"]).strip() == str(old).strip() for p in suggested)
        if not (suggested and following) and not (not suggested and option.get("follows")):
            continue
        for preset in suggested:
            preset["suggested"] = False
        option["presets"] = [p for p in option["presets"] if not p.get("follows")]
        # cleared, or not a number a preset may be (the field says what is
        # wrong with it, not a preset the family never typed): the next is followed
        usable = new.isdigit() and 1 <= int(new) <= MAX_OPTION
        option["follows"] = not usable
        if not usable:
            continue
        same = next(
            (
                p
                for p in option["presets"]
                if p["kind"] == "value" and str(p["number"]).strip() == new
            ),
            None,
        )
        if same is None:
            same = {"kind": "value", "number": new, "suggested_with": "", "follows": True}
            option["presets"].append(same)
        same["suggested"] = True
