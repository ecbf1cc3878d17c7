"""Sentences for the errors :mod:`scoring` raises (:class:`scoring.codes.ErrorCode`):
cards, hands, players, options, session files and game definitions."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from app.i18n import N_, _, format_number, ngettext
from app.messages._echo import (
    _count,
    _field,
    _file_value,
    _items,
    _number_param,
    _position,
    _shown,
    _token,
    _value,
)
from app.messages.cards import card_label, card_text, join_or, rank_name, suit_name, words
from app.messages.conflicts import describe_conflict
from app.messages.fields import _def_field
from app.messages.games import _expected, game_name, option_name, option_value_name
from app.messages.session_fields import file_field, one_of_two, unknown_key
from scoring import Suit, parse_card
from scoring.codes import ErrorCode, Expected
from scoring.definition import Words

# Each describer gets the error and returns the problem sentence (without the
# "Hand 3, Kari:" prefix). It says whether it named the player itself.
Describer = Callable[[Any, Mapping[str, Any]], str]


# The sentences a session file and a game definition share (each said once;
# ``field`` is already shown safely, each format's own way).


#: The suits a captured pile counts, by their letter (RULES.md §5).
_PILE_SUITS = {suit.value: suit for suit in Suit}


def _whole(value: object) -> bool:
    """Whether a file's ``version``, as the error shows it (a whole number
    as its digits, anything else as JSON: ``"2"``, ``2.0``, ``true``), is a
    whole number: a wrong one is then a version this app does not read, else
    a value of the wrong kind."""
    return str(value).removeprefix("-").isdigit()


def _twice(field: str) -> str:
    return _("“{field}” is in the file twice: keep one of them", field=field)


def _not_object(field: str) -> str:
    return _("{field} must be an object", field=field)


def _missing(field: str) -> str:
    return _("{field} is missing", field=field)


def _unknown_field(field: str) -> str:
    return _("Unknown field “{field}”", field=field)


def _wrong_type(field: str, expected: Any, value: str) -> str:
    return _(
        "{field} must be {expected}, not {value}",
        field=field,
        expected=_expected(expected),
        value=value,
    )


def _file_expected(e: Any, p: Mapping[str, Any]) -> Any:
    """What a file's value should have been: one item of a list of cards
    (``named[1]``) is a card with its suit, not a list."""
    expected = p.get("expected", "")
    if expected == Expected.CARDS and str(getattr(e, "field", "") or "").endswith("]"):
        return _("a card with its suit (10♦, A♠)")
    return expected


def _exactly_one(field: str, choices: str) -> str:
    return _("{field} must have exactly one of {choices}", field=field, choices=choices)


def points_not_whole(value: Any) -> str:
    """The line "Points must be a whole number of 0 or more, not …" (a file's
    or a typed hand's points; ``value`` as typed or read)."""
    return _("Points must be a whole number of 0 or more, not {value}", value=_value(value))


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


def _count_range(e: Any, p: Mapping[str, Any]) -> str:
    """A captured pile's count out of range (RULES.md §5): the cards, a
    suit's count or an event's."""
    what = str(p.get("what", ""))
    suit = _PILE_SUITS.get(what)
    name = p.get("name")
    if what != "cards" and suit is None:  # an event's count (sweeps): named by the game
        return _(
            "{event}: {value} is not a count from 0 to {maximum}",
            event=words(name) if isinstance(name, Words) else _token(what),
            value=_value(p.get("value")),
            maximum=format_number(p.get("maximum", 0)),
        )
    counted = _("cards") if what == "cards" else suit_name(suit) if suit else _value(what)
    return _(
        "{value} {counted} is not a count from 0 to {maximum}",
        value=_value(p.get("value")),
        counted=counted,
        maximum=format_number(p.get("maximum", 0)),
    )


def _pile_unknown(value: Any) -> str:
    """What a captured hand holds that the game does not count: cards left in
    hand or runs (no pile has them), a suit, a named card, or an event's id."""
    if value == "left":
        return _("A captured hand has no cards left in hand to enter")
    if value == "runs":
        return _("A captured hand has no runs to enter")
    suit = _PILE_SUITS.get(str(value))
    what = suit_name(suit) if suit is not None else card_text(_shown(value))
    return _("This game does not count “{value}” in a captured pile", value=what)


def _file_json(e: Any, p: Mapping[str, Any]) -> str:
    if "line" in p:
        return _(
            "The file is not valid JSON (line {line}, column {column})",
            line=format_number(p["line"]),
            column=format_number(p.get("column", 1)),
        )
    return _("The file is not valid JSON")


SCORING_ERRORS: Mapping[StrEnum, Describer] = {
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
    ErrorCode.BAD_POINTS: lambda e, p: points_not_whole(p.get("value")),
    ErrorCode.POINTS_TOO_LARGE: lambda e, p: _(
        "Points must be at most {maximum}, not {value}",
        maximum=format_number(p.get("maximum", 0)),
        value=_value(p.get("value")),
    ),
    ErrorCode.PLAYER_REPEATED: lambda e, p: _(
        "{player} is entered twice in {field}", player=_shown(e.player or ""), field=file_field(e)
    ),
    ErrorCode.RUNS_NOT_ALLOWED: lambda e, p: _("This game has no runs to enter"),
    ErrorCode.LEFT_NOT_ALLOWED: lambda e, p: _(
        "This game counts no cards left in hand: a hand has the bids and who made them"
    ),
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
        option=option_name(e.field or "", p.get("game")),
        expected=_expected(p.get("expected", "")),
        value=_file_value(p.get("value")),
    ),
    ErrorCode.OPTION_VALUE: lambda e, p: _(
        "{option} must be {choices}, not {value}",
        option=option_name(e.field or "", p.get("game")),
        choices=join_or(
            option_value_name(e.field or "", c, p.get("game")) for c in _items(p.get("choices", ()))
        ),
        value=_file_value(p.get("value")),
    ),
    ErrorCode.OPTION_RANGE: lambda e, p: _(
        "{option} must be a whole number of at least {minimum}, not {value}",
        option=option_name(e.field or "", p.get("game")),
        minimum=format_number(p.get("minimum", 1)),
        value=_value(p.get("value")),
    ),
    ErrorCode.OPTION_TOO_LARGE: lambda e, p: _(
        "{option} must be at most {maximum}, not {value}",
        option=option_name(e.field or "", p.get("game")),
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
    ErrorCode.PLAYER_NAME_INVISIBLE: lambda e, p: _(
        # Translators: {code} is e.g. "U+200B" (the character's code point).
        "The name “{player}” has an invisible character ({code}): "
        "leave it out, or the name looks like another",
        player=_shown(e.player or ""),
        code=str(p.get("code", "")),
    ),
    ErrorCode.PLAYER_NAME_GLYPH: lambda e, p: _(
        # Translators: {code} is e.g. "U+1230" (the character's code point):
        # the character itself cannot be drawn on this screen.
        "The name “{player}” has a character Kortpoeng has no font for ({code}). "
        "Leave it out or write the name another way",
        player=_shown(e.player or ""),
        code=str(p.get("code", "")),
    ),
    ErrorCode.PLAYER_DUPLICATE: lambda e, p: _(
        "“{player}” is listed twice: every player needs a different name",
        player=_shown(e.player or ""),
    ),
    ErrorCode.PLAYER_LOOKALIKE: lambda e, p: _(
        "Player {seat}, “{player}”, looks just like player {other_seat}, “{other}”: "
        "every player needs a name that tells them apart",
        seat=p.get("seat", ""),
        player=_shown(e.player or ""),
        other_seat=p.get("other_seat", ""),
        other=_shown(str(p.get("other", ""))),
    ),
    ErrorCode.GAME_UNKNOWN: lambda e, p: _(
        "There is no game called “{value}”", value=_value(p.get("value"))
    ),
    # session files
    ErrorCode.FILE_JSON: _file_json,
    ErrorCode.FILE_DUPLICATE_KEY: lambda e, p: _twice(_field(e)),
    ErrorCode.FILE_TEXT: lambda e, p: _(
        "{field} holds text that is not valid Unicode", field=file_field(e)
    ),
    ErrorCode.FILE_NOT_OBJECT: lambda e, p: _not_object(file_field(e)),
    ErrorCode.FILE_FORMAT: lambda e, p: _(
        "This is not a Kortpoeng session file (format is “{value}”)",
        value=_value(p.get("value")),
    ),
    ErrorCode.FILE_VERSION: lambda e, p: (
        _(
            "This session file has version {value}; this version of Kortpoeng reads versions "
            "1 to {newest}",
            value=_value(p.get("value")),
            newest=_number_param(p, "newest") or "2",
        )
        if _whole(p.get("value"))
        else _(
            "This session file's version is {value}: it must be a whole number, 1 to {newest}",
            value=_value(p.get("value")),
            newest=_number_param(p, "newest") or "2",
        )
    ),
    ErrorCode.FILE_DEFINITION_GAME: lambda e, p: _(
        "The game definition in the file is of the game “{value}”, not “{game}”",
        value=_value(p.get("value")),
        game=_value(p.get("game")),
    ),
    ErrorCode.FILE_MISSING: lambda e, p: _missing(file_field(e)),
    ErrorCode.FILE_UNKNOWN_FIELD: lambda e, p: (
        one_of_two(e, str(p["instead"])) if p.get("instead") else _unknown_field(unknown_key(e))
    ),
    ErrorCode.FILE_TYPE: lambda e, p: _wrong_type(
        file_field(e), _file_expected(e, p), _file_value(p.get("value"))
    ),
    ErrorCode.FILE_ID: lambda e, p: _(
        "{field} is not a UUID: “{value}”", field=file_field(e), value=_value(p.get("value"))
    ),
    ErrorCode.FILE_TIME: lambda e, p: _(
        "{field} is not an ISO 8601 time with a UTC offset: “{value}”",
        field=file_field(e),
        value=_value(p.get("value")),
    ),
    ErrorCode.TIME_RANGE: lambda e, p: _(
        "{field} must be a time in the years {earliest} to {latest}, not “{value}”",
        field=file_field(e),
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
    # a captured hand (RULES.md §5)
    ErrorCode.COUNT_RANGE: lambda e, p: _count_range(e, p),
    ErrorCode.PILE_UNKNOWN: lambda e, p: _pile_unknown(p.get("value")),
    ErrorCode.TEAMS_UNEVEN: lambda e, p: ngettext(
        "Partnerships need players in teams of {size}, at least two teams: not {n} player",
        "Partnerships need players in teams of {size}, at least two teams: not {n} players",
        _count(p, "count"),
        n=_number_param(p, "count"),
        size=_number_param(p, "size"),
    ),
    ErrorCode.TEAMS_PLAYER: lambda e, p: _(
        "A partnership's pile is entered under its first player, {team}",
        team=_shown(str(p.get("team", ""))),
    ),
    # a bids game's hand (RULES.md §7; the player is named before the sentence)
    ErrorCode.BID_RANGE: lambda e, p: ngettext(
        "a bid is from 0 to the {n} card dealt, not {value}",
        "a bid is from 0 to the {n} cards dealt, not {value}",
        _count(p, "cards"),
        n=_number_param(p, "cards"),
        value=_value(p.get("value")),
    ),
    ErrorCode.BID_HOOK: lambda e, p: ngettext(
        "the dealer may not bid {value}: the bids would add up to the {n} card dealt (the hook)",
        "the dealer may not bid {value}: the bids would add up to the {n} cards dealt (the hook)",
        _count(p, "cards"),
        n=_number_param(p, "cards"),
        value=_value(p.get("value")),
    ),
    ErrorCode.BIDS_MISSING: lambda e, p: _("no bid is entered"),
    ErrorCode.TRICKS_RANGE: lambda e, p: ngettext(
        "tricks taken are from 0 to the {n} card dealt, not {value}",
        "tricks taken are from 0 to the {n} cards dealt, not {value}",
        _count(p, "cards"),
        n=_number_param(p, "cards"),
        value=_value(p.get("value")),
    ),
    ErrorCode.TRICKS_MISSING: lambda e, p: _("the tricks taken (or the bids made) are not entered"),
    # a progress game's hand (RULES.md §8; the player is named before the sentence)
    ErrorCode.WENT_OUT_WITHOUT_STAGE: lambda e, p: _(
        "went out, so the phase was completed: tick it"
    ),
    ErrorCode.ALSO_OUT_NOT_ALLOWED: lambda e, p: _also_out(e, p),
    # ... and a game definition (``field`` is the path of the value)
    ErrorCode.DEFINITION_JSON: lambda e, p: _("The game definition is not valid JSON"),
    ErrorCode.DEFINITION_TOO_LARGE: lambda e, p: ngettext(
        "A game definition is at most {n} character",
        "A game definition is at most {n} characters",
        _count(p, "maximum"),
        n=_number_param(p, "maximum"),
    ),
    ErrorCode.DEFINITION_DUPLICATE_KEY: lambda e, p: _twice(_def_field(e)),
    ErrorCode.DEFINITION_FORMAT: lambda e, p: _(
        "This is not a Kortpoeng game definition (format is “{value}”)",
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_VERSION: lambda e, p: (
        _(
            "This game definition has version {value}; this version of Kortpoeng reads versions "
            "1 to {newest}",
            value=_def_value(p.get("value")),
            newest=_number_param(p, "newest") or "2",
        )
        if _whole(p.get("value"))
        else _(
            "This game definition's version is {value}: it must be a whole number, 1 to {newest}",
            value=_def_value(p.get("value")),
            newest=_number_param(p, "newest") or "2",
        )
    ),
    ErrorCode.DEFINITION_NOT_OBJECT: lambda e, p: _not_object(_def_field(e)),
    ErrorCode.DEFINITION_MISSING: lambda e, p: _missing(_def_field(e)),
    ErrorCode.DEFINITION_UNKNOWN_FIELD: lambda e, p: _unknown_field(_def_field(e)),
    ErrorCode.DEFINITION_TYPE: lambda e, p: _wrong_type(  # (a value typed: as typed)
        _def_field(e), p.get("expected", ""), _def_value(p.get("value"), quoted=True)
    ),
    ErrorCode.DEFINITION_RANGE: lambda e, p: _(
        "{field} must be a whole number from {minimum} to {maximum}, not {value}",
        field=_def_field(e),
        minimum=format_number(p.get("minimum", 0)),
        maximum=format_number(p.get("maximum", 0)),
        value=_def_value(p.get("value")),
    ),
    ErrorCode.DEFINITION_VALUE: lambda e, p: _(
        "{field} must be one of {choices}, not {value}",
        field=_def_field(e),
        choices=join_or(_def_value(c) for c in _items(p.get("choices", ()))),
        value=_def_value(p.get("value")),
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
    ErrorCode.DEFINITION_INVISIBLE: lambda e, p: _(
        "{field} has an invisible character ({code}): leave it out, or the text looks like another",
        field=_def_field(e),
        code=str(p.get("code_point", "")),
    ),
    ErrorCode.DEFINITION_LOOKALIKE: lambda e, p: _(
        "{field} looks just like {game}, a game already here: give it a name that "
        "tells the two apart",
        field=_def_field(e),
        game=_shown(str(p.get("game", ""))),
    ),
    ErrorCode.DEFINITION_HOUSE_ID: lambda e, p: _(
        "The id {value} is kept for the house rules of a built-in game whose "
        "rules give it: give this game an id of its own",
        value=_shown(str(p.get("value", ""))),
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
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_DUPLICATE_ID: lambda e, p: _(
        "{field}: “{value}” is used twice",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_FACE_IS_CARD: lambda e, p: _(
        "{field}: “{value}” reads as a playing card; choose another name",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_JOKER_SUITS: lambda e, p: _(
        "{field}: a joker has no suits", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_URL: lambda e, p: _(
        "{field} must be a web address starting with https://", field=_def_field(e)
    ),
    ErrorCode.DEFINITION_FLAG_EFFECT: lambda e, p: _exactly_one(
        _def_field(e), join_or(_shown(c) for c in _items(p.get("choices", ())))
    ),
    ErrorCode.DEFINITION_PRESET: lambda e, p: _exactly_one(_def_field(e), "value, per_player"),
    ErrorCode.DEFINITION_UNKNOWN_KEY: lambda e, p: _(
        "{field}: the game has no key “{value}”",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_UNKNOWN_FLAG: lambda e, p: _(
        "{field}: the game has no flag “{value}”",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_UNKNOWN_OPTION: lambda e, p: _(
        "{field}: the game has no switch “{value}”",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
    ErrorCode.DEFINITION_CONFLICT: lambda e, p: describe_conflict(e, p),
    ErrorCode.DEFINITION_UNKNOWN_SUIT: lambda e, p: _(
        "{field}: the deck has no suit “{value}”",
        field=_def_field(e),
        value=_def_value(p.get("value"), quoted=True),
    ),
}


#: A file's word-like token (``collects``, ``per_player``): shown quoted, as
#: what the file must say, never as a word of the sentence's language.
_TOKEN = re.compile(r"[a-z][a-z0-9_]*")


def _def_value(value: Any, *, quoted: bool = False) -> str:
    """A value a game definition refused, or one it may hold: a list or an
    object by its kind (:data:`scoring.codes.Expected`), a word-like token
    quoted (“collects” / «collects»; ``quoted``: the sentence quotes it
    already), anything else as :func:`_value`."""
    if isinstance(value, Expected):
        return _expected(value)
    if isinstance(value, str) and _TOKEN.fullmatch(value) and not quoted:
        return _token(value)
    return _value(value)


def _also_out(e: Any, p: Mapping[str, Any]) -> str:
    """A hand's ``also_out`` where it cannot be (RULES.md §6)."""
    player = _shown(e.player or "")
    reason = p.get("reason")
    if reason == "blocked":
        return _("{player} cannot have gone out too: nobody went out first", player=player)
    if reason == "went_out":
        return _("{player} went out first, so is not also one who went out too", player=player)
    return _(
        "{player} cannot have gone out too: in this game only one player goes out", player=player
    )
