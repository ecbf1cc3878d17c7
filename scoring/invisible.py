"""The characters that must not pass unseen, in one place: named classes of
them (:data:`BIDI_CONTROLS`, :data:`BIDI_MARKS`, :data:`CONTROL_CATEGORIES`…)
and the checks every input rule and every writer uses — a player's name and a
hand's note (:func:`scoring.check_name`, :func:`scoring.check_note`), a game
definition's words, a name's lookalike skeleton (:mod:`app.game_names`), text
shown in a terminal, a message or an export (:mod:`app.safe_text`,
:mod:`app.messages`, :mod:`app.reports`).

* :data:`CONTROL_CATEGORIES`: control characters (Cc: NUL, ESC, C1), lone
  surrogates (Cs), line and paragraph separators (Zl, Zp) — refused by the
  input rules, escaped by the writers;
* :data:`BIDI_EMBEDDINGS` (U+202A–U+202E: LRE, RLE, PDF, LRO, RLO) and
  :data:`BIDI_ISOLATES` (U+2066–U+2069: LRI, RLI, FSI, PDI) — the same (the
  app's own FSI … PDI around a right-to-left name, :data:`FSI`,
  :data:`PDI`, are added after the escaping);
* :data:`BIDI_MARKS` (U+200E LRM, U+200F RLM, U+061C ALM) — refused as
  invisible characters (below), escaped by the writers;
* the other format characters (category Cf: zero-width space, word joiner,
  byte order mark) — refused unless a writing system needs one
  (:func:`hidden_character`), dropped from a name's skeleton
  (:func:`without_format`).

:data:`BIDI_CONTROLS` is embeddings and isolates (what reorders a line
around it); :data:`REORDERING` adds the marks. :func:`is_control` is the input
rules' test, :func:`is_unsafe` the writers'.

Invisible characters in a name or a definition's words
(:func:`hidden_character`): a format character (Unicode category Cf) draws
nothing: "He\u200barts" (a zero-width space), "Hearts\u2060" (a word joiner)
or a byte-order mark shows exactly as "Hearts", so two names that look the
same would be two players or two games. Each is refused, except where a
writing system needs one: the zero-width joiner inside an emoji sequence
(👩‍👩‍👧) or between two letters of a script that joins them, the zero-width
non-joiner between two such letters (Persian, the Indic scripts), and the tag
characters of a subdivision flag (🏴 followed by tags). The rule follows UTS
#39 §3.1 (identifier profile: Default_Ignorable characters are not allowed)
with the exceptions of UTS #46 CONTEXTJ and UTS #51 (emoji ZWJ and tag
sequences).
"""

from __future__ import annotations

import unicodedata

__all__ = [
    "BIDI_CONTROLS",
    "BIDI_EMBEDDINGS",
    "BIDI_ISOLATES",
    "BIDI_MARKS",
    "CONTROL_CATEGORIES",
    "FORMAT",
    "FSI",
    "ISOLATE_OPENERS",
    "PDI",
    "REORDERING",
    "has_control",
    "hidden_character",
    "is_control",
    "is_unsafe",
    "without_format",
]

#: Bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO): they reorder the
#: text after them, so a name holding one can show as another or garble a line.
BIDI_EMBEDDINGS = frozenset("\u202a\u202b\u202c\u202d\u202e")
#: Bidi isolates (LRI, RLI, FSI, PDI, UAX #9).
BIDI_ISOLATES = frozenset("\u2066\u2067\u2068\u2069")
#: The isolates that open one (LRI, RLI, FSI); :data:`PDI` closes it.
ISOLATE_OPENERS = frozenset("\u2066\u2067\u2068")
#: FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what the app puts around
#: a right-to-left name in a sentence (:func:`app.i18n.bidi_safe`).
FSI, PDI = "\u2068", "\u2069"
#: The characters that reorder the text around them: embeddings, overrides and isolates.
BIDI_CONTROLS = BIDI_EMBEDDINGS | BIDI_ISOLATES
#: The direction marks (LRM, RLM, ALM): invisible, they change the direction
#: of what stands beside them.
BIDI_MARKS = frozenset("\u200e\u200f\u061c")
#: Everything that changes the order a line is drawn in.
REORDERING = BIDI_CONTROLS | BIDI_MARKS
#: Unicode categories never shown as they are: control characters (Cc), lone
#: surrogates (Cs), line (Zl) and paragraph (Zp) separators.
CONTROL_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
#: The category of the format characters, which draw nothing (Cf).
FORMAT = "Cf"


def is_control(ch: str) -> bool:
    r"""Whether the input rules refuse ``ch`` outright: a character of
    :data:`CONTROL_CATEGORIES` or of :data:`BIDI_CONTROLS`.

    >>> is_control("\x1b"), is_control("\u202e"), is_control("\u2028"), is_control("é")
    (True, True, True, False)
    """
    return ch in BIDI_CONTROLS or unicodedata.category(ch) in CONTROL_CATEGORIES


def has_control(text: str, *, allowed: str = "") -> bool:
    r"""Whether ``text`` holds a character :func:`is_control` refuses, other
    than those in ``allowed`` (a note may hold ``"\n"``).

    >>> has_control("Kari"), has_control("Ka\u202eri"), has_control("a\nb", allowed="\n")
    (False, True, False)
    """
    if text.isprintable():
        return False
    return any(ch not in allowed and is_control(ch) for ch in text)


def is_unsafe(ch: str) -> bool:
    r"""Whether a writer must escape ``ch`` rather than show it (a terminal, a
    message, an export): :func:`is_control`, or a direction mark.

    >>> is_unsafe("\u200f"), is_unsafe("\u0085"), is_unsafe("👍")
    (True, True, False)
    """
    return ch in REORDERING or unicodedata.category(ch) in CONTROL_CATEGORIES


def without_format(text: str) -> str:
    r"""``text`` without its format characters (category Cf: zero-width
    space and joiner, the marks, the isolates): what a reader sees of it.

    >>> without_format("Ka\u200bri\u2069")
    'Kari'
    """
    if text.isascii():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != FORMAT)


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
        if unicodedata.category(ch) == FORMAT and not _needed(text, index):
            return ch
    return None
