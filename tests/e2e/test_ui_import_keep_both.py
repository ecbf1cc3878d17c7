"""*Import a session file* with an older export of a session in the trash
(issue 26, item 3), in Chromium at phone size: what only a browser shows —
the refusal in words on the list, with its *Keep both* button in the notice
(where a deletion's notice has *Undo*), and the tap on it storing the file
as a second session and opening it while the trash keeps the old one. The
flow itself is tested without a browser in tests/app/test_import_keep_both.py.
Screenshots: ``import-older-*``."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_says
from test_ui_import_and_rematch import pick  # the file picker, tapped as a finger

from models import services as store
from models.db import init_db, make_engine
from scoring import Hand

pytestmark = pytest.mark.e2e


def test_an_older_export_over_a_trashed_session_is_refused_and_keep_both_keeps_both(
    flet_app, open_page, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    view = store.start_session(engine=engine, game="rummy", players=["Kari", "Ola"])
    older = tmp_path / "kari-ola.json"
    for left in (5, 7, 11, 3):
        store.record_hand(
            engine=engine,
            session_id=view.id,
            hand=Hand("Kari", {"Ola": left}),
            confirm_warnings=True,
        )
        if not older.exists():
            older.write_text(store.export_session(engine=engine, session_id=view.id), "utf-8")
    store.delete_session(engine=engine, session_id=view.id)

    server = flet_app(APP, lang="en", env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    wait_for(page, "import-session")
    settle(page, 0.5)
    pick(page, "import-session", older)
    wait_for(page, "import-refused")
    wait_says(
        page,
        "import-refused",
        f"kari-ola.json was not imported: Session {view.id} in the trash has 4 hands, "
        "this file 1: importing the file would lose hands 2–4",
    )
    wait_for(page, "notice-undo")
    wait_says(page, "notice-undo", "Keep both")
    settle(page, 0.3)
    h.screenshot(page, "import-older-refused-en-phone")
    assert store.list_sessions(engine=engine).total == 0
    (trashed,) = store.list_trash(engine=engine).sessions
    assert trashed.hand_count == 4

    h.tap(page, "notice-undo")  # Keep both
    wait_for(page, "session-imported")
    wait_says(page, "session-imported", "Imported from kari-ola.json: 1 hand")
    wait_for(page, "hand-row-1")
    settle(page, 0.3)
    h.screenshot(page, "import-older-kept-both-en-phone")
    (second,) = store.list_sessions(engine=engine).items
    assert second.id != view.id and second.hand_count == 1
    (trashed,) = store.list_trash(engine=engine).sessions
    assert (trashed.id, trashed.hand_count) == (view.id, 4)
    engine.dispose()
