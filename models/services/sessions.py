"""Sessions: start, rematch, and the trash.

Every function takes the ``engine`` as a keyword argument, runs its own
transaction and returns read models from :mod:`models.views`. Listing, finding
and opening sessions are in :mod:`models.services.queries`.
"""

from __future__ import annotations

import uuid as uuidlib
from collections.abc import Mapping, Sequence
from dataclasses import is_dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from scoring import GameOptions, GameRules, check_name, player_key

from ..db import Handle, Reader, run_write
from ..errors import SessionNotFound, SessionNotInTrash
from ..views import SessionView
from . import snapshots
from .codec import now_iso
from .fingerprint import scoring_fingerprint
from .loading import LoadedSession, SessionHead, read_head, read_seats, store_state, view_of
from .sheet import Sheet

if TYPE_CHECKING:
    from sqlmodel import Session

__all__ = [
    "create_session",
    "delete_session",
    "player_ids",
    "purge_trash",
    "rematch",
    "restore_session",
    "start_session",
]


def _options(game: GameRules, options: Mapping[str, Any] | GameOptions | None) -> GameOptions:
    if options is None:
        return game.default_options()
    if is_dataclass(options) and isinstance(options, game.options_type):
        return options
    return game.options_from_dict(cast(Mapping[str, Any], options))


def player_ids(db: Session, names: Sequence[str]) -> list[int]:
    """Ids for ``names`` (already checked), creating the players not seen
    before; a name in another spelling ("kari" for "Kari") is that player."""
    from sqlalchemy import insert

    from ..tables import PlayerRow, inserted_id, table_of, utcnow

    keys = [player_key(n) for n in names]
    reader = Reader.of(db)
    marks = ", ".join(f":k{i}" for i in range(len(keys)))
    found = dict(
        (key, pid)
        for pid, key in reader.rows(
            f"SELECT id, name_key FROM player WHERE name_key IN ({marks})",
            **{f"k{i}": key for i, key in enumerate(keys)},
        )
    )
    ids = []
    for name, key in zip(names, keys, strict=True):
        if key not in found:
            result = db.connection().execute(
                insert(table_of(PlayerRow)).values(name=name, name_key=key, created_at=utcnow())
            )
            found[key] = inserted_id(result)
        ids.append(found[key])
    return ids


def create_session(
    db: Session,
    *,
    game: GameRules,
    options: GameOptions,
    player_ids: Sequence[int],
    uuid: str | None = None,
    started_at: datetime | None = None,
    started_at_iso: str | None = None,
    rematch_of: int | None = None,
    session_id: int | None = None,
) -> LoadedSession:
    """Insert a session row and its seats inside the caller's write transaction
    (under ``session_id`` when given: an import that replaces a session in
    the trash keeps its number).

    Returns the new session as :class:`LoadedSession` with no hands (for start,
    rematch and import, which store its state and results).
    """
    from sqlalchemy import insert

    from ..tables import SeatRow, SessionRow, inserted_id, table_of, utcnow

    now = utcnow()
    head = SessionHead(
        id=0,
        uuid=uuid or str(uuidlib.uuid4()),
        game_id=game.id,
        options=game.options_to_dict(options),
        started_at=started_at or now,
        started_at_iso=started_at_iso,
        finished_at=None,
        deleted_at=None,
        rematch_of=rematch_of,
        scored_with=scoring_fingerprint(),
        winner_seats=[],
        totals=[0] * len(player_ids),
        leader_seats=list(range(len(player_ids))),
        definition=snapshots.snapshot_text(game),
    )
    connection = db.connection()
    result = connection.execute(
        insert(table_of(SessionRow)).values(
            **({"id": session_id} if session_id is not None else {}),
            uuid=head.uuid,
            game=head.game_id,
            options=head.options,
            started_at=head.started_at,
            started_at_iso=head.started_at_iso,
            created_at=now,
            updated_at=now,
            finished_at=None,
            winner_seats=[],
            totals=head.totals,
            leader_seats=head.leader_seats,
            deleted_at=None,
            rematch_of=rematch_of,
            scored_with=head.scored_with,
            definition=head.definition,
        )
    )
    head.id = inserted_id(result)
    connection.execute(
        insert(table_of(SeatRow)),
        [
            {"session_id": head.id, "seat": seat, "player_id": pid}
            for seat, pid in enumerate(player_ids)
        ],
    )
    names, ids = read_seats(Reader.of(db), head.id)
    return LoadedSession(head, names, ids, Sheet(len(names)))


def _started(db: Session, loaded: LoadedSession) -> SessionView:
    """Store a new session's state (no hands yet) and return its view."""
    table = loaded.standings()
    store_state(db, loaded, table, from_hand=0)
    return view_of(loaded, table)


