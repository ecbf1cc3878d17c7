"""A progress game's hands and standings (GAME_FORMAT.md ``progress``;
RULES.md §8 Phase 10): who completed their stage in a hand, each player's
stages completed, the session's end after the hand in which a player
completes the last stage, the winner among those who did, and places by
stages then total. Used by :class:`scoring.data_game.DataGame` (a hand's
``completed``) and :func:`scoring.standings.standings_from_columns`.

>>> from scoring.registry import game_for
>>> game = game_for("phase_10")
>>> options = game.default_options()
>>> seats = ["Ada", "Bo", "Cy"]
>>> hand = Hand("Ada", {"Bo": 40, "Cy": 90}, completed=("Ada", "Bo"))
>>> score = game.score_hand(options, seats, hand, 1)
>>> score.points, score.completed
({'Ada': 0, 'Bo': 40, 'Cy': 90}, ('Ada', 'Bo'))
>>> stage_counts(seats, [score.completed])
{'Ada': 1, 'Bo': 1, 'Cy': 0}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .codes import ErrorCode
from .errors import HandError
from .hands import Hand

__all__ = ["check_completed", "last_stage_hand", "stage_counts", "stage_places"]


def check_completed(players: Sequence[str], hand: Hand) -> tuple[str, ...]:
    """The players who completed their stage in ``hand``, in seat order
    (``()`` when ``completed`` is not given).

    Raises :class:`HandError`: a name in ``completed`` that is not a player,
    or given twice (``unknown_player``, field ``completed``); the player who
    went out not among them (``went_out_without_stage``: RULES.md §8, going
    out lays the phase down)."""
    named = hand.completed or ()
    order = [p for p in players if p in named]
    if len(order) != len(named):  # a name that is no player, or one given twice
        met: set[str] = set()
        for name in named:
            if name not in players or name in met:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(name)[:40], field="completed")
            met.add(name)
    went_out = hand.went_out
    if went_out is not None and went_out not in named:
        raise HandError(ErrorCode.WENT_OUT_WITHOUT_STAGE, player=went_out, field="completed")
    return tuple(order)


def stage_counts(players: Sequence[str], completed: Sequence[Collection[str]]) -> dict[str, int]:
    """Per player, the stages completed in these hands (one per hand the
    player is in that hand's ``completed``): stage ``count + 1`` is the one
    the player plays next."""
    counts = dict.fromkeys(players, 0)
    for names in completed:
        for name in names:
            if name in counts:
                counts[name] += 1
    return counts


def last_stage_hand(
    players: Sequence[str], completed: Sequence[Collection[str]], stages: int
) -> int | None:
    """The number (1-based) of the hand in which a player completed the last
    of ``stages`` stages (RULES.md §8: the session ends after it), or
    ``None`` while nobody has."""
    counts = dict.fromkeys(players, 0)
    for number, names in enumerate(completed, 1):
        for name in names:
            if name in counts:
                counts[name] += 1
                if counts[name] >= stages:
                    return number
    return None


def stage_places(
    totals: Mapping[str, int], counts: Mapping[str, int], *, lowest_wins: bool
) -> dict[str, int]:
    """Places by stages completed (more first), then by total in the game's
    direction; equal on both share a place and the next is skipped
    (RULES.md §8, §4).

    >>> stage_places({"Ada": 160, "Bo": 170, "Cy": 155}, {"Ada": 10, "Bo": 10, "Cy": 7},
    ...              lowest_wins=True)
    {'Ada': 1, 'Bo': 2, 'Cy': 3}
    """
    sign = 1 if lowest_wins else -1
    keys = {player: (-counts[player], sign * total) for player, total in totals.items()}
    first: dict[tuple[int, int], int] = {}
    for place, key in enumerate(sorted(keys.values()), 1):
        first.setdefault(key, place)
    return {player: first[key] for player, key in keys.items()}
