"""The app's *Import a session file* over a session stored with more hands
(issue 26, item 3), without a browser: the session list's flow against the
real use cases on a SQLite file.

Reported: a 4-hand session is deleted (the trash); its export from after
hand 1 is imported: "Imported … 1 hand", and the trash was empty — hands 2–4
gone for good. Now the file is refused in words naming the session and both
counts, the trash keeps the session, and the notice's *Keep both* stores the
file as a second session beside it.
"""

from __future__ import annotations

import asyncio

from test_session_flows import Table, english  # the ports on the test's database; English

from app import storage
from app.i18n import set_language
from app.ui.state import AppState
from app.ui.state.session_list import IMPORT_REFUSED, IMPORTED, import_file
from models import services
from scoring import Hand

__all__ = ["english"]  # (the autouse fixture, taken from the session list's tests)


def four_hands() -> tuple[int, bytes]:
    """A Rummy session of Kari and Ola with 4 hands, and its export after hand 1."""
    engine = storage.engine()
    view = services.start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    old = b""
    for left in (5, 7, 11, 3):
        services.record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand("Kari", {"Ola": left}),
            confirm_warnings=True,
        )
        if not old:
            old = services.export_session(engine=engine, session_id=view.id).encode()
    return view.id, old


def test_an_old_export_over_a_trashed_session_is_refused_and_keep_both_stores_it_beside(db):
    sid, old = four_hands()
    engine = storage.engine()
    services.delete_session(engine=engine, session_id=sid)
    app, table = AppState(), Table()
    assert asyncio.run(import_file(app, table.ports, name="kari-ola.json", data=old)) is None
    notice = app.notice
    assert notice is not None and notice.identifier == IMPORT_REFUSED
    assert notice.text == (
        f"kari-ola.json was not imported: Session {sid} in the trash has 4 hands, this file 1: "
        "importing the file would lose hands 2–4, so nothing was imported. Keep both stores "
        "the file as a second session"
    )
    assert notice.action == "Keep both" and notice.undo is not None
    assert table.routes == [] and services.list_sessions(engine=engine).total == 0
    (trashed,) = services.list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)

    assert asyncio.run(notice.undo()) == ""  # Keep both
    (second,) = services.list_sessions(engine=engine).items
    assert second.id != sid and second.hand_count == 1
    assert table.routes == [f"/session/{second.id}"] and table.told == [second.id]
    assert app.notice is not None and app.notice.identifier == IMPORTED
    assert app.notice.text == "Imported from kari-ola.json: 1 hand"
    (trashed,) = services.list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)  # the trash keeps what it held


def test_an_old_export_of_a_stored_session_is_refused_in_norwegian_too(db):
    sid, old = four_hands()
    app, table = AppState(), Table()
    set_language("nb")
    assert asyncio.run(import_file(app, table.ports, name="gammel.json", data=old)) is None
    assert app.notice is not None and app.notice.action == "Behold begge"
    assert app.notice.text == (
        f"gammel.json ble ikke importert: Parti {sid} er lagret med 4 runder, denne fila har 1: "
        "å importere fila ville miste runde 2–4, så ingenting ble importert. Behold begge "
        "lagrer fila som et parti til"
    )
    view = services.open_session(engine=storage.engine(), session_id=sid)
    assert len(view.hands) == 4


def test_a_refusal_of_another_kind_offers_no_keep_both(db):
    sid, _ = four_hands()
    engine = storage.engine()
    same = services.export_session(engine=engine, session_id=sid).encode()
    app, table = AppState(), Table()
    assert asyncio.run(import_file(app, table.ports, name="same.json", data=same)) is None
    assert app.notice is not None and app.notice.undo is None and app.notice.action is None
    assert app.notice.text == (
        f"same.json was not imported: This session is already stored as number {sid}"
    )
