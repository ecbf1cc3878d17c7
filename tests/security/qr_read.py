"""Read QR codes back (zxing-cpp): from the block characters a terminal shows
and from a screenshot, to check that a printed or shown code is the link."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image

#: Two modules (top, bottom) per character; True = light.
_BLOCKS = {"█": (True, True), " ": (False, False), "▀": (True, False), "▄": (False, True)}


def read_terminal_qr(text: str, scale: int = 6) -> list[str]:
    """The QR codes in ``text`` drawn with ``█▀▄`` and spaces (light modules as
    blocks, as ``segno``'s compact terminal output draws them)."""
    lines = [line for line in text.splitlines() if line and set(line) <= set(_BLOCKS)]
    if not lines:
        return []
    width = max(len(line) for line in lines)
    rows: list[list[bool]] = []
    for line in lines:
        top, bottom = [], []
        for char in line.ljust(width, "█"):
            upper, lower = _BLOCKS[char]
            top.append(upper)
            bottom.append(lower)
        rows += [top, bottom]
    image = Image.new("L", (width, len(rows)))
    image.putdata([255 if light else 0 for row in rows for light in row])
    image = image.resize((width * scale, len(rows) * scale), Image.NEAREST)
    return [result.text for result in zxingcpp.read_barcodes(image)]


def read_png_qr(png: bytes) -> list[str]:
    """The QR codes in a PNG (e.g. a screenshot)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    return [result.text for result in zxingcpp.read_barcodes(image)]
