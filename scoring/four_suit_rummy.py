"""Four Suit Rummy (RULES.md §2), id ``four_suit_rummy``: two players, runs of
three cards of one suit, aces wild within their own suit.

Each player scores 20 a run laid down and 50 for each pair of their runs that
stand for the same three ranks. Whoever goes out adds the opponent's leftover
value; in a blocked hand each player subtracts their own.

>>> from scoring.cards import parse_cards
>>> run = Run(parse_cards(["6H", "7H", "AH"]))
>>> resolve_run(run)
Traceback (most recent call last):
...
scoring.errors.HandError: runs: the ace in 6H-7H-AH could be 5, 8: say which
>>> resolve_run(Run(run.cards, ace_as=Rank.EIGHT))
(6, 7, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import comb
from types import MappingProxyType

from .cards import Card, Rank
from .codes import BreakdownCode, ErrorCode, WarningCode
from .errors import HandError
from .hands import BreakdownItem, Hand, HandScore, Run, ScoreWarning
from .options import GameOptions
from .rules import GameRules, Preset, minimum

__all__ = ["GAME", "Options", "ace_choices", "resolve_run", "score_hand"]

RUN_POINTS = 20
MATCH_POINTS = 50
HAND_SIZE = 12

_VALUES: Mapping[Rank, int] = MappingProxyType(
    {
        Rank.ACE: 15,
        **{Rank.from_order(n): n for n in range(2, 11)},
        Rank.JACK: 10,
        Rank.QUEEN: 10,
        Rank.KING: 10,
    }
)


@dataclass(frozen=True, slots=True)
class Options:
    """Four Suit Rummy options: ``target`` (default 1000 points)."""

    target: int = minimum(1000)


def _fail(code: ErrorCode, run: Run, **params: object) -> HandError:
    """A run error; ``params["cards"]`` lists the run's cards (canonical text)."""
    return HandError(code, field="runs", params={"cards": [str(c) for c in run.cards], **params})


def ace_choices(cards: Sequence[Card]) -> tuple[Rank, ...]:
    """The ranks the suit's ace may stand for in a run of ``cards`` (RULES.md §2).

    Empty when the cards cannot form a run even with the ace, or hold no ace.
    Only the set of cards counts, not the order they are entered in.

    >>> from scoring.cards import parse_cards
    >>> [r.value for r in ace_choices(parse_cards(["7C", "AC", "9C"]))]
    ['8']
    >>> [r.value for r in ace_choices(parse_cards(["AS", "2S", "3S"]))]
    ['A', '4']
    >>> [r.value for r in ace_choices(parse_cards(["QD", "KD", "AD"]))]
    ['J']
    """
    aces = sum(card.rank is Rank.ACE for card in cards)
    if aces != 1:
        return ()
    fixed = {card.rank.order for card in cards if card.rank is not Rank.ACE}
    found = []
    for low in range(1, 12):
        ranks = set(range(low, low + 3))
        if fixed <= ranks and len(fixed) == 2:
            (ace,) = ranks - fixed
            found.append(Rank.from_order(ace))
    return tuple(found)


def resolve_run(run: Run) -> tuple[int, int, int]:
    """The three consecutive ranks (1 = A … 13 = K) a laid-down run stands for.

    Raises :class:`HandError`: ``run_size`` (not three cards), ``run_needs_suits``,
    ``run_mixed_suits``, ``not_a_run`` (not consecutive even with the ace, no
    wrap past K), ``ace_ambiguous`` (the ace could be two ranks and ``ace_as`` is
    missing), ``ace_as_invalid`` or ``ace_as_without_ace``.

    >>> from scoring.cards import parse_cards
    >>> resolve_run(Run(parse_cards(["9D", "AD", "JD"])))
    (9, 10, 11)
    """
    cards = run.cards
    if len(cards) != 3:
        raise _fail(ErrorCode.RUN_SIZE, run, count=len(cards))
    suits = {card.suit for card in cards}
    if None in suits or any(card.rank is Rank.JOKER for card in cards):
        raise _fail(ErrorCode.RUN_NEEDS_SUITS, run)
    if len(suits) != 1:
        raise _fail(ErrorCode.RUN_MIXED_SUITS, run)
    has_ace = any(card.rank is Rank.ACE for card in cards)
    if not has_ace:
        if run.ace_as is not None:
            raise _fail(ErrorCode.ACE_AS_WITHOUT_ACE, run, ace_as=run.ace_as.value)
        ranks = sorted(card.rank.order for card in cards)
        if ranks[1] != ranks[0] + 1 or ranks[2] != ranks[1] + 1:
            raise _fail(ErrorCode.NOT_A_RUN, run)
        return ranks[0], ranks[1], ranks[2]
    choices = ace_choices(cards)
    if not choices:
        raise _fail(ErrorCode.NOT_A_RUN, run)
    if run.ace_as is not None:
        if run.ace_as not in choices:
            raise _fail(ErrorCode.ACE_AS_INVALID, run, ace_as=run.ace_as.value)
        ace = run.ace_as
    elif len(choices) > 1:
        raise _fail(ErrorCode.ACE_AMBIGUOUS, run, choices=[r.value for r in choices])
    else:
        (ace,) = choices
    ranks = sorted([ace.order, *(c.rank.order for c in cards if c.rank is not Rank.ACE)])
    return ranks[0], ranks[1], ranks[2]


