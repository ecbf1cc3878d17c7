"""Invisible characters in a name: the one rule for players' names and a game
definition's words.

A format character (Unicode category Cf) draws nothing: "He\u200barts" (a
zero-width space), "Hearts\u2060" (a word joiner) or a byte-order mark shows
exactly as "Hearts", so two names that look the same would be two players or
two games. Each is refused, except where a writing system needs one: the
zero-width joiner inside an emoji sequence (👩‍👩‍👧) or between two letters of a
script that joins them, the zero-width non-joiner between two such letters
(Persian, the Indic scripts), and the tag characters of a subdivision flag
(🏴 followed by tags). The rule follows UTS #39 §3.1 (identifier profile:
Default_Ignorable characters are not allowed) with the exceptions of
UTS #46 CONTEXTJ and UTS #51 (emoji ZWJ and tag sequences).
"""

from __future__ import annotations

import unicodedata

__all__ = ["hidden_character"]

_ZWNJ, _ZWJ = "\u200c", "\u200d"
_BLACK_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)
# What a joiner may stand between: letters and marks of a script beyond Latin
# (the joiners do nothing in Latin text), and for the ZWJ emoji (So) and their
# skin tones (Sk).
_JOINED = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me"})
_EMOJI = frozenset({"So", "Sk"})


def _neighbour(text: str, index: int, step: int) -> str:
    """The character next to ``text[index]`` (``step`` -1 before, +1 after),
    skipping emoji variation selectors; "" at either end."""
    index += step
    while 0 <= index < len(text) and text[index] in "\ufe0e\ufe0f":
        index += step
    return text[index] if 0 <= index < len(text) else ""


def _needed(text: str, index: int) -> bool:
    ch = text[index]
    if ord(ch) in _TAGS:
        before = text[index - 1] if index else ""
        return before == _BLACK_FLAG or (before != "" and ord(before) in _TAGS)
    if ch not in (_ZWNJ, _ZWJ):
        return False
    before, after = _neighbour(text, index, -1), _neighbour(text, index, 1)
    if not before or not after or ord(before) < 0x370 or ord(after) < 0x370:
        return False  # at an end, or beside a Latin letter: it does nothing
    kinds = {unicodedata.category(before), unicodedata.category(after)}
    if kinds <= _JOINED:
        return True
    return ch == _ZWJ and kinds <= _EMOJI | _JOINED


def hidden_character(text: str) -> str | None:
    """The first invisible format character (category Cf) in ``text`` that
    no writing system there needs (see the module docstring), else ``None``.

    >>> hidden_character("He\u200barts"), hidden_character("\ufeffKari")
    ('\u200b', '\ufeff')
    >>> hidden_character("Ola 👩\u200d👩\u200d👧"), hidden_character("می\u200cخواهم")
    (None, None)
    >>> hidden_character("Kari\u200d"), hidden_character("K\u200dari")
    ('\u200d', '\u200d')
    """
    if text.isascii():
        return None
    for index, ch in enumerate(text):
        if unicodedata.category(ch) == "Cf" and not _needed(text, index):
            return ch
    return None
