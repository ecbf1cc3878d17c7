"""The codes of everything scoring says: errors, warnings, score breakdowns, and
what a value was expected to be. Stable identifiers (``StrEnum``: each member is
also its text, as stored and as the app's describer looks it up); the app turns
them into words in the user's language, never scoring (DESIGN.md).

>>> ErrorCode.CARD_UNKNOWN == "card_unknown"
True
>>> WarningCode("rank_count") is WarningCode.RANK_COUNT
True
"""

from __future__ import annotations

from enum import StrEnum, unique

__all__ = ["BreakdownCode", "DefinitionWarningCode", "ErrorCode", "Expected", "WarningCode"]


@unique
class ErrorCode(StrEnum):
    """Why input was refused (RULES.md §4 *errors*; SESSION_FORMAT.md)."""

    # cards
    CARD_EMPTY = "card_empty"
    CARD_UNKNOWN = "card_unknown"
    CARD_AMBIGUOUS = "card_ambiguous"
    CARD_NOT_TEXT = "card_not_text"
    JOKER_NOT_IN_PLAY = "joker_not_in_play"
    # hands
    UNKNOWN_PLAYER = "unknown_player"
    WENT_OUT_HOLDS_CARDS = "went_out_holds_cards"
    CANNOT_BLOCK = "cannot_block"
    BAD_POINTS = "bad_points"
    POINTS_TOO_LARGE = "points_too_large"
    PLAYER_REPEATED = "player_repeated"
    RUNS_NOT_ALLOWED = "runs_not_allowed"
    #: cards left in hand given for a game that counts none (Plump: bids and tricks)
    LEFT_NOT_ALLOWED = "left_not_allowed"
    RUN_SIZE = "run_size"
    RUN_NEEDS_SUITS = "run_needs_suits"
    RUN_MIXED_SUITS = "run_mixed_suits"
    NOT_A_RUN = "not_a_run"
    ACE_AMBIGUOUS = "ace_ambiguous"
    ACE_AS_INVALID = "ace_as_invalid"
    ACE_AS_WITHOUT_ACE = "ace_as_without_ace"
    RUMMY_NOT_ALLOWED = "rummy_not_allowed"
    SESSION_OVER = "session_over"
    CARD_NOT_IN_GAME = "card_not_in_game"
    CARD_NEEDS_SUIT = "card_needs_suit"
    WENT_OUT_NOT_ALLOWED = "went_out_not_allowed"
    FLAG_UNKNOWN = "flag_unknown"
    FLAG_NOT_WENT_OUT = "flag_not_went_out"
    # a bids game's hand (RULES.md §7)
    BID_RANGE = "bid_range"
    BID_HOOK = "bid_hook"
    BIDS_MISSING = "bids_missing"
    TRICKS_RANGE = "tricks_range"
    TRICKS_MISSING = "tricks_missing"
    # a progress game's hand (RULES.md §8)
    WENT_OUT_WITHOUT_STAGE = "went_out_without_stage"
    #: a hand's ``also_out`` where it cannot be (RULES.md §6; ``params["reason"]``:
    #: ``game`` the game has none, ``blocked`` nobody went out first,
    #: ``went_out`` the player who went out named again)
    ALSO_OUT_NOT_ALLOWED = "also_out_not_allowed"
    # options and players
    OPTION_UNKNOWN = "option_unknown"
    OPTION_TYPE = "option_type"
    OPTION_VALUE = "option_value"
    OPTION_RANGE = "option_range"
    OPTION_TOO_LARGE = "option_too_large"
    PLAYER_COUNT = "player_count"
    PLAYER_NAME_EMPTY = "player_name_empty"
    PLAYER_NAME_CONTROL = "player_name_control"
    PLAYER_NAME_LONG = "player_name_long"
    PLAYER_NAME_INVISIBLE = "player_name_invisible"  # a zero-width character (scoring.invisible)
    PLAYER_NAME_GLYPH = "player_name_glyph"  # the app's fonts cannot draw it (app.fonts)
    PLAYER_DUPLICATE = "player_duplicate"
    PLAYER_LOOKALIKE = "player_lookalike"  # two seats' names look alike (app.player_names)
    GAME_UNKNOWN = "game_unknown"
    # session files
    FILE_JSON = "file_json"
    FILE_NOT_OBJECT = "file_not_object"
    FILE_FORMAT = "file_format"
    FILE_VERSION = "file_version"
    FILE_MISSING = "file_missing"
    FILE_UNKNOWN_FIELD = "file_unknown_field"
    FILE_DUPLICATE_KEY = "file_duplicate_key"
    FILE_TEXT = "file_text"
    FILE_TYPE = "file_type"
    FILE_ID = "file_id"
    FILE_TIME = "file_time"
    FILE_DEFINITION_GAME = "file_definition_game"
    TIME_RANGE = "time_range"
    # hand notes
    NOTE_LONG = "note_long"
    NOTE_CONTROL = "note_control"
    # game definitions (GAME_FORMAT.md)
    DEFINITION_JSON = "definition_json"
    DEFINITION_TOO_LARGE = "definition_too_large"
    DEFINITION_DUPLICATE_KEY = "definition_duplicate_key"
    DEFINITION_FORMAT = "definition_format"
    DEFINITION_VERSION = "definition_version"
    DEFINITION_NOT_OBJECT = "definition_not_object"
    DEFINITION_MISSING = "definition_missing"
    DEFINITION_UNKNOWN_FIELD = "definition_unknown_field"
    DEFINITION_TYPE = "definition_type"
    DEFINITION_RANGE = "definition_range"
    DEFINITION_VALUE = "definition_value"
    DEFINITION_TOO_MANY = "definition_too_many"
    DEFINITION_TOO_FEW = "definition_too_few"
    DEFINITION_TEXT = "definition_text"
    DEFINITION_INVISIBLE = "definition_invisible"  # a zero-width character (scoring.invisible)
    DEFINITION_LOOKALIKE = "definition_lookalike"  # looks like another game's name (app.game_names)
    DEFINITION_HOUSE_ID = "definition_house_id"  # a house-rules id its rules do not give
    DEFINITION_EMPTY = "definition_empty"
    DEFINITION_SPACES = "definition_spaces"
    DEFINITION_LONG = "definition_long"
    DEFINITION_ID = "definition_id"
    DEFINITION_DUPLICATE_ID = "definition_duplicate_id"
    DEFINITION_FACE_IS_CARD = "definition_face_is_card"
    DEFINITION_JOKER_SUITS = "definition_joker_suits"
    DEFINITION_URL = "definition_url"
    DEFINITION_FLAG_EFFECT = "definition_flag_effect"
    DEFINITION_PRESET = "definition_preset"
    DEFINITION_UNKNOWN_KEY = "definition_unknown_key"
    DEFINITION_UNKNOWN_FLAG = "definition_unknown_flag"
    DEFINITION_UNKNOWN_OPTION = "definition_unknown_option"
    DEFINITION_CONFLICT = "definition_conflict"
    DEFINITION_UNKNOWN_SUIT = "definition_unknown_suit"  # a suit the deck lacks (captures)
    # captured piles (RULES.md §5)
    COUNT_RANGE = "count_range"
    PILE_UNKNOWN = "pile_unknown"  # a suit, event or named card the game does not count
    TEAMS_UNEVEN = "teams_uneven"  # players not a multiple of the team size, or one team
    TEAMS_PLAYER = "teams_player"  # a team's pile under a partner other than its first


