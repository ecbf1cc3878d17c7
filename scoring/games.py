"""The games Kortpoeng scores, by their session-file id (RULES.md §1–3).

>>> sorted(GAMES)
['four_suit_rummy', 'rummy', 'swedish_rummy']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import four_suit_rummy, rummy, swedish_rummy
from .codes import ErrorCode
from .errors import OptionError
from .rules import GameRules

__all__ = ["GAMES", "get_game"]

#: The games by id, in the order a game picker offers them.
GAMES: Mapping[str, GameRules] = MappingProxyType(
    {module.GAME.id: module.GAME for module in (swedish_rummy, rummy, four_suit_rummy)}
)


def get_game(game_id: str) -> GameRules:
    """The rules for ``game_id``. Raises :class:`OptionError` (``game_unknown``)."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise OptionError(ErrorCode.GAME_UNKNOWN, field="game", params={"value": game_id}) from None
