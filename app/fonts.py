"""The fonts Kortpoeng ships, the one stack every screen, the PDF and the
picture draw from, and whether that stack can draw a text.

A phone has no fonts to borrow and a family's Wi-Fi may have no internet, so
every letter the app can show must be in a font in ``assets/fonts``
(``assets/fonts/make_fonts.py`` builds the Noto ones from Debian's files).
The app's default font (Flutter's Roboto, or DejaVu Sans in the PDF) falls
back on :data:`FALLBACK`, in this order:

* DejaVu Sans: Latin, Greek, Cyrillic, Arabic, Hebrew, the suits ♠ ♥ ♦ ♣,
  arrows, the ellipsis and the other signs the app writes;
* Noto Sans Devanagari, Noto Sans Thai;
* Noto Sans CJK (a subset: common Chinese hanzi, Japanese kana and kanji,
  the Hangul syllables of KS X 1001);
* Noto Emoji (monochrome).

A player's name with a character none of them has is refused in words
(:func:`check_drawable_name`, code ``player_name_glyph``) where a name comes
in: added on the new-session form, or in a session file imported in the app
or by ``kortpoeng import`` (:func:`check_session_names`). It is never shown
as a box.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from app.paths import FONTS_DIR
from scoring import ErrorCode, OptionError

__all__ = [
    "BOLD",
    "CJK",
    "DEJAVU",
    "DEVANAGARI",
    "EMOJI",
    "FALLBACK",
    "THAI",
    "ShippedFont",
    "check_drawable_name",
    "check_session_names",
    "coverage",
    "undrawable",
]


@dataclass(frozen=True, slots=True)
class ShippedFont:
    """One font in ``assets/fonts``: its family name (as the app registers
    it) and its file."""

    family: str
    file: str

    @property
    def path(self) -> Path:
        """The font file (absolute)."""
        return FONTS_DIR / self.file

    @property
    def asset(self) -> str:
        """The file as the web client asks for it (inside ``assets/``)."""
        return f"fonts/{self.file}"


DEJAVU = ShippedFont("DejaVu Sans", "DejaVuSans.ttf")
DEVANAGARI = ShippedFont("Noto Sans Devanagari", "NotoSansDevanagari-Regular.ttf")
THAI = ShippedFont("Noto Sans Thai", "NotoSansThai-Regular.ttf")
CJK = ShippedFont("Noto Sans CJK", "NotoSansCJK-Names.otf")
EMOJI = ShippedFont("Noto Emoji", "NotoEmoji-Regular.ttf")
#: The fonts every text falls back on, in order (see the module's docstring).
FALLBACK: tuple[ShippedFont, ...] = (DEJAVU, DEVANAGARI, THAI, CJK, EMOJI)
#: DejaVu Sans Bold: the PDF's and the picture's bold text (the app's bold is
#: drawn by the client from the regular fonts).
BOLD = ShippedFont("DejaVu Sans", "DejaVuSans-Bold.ttf")

#: Unicode's default-ignorable code points (DerivedCoreProperties.txt, 15.1):
#: a renderer draws nothing for them (joiners, variation selectors, tags), so
#: no font needs a glyph.
_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def _ignorable(code: int) -> bool:
    return any(low <= code <= high for low, high in _IGNORABLE)


@lru_cache(maxsize=8)
def coverage(fonts: tuple[ShippedFont, ...] = FALLBACK) -> frozenset[int]:
    """Every code point one of ``fonts`` has a glyph for (their ``cmap``
    tables, read once).

    Raises:
        FileNotFoundError: if a font is missing from ``assets/fonts``.
    """
    from fontTools.ttLib import TTFont  # fpdf2's dependency; only loaded when asked

    codes: set[int] = set()
    for font in fonts:
        codes.update(TTFont(font.path, lazy=True).getBestCmap())
    return frozenset(codes)


def undrawable(text: str, fonts: Iterable[int] | None = None) -> tuple[str, ...]:
    """The characters of ``text`` (each once, in order) that no shipped font
    draws; characters that draw nothing (joiners, variation selectors, tags:
    Unicode's default-ignorables; line breaks and tabs) never count. ``fonts``: the code points to
    test against (default :func:`coverage` of :data:`FALLBACK`).

    >>> undrawable("Åse ♠ 王小明 👍🏽 ‍…")
    ()
    >>> undrawable("ሰላም ሰ")  # Ethiopic
    ('ሰ', 'ላ', 'ም')
    """
    covered = coverage() if fonts is None else fonts
    missing: dict[str, None] = {}
    for char in unicodedata.normalize("NFC", text):
        code = ord(char)
        if code in covered or _ignorable(code) or char in missing:
            continue
        if unicodedata.category(char) != "Cc":  # a line break or tab is no glyph
            missing[char] = None
    return tuple(missing)


def check_drawable_name(name: str) -> str:
    """``name`` unchanged when every character of it is in a shipped font.

    Raises:
        OptionError: ``player_name_glyph``, naming the first character no
            shipped font has (``params``: ``character``, its ``code``
            ``U+XXXX`` and its Unicode ``unicode_name``).

    >>> check_drawable_name("Zoë 🏆")
    'Zoë 🏆'
    >>> check_drawable_name("Kari ሰ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoring.errors.OptionError: the name 'Kari ሰ' has a ...: U+1230 ETHIOPIC SYLLABLE SA
    """
    missing = undrawable(name)
    if missing:
        char = missing[0]
        raise OptionError(
            ErrorCode.PLAYER_NAME_GLYPH,
            player=name,
            params={
                "character": char,
                "code": f"U+{ord(char):04X}",
                "unicode_name": unicodedata.name(char, ""),
            },
        )
    return name


def check_session_names(data: bytes | str, *, limit: int | None = None) -> None:
    """Check every player's name of a session file (SESSION_FORMAT.md) with
    :func:`check_drawable_name`, before it is imported.

    A file that cannot be read as a session (over ``limit`` bytes, default
    the import's own limit, not UTF-8, not a session file) passes: the import itself refuses it in
    its own words (:func:`models.services.import_session`).

    Raises:
        OptionError: ``player_name_glyph`` for the first name a shipped font
            cannot draw.
    """
    from models.files import IMPORT_LIMIT
    from scoring import CodedError, read_session

    if len(data) > (IMPORT_LIMIT if limit is None else limit):
        return
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes | bytearray) else data
        doc = read_session(text)
    except (UnicodeDecodeError, CodedError):
        return
    for name in doc.players:
        check_drawable_name(name)
    from app.player_names import check_seat_lookalikes

    check_seat_lookalikes(doc.players)  # "Anna" and a Cyrillic "Аnna" in one session
