"""Standings: hand scores folded into running totals, places, the end of the
session and its winners (RULES.md §4 and each game's "Game"/"Target" rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .codes import ErrorCode
from .errors import HandError
from .hands import HandScore
from .rules import GameRules

__all__ = ["Standings", "place_totals", "standings"]


@dataclass(frozen=True)
class Standings:
    """Where a session stands after its hands (all figures in points).

    Attributes:
        players: seat order.
        hand_points: per hand, points per player.
        running: per hand, each player's running total after that hand.
        totals: current total per player.
        places: 1-based place per player in the game's direction, ties shared
            (1, 1, 3).
        leaders: the players in first place.
        finished: whether the session has ended.
        finished_after: the hand number that ended it, or ``None``.
        winners: the players who won (empty until finished; several on a tie).
        dealer: who deals the next hand.
        gap_to_leader: per player, points behind the leader (0 for leaders).
        target: the target score, or ``None`` for a session of fixed rounds.
        gap_to_target: per player, points still needed to reach the target
            (never below 0), or ``None``.
        rounds: hands the session lasts, or ``None`` for a target session.
        rounds_left: rounds (hands) still to play under the ``rounds`` option, or ``None``.
        lowest_wins: True for penalty scoring.
    """

    players: tuple[str, ...]
    hand_points: tuple[Mapping[str, int], ...]
    running: tuple[Mapping[str, int], ...]
    totals: Mapping[str, int]
    places: Mapping[str, int]
    leaders: tuple[str, ...]
    finished: bool
    finished_after: int | None
    winners: tuple[str, ...]
    dealer: str
    gap_to_leader: Mapping[str, int]
    target: int | None
    gap_to_target: Mapping[str, int] | None
    rounds: int | None
    rounds_left: int | None
    lowest_wins: bool


def place_totals(totals: Mapping[str, int], *, lowest_wins: bool) -> dict[str, int]:
    """Places from totals, best first; equal totals share a place and the next
    place is skipped (RULES.md §4).

    >>> place_totals({"a": 50, "b": 70, "c": 50, "d": 10}, lowest_wins=False)
    {'a': 2, 'b': 1, 'c': 2, 'd': 4}
    >>> place_totals({"a": 5, "b": 5, "c": 9}, lowest_wins=True)
    {'a': 1, 'b': 1, 'c': 3}
    """
    sign = 1 if lowest_wins else -1
    ordered = sorted(sign * total for total in totals.values())
    first: dict[int, int] = {}
    for place, key in enumerate(ordered, 1):
        first.setdefault(key, place)
    return {player: first[sign * total] for player, total in totals.items()}


def standings(
    game: GameRules, options: Any, players: Sequence[str], scores: Sequence[HandScore]
) -> Standings:
    """Fold hand scores into :class:`Standings`.

    The session ends after the hand in which a total reaches the target (≥) or
    after the last of ``rounds`` hands, whichever comes first when the game has
    both (a game definition's ``"end": "either"``). Raises :class:`HandError`
    (``session_over``, with ``hand`` set) for a hand after the end.

    >>> from scoring.games import get_game
    >>> from scoring.hands import HandScore
    >>> game = get_game("rummy")
    >>> hand = HandScore({"a": 0, "b": 18}, {}, {})
    >>> s = standings(game, game.default_options(), ["a", "b"], [hand])
    >>> s.totals, s.places, s.rounds_left, s.finished
    ({'a': 0, 'b': 18}, {'a': 1, 'b': 2}, 4, False)
    """
    players = tuple(players)
    lowest = game.lowest_wins(options)
    target = game.target(options)
    rounds = game.rounds(options)
    totals = dict.fromkeys(players, 0)
    running = []
    finished_after = None
    for number, score in enumerate(scores, 1):
        if finished_after is not None:
            raise HandError(
                ErrorCode.SESSION_OVER, hand=number, params={"finished_after": finished_after}
            )
        points = score.points
        # ``totals`` keeps seat order: each new dict is built from the last one
        totals = {player: total + points[player] for player, total in totals.items()}
        running.append(totals)
        # the session ends after its last round, or once a total reaches the target (≥),
        # whichever comes first when a game has both
        if (rounds is not None and number >= rounds) or (
            target is not None and max(totals.values()) >= target
        ):
            finished_after = number
    places = place_totals(totals, lowest_wins=lowest)
    leaders = tuple(p for p in players if places[p] == 1)
    best = totals[leaders[0]]
    return Standings(
        players=players,
        hand_points=tuple(score.points for score in scores),
        running=tuple(running),
        totals=totals,
        places=places,
        leaders=leaders,
        finished=finished_after is not None,
        finished_after=finished_after,
        winners=leaders if finished_after is not None else (),
        dealer=game.next_dealer(players, scores),
        gap_to_leader={p: abs(best - totals[p]) for p in players},
        target=target,
        gap_to_target=None if target is None else {p: max(0, target - totals[p]) for p in players},
        rounds=rounds,
        rounds_left=None if rounds is None else max(0, rounds - len(scores)),
        lowest_wins=lowest,
    )
