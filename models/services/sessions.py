"""Sessions: start, open, list, find, rematch, and the trash.

Every function takes the database ``session`` as a keyword argument, manages its
own transaction (do not hold table rows across calls) and returns read models
from :mod:`models.views`.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Mapping, Sequence
from dataclasses import is_dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import case, delete, func, true
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from scoring import GameRules, check_name, player_key, standings

from ..db import reading, run_write
from ..errors import AmbiguousSession, SessionNotFound
from ..tables import HandRow, PlayerRow, SeatRow, SessionRow, utcnow
from ..views import SessionPage, SessionSummary, SessionView
from . import snapshots
from ._store import (
    Loaded,
    load,
    now_iso,
    scoring_fingerprint,
    store_scores,
    store_session_state,
    store_sheet,
    view_of,
)

__all__ = [
    "delete_session",
    "find_session",
    "list_sessions",
    "open_session",
    "purge_trash",
    "rematch",
    "restore_session",
    "start_session",
]


def _options(game: GameRules, options: Mapping[str, Any] | Any | None) -> Any:
    if options is None:
        return game.default_options()
    if is_dataclass(options) and isinstance(options, game.options_type):
        return options
    return game.options_from_dict(options)


def _player_ids(db: Session, names: Sequence[str]) -> list[int]:
    """Ids for ``names`` (already validated), creating players not seen before."""
    keys = [player_key(n) for n in names]
    found = {
        key: pid
        for pid, key in db.exec(
            select(PlayerRow.id, PlayerRow.name_key).where(PlayerRow.name_key.in_(keys))
        ).all()
    }
    ids = []
    for name, key in zip(names, keys, strict=True):
        if key not in found:
            player = PlayerRow(name=name, name_key=key)
            db.add(player)
            db.flush()
            assert player.id is not None
            found[key] = player.id
        ids.append(found[key])
    return ids


def create_session(
    db: Session,
    *,
    game: GameRules,
    options: Any,
    player_ids: Sequence[int],
    uuid: str | None = None,
    started_at: datetime | None = None,
    started_at_iso: str | None = None,
    rematch_of: int | None = None,
) -> Loaded:
    """Insert a session row and its seats inside the caller's write transaction.

    Returns the new session as :class:`Loaded` with no hands (internal helper of
    start, rematch and import).
    """
    now = utcnow()
    row = SessionRow(
        uuid=uuid or str(uuidlib.uuid4()),
        game=game.id,
        options=game.options_to_dict(options),
        started_at=started_at or now,
        started_at_iso=started_at_iso,
        created_at=now,
        updated_at=now,
        rematch_of=rematch_of,
        scored_with=scoring_fingerprint(),
        definition=snapshots.snapshot_text(game),
        totals=[0] * len(player_ids),
        leader_seats=list(range(len(player_ids))),
    )
    db.add(row)
    db.flush()
    assert row.id is not None
    db.add_all(
        SeatRow(session_id=row.id, seat=seat, player_id=pid) for seat, pid in enumerate(player_ids)
    )
    names = dict(
        db.exec(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(player_ids))).all()
    )
    loaded = Loaded(row, game, options, tuple(names[p] for p in player_ids), tuple(player_ids), [])
    store_sheet(db, loaded)  # empty: the first showing needs no write
    db.flush()
    return loaded


def start_session(
    *,
    engine: Engine,
    game: str,
    players: Sequence[str],
    options: Mapping[str, Any] | Any | None = None,
) -> SessionView:
    """Start a session of ``game`` with ``players`` in seat order (seat 0 deals first).

    ``options`` is a mapping of option keys that differ from the defaults
    (SESSION_FORMAT.md) or the game's Options dataclass. Players are matched to
    stored players case-insensitively (so statistics add up) and created when new.

    Raises :class:`scoring.OptionError`: a name that breaks the name rule
    (``player_name_empty``, ``player_name_long``, ``player_name_control``, see
    :func:`scoring.check_name`), ``player_duplicate``, ``game_unknown``,
    ``player_count``, ``option_unknown``/``option_type``/``option_value``/
    ``option_range``. Nothing is written when it raises.

    ``game`` is a built-in game's id or a custom game's
    (:mod:`models.services.games`); a game defined as data is played by the
    snapshot of its definition taken now.
    """
    from .games import game_rules

    rules = game_rules(engine=engine, game_id=game)
    names = [check_name(name) for name in players]
    rules.check_players(names)
    opts = _options(rules, options)

    def work(db: Session) -> SessionView:
        loaded = create_session(
            db,
            game=rules,
            options=opts,
            player_ids=_player_ids(db, names),
            started_at_iso=now_iso(),
        )
        return view_of(loaded, standings(rules, opts, loaded.players, []))

    return run_write(engine, work)


def open_session(*, engine: Engine, session_id: int, include_deleted: bool = False) -> SessionView:
    """Open session ``session_id`` with its score sheet and standings.

    The standings are folded by :func:`scoring.standings` from each hand's
    score; those come from the cache written when the hand was saved, or, when
    the scoring code has changed since (an app update), from rescoring what was
    entered; the fresh scores and the finished state are then saved.
    A session in the trash opens only with ``include_deleted``.
    Raises :class:`SessionNotFound`.
    """
    with reading(engine) as db:
        loaded = load(db, session_id, deleted=include_deleted, use_sheet=True)
        table = loaded.standings()
        stale = loaded.rescored or loaded.sheet_stale or _state_differs(loaded, table)
        if not stale:
            return view_of(loaded, table)

    def work(db: Session) -> SessionView:
        fresh = load(db, session_id, for_update=True, deleted=include_deleted)
        fresh_table = fresh.standings()
        store_scores(db, fresh)
        store_session_state(db, fresh, fresh_table)
        db.flush()
        return view_of(fresh, fresh_table)

    return run_write(engine, work)


def _state_differs(loaded: Loaded, table: Any) -> bool:
    row = loaded.row
    winners = [loaded.players.index(w) for w in table.winners]
    return (
        (row.finished_at is not None) != table.finished
        or list(row.winner_seats) != winners
        or list(row.totals) != [table.totals[p] for p in loaded.players]
        or list(row.leader_seats) != [loaded.players.index(p) for p in table.leaders]
    )


def list_sessions(
    *, engine: Engine, offset: int = 0, limit: int = 20, trash: bool = False
) -> SessionPage:
    """A page of sessions: unfinished first, then newest first (by start time).

    With ``trash`` the page lists the sessions in the trash instead, most
    recently deleted first. ``offset``/``limit`` count sessions (limit ≥ 1).
    """
    limit = max(1, limit)
    offset = max(0, offset)
    alive = SessionRow.deleted_at.is_not(None) if trash else SessionRow.deleted_at.is_(None)
    if trash:
        order = (SessionRow.deleted_at.desc(), SessionRow.id.desc())
    else:
        running_first = case((SessionRow.finished_at.is_(None), 0), else_=1)
        order = (running_first, SessionRow.started_at.desc(), SessionRow.id.desc())
    with reading(engine) as db:
        total = db.exec(select(func.count()).select_from(SessionRow).where(alive)).one()
        # Sort narrow (index-only) rows, then fetch the page's rows by id.
        ids = list(
            db.exec(
                select(SessionRow.id).where(alive).order_by(*order).offset(offset).limit(limit)
            ).all()
        )
        by_id = {r.id: r for r in db.exec(select(SessionRow).where(SessionRow.id.in_(ids))).all()}
        rows = [by_id[i] for i in ids]
        names: dict[int, list[str]] = {i: [] for i in ids if i is not None}
        for sid, name in db.exec(
            select(SeatRow.session_id, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
            .where(SeatRow.session_id.in_(ids))
            .order_by(SeatRow.session_id, SeatRow.seat)
        ).all():
            names[sid].append(name)
        counts = dict(
            db.exec(
                select(HandRow.session_id, func.count())
                .where(HandRow.session_id.in_(ids))
                .group_by(HandRow.session_id)
            ).all()
        )
        items = tuple(
            SessionSummary(
                id=r.id,
                uuid=r.uuid,
                game=r.game,
                players=tuple(names[r.id]),
                hand_count=counts.get(r.id, 0),
                started_at=r.started_at,
                finished_at=r.finished_at,
                winners=tuple(names[r.id][s] for s in r.winner_seats),
                deleted_at=r.deleted_at,
                leaders=tuple(names[r.id][s] for s in r.leader_seats),
                totals=dict(zip(names[r.id], r.totals, strict=False)),
                definition=_listed_definition(r.definition),
            )
            for r in rows
            if r.id is not None
        )
    return SessionPage(items=items, total=total, offset=offset, limit=limit)


def _listed_definition(snapshot: str | None) -> Any:
    """A listed session's game definition (for its name), or ``None``; a
    snapshot that cannot be read lists the game by its id."""
    from scoring import GameDefinitionError

    try:
        return snapshots.definition_of(snapshot)
    except GameDefinitionError:
        return None


def find_session(*, engine: Engine, ref: str | int, include_deleted: bool = False) -> int:
    """The id of the session ``ref`` names: its short number (``kortpoeng list``),
    its UUID or a unique prefix of it (at least 4 characters).

    A number that is no session's short number is tried as a UUID prefix.
    Raises :class:`SessionNotFound`, :class:`AmbiguousSession`.
    """
    text = str(ref).strip().lower()
    with reading(engine) as db:
        alive = true() if include_deleted else SessionRow.deleted_at.is_(None)
        if text.isdigit() and len(text) <= 12:
            found = db.exec(
                select(SessionRow.id).where(SessionRow.id == int(text)).where(alive)
            ).first()
            if found is not None:
                return found
        if len(text) < 4 or any(ch not in "0123456789abcdef-" for ch in text):
            raise SessionNotFound(session=str(ref))
        matches = db.exec(
            select(SessionRow.id)
            .where(SessionRow.uuid.startswith(text, autoescape=True))
            .where(alive)
            .limit(2)
        ).all()
    if not matches:
        raise SessionNotFound(session=str(ref))
    if len(matches) > 1:
        raise AmbiguousSession(session=str(ref), matches=len(matches))
    return matches[0]


def rematch(*, engine: Engine, session_id: int) -> SessionView:
    """Start a new session with the same game, players and options, seats rotated
    by one (the second seat deals first). A rematch started already (on another
    phone) is returned instead of a second one. Raises :class:`SessionNotFound`."""

    def work(db: Session) -> SessionView:
        old = load(db, session_id, deleted=False)
        started = db.exec(
            select(SessionRow.id)
            .where(SessionRow.rematch_of == session_id, SessionRow.deleted_at.is_(None))
            .order_by(SessionRow.id)
        ).first()
        if started is not None:
            again = load(db, started)
            return view_of(again, again.standings())
        ids = list(old.player_ids[1:] + old.player_ids[:1])
        loaded = create_session(
            db,
            game=old.game,
            options=old.options,
            player_ids=ids,
            started_at_iso=now_iso(),
            rematch_of=session_id,
        )
        return view_of(loaded, standings(old.game, old.options, loaded.players, []))

    return run_write(engine, work)


def delete_session(*, engine: Engine, session_id: int) -> None:
    """Move a session to the trash (it can be restored until the trash is purged).
    Raises :class:`SessionNotFound` (also when it is in the trash already)."""

    def work(db: Session) -> None:
        row = db.exec(
            select(SessionRow).where(SessionRow.id == session_id).with_for_update()
        ).first()
        if row is None or row.deleted_at is not None:
            raise SessionNotFound(session=session_id)
        row.deleted_at = utcnow()
        db.add(row)

    run_write(engine, work)


def restore_session(*, engine: Engine, session_id: int) -> None:
    """Take a session out of the trash. Raises :class:`SessionNotFound` when it is
    not in the trash."""

    def work(db: Session) -> None:
        row = db.exec(
            select(SessionRow).where(SessionRow.id == session_id).with_for_update()
        ).first()
        if row is None or row.deleted_at is None:
            raise SessionNotFound(session=session_id)
        row.deleted_at = None
        db.add(row)

    run_write(engine, work)


def purge_trash(*, engine: Engine, older_than: timedelta | None = None) -> int:
    """Delete for good the sessions in the trash (only those deleted more than
    ``older_than`` ago, when given), with their hands and seats.

    Returns how many sessions were removed. Players stay.
    """

    def work(db: Session) -> int:
        condition = SessionRow.deleted_at.is_not(None)
        if older_than is not None:
            condition = condition & (SessionRow.deleted_at <= utcnow() - older_than)
        ids = db.exec(select(SessionRow.id).where(condition)).all()
        if ids:
            db.exec(delete(SessionRow).where(SessionRow.id.in_(ids)))  # type: ignore[call-overload]
        return len(ids)

    return run_write(engine, work)
