"""Cards in words: ranks, suits, card labels and names, lists joined with
"and"/"or" in the active language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from babel.lists import format_list

from app.i18n import babel_locale, get_language, pgettext
from app.messages._echo import _shown
from scoring import Card, Face, Rank, Suit, parse_card

if TYPE_CHECKING:  # (a definition's texts; the module is loaded by whoever has one)
    from scoring.definition import Words

# Message ids are English; the context tells translators which sense is meant
# (K is konge as a rank, while the Norwegian suit letter K is kløver).
_RANK_LABELS: Mapping[Rank, str] = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.JOKER: "Joker",
}
_RANK_NAMES: Mapping[Rank, str] = {
    Rank.ACE: "ace",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.JOKER: "joker",
}
_SUIT_NAMES: Mapping[Suit, str] = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}
_SUIT_LETTERS: Mapping[Suit, str] = {
    Suit.SPADES: "S",
    Suit.HEARTS: "H",
    Suit.DIAMONDS: "D",
    Suit.CLUBS: "C",
}


def rank_label(rank: Rank) -> str:
    """Short rank as printed on a card key: en ``A J Q K``, nb ``E Kn D K``; ``2``–``10`` as is.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     [rank_label(r) for r in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN)]
    ['E', 'Kn', 'D', 'K', '10']
    """
    if rank is Rank.ACE:
        return pgettext("rank", "A")
    if rank is Rank.JACK:
        return pgettext("rank", "J")
    if rank is Rank.QUEEN:
        return pgettext("rank", "Q")
    if rank is Rank.KING:
        return pgettext("rank", "K")
    if rank is Rank.JOKER:
        return pgettext("rank", "Joker")
    return str(rank.value)


def rank_name(rank: Rank) -> str:
    """Rank as a word: ``ace``/``ess``, ``king``/``konge``; numbers as digits.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     rank_name(Rank.JACK), rank_name(Rank.SEVEN)
    ('knekt', '7')
    """
    if rank is Rank.ACE:
        return pgettext("rank name", "ace")
    if rank is Rank.JACK:
        return pgettext("rank name", "jack")
    if rank is Rank.QUEEN:
        return pgettext("rank name", "queen")
    if rank is Rank.KING:
        return pgettext("rank name", "king")
    if rank is Rank.JOKER:
        return pgettext("rank name", "joker")
    return str(rank.value)


def suit_name(suit: Suit) -> str:
    """Suit as a word: ``hearts``/``hjerter``, ``clubs``/``kløver`` …

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     [suit_name(s) for s in Suit]
    ['spar', 'hjerter', 'ruter', 'kløver']
    """
    if suit is Suit.SPADES:
        return pgettext("suit", "spades")
    if suit is Suit.HEARTS:
        return pgettext("suit", "hearts")
    if suit is Suit.DIAMONDS:
        return pgettext("suit", "diamonds")
    return pgettext("suit", "clubs")


def suit_letter(suit: Suit) -> str:
    """One-letter suit for typed notation: en ``S H D C``, nb ``S H R K``.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     "".join(suit_letter(s) for s in Suit)
    'SHRK'
    """
    if suit is Suit.SPADES:
        return pgettext("suit letter", "S")
    if suit is Suit.HEARTS:
        return pgettext("suit letter", "H")
    if suit is Suit.DIAMONDS:
        return pgettext("suit letter", "D")
    return pgettext("suit letter", "C")


def card_label(card: Card | Face, faces: Mapping[str, Words] | None = None) -> str:
    """Compact card for chips and lists: short rank plus suit symbol; a game's
    own face by its name in ``faces`` (a game definition's, by id).

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     card_label(parse_card("QH")), card_label(parse_card("K")), card_label(parse_card("10S"))
    ('D♥', 'K', '10♠')
    """
    if not isinstance(card, Card):
        return _face(card, faces)
    return rank_label(card.rank) + (card.suit.symbol if card.suit else "")


def words(text: Words) -> str:
    """A definition's text (``{"nb": …, "en": …}``) in the active language.

    >>> from app.i18n import use_language
    >>> from scoring.definition import Words
    >>> with use_language("nb"):
    ...     words(Words("Trekk to", "Draw Two"))
    'Trekk to'
    """
    return text.nb if get_language() == "nb" else text.en


def _face(face: Face | object, faces: Mapping[str, Words] | None) -> str:
    ident = getattr(face, "id", str(face))
    name = (faces or {}).get(ident)
    return words(name) if name is not None else _shown(ident.replace("_", " "))


def key_label(card: Card | Face, name: Words | None = None) -> str:
    """What a keypad key shows: ``D♠`` for a card, a face's own name."""
    if name is not None:
        return words(name)
    return card_label(card)


def key_name(card: Card | Face, name: Words | None = None) -> str:
    """A key in words, for screen readers: ``queen of spades``, ``Draw Two``."""
    if name is not None:
        return words(name)
    return card_name(card) if isinstance(card, Card) else _face(card, None)


def card_name(card: Card | Face, faces: Mapping[str, Words] | None = None) -> str:
    """The card in words: ``queen of hearts`` / ``hjerter dame``; ``king`` without a suit;
    a game's own face by its name in ``faces``.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     card_name(parse_card("QH")), card_name(parse_card("7")), card_name(parse_card("JKR"))
    ('queen of hearts', '7', 'joker')
    """
    if not isinstance(card, Card):
        return _face(card, faces)
    if card.suit is None:
        return rank_name(card.rank)
    return pgettext(
        "card name", "{rank} of {suit}", rank=rank_name(card.rank), suit=suit_name(card.suit)
    )


def card_text(token: str | None) -> str:
    """A card given as canonical text (``"7H"``, ``"K"``) in words; other text as is.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     card_text("AS"), card_text("A"), card_text("??")
    ('spar ess', 'ess', '??')
    """
    if not token:
        return ""
    try:
        return card_name(parse_card(token))
    except ValueError:
        return token


def join_or(items: Iterable[str]) -> str:
    """``a, b or c`` in the active language.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     join_or(["5", "8"])
    '5 eller 8'
    """
    return format_list(list(items), style="or", locale=babel_locale())


def join_and(items: Iterable[str]) -> str:
    """``a, b and c`` in the active language.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     join_and(["Anna", "Bo", "Cato"])
    'Anna, Bo og Cato'
    """
    return format_list(list(items), locale=babel_locale())


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case (a caption that starts
    with a word such as a suit's name, lower case in Norwegian).

    >>> sentence("hjerter: 5♥ 6♥")
    'Hjerter: 5♥ 6♥'
    """
    return text[:1].upper() + text[1:]
