"""The statistics worked out from scratch: every finished session read back
and rescored. The reference the stored figures
(:func:`models.services.game_statistics`, shown by the statistics screen and
``kortpoeng stats``) are tested against; the app itself never runs it.

Names that tie are in the alphabetical order of the active language
(:func:`app.i18n.collation_key`).

>>> from scoring import read_session, score_session
>>> from app.reports.chart import SAMPLES
>>> doc = read_session((SAMPLES / "rummy.json").read_text(encoding="utf-8"))
>>> [game] = player_statistics([(doc, score_session(doc), None)])
>>> game.game_id, game.lowest_wins, game.sessions
('rummy', True, 1)
>>> best = game.players[0]
>>> best.player, best.wins, best.average_hand, best.best_hand, best.streak
('Åse', 1, 8.8, 0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from app.i18n import collation_key
from models.views import GameStatistics, PlayerStatistics
from scoring import BUILTIN_GAME_IDS

if TYPE_CHECKING:
    from models.db import Handle
    from scoring import SessionDoc, SessionResult

#: One finished session as the statistics need it: the document, its scored
#: result and when it finished (aware datetime; ``None`` falls back to the
#: document's ``started_at``).
Entry = tuple["SessionDoc", "SessionResult", "datetime | None"]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class _Tally:
    name: str
    sessions: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    best: int | None = None
    streak: int = 0
    streak_open: bool = True


def _moment(doc: SessionDoc, finished_at: datetime | None) -> datetime:
    moment = finished_at
    if moment is None and doc.started_at is not None:
        moment = datetime.fromisoformat(doc.started_at)
    if moment is None:
        return _EPOCH
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def player_statistics(
    entries: Iterable[Entry], *, name_key: Callable[[str], object] | None = None
) -> tuple[GameStatistics, ...]:
    """Per game, per player: sessions, wins, win rate, average and best hand,
    current streak.

    Args:
        entries: ``(doc, result, finished_at)`` per session, in any order;
            ``result`` is ``scoring.score_session(doc)``. Sessions that have not
            finished (``result.standings.finished`` false) are skipped. The most
            recent session is the one with the latest ``finished_at`` (a naive
            datetime is taken as UTC; ``None`` falls back to ``started_at``,
            then to the oldest possible); equal times keep the input order.
        name_key: sort key for names that tie on wins, win rate and
            sessions; default :func:`app.i18n.collation_key` of the active
            language (Norwegian: Æ Ø Å after Z).

    Returns:
        One :class:`GameStatistics` per game and direction that has a finished
        session, in the order of :data:`scoring.BUILTIN_GAME_IDS` (highest-wins before
        lowest-wins for the same game).
    """
    from scoring import player_key

    finished = [
        (_moment(doc, at), index, doc, result)
        for index, (doc, result, at) in enumerate(entries)
        if result.standings.finished
    ]
    finished.sort(key=lambda item: (item[0], item[1]), reverse=True)  # newest first
    groups: dict[tuple[str, bool], tuple[list[int], dict[str, _Tally]]] = {}
    definitions: dict[tuple[str, bool], Any] = {}
    for _, _, doc, result in finished:
        table = result.standings
        # a built-in game is named by its id; another by the rules it was played by
        named = None if doc.game_id in BUILTIN_GAME_IDS else doc.definition or doc.rules.definition
        definitions.setdefault((doc.game_id, table.lowest_wins), named)
        counter, tallies = groups.setdefault((doc.game_id, table.lowest_wins), ([0], {}))
        counter[0] += 1
        pick = min if table.lowest_wins else max
        for player in table.players:
            tally = tallies.setdefault(player_key(player), _Tally(player))
            won = player in table.winners
            tally.sessions += 1
            tally.wins += won
            if tally.streak_open:
                if won:
                    tally.streak += 1
                else:
                    tally.streak_open = False
            for points in table.hand_points:
                tally.hands += 1
                tally.points += points[player]
                tally.best = (
                    points[player] if tally.best is None else pick(tally.best, points[player])
                )
    name_key = name_key or collation_key()
    order = {game: position for position, game in enumerate(BUILTIN_GAME_IDS)}
    out = []
    for (game, lowest), (counter, tallies) in sorted(
        groups.items(), key=lambda item: (order.get(item[0][0], len(order)), item[0])
    ):
        players = [
            PlayerStatistics(
                player=tally.name,
                sessions=tally.sessions,
                wins=tally.wins,
                hands=tally.hands,
                win_rate=tally.wins / tally.sessions,
                average_hand=tally.points / tally.hands if tally.hands else 0.0,
                best_hand=tally.best,
                streak=tally.streak,
            )
            for tally in tallies.values()
        ]
        players.sort(key=lambda p: (-p.wins, -p.win_rate, -p.sessions, name_key(p.player)))
        out.append(
            GameStatistics(
                game, lowest, counter[0], tuple(players), definitions.get((game, lowest))
            )
        )
    return tuple(out)


def finished_entries(*, engine: Handle, page_size: int = 200) -> Iterator[Entry]:
    """Every finished session outside the trash in the database, as
    :func:`player_statistics` wants them: ``(doc, score_session(doc),
    finished_at)``.

    Args:
        engine: the database engine.
        page_size: sessions read per query page.

    Raises the storage services' errors unchanged (``models.errors``).
    """
    from models.services import list_sessions, session_doc
    from scoring import score_session

    offset = 0
    while True:
        page = list_sessions(engine=engine, offset=offset, limit=page_size)
        for item in page.items:
            if item.finished_at is not None:
                doc = session_doc(engine=engine, session_id=item.id)
                yield doc, score_session(doc), item.finished_at
        if not page.has_more:
            return
        offset += len(page.items)
