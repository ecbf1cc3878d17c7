"""A bids game's hand in a session file (SESSION_FORMAT.md ``bids``,
``made``, ``tricks``; RULES.md §7 Plump): read, checked and written with
the rest of a hand by :mod:`scoring.session_file`. Shapes only: whether a
bid fits the deal is scoring's (:mod:`scoring.bids`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .codes import ErrorCode, Expected
from .errors import HandError, SessionFileError
from .file_values import shown_value
from .hands import Hand

__all__ = ["BID_FIELDS", "bids_from_file", "bids_of_hand", "bids_to_file"]

#: A hand's fields of a bids game (version 3 of the file).
BID_FIELDS = ("bids", "made", "tricks")

#: A seat's name as the file gives it → the seated name (raises for an
#: unknown player): :func:`scoring.session_file._seat` with its seats bound.
Seat = Callable[[Any, str], str]


def _numbers(value: Any, path: str, seat: Seat, number: int) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise SessionFileError(
            ErrorCode.FILE_TYPE,
            field=path,
            params={"expected": Expected.OBJECT, "value": shown_value(value)},
        )
    found: dict[str, int] = {}
    for name, count in value.items():
        player = seat(name, path.rsplit(".", 1)[-1])
        if player in found:
            raise HandError(ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=path)
        if type(count) is not int:
            raise SessionFileError(
                ErrorCode.FILE_TYPE,
                field=f"{path}.{player}",
                params={
                    "expected": Expected.WHOLE_NUMBER,
                    "value": count if isinstance(count, bool | float) else str(count)[:20],
                },
            )
        found[player] = count
    return found


def _names(value: Any, path: str, seat: Seat, number: int) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise SessionFileError(
            ErrorCode.FILE_TYPE,
            field=path,
            params={"expected": Expected.NAMES, "value": shown_value(value)},
        )
    found: list[str] = []
    for name in value:
        player = seat(name, "made")
        if player in found:
            raise HandError(ErrorCode.PLAYER_REPEATED, hand=number, player=player, field=path)
        found.append(player)
    return tuple(found)


def bids_from_file(
    data: Mapping[str, Any], path: str, seat: Seat, players: Sequence[str], number: int
) -> dict[str, Any]:
    """A file's (or a checked :class:`Hand`'s, given as a mapping) ``bids``,
    ``made`` and ``tricks``, as :class:`Hand` keyword arguments with the
    names seated and in seat order (``made`` too).

    Raises :class:`SessionFileError` (``file_type``: not an object of whole
    numbers, not a list of names; ``file_unknown_field``: ``made`` and
    ``tricks`` both given, one says the other) or :class:`HandError`
    (``unknown_player``, ``player_repeated``)."""
    found: dict[str, Any] = {}
    if data.get("made") is not None and data.get("tricks"):
        raise SessionFileError(
            ErrorCode.FILE_UNKNOWN_FIELD, field=f"{path}.made", params={"instead": "tricks"}
        )
    if data.get("bids"):
        bids = _numbers(data["bids"], f"{path}.bids", seat, number)
        found["bids"] = {p: bids[p] for p in players if p in bids}
    if data.get("tricks"):
        tricks = _numbers(data["tricks"], f"{path}.tricks", seat, number)
        found["tricks"] = {p: tricks[p] for p in players if p in tricks}
    if data.get("made") is not None:
        made = set(_names(data["made"], f"{path}.made", seat, number))
        found["made"] = tuple(p for p in players if p in made)
    return found


def bids_of_hand(hand: Hand) -> dict[str, Any]:
    """A hand's bids fields as a mapping :func:`bids_from_file` reads."""
    return {"bids": hand.bids, "made": hand.made, "tricks": hand.tricks}


def bids_to_file(hand: Hand) -> dict[str, Any]:
    """A hand's ``bids``, ``made`` and ``tricks`` in canonical form (each
    only when given; ``made`` may be empty: nobody made the bid)."""
    out: dict[str, Any] = {}
    if hand.bids:
        out["bids"] = dict(hand.bids)
    if hand.made is not None:
        out["made"] = list(hand.made)
    if hand.tricks:
        out["tricks"] = dict(hand.tricks)
    return out
