"""Every game Kortpoeng knows, found by id: the one registry.

The built-in games are :data:`BUILTIN_GAME_IDS`. Every game the definition
format can say is a definition (GAME_FORMAT.md), shipped as JSON in
``scoring/definitions``: Swedish Rummy (RULES.md §1), Rummy (§3), Crazy
Eights, Hearts, Colour Cards, Five Crowns (§6, a schedule of rounds), Kasino
(§5, captured piles), Plump (§7, bids and tricks) and Phase 10 (§8, each
player's phases).
Four Suit Rummy (§2), whose runs no
definition can say, is the one coded game. A custom game, or a session's
snapshot of the rules it was played by, is a definition too: :func:`game_for`
gives the rules object of each, alike.

The shipped files are read from the package's folder (through
:mod:`importlib.resources` only where the package is not a folder, as in a
zip: its loader costs a quick command a noticeable share of its time).

>>> BUILTIN_GAME_IDS  # doctest: +NORMALIZE_WHITESPACE
('swedish_rummy', 'rummy', 'four_suit_rummy', 'crazy_eights', 'hearts', 'colour_cards',
 'five_crowns', 'kasino', 'plump', 'phase_10')
>>> game_for("crazy_eights").max_players, game_for("four_suit_rummy").definition is None
(8, True)
>>> builtin_definition("hearts").source.publisher
'Bicycle'
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .codes import ErrorCode
from .errors import OptionError

if TYPE_CHECKING:
    from .definition import GameDefinition
    from .rules import GameRules

# The definition code (scoring.definition, scoring.data_game) is loaded when a
# definition is first read or played: a Four Suit Rummy session never needs it.

__all__ = ["BUILTIN_GAME_IDS", "builtin_definition", "game_for"]

#: The built-in games' ids (session file ``game``), in the order a game picker
#: offers them and the statistics list them: known without loading any rules.
BUILTIN_GAME_IDS = (
    "swedish_rummy",
    "rummy",
    "four_suit_rummy",
    "crazy_eights",
    "hearts",
    "colour_cards",
    "five_crowns",
    "kasino",
    "plump",
    "phase_10",
)

#: The coded game, which has no definition (RULES.md §2: runs are entered).
_CODED = "four_suit_rummy"


def _unknown(game_id: object) -> OptionError:
    return OptionError(ErrorCode.GAME_UNKNOWN, field="game", params={"value": str(game_id)[:40]})


@cache
def builtin_definition(game_id: str) -> GameDefinition | None:
    """The shipped definition of the built-in game ``game_id`` (read once),
    ``None`` for the coded Four Suit Rummy. Raises :class:`OptionError`
    (``game_unknown``) for an id that is not one of :data:`BUILTIN_GAME_IDS`."""
    if game_id not in BUILTIN_GAME_IDS:
        raise _unknown(game_id)
    if game_id == _CODED:
        return None
    from .definition import read_definition  # loaded with the first definition read

    path = Path(__file__).with_name("definitions") / f"{game_id}.json"
    if path.is_file():
        return read_definition(path.read_bytes())
    from importlib import resources

    packaged = resources.files(__package__).joinpath("definitions", f"{game_id}.json")
    return read_definition(packaged.read_bytes())


@lru_cache(maxsize=128)
def _played_by(definition: GameDefinition) -> GameRules:
    """The rules object of a definition, made once per (equal) definition."""
    from .data_game import game_from_definition

    return game_from_definition(definition)


@cache
def _builtin(game_id: str) -> GameRules:
    definition = builtin_definition(game_id)
    if definition is None:
        from .four_suit_rummy import GAME

        return GAME
    return _played_by(definition)


def game_for(game_id: str, definition: GameDefinition | None = None) -> GameRules:
    """The rules a session of ``game_id`` is scored with: its ``definition``
    when it has one (a custom game's, or the snapshot a session was played
    by: GAME_FORMAT.md), else the built-in game ``game_id``. The same object
    each time for the same game. Raises :class:`OptionError`
    (``game_unknown``) for an id no built-in game has when no definition is
    given.

    >>> game_for("hearts").counted, game_for("rummy").id, game_for("rummy") is game_for("rummy")
    ('tricks', 'rummy', True)
    """
    if definition is not None:
        return _played_by(definition)
    if not isinstance(game_id, str) or game_id not in BUILTIN_GAME_IDS:
        raise _unknown(game_id)
    return _builtin(game_id)
