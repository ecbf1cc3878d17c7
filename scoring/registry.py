"""Every game Kortpoeng knows, found by id: the coded games (RULES.md §1–3) and
the built-in games defined as data (GAME_FORMAT.md), shipped as JSON files in
``scoring/definitions``, read from the package's folder (through
:mod:`importlib.resources` only where the package is not a folder, as in a
zip: its loader costs a quick command a noticeable share of its time).

Swedish Rummy and Rummy are also shipped as definitions (proven to score as
the coded ones do); while the coded games exist, the registry gives those.

>>> list(builtin_games())
['swedish_rummy', 'rummy', 'four_suit_rummy', 'crazy_eights', 'hearts', 'colour_cards']
>>> builtin_game("crazy_eights").max_players
8
>>> builtin_definition("hearts").source.publisher
'Bicycle'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .codes import ErrorCode
from .errors import OptionError
from .games import GAMES

if TYPE_CHECKING:
    from .data_game import DataGame
    from .definition import GameDefinition
    from .rules import GameRules

# The definition code (scoring.definition, scoring.data_game) is loaded when
# a definition is first read or played: a coded game's session never needs it.

__all__ = [
    "BUILTIN_DEFINITION_IDS",
    "builtin_definition",
    "builtin_definitions",
    "builtin_game",
    "builtin_games",
    "data_game",
    "dump_definition",
    "game_for",
    "load_definition",
]

#: The definitions shipped in ``scoring/definitions``, in the order games are listed.
BUILTIN_DEFINITION_IDS = ("swedish_rummy", "rummy", "crazy_eights", "hearts", "colour_cards")


def load_definition(text: str | bytes | bytearray | Mapping[str, Any]) -> GameDefinition:
    """A definition read from JSON text or bytes (see
    :func:`scoring.definition.read_definition`, which gives the errors)."""
    from .definition import read_definition

    return read_definition(text)


def dump_definition(definition: GameDefinition) -> str:
    """A definition as canonical JSON text (see
    :func:`scoring.definition.write_definition`)."""
    from .definition import write_definition

    return write_definition(definition)


@cache
def builtin_definition(game_id: str) -> GameDefinition:
    """The shipped definition ``game_id``. Raises :class:`OptionError`
    (``game_unknown``) for an id that is not one of
    :data:`BUILTIN_DEFINITION_IDS`."""
    if game_id not in BUILTIN_DEFINITION_IDS:
        raise OptionError(ErrorCode.GAME_UNKNOWN, field="game", params={"value": str(game_id)[:40]})
    path = Path(__file__).with_name("definitions") / f"{game_id}.json"
    if path.is_file():
        return load_definition(path.read_bytes())
    from importlib import resources

    packaged = resources.files(__package__).joinpath("definitions", f"{game_id}.json")
    return load_definition(packaged.read_bytes())


def builtin_definitions() -> tuple[GameDefinition, ...]:
    """Every shipped definition, in :data:`BUILTIN_DEFINITION_IDS` order."""
    return tuple(builtin_definition(game_id) for game_id in BUILTIN_DEFINITION_IDS)


@lru_cache(maxsize=128)
def data_game(definition: GameDefinition) -> DataGame:
    """The rules object of a definition, made once per (equal) definition."""
    from .data_game import game_from_definition

    return game_from_definition(definition)


@cache
def builtin_games() -> Mapping[str, GameRules]:
    """Every built-in game by id: the coded games first (:data:`scoring.GAMES`),
    then the shipped definitions whose id no coded game has."""
    games: dict[str, GameRules] = dict(GAMES)
    for definition in builtin_definitions():
        games.setdefault(definition.id, data_game(definition))
    return MappingProxyType(games)


def builtin_game(game_id: str) -> GameRules:
    """The built-in game ``game_id``. Raises :class:`OptionError` (``game_unknown``)."""
    if isinstance(game_id, str):
        # One game's file read, not every shipped one (the command line
        # shows one session): the same choice as builtin_games().
        if game_id in GAMES:
            return GAMES[game_id]
        if game_id in BUILTIN_DEFINITION_IDS:
            return data_game(builtin_definition(game_id))
    raise OptionError(ErrorCode.GAME_UNKNOWN, field="game", params={"value": str(game_id)[:40]})


def game_for(game_id: str, definition: GameDefinition | None = None) -> GameRules:
    """The rules a session of ``game_id`` is scored with: its ``definition``
    when it has one (the snapshot it was played by, GAME_FORMAT.md), else the
    built-in game. Raises :class:`OptionError` (``game_unknown``) for an id
    no built-in game has and no definition gives.

    >>> game_for("hearts").counted, game_for("rummy").id
    ('tricks', 'rummy')
    """
    if definition is not None:
        return data_game(definition)
    return builtin_game(game_id)