@unique
class Expected(StrEnum):
    """What a value should have been (``params["expected"]`` of ``option_type``
    and ``file_type`` errors)."""

    BOOLEAN = "boolean"
    WHOLE_NUMBER = "whole_number"
    #: a whole number counted, 0 or more (a pile's cards, a bid): -1 is a
    #: whole number, but no count
    COUNT = "count"
    CARDS_OR_POINTS = "cards_or_points"
    CARDS = "cards"
    NAMES = "names"
    LIST = "list"
    OBJECT = "object"
    TEXT = "text"
    RANK = "rank"
    GAME_ID = "game_id"
    PLAYER_NAME = "player_name"
    ID = "id"


@unique
class WarningCode(StrEnum):
    """Scorable but physically unlikely input (RULES.md §4 *warnings*)."""

    RANK_COUNT = "rank_count"
    CARD_COUNT = "card_count"
    HAND_SIZE = "hand_size"
    PLAIN_NUMBER = "plain_number"
    NO_CARDS = "no_cards"
    #: more cards left than the round of a schedule dealt (RULES.md §6)
    ROUND_CARDS = "round_cards"
    #: more cards left than a hand deals, in a game without a schedule
    #: (GAME_FORMAT.md ``cards_dealt``; RULES.md §8 Phase 10: 10)
    DEALT_CARDS = "dealt_cards"
    #: captured piles (RULES.md §5): counts not adding up to the cards in play
    CAPTURE_TOTAL = "capture_total"
    #: a named card in two piles or in none
    NAMED_CARD_COUNT = "named_card_count"
    #: a suit count below the named cards of that suit in the same pile
    NAMED_SUIT_COUNT = "named_suit_count"
    #: a bids game's tricks taken not adding up to the cards dealt (RULES.md §7)
    TRICKS_TOTAL = "tricks_total"

    @property
    def asks(self) -> bool:
        """Whether saving a hand with this warning waits for the user's
        confirmation (the cards may be wrong). ``plain_number`` only says that
        typed points cannot be checked against cards (RULES.md §4): it is
        shown and stored with the hand, never asked about."""
        return self is not WarningCode.PLAIN_NUMBER


