"""A captured hand's piles in a session file (SESSION_FORMAT.md ``captured``,
version 3; RULES.md §5 Kasino): one pile as its file form and back. Whether
the game counts what a pile names is for scoring to say
(:func:`scoring.captures.score_captured`); here only the shape is checked.

>>> pile = pile_from_dict({"cards": 29, "S": 8, "named": ["10D", "AS"], "sweep": 2}, "p")
>>> pile
Pile(cards=29, suits={'S': 8}, named=('10D', 'AS'), events={'sweep': 2})
>>> pile_to_dict(pile)
{'cards': 29, 'S': 8, 'named': ['10D', 'AS'], 'sweep': 2}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .cards import parse_card
from .codes import ErrorCode, Expected
from .errors import CardParseError, SessionFileError
from .file_values import shown_value
from .hands import Pile

__all__ = ["SESSION_VERSION", "check_pile", "pile_from_dict", "pile_to_dict"]

#: The session file version that first says ``captured``.
SESSION_VERSION = 3
#: The suits a pile may count (GAME_FORMAT.md ``suits``).
_SUITS = ("S", "H", "D", "C", "STAR")
#: An event's id (GAME_FORMAT.md: lower-case letters, digits and ``_``).
_EVENT = re.compile(r"[a-z][a-z0-9_]{0,31}")


def _type(path: str, expected: Expected, value: Any) -> SessionFileError:
    return SessionFileError(
        ErrorCode.FILE_TYPE, field=path, params={"expected": expected, "value": shown_value(value)}
    )


def _count(value: Any, path: str) -> int:
    # Only the kind is checked here: whether the count is in its range (0 to
    # the cards the decks hold, RULES.md §5) is for scoring to say, which
    # knows the range (``count_range``: "14 spades is not a count from 0 to 13").
    if type(value) is not int:
        raise _type(path, Expected.WHOLE_NUMBER, value)
    return value


def _named(value: Any, path: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise _type(path, Expected.CARDS, value)
    found: list[str] = []
    for i, token in enumerate(value, 1):
        try:
            card = parse_card(token, i)
        except CardParseError:
            raise _type(f"{path}[{i}]", Expected.CARDS, token) from None
        if card.suit is None:
            raise _type(f"{path}[{i}]", Expected.CARDS, token)
        if str(card) not in found:
            found.append(str(card))
    return tuple(found)


def pile_from_dict(data: Any, path: str) -> Pile:
    """One player's pile from its file form ``{"cards": 29, "S": 8, "named":
    ["10D", "AS"], "sweep": 2}``: ``cards``, a count per suit id, the named
    cards (any card notation with its suit; written canonically, each once)
    and a count per event id. A part left out is 0 or none.

    Raises :class:`SessionFileError`: not an object (``file_not_object``), a
    count that is not a whole number (its range is scoring's to check,
    :func:`scoring.captures.score_captured`) or a named card that is not a
    card with its suit (``file_type``), a key that is none of these
    (``file_unknown_field``); ``path`` names where (``hands[2].captured.Kari``).
    """
    if not isinstance(data, Mapping):
        raise SessionFileError(ErrorCode.FILE_NOT_OBJECT, field=path)
    cards = 0
    suits: dict[str, int] = {}
    named: tuple[str, ...] = ()
    events: dict[str, int] = {}
    for key, value in data.items():
        where = f"{path}.{str(key)[:40]}"
        if key == "cards":
            cards = _count(value, where)
        elif key == "named":
            named = _named(value, where)
        elif key in _SUITS:
            suits[key] = _count(value, where)
        elif isinstance(key, str) and _EVENT.fullmatch(key):
            events[key] = _count(value, where)
        else:
            raise SessionFileError(ErrorCode.FILE_UNKNOWN_FIELD, field=where)
    return Pile(cards, suits, named, events)


def check_pile(pile: Any, path: str) -> Pile:
    """A :class:`Pile` made in code, checked as :func:`pile_from_dict` checks
    a file's (its named cards written canonically). Raises
    :class:`SessionFileError`."""
    if not isinstance(pile, Pile) or not isinstance(pile.suits, Mapping):
        raise _type(path, Expected.OBJECT, type(pile).__name__)
    if not isinstance(pile.events, Mapping):
        raise _type(f"{path}.events", Expected.OBJECT, type(pile.events).__name__)
    return pile_from_dict(pile_to_dict(pile), path)


def pile_to_dict(pile: Pile) -> dict[str, Any]:
    """A pile in its canonical file form (the card count, each suit's count,
    the named cards, each event's count; empty parts left out)."""
    out: dict[str, Any] = {"cards": pile.cards}
    out.update(pile.suits)
    if pile.named:
        out["named"] = list(pile.named)
    out.update(pile.events)
    return out
