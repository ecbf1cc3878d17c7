"""User-facing words for what ``scoring`` returns as codes: cards, games, options,
errors, warnings and score breakdowns — translated at call time.

``scoring`` never produces user text (DESIGN.md): errors carry ``code``, ``hand``,
``player``, ``field``, ``card`` and ``params``; warnings and breakdown items carry
codes and numbers. This module turns them into sentences in the active language
(:mod:`app.i18n`), naming the hand, the player and the card or field.

>>> from app.i18n import use_language
>>> from scoring import HandError, BreakdownItem, parse_card
>>> with use_language("nb"):
...     describe_error(HandError("went_out_holds_cards", hand=3, player="Kari"))
'Runde 3: Kari gikk ut, men har fortsatt kort på hånden'
>>> with use_language("en"):
...     describe_breakdown(BreakdownItem("runs", 80, count=4, value=20))
'4 runs × 20 = 80'
>>> with use_language("nb"):
...     card_name(parse_card("QH")), game_name("swedish_rummy")
('hjerter dame', 'Vri åtter')
"""

from __future__ import annotations

import errno
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum, unique
from typing import TYPE_CHECKING, Any

from babel.lists import format_list

from app.game_link import LinkCode
from app.game_words import GAME_DESCRIPTIONS, GAME_NAMES
from app.i18n import (
    N_,
    _,
    babel_locale,
    format_number,
    format_percent,
    get_language,
    ngettext,
    pgettext,
)
from models.errors import StorageCode
from scoring import (
    Card,
    CodedError,
    Face,
    GameDefinition,
    Rank,
    Suit,
    builtin_definition,
    parse_card,
)
from scoring.codes import BreakdownCode, ErrorCode, Expected, WarningCode
from scoring.definition import Words
from scoring.registry import BUILTIN_DEFINITION_IDS

if TYPE_CHECKING:
    from scoring import BreakdownItem, ScoreWarning

__all__ = [
    "BLOCKED_TERMS",
    "BREAKDOWN_CODES",
    "ERROR_CODES",
    "GAME_NAMES",
    "OPTION_NAMES",
    "OPTION_VALUE_NAMES",
    "WARNING_CODES",
    "DraftCode",
    "DraftError",
    "blocked_label",
    "card_label",
    "card_name",
    "card_text",
    "definition_field",
    "describe_breakdown",
    "describe_error",
    "describe_note",
    "describe_options",
    "describe_total",
    "describe_warning",
    "format_average",
    "format_best",
    "format_rate",
    "game_description",
    "game_name",
    "join_and",
    "join_or",
    "key_label",
    "key_name",
    "option_name",
    "option_value_name",
    "os_reason",
    "rank_label",
    "rank_name",
    "sentence",
    "suit_letter",
    "suit_name",
    "words",
]

# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Games and options
# --------------------------------------------------------------------------


#: Option key → label (SESSION_FORMAT.md option table).
OPTION_NAMES: Mapping[str, str] = {
    "target": N_("Target score"),
    "rounds": N_("Number of rounds"),
    "scoring": N_("Scoring"),
    "blocked_scoring": N_("Blocked hand"),
    "skip_aces": N_("Ace skips the next player"),
    "draw_two": N_("Two makes the next player draw two"),
    "reverse_queens": N_("Queen reverses direction"),
    "reverse_jokers": N_("Jokers reverse direction"),
    "one_card": N_("Say “one card” or draw two"),
    "ups_and_downs": N_("Ups and downs"),
    "reshuffle_discards": N_("Reshuffle the discard pile when the stock runs out"),
}

#: (option key, value) → label for options with named choices.
OPTION_VALUE_NAMES: Mapping[tuple[str, str], str] = {
    ("blocked_scoring", "lowest_collects"): N_("Lowest hand collects the differences"),
    ("blocked_scoring", "no_score"): N_("Nobody scores"),
    ("scoring", "penalty"): N_("Penalty points, lowest total wins"),
    ("scoring", "winner_collects"): N_("Winner collects, highest total wins"),
}

#: What a value should have been (``params["expected"]``, scoring's :class:`Expected`).
EXPECTED_NAMES: Mapping[Expected, str] = {
    Expected.BOOLEAN: N_("true or false"),
    Expected.WHOLE_NUMBER: N_("a whole number"),
    Expected.CARDS_OR_POINTS: N_("a list of cards or a whole number"),
    Expected.CARDS: N_("a list of cards"),
    Expected.NAMES: N_("a list of names"),
    Expected.LIST: N_("a list"),
    Expected.OBJECT: N_("an object"),
    Expected.TEXT: N_("text"),
    Expected.RANK: N_("a rank"),
    Expected.GAME_ID: N_("a game id"),
    Expected.PLAYER_NAME: N_("a player's name"),
    Expected.ID: N_("an id (lower-case letters, digits and _)"),
}


#: What a game calls a hand nobody went out of (``GameRules.blocked_term``).
BLOCKED_TERMS: Mapping[str, str] = {
    "blocked": N_("Blocked"),
    "nobody_out": N_("Nobody went out"),
}


def blocked_label(term: str) -> str:
    """The game's word for a hand nobody went out of, in the active language."""
    label = BLOCKED_TERMS.get(term)
    return _(label) if label else _("Nobody went out")


# The definitions of the games named lately, by id: a message that carries
# only a game's id (an error's params) names a custom game by it.
_SEEN: dict[str, GameDefinition] = {}


def _definition(game: Any) -> GameDefinition | None:
    """The definition behind ``game`` (a definition, a data game, or a built-in
    data game's id, or a custom game's id named lately), or ``None`` for a
    coded game."""
    if isinstance(game, str):
        if game in BUILTIN_DEFINITION_IDS:
            return builtin_definition(game)
        return _SEEN.get(game)
    definition = game if isinstance(game, GameDefinition) else getattr(game, "definition", None)
    if definition is not None and _SEEN.get(definition.id) is not definition:
        if len(_SEEN) >= 256:
            _SEEN.clear()
        _SEEN[definition.id] = definition
    return definition


def game_name(game: Any) -> str:
    """The game's name in the active language. ``game`` is a game's id, its
    rules (:class:`scoring.GameRules`) or its :class:`scoring.GameDefinition`:
    a coded game's name comes from the catalogs, a game defined as data names
    itself in both languages (a custom game's id alone is shown as it is).

    >>> from app.i18n import use_language
    >>> from scoring import builtin_game
    >>> with use_language("nb"):
    ...     game_name("four_suit_rummy"), game_name("rummy"), game_name(builtin_game("hearts"))
    ('Firefarget rummy', 'Rummy', 'Hjerter')
    """
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    name = GAME_NAMES.get(game_id)
    if name and (isinstance(game, str) or getattr(game, "definition", None) is None):
        return _(name)
    definition = _definition(game)
    if definition is not None:
        return words(definition.name)
    return _(name) if name else _shown(game_id)