@unique
class BreakdownCode(StrEnum):
    """One line of a hand score's explanation (see ``BreakdownItem``): a
    player's line in ``HandScore.breakdown``, or a note on the whole hand in
    ``HandScore.notes`` (``blocked_tie``, ``blocked_no_score``)."""

    RUNS = "runs"
    MATCHING_PAIRS = "matching_pairs"
    COLLECTED = "collected"
    BLOCKED_DIFFERENCE = "blocked_difference"
    OWN_LEFTOVER = "own_leftover"
    PENALTY = "penalty"
    OWN_CARDS = "own_cards"
    # a game of tricks counts the cards taken (GAME_FORMAT.md ``counted``)
    PENALTY_TAKEN = "penalty_taken"
    OWN_TAKEN = "own_taken"
    FLAG_MULTIPLIED = "flag_multiplied"
    FLAG_OTHERS_MULTIPLIED = "flag_others_multiplied"
    FLAG_BONUS = "flag_bonus"
    FLAG_TO_OTHERS = "flag_to_others"
    # a round's wild rank left in hand (GAME_FORMAT.md ``schedule``)
    WILD = "wild"
    # a captured hand (GAME_FORMAT.md ``captures``): a comparison won, a named
    # card, an event counted
    MOST = "most"
    NAMED = "named"
    EVENT = "event"
    # a bids game's bid made or missed (GAME_FORMAT.md ``bids``)
    BID_MADE = "bid_made"
    BID_MISSED = "bid_missed"
    # a hand's own notes (``HandScore.notes``): why nobody scored it
    BLOCKED_TIE = "blocked_tie"
    BLOCKED_NO_SCORE = "blocked_no_score"


@unique
class DefinitionWarningCode(StrEnum):
    """A part of a game definition that is valid but can never matter
    (:func:`scoring.definition.definition_warnings`): the editor says so, the
    game is still saved."""

    #: a hand flag that cannot change any score (``params["reason"]`` says why)
    FLAG_NEVER_SCORES = "flag_never_scores"
    #: a target or rounds option that no end of the session uses
    NUMBER_NOT_USED = "number_not_used"
