"""An import never replaces more than it brings (issue 26, item 3), on SQLite
files, through the use case and ``kortpoeng import`` / ``kortpoeng delete``.

The reported case: a 4-hand session is deleted (the trash); its export from
after hand 1 is imported. It said "Imported … 1 hand", exit 0, and the trash
was empty: hands 2–4 were gone for good. Now the file is refused in words,
nothing changes (the trash keeps the session with its 4 hands), and
``--as-new`` keeps the file as a second session beside it.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest
from storage_helpers import dump, hand
from test_trash_cli import run  # kortpoeng's main(), its status and output

from app.i18n import use_language
from models.db import init_db, make_engine
from models.errors import DuplicateSession, StoredSessionHasMore
from models.services import (
    delete_hand,
    delete_session,
    edit_hand,
    export_session,
    import_session,
    list_sessions,
    list_trash,
    open_session,
    record_hand,
    restore_hand,
    start_session,
)


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A migrated SQLite file: its path and an engine on it."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = str(tmp_path / "kortpoeng.db")
    engine = make_engine(path)
    init_db(engine)
    yield path, engine
    engine.dispose()


LEFT = (5, 7, 11, 3)


def hand_ids(path, session_id):
    """The ids of the session's hands by number, as the file holds them."""
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute(
            "SELECT id FROM hand WHERE session_id = ? ORDER BY number", (session_id,)
        )
        return [row[0] for row in rows]


def four_hands(engine, tmp_path):
    """A Rummy session of Kari and Ola with 4 hands; its export after hand 1
    (``one.json``) and after hand 4 (``four.json``)."""
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    files = {}
    for number, left in enumerate(LEFT, 1):
        record_hand(
            engine=engine,
            session_id=view.id,
            hand=hand("Kari", {"Ola": left}),
            confirm_warnings=True,
        )
        if number in (1, 4):
            path = tmp_path / ("one.json" if number == 1 else "four.json")
            path.write_text(export_session(engine=engine, session_id=view.id), encoding="utf-8")
            files[number] = path
    return view.id, files[1], files[4]


def test_an_old_export_over_a_trashed_session_is_refused_and_the_trash_keeps_it(db, tmp_path):
    _, engine = db
    sid, one, _ = four_hands(engine, tmp_path)
    delete_session(engine=engine, session_id=sid)
    before = dump(engine)
    with pytest.raises(StoredSessionHasMore) as caught:
        import_session(engine=engine, data=one.read_bytes())
    assert caught.value.params == {
        "id": json.loads(one.read_text())["id"],
        "session": sid,
        "in_trash": True,
        "stored": 4,
        "file": 1,
        "hand": 2,
    }
    assert isinstance(caught.value, DuplicateSession)  # stored already, with more
    assert dump(engine) == before  # nothing written
    (trashed,) = list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)
    view = open_session(engine=engine, session_id=sid, include_deleted=True)
    assert view.standings.totals == {"Kari": 0, "Ola": sum(LEFT)}


def test_the_reported_case_on_the_command_line_refuses_in_words_and_keeps_the_trash(
    db, tmp_path, capsys
):
    path, engine = db
    sid, one, _ = four_hands(engine, tmp_path)
    status, out, err = run(capsys, "delete", str(sid), "--db", path)
    assert status == 0 and err == ""
    assert out == (
        f"Session {sid} (Rummy, Kari, Ola, 4 hands) is in the trash now; "
        f"put it back with: kortpoeng restore S{sid}\n"
    )
    status, out, err = run(capsys, "import", str(one), "--db", path)
    assert (status, out) == (1, "")  # nothing new stored
    assert err == (
        f"Session {sid} in the trash has 4 hands, this file 1: importing the file would lose "
        "hands 2–4, so nothing was imported. Put the session back as it is with: kortpoeng "
        f"restore S{sid}; or keep the file as a second session with: kortpoeng import "
        f"--as-new {one}\n"
    )
    (trashed,) = list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)
    status, out, err = run(capsys, "import", str(one), "--db", path, lang="nb")
    assert status == 1 and err == (
        f"Parti {sid} i papirkurven har 4 runder, denne fila 1: å importere fila ville miste "
        f"runde 2–4, så ingenting ble importert. Legg partiet tilbake slik det er med: "
        f"kortpoeng restore S{sid}; eller behold fila som et parti til med: kortpoeng import "
        f"--as-new {one}\n"
    )
    # the way out it names: the session back as it was, all four hands
    status, out, _ = run(capsys, "restore", f"S{sid}", "--db", path)
    assert status == 0
    assert open_session(engine=engine, session_id=sid).standings.totals == {
        "Kari": 0,
        "Ola": sum(LEFT),
    }


def test_as_new_keeps_the_file_as_a_second_session_and_the_trash_as_it_was(db, tmp_path, capsys):
    path, engine = db
    sid, one, _ = four_hands(engine, tmp_path)
    delete_session(engine=engine, session_id=sid)
    status, out, err = run(capsys, "import", "--as-new", str(one), "--db", path)
    assert (status, err) == (0, "")
    (second,) = list_sessions(engine=engine).items
    assert second.id != sid and second.uuid != json.loads(one.read_text())["id"]
    assert out.startswith(f"Imported session {second.id} ({second.uuid}): Rummy, Kari, Ola, 1 hand")
    assert open_session(engine=engine, session_id=second.id).standings.totals == {
        "Kari": 0,
        "Ola": 5,
    }
    (trashed,) = list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)


