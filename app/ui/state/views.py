"""What the screens draw, as the use cases return it (:mod:`models.views`),
named here for the components: they draw these read models and never import
:mod:`models` themselves (DESIGN.md, "Screens as plain Python")."""

from __future__ import annotations

from models.services.games import OnConflict
from models.views import (
    GameEntry,
    GameStatistics,
    HandLine,
    ImportedGame,
    PlayerStatistics,
    SessionSummary,
    SessionView,
    Trash,
    TrashedHand,
    TrashedSession,
)

__all__ = [
    "GameEntry",
    "GameStatistics",
    "HandLine",
    "ImportedGame",
    "OnConflict",
    "PlayerStatistics",
    "SessionSummary",
    "SessionView",
    "Trash",
    "TrashedHand",
    "TrashedSession",
]
