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
from typing import Any

from babel.lists import format_list

from app.i18n import N_, _, babel_locale, format_number, ngettext, pgettext
from scoring import BreakdownItem, Card, Rank, ScoreWarning, Suit, parse_card

__all__ = [
    "BREAKDOWN_CODES",
    "ERROR_CODES",
    "GAME_NAMES",
    "OPTION_NAMES",
    "OPTION_VALUE_NAMES",
    "WARNING_CODES",
    "card_label",
    "card_name",
    "card_text",
    "describe_breakdown",
    "describe_error",
    "describe_total",
    "describe_warning",
    "game_name",
    "join_or",
    "option_name",
    "option_value_name",
    "os_reason",
    "rank_label",
    "rank_name",
    "suit_letter",
    "suit_name",
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
    return rank.value


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
    return rank.value


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


def card_label(card: Card) -> str:
    """Compact card for chips and lists: short rank plus suit symbol.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     card_label(parse_card("QH")), card_label(parse_card("K")), card_label(parse_card("10S"))
    ('D♥', 'K', '10♠')
    """
    return rank_label(card.rank) + (card.suit.symbol if card.suit else "")


def card_name(card: Card) -> str:
    """The card in words: ``queen of hearts`` / ``hjerter dame``; ``king`` without a suit.

    >>> from app.i18n import use_language
    >>> with use_language("en"):
    ...     card_name(parse_card("QH")), card_name(parse_card("7")), card_name(parse_card("JKR"))
    ('queen of hearts', '7', 'joker')
    """
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


# --------------------------------------------------------------------------
# Games and options
# --------------------------------------------------------------------------

#: Game id → name (marked with ``N_``; translate with ``_`` or :func:`game_name`).
GAME_NAMES: Mapping[str, str] = {
    "swedish_rummy": N_("Swedish Rummy"),
    "four_suit_rummy": N_("Four Suit Rummy"),
    "rummy": N_("Rummy"),
}

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

# English descriptions of an expected type that scoring puts in
# ``params["expected"]`` (option_type, file_type); unknown ones are shown as is.
_EXPECTED: Mapping[str, str] = {
    "true or false": N_("true or false"),
    "a whole number": N_("a whole number"),
    "a list of cards or a whole number": N_("a list of cards or a whole number"),
    "a list of cards": N_("a list of cards"),
    "a list of names": N_("a list of names"),
    "a list": N_("a list"),
    "an object": N_("an object"),
    "text": N_("text"),
    "a rank": N_("a rank"),
    "a game id": N_("a game id"),
    "a player's name": N_("a player's name"),
}


def game_name(game_id: str) -> str:
    """The game's name in the active language (the id itself if unknown).

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     game_name("four_suit_rummy"), game_name("rummy")
    ('Firefarget rummy', 'Rummy')
    """
    name = GAME_NAMES.get(game_id)
    return _(name) if name else game_id


def option_name(key: str) -> str:
    """The label of a game option (the key itself if unknown)."""
    name = OPTION_NAMES.get(key)
    return _(name) if name else key


def option_value_name(key: str, value: Any) -> str:
    """The label of an option's value: a named choice, yes/no, or the number.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     option_value_name("scoring", "penalty"), option_value_name("draw_two", True)
    ('Minuspoeng, lavest sum vinner', 'ja')
    """
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return format_number(value)
    name = OPTION_VALUE_NAMES.get((key, str(value)))
    return _(name) if name else str(value)


def _expected(text: Any) -> str:
    name = _EXPECTED.get(str(text))
    return _(name) if name else str(text)


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
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


def _position(p: Mapping[str, Any]) -> str:
    return format_number(p.get("position", 1))


def _run_cards(p: Mapping[str, Any]) -> str:
    """A run's cards (``"5H-6H-7H"``) as compact labels: ``5♥-6♥-7♥``."""
    labels = []
    for token in str(p.get("cards", "")).split("-"):
        try:
            labels.append(card_label(parse_card(token)))
        except ValueError:
            labels.append(token)
    return "-".join(labels)


def _ranks(text: Any) -> str:
    """``"A, 4"`` (rank tokens) as ``ace or 4`` in words."""
    names = []
    for token in str(text).split(","):
        token = token.strip()
        try:
            names.append(rank_name(parse_card(token).rank))
        except ValueError:
            names.append(token)
    return join_or(names)


def _readings(text: Any) -> str:
    """``"K♦ (English), Q♣ (Norwegian)"`` as ``king of diamonds (English notation) or …``."""
    found = re.findall(r"(\S+) \(([^)]*)\)", str(text))
    if not found:
        return str(text)
    parts = []
    for token, notation in found:
        if notation == "Norwegian":
            where = _("Norwegian notation")
        elif notation == "English":
            where = _("English notation")
        else:
            where = notation
        parts.append(_("{card} ({notation})", card=card_text(token), notation=where))
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


_ERRORS: Mapping[str, _Describer] = {
    # cards
    "card_empty": lambda e, p: _("Card {position} is empty", position=_position(p)),
    "card_unknown": lambda e, p: _(
        "“{card}” (card {position}) is not a card",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    "card_ambiguous": lambda e, p: _(
        "“{card}” (card {position}) could be {readings}: add the suit as ♠ ♥ ♦ ♣",
        card=e.card or "",
        position=_position(p),
        readings=_readings(p.get("readings", "")),
    ),
    "card_not_text": lambda e, p: _(
        "Card {position} is not text: {card}", card=_shown(e.card or ""), position=_position(p)
    ),
    "joker_not_in_play": lambda e, p: _(
        "There are no jokers in this game (card {position})", position=_position(p)
    ),
    # hands
    "unknown_player": lambda e, p: _(
        "“{player}” is not a player in this session", player=_shown(e.player or "")
    ),
    "went_out_holds_cards": lambda e, p: _(
        "{player} went out but still holds cards", player=e.player or ""
    ),
    "cannot_block": lambda e, p: _(
        "With these rules a hand cannot end blocked: someone must go out"
    ),
    "negative_points": lambda e, p: _(
        "Points must be a whole number of 0 or more, not {value}", value=_value(p.get("value"))
    ),
    "bad_points": lambda e, p: _(
        "Points must be a whole number of 0 or more, not {value}", value=_value(p.get("value"))
    ),
    "points_too_large": lambda e, p: _(
        "Points must be at most {maximum}, not {value}",
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    "player_repeated": lambda e, p: _(
        "{player} is entered twice in {field}", player=_shown(e.player or ""), field=_field(e)
    ),
    "runs_not_allowed": lambda e, p: _("This game has no runs to enter"),
    "run_size": lambda e, p: ngettext(
        "A run has exactly three cards, but {cards} has {n} card",
        "A run has exactly three cards, but {cards} has {n} cards",
        int(p.get("count", 0)),
        cards=_run_cards(p),
    ),
    "run_needs_suits": lambda e, p: _(
        "Every card in the run {cards} needs its suit", cards=_run_cards(p)
    ),
    "run_mixed_suits": lambda e, p: _(
        "The run {cards} mixes suits: a run is three cards of one suit", cards=_run_cards(p)
    ),
    "not_a_run": lambda e, p: _(
        "{cards} cannot stand for three ranks in a row, even with the ace", cards=_run_cards(p)
    ),
    "ace_ambiguous": lambda e, p: _(
        "The ace in {cards} could stand for {choices}: choose one",
        cards=_run_cards(p),
        choices=_ranks(p.get("choices", "")),
    ),
    "ace_as_invalid": lambda e, p: _(
        "The ace in {cards} cannot stand for {rank}",
        cards=_run_cards(p),
        rank=_ranks(p.get("ace_as", "")),
    ),
    "ace_as_without_ace": lambda e, p: _(
        "{cards} has no ace, so the ace cannot stand for {rank}",
        cards=_run_cards(p),
        rank=_ranks(p.get("ace_as", "")),
    ),
    "rummy_not_allowed": lambda e, p: _(
        "“Rummy” (going out in one turn) only counts when someone goes out and the winner collects"
    ),
    "session_over": lambda e, p: _(
        "The session already ended after hand {finished}",
        finished=format_number(p.get("finished_after", 0)),
    ),
    # options and players
    "option_unknown": lambda e, p: _(
        "{game} has no option “{option}”", game=_game(p), option=_field(e)
    ),
    "option_type": lambda e, p: _(
        "{option} must be {expected}, not {value}",
        option=option_name(e.field or ""),
        expected=_expected(p.get("expected", "")),
        value=_value(p.get("value")),
    ),
    "option_value": lambda e, p: _(
        "{option} must be {choices}, not {value}",
        option=option_name(e.field or ""),
        choices=join_or(
            option_value_name(e.field or "", c.strip())
            for c in str(p.get("choices", "")).split(",")
        ),
        value=_value(p.get("value")),
    ),
    "option_range": lambda e, p: _(
        "{option} must be a whole number of at least {minimum}, not {value}",
        option=option_name(e.field or ""),
        minimum=format_number(p.get("minimum", 1)),
        value=_value(p.get("value")),
    ),
    "option_too_large": lambda e, p: _(
        "{option} must be at most {maximum}, not {value}",
        option=option_name(e.field or ""),
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    "player_count": _player_count,
    "player_name_empty": lambda e, p: _("A player's name is empty"),
    "player_name_control": lambda e, p: _(
        "The name “{player}” contains control characters", player=_shown(e.player or "")
    ),
    "player_name_long": lambda e, p: ngettext(
        "The name “{player}” is longer than {n} character",
        "The name “{player}” is longer than {n} characters",
        int(p.get("maximum", 0)),
        player=_shown(e.player or ""),
    ),
    "player_duplicate": lambda e, p: _(
        "“{player}” is listed twice: every player needs a different name",
        player=_shown(e.player or ""),
    ),
    "game_unknown": lambda e, p: _(
        "There is no game called “{value}”", value=_value(p.get("value"))
    ),
    # session files
    "file_json": _file_json,
    "file_duplicate_key": lambda e, p: _(
        "“{field}” is in the file twice: keep one of them", field=_field(e)
    ),
    "file_text": lambda e, p: _("{field} holds text that is not valid Unicode", field=_field(e)),
    "file_not_object": lambda e, p: _("{field} must be an object", field=_field(e)),
    "file_format": lambda e, p: _(
        "This is not a Kortpoeng session file (format is “{value}”)",
        value=_value(p.get("value")),
    ),
    "file_version": lambda e, p: _(
        "This session file has version {value}; this version of Kortpoeng reads version 1",
        value=_value(p.get("value")),
    ),
    "file_missing": lambda e, p: _("{field} is missing", field=_field(e)),
    "file_unknown_field": lambda e, p: _("Unknown field “{field}”", field=_field(e)),
    "file_type": lambda e, p: _(
        "{field} must be {expected}, not {value}",
        field=_field(e),
        expected=_expected(p.get("expected", "")),
        value=_value(p.get("value")),
    ),
    "file_id": lambda e, p: _(
        "{field} is not a UUID: “{value}”", field=_field(e), value=_value(p.get("value"))
    ),
    "file_time": lambda e, p: _(
        "{field} is not an ISO 8601 time with a UTC offset: “{value}”",
        field=_field(e),
        value=_value(p.get("value")),
    ),
    # games defined as data (GAME_FORMAT.md): a hand ...
    "card_not_in_game": lambda e, p: _(
        "“{card}” (card {position}) is not a card of this game",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    "card_needs_suit": lambda e, p: _(
        "“{card}” (card {position}) needs its suit: in this game its value depends on the suit",
        card=_shown(e.card or ""),
        position=_position(p),
    ),
    "went_out_not_allowed": lambda e, p: _("Nobody goes out in this game"),
    "flag_unknown": lambda e, p: _(
        "This game has no “{flag}” with these rules", flag=_value(p.get("flag"))
    ),
    "flag_not_went_out": lambda e, p: _(
        "“{flag}” is only for the player who went out", flag=_value(p.get("flag"))
    ),
    # ... and a game definition (``field`` is the path of the value)
    "definition_json": lambda e, p: _("The game definition is not valid JSON"),
    "definition_too_large": lambda e, p: _(
        "A game definition is at most {maximum} characters",
        maximum=format_number(p.get("maximum", 0)),
    ),
    "definition_duplicate_key": lambda e, p: _(
        "“{field}” is in the file twice: keep one of them", field=_field(e)
    ),
    "definition_format": lambda e, p: _(
        "This is not a Kortpoeng game definition (format is “{value}”)",
        value=_value(p.get("value")),
    ),
    "definition_version": lambda e, p: _(
        "This game definition has version {value}; this version of Kortpoeng reads version 1",
        value=_value(p.get("value")),
    ),
    "definition_not_object": lambda e, p: _("{field} must be an object", field=_field(e)),
    "definition_missing": lambda e, p: _("{field} is missing", field=_field(e)),
    "definition_unknown_field": lambda e, p: _("Unknown field “{field}”", field=_field(e)),
    "definition_type": lambda e, p: _(
        "{field} must be {expected}, not {value}",
        field=_field(e),
        expected=_expected(p.get("expected", "")),
        value=_value(p.get("value")),
    ),
    "definition_range": lambda e, p: _(
        "{field} must be a whole number from {minimum} to {maximum}, not {value}",
        field=_field(e),
        minimum=format_number(p.get("minimum", 0)),
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    "definition_value": lambda e, p: _(
        "{field} must be one of {choices}, not {value}",
        field=_field(e),
        choices=_shown(p.get("choices", ""), 2 * _SHOWN),
        value=_value(p.get("value")),
    ),
    "definition_too_many": lambda e, p: _(
        "{field} may have at most {maximum} entries", field=_field(e), maximum=p.get("maximum")
    ),
    "definition_too_few": lambda e, p: _(
        "{field} needs at least {minimum} entries", field=_field(e), minimum=p.get("minimum")
    ),
    "definition_text": lambda e, p: _("{field} contains control characters", field=_field(e)),
    "definition_empty": lambda e, p: _("{field} is empty", field=_field(e)),
    "definition_spaces": lambda e, p: _("{field} starts or ends with spaces", field=_field(e)),
    "definition_long": lambda e, p: _(
        "{field} is longer than {maximum} characters", field=_field(e), maximum=p.get("maximum")
    ),
    "definition_id": lambda e, p: _(
        "{field} must be lower-case letters, digits and _, a letter first: not “{value}”",
        field=_field(e),
        value=_value(p.get("value")),
    ),
    "definition_duplicate_id": lambda e, p: _(
        "{field}: “{value}” is used twice", field=_field(e), value=_value(p.get("value"))
    ),
    "definition_face_is_card": lambda e, p: _(
        "{field}: “{value}” reads as a playing card; choose another name",
        field=_field(e),
        value=_value(p.get("value")),
    ),
    "definition_joker_suits": lambda e, p: _("{field}: a joker has no suits", field=_field(e)),
    "definition_url": lambda e, p: _(
        "{field} must be a web address starting with https://", field=_field(e)
    ),
    "definition_flag_effect": lambda e, p: _(
        "{field} must have exactly one of {choices}",
        field=_field(e),
        choices=_shown(p.get("choices", ""), 2 * _SHOWN),
    ),
    "definition_preset": lambda e, p: _(
        "{field} must have exactly one of {choices}", field=_field(e), choices="value, per_player"
    ),
    "definition_unknown_key": lambda e, p: _(
        "{field}: the game has no key “{value}”", field=_field(e), value=_value(p.get("value"))
    ),
    "definition_unknown_flag": lambda e, p: _(
        "{field}: the game has no flag “{value}”", field=_field(e), value=_value(p.get("value"))
    ),
    "definition_unknown_option": lambda e, p: _(
        "{field}: the game has no switch “{value}”", field=_field(e), value=_value(p.get("value"))
    ),
    "definition_conflict": lambda e, p: _(
        "{field} cannot be played together with the rest of the game", field=_field(e)
    ),
}

#: Every error code :func:`describe_error` has a sentence for.
ERROR_CODES: frozenset[str] = frozenset(_ERRORS)

# Codes whose sentence names the player itself (no "Kari:" prefix then).
_NAMES_PLAYER = frozenset(
    {
        "unknown_player",
        "went_out_holds_cards",
        "player_name_control",
        "player_name_long",
        "player_duplicate",
        "player_repeated",
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


def describe_error(error: BaseException | Any) -> str:
    """One translated line for a scoring error, naming the hand, player and card or field.

    Args:
        error: a :class:`scoring.ScoringError` (anything with ``code``,
            ``params`` and optional ``hand``/``player``/``field``/``card``).
            Other exceptions give ``str(error)``; an unknown code gives the
            error's English developer message after the location.

    Returns:
        e.g. ``"Hand 2, Kari: “KD” (card 3) is not a card"``; in Norwegian
        ``"Runde 2, Kari: «KD» (kort nr. 3) er ikke et kort"``.
    """
    code = getattr(error, "code", None)
    if not isinstance(code, str):
        return str(error)
    params: Mapping[str, Any] = getattr(error, "params", None) or {}
    describer = _ERRORS.get(code)
    problem = describer(error, params) if describer else str(error)
    player = None if code in _NAMES_PLAYER else getattr(error, "player", None)
    return _where(getattr(error, "hand", None), player, problem)


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


def _rank_count(w: ScoreWarning) -> str:
    return _(
        "{card} entered {count} times, but the cards in play hold only {expected}",
        card=card_text(w.card),
        count=format_number(w.count),
        expected=format_number(w.expected),
    )


def _card_count(w: ScoreWarning) -> str:
    return ngettext(
        "{card} entered {count} times, but only {n} deck is in play",
        "{card} entered {count} times, but only {n} decks are in play",
        w.expected,
        card=card_text(w.card),
        count=format_number(w.count),
    )


def _hand_size(w: ScoreWarning) -> str:
    return _(
        "{player} has {count} cards in runs and hand, not {expected}",
        player=w.player or "",
        count=format_number(w.count),
        expected=format_number(w.expected),
    )


def _plain_number(w: ScoreWarning) -> str:
    return _(
        "{player}'s cards were entered as points, so they cannot be checked",
        player=w.player or "",
    )


def _no_cards(w: ScoreWarning) -> str:
    return _("No leftover cards were entered for anyone who stayed in the hand")


_WARNINGS: Mapping[str, Callable[[ScoreWarning], str]] = {
    "rank_count": _rank_count,
    "card_count": _card_count,
    "hand_size": _hand_size,
    "plain_number": _plain_number,
    "no_cards": _no_cards,
}

#: Every warning code :func:`describe_warning` has a sentence for.
WARNING_CODES: frozenset[str] = frozenset(_WARNINGS)


def describe_warning(warning: ScoreWarning | Any) -> str:
    """One translated line for a card-conservation warning (the hand is named if known).

    Args:
        warning: a :class:`scoring.ScoreWarning` (``code``, ``card``,
            ``player``, ``count``, ``expected``, ``hand``).

    Returns:
        e.g. ``"Hand 4: 7 of hearts entered 2 times, but only 1 deck is in play"``.
        An unknown code gives a generic sentence naming the code.
    """
    describer = _WARNINGS.get(getattr(warning, "code", ""))
    if describer is not None:
        problem = describer(warning)
    else:
        problem = _("Unusual input ({code})", code=getattr(warning, "code", "?"))
    return _where(getattr(warning, "hand", None), None, problem)


# --------------------------------------------------------------------------
# Breakdowns
# --------------------------------------------------------------------------


def describe_breakdown(item: BreakdownItem | Any) -> str:
    """One translated line explaining part of a hand's score.

    Args:
        item: a :class:`scoring.BreakdownItem` (``code``, ``points``,
            ``count``, ``value``, ``player``).

    Returns:
        e.g. ``"4 runs × 20 = 80"``, ``"25 from Bjørn's cards"``,
        ``"−18 for own cards left"``. An unknown code gives ``"<code>: <points>"``.

    >>> from app.i18n import use_language
    >>> with use_language("nb"):
    ...     describe_breakdown(BreakdownItem("collected", 25, value=25, player="Bjørn"))
    '25 fra kortene til Bjørn'
    """
    code = getattr(item, "code", "")
    points, count, value = item.points, item.count, item.value
    who = item.player or ""
    if code == "runs":
        return ngettext(
            "{n} run × {value} = {points}",
            "{n} runs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == "matching_pairs":
        return ngettext(
            "{n} matching pair × {value} = {points}",
            "{n} matching pairs × {value} = {points}",
            count,
            value=format_number(value),
            points=format_number(points),
        )
    if code == "collected":
        return _("{points} from {player}'s cards", points=format_number(points), player=who)
    if code == "blocked_difference":
        return _(
            "{points} from {player} ({value} − {own})",
            points=format_number(points),
            player=who,
            value=format_number(value),
            own=format_number(value - points),
        )
    if code == "own_leftover":
        return _("{points} for own cards left", points=_signed(points))
    if code == "penalty":
        return ngettext(
            "{n} penalty point for cards left",
            "{n} penalty points for cards left",
            points,
        )
    if code == "rummy_double":
        return _("+{points} for going rummy (doubled)", points=format_number(points))
    return f"{code}: {_signed(points)}"


def _signed(points: int) -> str:
    """Points with a real minus sign (U+2212) when negative."""
    return ("−" + format_number(-points)) if points < 0 else format_number(points)


#: Every breakdown code :func:`describe_breakdown` explains.
BREAKDOWN_CODES: frozenset[str] = frozenset(
    {
        "runs",
        "matching_pairs",
        "collected",
        "blocked_difference",
        "own_leftover",
        "penalty",
        "rummy_double",
    }
)


def describe_total(items: Iterable[BreakdownItem], total: int) -> str:
    """All of a player's breakdown lines joined, with the hand's total.

    >>> from app.i18n import use_language
    >>> items = [BreakdownItem("runs", 80, 4, 20), BreakdownItem("matching_pairs", 50, 1, 50)]
    >>> with use_language("en"):
    ...     describe_total(items, 130)
    '4 runs × 20 = 80; 1 matching pair × 50 = 50 (total 130)'
    """
    lines = [describe_breakdown(item) for item in items]
    if not lines:
        return _("No points this hand")
    return _("{lines} (total {total})", lines="; ".join(lines), total=_signed(total))
