"""A progress game's hand in a session file (SESSION_FORMAT.md
``completed``; RULES.md §8 Phase 10): read, checked and written with the
rest of a hand by :mod:`scoring.session_file`. Shapes only: whether the
player who went out is among them is scoring's (:mod:`scoring.progress`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .codes import ErrorCode, Expected
from .errors import HandError, SessionFileError
from .file_values import shown_value
from .hands import Hand

__all__ = ["PROGRESS_FIELDS", "completed_from_file", "completed_to_file", "names_from_file"]

#: A hand's fields of a progress game (version 3 of the file).
PROGRESS_FIELDS = ("completed",)


def completed_from_file(
    data: Mapping[str, Any] | Hand,
    path: str,
    seat: Callable[[Any, str], str],
    players: Sequence[str],
    number: int,
) -> dict[str, Any]:
    """A file's hand (a mapping) or a :class:`Hand`'s ``completed``, as
    :class:`Hand` keyword arguments: the names seated and in seat order;
    nothing when not given.

    Raises :class:`SessionFileError` (``file_type``: not a list of names) or
    :class:`HandError` (``unknown_player``, ``player_repeated``)."""
    value = data.completed if isinstance(data, Hand) else data.get("completed")
    if value is None:
        return {}
    return {"completed": names_from_file(value, "completed", path, seat, players, number)}


def names_from_file(
    value: Any,
    field: str,
    path: str,
    seat: Callable[[Any, str], str],
    players: Sequence[str],
    number: int,
) -> tuple[str, ...]:
    """A hand's list of names (``completed``, ``also_out``) as given at
    ``path``.``field``: each seated by ``seat``, in seat order.

    Raises :class:`SessionFileError` (``file_type``: not a list of names) or
    :class:`HandError` (``unknown_player``, ``player_repeated``)."""
    if not isinstance(value, list | tuple):
        raise SessionFileError(
            ErrorCode.FILE_TYPE,
            field=f"{path}.{field}",
            params={"expected": Expected.NAMES, "value": shown_value(value)},
        )
    found: set[str] = set()
    for name in value:
        player = seat(name, field)
        if player in found:
            raise HandError(
                ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=f"{path}.{field}"
            )
        found.add(player)
    return tuple(p for p in players if p in found)


def completed_to_file(hand: Hand) -> dict[str, Any]:
    """A hand's ``completed`` in canonical form (only when given; may be
    empty: nobody completed a stage)."""
    return {} if hand.completed is None else {"completed": list(hand.completed)}
