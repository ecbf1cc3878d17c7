"""Players: name rules, renaming, the player list and basic statistics."""

from __future__ import annotations

import unicodedata
from collections import defaultdict

from sqlalchemy import func
from sqlmodel import Session, select

from scoring import player_key

from ..db import run_write
from ..errors import InvalidName, PlayerNotFound
from ..tables import NAME_MAX, PlayerRow, SeatRow, SessionRow
from ..views import GameStats, PlayerStats, PlayerSummary
from ._store import reading

__all__ = ["list_players", "player_stats", "rename_player", "validate_name"]

_REFUSED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
# Bidi embeddings, overrides and isolates: they reorder the text around the name.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def validate_name(name: object) -> str:
    """Return ``name`` with surrounding spaces removed, or refuse it.

    Raises :class:`InvalidName`: ``name_empty`` (not text, or only spaces),
    ``name_control`` (control characters, line breaks, bidi overrides), ``name_too_long``
    (more than ``NAME_MAX`` = 40 characters).

    >>> validate_name("  Kari ")
    'Kari'
    >>> validate_name("Ola\\x07")
    Traceback (most recent call last):
    ...
    models.errors.InvalidName: the name 'Ola\\x07' contains control characters
    """
    visible = (
        "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
        if isinstance(name, str)
        else ""
    )
    if not visible.strip():  # nothing, spaces, or only zero-width characters
        raise InvalidName("name_empty")
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES or ch in _BIDI for ch in name):
        raise InvalidName("name_control", name=name)
    stripped = name.strip()
    if len(stripped) > NAME_MAX:
        raise InvalidName("name_too_long", name=stripped, maximum=NAME_MAX)
    return stripped


def rename_player(*, session: Session, player_id: int, name: str) -> PlayerSummary:
    """Rename a player everywhere (hands refer to seats, so nothing else changes).

    A change of case only ("anna" → "Anna") is allowed. Raises
    :class:`PlayerNotFound`, :class:`InvalidName` (see :func:`validate_name`, and
    ``name_taken`` when another player already has the name).
    """
    new_name = validate_name(name)
    key = player_key(new_name)

    def work(s: Session) -> PlayerSummary:
        player = s.get(PlayerRow, player_id)
        if player is None:
            raise PlayerNotFound(player=player_id)
        other = s.exec(
            select(PlayerRow.id).where(PlayerRow.name_key == key, PlayerRow.id != player_id)
        ).first()
        if other is not None:
            raise InvalidName("name_taken", name=new_name)
        player.name, player.name_key = new_name, key
        s.add(player)
        s.flush()
        return PlayerSummary(player_id, new_name, _session_count(s, player_id))

    return run_write(session, work)


def _session_count(session: Session, player_id: int) -> int:
    return session.exec(
        select(func.count())
        .select_from(SeatRow)
        .join(SessionRow, SessionRow.id == SeatRow.session_id)
        .where(SeatRow.player_id == player_id, SessionRow.deleted_at.is_(None))
    ).one()


def list_players(*, session: Session) -> tuple[PlayerSummary, ...]:
    """Every player, by name (case-insensitive), with how many sessions outside
    the trash they sat in."""
    with reading(session):
        counts = dict(
            session.exec(
                select(SeatRow.player_id, func.count())
                .join(SessionRow, SessionRow.id == SeatRow.session_id)
                .where(SessionRow.deleted_at.is_(None))
                .group_by(SeatRow.player_id)
            ).all()
        )
        rows = session.exec(select(PlayerRow.id, PlayerRow.name).order_by(PlayerRow.name_key)).all()
        return tuple(PlayerSummary(pid, name, counts.get(pid, 0)) for pid, name in rows)


def player_stats(*, session: Session, player_id: int | None = None) -> tuple[PlayerStats, ...]:
    """Sessions played, finished and won per player, overall and per game.

    Counts sessions outside the trash; a shared win is a win for each winner.
    With ``player_id`` only that player (raises :class:`PlayerNotFound`),
    otherwise every player, by name.
    """
    with reading(session):
        players = select(PlayerRow.id, PlayerRow.name).order_by(PlayerRow.name_key)
        seats = (
            select(
                SeatRow.player_id,
                SeatRow.seat,
                SessionRow.game,
                SessionRow.finished_at,
                SessionRow.winner_seats,
            )
            .join(SessionRow, SessionRow.id == SeatRow.session_id)
            .where(SessionRow.deleted_at.is_(None))
        )
        if player_id is not None:
            players = players.where(PlayerRow.id == player_id)
            seats = seats.where(SeatRow.player_id == player_id)
        people = session.exec(players).all()
        if player_id is not None and not people:
            raise PlayerNotFound(player=player_id)
        tally: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
        for pid, seat, game, finished_at, winners in session.exec(seats).all():
            counts = tally[pid][game]
            counts[0] += 1
            if finished_at is not None:
                counts[1] += 1
                counts[2] += seat in winners
        result = []
        for pid, name in people:
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
