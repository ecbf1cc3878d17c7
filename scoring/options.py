"""A game's options as a type: :class:`GameOptions`, what every signature that
takes a session's options names (never ``Any``).

A game's options are one frozen dataclass instance (SESSION_FORMAT.md: one
field per option, a session file stores those that differ from the default):
the coded Four Suit Rummy's ``Options``, or the dataclass a game definition's
options make (:mod:`scoring.data_game`). Only the game that made them reads
their fields; everyone else passes them along, compares them, hashes them
(they key the rules resolved for them) and lists their fields
(:func:`dataclasses.fields`, :meth:`scoring.GameRules.options_to_dict`).

>>> import dataclasses
>>> from scoring.registry import game_for
>>> options: GameOptions = game_for("rummy").default_options()
>>> [field.name for field in dataclasses.fields(options)]
['scoring', 'rounds', 'target']
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Protocol

__all__ = ["GameOptions", "OptionValue"]

#: One option's value, as a session file and the new-session form hold it
#: (SESSION_FORMAT.md ``options``): a switch (``True``), a number of points
#: or rounds (``300``), or a choice (``"winner_collects"``).
OptionValue = bool | int | str


class GameOptions(Protocol):
    """A game's options: an instance of a frozen dataclass (hashable, compared
    by value), one field per option. Made by
    :meth:`scoring.GameRules.default_options` and
    :meth:`~scoring.GameRules.options_from_dict`."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __hash__(self) -> int: ...
