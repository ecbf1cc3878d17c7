"""Swedish Rummy, a Crazy Eights game (RULES.md §1), id ``swedish_rummy``.

Whoever goes out scores every card left in the other hands; a blocked hand is
settled by ``blocked_scoring``. Action-card variants make their card count 20.

>>> from scoring.cards import parse_cards
>>> opts = Options(reverse_queens=True, draw_two=True)
>>> score_hand(opts, ["Ola", "Kari"], Hand("Ola", {"Kari": parse_cards(["Q", "8", "2"])})).points
{'Ola': 90, 'Kari': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import Rank
from .codes import BreakdownCode
from .hands import BreakdownItem, Hand, HandScore
from .rules import BLOCKED_NO_SCORE, GameRules, Preset, blocked_tie, choice, minimum

__all__ = ["GAME", "Options", "score_hand"]

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
class Options:
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
    options_type = Options
    blocked_term = "blocked"

    def presets(self, options: Options, players: int) -> tuple[Preset, ...]:
        """100, 50 × players, 100 × players (suggested when an action-card
        variant is on), RULES.md §1.

        >>> [p.value for p in GAME.presets(Options(), 3)]
        [100, 150, 300]
        >>> [p.value for p in GAME.presets(Options(draw_two=True), 0) if p.suggested]
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

    def can_block(self, options: Options) -> bool:
        return not options.reshuffle_discards

    def uses_jokers(self, options: Options) -> bool:
        return options.reverse_jokers

    def card_values(self, options: Options) -> Mapping[Rank, int]:
        """8 = 50 always; K Q J 10 = 10; A = 1; others face value; an action card 20."""
        values = dict(_BASE_VALUES)
        for name, rank in ACTION_CARDS.items():
            if getattr(options, name) and rank is not Rank.EIGHT:
                values[rank] = ACTION_VALUE
        return values

    def score_hand(self, options: Options, players: Sequence[str], hand: Hand) -> HandScore:
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
        options: Options,
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


GAME = SwedishRummy()
score_hand = GAME.score_hand
