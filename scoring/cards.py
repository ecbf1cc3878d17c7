"""Playing cards and their notation (SESSION_FORMAT.md, "Card notation").

A card is a rank and, optionally, a suit: leftover cards are often entered
without suits ("K") because only the rank counts. The joker has no suit.

Canonical text is English rank then suit letter: ``7H``, ``10S``, ``K``, ``JKR``.
:func:`parse_card` also reads Unicode suits (``7♥``), English words and ``T`` for
ten, and Norwegian tokens (``E``/ess, ``K``/konge, ``D``/dame, ``Kn``/knekt;
spar, hjerter, ruter, kløver and their letters S H R K, suit first or last).
Canonical notation (rank then suit letter, no space, any case) always reads as
itself, so ``KD`` is the king of diamonds. Any other token with two readings,
such as ``K D`` (king of diamonds, or *kløver dame*), is refused, not guessed.

>>> str(parse_card("10♠"))
'10S'
>>> parse_card("hjerter dame")
Card(rank=<Rank.QUEEN: 'Q'>, suit=<Suit.HEARTS: 'H'>)
>>> str(parse_card("kn"))
'J'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, unique
from functools import lru_cache

from .codes import ErrorCode
from .errors import CardParseError

__all__ = [
    "STANDARD_RANKS",
    "Card",
    "Face",
    "Rank",
    "Suit",
    "parse_card",
    "parse_cards",
    "parse_rank",
]


@unique
class Rank(Enum):
    """A card rank; the value is its canonical token."""

    _value_: str

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JKR"

    #: Position in A (1) … K (13); the joker is 0 (set below, a plain attribute
    #: so that hot loops avoid hashing enum members).
    order: int

    @classmethod
    def from_order(cls, order: int) -> Rank:
        """The rank at ``order`` 1–13 (A low). Raises ``KeyError`` outside that."""
        return _BY_ORDER[order]


@unique
class Suit(Enum):
    """A suit; the value is its canonical letter. ``index`` is 1–4."""

    _value_: str

    index: int

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, e.g. ``'♥'``."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red (drawn red, as on the cards).

        >>> [s.symbol for s in Suit if s.is_red]
        ['♥', '♦']
        """
        return self in (Suit.HEARTS, Suit.DIAMONDS)


for _order, _rank in enumerate(Rank, start=1):
    _rank.order = 0 if _rank is Rank.JOKER else _order
for _index, _suit in enumerate(Suit, start=1):
    _suit.index = _index
_BY_ORDER = {rank.order: rank for rank in Rank if rank.order}
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

#: The thirteen standard ranks in the order they are printed on a keypad: A 2–10 J Q K.
STANDARD_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if rank is not Rank.JOKER)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``rank`` and optional ``suit`` (``None``: suit not given).

    ``str(card)`` is the canonical notation; :meth:`symbol` the Unicode form.
    """

    rank: Rank
    suit: Suit | None = None
    #: A small whole number unique to (rank, suit), for fast hashing and counting.
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank is Rank.JOKER and self.suit is not None:
            raise ValueError("a joker has no suit")
        object.__setattr__(self, "key", self.rank.order * 5 + (self.suit.index if self.suit else 0))

    def __hash__(self) -> int:
        return self.key

    def __str__(self) -> str:
        rank: str = self.rank.value
        return rank + (self.suit.value if self.suit else "")

    def symbol(self) -> str:
        """The card with a Unicode suit, e.g. ``'7♥'``; ``'K'`` without a suit."""
        rank: str = self.rank.value
        return rank + (self.suit.symbol if self.suit else "")

    @classmethod
    def all(cls, *, with_joker: bool = True) -> tuple[Card, ...]:
        """Every distinct card: 52 suited cards, 13 suitless ranks and the joker."""
        cards = [cls(rank, suit) for suit in Suit for rank in _BY_ORDER.values()]
        cards += [cls(rank) for rank in _BY_ORDER.values()]
        if with_joker:
            cards.append(cls(Rank.JOKER))
        return tuple(cards)


@dataclass(frozen=True, slots=True)
class Face:
    """A card of a game's own, not of the standard deck ("Draw Two", "Wild"):
    one of the face keys of a game definition (GAME_FORMAT.md), named by the
    key's ``id``, which is also its text in a session file.

    >>> str(Face("draw_two"))
    'draw_two'
    """

    id: str

    def __str__(self) -> str:
        return self.id

    def symbol(self) -> str:
        """The face's id (faces have no Unicode symbol; the app shows their name)."""
        return self.id


# -- parsing ---------------------------------------------------------------

_NUMBERS = {str(n): Rank.from_order(n) for n in range(2, 11)}
_JOKER_WORDS = {"jkr", "joker", "jo", "🃏"}
_SYMBOL_SUITS = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}

