"""Kortpoeng's scoring rules: pure, exact, standard library only.

Cards and their notation, one module per game with its options as data, hand
scoring with structured breakdowns, standings, and the session file
(RULES.md, SESSION_FORMAT.md). No user-interface text is produced here: errors
and breakdowns carry codes and numbers that the app translates.
"""

from .cards import Card, Rank, Suit, parse_card, parse_cards, parse_rank
from .codes import BreakdownCode, ErrorCode, Expected, WarningCode
from .errors import (
    CardParseError,
    CodedError,
    HandError,
    OptionError,
    ScoringError,
    SessionFileError,
)
from .four_suit_rummy import ace_choices, resolve_run
from .games import GAMES, get_game
from .hands import BreakdownItem, Hand, HandScore, Leftover, Run, ScoreWarning
from .results import SessionResult, score_hands, score_session
from .rules import GameRules, check_name, player_key
from .session_file import (
    SessionDoc,
    check_hand,
    hand_from_dict,
    hand_to_dict,
    read_session,
    session_to_dict,
    write_session,
)
from .standings import Standings, rank_totals, standings, standings_from_columns

__all__ = [
    "GAMES",
    "BreakdownCode",
    "BreakdownItem",
    "Card",
    "CardParseError",
    "CodedError",
    "ErrorCode",
    "Expected",
    "GameRules",
    "Hand",
    "HandError",
    "HandScore",
    "Leftover",
    "OptionError",
    "Rank",
    "Run",
    "ScoreWarning",
    "ScoringError",
    "SessionDoc",
    "SessionFileError",
    "SessionResult",
    "Standings",
    "Suit",
    "WarningCode",
    "ace_choices",
    "check_hand",
    "check_name",
    "get_game",
    "hand_from_dict",
    "hand_to_dict",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "player_key",
    "rank_totals",
    "read_session",
    "resolve_run",
    "score_hands",
    "score_session",
    "session_to_dict",
    "standings",
    "standings_from_columns",
    "write_session",
]
