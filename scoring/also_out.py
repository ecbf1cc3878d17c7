"""Players who went out on their last turn (GAME_FORMAT.md ``also_out``,
SESSION_FORMAT.md ``also_out``; RULES.md §6 Five Crowns: after a player
goes out every other player has one more turn, and whoever goes out on it
scores 0 too).

A hand's ``also_out`` names them; each holds nothing, scores nothing and is
no "nothing entered" warning (:meth:`scoring.rules.GameRules.empty_hands`).
Read, checked and written with the rest of a hand by
:mod:`scoring.session_file`; checked against the game when a hand is scored
(:func:`check_also_out`).

>>> from scoring.hands import Hand
>>> check_also_out(True, ["Ada", "Bo", "Cy"], Hand("Ada", {"Bo": 9}, also_out=("Cy",)))
('Cy',)
>>> also_out_to_file(Hand("Ada", also_out=("Cy",)))
{'also_out': ['Cy']}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .codes import ErrorCode
from .errors import HandError
from .hands import Hand
from .progress_file import names_from_file

__all__ = ["ALSO_OUT_FIELDS", "also_out_from_file", "also_out_to_file", "check_also_out"]

#: A hand's field naming who also went out (version 3 of the session file).
ALSO_OUT_FIELDS = ("also_out",)


def also_out_from_file(
    data: Mapping[str, Any] | Hand,
    path: str,
    seat: Callable[[Any, str], str],
    players: Sequence[str],
    number: int,
) -> dict[str, Any]:
    """A file's hand (a mapping) or a :class:`Hand`'s ``also_out``, as
    :class:`Hand` keyword arguments: the names seated and in seat order;
    nothing when not given or empty.

    Raises :class:`SessionFileError` (``file_type``: not a list of names) or
    :class:`HandError` (``unknown_player``, ``player_repeated``)."""
    value = data.also_out if isinstance(data, Hand) else data.get("also_out")
    if value is None:
        return {}
    named = names_from_file(value, "also_out", path, seat, players, number)
    return {"also_out": named} if named else {}


def also_out_to_file(hand: Hand) -> dict[str, Any]:
    """A hand's ``also_out`` in canonical form (only when someone did)."""
    return {"also_out": list(hand.also_out)} if hand.also_out else {}


def check_also_out(allowed: bool, players: Sequence[str], hand: Hand) -> tuple[str, ...]:
    """The players of ``hand`` who went out on their last turn (RULES.md §6),
    in seat order; ``allowed``: the game's definition says ``also_out``.

    Raises :class:`HandError`: ``also_out_not_allowed`` (``reason``
    ``game``: the game has no such turn; ``blocked``: nobody went out first;
    ``went_out``: the player who went out named again), ``unknown_player``
    (field ``also_out``), ``went_out_holds_cards`` (one of them entered with
    cards or points above 0)."""
    named = hand.also_out
    if not named:
        return ()
    if not allowed:
        raise HandError(
            ErrorCode.ALSO_OUT_NOT_ALLOWED,
            player=str(named[0])[:40],
            field="also_out",
            params={"reason": "game"},
        )
    seats = set(players)
    for name in named:
        if name not in seats:
            raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(name)[:40], field="also_out")
        reason = "blocked" if hand.went_out is None else "went_out" if name == hand.went_out else ""
        if reason:
            raise HandError(
                ErrorCode.ALSO_OUT_NOT_ALLOWED,
                player=name,
                field="also_out",
                params={"reason": reason},
            )
        if hand.left.get(name):
            raise HandError(ErrorCode.WENT_OUT_HOLDS_CARDS, player=name, field="left")
    return tuple(p for p in players if p in set(named))