def format_rate(rate: float) -> str:
    """A win rate (0.0–1.0) as a whole percent in the active language
    (``50 %`` in Norwegian, ``50%`` in English): the statistics screen's and
    ``kortpoeng stats``'s."""
    return format_percent(rate)


def format_average(points: float) -> str:
    """Average points per hand, one decimal (``6,7`` / ``6.7``)."""
    return format_number(round(points, 1))


def format_best(best: int | None) -> str:
    """The best hand in points, or a dash when there is none."""
    return "–" if best is None else format_number(best)


def game_description(game: Any) -> str:
    """Two short lines about a game, for the game picker (empty if none);
    ``game`` as for :func:`game_name`."""
    game_id = game if isinstance(game, str) else getattr(game, "id", "")
    text = GAME_DESCRIPTIONS.get(game_id)
    if text and (isinstance(game, str) or getattr(game, "definition", None) is None):
        return _(text)
    definition = _definition(game)
    if definition is not None and definition.description is not None:
        return words(definition.description)
    return _(text) if text else ""


def option_name(key: str, game: Any = None) -> str:
    """The label of a game option (the key itself if unknown): a game defined
    as data (``game``: its rules or definition) names its own options."""
    definition = _definition(game) if game is not None else None
    if definition is not None:
        for option in definition.options:
            if option.id == key:
                return words(option.name)
    name = OPTION_NAMES.get(key)
    return _(name) if name else _shown(key)


def option_value_name(key: str, value: Any, game: Any = None) -> str:
    """The label of an option's value: a named choice, yes/no, or the number
    (a game defined as data names its own choices).

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     option_value_name("scoring", "penalty"), option_value_name("draw_two", True)
    ('Minuspoeng, lavest sum vinner', 'ja')
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return format_number(value)
    definition = _definition(game) if game is not None else None
    if definition is not None:
        for option in definition.options:
            for item in option.choices if option.id == key else ():
                if item.id == value:
                    return words(item.name)
    name = OPTION_VALUE_NAMES.get((key, str(value)))
    return _(name) if name else _shown(value)


def describe_options(game_id: str, options: Mapping[str, Any]) -> list[str]:
    """How a session is played: one line for each option that differs from the
    game's default (``options`` as stored: only those), in the game's option
    order, target or rounds first (RULES.md: a session shows how it was played).

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     describe_options("swedish_rummy", {"target": 250, "draw_two": True,
    ...                      "blocked_scoring": "no_score"})
    ['Target score: 250', 'Blocked hand: Nobody scores', 'Two makes the next player draw two']
    """
    from scoring import get_game

    try:
        game = get_game(game_id)
        values = game.options_from_dict(options)
    except CodedError:
        return []
    chosen = game.options_to_dict(values)
    lines: list[str] = []
    numbers = [key for key, value in chosen.items() if type(value) is int]
    for key in numbers:
        lines.append(
            _("{option}: {value}", option=option_name(key), value=format_number(chosen[key]))
        )
    for spec in game.option_fields():
        if spec.name not in chosen:
            continue
        value = chosen[spec.name]
        if "choices" in spec.metadata:
            lines.append(
                _(
                    "{option}: {value}",
                    option=option_name(spec.name),
                    value=option_value_name(spec.name, value),
                )
            )
        elif value is True:
            lines.append(option_name(spec.name))
    return lines


def _expected(code: Any) -> str:
    name = EXPECTED_NAMES.get(code)
    return _(name) if name else _shown(code)


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------

# Each describer gets the error and returns the problem sentence (without the
# "Hand 3, Kari:" prefix). It says whether it named the player itself.
_Describer = Callable[[Any, Mapping[str, Any]], str]


#: At most this many characters of anything a user typed are echoed in a message.
_SHOWN = 40


def _shown(text: Any, limit: int = _SHOWN) -> str:
    """User input as it may appear in a one-line message: control and
    direction-changing characters escaped (they could garble a terminal or
    reorder the line), cut to :data:`_SHOWN` characters."""
    text = str(text)
    if not text.isascii() or not text.isprintable():
        text = "".join(
            ch
            if ch.isprintable() or ch == " " or unicodedata.category(ch) not in _HIDDEN
            else ch.encode("unicode_escape").decode("ascii")
            for ch in text
        )
        text = "".join(_BIDI_ESCAPES.get(ch, ch) for ch in text)
    shown: str = text if len(text) <= limit else text[: limit - 1] + "…"
    return shown


def _field(e: Any) -> str:
    """A field path from a file (``hands[2].left.Kari``), shown safely."""
    return _shown(getattr(e, "field", None) or "", 2 * _SHOWN)


# Categories escaped by _shown: control, surrogate, line and paragraph separators.
_HIDDEN = frozenset({"Cc", "Cs", "Zl", "Zp"})
_BIDI_ESCAPES = {chr(c): f"\\u{c:04x}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        if abs(value) >= 10**18:  # too long to group (and for Babel's decimals)
            digits = str(value)
            return digits if len(digits) <= _SHOWN else digits[: _SHOWN - 1] + "…"
        return format_number(value)
    if value is None:
        return "null"  # as the file spells it
    return _shown(value)


def _file_value(value: Any) -> str:
    """A value read from a file as the file spells it (``true``, ``null``, a
    list or object by its kind), not as a yes/no answer."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, Mapping):
        return _("an object")
    return _value(value)


def _position(p: Mapping[str, Any]) -> str:
    return format_number(p.get("position", 1))


def _items(value: Any) -> list[Any]:
    """A list param as a list (one value given alone: a list of it)."""
    return list(value) if isinstance(value, list | tuple) else [value]


def _run_cards(p: Mapping[str, Any]) -> str:
    """A run's cards (``["5H", "6H", "7H"]``) as compact labels: ``5♥-6♥-7♥``."""
    labels = []
    for token in _items(p.get("cards", ())):
        try:
            labels.append(card_label(parse_card(token)))
        except ValueError:
            labels.append(_shown(token))
    return "-".join(labels)


def _ranks(value: Any) -> str:
    """Rank tokens (``["A", "4"]``) as ``ace or 4`` in words."""
    names = []
    for token in _items(value):
        try:
            names.append(rank_name(parse_card(str(token)).rank))
        except ValueError:
            names.append(_shown(token))
    return join_or(names)


_NOTATION_NAMES: Mapping[str, str] = {
    "English": N_("English notation"),
    "Norwegian": N_("Norwegian notation"),
}


