"""The statistics screen's model (``/stats``, issue 5), in plain Python: the
figures of every finished session per game and player
(:func:`app.reports.statistics.game_statistics`, loaded through the screen's
runner), how each figure is said, and which players a game shows — its first
:data:`SHOWN` (a family's whole table) until *Show all* is tapped (a club's
hundred): the screen stays quick to draw."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import format_average, format_best, format_rate, game_name
from app.ui.state.flow import FlowState, run_flow

if TYPE_CHECKING:
    from app.ui.state.ports import Ports
    from app.ui.state.views import GameStatistics, PlayerStatistics

__all__ = ["SHOWN", "StatsScreen", "fields", "group_key", "heading", "more_label"]

logger = logging.getLogger(__name__)

#: Players a game shows before its "Show all" button.
SHOWN = 10


def group_key(game: GameStatistics) -> str:
    """The part of a game's semantics ids: ``swedish_rummy-high`` (its id and
    whether the highest or the lowest total wins)."""
    return f"{game.game_id}-{'low' if game.lowest_wins else 'high'}"


def fields(player: PlayerStatistics) -> list[tuple[str, str, str]]:
    """``(field id, label, value)`` of one player's figures, in display order
    (sessions, wins, win rate, average hand, best hand, streak)."""
    return [
        ("sessions", _("Sessions"), format_number(player.sessions)),
        ("wins", _("Wins"), format_number(player.wins)),
        ("rate", _("Win rate"), format_rate(player.win_rate)),
        ("average", _("Average hand"), format_average(player.average_hand)),
        ("best", _("Best hand"), format_best(player.best_hand)),
        ("streak", _("Streak"), format_number(player.streak)),
    ]


def heading(game: GameStatistics) -> tuple[str, str]:
    """A game's title and the line under it ("2 finished sessions · lowest
    total wins")."""
    sessions = ngettext("{n} finished session", "{n} finished sessions", game.sessions)
    direction = _("lowest total wins") if game.lowest_wins else _("highest total wins")
    return game_name(game.definition or game.game_id), f"{sessions} · {direction}"


def more_label(game: GameStatistics) -> str:
    """The button that shows every player of a game: "Show all 12 players"."""
    return ngettext("Show all {n} player", "Show all {n} players", len(game.players))


@ft.observable
@dataclass(eq=False)
class StatsScreen(FlowState):
    """The statistics screen of one tab.

    Attributes:
        ports: the use cases.
        games: the figures per game (:class:`~models.views.GameStatistics`,
            in game order), ``None`` until loaded.
        failed: they could not be loaded (the screen says so).
        every: the games (:func:`group_key`) showing all their players.
    """

    ports: Ports | None = None
    games: tuple[GameStatistics, ...] | None = None
    failed: bool = False
    every: frozenset[str] = field(default_factory=frozenset)

    async def load(self) -> None:
        """Load the figures (again, after a write): ``games``, or ``failed``
        (a refusal is logged; the screen says they could not be loaded)."""
        from app.reports.statistics import game_statistics

        if self.ports is None:  # pragma: no cover - always given by the screen
            return
        ports = self.ports

        def failed(words: str, _error: Exception) -> None:
            logger.warning("Statistics could not be loaded: %s", words)
            self.failed = True

        async def work() -> tuple[GameStatistics, ...]:
            return tuple(await ports.run(game_statistics))

        outcome = await run_flow(None, ports, work, refused=failed)
        if outcome is not None:
            self.games = outcome.value
            self.failed = False

    def show_every(self, game: GameStatistics) -> None:
        """*Show all*: every player of ``game``."""
        self.every = self.every | {group_key(game)}

    def shown(self, game: GameStatistics) -> tuple[PlayerStatistics, ...]:
        """The players ``game`` shows, in place order: its first :data:`SHOWN`,
        or every one after *Show all*."""
        if group_key(game) in self.every:
            return game.players
        return game.players[:SHOWN]

    def has_more(self, game: GameStatistics) -> bool:
        """Whether ``game`` has players not on show (its *Show all* button)."""
        return len(self.shown(game)) < len(game.players)
