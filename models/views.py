"""Read models: what the services hand to the UI and the command line.

Plain frozen dataclasses built from the stored rows and :mod:`scoring`; never
table rows, never tied to a database session. All scores are whole points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from scoring import Hand, HandScore, ScoreWarning, Standings

__all__ = [
    "GameStats",
    "HandDetail",
    "HandLine",
    "PlayerStats",
    "PlayerSummary",
    "SessionPage",
    "SessionSummary",
    "SessionView",
]


class HandLine(NamedTuple):
    """One line of a session's score sheet (immutable; a named tuple because a
    long session has hundreds and opening it builds them all).

    Attributes:
        number: 1-based hand number (no gaps).
        went_out: who went out, or ``None`` for a blocked hand.
        points: points per player scored in this hand.
        running: each player's running total after this hand.
        leftover: per player, the value (points) of what they were left holding.
        rummy: the Rummy ``winner_collects`` "went out in one turn" flag.
        note: free text, or ``None``.
        played_at: ISO 8601 time with offset, or ``None``.
        warnings: the warnings the user confirmed when saving the hand.
    """

    number: int
    went_out: str | None
    points: Mapping[str, int]
    running: Mapping[str, int]
    leftover: Mapping[str, int]
    rummy: bool
    note: str | None
    played_at: str | None
    warnings: tuple[ScoreWarning, ...]


@dataclass(frozen=True, slots=True)
class HandDetail:
    """One hand with everything entered and its full score, for editing or explaining.

    ``hand`` is the :class:`scoring.Hand` as entered (player names as seated);
    ``score`` is freshly computed by :mod:`scoring`, with breakdown and warnings.
    """

    session_id: int
    number: int
    hand: Hand
    score: HandScore
    warnings: tuple[ScoreWarning, ...]


@dataclass(frozen=True, slots=True)
class SessionView:
    """A session opened with its standings.

    Attributes:
        id: the short number (``kortpoeng list``) — the database id.
        uuid: the session's UUID (SESSION_FORMAT.md ``id``).
        game: game id (``swedish_rummy``, ``four_suit_rummy``, ``rummy``).
        options: the game's frozen Options dataclass.
        options_dict: only the options that differ from the defaults.
        players: names in seat order (seat 0 dealt first).
        player_ids: the players' ids, in seat order.
        hands: the score sheet, oldest hand first.
        standings: :class:`scoring.Standings` (totals, ranks, finished, winners…).
        started_at: start time (aware, UTC).
        finished_at: when the session ended (UTC), or ``None`` while it runs.
        deleted_at: when it was moved to the trash, or ``None``.
        rematch_of: the short number of the session this one is a rematch of.
    """

    id: int
    uuid: str
    game: str
    options: Any
    options_dict: Mapping[str, Any]
    players: tuple[str, ...]
    player_ids: tuple[int, ...]
    hands: tuple[HandLine, ...]
    standings: Standings
    started_at: datetime
    finished_at: datetime | None
    deleted_at: datetime | None
    rematch_of: int | None

    @property
    def finished(self) -> bool:
        """Whether the session has ended (``scoring`` says so)."""
        return self.standings.finished


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One entry of the session list (no scoring needed to show it).

    ``winners`` is empty until the session has finished; ``hand_count`` counts
    the hands entered; ``leaders`` (in first place) and ``totals`` (points per
    player) are the standings after the last hand, as saved with it.
    """

    id: int
    uuid: str
    game: str
    players: tuple[str, ...]
    hand_count: int
    started_at: datetime
    finished_at: datetime | None
    winners: tuple[str, ...]
    deleted_at: datetime | None
    leaders: tuple[str, ...] = ()
    totals: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionPage:
    """A page of :class:`SessionSummary`: unfinished first, then newest first.

    ``total`` counts every session in the list (not only this page).
    """

    items: tuple[SessionSummary, ...]
    total: int
    offset: int
    limit: int

    @property
    def has_more(self) -> bool:
        """Whether a later page exists."""
        return self.offset + len(self.items) < self.total


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A player, with the number of sessions (outside the trash) they sat in."""

    id: int
    name: str
    sessions: int


@dataclass(frozen=True, slots=True)
class GameStats:
    """Counts for one game: sessions ``played`` (any state), ``finished``, ``won``
    (a shared win counts as a win for each winner)."""

    played: int = 0
    finished: int = 0
    won: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's basic statistics over the sessions outside the trash.

    ``by_game`` maps a game id to its :class:`GameStats`; ``played``,
    ``finished`` and ``won`` are the sums over all games.
    """

    id: int
    name: str
    played: int
    finished: int
    won: int
    by_game: Mapping[str, GameStats]
