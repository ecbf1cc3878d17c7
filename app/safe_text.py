"""Text that came from a user (names, notes, anything stored) made safe to show
in a terminal or to write into an export file.

Control characters (NUL, ESC and its colour codes, backspace, carriage return,
C1 controls), lone surrogates, line and paragraph separators and the
characters that reorder a line (bidi embeddings, overrides, isolates and marks,
U+202E among them) never reach a terminal or a file raw: :func:`visible` shows
each as an escape (``\\x1b``, ``\\u202e``). The input rules
(:func:`scoring.check_name`, :func:`scoring.check_note`) already refuse them;
this is the second line, for anything stored before those rules.

One helper for every writer: the exports (:mod:`app.reports`, through
:func:`visible_doc`, :func:`visible_summary`, :func:`json_visible`,
:func:`spreadsheet_cell`) and
the command line's output.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Collection
from typing import Any, TypeVar

from scoring import SessionDoc

__all__ = [
    "LONGEST",
    "json_visible",
    "spreadsheet_cell",
    "visible",
    "visible_doc",
    "visible_lines",
    "visible_summary",
]

#: The most characters of one piece of text an export shows (a note is at most
#: ``scoring.MAX_NOTE``; something longer was stored before that rule).
LONGEST = 1000

# Characters that reorder the text around them: embeddings, overrides,
# isolates, and the directional marks.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Control characters, lone surrogates, line and paragraph separators.
_HIDDEN = frozenset({"Cc", "Cs", "Zl", "Zp"})


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def _hidden(ch: str) -> bool:
    return ch in _BIDI or unicodedata.category(ch) in _HIDDEN


def visible(text: str, *, newline: str = " / ", longest: int = LONGEST) -> str:
    r"""``text`` safe for a terminal or a file: every line break becomes
    ``newline``, every other control or reordering character a visible
    escape, and text longer than ``longest`` characters is cut (``…``).

    >>> visible("Kari\x1b[31m red\u202eabc")
    'Kari\\x1b[31m red\\u202eabc'
    >>> visible("line one\nline two")
    'line one / line two'
    >>> visible("Åse 🂡")
    'Åse 🂡'
    """
    if len(text) > longest:
        text = text[: longest - 1] + "…"
    if text.isprintable():  # the usual case: nothing to look at
        return text
    out = []
    for ch in text.replace("\r\n", "\n"):
        if ch == "\n":
            out.append(newline)
        elif _hidden(ch):
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


def visible_lines(text: str) -> str:
    r"""``text`` with each of its lines passed through :func:`visible` (the
    line breaks themselves kept): what the command line prints.

    >>> visible_lines("Winner: Kari\x1b[2J\nNext dealer: Ola\n")
    'Winner: Kari\\x1b[2J\nNext dealer: Ola\n'
    """
    return "\n".join(visible(line, longest=len(line) + 1) for line in text.split("\n"))


def visible_doc(doc: SessionDoc) -> SessionDoc:
    """``doc`` with every player's name passed through :func:`visible`, in
    every hand too (went out, leftover cards, runs, flags), so that it scores
    exactly as before under the names an export may show. ``doc`` itself when
    every name is clean (the usual case)."""
    names = {player: visible(player) for player in doc.players}
    if all(clean == player for player, clean in names.items()):
        return doc

    def seat(player: str | None) -> str | None:
        return names.get(player, player) if player is not None else None

    hands = tuple(
        dataclasses.replace(
            hand,
            went_out=seat(hand.went_out),
            left={names.get(p, p): held for p, held in hand.left.items()},
            runs={names.get(p, p): runs for p, runs in hand.runs.items()},
            flags={flag: names.get(p, p) for flag, p in hand.flags.items()},
        )
        for hand in doc.hands
    )
    return dataclasses.replace(doc, players=tuple(names[p] for p in doc.players), hands=hands)


T = TypeVar("T")


def visible_summary(value: T, *, figures: Collection[str] = ()) -> T:
    """A copy of an export's summary (a dataclass of text, numbers and tuples
    of them, :class:`app.reports.summary.Summary`) with every text passed
    through :func:`visible`: names, notes, headings. The fields named in
    ``figures`` hold numbers and the texts Babel formatted them as (a 500-hand
    table): they are kept as they are."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {
            f.name: _walk(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name not in figures
        }
        return dataclasses.replace(value, **changes)
    return _walk(value)


# Everything :func:`visible` changes (a line break too), found in one C-speed search.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ud800-\udfff]"
)


def _walk(value: Any) -> Any:
    if type(value) is str:
        return value if len(value) <= LONGEST and not _UNSAFE.search(value) else visible(value)
    if isinstance(value, tuple):
        return tuple([_walk(item) for item in value])
    if isinstance(value, list):
        return [_walk(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _walk(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)
    return value


# JSON escapes C0 controls itself; DEL, C1 controls, separators and the
# reordering characters it writes raw (ensure_ascii=False).
_JSON_RAW = re.compile("[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def json_visible(text: str) -> str:
    r"""JSON text with the characters a terminal would act on written as
    ``\uXXXX`` escapes: the same JSON value, read back unchanged.

    >>> json_visible('{"note": "a\u202eb"}')
    '{"note": "a\\u202eb"}'
    >>> import json
    >>> json.loads(json_visible('"a\u202eb"')) == "a\u202eb"
    True
    """
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text: str) -> str:
    """A text cell for a CSV file that a spreadsheet shows as text: one that
    starts like a formula (``=``, ``+``, ``-``, ``@``) gets a leading ``'``
    (OWASP's advice), so a player called ``=HYPERLINK(…)`` stays a name.

    >>> spreadsheet_cell("=1+1: points"), spreadsheet_cell("Kari: points")
    ("'=1+1: points", 'Kari: points')
    """
    return "'" + text if text.startswith(_FORMULA) else text
