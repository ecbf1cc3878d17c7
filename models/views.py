"""Read models: what the services hand to the UI and the command line.

Immutable named tuples built from the stored rows and :mod:`scoring` (read by
attribute; a named tuple because the command line makes these classes at
every start, and a dataclass costs five times as much to make); never table
rows, never tied to a database session. All scores are whole points.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, overload

if TYPE_CHECKING:
    from scoring import (
        GameDefinition,
        GameOptions,
        GameRules,
        Hand,
        HandScore,
        ScoreWarning,
        SessionRules,
        Standings,
    )

__all__ = [
    "DeletedHand",
    "GameEntry",
    "GameStatistics",
    "GameStats",
    "HandDetail",
    "HandLine",
    "HandLines",
    "ImportedGame",
    "PlayerStatistics",
    "PlayerStats",
    "PlayerSummary",
    "SessionPage",
    "SessionSummary",
    "SessionView",
    "Trash",
    "TrashedHand",
    "TrashedSession",
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
        note: free text, or ``None``.
        played_at: ISO 8601 time with offset, or ``None``.
        warnings: the warnings the user confirmed when saving the hand.
    """

    number: int
    went_out: str | None
    points: Mapping[str, int]
    running: Mapping[str, int]
    leftover: Mapping[str, int]
    note: str | None
    played_at: str | None
    warnings: tuple[ScoreWarning, ...]


class HandLines(Sequence[HandLine]):
    """A session's score sheet, oldest hand first: an immutable sequence of
    :class:`HandLine` that makes each line when it is first read.

    Opening a long session thus costs no more than its standings: the session
    screen shows the last dozen hands, and only those lines are made. Reads
    as a tuple would (``len``, indexes, slices → tuples, iteration) and
    compares equal to a tuple or list of the same lines.

    Args:
        count: the number of hands.
        line: ``line(index)`` makes the line of hand ``index + 1``.
    """

    __slots__ = ("_count", "_line", "_made")

    def __init__(self, count: int, line: Callable[[int], HandLine]) -> None:
        self._count = count
        self._line = line
        self._made: list[HandLine | None] = [None] * count

    @classmethod
    def of(cls, lines: Sequence[HandLine]) -> HandLines:
        """Lines made already (e.g. ``HandLines.of(())`` for no hands)."""
        made = tuple(lines)
        return cls(len(made), made.__getitem__)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> HandLine: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[HandLine, ...]: ...
    def __getitem__(self, index: int | slice) -> HandLine | tuple[HandLine, ...]:
        if isinstance(index, slice):
            return tuple(self._at(i) for i in range(*index.indices(self._count)))
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("hand index out of range")
        return self._at(index)

    def _at(self, index: int) -> HandLine:
        line = self._made[index]
        if line is None:
            line = self._made[index] = self._line(index)
        return line

    def __iter__(self) -> Iterator[HandLine]:
        return (self._at(i) for i in range(self._count))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandLines | tuple | list):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"HandLines({list(self)!r})"


class HandDetail(NamedTuple):
    """One hand with everything entered and its full score, for editing or explaining.

    ``hand`` is the :class:`scoring.Hand` as entered (player names as seated);
    ``score`` is freshly computed by :mod:`scoring`, with breakdown and warnings.
    ``hand_id`` names the stored hand while it exists, whatever its number
    (deleting a hand and undoing that keeps it); hands are numbered in the
    order of their ids.
    """

    session_id: int
    number: int
    hand: Hand
    score: HandScore
    warnings: tuple[ScoreWarning, ...]
    hand_id: int | None = None


class DeletedHand(NamedTuple):
    """What deleting a hand returns: the session without it (``view``) and the
    hand as it was stored (``hand``, with its ``hand_id``), to put it back."""

    view: SessionView
    hand: HandDetail


class SessionView(NamedTuple):
    """A session opened with its standings.

    Attributes:
        id: the short number (``kortpoeng list``) — the database id.
        uuid: the session's UUID (SESSION_FORMAT.md ``id``).
        game_id: the game id (``swedish_rummy``, ``four_suit_rummy``, ``rummy``).
        options: the game's frozen Options dataclass.
        options_dict: only the options that differ from the defaults.
        players: names in seat order (seat 0 dealt first).
        player_ids: the players' ids, in seat order.
        hands: the score sheet, oldest hand first (:class:`HandLines`: each
            line is made when first read).
        standings: :class:`scoring.Standings` (totals, places, finished, winners…).
        started_at: start time (aware, UTC).
        finished_at: when the session ended (UTC), or ``None`` while it runs.
        deleted_at: when it was moved to the trash, or ``None``.
        rematch_of: the short number of the session this one is a rematch of.
        definition: the game's definition the session is played by (its
            snapshot) for a game defined as data; ``None`` for a coded game.
    """

    id: int
    uuid: str
    game_id: str
    options: GameOptions
    options_dict: Mapping[str, Any]
    players: tuple[str, ...]
    player_ids: tuple[int, ...]
    hands: HandLines
    standings: Standings
    started_at: datetime
    finished_at: datetime | None
    deleted_at: datetime | None
    rematch_of: int | None
    definition: GameDefinition | None = None

    @property
    def finished(self) -> bool:
        """Whether the session has ended (``scoring`` says so)."""
        return self.standings.finished

    @property
    def game_rules(self) -> GameRules:
        """The session's game: its snapshot's rules, or the built-in game's."""
        from scoring import game_for

        return game_for(self.game_id, self.definition)

    @property
    def rules(self) -> SessionRules:
        """The session's rules: its game bound to its options and players."""
        return self.game_rules.bind(self.options, self.players)


