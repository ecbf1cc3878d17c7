"""A typed number may be a sum: families add the points up by hand and type
"10+15+8-5". One reader for every typed number field (points counted by hand,
a custom target or number of rounds, the numbers of the game editor), in plain
Python (no ``eval``).

What it reads: whole numbers of ASCII digits joined by ``+`` or ``-`` (the
Unicode minus ``−``, U+2212, too), the first one maybe signed, with spaces
anywhere between them. Anything else — another character, two signs in a row,
a sign with no number after it, two numbers with only a space between them
("10 15", never read as 1015), an empty text — is not a sum, and the caller
refuses it in words. Nothing is dropped or joined silently.
"""

from __future__ import annotations

__all__ = ["MAX_SUM_LENGTH", "read_sum", "shown_sum"]

#: The longest text read, in characters (a longer one is not read: Python's
#: ``int`` refuses numbers of thousands of digits, and no table types that much).
MAX_SUM_LENGTH = 200

_DIGITS = frozenset("0123456789")
_SIGNS = {"+": 1, "-": -1, "\u2212": -1}


def read_sum(text: str) -> int | None:
    """The whole number ``text`` adds up to, or ``None`` when it is not a sum
    of whole numbers (see the module's docstring).

    >>> read_sum("10+15+8-5")
    28
    >>> read_sum(" 10 + 15 "), read_sum("\u22125"), read_sum("007")
    (25, -5, 7)
    >>> [read_sum(t) for t in ("", "10++", "10+", "10 15", "1,5", "2*3", "²")]
    [None, None, None, None, None, None, None]
    """
    if len(text) > MAX_SUM_LENGTH:
        return None
    tokens = _tokens(text)
    if tokens is None or not tokens:
        return None
    # [sign] number (sign number)*: signs and numbers take turns
    sign = 1
    if isinstance(tokens[0], str):
        sign, tokens = _SIGNS[tokens[0]], tokens[1:]
    if len(tokens) % 2 == 0:  # empty, or ends with a sign
        return None
    total = 0
    for index, token in enumerate(tokens):
        if index % 2 == 0:  # a number is due
            if not isinstance(token, int):
                return None
            total += sign * token
        else:  # a sign is due ("10 15": two numbers in a row, refused)
            if not isinstance(token, str):
                return None
            sign = _SIGNS[token]
    return total


def _tokens(text: str) -> list[int | str] | None:
    """``text`` as numbers and signs (spaces dropped), or ``None`` when it
    holds any other character."""
    tokens: list[int | str] = []
    digits = ""
    for char in text:
        if char in _DIGITS:
            digits += char
            continue
        if digits:
            tokens.append(int(digits))
            digits = ""
        if char in _SIGNS:
            tokens.append(char)
        elif not char.isspace():
            return None
    if digits:
        tokens.append(int(digits))
    return tokens


def shown_sum(text: str) -> int | None:
    """What a typed ``text`` adds up to, when that is worth showing beside it:
    ``None`` for a text that is just the number itself ("28") or not a sum.

    >>> shown_sum("10+15"), shown_sum(" 28 "), shown_sum("10++"), shown_sum("007")
    (25, None, None, 7)
    """
    total = read_sum(text)
    if total is None or text.strip() == str(total):
        return None
    return total
