"""Players: name rules, renaming, the player list and basic statistics."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from scoring import check_name, player_key

from ..db import reading, run_write
from ..errors import NameTaken, PlayerNotFound
from ..tables import PlayerRow, SeatRow, SessionRow
from ..views import GameStats, PlayerStats, PlayerSummary

__all__ = ["list_players", "player_stats", "recent_players", "rename_player"]


def rename_player(*, engine: Engine, player_id: int, name: str) -> PlayerSummary:
    """Rename a player everywhere (hands refer to seats, so nothing else changes).

    A change of case only ("anna" → "Anna") is allowed. Raises
    :class:`PlayerNotFound`, :class:`NameTaken` when another player already has
    the name, and :class:`scoring.OptionError` for a name that breaks the name
    rule (:func:`scoring.check_name`).
    """
    new_name = check_name(name)
    key = player_key(new_name)

    def work(db: Session) -> PlayerSummary:
        player = db.get(PlayerRow, player_id)
        if player is None:
            raise PlayerNotFound(player=player_id)
        other = db.exec(
            select(PlayerRow.id).where(PlayerRow.name_key == key, PlayerRow.id != player_id)
        ).first()
        if other is not None:
            raise NameTaken(name=new_name)
        player.name, player.name_key = new_name, key
        db.add(player)
        db.flush()
        return PlayerSummary(player_id, new_name, _session_count(db, player_id))

    return run_write(engine, work)


def _session_count(db: Session, player_id: int) -> int:
    return db.exec(
        select(func.count())
        .select_from(SeatRow)
        .join(SessionRow, col(SessionRow.id) == col(SeatRow.session_id))
        .where(SeatRow.player_id == player_id, col(SessionRow.deleted_at).is_(None))
    ).one()


#: A sort key for names: the app passes its language's collation
#: (``app.i18n.collation_key()``), so Æ Ø Å come after Z in Norwegian.
NameKey = Callable[[str], Any]


def list_players(*, engine: Engine, name_key: NameKey | None = None) -> tuple[PlayerSummary, ...]:
    """Every player, by name (case-insensitive, or by ``name_key``), with how
    many sessions outside the trash they sat in."""
    with reading(engine) as db:
        counts = dict(
            db.exec(
                select(SeatRow.player_id, func.count())
                .join(SessionRow, col(SessionRow.id) == col(SeatRow.session_id))
                .where(col(SessionRow.deleted_at).is_(None))
                .group_by(col(SeatRow.player_id))
            ).all()
        )
        rows: list[tuple[int, str]] = [
            (pid, name)
            for pid, name in db.exec(
                select(PlayerRow.id, PlayerRow.name).order_by(col(PlayerRow.name_key))
            ).all()
            if pid is not None
        ]
        if name_key is not None:
            rows.sort(key=lambda row: name_key(row[1]))
        return tuple(PlayerSummary(pid, name, counts.get(pid, 0)) for pid, name in rows)


def player_stats(*, engine: Engine, player_id: int | None = None) -> tuple[PlayerStats, ...]:
    """Sessions played, finished and won per player, overall and per game.

    Counts sessions outside the trash; a shared win is a win for each winner.
    With ``player_id`` only that player (raises :class:`PlayerNotFound`),
    otherwise every player, by name.
    """
    with reading(engine) as db:
        players = select(PlayerRow.id, PlayerRow.name).order_by(col(PlayerRow.name_key))
        seats = (
            core_select(  # five columns: more than sqlmodel's typed select() overloads take
                col(SeatRow.player_id),
                col(SeatRow.seat),
                col(SessionRow.game),
                col(SessionRow.finished_at),
                col(SessionRow.winner_seats),
            )
            .join(SessionRow, col(SessionRow.id) == col(SeatRow.session_id))
            .where(col(SessionRow.deleted_at).is_(None))
        )
        if player_id is not None:
            players = players.where(PlayerRow.id == player_id)
            seats = seats.where(col(SeatRow.player_id) == player_id)
        people = db.exec(players).all()
        if player_id is not None and not people:
            raise PlayerNotFound(player=player_id)
        tally: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
        for seated, seat, game, finished_at, winners in db.connection().execute(seats).all():
            counts = tally[seated][game]
            counts[0] += 1
            if finished_at is not None:
                counts[1] += 1
                counts[2] += seat in winners
        result = []
        for pid, name in people:
            if pid is None:  # a stored row always has its id
                continue
            by_game = {g: GameStats(*c) for g, c in sorted(tally[pid].items())}
            result.append(
                PlayerStats(
                    id=pid,
                    name=name,
                    played=sum(s.played for s in by_game.values()),
                    finished=sum(s.finished for s in by_game.values()),
                    won=sum(s.won for s in by_game.values()),
                    by_game=by_game,
                )
            )
        return tuple(result)


def recent_players(
    *, engine: Engine, limit: int = 12, name_key: NameKey | None = None
) -> tuple[str, ...]:
    """Names of known players, those who sat in most sessions (outside the
    trash) first, then by name (case-insensitive, or by ``name_key``); at most
    ``limit``."""
    players = list_players(engine=engine)
    key = name_key or str.casefold
    ranked = sorted(players, key=lambda p: (-p.sessions, key(p.name)))
    return tuple(p.name for p in ranked[:limit])