def test_an_old_export_of_a_stored_session_is_refused_naming_both_counts(db, tmp_path, capsys):
    path, engine = db
    sid, one, _ = four_hands(engine, tmp_path)
    before = dump(engine)
    status, out, err = run(capsys, "import", str(one), "--db", path)
    assert (status, out) == (1, "")
    assert err == (
        f"Session {sid} is stored with 4 hands, this file has 1: importing the file would lose "
        "hands 2–4, so nothing was imported. Keep the file as a second session with: "
        f"kortpoeng import --as-new {one}\n"
    )
    assert dump(engine) == before
    status, out, _ = run(capsys, "import", "--as-new", str(one), "--db", path)
    assert status == 0 and list_sessions(engine=engine).total == 2
    assert open_session(engine=engine, session_id=sid).standings.totals == {
        "Kari": 0,
        "Ola": sum(LEFT),
    }


def test_an_export_made_before_a_hand_was_changed_is_refused_naming_the_hand(db, tmp_path):
    _, engine = db
    sid, _, four = four_hands(engine, tmp_path)
    edit_hand(engine=engine, session_id=sid, number=3, hand=hand("Kari", {"Ola": 40}))
    delete_session(engine=engine, session_id=sid)
    with pytest.raises(StoredSessionHasMore) as caught:
        import_session(engine=engine, data=four.read_bytes())
    assert (caught.value.params["stored"], caught.value.params["file"]) == (4, 4)
    assert caught.value.params["hand"] == 3
    from app.messages import describe_error

    with use_language("en"):
        assert describe_error(caught.value) == (
            f"Session {sid} in the trash has a hand 3 other than this file's (changed or "
            "deleted after the file was made): importing the file would lose it, so nothing "
            "was imported"
        )
    (trashed,) = list_trash(engine=engine).sessions
    assert trashed.hand_count == 4


def test_an_empty_export_over_a_session_with_hands_is_refused(db, tmp_path):
    _, engine = db
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    empty = export_session(engine=engine, session_id=view.id)
    record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 5}))
    delete_session(engine=engine, session_id=view.id)
    with pytest.raises(StoredSessionHasMore) as caught:
        import_session(engine=engine, data=empty)
    from app.messages import describe_error

    with use_language("nb"):
        assert describe_error(caught.value) == (
            f"Parti {view.id} i papirkurven har 1 runde og denne fila ingen: å importere fila "
            "ville miste den, så ingenting ble importert"
        )


def test_a_later_export_still_restores_a_trashed_session_and_its_deleted_hands_stay(db, tmp_path):
    """A file with every hand of the trashed session and more (a later
    export, from the phone the session went on at) takes its place, as
    before; the hand deleted here before the session went to the trash stays
    in the trash, and goes back where it was played."""
    path, engine = db
    view = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 5}))
    shared = export_session(engine=engine, session_id=view.id)  # sent to the other phone
    record_hand(engine=engine, session_id=view.id, hand=hand("Kari", {"Ola": 40}))
    gone = delete_hand(engine=engine, session_id=view.id, number=2).hand.hand_id
    first = hand_ids(path, view.id)
    delete_session(engine=engine, session_id=view.id)

    other_path = str(tmp_path / "other.db")
    other = make_engine(other_path)
    init_db(other)
    there = import_session(engine=other, data=shared)
    for left in (7, 11):
        record_hand(engine=other, session_id=there.id, hand=hand("Ola", {"Kari": left}))
    later = export_session(engine=other, session_id=there.id)
    other.dispose()

    back = import_session(engine=engine, data=later)  # every hand here, and more
    assert back.id == view.id and back.deleted_at is None
    assert back.standings.totals == {"Kari": 18, "Ola": 5}
    assert hand_ids(path, view.id)[0] == first[0]  # the same hand: the same id
    trash = list_trash(engine=engine)
    assert trash.sessions == () and [h.id for h in trash.hands] == [gone]
    restored = restore_hand(engine=engine, hand_id=gone)  # where it was played: hand 2
    assert hand_ids(path, view.id)[:2] == [first[0], gone]
    assert [h.leftover for h in restored.hands] == [
        {"Kari": 0, "Ola": 5},
        {"Kari": 0, "Ola": 40},
        {"Kari": 7, "Ola": 0},
        {"Kari": 11, "Ola": 0},
    ]


def test_the_same_export_over_a_trashed_session_still_puts_it_back(db, tmp_path, capsys):
    path, engine = db
    sid, _, four = four_hands(engine, tmp_path)
    delete_session(engine=engine, session_id=sid)
    status, out, err = run(capsys, "import", str(four), "--db", path)
    assert (status, err) == (0, "")
    assert out.startswith(f"Imported session {sid} (") and out.endswith("4 hands\n")
    assert list_trash(engine=engine).total == 0
    status, out, err = run(capsys, "import", str(four), "--db", path)  # stored now: as before
    assert status == 1 and err.startswith(f"This session is already stored as number {sid} (")


def test_delete_refuses_a_session_in_the_trash_and_one_that_is_not_there(db, tmp_path, capsys):
    path, engine = db
    sid, _, _ = four_hands(engine, tmp_path)
    uuid = open_session(engine=engine, session_id=sid).uuid
    status, out, _ = run(capsys, "delete", uuid[:8], "--db", path, lang="nb")
    assert status == 0 and out == (
        f"Parti {sid} (Rummy, Kari, Ola, 4 runder) ligger i papirkurven nå; legg det tilbake "
        f"med: kortpoeng restore S{sid}\n"
    )
    status, out, err = run(capsys, "delete", str(sid), "--db", path)
    assert (status, out) == (1, "")
    assert err == (
        f"Session {sid} is in the trash already; put it back with: kortpoeng restore S{sid}\n"
    )
    status, out, err = run(capsys, "delete", "999", "--db", path)
    assert (status, out) == (2, "") and err == "There is no session “999”\n"
    (trashed,) = list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (sid, 4)
