"""QR codes of the join link (made by :mod:`segno`): as text for the host's
terminal and as a PNG for the app's "Invite a phone" screen."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_png", "qr_text"]


def qr_text(link: str) -> str:
    """The QR code of ``link`` drawn with block characters (two rows of modules
    per line, light modules as blocks: it reads on a dark or a light terminal),
    with a quiet zone of two modules."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_png(link: str, *, scale: int = 8) -> bytes:
    """The QR code of ``link`` as a PNG, ``scale`` pixels per module, dark on
    white with the standard quiet zone (4 modules)."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
