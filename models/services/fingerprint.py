"""Which scoring code computed the derived data: the fingerprint stored with
every session (``game_session.scored_with``) and score sheet piece.

Derived data computed by other code (an app update that changed the rules) is
never believed: those sessions are rescored from what was entered.
"""

from __future__ import annotations

import functools
import importlib.util
import pkgutil
import zlib

import scoring

__all__ = ["scoring_fingerprint"]


@functools.cache
def scoring_fingerprint() -> str:
    """A short hash of the :mod:`scoring` code now running (16 hex digits:
    the CRC-32 and the Adler-32 of every module's name and text, each read
    through its loader — source or bytecode), so any change to the rules, or
    to anything else in :mod:`scoring`, gives another fingerprint. (Not
    :mod:`hashlib`: loading it costs a quick command a noticeable share of its
    time, and telling code apart needs no cryptography.)
    """
    crc, adler = 0, 1
    modules = sorted(f"scoring.{m.name}" for m in pkgutil.iter_modules(scoring.__path__))
    for name in ["scoring", *modules]:
        spec = importlib.util.find_spec(name)
        try:
            text = spec.loader.get_data(spec.origin)  # type: ignore[union-attr]
        except (AttributeError, OSError, TypeError):
            text = b"?"
        for part in (name.encode(), text):
            crc, adler = zlib.crc32(part, crc), zlib.adler32(part, adler)
    return f"{crc:08x}{adler:08x}"