def start_session(
    *,
    engine: Handle,
    game_id: str,
    players: Sequence[str],
    options: Mapping[str, Any] | GameOptions | None = None,
) -> SessionView:
    """Start a session of the game ``game_id`` with ``players`` in seat order (seat 0 deals first).

    ``options`` is a mapping of option keys that differ from the defaults
    (SESSION_FORMAT.md) or the game's Options dataclass. Players are matched to
    stored players case-insensitively (so statistics add up) and created when new.

    Raises :class:`scoring.OptionError`: a name that breaks the name rule
    (``player_name_empty``, ``player_name_long``, ``player_name_control``, see
    :func:`scoring.check_name`), ``player_duplicate``, ``game_unknown``,
    ``player_count``, ``option_unknown``/``option_type``/``option_value``/
    ``option_range``, ``teams_uneven`` (partnerships, GAME_FORMAT.md
    ``teams``: players that make no teams). Nothing is written when it raises.

    ``game_id`` is a built-in game's id or a custom game's
    (:mod:`models.services.games`); a game defined as data is played by the
    snapshot of its definition taken now.
    """
    from .games import game_rules

    rules = game_rules(engine=engine, game_id=game_id)
    names = [check_name(name) for name in players]
    rules.check_players(names)
    opts = _options(rules, options)
    from scoring.captures import seating  # partnerships: the seats make the teams

    seating(rules, opts, names)

    def work(db: Session) -> SessionView:
        loaded = create_session(
            db,
            game=rules,
            options=opts,
            player_ids=player_ids(db, names),
            started_at_iso=now_iso(),
        )
        return _started(db, loaded)

    return run_write(engine, work)


def rematch(
    *,
    engine: Handle,
    session_id: int,
    players: Sequence[str] | None = None,
    options: Mapping[str, Any] | GameOptions | None = None,
) -> SessionView:
    """Start the next session of session ``session_id``: the same game, played
    by the same rules (its snapshot of a game defined as data), linked to it
    as its rematch.

    ``players``: names in seat order (seat 0 deals first); ``None``: the same
    players, seats rotated by one (the second seat deals first). ``options``:
    a mapping of option keys that differ from the defaults (SESSION_FORMAT.md)
    or the game's Options dataclass; ``None``: the same options. A rematch
    started already (on another phone) is returned instead of a second one,
    as it was started.

    Raises :class:`SessionNotFound`, and for ``players`` or ``options`` what
    :func:`start_session` raises (:class:`scoring.OptionError`). Nothing is
    written when it raises.
    """
    names = None if players is None else [check_name(name) for name in players]

    def work(db: Session) -> SessionView:
        from .loading import load

        reader = Reader.of(db)
        old = read_head(reader, session_id, lock=True)
        started = reader.value(
            "SELECT MIN(id) FROM game_session WHERE rematch_of = :sid AND deleted_at IS NULL",
            sid=session_id,
        )
        if started is not None:
            again = load(db, started)
            return view_of(again, again.standings())
        rules = snapshots.session_game(old.game_id, old.definition)  # the same rules
        opts = rules.options_from_dict(old.options) if options is None else _options(rules, options)
        if names is None:
            _, ids = read_seats(reader, session_id)
            seats = [*ids[1:], *ids[:1]]
        else:
            rules.check_players(names)
            seats = player_ids(db, names)
        loaded = create_session(
            db,
            game=rules,
            options=opts,
            player_ids=seats,
            started_at_iso=now_iso(),
            rematch_of=session_id,
        )
        return _started(db, loaded)

    return run_write(engine, work)


def _set_deleted(engine: Handle, session_id: int, *, deleted: bool) -> None:
    def work(db: Session) -> None:
        from sqlalchemy import update

        from ..tables import SessionRow, table_of, utcnow
        from .purging import purge_expired

        purge_expired(db)
        reader = Reader.of(db)
        head = read_head(reader, session_id, deleted=True, lock=True)
        if (head.deleted_at is not None) == deleted:
            raise (
                SessionNotFound(session=session_id)
                if deleted
                else SessionNotInTrash(session=session_id)
            )
        table = table_of(SessionRow)
        db.connection().execute(
            update(table)
            .where(table.c.id == session_id)
            .values(deleted_at=utcnow() if deleted else None)
        )

    run_write(engine, work)


def delete_session(*, engine: Handle, session_id: int) -> None:
    """Move a session to the trash (it can be restored for
    :data:`models.services.purging.KEEP_DAYS` days, then it is deleted for good;
    its results stop counting in the statistics meanwhile). Raises
    :class:`SessionNotFound` (also when it is in the trash already)."""
    _set_deleted(engine, session_id, deleted=True)


def restore_session(*, engine: Handle, session_id: int) -> None:
    """Take a session out of the trash (its own deleted hands stay in the
    trash, listed again). Raises :class:`SessionNotInTrash` (a
    :class:`SessionNotFound`) when it is not in the trash."""
    _set_deleted(engine, session_id, deleted=False)


def purge_trash(*, engine: Handle, older_than: timedelta | None = None) -> int:
    """Delete for good what is in the trash — the sessions (with their hands,
    seats, results and sheet) and the deleted hands — only what was deleted
    more than ``older_than`` ago, when given (see
    :mod:`models.services.trash`, which does this by itself after
    :data:`~models.services.purging.KEEP_DAYS` days).

    Returns how many sessions and hands (of the other sessions) went. Players stay.
    """

    def work(db: Session) -> int:
        from .purging import purge

        return purge(db, older_than)

    return run_write(engine, work)
