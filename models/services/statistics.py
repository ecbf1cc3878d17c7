"""The statistics: per game and scoring direction, per player — sessions,
wins, win rate, average and best hand, current streak — over every finished
session outside the trash, added up by the database from the stored results
(``session_result``, one row per seat, kept by every write): the counts,
sums and bests in one ``GROUP BY``, the streaks by reading the results most
recent first until every player has met a session not won.

A *game* is a game id together with its scoring direction (Rummy's penalty
scoring, lowest total wins, is a group of its own). Players are the stored
players (one per name, case-insensitively). The most recent session is the
one that finished last (ties: the one started first, then the lower number),
which is what the streak counts back from.

Sessions whose results were computed by other scoring code (an app update)
are rescored first, so the figures always follow the running rules; a
session that cannot be scored any more keeps its stored results (and shows
why when it is opened).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from scoring import BUILTIN_GAME_IDS, CodedError

from ..db import Handle, Reader, read_only, run_write
from ..views import GameStatistics, PlayerStatistics
from .fingerprint import scoring_fingerprint

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = ["game_statistics", "rescore_stale"]

logger = logging.getLogger(__name__)

_STALE = "SELECT id FROM game_session WHERE scored_with IS NULL OR scored_with <> :fingerprint"

_FINISHED = (
    "FROM session_result r JOIN game_session s ON s.id = r.session_id "
    "WHERE s.finished_at IS NOT NULL AND s.deleted_at IS NULL{game}"
)

_PER_PLAYER = f"""
SELECT s.game, r.lowest_wins, r.player_id,
       COUNT(*), SUM(CASE WHEN r.won THEN 1 ELSE 0 END), SUM(r.hands), SUM(r.total),
       MIN(r.best_hand), MAX(r.best_hand)
{_FINISHED}
GROUP BY s.game, r.lowest_wins, r.player_id
"""

_NAMES = "SELECT id, name FROM player"

#: Each finished session's results, most recent first (finished last; ties:
#: started first, then the lower number): what the streaks count back through.
_MOST_RECENT_FIRST = f"""
SELECT s.game, r.lowest_wins, r.player_id, r.won
{_FINISHED}
ORDER BY s.finished_at DESC, s.started_at, s.id
"""

#: Finished sessions per game and direction (one result row per session: seat 0's).
_PER_GAME = f"""
SELECT s.game, r.lowest_wins, COUNT(*)
{_FINISHED} AND r.seat = 0
GROUP BY s.game, r.lowest_wins
"""

#: Sessions rescored per write transaction when the scoring code has changed.
RESCORE_BATCH = 50


def rescore_stale(*, engine: Handle) -> int:
    """Rescore every session scored by other code than the running one (and
    store its sheet, state and results); returns how many were rescored. A
    session that cannot be scored is left as it is (logged)."""
    with read_only(engine) as reader:
        stale = [row[0] for row in reader.rows(_STALE, fingerprint=scoring_fingerprint())]
    if not stale:
        return 0
    from .loading import load, store_state

    def work(db: Session, ids: list[int]) -> None:
        for session_id in ids:
            try:
                with db.begin_nested():
                    loaded = load(db, session_id, deleted=True)
                    store_state(db, loaded, loaded.standings(), from_hand=0)
            except CodedError as problem:
                logger.warning("Session %s cannot be rescored: %s", session_id, problem)

    for start in range(0, len(stale), RESCORE_BATCH):
        batch = stale[start : start + RESCORE_BATCH]
        run_write(engine, functools.partial(work, ids=batch))
    return len(stale)


def _streaks(
    reader: Reader, keys: set[tuple[Any, Any, Any]], only: str, params: dict[str, Any]
) -> dict[tuple[Any, Any, Any], int]:
    """Each ``(game, lowest_wins, player id)``'s wins in a row counted back
    from its most recent finished session: the results read most recent first
    until every player has met a session not won (or the results end) — a
    few rows for most histories, however long."""
    streaks = dict.fromkeys(keys, 0)
    counting = set(keys)
    for game, lowest, pid, won in reader.stream(_MOST_RECENT_FIRST.format(game=only), **params):
        key = (game, lowest, pid)
        if key in counting:
            if won:
                streaks[key] += 1
            else:
                counting.discard(key)
                if not counting:
                    break
    return streaks


def game_statistics(
    *,
    engine: Handle,
    game_id: str | None = None,
    name_key: Callable[[str], Any] = str.casefold,
) -> tuple[GameStatistics, ...]:
    """Per game and direction, per player: sessions, wins, win rate, average
    and best hand, current streak, over every finished session outside the
    trash (see the module docstring); only the sessions of the game
    ``game_id`` when given.

    Returns one :class:`GameStatistics` per game and direction that has a
    finished session, in the order of :data:`scoring.BUILTIN_GAME_IDS` (highest-wins
    before lowest-wins for the same game); its players most wins first, then
    best win rate, most sessions, and name (``name_key(name)``: the app
    passes its language's alphabetical order). Empty when nothing has finished.
    """
    rescore_stale(engine=engine)
    only = " AND s.game = :game" if game_id is not None else ""
    params = {"game": game_id} if game_id is not None else {}
    with read_only(engine) as reader:
        per_player = reader.rows(_PER_PLAYER.format(game=only), **params)
        per_game = reader.rows(_PER_GAME.format(game=only), **params)
        streaks = _streaks(reader, {row[:3] for row in per_player}, only, params)
        names = dict(reader.rows(_NAMES)) if per_player else {}
    players: dict[tuple[str, bool], list[PlayerStatistics]] = {}
    for game, lowest, pid, sessions, wins, hands, points, low, high in per_player:
        players.setdefault((game, bool(lowest)), []).append(
            PlayerStatistics(
                player=names[pid],
                sessions=sessions,
                wins=wins,
                hands=hands,
                win_rate=wins / sessions,
                average_hand=points / hands if hands else 0.0,
                best_hand=low if lowest else high,
                streak=streaks[game, lowest, pid],
            )
        )
    order = {game: position for position, game in enumerate(BUILTIN_GAME_IDS)}
    out = []
    for game, lowest, sessions in sorted(
        ((g, bool(low), n) for g, low, n in per_game),
        key=lambda item: (order.get(item[0], len(order)), item[0], item[1]),
    ):
        group = players.get((game, lowest), [])
        group.sort(key=_ranking)
        if len({_ranking(p) for p in group}) < len(group):  # names break ties
            group.sort(key=lambda p: (*_ranking(p), name_key(p.player)))
        # a built-in game is named by its id; another by the rules it was played by
        named = None if game in BUILTIN_GAME_IDS else _definition(engine, game)
        out.append(GameStatistics(game, lowest, sessions, tuple(group), named))
    return tuple(out)


def _ranking(p: PlayerStatistics) -> tuple[int, float, int]:
    # most wins, best win rate, most sessions first
    return (-p.wins, -p.win_rate, -p.sessions)


_SNAPSHOT = (
    "SELECT definition FROM game_session WHERE game = :game AND definition IS NOT NULL "
    "ORDER BY started_at DESC, id DESC LIMIT 1"
)


def _definition(engine: Handle, game_id: str) -> Any:
    """The definition of ``game_id`` its most recent session was played by (which
    names a game defined as data, also one deleted since), or ``None`` for a
    coded game or a snapshot that cannot be read."""
    from scoring import GameDefinitionError

    from .snapshots import definition_of

    with read_only(engine) as reader:
        row = reader.first(_SNAPSHOT, game=game_id)
    try:
        return definition_of(row[0]) if row is not None else None
    except GameDefinitionError:
        return None
