"""The game definition (GAME_FORMAT.md): a card game's scoring rules as data.

A definition says which keys the keypad has and what each card is worth, who
scores when a player goes out or when a hand is blocked, the hand flags, the end
of a session and its winner, and the options players choose when a session
starts. It is *data only*: nothing in it is evaluated. :func:`read_definition`
checks a document strictly (every refusal is a :class:`GameDefinitionError`
with a stable ``code`` and the ``field`` path); :func:`write_definition` writes
one canonically, so writing then reading gives back an equal definition and
reading then writing a canonical document gives back the same text.

>>> text = '''{"format": "kortpoeng-game", "version": 1, "id": "tens",
...   "name": {"nb": "Tiere", "en": "Tens"}, "players": {"min": 2, "max": 4},
...   "keys": [{"rank": "10", "points": 10}], "went_out": "collects",
...   "blocked": "no_score", "winner": "highest", "end": "target", "target": 50}'''
>>> game = read_definition(text)
>>> game.id, game.keys[0].points, game.end
('tens', 10, <End.TARGET: 'target'>)
>>> read_definition(write_definition(game)) == game
True

The package: :mod:`.shapes` (the data classes and enums), :mod:`.reader`
(the strict reader's primitives), :mod:`.reading` (reading and checking, the
warnings), :mod:`.reading_v2` (version 2's fields: the schedule of rounds,
the suits, the hand kind), :mod:`.bids` and :mod:`.reading_bids` (a bids
game's parts) and :mod:`.writing`; every name is imported from here.
"""

from __future__ import annotations

from .bids import Bids, BidsChange, Made, MadeKind, Missed, MissedKind, Repeat
from .reading import (
    DefinitionWarning,
    definition_from_dict,
    definition_warnings,
    read_definition,
)
from .shapes import (
    FORMAT,
    LIMITS,
    STANDARD_SUITS,
    SUIT_IDS,
    VERSION,
    VERSIONS,
    Blocked,
    BlockedTerm,
    Captures,
    Choice,
    Comparison,
    Counted,
    Effect,
    End,
    Event,
    Flag,
    FlagEffect,
    FlagPlayer,
    GameDefinition,
    HandKind,
    Key,
    NamedCard,
    NextDealer,
    Option,
    OptionKind,
    Preset,
    Progress,
    Round,
    Schedule,
    Source,
    Teams,
    Ties,
    WentOut,
    Winner,
    Words,
)
from .writing import (
    definition_to_dict,
    write_definition,
)

__all__ = [
    "FORMAT",
    "LIMITS",
    "STANDARD_SUITS",
    "SUIT_IDS",
    "VERSION",
    "VERSIONS",
    "Bids",
    "BidsChange",
    "Blocked",
    "BlockedTerm",
    "Captures",
    "Choice",
    "Comparison",
    "Counted",
    "DefinitionWarning",
    "Effect",
    "End",
    "Event",
    "Flag",
    "FlagEffect",
    "FlagPlayer",
    "GameDefinition",
    "HandKind",
    "Key",
    "Made",
    "MadeKind",
    "Missed",
    "MissedKind",
    "NamedCard",
    "NextDealer",
    "Option",
    "OptionKind",
    "Preset",
    "Progress",
    "Repeat",
    "Round",
    "Schedule",
    "Source",
    "Teams",
    "Ties",
    "WentOut",
    "Winner",
    "Words",
    "definition_from_dict",
    "definition_to_dict",
    "definition_warnings",
    "read_definition",
    "write_definition",
]
