"""Player statistics across finished sessions, per game (issue 5).

The statistics screen and ``kortpoeng stats`` show :func:`game_statistics`:
the database adds up the results stored with every session
(:func:`models.services.game_statistics`). No flet, no user-visible text;
names that tie are in the alphabetical order of the active language
(:func:`app.i18n.collation_key`).

A *game* here is a game id together with its scoring direction: Rummy played
with ``penalty`` scoring (lowest total wins) and with ``winner_collects``
(highest wins) are two groups, because averaging penalty points with collected
points would mean nothing. Players are the same person across sessions when
their names match case-insensitively with surrounding spaces ignored
(:func:`scoring.player_key`, as the storage's player table does); the name shown
is the one used in that player's most recent session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.i18n import collation_key
from models.views import GameStatistics, PlayerStatistics

if TYPE_CHECKING:
    from models.db import Handle

__all__ = ["GameStatistics", "PlayerStatistics", "game_statistics"]


def game_statistics(*, engine: Handle, game_id: str | None = None) -> tuple[GameStatistics, ...]:
    """The statistics of every finished session in the database (of the game
    ``game_id`` only, when given), as the database adds them up from the
    stored results (:func:`models.services.game_statistics`): the statistics
    screen's and ``kortpoeng stats``'s figures (the same as a rescore of every
    finished session, tests/models/statistics_reference.py); empty when no
    session has finished. Names that tie are in the alphabetical order of
    the active language (:func:`app.i18n.collation_key`)."""
    from models.services import game_statistics as stored_statistics

    return stored_statistics(engine=engine, game_id=game_id, name_key=_alphabetical)


def _alphabetical(name: str) -> bytes:
    # The collator (ICU) is loaded only when names tie: a family's statistics
    # print without it (the command line starts that much sooner).
    return collation_key()(name)
