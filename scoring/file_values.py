"""A wrong value from a session file as a ``file_type`` error carries it
(``params["value"]``): a number, true/false or null as it is, text cut to 40
characters, a list or an object as an empty one of its kind, so that the
message says "not a list" / "not an object" in the user's language rather
than a type's name ("list", "dict") or "…".

>>> shown_value(["ZZ"]), shown_value({"Kari": 2}), shown_value("x" * 50)[-3:], shown_value(2.5)
([], {}, 'xxx', 2.5)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["shown_value"]


def shown_value(value: Any) -> Any:
    """``value`` as a ``file_type`` error's ``params["value"]``: a number,
    bool or None unchanged; text cut to 40 characters; a list (or tuple) as
    ``[]``, a mapping as ``{}``; anything else (a value made in code) as its
    type's name."""
    if value is None or isinstance(value, int | float | bool):
        return value
    if isinstance(value, str):
        return value[:40]
    if isinstance(value, list | tuple):
        return []
    if isinstance(value, Mapping):
        return {}
    return type(value).__name__
