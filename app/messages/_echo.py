"""How what a user typed, a file held or a place in the session appears
inside a message: escaped, cut to length, and prefixed with the hand and
the player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.i18n import _, format_number
from scoring.invisible import is_unsafe

#: At most this many characters of anything a user typed are echoed in a message.
_SHOWN = 40


def _shown(text: Any, limit: int = _SHOWN) -> str:
    """User input as it may appear in a one-line message: control and
    direction-changing characters escaped (they could garble a terminal or
    reorder the line, :func:`scoring.invisible.is_unsafe`), cut to
    :data:`_SHOWN` characters."""
    text = str(text)
    if not text.isprintable():
        text = "".join(
            ch.encode("unicode_escape").decode("ascii") if is_unsafe(ch) else ch for ch in text
        )
    shown: str = text if len(text) <= limit else text[: limit - 1] + "…"
    return shown


def _field(e: Any) -> str:
    """A field path from a file (``hands[2].left.Kari``), shown safely."""
    return _shown(getattr(e, "field", None) or "", 2 * _SHOWN)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        if abs(value) >= 10**18:  # too long to group (and for Babel's decimals)
            digits = str(value)
            return digits if len(digits) <= _SHOWN else digits[: _SHOWN - 1] + "…"
        return format_number(value)
    if value is None:
        return "null"  # as the file spells it
    return _shown(value)


def _token(value: Any) -> str:
    """A file's token (an id, a word of the format: ``collects``) quoted in
    the active language's quotation marks, so that a sentence never reads it
    as one of its own words."""
    return _("“{token}”", token=_shown(value))


def _file_value(value: Any) -> str:
    """A value read from a file as the file spells it (``true``, ``null``, a
    list or object by its kind), not as a yes/no answer."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, Mapping):
        return _("an object")
    if isinstance(value, str):  # text, quoted: "29" is not the number 29
        return _token(value)
    return _value(value)


def _position(p: Mapping[str, Any]) -> str:
    return format_number(p.get("position", 1))


def _items(value: Any) -> list[Any]:
    """A list param as a list (one value given alone: a list of it)."""
    return list(value) if isinstance(value, list | tuple) else [value]


def _count(p: Mapping[str, Any], key: str) -> int:
    """The count ``p[key]`` that picks a sentence's plural form (a value that
    is not a whole number, from a hostile file, reads as plural)."""
    value = p.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


def _number_param(p: Mapping[str, Any], key: str) -> str:
    value = p.get(key)
    return (
        format_number(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else (_shown(value) if value is not None else "")
    )


def _path(value: Any) -> str:
    """A file name or database URL as a message shows it (control characters
    escaped, long ones cut in the middle of nothing: paths stay whole up to
    200 characters)."""
    return _shown(value if value is not None else "", 200)


def _where(hand: int | None, player: str | None, problem: str) -> str:
    if player:
        player = _shown(player)
    if hand is not None and player:
        return _(
            "Hand {hand}, {player}: {problem}",
            hand=format_number(hand),
            player=player,
            problem=problem,
        )
    if hand is not None:
        return _("Hand {hand}: {problem}", hand=format_number(hand), problem=problem)
    if player:
        return _("{player}: {problem}", player=player, problem=problem)
    return problem
