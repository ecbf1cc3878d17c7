"""Kortpoeng's scoring rules: pure, exact, standard library only.

Cards and their notation, the games — each a game definition (rules as data)
but the one coded game, Four Suit Rummy — with their options as data and one
registry, hand scoring with structured breakdowns, standings, and the session
file (RULES.md, SESSION_FORMAT.md, GAME_FORMAT.md). No user-interface text
is produced here: errors and breakdowns carry codes and numbers that the app
translates.

The names below are imported from their modules when first used (PEP 562):
importing one module (``scoring.errors`` for the errors' base class, say)
does not load every game's rules, which a quick command line cannot afford.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

#: Each public name and the module it lives in.
_HOMES = {
    "ace_choices": "four_suit_rummy",
    "BreakdownCode": "codes",
    "BreakdownItem": "hands",
    "BUILTIN_GAME_IDS": "registry",
    "builtin_definition": "registry",
    "Card": "cards",
    "CardParseError": "errors",
    "check_hand": "session_file",
    "check_name": "rules",
    "check_note": "rules",
    "CodedError": "errors",
    "DataGame": "data_game",
    "ErrorCode": "codes",
    "Expected": "codes",
    "Face": "cards",
    "game_for": "registry",
    "game_from_definition": "data_game",
    "GameDefinition": "definition",
    "GameDefinitionError": "errors",
    "GameOptions": "options",
    "OptionValue": "options",
    "GameRules": "rules",
    "Hand": "hands",
    "hand_from_dict": "session_file",
    "hand_to_dict": "session_file",
    "HandError": "errors",
    "HandScore": "hands",
    "Pile": "hands",
    "Leftover": "hands",
    "MAX_NOTE": "rules",
    "OptionError": "errors",
    "PadKey": "rules",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_rank": "cards",
    "place_totals": "standings",
    "player_key": "rules",
    "Preset": "rules",
    "Rank": "cards",
    "read_definition": "definition",
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
    "SessionRules": "rules",
    "STANDARD_RANKS": "cards",
    "Standings": "standings",
    "standings": "standings",
    "standings_from_columns": "standings",
    "Suit": "cards",
    "WarningCode": "codes",
    "write_definition": "definition",
    "write_session": "session_file",
}

__all__ = [
    "BUILTIN_GAME_IDS",
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
    "GameOptions",
    "GameRules",
    "Hand",
    "HandError",
    "HandScore",
    "Leftover",
    "OptionError",
    "OptionValue",
    "PadKey",
    "Pile",
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
    "check_hand",
    "check_name",
    "check_note",
    "game_for",
    "game_from_definition",
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
    "standings_from_columns",
    "write_definition",
    "write_session",
]

if TYPE_CHECKING:
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
    from .hands import BreakdownItem, Hand, HandScore, Leftover, Pile, Run, ScoreWarning
    from .options import GameOptions, OptionValue
    from .registry import BUILTIN_GAME_IDS, builtin_definition, game_for
    from .results import SessionResult, score_hands, score_session
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
        check_hand,
        hand_from_dict,
        hand_to_dict,
        read_session,
        session_to_dict,
        write_session,
    )
    from .standings import Standings, place_totals, standings, standings_from_columns


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


#: Public functions named like the module they live in (``scoring.standings``
#: is the fold).
_SHADOWED = frozenset({"standings"})


class _Package(types.ModuleType):
    """The package, keeping its public functions when their modules load:
    importing ``scoring.standings`` would otherwise make the package's
    ``standings`` attribute that module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SHADOWED and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
