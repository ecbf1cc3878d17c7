"""What players enter for a hand, and what scoring a hand returns.

Shapes only; the rules live in one module per game. All points are whole
numbers of points (ints).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .cards import Card, Face, Rank
from .codes import BreakdownCode, WarningCode

__all__ = ["BreakdownItem", "Hand", "HandScore", "Leftover", "Pile", "Run", "ScoreWarning"]

#: A player's leftover cards, or a plain whole number of points counted by hand.
#: Only a game definition's own faces (:class:`~scoring.cards.Face`) are not cards.
Leftover = tuple[Card | Face, ...] | int


@dataclass(frozen=True, slots=True)
class Run:
    """A run laid down in Four Suit Rummy (RULES.md §2): three cards of one suit.

    ``ace_as`` names the rank the suit's ace stands for, needed only when the
    ace's place is ambiguous (6-7-A, A-2-3); ``None`` otherwise.
    """

    cards: tuple[Card, ...]
    ace_as: Rank | None = None

    def __str__(self) -> str:
        text = "-".join(str(card) for card in self.cards)
        return f"{text} (A={self.ace_as.value})" if self.ace_as else text


@dataclass(frozen=True, slots=True)
class Pile:
    """One player's (or partnership's) captured pile in a ``captured`` hand
    (GAME_FORMAT.md ``captures``, RULES.md §5): the ``cards`` captured, the
    count of each compared suit (``{"S": 8}``), the named cards in it (card
    tokens, ``("10D", "AS")``) and each event's count (``{"sweep": 2}``).
    Stored as entered: rescoring never derives a value again."""

    cards: int = 0
    suits: Mapping[str, int] = field(default_factory=dict)
    named: tuple[str, ...] = ()
    events: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Hand:
    """One hand as entered (SESSION_FORMAT.md ``hands[]``).

    Attributes:
        went_out: the player who went out, or ``None`` for a blocked hand.
        left: per player, leftover cards or a plain number of points; a player
            missing from ``left`` held nothing.
        runs: Four Suit Rummy only: per player, the runs laid down.
        note: free text, not scored.
        played_at: ISO 8601 time with offset, or ``None``; not scored.
        flags: the hand flags called (GAME_FORMAT.md ``flags``; games defined
            as data only): per flag id, the player it was called for
            (``{"moon": "Kari"}``; Rummy's going out in one turn is
            ``{"rummy": "Per"}``, a session file's ``"rummy": true``).
        captured: a ``captured`` hand's piles (GAME_FORMAT.md ``captures``):
            per player, a :class:`Pile`; ``went_out`` is ``None``.
        bids: a bids game (GAME_FORMAT.md ``hand: bids``, RULES.md §7): per
            player, the tricks bid before play.
        made: a bids game scored made/missed: the players whose bid was
            made (exactly); ``None`` while not entered, or when ``tricks`` are.
        tricks: a bids game: per player, the tricks taken (when the game's
            missed bids score by tricks; a made bid is tricks = bid).
        completed: a progress game (GAME_FORMAT.md ``progress``, RULES.md
            §8): the players who completed their stage in this hand (the
            player who went out among them); ``None`` when not entered.
        also_out: a game whose definition says ``also_out`` (RULES.md §6
            Five Crowns): the players who went out on their last turn after
            ``went_out`` did, in seat order; each holds nothing and scores 0.
    """

    went_out: str | None
    left: Mapping[str, Leftover] = field(default_factory=dict)
    runs: Mapping[str, tuple[Run, ...]] = field(default_factory=dict)
    note: str | None = None
    played_at: str | None = None
    flags: Mapping[str, str] = field(default_factory=dict)
    captured: Mapping[str, Pile] = field(default_factory=dict)
    bids: Mapping[str, int] = field(default_factory=dict)
    made: tuple[str, ...] | None = None
    tricks: Mapping[str, int] = field(default_factory=dict)
    completed: tuple[str, ...] | None = None
    also_out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BreakdownItem:
    """One line of a score's explanation, for the UI to translate.

    ``points`` is what the line adds to the hand's score (may be negative);
    ``count`` and ``value`` explain it (e.g. 4 runs × 20), ``player`` names the
    other player a line is about (whose leftover cards were collected).

    Codes: ``runs`` (count × value), ``matching_pairs`` (count × 50),
    ``collected`` (another player's leftover value), ``blocked_difference``
    (another player's leftover value minus one's own), ``own_leftover``
    (subtracted in a blocked Four Suit Rummy hand), ``penalty`` (own leftover
    as penalty points), ``own_cards`` (own leftover scored where the highest
    total wins), ``penalty_taken`` and ``own_taken`` (the same for the cards
    taken in a game of tricks), and a hand flag's line (``flag`` names the flag):
    ``flag_multiplied`` (the extra of a ×``count`` flag, e.g. going *rummy*),
    ``flag_others_multiplied`` (the extra of a ×``count`` flag on another
    player's points; ``player`` is who called it), ``flag_bonus`` (a fixed
    bonus), ``flag_to_others`` (given to each other player, e.g. shooting the
    moon; ``player`` is who called it). A captured hand's lines (RULES.md §5):
    ``most`` (a comparison won; ``item`` what it compares, ``"cards"`` or a
    suit, ``value`` the count, ``players``
    everyone tied on it), ``named`` (a named card; ``item`` the card) and
    ``event`` (``count`` × ``value``; ``item`` the event's id). A bids
    game's lines (RULES.md §7): ``bid_made`` and ``bid_missed`` (``value``
    the bid, ``count`` the tricks taken when entered).

    A note on the whole hand (``HandScore.notes``, ``points`` 0) says why
    nobody scored it: ``blocked_tie`` (blocked, and the lowest leftover value
    ``value`` is shared by ``players``, so nobody collects: RULES.md §1) and
    ``blocked_no_score`` (the rules score a blocked hand as nothing).
    """

    code: BreakdownCode
    points: int
    count: int = 1
    value: int = 0
    player: str | None = None
    flag: str | None = None
    players: tuple[str, ...] = ()
    item: str | None = None


@dataclass(frozen=True, slots=True)
class ScoreWarning:
    """Scorable but physically unlikely input (RULES.md §4, card conservation).

    Codes: ``rank_count`` (a rank more often than the decks hold; ``card`` is the
    rank, ``count`` how often, ``expected`` the most possible), ``card_count``
    (one physical card more often than there are decks), ``hand_size`` (a Four
    Suit Rummy player's cards other than 12; ``player`` set), ``no_cards`` (no
    cards or points entered for anyone but the player who went out; or, with
    ``player`` set, for that player, who did not go out),
    ``plain_number`` (``player``'s leftover was entered as a number of points:
    its cards cannot be checked, RULES.md §4). A captured hand's (RULES.md
    §5): ``capture_total`` (the piles' ``count`` of ``card``, ``"cards"`` or a
    suit, is not the ``expected`` cards in play), ``named_card_count`` (the
    named ``card`` is in ``count`` piles, not 1), ``named_suit_count``
    (``player``'s count of the suit ``card`` is ``count``, below the
    ``expected`` named cards of that suit in the pile).
    """

    code: WarningCode
    card: str | None = None
    player: str | None = None
    count: int = 0
    expected: int = 0
    hand: int | None = None


@dataclass(frozen=True, slots=True)
class HandScore:
    """The result of scoring one hand.

    Attributes:
        points: per player (every seat), the points scored this hand.
        breakdown: per player, the items whose ``points`` add up to ``points``.
        leftover: per player, the value of what they were left holding.
        warnings: card-conservation warnings (never raised).
        went_out: who went out, or ``None`` when blocked (for dealer rules).
        notes: lines about the whole hand (``blocked_tie``,
            ``blocked_no_score``): why nobody scored it. The same notes come
            from :meth:`scoring.GameRules.hand_notes` for a stored hand.
        completed: a progress game: the players who completed their stage
            this hand, in seat order (RULES.md §8); ``()`` in other games.
    """

    points: Mapping[str, int]
    breakdown: Mapping[str, tuple[BreakdownItem, ...]]
    leftover: Mapping[str, int]
    warnings: tuple[ScoreWarning, ...] = ()
    went_out: str | None = None
    notes: tuple[BreakdownItem, ...] = ()
    completed: tuple[str, ...] = ()
