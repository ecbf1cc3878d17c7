"""The read use cases the app and the command line share: open a session, and
a session as a document (for exports); listing and finding sessions are in
:mod:`models.services.listing`.

They read with portable SQL on a :class:`models.reader.Reader` and take the
app's engine or the command line's :class:`models.db.Database` (a file read
with :mod:`sqlite3` alone): importing
SQLAlchemy alone takes longer than a whole ``kortpoeng list`` may, so this
module imports it only when a session must be written (a score sheet to
rebuild after the scoring code changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..db import Handle, Reader, from_json, read_only, run_write
from ..views import SessionView
from .codec import hand_of
from .loading import load, load_shown, read_head, read_seats, state_differs, store_state, view_of

if TYPE_CHECKING:
    from sqlmodel import Session

    from scoring import SessionDoc

__all__ = ["export_session", "open_session", "session_doc"]


def open_session(*, engine: Handle, session_id: int, include_deleted: bool = False) -> SessionView:
    """Open session ``session_id`` with its score sheet and standings.

    The standings are folded by :mod:`scoring` from the score sheet written
    with the hands; when the scoring code has changed since (an app update),
    or the sheet is missing or not valid, the session is rescored from what was
    entered and the fresh sheet, state and results are saved.
    A session in the trash opens only with ``include_deleted``.
    Raises :class:`SessionNotFound`.
    """
    with read_only(engine) as reader:
        _, loaded = load_shown(reader, session_id, deleted=include_deleted)
        if loaded is not None:
            table = loaded.standings()
            if not state_differs(loaded, table):
                return view_of(loaded, table)

    def work(db: Session) -> SessionView:
        fresh = load(db, session_id, deleted=include_deleted)
        fresh_table = fresh.standings()
        store_state(db, fresh, fresh_table, from_hand=len(fresh.sheet))
        return view_of(fresh, fresh_table)

    return run_write(engine, work)


def _doc(reader: Reader, session_id: int) -> SessionDoc:
    from scoring import SessionDoc

    from .snapshots import session_game

    head = read_head(reader, session_id, deleted=True)
    players, _ = read_seats(reader, session_id)
    game = session_game(head.game_id, head.definition)  # the rules it is played by
    hands = tuple(
        hand_of(
            from_json(entry),
            went_out_seat=seat,
            note=note,
            played_at=played_at,
            players=players,
            game=game,
            number=number,
        )
        for number, entry, seat, note, played_at in reader.rows(
            "SELECT number, entry, went_out_seat, note, played_at FROM hand "
            "WHERE session_id = :sid ORDER BY number",
            sid=session_id,
        )
    )
    return SessionDoc(
        game_id=game.id,
        options=game.options_from_dict(head.options),
        players=players,
        hands=hands,
        id=head.uuid,
        started_at=head.started_at_iso,
        definition=getattr(game, "definition", None),
    )


def session_doc(*, engine: Handle, session_id: int) -> SessionDoc:
    """The session as a :class:`scoring.SessionDoc` (what was entered, with its
    UUID and start time), for writers of any export format.

    Sessions in the trash can be exported too. Raises :class:`SessionNotFound`.
    """
    with read_only(engine) as reader:
        return _doc(reader, session_id)


def export_session(*, engine: Handle, session_id: int) -> str:
    """The session as canonical SESSION_FORMAT.md JSON text (UTF-8, final newline).

    Export → import → export gives the same text. Raises :class:`SessionNotFound`.
    """
    from scoring import write_session

    return write_session(session_doc(engine=engine, session_id=session_id))