class FourSuitRummy(GameRules):
    """Rules of Four Suit Rummy (RULES.md §2): exactly 2 players, one deck."""

    id = "four_suit_rummy"
    min_players = 2
    max_players = 2
    options_type = Options

    def presets(self, options: GameOptions, players: int) -> tuple[Preset, ...]:
        """A target of 500, 1000 (RULES.md §2, suggested) or 1500."""
        return tuple(Preset(str(n), "target", n, suggested=n == 1000) for n in (500, 1000, 1500))

    uses_runs = True

    def card_values(self, options: GameOptions) -> Mapping[Rank, int]:
        """A 15; K Q J 10 = 10; 2–10 face value."""
        return _VALUES

    def score_hand(
        self, options: GameOptions, players: Sequence[str], hand: Hand, number: int | None = None
    ) -> HandScore:
        """Score both players (hand ``number`` changes nothing: no schedule):
        20 a run, 50 a matching pair of runs, plus the opponent's leftover
        for whoever went out, or minus one's own leftover when blocked
        (RULES.md §2, Examples 1 and 2).

        Raises :class:`HandError` for a run that is not a run (see
        :func:`resolve_run`) and the shared errors of RULES.md §4.
        """
        leftover, cards = self.check_hand(options, players, hand)
        points: dict[str, int] = {}
        breakdown: dict[str, tuple[BreakdownItem, ...]] = {}
        for player in players:
            runs = hand.runs.get(player, ())
            try:
                stands_for = Counter(resolve_run(run) for run in runs)
            except HandError as error:
                error.player = player
                raise
            pairs = sum(comb(n, 2) for n in stands_for.values())
            items = []
            if runs:
                items.append(
                    BreakdownItem(BreakdownCode.RUNS, RUN_POINTS * len(runs), len(runs), RUN_POINTS)
                )
            if pairs:
                items.append(
                    BreakdownItem(
                        BreakdownCode.MATCHING_PAIRS, MATCH_POINTS * pairs, pairs, MATCH_POINTS
                    )
                )
            if hand.went_out == player:
                (other,) = (p for p in players if p != player)
                items.append(
                    BreakdownItem(
                        BreakdownCode.COLLECTED,
                        leftover[other],
                        value=leftover[other],
                        player=other,
                    )
                )
            elif hand.went_out is None and leftover[player]:
                items.append(
                    BreakdownItem(
                        BreakdownCode.OWN_LEFTOVER, -leftover[player], value=leftover[player]
                    )
                )
            breakdown[player] = tuple(items)
            points[player] = sum(item.points for item in items)
        warnings = self._warnings(players, hand, cards)
        return HandScore(points, breakdown, leftover, warnings, hand.went_out)

    def _warnings(
        self, players: Sequence[str], hand: Hand, left: list[Card]
    ) -> tuple[ScoreWarning, ...]:
        cards = [card for runs in hand.runs.values() for run in runs for card in run.cards]
        warnings = self.typed_points(players, hand)
        warnings += self.conservation(players, cards + left, jokers=False)
        for player in players:
            held = hand.left.get(player, ())
            if isinstance(held, int):
                continue
            count = 3 * len(hand.runs.get(player, ())) + len(held)
            if count != HAND_SIZE:
                warnings.append(
                    ScoreWarning(
                        WarningCode.HAND_SIZE, player=player, count=count, expected=HAND_SIZE
                    )
                )
        return tuple(warnings)


GAME = FourSuitRummy()
score_hand = GAME.score_hand