def _readings(value: Any) -> str:
    """A token's readings (``[{"card": "KD", "notation": "English"}, …]``) as
    ``king of diamonds (English notation) or …``."""
    parts = []
    for reading in _items(value):
        if not isinstance(reading, Mapping):
            parts.append(_shown(reading))
            continue
        notation = _NOTATION_NAMES.get(str(reading.get("notation")))
        parts.append(
            _(
                "{card} ({notation})",
                card=card_text(str(reading.get("card", ""))),
                notation=_(notation) if notation else _shown(reading.get("notation", "")),
            )
        )
    return join_or(parts)


def _game(p: Mapping[str, Any]) -> str:
    return game_name(str(p.get("game", "")))


def _player_count(e: Any, p: Mapping[str, Any]) -> str:
    low, high, count = p.get("minimum", 0), p.get("maximum", 0), p.get("count", 0)
    if low == high:
        return ngettext(
            "{game} is for exactly {n} player, not {count}",
            "{game} is for exactly {n} players, not {count}",
            high,
            game=_game(p),
            count=format_number(count),
        )
    return ngettext(
        "{game} is for {minimum} to {n} player, not {count}",
        "{game} is for {minimum} to {n} players, not {count}",
        high,
        game=_game(p),
        minimum=format_number(low),
        count=format_number(count),
    )


def _file_json(e: Any, p: Mapping[str, Any]) -> str:
    if "line" in p:
        return _(
            "The file is not valid JSON (line {line}, column {column})",
            line=format_number(p["line"]),
            column=format_number(p.get("column", 1)),
        )
    return _("The file is not valid JSON")


