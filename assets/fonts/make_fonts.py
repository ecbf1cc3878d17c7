"""Build the fonts Kortpoeng ships for names in Devanagari, Thai, Chinese,
Japanese and Korean from Debian's Noto fonts, the same way every time.

    apt-get install fonts-noto-core fonts-noto-cjk
    .venv/bin/python assets/fonts/make_fonts.py            # writes them next to this file
    .venv/bin/python assets/fonts/make_fonts.py --check    # exit 1 if a file would change

What it writes (see the README of the project, "Fonts"):

* ``NotoSansDevanagari-Regular.ttf`` and ``NotoSansThai-Regular.ttf``: Debian's
  files (fonts-noto-core 20201225) unchanged, and ``NotoSans-OFL.txt``.
* ``NotoSansCJK-Names.otf``: the Simplified Chinese face of Noto Sans CJK
  (fonts-noto-cjk 20220127, ``NotoSansCJK-Regular.ttc``) cut down by fontTools
  to the characters of :func:`cjk_codepoints` (about 13,000 of its 44,810):
  the hanzi of GB 2312 (levels 1 and 2, 6,763: simplified Chinese), the
  common hanzi of Big5 (level 1, 5,401: traditional Chinese), the kanji of
  JIS X 0208 (levels 1 and 2, 6,355: nearly every Jōyō and Jinmeiyō kanji of
  Japanese names), the 2,350 Hangul syllables of KS X 1001 and the Hangul
  compatibility letters, kana, CJK punctuation and full-width forms. No
  hinting (a phone's screen and the PDF do not use it). Japanese kanji are
  drawn in the Chinese face's forms. And ``NotoSansCJK-OFL.txt``.

The licence texts take each font's copyright line from its own ``name``
table and the SIL Open Font License 1.1 from ``NotoEmoji-OFL.txt``.

The output is byte-for-byte the same for the same Debian files (no time
stamp is written). Needs fontTools (installed with fpdf2).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
#: The face of the collection that is subset: Noto Sans CJK SC.
CJK_FACE = "Noto Sans CJK SC"
CJK_OUT = "NotoSansCJK-Names.otf"
COPIED = ("NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf")


def _double_byte(codec: str, rows: Iterable[int], cells: Iterable[int]) -> set[int]:
    """The characters of a double-byte character set: every ``row``/``cell``
    byte pair that ``codec`` decodes to one character."""
    found = set()
    cells = tuple(cells)
    for row in rows:
        for cell in cells:
            try:
                text = bytes((row, cell)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.add(ord(text))
    return found


def cjk_codepoints() -> frozenset[int]:
    """The characters :data:`CJK_OUT` keeps (see the module's docstring),
    from Python's own codecs for the national character sets.

    >>> len(cjk_codepoints()) > 13_000
    True
    >>> all(ord(c) in cjk_codepoints() for c in "王小明陳志豪さくら佐藤ユウキ김민준")
    True
    """
    euc = range(0xA1, 0xFF)
    gb2312 = _double_byte("gb2312", range(0xB0, 0xF8), euc)  # rows 16-87: hanzi
    big5 = _double_byte("big5", range(0xA4, 0xC7), (*range(0x40, 0x7F), *euc))  # level 1
    jis = _double_byte("euc_jp", range(0xB0, 0xF5), euc)  # rows 16-84: kanji levels 1, 2
    hangul = _double_byte("euc_kr", range(0xB0, 0xC9), euc)  # rows 16-40: 2,350 syllables
    blocks = (
        range(0x3000, 0x3040),  # CJK symbols and punctuation (、。「」々〆)
        range(0x3040, 0x30A0),  # hiragana
        range(0x30A0, 0x3100),  # katakana
        range(0x3131, 0x318F),  # Hangul compatibility letters
        range(0x31F0, 0x3200),  # katakana phonetic extensions
        range(0xFF01, 0xFF61),  # full-width forms
        range(0xFF61, 0xFFA0),  # half-width katakana
        range(0xFFE0, 0xFFE7),  # full-width signs
    )
    return frozenset(gb2312 | big5 | jis | hangul | {c for block in blocks for c in block})


def _cjk_source() -> TTFont:
    for number in range(16):
        font = TTFont(NOTO_CJK, fontNumber=number, recalcTimestamp=False, lazy=False)
        if font["name"].getDebugName(1) == CJK_FACE:
            return font
    raise SystemExit(f"{NOTO_CJK} has no face {CJK_FACE!r}")


def build_cjk() -> bytes:
    """:data:`CJK_OUT` as bytes."""
    font = _cjk_source()
    options = subset.Options()
    options.hinting = False
    options.notdef_outline = True
    options.name_legacy = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=cjk_codepoints())
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _licence(font_paths: Iterable[Path], note: str, *, reserved: str = "") -> str:
    """The fonts' copyright lines from their ``name`` tables, then the OFL 1.1."""
    ofl = (HERE / "NotoEmoji-OFL.txt").read_text(encoding="utf-8")
    body = ofl[ofl.index("This Font Software is licensed") :]
    lines = []
    for path in font_paths:
        font = TTFont(path, fontNumber=0, lazy=True) if path.suffix == ".ttc" else TTFont(path)
        line = (font["name"].getDebugName(0) or "").strip()
        if reserved:
            line = f"{line.rstrip('.')}, with Reserved Font Name {reserved}."
        lines.append(line)
    return "\n".join(lines) + f"\n\n{note}\n\n{body}"


def outputs() -> dict[str, bytes]:
    """Every file this script writes, by name, as bytes."""
    files: dict[str, bytes] = {}
    for name in COPIED:
        files[name] = (NOTO_CORE / name).read_bytes()
    files["NotoSans-OFL.txt"] = _licence(
        [NOTO_CORE / name for name in COPIED],
        "Noto Sans Devanagari and Noto Sans Thai, as shipped by Debian (fonts-noto-core).",
    ).encode()
    files[CJK_OUT] = build_cjk()
    files["NotoSansCJK-OFL.txt"] = _licence(
        [NOTO_CJK],
        f"{CJK_OUT} is a subset of Noto Sans CJK SC (Debian's fonts-noto-cjk), made by\n"
        "assets/fonts/make_fonts.py: only some of its characters are kept, nothing drawn anew.",
        reserved="'Source'",
    ).encode()
    return files


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the fonts; exit status 1 when a
    file differs in ``--check`` mode or a Debian font is missing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files would change")
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write to")
    args = parser.parse_args(argv)
    missing = [p for p in (*(NOTO_CORE / n for n in COPIED), NOTO_CJK) if not p.is_file()]
    if missing:
        print(
            "missing (apt-get install fonts-noto-core fonts-noto-cjk):", *missing, file=sys.stderr
        )
        return 1
    changed = []
    for name, data in outputs().items():
        target = args.out / name
        if target.is_file() and target.read_bytes() == data:
            continue
        changed.append(name)
        if not args.check:
            tmp = target.with_suffix(target.suffix + ".tmp")
            tmp.write_bytes(data)
            shutil.move(tmp, target)
        print(f"{'differs' if args.check else 'wrote'}: {name} ({len(data):,} bytes)")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
