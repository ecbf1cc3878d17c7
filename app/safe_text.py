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
:func:`visible_doc`, :func:`json_visible`; a CSV cell that starts like a
formula is neutralised by :func:`app.reports.spreadsheet.neutralise`) and the
command line's output.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from scoring.invisible import BIDI_ISOLATES, is_unsafe

if TYPE_CHECKING:  # (a command that only prints names never loads the session file's code)
    from scoring import SessionDoc

__all__ = [
    "LONGEST",
    "display_width",
    "json_visible",
    "visible",
    "visible_doc",
    "visible_lines",
]

#: The most characters of one piece of text an export shows (a note is at most
#: ``scoring.MAX_NOTE``; something longer was stored before that rule).
LONGEST = 1000


# Text in which every character takes exactly one column: printable ASCII and
# U+00A0..U+02FF (Latin-1, Latin Extended A/B, IPA, spacing modifiers; no
# combining mark, control, wide or zero-width character is in that range).
_ONE_COLUMN_EACH = re.compile("[\x20-\x7e\u00a0-\u02ff]*")
# The bidi isolates (LRI, RLI, FSI, PDI) take no column.
_NO_ISOLATES = dict.fromkeys(map(ord, BIDI_ISOLATES))


def display_width(text: str) -> int:
    """Columns ``text`` takes in a monospace font (a terminal, a chat app's
    code block), as :func:`wcwidth.width` measures it (control characters
    ignored): combining marks and format characters (FSI, PDI) take none,
    emoji and East Asian wide characters two. Names in Latin letters
    (``Øystein``, ``Åse``) are counted without loading :mod:`wcwidth`, which
    gives the same figure (a property test holds the two together); the
    command line's read commands start that much sooner.

    >>> display_width("Øystein"), display_width("Åse"), display_width("A\u030ase")
    (7, 3, 3)
    >>> display_width("日本"), display_width("Ola👍"), display_width("\u2068سارة\u2069")
    (4, 5, 4)
    """
    bare = text.translate(_NO_ISOLATES)  # (an export's names are isolated)
    if _ONE_COLUMN_EACH.fullmatch(bare):
        return len(bare)
    import wcwidth

    return int(wcwidth.width(text, control_codes="ignore"))


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


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
        elif is_unsafe(ch):  # scoring.invisible: the one set of classes
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
    every hand too (went out, leftover cards, runs, flags), and every note, so
    that it scores exactly as before under the names an export may show.
    ``doc`` itself when every name and note is clean (the usual case)."""
    names = {player: visible(player) for player in doc.players}
    notes_clean = all(hand.note is None or visible(hand.note) == hand.note for hand in doc.hands)
    if notes_clean and all(clean == player for player, clean in names.items()):
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
            note=visible(hand.note) if hand.note is not None else None,
        )
        for hand in doc.hands
    )
    return dataclasses.replace(doc, players=tuple(names[p] for p in doc.players), hands=hands)


def _json_escaped(ch: str) -> str:
    """``ch`` as JSON writes it for :func:`json_visible`: escaped when it is
    unsafe (:func:`scoring.invisible.is_unsafe`) and not a C0 control (JSON
    escapes those inside strings itself, and the layout's line breaks are C0)."""
    return f"\\u{ord(ch):04x}" if ch >= "\x7f" and is_unsafe(ch) else ch


def json_visible(text: str) -> str:
    r"""JSON text with the characters a terminal would act on written as
    ``\uXXXX`` escapes: the same JSON value, read back unchanged.

    >>> json_visible('{"note": "a\u202eb"}')
    '{"note": "a\\u202eb"}'
    >>> import json
    >>> json.loads(json_visible('"a\u202eb"')) == "a\u202eb"
    True
    """
    if text.isascii() and "\x7f" not in text:
        return text
    return "".join(map(_json_escaped, text))
