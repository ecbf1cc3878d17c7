"""Kortpoeng's scoring rules: pure, exact, standard library only.

Cards and their notation, one module per game with its options as data, hand
scoring with structured breakdowns, standings, the session file, and games
defined as data with their registry (RULES.md, SESSION_FORMAT.md,
GAME_FORMAT.md). No user-interface text is produced here: errors
and breakdowns carry codes and numbers that the app translates.
"""

from .cards import STANDARD_RANKS, Card, Face, Rank, Suit, parse_card, parse_cards, parse_rank
from .codes import BreakdownCode, ErrorCode, Expected, WarningCode
from .data_game import DataGame, game_from_definition
from .definition import GameDefinition, read_definition, write_definition
from .errors import (
    CardParseError,
    CodedError,
    GameDefinitionError,
    HandError,
    OptionError,
    ScoringError,
    SessionFileError,
)
from .four_suit_rummy import ace_choices, resolve_run
from .games import GAMES, get_game
from .hands import BreakdownItem, Hand, HandScore, Leftover, Run, ScoreWarning
from .registry import builtin_definition, builtin_game, builtin_games, data_game, game_for
from .rules import (
    MAX_NOTE,
    GameRules,
    PadKey,
    Preset,
    SessionRules,
    check_name,
    check_note,
    player_key,
)
from .session_file import (
    SessionDoc,
    SessionResult,
    hand_from_dict,
    hand_to_dict,
    read_session,
    score_hands,
    score_session,
    session_to_dict,
    write_session,
)
from .standings import Standings, place_totals, standings

__all__ = [
    "GAMES",
    "MAX_NOTE",
    "STANDARD_RANKS",
    "BreakdownCode",
    "BreakdownItem",
    "Card",
    "CardParseError",
    "CodedError",
    "DataGame",
    "ErrorCode",
    "Expected",
    "Face",
    "GameDefinition",
    "GameDefinitionError",
    "GameRules",
    "Hand",
    "HandError",
    "HandScore",
    "Leftover",
    "OptionError",
    "PadKey",
    "Preset",
    "Rank",
    "Run",
    "ScoreWarning",
    "ScoringError",
    "SessionDoc",
    "SessionFileError",
    "SessionResult",
    "SessionRules",
    "Standings",
    "Suit",
    "WarningCode",
    "ace_choices",
    "builtin_definition",
    "builtin_game",
    "builtin_games",
    "check_name",
    "check_note",
    "data_game",
    "game_for",
    "game_from_definition",
    "get_game",
    "hand_from_dict",
    "hand_to_dict",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "place_totals",
    "player_key",
    "read_definition",
    "read_session",
    "resolve_run",
    "score_hands",
    "score_session",
    "session_to_dict",
    "standings",
    "write_definition",
    "write_session",
]