class SessionSummary(NamedTuple):
    """One entry of the session list (no scoring needed to show it).

    ``winners`` is empty until the session has finished; ``hand_count`` counts
    the hands entered; ``leaders`` (in first place) and ``totals`` (points per
    player) are the standings after the last hand, as saved with it;
    ``definition`` the game's definition (the session's snapshot) for a game
    that is not built in (its name is the game's name), else ``None`` (a
    built-in game is named by its id: its snapshot is read only to score);
    ``options`` the session's options that differ from the game's defaults,
    as stored (a session played in teams is listed with its teams' names).
    """

    id: int
    uuid: str
    game_id: str
    players: tuple[str, ...]
    hand_count: int
    started_at: datetime
    finished_at: datetime | None
    winners: tuple[str, ...]
    deleted_at: datetime | None
    leaders: tuple[str, ...] = ()
    totals: Mapping[str, int] = MappingProxyType({})
    definition: GameDefinition | None = None
    options: Mapping[str, Any] = MappingProxyType({})

    @property
    def finished(self) -> bool:
        """Whether the session has ended."""
        return self.finished_at is not None


class SessionPage(NamedTuple):
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


class PlayerSummary(NamedTuple):
    """A player, with the number of sessions (outside the trash) they sat in."""

    id: int
    name: str
    sessions: int


class GameStats(NamedTuple):
    """Counts for one game: sessions ``played`` (any state), ``finished``, ``won``
    (a shared win counts as a win for each winner)."""

    played: int = 0
    finished: int = 0
    won: int = 0


class PlayerStats(NamedTuple):
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


class PlayerStatistics(NamedTuple):
    """One player's record in one game (finished sessions outside the trash).

    Attributes:
        player: the player's name (in their most recent session of this game).
        sessions: finished sessions played.
        wins: sessions won (a shared win counts as a win for each winner).
        hands: hands played in those sessions.
        win_rate: ``wins / sessions``, from 0.0 to 1.0.
        average_hand: mean points per hand over those hands (0.0 without hands).
        best_hand: the highest points in one hand, or the lowest for penalty
            scoring; ``None`` without hands.
        streak: consecutive wins counted back from the most recent session
            (0 when the most recent session was not a win).
    """

    player: str
    sessions: int
    wins: int
    hands: int
    win_rate: float
    average_hand: float
    best_hand: int | None
    streak: int


class GameStatistics(NamedTuple):
    """Statistics of one game (and scoring direction).

    Attributes:
        game_id: the game id (``swedish_rummy``, ``four_suit_rummy``, ``rummy``).
        lowest_wins: True for penalty scoring (best hand = lowest).
        sessions: finished sessions of this game.
        players: one :class:`PlayerStatistics` per player, most wins first,
            then best win rate, most sessions, and name.
        definition: the game's definition (of its most recent session) for a
            game that is not built in, which names it; ``None`` for a built-in
            game (named by its id).
    """

    game_id: str
    lowest_wins: bool
    sessions: int
    players: tuple[PlayerStatistics, ...]
    definition: GameDefinition | None = None


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game that can be played: a built-in one or a custom game.

    Attributes:
        game_id: the game's id (a session's ``game_id``).
        definition: its game definition (GAME_FORMAT.md), or ``None`` for a
            coded game that has none (Four Suit Rummy).
        builtin: shipped with the app (cannot be changed or deleted).
        text: a custom game's definition as stored (canonical JSON text),
            for a later change to say what it changed; ``None`` for a built-in.
        updated_at: when a custom game was last saved (UTC), else ``None``.
    """

    game_id: str
    definition: GameDefinition | None
    builtin: bool
    text: str | None = None
    updated_at: datetime | None = None

    @property
    def rules(self) -> GameRules:
        """The game's rules object."""
        from scoring import game_for

        return game_for(self.game_id, None if self.builtin else self.definition)


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """What importing a game definition did: ``entry`` is the game as stored
    now; ``outcome`` is ``"added"`` (new), ``"unchanged"`` (that very game
    was stored already: nothing added), ``"kept_both"`` (a different game
    with the same id was stored: this one was added under a new id and name)
    or ``"replaced"`` (it replaced the stored custom game of that id)."""

    entry: GameEntry
    outcome: str


class TrashedSession(NamedTuple):
    """A session in the trash (see :mod:`models.services.trash`).

    ``key`` is its name in the trash (``S`` and its short number, ``S12``);
    ``deleted_at`` when it was moved there and ``purge_at`` when it will be
    deleted for good (both aware, UTC).
    """

    key: str
    id: int
    uuid: str
    game_id: str
    players: tuple[str, ...]
    hand_count: int
    started_at: datetime
    finished: bool
    deleted_at: datetime
    purge_at: datetime


class TrashedHand(NamedTuple):
    """A deleted hand in the trash (see :mod:`models.services.trash`).

    ``key`` is its name in the trash (``H`` and the hand's id, ``H345``);
    ``number`` the number it had in session ``session_id`` when deleted;
    ``went_out`` who went out (``None``: blocked); ``note`` the hand's note;
    ``deleted_at``/``purge_at`` as for :class:`TrashedSession`.
    """

    key: str
    id: int
    session_id: int
    game_id: str
    players: tuple[str, ...]
    number: int
    went_out: str | None
    note: str | None
    deleted_at: datetime
    purge_at: datetime


class Trash(NamedTuple):
    """What the trash holds, most recently deleted first: the sessions, and
    the hands of sessions that are not in the trash themselves (those come
    back with their session)."""

    sessions: tuple[TrashedSession, ...]
    hands: tuple[TrashedHand, ...]

    @property
    def total(self) -> int:
        """How many things are in the trash (sessions and hands)."""
        return len(self.sessions) + len(self.hands)
