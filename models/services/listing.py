"""The session list and finding a session by its number or id: read use cases
the app and the command line share, in portable SQL on a
:class:`models.reader.Reader`. They need no scoring (the list shows the state
stored with each session), so this module loads neither the rules nor
SQLAlchemy.
"""

from __future__ import annotations

from typing import Any

from scoring.registry import BUILTIN_GAME_IDS

from ..db import Handle, as_utc, from_json, read_only
from ..errors import AmbiguousSession, SessionNotFound
from ..views import SessionPage, SessionSummary

__all__ = ["find_session", "latest_session", "list_sessions"]


def _marks(name: str, values: list[Any]) -> tuple[str, dict[str, Any]]:
    """Parameters for ``IN (…)``: the placeholders and their values."""
    names = [f"{name}{i}" for i in range(len(values))]
    return ", ".join(f":{n}" for n in names), dict(zip(names, values, strict=True))


def list_sessions(
    *, engine: Handle, offset: int = 0, limit: int = 20, trash: bool = False
) -> SessionPage:
    """A page of sessions: unfinished first, then newest first (by start time).

    With ``trash`` the page lists the sessions in the trash instead, most
    recently deleted first. ``offset``/``limit`` count sessions (limit ≥ 1).
    """
    limit = max(1, limit)
    offset = max(0, offset)
    if trash:
        alive = "deleted_at IS NOT NULL"
        order = "deleted_at DESC, id DESC"
    else:
        alive = "deleted_at IS NULL"
        order = "CASE WHEN finished_at IS NULL THEN 0 ELSE 1 END, started_at DESC, id DESC"
    with read_only(engine) as reader:
        total = reader.value(f"SELECT COUNT(*) FROM game_session WHERE {alive}")
        # Sort narrow (index-only) rows, then fetch the page's rows by id.
        ids = [
            row[0]
            for row in reader.rows(
                f"SELECT id FROM game_session WHERE {alive} ORDER BY {order} "
                "LIMIT :limit OFFSET :offset",
                limit=limit,
                offset=offset,
            )
        ]
        items: tuple[SessionSummary, ...] = ()
        if ids:
            marks, params = _marks("s", ids)
            rows = {
                row[0]: row
                for row in reader.rows(
                    "SELECT id, uuid, game, started_at, finished_at, deleted_at, winner_seats, "
                    f"leader_seats, totals, definition, options FROM game_session "
                    f"WHERE id IN ({marks})",
                    **params,
                )
            }
            names: dict[int, list[str]] = {i: [] for i in ids}
            for sid, name in reader.rows(
                "SELECT s.session_id, p.name FROM session_player s "
                "JOIN player p ON p.id = s.player_id "
                f"WHERE s.session_id IN ({marks}) ORDER BY s.session_id, s.seat",
                **params,
            ):
                names[sid].append(name)
            counts = dict(
                reader.rows(
                    "SELECT session_id, COUNT(*) FROM hand "
                    f"WHERE session_id IN ({marks}) GROUP BY session_id",
                    **params,
                )
            )
            items = tuple(_summary(rows[i], names[i], counts.get(i, 0)) for i in ids)
    return SessionPage(items=items, total=total, offset=offset, limit=limit)


def _summary(row: Any, players: list[str], hands: int) -> SessionSummary:
    sid, uuid, game, started, finished, deleted, winners, leaders, totals, snapshot, options = row
    return SessionSummary(
        id=sid,
        uuid=uuid,
        game_id=game,
        players=tuple(players),
        hand_count=hands,
        started_at=as_utc(started),  # type: ignore[arg-type]
        finished_at=as_utc(finished),
        winners=tuple(players[s] for s in from_json(winners)),
        deleted_at=as_utc(deleted),
        leaders=tuple(players[s] for s in from_json(leaders)),
        totals=dict(zip(players, from_json(totals), strict=False)),
        definition=None
        if snapshot is None or game in BUILTIN_GAME_IDS  # a built-in game is named by its id
        else _listed_definition(snapshot),
        options=from_json(options) or {},
    )


def _listed_definition(snapshot: str) -> Any:
    """A listed session's game definition (for its name); a snapshot that
    cannot be read lists the game by its id."""
    from scoring import GameDefinitionError

    from .snapshots import definition_of

    try:
        return definition_of(snapshot)
    except GameDefinitionError:
        return None


def find_session(*, engine: Handle, ref: str | int, include_deleted: bool = False) -> int:
    """The id of the session ``ref`` names: its short number (``kortpoeng list``),
    its UUID or a unique prefix of it (at least 4 characters).

    A number that is no session's short number is tried as a UUID prefix.
    Raises :class:`SessionNotFound`, :class:`AmbiguousSession`.
    """
    text = str(ref).strip().lower()
    alive = "" if include_deleted else " AND deleted_at IS NULL"
    with read_only(engine) as reader:
        if text.isdigit() and len(text) <= 12:
            found = reader.value(f"SELECT id FROM game_session WHERE id = :id{alive}", id=int(text))
            if found is not None:
                return int(found)
        if len(text) < 4 or any(ch not in "0123456789abcdef-" for ch in text):
            raise SessionNotFound(session=str(ref))
        # only hex digits and dashes: nothing in the pattern is a wildcard
        matches = reader.rows(
            f"SELECT id FROM game_session WHERE uuid LIKE :prefix{alive} LIMIT 2",
            prefix=text + "%",
        )
    if not matches:
        raise SessionNotFound(session=str(ref))
    if len(matches) > 1:
        raise AmbiguousSession(session=str(ref), matches=len(matches))
    return int(matches[0][0])


def latest_session(*, engine: Handle) -> int | None:
    """The id of the session a table is playing: the one written to last (a
    hand saved, edited or deleted, or the session started), finished or
    not, outside the trash; ``None`` when there is none. What ``/table``
    shows (issue 29): the session being played, or the last one played.
    Ties on the write time go to the newer session."""
    with read_only(engine) as reader:
        found = reader.value(
            "SELECT id FROM game_session WHERE deleted_at IS NULL "
            "ORDER BY updated_at DESC, id DESC LIMIT 1"
        )
    return None if found is None else int(found)
