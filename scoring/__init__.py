"""Kortpoeng's scoring rules: pure, exact, standard library only.

Cards and their notation, one module per game with its options as data, hand
scoring with structured breakdowns, standings, and the session file
(RULES.md, SESSION_FORMAT.md). No user-interface text is produced here: errors
and breakdowns carry codes and numbers that the app translates.

The names below are imported from their modules when first used (PEP 562):
importing one module (``scoring.errors`` for the errors' base class, say)
does not load every game's rules, which a quick command line cannot afford.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# ``standings`` names a function and its module: importing the module (as
# scoring.results does) makes the package attribute the module, so the
# function is bound here, with its module.
from .standings import standings

#: Each public name and the module it lives in.
_HOMES = {
    "ace_choices": "four_suit_rummy",
    "BreakdownCode": "codes",
    "BreakdownItem": "hands",
    "Card": "cards",
    "CardParseError": "errors",
    "check_hand": "session_file",
    "check_name": "rules",
    "CodedError": "errors",
    "ErrorCode": "codes",
    "Expected": "codes",
    "GameRules": "rules",
    "GAMES": "games",
    "get_game": "games",
    "Hand": "hands",
    "hand_from_dict": "session_file",
    "hand_to_dict": "session_file",
    "HandError": "errors",
    "HandScore": "hands",
    "Leftover": "hands",
    "OptionError": "errors",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_rank": "cards",
    "player_key": "rules",
    "Rank": "cards",
    "rank_totals": "standings",
    "read_session": "session_file",
    "resolve_run": "four_suit_rummy",
    "Run": "hands",
    "score_hands": "results",
    "score_session": "results",
    "ScoreWarning": "hands",
    "ScoringError": "errors",
    "session_to_dict": "session_file",
    "SessionDoc": "session_file",
    "SessionFileError": "errors",
    "SessionResult": "results",
    "Standings": "standings",
    "standings_from_columns": "standings",
    "Suit": "cards",
    "WarningCode": "codes",
    "write_session": "session_file",
}

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

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
