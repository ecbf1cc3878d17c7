"""A deep copy as plain data (:func:`plain_copy`): what a screen model copies
out of its observable state.

A screen model's fields are Flet observables: a dict or list kept in one is
wrapped in an ``ObservableDict``/``ObservableList`` that tells its owner of
every change. :func:`copy.deepcopy` of such a wrapper rebuilds it item by
item through its own ``__setitem__``, still bound to the owner, so the copy
*tells the owner it changed*: a copy made while drawing the screen asks for
the screen to be drawn again, which copies again — the game editor of a copy
of Five Crowns, Kasino or Plump redrew itself for ever and the server
stopped answering every phone. :func:`plain_copy` never goes through the
wrappers.
"""

from __future__ import annotations

from typing import Any

__all__ = ["plain_copy"]


def plain_copy(value: Any) -> Any:
    """``value`` copied all the way down as plain ``dict``, ``list`` and
    leaves: a dict (observable or not) becomes a new ``dict``, a list or a
    tuple of rows a new ``list`` or ``tuple``; strings, numbers, booleans and
    ``None`` are kept (they cannot change). Nothing is told to anyone."""
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_copy(item) for item in value]
    if isinstance(value, tuple):
        return tuple(plain_copy(item) for item in value)
    return value
