"""Which scoring code computed the derived data: the fingerprint stored with
every session (``game_session.scored_with``) and score sheet piece.

Derived data computed by other code (an app update that changed the rules) is
never believed: those sessions are rescored from what was entered.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import pkgutil

import scoring

__all__ = ["scoring_fingerprint"]


@functools.cache
def scoring_fingerprint() -> str:
    """A short hash of the :mod:`scoring` code now running (16 hex digits).

    Reads each module's file through its loader (source or bytecode), so any
    change to the rules — or to anything else in :mod:`scoring` — gives
    another fingerprint.
    """
    digest = hashlib.sha256()
    modules = sorted(f"scoring.{m.name}" for m in pkgutil.iter_modules(scoring.__path__))
    names = ["scoring", *modules]
    for name in names:
        spec = importlib.util.find_spec(name)
        digest.update(name.encode())
        try:
            digest.update(spec.loader.get_data(spec.origin))  # type: ignore[union-attr]
        except (AttributeError, OSError, TypeError):
            digest.update(b"?")
    return digest.hexdigest()[:16]