# Each notation: (name, ranks, suits, suit may come first?)
_ENGLISH = (
    "English",
    {
        **_NUMBERS,
        "a": Rank.ACE,
        "ace": Rank.ACE,
        "t": Rank.TEN,
        "ten": Rank.TEN,
        "j": Rank.JACK,
        "jack": Rank.JACK,
        "q": Rank.QUEEN,
        "queen": Rank.QUEEN,
        "k": Rank.KING,
        "king": Rank.KING,
    },
    {
        "s": Suit.SPADES,
        "h": Suit.HEARTS,
        "d": Suit.DIAMONDS,
        "c": Suit.CLUBS,
        "spade": Suit.SPADES,
        "spades": Suit.SPADES,
        "heart": Suit.HEARTS,
        "hearts": Suit.HEARTS,
        "diamond": Suit.DIAMONDS,
        "diamonds": Suit.DIAMONDS,
        "club": Suit.CLUBS,
        "clubs": Suit.CLUBS,
    },
    False,
)
_NORWEGIAN = (
    "Norwegian",
    {
        **_NUMBERS,
        "a": Rank.ACE,
        "e": Rank.ACE,
        "ess": Rank.ACE,
        "kn": Rank.JACK,
        "knekt": Rank.JACK,
        "d": Rank.QUEEN,
        "dame": Rank.QUEEN,
        "k": Rank.KING,
        "konge": Rank.KING,
    },
    {
        "s": Suit.SPADES,
        "spar": Suit.SPADES,
        "h": Suit.HEARTS,
        "hjerter": Suit.HEARTS,
        "r": Suit.DIAMONDS,
        "ruter": Suit.DIAMONDS,
        "k": Suit.CLUBS,
        "kløver": Suit.CLUBS,
        "klover": Suit.CLUBS,
    },
    True,
)
_NOTATIONS = (_ENGLISH, _NORWEGIAN)
_SPACES = re.compile(r"[\s\u00a0\ufe0e\ufe0f]+")
_CANONICAL = re.compile(r"(a|[2-9]|10|j|q|k)([shdc♠♤♥♡♦♢♣♧]?)")
_MAX_TOKEN = 40


def _readings(token: str) -> dict[Card, str]:
    """Every card ``token`` can mean, with the notation that reads it so."""
    found: dict[Card, str] = {}
    for name, ranks, suits, suit_first in _NOTATIONS:
        suits = {**suits, **_SYMBOL_SUITS}
        for cut in range(1, len(token) + 1):
            head, tail = token[:cut].strip(), token[cut:].strip()
            if head in ranks and (not tail or tail in suits):
                card = Card(ranks[head], suits[tail] if tail else None)
                found.setdefault(card, name)
            if (suit_first or head in _SYMBOL_SUITS) and head in suits and tail in ranks:
                found.setdefault(Card(ranks[tail], suits[head]), name)
    return found


@lru_cache(maxsize=4096)
def _parse(token: str) -> Card | tuple[tuple[str, str], ...]:
    """Cached core of :func:`parse_card`: a card, or when not one its readings
    as ``(canonical card, notation)`` pairs."""
    text = _SPACES.sub(" ", token).strip().casefold()
    if text in _JOKER_WORDS:
        return Card(Rank.JOKER)
    if len(text) > _MAX_TOKEN:
        return ()
    canonical = _CANONICAL.fullmatch(text.replace("\ufe0e", "").replace("\ufe0f", ""))
    if canonical:
        rank, suit = canonical.groups()
        suits = {**_ENGLISH[2], **_SYMBOL_SUITS}
        return Card(_ENGLISH[1][rank], suits[suit] if suit else None)
    readings = _readings(text)
    if len(readings) == 1:
        return next(iter(readings))
    return tuple((str(card), notation) for card, notation in readings.items())


def parse_card(text: str, position: int = 1) -> Card:
    """Read one card token (canonical, Unicode, English or Norwegian notation).

    ``position`` (1-based) is where the token stood in its list, for the error.
    Raises :class:`CardParseError` with code ``card_empty``, ``card_unknown``,
    ``card_ambiguous`` (``params["readings"]`` lists them: ``{"card": "KD",
    "notation": "English"}``...) or ``card_not_text``.

    >>> [str(parse_card(t)) for t in ("7h", "T♣", "E", "spar 9", "JKR")]
    ['7H', '10C', 'A', '9S', 'JKR']
    >>> parse_card("K D")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoring.errors.CardParseError: 'K D' is ambiguous: it could be KD (English), QC (Norwegian); ...
    """
    if not isinstance(text, str):
        raise CardParseError(
            ErrorCode.CARD_NOT_TEXT, card=repr(text)[:_MAX_TOKEN], params={"position": position}
        )
    result = _parse(text)
    if isinstance(result, Card):
        return result
    token = text.strip()[:_MAX_TOKEN]
    if not token:
        raise CardParseError(ErrorCode.CARD_EMPTY, card=token, params={"position": position})
    if result:
        raise CardParseError(
            ErrorCode.CARD_AMBIGUOUS,
            card=token,
            params={
                "position": position,
                "readings": [{"card": card, "notation": notation} for card, notation in result],
            },
        )
    raise CardParseError(ErrorCode.CARD_UNKNOWN, card=token, params={"position": position})


def parse_cards(tokens: Iterable[str]) -> tuple[Card, ...]:
    """Read a list of card tokens; the error names the first bad token's position.

    >>> [str(c) for c in parse_cards(["K", "7", "A"])]
    ['K', '7', 'A']
    """
    tokens = list(tokens)
    try:
        return tuple([_CANONICAL_CARDS[token] for token in tokens])
    except (KeyError, TypeError):  # not all canonical: parse each one
        return tuple(parse_card(token, position) for position, token in enumerate(tokens, 1))


#: Canonical text of every card, read without parsing (the session file's form).
_CANONICAL_CARDS: dict[str, Card] = {str(card): card for card in Card.all()}


def parse_rank(text: str) -> Rank:
    """Read a rank alone (as in a run's ``ace_as``): any rank token parse_card reads.

    Raises :class:`CardParseError` when ``text`` is not a rank or names a suit too.
    """
    card = parse_card(text)
    if card.suit is not None:
        raise CardParseError(ErrorCode.CARD_UNKNOWN, card=text, params={"position": 1})
    return card.rank
