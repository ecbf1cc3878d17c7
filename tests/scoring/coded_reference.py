"""The coded Swedish Rummy (RULES.md §1) and Rummy (§3) as they were before
the games became their definitions (issue 27): the reference the shipped
definitions are proven to score exactly as (test_data_seed_games.py).
Test code only; the app plays the definitions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.cards import Card, Rank
from scoring.codes import BreakdownCode, ErrorCode
from scoring.errors import HandError
from scoring.hands import BreakdownItem, Hand, HandScore
from scoring.rules import BLOCKED_NO_SCORE, GameRules, Preset, blocked_tie, choice, minimum

__all__ = ["RUMMY", "SWEDISH_RUMMY", "RummyOptions", "SwedishOptions"]

# -- Swedish Rummy (RULES.md §1) ----------------------------------------------

ACTION_VALUE = 20

_BASE_VALUES: Mapping[Rank, int] = MappingProxyType(
    {
        Rank.ACE: 1,
        **{Rank.from_order(n): n for n in range(2, 10)},
        Rank.EIGHT: 50,
        Rank.TEN: 10,
        Rank.JACK: 10,
        Rank.QUEEN: 10,
        Rank.KING: 10,
        Rank.JOKER: ACTION_VALUE,
    }
)
#: Which option makes which rank an action card worth 20 (RULES.md §1).
ACTION_CARDS: Mapping[str, Rank] = MappingProxyType(
    {
        "skip_aces": Rank.ACE,
        "draw_two": Rank.TWO,
        "reverse_queens": Rank.QUEEN,
        "reverse_jokers": Rank.JOKER,
    }
)


@dataclass(frozen=True, slots=True)
class SwedishOptions:
    """Swedish Rummy options (SESSION_FORMAT.md table); points are whole points.

    ``target``: the session ends when a total reaches it (≥).
    ``blocked_scoring``: ``"lowest_collects"`` or ``"no_score"``.
    ``skip_aces``, ``draw_two``, ``reverse_queens``, ``reverse_jokers``: action
    cards counting 20. ``one_card``, ``ups_and_downs``: recorded only.
    ``reshuffle_discards``: the stock is renewed, so no hand can block.
    """

    target: int = minimum(100)
    blocked_scoring: str = choice("lowest_collects", "no_score")
    skip_aces: bool = False
    draw_two: bool = False
    reverse_queens: bool = False
    reverse_jokers: bool = False
    one_card: bool = False
    ups_and_downs: bool = False
    reshuffle_discards: bool = False

    @property
    def has_action_cards(self) -> bool:
        """True when any action-card variant changes card values."""
        return any(getattr(self, name) for name in ACTION_CARDS)


class SwedishRummy(GameRules):
    """Rules of Swedish Rummy (RULES.md §1): 2–12 players, two decks from 7."""

    id = "swedish_rummy"
    min_players = 2
    max_players = 12
    options_type = SwedishOptions
    blocked_term = "blocked"

    def presets(self, options: SwedishOptions, players: int) -> tuple[Preset, ...]:
        """100, 50 × players, 100 × players (suggested when an action-card
        variant is on), RULES.md §1.

        >>> [p.value for p in SWEDISH_RUMMY.presets(SwedishOptions(), 3)]
        [100, 150, 300]
        >>> presets = SWEDISH_RUMMY.presets(SwedishOptions(draw_two=True), 0)
        >>> [p.value for p in presets if p.suggested]
        [200]
        """
        count = max(players, self.min_players)
        action = options.has_action_cards
        return (
            Preset("100", "target", 100, suggested=not action),
            Preset("50n", "target", 50 * count, per_player=50),
            Preset("100n", "target", 100 * count, per_player=100, suggested=action),
        )

    def decks(self, players: Sequence[str]) -> int:
        """One deck for 2–6 players, two from 7 (RULES.md §1)."""
        return 2 if len(players) >= 7 else 1

    def can_block(self, options: SwedishOptions) -> bool:
        return not options.reshuffle_discards

    def uses_jokers(self, options: SwedishOptions) -> bool:
        return options.reverse_jokers

    def card_values(self, options: SwedishOptions) -> Mapping[Rank, int]:
        """8 = 50 always; K Q J 10 = 10; A = 1; others face value; an action card 20."""
        values = dict(_BASE_VALUES)
        for name, rank in ACTION_CARDS.items():
            if getattr(options, name) and rank is not Rank.EIGHT:
                values[rank] = ACTION_VALUE
        return values

    def score_hand(
        self,
        options: SwedishOptions,
        players: Sequence[str],
        hand: Hand,
        number: int | None = None,
    ) -> HandScore:
        """Score a hand: the player who went out collects every other player's
        leftover value; a blocked hand follows ``blocked_scoring`` (RULES.md §1).

        Returns a :class:`HandScore` with every player's points. Raises
        :class:`~scoring.errors.HandError` for input the rules cannot score.
        """
        leftover, cards = self.check_hand(options, players, hand)
        points = dict.fromkeys(players, 0)
        breakdown: dict[str, tuple[BreakdownItem, ...]] = dict.fromkeys(players, ())
        if hand.went_out is not None:
            winner = hand.went_out
            items = tuple(
                BreakdownItem(BreakdownCode.COLLECTED, leftover[p], value=leftover[p], player=p)
                for p in players
                if p != winner and leftover[p]
            )
            breakdown[winner] = items
            points[winner] = sum(item.points for item in items)
        elif options.blocked_scoring == "lowest_collects":
            low = min(leftover.values())
            lowest = [p for p in players if leftover[p] == low]
            if len(lowest) == 1:
                (collector,) = lowest
                items = tuple(
                    BreakdownItem(
                        BreakdownCode.BLOCKED_DIFFERENCE,
                        leftover[p] - low,
                        value=leftover[p],
                        player=p,
                    )
                    for p in players
                    if p != collector
                )
                breakdown[collector] = items
                points[collector] = sum(item.points for item in items)
        warnings = self.empty_hands(players, hand) + self.typed_points(players, hand)
        warnings += self.conservation(players, cards, jokers=self.uses_jokers(options))
        notes = self.hand_notes(options, players, hand.went_out, leftover)
        return HandScore(points, breakdown, leftover, tuple(warnings), hand.went_out, notes)

    def hand_notes(
        self,
        options: SwedishOptions,
        players: Sequence[str],
        went_out: str | None,
        leftover: Mapping[str, int],
    ) -> tuple[BreakdownItem, ...]:
        """A blocked hand: ``blocked_no_score`` with ``no_score``, else
        ``blocked_tie`` when the lowest value is shared (RULES.md §1)."""
        if went_out is not None:
            return ()
        if options.blocked_scoring == "no_score":
            return BLOCKED_NO_SCORE
        return blocked_tie(players, leftover)


SWEDISH_RUMMY = SwedishRummy()


# -- Rummy (RULES.md §3) -------------------------------------------------------

#: The hand flag *rummy* (went out in one turn), called for who went out.
_RUMMY = "rummy"


_VALUES: Mapping[Rank, int] = MappingProxyType(
    {
        Rank.ACE: 1,
        **{Rank.from_order(n): n for n in range(2, 11)},
        Rank.JACK: 10,
        Rank.QUEEN: 10,
        Rank.KING: 10,
    }
)


@dataclass(frozen=True, slots=True)
class RummyOptions:
    """Rummy options: ``scoring`` (``"penalty"`` or ``"winner_collects"``),
    ``rounds`` (hands in a penalty session, default 5), ``target`` (points for
    ``winner_collects``, default 100)."""

    scoring: str = choice("penalty", "winner_collects")
    rounds: int = minimum(5)
    target: int = minimum(100)


class Rummy(GameRules):
    """Rules of Rummy (RULES.md §3): 2–6 players, one deck, no jokers."""

    id = "rummy"
    min_players = 2
    max_players = 6
    options_type = RummyOptions

    def presets(self, options: RummyOptions, players: int) -> tuple[Preset, ...]:
        """3, 5 (suggested) or 10 rounds with penalty scoring; a target of 100
        (suggested) or 200 when the winner collects (RULES.md §3).

        >>> [p.value for p in RUMMY.presets(RummyOptions(), 4)]
        [3, 5, 10]
        """
        if options.scoring == "penalty":
            return tuple(Preset(f"r{n}", "rounds", n, suggested=n == 5) for n in (3, 5, 10))
        return tuple(Preset(str(n), "target", n, suggested=n == 100) for n in (100, 200))

    def offers_rummy(self, options: RummyOptions) -> bool:
        """Going *rummy* doubles the amount collected with ``winner_collects``."""
        return options.scoring == "winner_collects"

    def lowest_wins(self, options: RummyOptions) -> bool:
        return options.scoring == "penalty"

    def target(self, options: RummyOptions) -> int | None:
        return options.target if options.scoring == "winner_collects" else None

    def rounds(self, options: RummyOptions, players: int | None = None) -> int | None:
        return options.rounds if options.scoring == "penalty" else None

    def card_values(self, options: RummyOptions) -> Mapping[Rank, int]:
        """A 1; J Q K 10; 2–10 face value."""
        return _VALUES

    def check_hand(
        self, options: RummyOptions, players: Sequence[str], hand: Hand
    ) -> tuple[dict[str, int], list[Card]]:
        """The shared checks, with *rummy* (the hand flag ``rummy``, once the
        field ``Hand.rummy``) refused where it meant nothing, at the point the
        shared checks refused it: after who went out and the runs, before the
        leftover cards."""
        if _RUMMY not in hand.flags:
            return super().check_hand(options, players, hand)
        super().check_hand(options, players, Hand(hand.went_out, runs=hand.runs))
        if not self.offers_rummy(options) or hand.went_out is None:
            raise HandError(ErrorCode.RUMMY_NOT_ALLOWED, field="rummy")
        others = {flag: player for flag, player in hand.flags.items() if flag != _RUMMY}
        return super().check_hand(options, players, dataclasses.replace(hand, flags=others))

    def next_dealer(self, players: Sequence[str], went_out: Sequence[str | None]) -> str:
        """The deal passes left; with two players the winner of a hand deals next
        (a blocked hand passes the deal as usual)."""
        if len(players) != 2:
            return super().next_dealer(players, went_out)
        dealer = players[0]
        for out in went_out:
            dealer = out or players[1 - players.index(dealer)]
        return dealer

    def score_hand(
        self,
        options: RummyOptions,
        players: Sequence[str],
        hand: Hand,
        number: int | None = None,
    ) -> HandScore:
        """Penalty: everyone but the player who went out scores their leftover
        value (all of them when nobody went out). Winner collects: the player who
        went out scores the others' leftover value, doubled for rummy; a blocked
        hand scores nothing (RULES.md §3).

        Raises :class:`~scoring.errors.HandError` for input the rules cannot score.
        """
        leftover, cards = self.check_hand(options, players, hand)
        points = dict.fromkeys(players, 0)
        breakdown: dict[str, tuple[BreakdownItem, ...]] = dict.fromkeys(players, ())
        if options.scoring == "penalty":
            for player in players:
                if player != hand.went_out and leftover[player]:
                    breakdown[player] = (
                        BreakdownItem(
                            BreakdownCode.PENALTY, leftover[player], value=leftover[player]
                        ),
                    )
                    points[player] = leftover[player]
        elif hand.went_out is not None:
            winner = hand.went_out
            items = [
                BreakdownItem(BreakdownCode.COLLECTED, leftover[p], value=leftover[p], player=p)
                for p in players
                if p != winner and leftover[p]
            ]
            collected = sum(item.points for item in items)
            if _RUMMY in hand.flags and collected:
                items.append(
                    BreakdownItem(
                        BreakdownCode.FLAG_MULTIPLIED,
                        collected,
                        count=2,
                        value=collected,
                        flag="rummy",
                    )
                )
            breakdown[winner] = tuple(items)
            points[winner] = sum(item.points for item in items)
        warnings = self.empty_hands(players, hand) + self.typed_points(players, hand)
        warnings += self.conservation(players, cards, jokers=False)
        notes = self.hand_notes(options, players, hand.went_out, leftover)
        return HandScore(points, breakdown, leftover, tuple(warnings), hand.went_out, notes)

    def hand_notes(
        self,
        options: RummyOptions,
        players: Sequence[str],
        went_out: str | None,
        leftover: Mapping[str, int],
    ) -> tuple[BreakdownItem, ...]:
        """``blocked_no_score`` for a blocked hand with ``winner_collects`` (RULES.md §3)."""
        if went_out is None and options.scoring == "winner_collects":
            return BLOCKED_NO_SCORE
        return ()


RUMMY = Rummy()
