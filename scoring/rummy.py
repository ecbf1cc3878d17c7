"""Rummy with Bicycle's base rules and home scoring (RULES.md §3), id ``rummy``.

``penalty`` (default): leftover cards are penalty points, the session lasts
``rounds`` hands and the lowest total wins. ``winner_collects`` (Bicycle's own):
whoever goes out scores every other hand's leftover value, doubled for *rummy*,
played to ``target``; the highest total wins.

>>> from scoring.cards import parse_cards
>>> hand = Hand("Ola", {"Kari": parse_cards(["K", "7", "A"])})
>>> score_hand(Options(), ["Ola", "Kari"], hand).points
{'Ola': 0, 'Kari': 18}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import Rank
from .codes import BreakdownCode
from .hands import BreakdownItem, Hand, HandScore
from .rules import BLOCKED_NO_SCORE, GameRules, Preset, choice, minimum

__all__ = ["GAME", "Options", "score_hand"]

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
class Options:
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
    options_type = Options

    def presets(self, options: Options, players: int) -> tuple[Preset, ...]:
        """3, 5 (suggested) or 10 rounds with penalty scoring; a target of 100
        (suggested) or 200 when the winner collects (RULES.md §3).

        >>> [p.value for p in GAME.presets(Options(), 4)]
        [3, 5, 10]
        """
        if options.scoring == "penalty":
            return tuple(Preset(f"r{n}", "rounds", n, suggested=n == 5) for n in (3, 5, 10))
        return tuple(Preset(str(n), "target", n, suggested=n == 100) for n in (100, 200))

    def offers_rummy(self, options: Options) -> bool:
        """Going *rummy* doubles the amount collected with ``winner_collects``."""
        return options.scoring == "winner_collects"

    def lowest_wins(self, options: Options) -> bool:
        return options.scoring == "penalty"

    def target(self, options: Options) -> int | None:
        return options.target if options.scoring == "winner_collects" else None

    def rounds(self, options: Options) -> int | None:
        return options.rounds if options.scoring == "penalty" else None

    def card_values(self, options: Options) -> Mapping[Rank, int]:
        """A 1; J Q K 10; 2–10 face value."""
        return _VALUES

    def rummy_allowed(self, options: Options, hand: Hand) -> bool:
        return self.offers_rummy(options) and hand.went_out is not None

    def next_dealer(self, players: Sequence[str], went_out: Sequence[str | None]) -> str:
        """The deal passes left; with two players the winner of a hand deals next
        (a blocked hand passes the deal as usual)."""
        if len(players) != 2:
            return super().next_dealer(players, went_out)
        dealer = players[0]
        for out in went_out:
            dealer = out or players[1 - players.index(dealer)]
        return dealer

    def score_hand(self, options: Options, players: Sequence[str], hand: Hand) -> HandScore:
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
            if hand.rummy and collected:
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
        options: Options,
        players: Sequence[str],
        went_out: str | None,
        leftover: Mapping[str, int],
    ) -> tuple[BreakdownItem, ...]:
        """``blocked_no_score`` for a blocked hand with ``winner_collects`` (RULES.md §3)."""
        if went_out is None and options.scoring == "winner_collects":
            return BLOCKED_NO_SCORE
        return ()


GAME = Rummy()
score_hand = GAME.score_hand