_ERRORS: Mapping[StrEnum, _Describer] = {
    # cards
    ErrorCode.CARD_EMPTY: lambda e, p: _("Card {position} is empty", position=_position(p)),
    ErrorCode.CARD_UNKNOWN: lambda e, p: _(
        "“{card}” (card {position}) is not a card",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    ErrorCode.CARD_AMBIGUOUS: lambda e, p: _(
        "“{card}” (card {position}) could be {readings}: add the suit as ♠ ♥ ♦ ♣",
        card=e.card or "",
        position=_position(p),
        readings=_readings(p.get("readings", "")),
    ),
    ErrorCode.CARD_NOT_TEXT: lambda e, p: _(
        "Card {position} is not text: {card}", card=_shown(e.card or ""), position=_position(p)
    ),
    ErrorCode.JOKER_NOT_IN_PLAY: lambda e, p: _(
        "There are no jokers in this game (card {position})", position=_position(p)
    ),
    # hands
    ErrorCode.UNKNOWN_PLAYER: lambda e, p: _(
        "“{player}” is not a player in this session", player=_shown(e.player or "")
    ),
    ErrorCode.WENT_OUT_HOLDS_CARDS: lambda e, p: _(
        "{player} went out but still holds cards", player=e.player or ""
    ),
    ErrorCode.CANNOT_BLOCK: lambda e, p: _(
        "With these rules a hand cannot end blocked: someone must go out"
    ),
    ErrorCode.BAD_POINTS: lambda e, p: _(
        "Points must be a whole number of 0 or more, not {value}", value=_value(p.get("value"))
    ),
    ErrorCode.POINTS_TOO_LARGE: lambda e, p: _(
        "Points must be at most {maximum}, not {value}",
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    ErrorCode.PLAYER_REPEATED: lambda e, p: _(
        "{player} is entered twice in {field}", player=_shown(e.player or ""), field=_field(e)
    ),
    ErrorCode.RUNS_NOT_ALLOWED: lambda e, p: _("This game has no runs to enter"),
    ErrorCode.RUN_SIZE: lambda e, p: ngettext(
        "A run has exactly three cards, but {cards} has {n} card",
        "A run has exactly three cards, but {cards} has {n} cards",
        int(p.get("count", 0)),
        cards=_run_cards(p),
    ),
    ErrorCode.RUN_NEEDS_SUITS: lambda e, p: _(
        "Every card in the run {cards} needs its suit", cards=_run_cards(p)
    ),
    ErrorCode.RUN_MIXED_SUITS: lambda e, p: _(
        "The run {cards} mixes suits: a run is three cards of one suit", cards=_run_cards(p)
    ),
    ErrorCode.NOT_A_RUN: lambda e, p: _(
        "{cards} cannot stand for three ranks in a row, even with the ace", cards=_run_cards(p)
    ),
    ErrorCode.ACE_AMBIGUOUS: lambda e, p: _(
        "The ace in {cards} could stand for {choices}: choose one",
        cards=_run_cards(p),
        choices=_ranks(p.get("choices", "")),
    ),
    ErrorCode.ACE_AS_INVALID: lambda e, p: _(
        "The ace in {cards} cannot stand for {rank}",
        cards=_run_cards(p),
        rank=_ranks(p.get("ace_as", "")),
    ),
    ErrorCode.ACE_AS_WITHOUT_ACE: lambda e, p: _(
        "{cards} has no ace, so the ace cannot stand for {rank}",
        cards=_run_cards(p),
        rank=_ranks(p.get("ace_as", "")),
    ),
    ErrorCode.RUMMY_NOT_ALLOWED: lambda e, p: _(
        "“Rummy” (going out in one turn) only counts when someone goes out and the winner collects"
    ),
    ErrorCode.SESSION_OVER: lambda e, p: _(
        "The session already ended after hand {finished}",
        finished=format_number(p.get("finished_after", 0)),
    ),
    # options and players
    ErrorCode.OPTION_UNKNOWN: lambda e, p: _(
        "{game} has no option “{option}”", game=_game(p), option=_field(e)
    ),
    ErrorCode.OPTION_TYPE: lambda e, p: _(
        "{option} must be {expected}, not {value}",
        option=option_name(e.field or ""),
        expected=_expected(p.get("expected", "")),
        value=_value(p.get("value")),
    ),
    ErrorCode.OPTION_VALUE: lambda e, p: _(
        "{option} must be {choices}, not {value}",
        option=option_name(e.field or ""),
        choices=join_or(option_value_name(e.field or "", c) for c in _items(p.get("choices", ()))),
        value=_value(p.get("value")),
    ),
    ErrorCode.OPTION_RANGE: lambda e, p: _(
        "{option} must be a whole number of at least {minimum}, not {value}",
        option=option_name(e.field or ""),
        minimum=format_number(p.get("minimum", 1)),
        value=_value(p.get("value")),
    ),
    ErrorCode.OPTION_TOO_LARGE: lambda e, p: _(
        "{option} must be at most {maximum}, not {value}",
        option=option_name(e.field or ""),
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    ErrorCode.PLAYER_COUNT: _player_count,
    ErrorCode.PLAYER_NAME_EMPTY: lambda e, p: _("A player's name is empty"),
    ErrorCode.PLAYER_NAME_CONTROL: lambda e, p: _(
        "The name “{player}” contains control characters", player=_shown(e.player or "")
    ),
    ErrorCode.PLAYER_NAME_LONG: lambda e, p: ngettext(
        "The name “{player}” is longer than {n} character",
        "The name “{player}” is longer than {n} characters",
        int(p.get("maximum", 0)),
        player=_shown(e.player or ""),
    ),
    ErrorCode.PLAYER_DUPLICATE: lambda e, p: _(
        "“{player}” is listed twice: every player needs a different name",
        player=_shown(e.player or ""),
    ),
    ErrorCode.GAME_UNKNOWN: lambda e, p: _(
        "There is no game called “{value}”", value=_value(p.get("value"))
    ),
    # session files
    ErrorCode.FILE_JSON: _file_json,
    ErrorCode.FILE_DUPLICATE_KEY: lambda e, p: _(
        "“{field}” is in the file twice: keep one of them", field=_field(e)
    ),
    ErrorCode.FILE_TEXT: lambda e, p: _(
        "{field} holds text that is not valid Unicode", field=_field(e)
    ),
    ErrorCode.FILE_NOT_OBJECT: lambda e, p: _("{field} must be an object", field=_field(e)),
    ErrorCode.FILE_FORMAT: lambda e, p: _(
        "This is not a Kortpoeng session file (format is “{value}”)",
        value=_value(p.get("value")),
    ),
    ErrorCode.FILE_VERSION: lambda e, p: _(
        "This session file has version {value}; this version of Kortpoeng reads versions "
        "1 to {newest}",
        value=_value(p.get("value")),
        newest=_number_param(p, "newest") or "2",
    ),
    ErrorCode.FILE_DEFINITION_GAME: lambda e, p: _(
        "The game definition in the file is of the game “{value}”, not “{game}”",
        value=_value(p.get("value")),
        game=_value(p.get("game")),
    ),
    ErrorCode.FILE_MISSING: lambda e, p: _("{field} is missing", field=_field(e)),
    ErrorCode.FILE_UNKNOWN_FIELD: lambda e, p: _("Unknown field “{field}”", field=_field(e)),
    ErrorCode.FILE_TYPE: lambda e, p: _(
        "{field} must be {expected}, not {value}",
        field=_field(e),
        expected=_expected(p.get("expected", "")),
        value=_file_value(p.get("value")),
    ),
    ErrorCode.FILE_ID: lambda e, p: _(
        "{field} is not a UUID: “{value}”", field=_field(e), value=_value(p.get("value"))
    ),
    ErrorCode.FILE_TIME: lambda e, p: _(
        "{field} is not an ISO 8601 time with a UTC offset: “{value}”",
        field=_field(e),
        value=_value(p.get("value")),
    ),
    ErrorCode.TIME_RANGE: lambda e, p: _(
        "{field} must be a time in the years {earliest} to {latest}, not “{value}”",
        field=_field(e),
        earliest=str(p.get("earliest", "")),
        latest=str(p.get("latest", "")),
        value=_value(p.get("value")),
    ),
    ErrorCode.NOTE_LONG: lambda e, p: ngettext(
        "The note is longer than {n} character (it has {length})",
        "The note is longer than {n} characters (it has {length})",
        _count(p, "maximum"),
        n=_number_param(p, "maximum"),
        length=_number_param(p, "length"),
    ),
    ErrorCode.NOTE_CONTROL: lambda e, p: _(
        "The note contains control characters: only line breaks are allowed"
    ),
    # games defined as data (GAME_FORMAT.md): a hand ...
    ErrorCode.CARD_NOT_IN_GAME: lambda e, p: _(
        "“{card}” (card {position}) is not a card of this game",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    ErrorCode.CARD_NEEDS_SUIT: lambda e, p: _(
        "“{card}” (card {position}) needs its suit: in this game its value depends on the suit",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    ErrorCode.WENT_OUT_NOT_ALLOWED: lambda e, p: _("Nobody goes out in this game"),
    ErrorCode.FLAG_UNKNOWN: lambda e, p: _(
        "This game has no “{flag}” with these rules", flag=_value(p.get("flag"))
    ),
    ErrorCode.FLAG_NOT_WENT_OUT: lambda e, p: _(
        "“{flag}” is only for the player who went out", flag=_value(p.get("flag"))
    ),
    # ... and a game definition (``field`` is the path of the value)
    ErrorCode.DEFINITION_JSON: lambda e, p: _("The game definition is not valid JSON"),
    ErrorCode.DEFINITION_TOO_LARGE: lambda e, p: ngettext(
        "A game definition is at most {n} character",
        "A game definition is at most {n} characters",
        _count(p, "maximum"),
        n=_number_param(p, "maximum"),
    ),
    ErrorCode.DEFINITION_DUPLICATE_KEY: lambda e, p: _(
        "“{field}” is in the file twice: keep one of them", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_FORMAT: lambda e, p: _(
        "This is not a Kortpoeng game definition (format is “{value}”)",
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_VERSION: lambda e, p: _(
        "This game definition has version {value}; this version of Kortpoeng reads version 1",
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_NOT_OBJECT: lambda e, p: _(
        "{field} must be an object", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_MISSING: lambda e, p: _("{field} is missing", field=_def_field(e)),
    ErrorCode.DEFINITION_UNKNOWN_FIELD: lambda e, p: _(
        "Unknown field “{field}”", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_TYPE: lambda e, p: _(
        "{field} must be {expected}, not {value}",
        field=_def_field(e),
        expected=_expected(p.get("expected", "")),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_RANGE: lambda e, p: _(
        "{field} must be a whole number from {minimum} to {maximum}, not {value}",
        field=_def_field(e),
        minimum=format_number(p.get("minimum", 0)),
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_VALUE: lambda e, p: _(
        "{field} must be one of {choices}, not {value}",
        field=_def_field(e),
        choices=join_or(_shown(c) for c in _items(p.get("choices", ()))),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_TOO_MANY: lambda e, p: ngettext(
        "{field} may have at most {n} entry",
        "{field} may have at most {n} entries",
        _count(p, "maximum"),
        n=_number_param(p, "maximum"),
        field=_def_field(e),
    ),
    ErrorCode.DEFINITION_TOO_FEW: lambda e, p: ngettext(
        "{field} needs at least {n} entry",
        "{field} needs at least {n} entries",
        _count(p, "minimum"),
        n=_number_param(p, "minimum"),
        field=_def_field(e),
    ),
    ErrorCode.DEFINITION_TEXT: lambda e, p: _(
        "{field} contains control characters", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_EMPTY: lambda e, p: _("{field} is empty", field=_def_field(e)),
    ErrorCode.DEFINITION_SPACES: lambda e, p: _(
        "{field} starts or ends with spaces", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_LONG: lambda e, p: ngettext(
        "{field} is longer than {n} character",
        "{field} is longer than {n} characters",
        _count(p, "maximum"),
        n=_number_param(p, "maximum"),
        field=_def_field(e),
    ),
    ErrorCode.DEFINITION_ID: lambda e, p: _(
        "{field} must be lower-case letters, digits and _, a letter first: not “{value}”",
        field=_def_field(e),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_DUPLICATE_ID: lambda e, p: _(
        "{field}: “{value}” is used twice", field=_def_field(e), value=_value(p.get("value"))
    ),
    ErrorCode.DEFINITION_FACE_IS_CARD: lambda e, p: _(
        "{field}: “{value}” reads as a playing card; choose another name",
        field=_def_field(e),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_JOKER_SUITS: lambda e, p: _(
        "{field}: a joker has no suits", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_URL: lambda e, p: _(
        "{field} must be a web address starting with https://", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_FLAG_EFFECT: lambda e, p: _(
        "{field} must have exactly one of {choices}",
        field=_def_field(e),
        choices=join_or(_shown(c) for c in _items(p.get("choices", ()))),
    ),
    ErrorCode.DEFINITION_PRESET: lambda e, p: _(
        "{field} must have exactly one of {choices}",
        field=_def_field(e),
        choices="value, per_player",
    ),
    ErrorCode.DEFINITION_UNKNOWN_KEY: lambda e, p: _(
        "{field}: the game has no key “{value}”", field=_def_field(e), value=_value(p.get("value"))
    ),
    ErrorCode.DEFINITION_UNKNOWN_FLAG: lambda e, p: _(
        "{field}: the game has no flag “{value}”", field=_def_field(e), value=_value(p.get("value"))
    ),
    ErrorCode.DEFINITION_UNKNOWN_OPTION: lambda e, p: _(
        "{field}: the game has no switch “{value}”",
        field=_def_field(e),
        value=_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_CONFLICT: lambda e, p: _(
        "{field} cannot be played together with the rest of the game", field=_def_field(e)
    ),
}


def _count(p: Mapping[str, Any], key: str) -> int:
    """The count ``p[key]`` that picks a sentence's plural form (a value that
    is not a whole number, from a hostile file, reads as plural)."""
    value = p.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


# The words of a game definition's field paths (GAME_FORMAT.md), for errors
# that name the field in the editor's terms rather than the file's.
_FIELD_WORDS: Mapping[str, str] = {
    "document": N_("The game definition"),
    "format": N_("Format"),
    "version": N_("Version"),
    "id": N_("Id"),
    "name": N_("Name"),
    "description": N_("Description"),
    "source": N_("Rule book"),
    "title": N_("title"),
    "publisher": N_("publisher"),
    "url": N_("web address"),
    "players": N_("Players"),
    "min": N_("fewest"),
    "max": N_("most"),
    "from_players": N_("from players"),
    "counted": N_("What is counted"),
    "jokers_per_deck": N_("Jokers per deck"),
    "rank": N_("card"),
    "face": N_("id"),
    "points": N_("points"),
    "suits": N_("points per suit"),
    "per_deck": N_("cards per deck"),
    "went_out": N_("When someone goes out"),
    "blocked": N_("When nobody goes out"),
    "player": N_("for whom"),
    "multiply": N_("times"),
    "bonus": N_("bonus"),
    "others_score": N_("points to each other player"),
    "in_play": N_("in play"),
    "winner": N_("Who wins"),
    "end": N_("The end"),
    "target": N_("Target score"),
    "rounds": N_("Number of rounds"),
    "next_dealer": N_("Next dealer"),
    "kind": N_("kind"),
    "default": N_("on at the start"),
    "set": N_("what it changes"),
    "value": N_("number"),
    "per_player": N_("per player"),
    "suggested": N_("suggested"),
    "suggested_with": N_("suggested with"),
    "nb": N_("Norwegian"),
    "en": N_("English"),
}
_FIELD_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_FIELD_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")


def _list_item(name: str, number: str) -> str:
    n = format_number(int(number))
    if name == "keys":
        return _("Key {n}", n=n)
    if name == "flags":
        return _("Flag {n}", n=n)
    if name == "options":
        return _("Option {n}", n=n)
    if name == "decks":
        return _("Decks, row {n}", n=n)
    if name == "choices":
        return _("choice {n}", n=n)
    if name == "presets":
        return _("suggestion {n}", n=n)
    return f"{_shown(name)} {n}"


def definition_field(path: str) -> str:
    """A game definition's field path (``keys[3].points``) in words:
    ``Key 3 › points`` / ``Tast 3 › poeng``. Parts it has no words for are
    shown as written.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     definition_field("keys[3].suits.S"), definition_field("name.nb")
    ('Key 3 › points per suit › spades', 'Name › Norwegian')
    """
    parts: list[str] = []
    for index, segment in enumerate(str(path).split(".")):
        match = _FIELD_PART.fullmatch(segment)
        if match is None:
            parts.append(_shown(segment))
            continue
        name, number = match.groups()
        if number is not None:
            parts.append(_list_item(name, number))
        elif name == "definition" and index == 0:
            parts.append(_("Game definition"))
        elif parts and parts[-1] == _(_FIELD_WORDS["suits"]) and name in _FIELD_SUITS:
            parts.append(suit_name(_FIELD_SUITS[name]))
        elif name in _FIELD_WORDS:
            parts.append(_(_FIELD_WORDS[name]))
        else:
            parts.append(_shown(name))
    return " › ".join(parts)


def _def_field(e: Any) -> str:
    """The field of a game definition error, in words (:func:`definition_field`)."""
    return definition_field(getattr(e, "field", None) or "document")


def _number_param(p: Mapping[str, Any], key: str) -> str:
    value = p.get(key)
    return (
        format_number(value)
        if isinstance(value, int) and not isinstance(value, bool)
        else (_shown(value) if value is not None else "")
    )


@unique
class DraftCode(StrEnum):
    """What the hand-entry screen refuses before the hand reaches scoring."""

    WENT_OUT_MISSING = "went_out_missing"
    RUN_PENDING = "run_pending"
    RUN_UNFINISHED = "run_unfinished"


class DraftError(CodedError):
    """Input the hand screen refuses before asking :mod:`scoring` or the
    services: a :class:`DraftCode` and ``params`` (``ace``: an ace's rank is
    still to be chosen)."""

    def __init__(self, code: DraftCode, **params: Any) -> None:
        super().__init__(code.value)
        self.code = DraftCode(code)
        self.params = params


def _run_unfinished(e: Any, p: Mapping[str, Any]) -> str:
    if p.get("ace"):
        return _("Choose what the ace stands for first")
    return _("Finish this run (three ranks) or undo its ranks first")


def _bad_points(e: Any, p: Mapping[str, Any]) -> str:
    value = p.get("value")
    if isinstance(value, str):  # typed in a "Type points" field: say what is wrong with it
        text = value.strip()
        if not text:
            return _("Type the points for {player}", player=_shown(e.player or ""))
        return _(
            "{player}: points must be a whole number of 0 or more, not “{text}”",
            player=_shown(e.player or ""),
            text=_shown(text),
        )
    return _("Points must be a whole number of 0 or more, not {value}", value=_value(value))


def _duplicate_session(e: Any, p: Mapping[str, Any]) -> str:
    if p.get("in_trash"):
        return _(
            "This session is already stored as number {session} ({id}), in the trash",
            session=_number_param(p, "session"),
            id=p.get("id", ""),
        )
    return _(
        "This session is already stored as number {session} ({id})",
        session=_number_param(p, "session"),
        id=p.get("id", ""),
    )


def _path(value: Any) -> str:
    """A file name or database URL as a message shows it (control characters
    escaped, long ones cut in the middle of nothing: paths stay whole up to
    200 characters)."""
    return _shown(value if value is not None else "", 200)


def _damaged(e: Any, p: Mapping[str, Any]) -> str:
    if p.get("backup"):
        return _(
            "The database {database} is damaged or is not a Kortpoeng database; nothing was "
            "changed. Restore the latest backup with: kortpoeng restore-backup {backup}",
            database=_path(p.get("database")),
            backup=_path(p.get("backup")),
        )
    return _(
        "The database {database} is damaged or is not a Kortpoeng database, and it has no "
        "backups; nothing was changed. Move it aside to start a new one, or choose another "
        "with --db",
        database=_path(p.get("database")),
    )


def _not_a_backup(e: Any, p: Mapping[str, Any]) -> str:
    file = _path(p.get("file"))
    reason = p.get("reason")
    if reason == "newer":
        return _(
            "{file} was made by a newer version of Kortpoeng; nothing was restored. "
            "Use the newer Kortpoeng",
            file=file,
        )
    if reason == "not_kortpoeng":
        return _(
            "{file} is a database, but not one of Kortpoeng's; nothing was restored", file=file
        )
    return _(
        "{file} is not a Kortpoeng database (it is damaged, or not a database at all); "
        "nothing was restored",
        file=file,
    )


_ERRORS = {
    **_ERRORS,
    StorageCode.SESSION_NOT_FOUND: lambda e, p: _(
        "There is no session “{session}”", session=_number_param(p, "session")
    ),
    StorageCode.SESSION_AMBIGUOUS: lambda e, p: ngettext(
        "“{session}” matches {n} session: give more of its id",
        "“{session}” matches {n} sessions: give more of its id",
        _count(p, "matches"),
        n=_number_param(p, "matches"),
        session=_shown(p.get("session", "")),
    ),
    StorageCode.HAND_NOT_FOUND: lambda e, p: _(
        "Session {session} has no hand {hand}",
        session=_number_param(p, "session"),
        hand=_number_param(p, "hand"),
    ),
    StorageCode.HAND_CHANGED: lambda e, p: _(
        "Hand {n} was changed or deleted on another phone meanwhile: go back and open it again",
        n=_number_param(p, "hand"),
    ),
    StorageCode.NEXT_HAND_CHANGED: lambda e, p: _(
        "The hands changed on another phone while you entered this one: "
        "this is now hand {n}. Check it, then save again",
        n=_number_param(p, "next"),
    ),
    StorageCode.PLAYER_NOT_FOUND: lambda e, p: _(
        "There is no player {player}", player=_number_param(p, "player")
    ),
    StorageCode.NAME_TAKEN: lambda e, p: _(
        "Another player is already called “{name}”", name=_shown(p.get("name", ""))
    ),
    StorageCode.DUPLICATE_SESSION: _duplicate_session,
    StorageCode.IMPORT_TOO_LARGE: lambda e, p: ngettext(
        "The file is too large: at most {n} byte is accepted",
        "The file is too large: at most {n} bytes are accepted",
        _count(p, "limit"),
        n=_number_param(p, "limit"),
    ),
    StorageCode.IMPORT_INVALID: lambda e, p: _("This is not a session file: it is not UTF-8 text"),
    StorageCode.WARNINGS_NEED_CONFIRMATION: lambda e, p: _("The hand has warnings to confirm"),
    StorageCode.DATABASE_FAULT: lambda e, p: _(
        "The database could not be used just now; nothing was changed. Try again"
    ),
    StorageCode.GAME_NOT_FOUND: lambda e, p: _(
        "There is no game “{game}”", game=_shown(p.get("game", ""))
    ),
    StorageCode.GAME_EXISTS: lambda e, p: _(
        "Another custom game already has the id “{game}”: choose another id",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_IS_BUILTIN: lambda e, p: _(
        "“{game}” is a built-in game: a custom game needs another id",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_CHANGED: lambda e, p: _(
        "The game “{game}” was changed on another phone meanwhile: open it again",
        game=_shown(p.get("game", "")),
    ),
    StorageCode.GAME_CONFLICT: lambda e, p: (
        _(
            "A different game with the id “{game}” is already here: keep both, or replace it",
            game=_shown(p.get("game", "")),
        )
        if not p.get("builtin")
        else _(
            "A different game with the id “{game}” is built in: keep both to add this one",
            game=_shown(p.get("game", "")),
        )
    ),
    StorageCode.DATABASE_BUSY: lambda e, p: _(
        "The database is busy: another program or phone is writing to it. "
        "Nothing was changed; try again in a moment"
    ),
    StorageCode.DATABASE_READ_ONLY: lambda e, p: _(
        "Cannot write to the database {database}: the file or its folder is read-only. "
        "Nothing was changed; make them writable",
        database=_path(p.get("database")),
    ),
    StorageCode.DISK_FULL: lambda e, p: _(
        "The disk holding the database {database} is full. "
        "Nothing was changed; free some space and try again",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_DAMAGED: _damaged,
    StorageCode.DATABASE_NEWER: lambda e, p: _(
        "The database {database} was made by a newer version of Kortpoeng; this version "
        "will not change it. Open it with the newer Kortpoeng",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_UNOPENABLE: lambda e, p: _(
        "Cannot open the database {database}: check its name (a file in a folder that "
        "exists, or a database URL)",
        database=_path(p.get("database")),
    ),
    StorageCode.OUTPUT_EXISTS: lambda e, p: _(
        "{file} exists already: add --force to replace it", file=_path(p.get("file"))
    ),
    StorageCode.OUTPUT_IS_DATABASE: lambda e, p: _(
        "{file} is a database: Kortpoeng never writes over a database. Choose another file",
        file=_path(p.get("file")),
    ),
    StorageCode.NOT_A_BACKUP: _not_a_backup,
    StorageCode.BACKUP_UNAVAILABLE: lambda e, p: _(
        "Kortpoeng makes backups of SQLite database files only; for {database} use the "
        "database's own tool (pg_dump for PostgreSQL)",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_UNREACHABLE: lambda e, p: _(
        "The database server {database} cannot be reached: it may be stopped or "
        "restarting. Nothing was changed; try again when it is running",
        database=_path(p.get("database")),
    ),
    StorageCode.DATABASE_LOGIN_REFUSED: lambda e, p: _(
        "The database server {database} refused the login: check the user name and "
        "password in the database URL. Nothing was changed; try again once they are right",
        database=_path(p.get("database")),
    ),
    StorageCode.SESSION_NOT_IN_TRASH: lambda e, p: _(
        "Session {session} is not in the trash", session=_number_param(p, "session")
    ),
    StorageCode.HAND_NOT_IN_TRASH: lambda e, p: _(
        "{id} is not in the trash: it was put back or deleted for good already",
        id=_shown(p.get("id", "")),
    ),
    StorageCode.HAND_SESSION_IN_TRASH: lambda e, p: _(
        "Hand {hand} ({id}) belongs to session {session}, which is in the trash: "
        "restore the session first",
        hand=_number_param(p, "hand"),
        id=_shown(p.get("id", "")),
        session=_number_param(p, "session"),
    ),
    StorageCode.HAND_SESSION_ENDED: lambda e, p: _(
        "Session {session} has ended since hand {hand} ({id}) was deleted: "
        "it is not put back, so the result stands",
        session=_number_param(p, "session"),
        hand=_number_param(p, "hand"),
        id=_shown(p.get("id", "")),
    ),
    StorageCode.HAND_NOT_PLACEABLE: lambda e, p: _(
        "Hand {hand} ({id}) can no longer be put back into session {session}: "
        "with it the session would end before its last hand",
        hand=_number_param(p, "hand"),
        id=_shown(p.get("id", "")),
        session=_number_param(p, "session"),
    ),
    ErrorCode.BAD_POINTS: _bad_points,
    LinkCode.LINK_INVALID: lambda e, p: _(
        "This link holds no game: it may have been cut off. Ask for the link or the file again"
    ),
    DraftCode.WENT_OUT_MISSING: lambda e, p: _("Tap who went out, or that the hand was blocked"),
    DraftCode.RUN_PENDING: lambda e, p: _("Finish the run you are building first"),
    DraftCode.RUN_UNFINISHED: _run_unfinished,
}

#: Every error code :func:`describe_error` has a sentence for (scoring's and storage's).
ERROR_CODES: frozenset[StrEnum] = frozenset(_ERRORS)

# Codes whose sentence names the player itself (no "Kari:" prefix then).
_NAMES_PLAYER = frozenset(
    {
        ErrorCode.UNKNOWN_PLAYER,
        ErrorCode.WENT_OUT_HOLDS_CARDS,
        ErrorCode.PLAYER_NAME_CONTROL,
        ErrorCode.PLAYER_NAME_LONG,
        ErrorCode.PLAYER_DUPLICATE,
        ErrorCode.PLAYER_REPEATED,
    }
)


def _where(hand: int | None, player: str | None, problem: str) -> str:
    if player:
        player = _shown(player)
    if hand is not None and player:
        return _(
            "Hand {hand}, {player}: {problem}",
            hand=format_number(hand),
            player=player,
            problem=problem,
        )
    if hand is not None:
        return _("Hand {hand}: {problem}", hand=format_number(hand), problem=problem)
    if player:
        return _("{player}: {problem}", player=player, problem=problem)
    return problem


def describe_error(error: BaseException) -> str:
    """One translated line for a coded error (scoring's or the storage
    services', :class:`scoring.CodedError`), naming the hand, the player and
    the card or field — the one describer for the app and the command line.

    Anything else (a bug, or a library's exception) gets a plain translated
    sentence: no library's own text ever reaches a user.

    Returns:
        e.g. ``"Hand 2, Kari: “KD” (card 3) is not a card"``; in Norwegian
        ``"Runde 2, Kari: «KD» (kort nr. 3) er ikke et kort"``.
    """
    if not isinstance(error, CodedError):
        return _("Something went wrong; nothing was changed")
    params: Mapping[str, Any] = error.params or {}
    describer = _ERRORS.get(error.code)
    if describer is None:
        problem = _("Something went wrong ({code}); nothing was changed", code=str(error.code))
    else:
        problem = describer(error, params)
    names_player = error.code in _NAMES_PLAYER or (
        error.code == ErrorCode.BAD_POINTS and isinstance(params.get("value"), str)
    )
    player = None if names_player else error.player
    return _where(error.hand, player, problem)


def os_reason(error: OSError) -> str:
    """Why a file could not be read or written, in the active language.

    >>> import errno
    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"))
    'filen finnes ikke'
    """
    reasons = {
        errno.ENOENT: N_("there is no such file"),
        errno.EISDIR: N_("it is a folder, not a file"),
        errno.ENOTDIR: N_("a part of the path is not a folder"),
        errno.EACCES: N_("permission denied"),
        errno.EPERM: N_("permission denied"),
        errno.EROFS: N_("the file system is read-only"),
        errno.ENOSPC: N_("the disk is full"),
        errno.EBADF: N_("it is closed"),
    }
    reason = reasons.get(error.errno or 0)
    if reason is not None:
        return _(reason)
    return _shown(error.strerror or error, 2 * _SHOWN)


# --------------------------------------------------------------------------
# Warnings
# --------------------------------------------------------------------------


def _times(count: int) -> str:
    return ngettext("entered {n} time", "entered {n} times", count)


def _rank_count(w: ScoreWarning) -> str:
    return ngettext(
        "{card} {entered}, but the cards in play hold only {n}",
        "{card} {entered}, but the cards in play hold only {n}",
        w.expected,
        card=card_text(w.card),
        entered=_times(w.count),
    )


def _card_count(w: ScoreWarning) -> str:
    return ngettext(
        "{card} {entered}, but only {n} deck is in play",
        "{card} {entered}, but only {n} decks are in play",
        w.expected,
        card=card_text(w.card),
        entered=_times(w.count),
    )


def _hand_size(w: ScoreWarning) -> str:
    return ngettext(
        "{player} has {n} card in runs and hand, not {expected}",
        "{player} has {n} cards in runs and hand, not {expected}",
        w.count,
        player=w.player or "",
        expected=format_number(w.expected),
    )


def _plain_number(w: ScoreWarning) -> str:
    return _(
        "{player}'s cards were entered as points, so they cannot be checked",
        player=w.player or "",
    )


def _no_cards(w: ScoreWarning) -> str:
    return _("No leftover cards were entered for anyone who stayed in the hand")


_WARNINGS: Mapping[WarningCode, Callable[[ScoreWarning], str]] = {
    WarningCode.RANK_COUNT: _rank_count,
    WarningCode.CARD_COUNT: _card_count,
    WarningCode.HAND_SIZE: _hand_size,
    WarningCode.PLAIN_NUMBER: _plain_number,
    WarningCode.NO_CARDS: _no_cards,
}

#: Every warning code :func:`describe_warning` has a sentence for.
WARNING_CODES: frozenset[WarningCode] = frozenset(_WARNINGS)


def describe_warning(warning: ScoreWarning | Any) -> str:
    """One translated line for a card-conservation warning (the hand is named if known).

    Args:
        warning: a :class:`scoring.ScoreWarning` (``code``, ``card``,
            ``player``, ``count``, ``expected``, ``hand``).

    Returns:
        e.g. ``"Hand 4: 7 of hearts entered 2 times, but only 1 deck is in play"``.
        An unknown code gives a generic sentence naming the code.
    """
    describer = _WARNINGS.get(getattr(warning, "code", None))  # type: ignore[arg-type]
    if describer is not None:
        problem = describer(warning)
    else:
        problem = _("Unusual input ({code})", code=getattr(warning, "code", "?"))
    return _where(getattr(warning, "hand", None), None, problem)


# --------------------------------------------------------------------------
# Breakdowns
# --------------------------------------------------------------------------


def describe_breakdown(item: BreakdownItem | Any, flags: Mapping[str, Words] | None = None) -> str:
    """One translated line explaining part of a hand's score.

    Args:
        item: a :class:`scoring.BreakdownItem` (``code``, ``points``,
            ``count``, ``value``, ``player``).
        flags: the names of the game's hand flags by id (a game definition's),
            for a flag's line; the built-in flags are named without.

    Returns:
        e.g. ``"4 runs × 20 = 80"``, ``"25 from Bjørn's cards"``,
        ``"−18 for own cards left"``. An unknown code gives ``"<code>: <points>"``.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> with use_language("nb"):
    ...     describe_breakdown(BreakdownItem("collected", 25, value=25, player="Bjørn"))
    '25 fra kortene til Bjørn'
    """
    code = getattr(item, "code", "")
    points, count, value = item.points, item.count, item.value
    who = item.player or ""
    if code == BreakdownCode.RUNS:
        return ngettext(
            "{n} run × {value} = {points}",
            "{n} runs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == BreakdownCode.MATCHING_PAIRS:
        return ngettext(
            "{n} matching pair × {value} = {points}",
            "{n} matching pairs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == BreakdownCode.COLLECTED:
        return _("{points} from {player}'s cards", points=format_number(points), player=who)
    if code == BreakdownCode.BLOCKED_DIFFERENCE:
        return _(
            "{points} from {player} ({value} − {own})",
            points=format_number(points),
            player=who,
            value=format_number(value),
            own=format_number(value - points),
        )
    if code == BreakdownCode.OWN_LEFTOVER:
        return _("{points} for own cards left", points=_signed(points))
    if code == BreakdownCode.PENALTY:
        return ngettext(
            "{n} penalty point for cards left",
            "{n} penalty points for cards left",
            points,
        )
    if code == BreakdownCode.OWN_CARDS:
        return ngettext("{n} point for own cards", "{n} points for own cards", points)
    if code == BreakdownCode.BLOCKED_TIE:
        return ngettext(
            "Nobody scores: {players} share the lowest hand, {n} point each",
            "Nobody scores: {players} share the lowest hand, {n} points each",
            value,
            players=join_and(_shown(p) for p in item.players),
        )
    if code == BreakdownCode.BLOCKED_NO_SCORE:
        return _("Nobody scores: with these rules a hand nobody goes out of scores nothing")
    named = (flags or {}).get(item.flag or "")
    flag = words(named) if named is not None else flag_name(item.flag or "")
    if code == BreakdownCode.FLAG_MULTIPLIED:
        if count == 2:
            return _("+{points} for {flag} (doubled)", points=format_number(points), flag=flag)
        return _(
            "+{points} for {flag} (×{times})",
            points=format_number(points),
            flag=flag,
            times=format_number(count),
        )
    if code == BreakdownCode.FLAG_BONUS:
        return _("+{points} for {flag}", points=format_number(points), flag=flag)
    if code == BreakdownCode.FLAG_TO_OTHERS:
        return _(
            "{points}: {player} called {flag}",
            points=format_number(points),
            player=who,
            flag=flag,
        )
    return f"{_shown(code)}: {_signed(points)}"


#: The hand flags of the built-in games (a custom game names its own).
FLAG_NAMES: Mapping[str, str] = {
    "rummy": N_("going rummy"),
    "moon": N_("shooting the moon"),
}


def flag_name(flag: str) -> str:
    """A hand flag's name in the active language (its id when unknown)."""
    name = FLAG_NAMES.get(flag)
    return _(name) if name else _shown(flag.replace("_", " "))


def _signed(points: int) -> str:
    """Points with a real minus sign (U+2212) when negative."""
    return ("−" + format_number(-points)) if points < 0 else format_number(points)


#: Every breakdown code :func:`describe_breakdown` explains.
BREAKDOWN_CODES: frozenset[BreakdownCode] = frozenset(
    {
        BreakdownCode.RUNS,
        BreakdownCode.MATCHING_PAIRS,
        BreakdownCode.COLLECTED,
        BreakdownCode.BLOCKED_DIFFERENCE,
        BreakdownCode.OWN_LEFTOVER,
        BreakdownCode.PENALTY,
        BreakdownCode.OWN_CARDS,
        BreakdownCode.FLAG_MULTIPLIED,
        BreakdownCode.FLAG_BONUS,
        BreakdownCode.FLAG_TO_OTHERS,
        BreakdownCode.BLOCKED_TIE,
        BreakdownCode.BLOCKED_NO_SCORE,
    }
)


def describe_note(item: BreakdownItem | Any, hand: int | None = None) -> str:
    """A note on a whole hand (``HandScore.notes``: why nobody scored it), with
    the hand named when ``hand`` is given.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> tie = BreakdownItem("blocked_tie", 0, 2, 5, players=("Anna", "Bo"))
    >>> with use_language("en"):
    ...     describe_note(tie, 3)
    'Hand 3: Nobody scores: Anna and Bo share the lowest hand, 5 points each'
    """
    return _where(hand, None, describe_breakdown(item))


def describe_total(
    items: Iterable[BreakdownItem], total: int, flags: Mapping[str, Words] | None = None
) -> str:
    """All of a player's breakdown lines joined, with the hand's total.

    >>> from app.i18n import use_language
    >>> from scoring import BreakdownItem
    >>> items = [BreakdownItem("runs", 80, 4, 20), BreakdownItem("matching_pairs", 50, 1, 50)]
    >>> with use_language("en"):
    ...     describe_total(items, 130)
    '4 runs × 20 = 80; 1 matching pair × 50 = 50 (total 130)'
    """
    lines = [describe_breakdown(item, flags) for item in items]
    if not lines:
        return _("No points this hand")
    return _("{lines} (total {total})", lines="; ".join(lines), total=_signed(total))
