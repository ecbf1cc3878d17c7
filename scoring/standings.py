"""Standings: hand scores folded into running totals, places, the end of the
session and its winners (RULES.md §4 and each game's "Game"/"Target" rules)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress
from itertools import count as count_from
from typing import TYPE_CHECKING, Any, Protocol, overload

from .codes import ErrorCode
from .errors import HandError

if TYPE_CHECKING:
    from .hands import HandScore
    from .options import GameOptions


class GameRules(Protocol):
    """What the standings ask of a game (:class:`scoring.rules.GameRules` has
    it): how a session ends and who deals next. A protocol, so that the rules
    module, which folds its hands with :func:`standings`, is not imported here."""

    def lowest_wins(self, options: GameOptions) -> bool:
        """True when the lowest total wins."""
        ...

    def target(self, options: GameOptions) -> int | None:
        """The target score that ends the session, or ``None``."""
        ...

    def rounds(self, options: GameOptions, players: int | None = None) -> int | None:
        """The number of hands the session lasts with ``players`` players, or ``None``."""
        ...

    def next_dealer(self, players: Sequence[str], went_out: Sequence[str | None]) -> str:
        """Who deals the next hand."""
        ...


__all__ = ["PerHand", "Standings", "place_totals", "standings", "standings_from_columns"]


class PerHand(Sequence[Mapping[str, int]]):
    """Per hand, a mapping player → points (in seat order), each made when
    first read: a long session has thousands of hands and showing it reads a
    dozen. An immutable sequence that reads and compares as a tuple of dicts
    would (``len``, indexes, slices → tuples, iteration, ``==``).

    Args:
        players: the seats' names.
        count: the number of hands.
        row: ``row(index)`` gives the values of hand ``index + 1``, in seat order.
    """

    __slots__ = ("_count", "_made", "_players", "_row")

    def __init__(
        self, players: tuple[str, ...], count: int, row: Callable[[int], Sequence[int]]
    ) -> None:
        self._players = players
        self._count = count
        self._row = row
        self._made: list[dict[str, int] | None] = [None] * count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Mapping[str, int]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Mapping[str, int], ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self._at(i) for i in range(*index.indices(self._count)))
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("hand index out of range")
        return self._at(index)

    def _at(self, index: int) -> dict[str, int]:
        made = self._made[index]
        if made is None:
            made = self._made[index] = dict(zip(self._players, self._row(index), strict=True))
        return made

    def __iter__(self) -> Iterator[Mapping[str, int]]:
        return (self._at(i) for i in range(self._count))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PerHand | tuple | list):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable-looking: dicts inside

    def __repr__(self) -> str:
        return f"PerHand({list(self)!r})"


@dataclass(frozen=True)
class Standings:
    """Where a session stands after its hands (all figures in points).

    Attributes:
        players: seat order.
        hand_points: per hand, points per player (a :class:`PerHand`).
        running: per hand, each player's running total after that hand
            (a :class:`PerHand`).
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
    hand_points: Sequence[Mapping[str, int]]
    running: Sequence[Mapping[str, int]]
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
    game: GameRules, options: GameOptions, players: Sequence[str], scores: Sequence[HandScore]
) -> Standings:
    """Fold hand scores into :class:`Standings` (see :func:`standings_from_columns`).

    The session ends after the hand in which a total reaches the target (≥) or
    after the last of ``rounds`` hands, whichever comes first when the game has
    both (a game definition's ``"end": "either"``). Raises :class:`HandError`
    (``session_over``, with ``hand`` set) for a hand after the end.

    >>> from scoring.registry import game_for
    >>> from scoring.hands import HandScore
    >>> game = game_for("rummy")
    >>> hand = HandScore({"a": 0, "b": 18}, {}, {})
    >>> s = standings(game, game.default_options(), ["a", "b"], [hand])
    >>> s.totals, s.places, s.rounds_left, s.finished
    ({'a': 0, 'b': 18}, {'a': 1, 'b': 2}, 4, False)
    """
    players = tuple(players)
    return standings_from_columns(
        game,
        options,
        players,
        [[score.points[p] for score in scores] for p in players],
        [score.went_out for score in scores],
    )


def standings_from_columns(
    game: GameRules,
    options: GameOptions,
    players: Sequence[str],
    columns: Sequence[Sequence[int]],
    went_out: Sequence[str | None],
) -> Standings:
    """Fold the hands' points into :class:`Standings` (RULES.md §4).

    Args:
        columns: per seat (in seat order), the points of each hand, oldest
            first (whole points); all as long as ``went_out``.
        went_out: per hand, who went out (``None`` for a blocked hand), for the
            games' dealer rules.

    The fold runs a column at a time in C loops (``itertools.accumulate``,
    ``map``) and the per-hand mappings are made when read (:class:`PerHand`),
    so that a session of thousands of hands folds in well under a millisecond:
    opening or writing a long session repeats it. Raises :class:`HandError`
    (``session_over``, ``hand`` set to the first hand after the end) when a
    hand follows the end of the session.

    >>> from scoring.registry import game_for
    >>> game = game_for("swedish_rummy")
    >>> s = standings_from_columns(game, game.options_from_dict({"target": 50}),
    ...                            ["a", "b"], [[30, 0, 25], [0, 12, 0]], ["a", "b", "a"])
    >>> s.running[-1], s.hand_points[1], s.finished_after, s.winners
    ({'a': 55, 'b': 12}, {'a': 0, 'b': 12}, 3, ('a',))
    """
    players = tuple(players)
    count = len(went_out)
    if len(columns) != len(players) or any(len(column) != count for column in columns):
        raise ValueError("one column of points per seat, one point per hand")
    lowest = game.lowest_wins(options)
    target = game.target(options)
    rounds = game.rounds(options, len(players))
    running_columns = [list(accumulate(column)) for column in columns] if count else []
    # the session ends after its last round, or after the first hand in which a
    # total reaches the target (≥), whichever comes first when a game has both
    ends: list[int] = []
    if rounds is not None and count >= rounds:
        ends.append(rounds)
    if target is not None and count and max(map(max, running_columns)) >= target:
        tops = map(max, *running_columns) if len(players) > 1 else iter(running_columns[0])
        ends.append(next(compress(count_from(1), map(target.__le__, tops))))
    finished_after = min(ends) if ends else None
    if finished_after is not None and finished_after < count:
        raise HandError(
            ErrorCode.SESSION_OVER,
            hand=finished_after + 1,
            params={"finished_after": finished_after},
        )
    if count:
        totals = dict(zip(players, (column[-1] for column in running_columns), strict=True))
    else:
        totals = dict.fromkeys(players, 0)
    places = place_totals(totals, lowest_wins=lowest)
    leaders = tuple(p for p in players if places[p] == 1)
    best = totals[leaders[0]]
    return Standings(
        players=players,
        hand_points=PerHand(players, count, lambda index: [c[index] for c in columns]),
        running=PerHand(players, count, lambda index: [c[index] for c in running_columns]),
        totals=totals,
        places=places,
        leaders=leaders,
        finished=finished_after is not None,
        finished_after=finished_after,
        winners=leaders if finished_after is not None else (),
        dealer=game.next_dealer(players, went_out),
        gap_to_leader={p: abs(best - totals[p]) for p in players},
        target=target,
        gap_to_target=None if target is None else {p: max(0, target - totals[p]) for p in players},
        rounds=rounds,
        rounds_left=None if rounds is None else max(0, rounds - count),
        lowest_wins=lowest,
    )
