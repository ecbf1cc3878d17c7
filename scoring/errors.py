"""Typed errors raised by the scoring package (RULES.md §4: *errors* are refused).

Every error the app puts into words is a :class:`CodedError`: a stable ``code``
(:class:`~scoring.codes.ErrorCode` here; the storage layer has its own codes)
and the facts a translated message needs: ``hand`` (1-based hand number, when
known), ``player``, ``field`` and ``card``, plus code-specific ``params`` (plain
values and lists, never text to re-parse). ``str(error)`` is an English sentence
for logs and developers; user interfaces translate from ``code`` and the
attributes instead (one describer, ``app.messages.describe_error``).
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Any

from .codes import ErrorCode

__all__ = [
    "CardParseError",
    "CodedError",
    "GameDefinitionError",
    "HandError",
    "OptionError",
    "ScoringError",
    "SessionFileError",
]

#: English templates for ``str(error)``; the app has its own translated ones.
_TEMPLATES: dict[str, str] = {
    "card_empty": "empty card",
    "card_unknown": "{token!r} is not a card",
    "card_ambiguous": "{token!r} is ambiguous: it could be {readings}; write the suit as ♠ ♥ ♦ ♣",
    "card_not_text": "a card must be text like '7H', got {token!r}",
    "joker_not_in_play": "a joker is not in play in this session",
    "unknown_player": "{player!r} is not a player in this session",
    "went_out_holds_cards": "{player} went out but still holds cards",
    "cannot_block": "a hand cannot be blocked with these options",
    "bad_points": "points must be a whole number of at least 0, got {value!r}",
    "points_too_large": "points must be at most {maximum}, got {value}",
    "player_repeated": "{player!r} is entered twice in {field}",
    "runs_not_allowed": "this game has no runs to enter",
    "left_not_allowed": "this game counts no cards left in hand",
    "run_size": "a run has exactly three cards, got {count}",
    "run_needs_suits": "every card of a run needs its suit",
    "run_mixed_suits": "a run is three cards of one suit",
    "not_a_run": "{cards} cannot stand for three consecutive ranks",
    "ace_ambiguous": "the ace in {cards} could be {choices}: say which",
    "ace_as_invalid": "the ace in {cards} cannot stand for {ace_as}",
    "ace_as_without_ace": "ace_as is given but {cards} has no ace",
    "rummy_not_allowed": "'rummy' only applies when a player goes out with winner_collects scoring",
    "session_over": "the session already ended after hand {finished_after}",
    "option_unknown": "{game} has no option {field!r}",
    "option_type": "option {field!r} must be {expected}, got {value!r}",
    "option_value": "option {field!r} must be one of {choices}, got {value!r}",
    "option_range": "option {field!r} must be a whole number of at least {minimum}, got {value!r}",
    "option_too_large": "option {field!r} must be at most {maximum}, got {value!r}",
    "player_count": "{game} is for {minimum} to {maximum} players, got {count}",
    "player_name_empty": "a player's name is empty",
    "player_name_control": "the name {player!r} contains control characters",
    "player_name_invisible": (
        "the name {player!r} has an invisible character: {code} {unicode_name}"
    ),
    "player_name_long": "the name {player!r} is longer than {maximum} characters",
    "player_name_glyph": (
        "the name {player!r} has a character no font of Kortpoeng draws: {code} {unicode_name}"
    ),
    "player_duplicate": "{player!r} is listed twice",
    "player_lookalike": "player {seat} {player!r} looks just like player {other_seat} {other!r}",
    "game_unknown": "unknown game {value!r}",
    "file_json": "not valid JSON: {detail}",
    "file_not_object": "{field} must be an object",
    "file_format": "not a Kortpoeng session file (format is {value!r})",
    "file_version": "unsupported session file version {value!r} (this version reads 1 to {newest})",
    "file_missing": "{field} is missing",
    "file_unknown_field": "unknown field {field!r}",
    "file_duplicate_key": "{field} is given twice",
    "file_text": "{field} holds text that is not valid Unicode (a lone surrogate)",
    "file_type": "{field} must be {expected}, got {value!r}",
    "file_id": "{field} is not a UUID: {value!r}",
    "file_time": "{field} is not an ISO 8601 time with offset: {value!r}",
    "file_definition_game": "the definition is of the game {value!r}, not {game!r}",
    "time_range": "{field} must be a time in the years {earliest} to {latest}, got {value!r}",
    "note_long": "the note is longer than {maximum} characters ({length})",
    "note_control": "the note contains control characters (only line breaks are allowed)",
    # games defined as data (GAME_FORMAT.md): scoring a hand ...
    "card_not_in_game": "{token!r} is not a card of this game",
    "card_needs_suit": "{token!r} needs its suit in this game (its value depends on the suit)",
    "went_out_not_allowed": "nobody goes out in this game",
    "flag_unknown": "this game has no hand flag {flag!r} with these options",
    "flag_not_went_out": "the flag {flag!r} is only for the player who went out",
    # a captured hand (RULES.md §5)
    "count_range": "{player}: {what} {value!r} is not a count from 0 to {maximum}",
    "pile_unknown": "this game does not count {value!r} in a captured pile",
    "teams_uneven": "{count} players cannot sit in teams of {size}, at least two teams",
    "teams_player": "a team's pile goes under its first player, {team!r}",
    # ... a bids game's hand (RULES.md §7)
    "bid_range": "{player} bid {value!r}: a bid is a whole number from 0 to {cards}",
    "bid_hook": "{player} deals and may not bid {value}: the bids would add up to {cards}",
    "bids_missing": "{player} has no bid",
    "tricks_range": "{player} took {value!r} tricks: tricks are from 0 to {cards}",
    "tricks_missing": "the tricks (or the made bids) of {player} are missing",
    # ... a progress game's hand (RULES.md §8)
    "went_out_without_stage": "{player} went out, so {player} completed the stage",
    # ... who also went out on the last turn (RULES.md §6)
    "also_out_not_allowed": "{player} cannot have gone out too here ({reason})",
    # ... and reading a game definition (``field`` is the path of the value)
    "definition_json": "not valid JSON: {detail}",
    "definition_too_large": "a game definition is at most {maximum} characters, got {count}",
    "definition_duplicate_key": "{field} is given twice",
    "definition_format": "not a Kortpoeng game definition (format is {value!r})",
    "definition_version": (
        "unsupported game definition version {value} (this version reads 1 to {newest})"
    ),
    "definition_not_object": "{field} must be an object",
    "definition_missing": "{field} is missing",
    "definition_unknown_field": "unknown field {field!r}",
    "definition_type": "{field} must be {expected}, got {value!r}",
    "definition_range": "{field} must be a whole number from {minimum} to {maximum}, got {value!r}",
    "definition_value": "{field} must be one of {choices}, got {value!r}",
    "definition_too_many": "{field} has {count} entries; at most {maximum} are allowed",
    "definition_too_few": "{field} has {count} entries; at least {minimum} are needed",
    "definition_text": "{field} contains control characters",
    "definition_invisible": "{field} has an invisible character: {code_point} {unicode_name}",
    "definition_lookalike": "{field} looks just like the game {game!r} ({id})",
    "definition_house_id": "{value!r} is a house-rules game's id that these rules do not give",
    "definition_empty": "{field} is empty",
    "definition_spaces": "{field} starts or ends with spaces: {value!r}",
    "definition_long": "{field} is longer than {maximum} characters",
    "definition_id": (
        "{field} must be an id of lower-case letters, digits and _ "
        "(a letter first, at most {maximum}), got {value!r}"
    ),
    "definition_duplicate_id": "{field}: the id {value!r} is used twice",
    "definition_face_is_card": "{field}: {value!r} reads as the card {card}; choose another id",
    "definition_joker_suits": "{field}: a joker has no suits",
    "definition_url": "{field} must be a web address starting with https:// or http://",
    "definition_flag_effect": "{field} must have exactly one of {choices}",
    "definition_preset": "{field} must have exactly one of value, per_player",
    "definition_unknown_key": "{field}: the game has no key {value!r}",
    "definition_unknown_flag": "{field}: the game has no flag {value!r}",
    "definition_unknown_option": "{field}: the game has no switch option {value!r}",
    "definition_conflict": "{field} cannot be played together with the rest ({reason})",
    "definition_unknown_suit": "{field}: the deck has no suit {value!r} (choose from {choices})",
}


class CodedError(Exception):
    """Base of every error that is put into words for the user (scoring's and
    the storage services'): a stable ``code`` and the facts its message needs.

    Attributes:
        code: a ``StrEnum`` member (e.g. :class:`~scoring.codes.ErrorCode`).
        params: further facts (numbers, names, lists of card tokens), plain values.
        hand: 1-based hand number, or ``None``; ``player``, ``field``, ``card``:
            the player, field (or file path) and card token concerned, or ``None``.
    """

    code: StrEnum
    params: dict[str, Any]
    hand: int | None = None
    player: str | None = None
    field: str | None = None
    card: str | None = None


@dataclasses.dataclass(eq=False)
class ScoringError(CodedError, ValueError):
    """Input the rules cannot score (RULES.md §4).

    Attributes:
        code: the problem, an :class:`~scoring.codes.ErrorCode` (given as the
            member or its text, e.g. ``"card_unknown"``).
        hand: 1-based hand number, or ``None`` when not about a hand.
        player: the player concerned, or ``None``.
        field: the field concerned (``"left"``, ``"runs"``, ``"went_out"``, an
            option key, or a path in a session file), or ``None``.
        card: the offending card or token as entered, or ``None``.
        params: further facts the message needs (counts, choices, ...).
    """

    code: ErrorCode  # narrower than CodedError's
    hand: int | None = None
    player: str | None = None
    field: str | None = None
    card: str | None = None
    params: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        self.code = ErrorCode(self.code)  # a code that does not exist is a bug: ValueError
        super().__init__(self.code.value)

    def at_hand(self, hand: int) -> ScoringError:
        """Return ``self`` with ``hand`` set (if not set already), for re-raising."""
        if self.hand is None:
            self.hand = hand
        return self

    def __str__(self) -> str:
        values = {"player": self.player, "field": self.field, "token": self.card}
        values.update(self.params)
        template = _TEMPLATES.get(self.code, self.code)
        values = {k: _plain(v, "-" if k == "cards" else ", ") for k, v in values.items()}
        try:
            text = template.format(**values)
        except (KeyError, IndexError):
            text = self.code
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.player is not None and "{player" not in template:
            where.append(f"player {self.player}")
        if self.field is not None and "{field" not in template:
            where.append(self.field)
        if self.card is not None and "{token" not in template:
            where.append(f"card {self.card!r}")
        return f"{', '.join(where)}: {text}" if where else text


class CardParseError(ScoringError):
    """A card token that is unknown or ambiguous; ``card`` is the token and
    ``params["position"]`` its 1-based position in the list it came from."""


class HandError(ScoringError):
    """A hand the rules cannot score (unknown player, bad run, ...)."""


class OptionError(ScoringError):
    """An unknown option, a value of the wrong type or out of range, or a player
    count the game does not allow."""


class GameDefinitionError(ScoringError):
    """A game definition that breaks GAME_FORMAT.md (``field`` is the path of
    the offending value, e.g. ``"keys[3].points"``)."""


class SessionFileError(ScoringError):
    """A session document that breaks SESSION_FORMAT.md (``field`` is its path)."""


def _plain(value: Any, sep: str) -> Any:
    """A param as English text for ``str(error)``: lists joined with ``sep`` (a
    card's readings as ``KD (English)``)."""
    if isinstance(value, list | tuple):
        return sep.join(
            f"{v['card']} ({v['notation']})" if isinstance(v, dict) else str(v) for v in value
        )
    return value
