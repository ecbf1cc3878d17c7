"""``kortpoeng trash`` and ``kortpoeng restore ID`` on a database file (issue 9,
item 6), and ``import`` of a trashed session's own export."""

from __future__ import annotations

import pytest
from storage_helpers import hand

from app.cli import main
from app.i18n import format_date, use_language
from models.db import init_db, make_engine
from models.services import (
    delete_hand,
    delete_session,
    export_session,
    list_trash,
    open_session,
    record_hand,
    start_session,
)


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = str(tmp_path / "cli.db")
    engine = make_engine(path)
    init_db(engine)
    yield path, engine
    engine.dispose()


def run(capsys, *argv, lang="en"):
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _stored(engine):
    rummy = start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    for left in (5, 7, 11):
        record_hand(
            confirm_warnings=True,
            engine=engine,
            session_id=rummy.id,
            hand=hand("Kari", {"Ola": left}),
        )
    swedish = start_session(engine=engine, game_id="swedish_rummy", players=["Åse", "Bo"])
    return rummy.id, swedish.id


def test_trash_lists_sessions_and_hands_and_restore_puts_them_back(db, capsys):
    path, engine = db
    rummy, swedish = _stored(engine)
    status, out, _ = run(capsys, "trash", "--db", path)
    assert (status, out) == (0, "The trash is empty.\n")
    gone = delete_hand(engine=engine, session_id=rummy, number=2).hand.hand_id
    delete_session(engine=engine, session_id=swedish)
    status, out, _ = run(capsys, "trash", "--db", path)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Id", "Deleted", "Deleted", "for", "good", "What"]
    trash = list_trash(engine=engine)
    rows = {line.split()[0]: line for line in lines[2:-1]}
    assert set(rows) == {f"S{swedish}", f"H{gone}"}
    assert f"session {swedish}: Swedish Rummy, Åse, Bo, 0 hands" in rows[f"S{swedish}"]
    assert f"hand 2 of session {rummy} (Rummy, Kari, Ola): Kari went out" in rows[f"H{gone}"]
    (item,) = trash.hands
    assert format_date(item.deleted_at, language="en") in rows[f"H{gone}"]
    assert format_date(item.purge_at, language="en") in rows[f"H{gone}"]
    assert lines[-1] == "Put one back with: kortpoeng restore ID"

    status, out, err = run(capsys, "restore", f"h{gone}", "--db", path)
    assert (status, err) == (0, "")
    assert out == f"Hand H{gone} is back in session {rummy}, which has 3 hands now\n"
    totals = open_session(engine=engine, session_id=rummy).standings.totals
    assert totals == {"Kari": 0, "Ola": 23}
    status, out, _ = run(capsys, "restore", str(swedish), "--db", path)
    assert (status, out) == (0, f"Session {swedish} is back from the trash\n")
    assert list_trash(engine=engine).total == 0

    # again: nothing there any more, said in one translated line
    status, out, err = run(capsys, "restore", f"H{gone}", "--db", path, lang="nb")
    assert status == 2 and out == ""
    assert (
        err.strip()
        == f"H{gone} er ikke i papirkurven: den er lagt tilbake eller slettet for godt allerede"
    )
    status, _, err = run(capsys, "restore", f"S{swedish}", "--db", path)
    assert status == 2 and err.strip() == f"Session {swedish} is not in the trash"


@pytest.mark.parametrize("bad", ["x1", "H", "S-1", "", "12.5", "\x1b[31mH1"])
def test_restore_refuses_what_is_not_a_trash_id(db, capsys, bad):
    path, engine = db
    _stored(engine)
    status, out, err = run(capsys, "restore", bad, "--db", path)
    assert status == 2 and out == ""
    assert "is not an id from the trash" in err and "\x1b" not in err


def test_restore_says_why_a_hand_cannot_go_back(db, capsys):
    path, engine = db
    rummy, _ = _stored(engine)
    gone = delete_hand(engine=engine, session_id=rummy, number=1).hand.hand_id
    delete_session(engine=engine, session_id=rummy)
    status, out, err = run(capsys, "restore", f"H{gone}", "--db", path)
    assert status == 2 and out == ""
    assert err.strip() == (
        f"Hand 1 (H{gone}) belongs to session {rummy}, which is in the trash: "
        "restore the session first"
    )


def test_importing_a_trashed_sessions_export_restores_it(db, capsys, tmp_path):
    path, engine = db
    rummy, _ = _stored(engine)
    export = tmp_path / "rummy.json"
    export.write_text(export_session(engine=engine, session_id=rummy), encoding="utf-8")
    delete_session(engine=engine, session_id=rummy)
    status, out, err = run(capsys, "import", str(export), "--db", path)
    assert (status, err) == (0, "")
    assert out.startswith(f"Imported session {rummy} (")
    assert list_trash(engine=engine).total == 0
    assert open_session(engine=engine, session_id=rummy).standings.totals == {"Kari": 0, "Ola": 23}
