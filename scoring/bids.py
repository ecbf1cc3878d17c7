"""A bids game's hand (GAME_FORMAT.md ``hand: bids``; RULES.md §7 Plump):
the schedule of deals as long as the players make it (a row dealt once per
player), the hook, and the points of a made or missed bid. Used by
:class:`scoring.data_game.DataGame`, which dispatches a bids game's hand here.

>>> from scoring.registry import game_for
>>> plump = game_for("plump")
>>> options = plump.default_options()
>>> seats = ["Kari", "Ola", "Per", "Liv"]
>>> hand = Hand(None, bids={"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4},
...             made=("Kari", "Ola", "Per"))
>>> plump.score_hand(options, seats, hand, 1).points
{'Kari': 12, 'Ola': 13, 'Per': 12, 'Liv': 0}
>>> plump.rounds(options, 4), plump.rounds(options, 3)
(22, 21)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .codes import BreakdownCode, ErrorCode, WarningCode
from .definition import (
    Bids,
    GameDefinition,
    HandKind,
    MadeKind,
    MissedKind,
    OptionKind,
    Repeat,
    Round,
)
from .errors import HandError
from .hands import BreakdownItem, Hand, HandScore, ScoreWarning

__all__ = ["BidRules", "bid_rules", "hooked", "made_points", "missed_points", "score_bids"]


@dataclass(frozen=True)
class BidRules:
    """A bids game's rules with one session's options applied.

    ``bids``: how bids score (the options' ``bids`` changes applied);
    ``rows``: the schedule's rows; ``per_player``: whether the row marked
    ``repeat`` is dealt once per player (option effect ``schedule_repeat``).
    The deals for a player count are made once (:meth:`deals`).
    """

    bids: Bids
    rows: tuple[Round, ...]
    per_player: bool
    _deals: dict[int, tuple[Round, ...]] = field(default_factory=dict, compare=False, repr=False)

    def deals(self, players: int | None) -> tuple[Round, ...]:
        """The session's deals, in order, for ``players`` players: the
        schedule's rows with the repeated row dealt ``players`` times (once
        when ``players`` is ``None`` or the option deals it once). Plump with
        4 players: 9 + 4 + 9 = 22 deals (RULES.md §7)."""
        times = players if self.per_player and players else 1
        try:
            return self._deals[times]
        except KeyError:
            pass
        made: list[Round] = []
        for row in self.rows:
            made += [row] * (times if row.repeat is Repeat.PER_PLAYER else 1)
        found = self._deals[times] = tuple(made)
        return found

    def deal(self, number: int | None, players: int | None) -> Round | None:
        """Deal ``number`` (1-based: the hand's number) for ``players``
        players; ``None`` outside the schedule."""
        deals = self.deals(players)
        if number is None or not 1 <= number <= len(deals):
            return None
        return deals[number - 1]


def bid_rules(definition: GameDefinition, options: Any) -> BidRules | None:
    """A bids game's :class:`BidRules` with ``options`` (the options in
    their listed order, a later one's change winning); ``None`` for a game of
    another hand kind."""
    if definition.hand is not HandKind.BIDS or definition.bids is None:
        return None
    assert definition.schedule is not None  # the reader requires it
    bids = definition.bids
    per_player = True
    for option in definition.options:
        value = getattr(options, option.id)
        if option.kind is OptionKind.SWITCH:
            effect = option.set if value else None
        elif option.kind is OptionKind.CHOICE:
            effect = next(c.set for c in option.choices if c.id == value)
        else:
            effect = None
        if effect is None:
            continue
        if effect.bids is not None:
            bids = effect.bids.applied(bids)
        if effect.schedule_repeat is not None:
            per_player = effect.schedule_repeat is Repeat.PER_PLAYER
    return BidRules(bids, definition.schedule.rounds, per_player)


def made_points(bids: Bids, bid: int) -> int:
    """The points of a made ``bid`` (RULES.md §7): ``zero`` for 0 when the
    game gives it; ``one_in_front``: 10 ** digits + bid (5 → 15, 10 → 110);
    ``plus``: base + per_bid × bid.

    >>> from scoring.definition import Made
    >>> rules = Bids(Made(MadeKind.ONE_IN_FRONT), None, zero=5)  # type: ignore[arg-type]
    >>> [made_points(rules, bid) for bid in (0, 1, 5, 9, 10)]
    [5, 11, 15, 19, 110]
    """
    if bid == 0 and bids.zero is not None:
        return bids.zero
    made = bids.made
    if made.kind is MadeKind.ONE_IN_FRONT:
        return int(10 ** len(str(bid))) + bid
    return (made.base or 0) + (made.per_bid or 0) * bid


def missed_points(bids: Bids, bid: int, tricks: int | None) -> int:
    """The points of a missed ``bid`` with ``tricks`` taken (``None``: not
    entered, the kind needs none): ``zero`` 0; ``per_trick`` × tricks;
    ``per_off`` × |tricks − bid| (negative)."""
    missed = bids.missed
    if missed.kind is MissedKind.ZERO or tricks is None:
        return 0
    if missed.kind is MissedKind.PER_TRICK:
        return (missed.per_trick or 0) * tricks
    return (missed.per_off or 0) * abs(tricks - bid)


def hooked(bids: Bids, cards: int, others: int) -> int | None:
    """The bid the hook forbids the dealer (RULES.md §7): the one that
    makes the bids add up to ``cards`` when the others bid ``others`` in
    all; ``None`` without the hook or when the others' bids already exceed
    the cards.

    >>> from scoring.registry import game_for
    >>> rules = game_for("plump").definition.bids
    >>> hooked(rules, 10, 3 + 2 + 4), hooked(rules, 8, 3 + 4 + 2), hooked(rules, 1, 0)
    (1, None, 1)
    """
    if not bids.hook:
        return None
    forbidden = cards - others
    return forbidden if 0 <= forbidden <= cards else None


def _whole(value: Any, least: int, most: int) -> bool:
    return type(value) is int and least <= value <= most


def score_bids(
    rules: BidRules, players: Sequence[str], hand: Hand, number: int | None
) -> HandScore:
    """Score hand ``number`` (1-based; the deal of the schedule, whose
    cards bound the bids, and whose dealer, seat ``(number − 1) mod
    players``, the hook binds) of a bids game (RULES.md §7).

    Each player's bid made (tricks taken = bid, or named in ``made``)
    scores :func:`made_points` on a ``bid_made`` line, a missed one
    :func:`missed_points` on a ``bid_missed`` line. Warning
    ``tricks_total``: the tricks taken do not add up to the cards dealt.
    Without ``number`` the largest deal bounds the bids and the hook is not
    checked.

    Raises :class:`HandError`: ``unknown_player`` (in ``bids``, ``made`` or
    ``tricks``), ``bids_missing`` (a player without a bid), ``bid_range``
    (a bid below 0 or above the cards dealt), ``bid_hook`` (the dealer's bid
    the hook forbids), ``tricks_missing`` (neither ``made`` nor every
    player's ``tricks``; ``tricks`` where the game scores a missed bid by
    them), ``tricks_range`` (tricks below 0 or above the cards), and
    ``went_out_not_allowed``, ``runs_not_allowed``, ``bad_points``,
    ``flag_unknown`` for what a bids hand cannot hold.
    """
    if hand.went_out is not None:
        raise HandError(ErrorCode.WENT_OUT_NOT_ALLOWED, player=hand.went_out, field="went_out")
    if hand.runs:
        raise HandError(ErrorCode.RUNS_NOT_ALLOWED, field="runs")
    if hand.left:
        raise HandError(ErrorCode.LEFT_NOT_ALLOWED, field="left")
    for name in hand.flags:
        raise HandError(ErrorCode.FLAG_UNKNOWN, field="flags", params={"flag": str(name)[:40]})
    count = len(players)
    deal = rules.deal(number, count)
    cards = deal.cards if deal is not None else max(row.cards for row in rules.rows)
    bids = _bids(players, hand.bids, cards)
    if deal is not None and number is not None:
        dealer = players[(number - 1) % count]
        forbidden = hooked(rules.bids, cards, sum(bids.values()) - bids[dealer])
        if forbidden is not None and bids[dealer] == forbidden:
            raise HandError(
                ErrorCode.BID_HOOK,
                player=dealer,
                field="bids",
                params={"value": forbidden, "cards": cards},
            )
    tricks, made = _result(rules, players, hand, cards)
    points: dict[str, int] = {}
    breakdown: dict[str, tuple[BreakdownItem, ...]] = {}
    for player in players:
        bid = bids[player]
        taken = tricks.get(player) if tricks else None
        count_ = taken if taken is not None else 0
        if player in made:
            value = made_points(rules.bids, bid)
            item = BreakdownItem(BreakdownCode.BID_MADE, value, count=bid, value=bid)
        else:
            value = missed_points(rules.bids, bid, taken)
            item = BreakdownItem(BreakdownCode.BID_MISSED, value, count=count_, value=bid)
        points[player] = value
        breakdown[player] = (item,)
    warnings: tuple[ScoreWarning, ...] = ()
    if tricks and sum(tricks.values()) != cards:
        warnings = (
            ScoreWarning(WarningCode.TRICKS_TOTAL, count=sum(tricks.values()), expected=cards),
        )
    return HandScore(points, breakdown, dict.fromkeys(players, 0), warnings)


def _bids(players: Sequence[str], given: Mapping[str, int], cards: int) -> dict[str, int]:
    """Every player's bid, checked (0 to ``cards``)."""
    for name in given:
        if name not in players:
            raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(name)[:40], field="bids")
    found: dict[str, int] = {}
    for player in players:
        if player not in given:
            raise HandError(ErrorCode.BIDS_MISSING, player=player, field="bids")
        bid = given[player]
        if not _whole(bid, 0, cards):
            raise HandError(
                ErrorCode.BID_RANGE,
                player=player,
                field="bids",
                params={"value": bid if type(bid) is int else str(bid)[:20], "cards": cards},
            )
        found[player] = bid
    return found


def _result(
    rules: BidRules, players: Sequence[str], hand: Hand, cards: int
) -> tuple[dict[str, int], frozenset[str]]:
    """The tricks taken (when entered) and who made their bid."""
    if hand.tricks:
        for name in hand.tricks:
            if name not in players:
                raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(name)[:40], field="tricks")
        tricks: dict[str, int] = {}
        for player in players:
            if player not in hand.tricks:
                raise HandError(ErrorCode.TRICKS_MISSING, player=player, field="tricks")
            taken = hand.tricks[player]
            if not _whole(taken, 0, cards):
                raise HandError(
                    ErrorCode.TRICKS_RANGE,
                    player=player,
                    field="tricks",
                    params={
                        "value": taken if type(taken) is int else str(taken)[:20],
                        "cards": cards,
                    },
                )
            tricks[player] = taken
        return tricks, frozenset(p for p in players if tricks[p] == hand.bids[p])
    if hand.made is None or rules.bids.missed.needs_tricks:
        raise HandError(ErrorCode.TRICKS_MISSING, field="tricks")
    for name in hand.made:
        if name not in players:
            raise HandError(ErrorCode.UNKNOWN_PLAYER, player=str(name)[:40], field="made")
    return {}, frozenset(hand.made)
