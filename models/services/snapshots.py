"""Internal: the rules a stored session is played by, and a hand's flags in a
stored row.

A session of a game defined as data keeps a *snapshot* of the definition it
was started with (``SessionRow.definition``, canonical GAME_FORMAT.md text):
its scores never change when the custom game is edited or deleted, or when a
built-in definition changes in an app update. A session of the coded Four
Suit Rummy has no snapshot, nor has one stored before Swedish Rummy and Rummy
were definitions: their rules are the built-in game's.

Kept apart from the loading code so that the few places that turn a row into
rules (``load``, ``create_session``, the hand codec) call one function each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scoring import GameDefinition, GameRules, Hand

# The definition code (scoring.definition, scoring.registry) loads only for a
# session that has a snapshot: showing a Four Suit Rummy session does not need it.

__all__ = [
    "definition_of",
    "flags_from_entry",
    "flags_to_entry",
    "session_game",
    "snapshot_text",
]


@lru_cache(maxsize=256)
def _read(text: str) -> GameDefinition:
    from scoring import read_definition

    return read_definition(text)


def definition_of(snapshot: str | None) -> GameDefinition | None:
    """The definition in a stored snapshot (``None`` for a coded game's
    session). Read once per distinct text. Raises
    :class:`scoring.GameDefinitionError` for a snapshot that is not a
    definition (a damaged database)."""
    return None if snapshot is None else _read(snapshot)


def session_game(game_id: str, snapshot: str | None) -> GameRules:
    """The rules a stored session of ``game_id`` is scored with: its snapshot's
    (see :func:`scoring.game_for`), else the built-in game. Raises
    :class:`scoring.OptionError` (``game_unknown``) for a session of a game
    without a snapshot that this app does not have."""
    from scoring import game_for  # (the registry loads definition code only for one)

    return game_for(game_id, definition_of(snapshot))


def snapshot_text(game: GameRules) -> str | None:
    """The snapshot a new session of ``game`` stores: its definition's
    canonical text for a game defined as data, ``None`` for the coded game."""
    definition = game.definition
    if definition is None:
        return None
    from scoring import write_definition

    return write_definition(definition)


def flags_to_entry(hand: Hand, players: Sequence[str]) -> dict[str, str]:
    """A hand's flags as a stored row's ``entry["flags"]``: flag id → seat
    (as text, like ``left``), so that renaming a player changes nothing."""
    seat = {p: str(i) for i, p in enumerate(players)}
    return {flag: seat.get(player, player) for flag, player in hand.flags.items()}


def flags_from_entry(entry: Mapping[str, Any], players: Sequence[str]) -> dict[str, str]:
    """``entry["flags"]`` back as flag id → player name (a seat that is not a
    seat is kept as written, for scoring to refuse)."""
    flags: dict[str, str] = {}
    for flag, seat in (entry.get("flags") or {}).items():
        index = int(seat) if isinstance(seat, str) and seat.isdigit() else -1
        flags[flag] = players[index] if 0 <= index < len(players) else str(seat)
    return flags
