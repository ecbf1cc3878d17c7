"""Importing a session file in the app, and the rematch form (issue 25, items
6 and 7; issue 26, item 3), in Chromium at phone size: what only a browser
shows — the file picker the browser opens inside the tap (Flet's
``PickFiles`` action, the file's bytes sent with the result in web mode),
the refusal on the list, an older export's refusal with its *Keep both*
button in the notice (where a deletion's notice has *Undo*) whose tap stores
the file as a second session and opens it, and the form filled for a rematch
that one tap on Start starts. The flows, their words and what is stored are
tested without a browser in tests/app/test_new_session_screen.py,
test_session_flows.py, test_import_keep_both.py and
test_house_rules_import.py. Screenshots: ``import-*``, ``rematch-form-*``."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_says

from models import services as store
from models.db import init_db, make_engine
from scoring import Hand

pytestmark = pytest.mark.e2e

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "samples" / "rummy.json"

WORDS = {
    "en": {
        "imported": "Imported from rummy.json",
        "refused": "broken.json was not imported: The file is not valid JSON",
        "intro": "Swedish Rummy again, after session 1",
    },
    "nb": {
        "imported": "Importert fra rummy.json",
        "refused": "broken.json ble ikke importert: ",
        "intro": "Vri åtter igjen, etter parti 1",
    },
}


def _engine(url: str):
    engine = make_engine(url)
    init_db(engine)
    return engine


def pick(page, identifier: str, path: Path) -> None:
    """Tap ``identifier`` and choose ``path`` in the file chooser the browser opens."""
    with page.expect_file_chooser() as chooser:
        h.tap(page, identifier)
    chooser.value.set_files(str(path))


def test_a_session_file_is_picked_refused_kept_beside_and_a_rematch_is_started(
    flet_app, open_page, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'import.sqlite3'}"
    engine = _engine(url)
    old = store.start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["Anna", "Bo", "Cato"],
        options={"draw_two": True, "target": 300},
    )
    store.record_hand(
        engine=engine, session_id=old.id, hand=Hand("Anna", {"Bo": 300}), confirm_warnings=True
    )
    # an older export of a session now in the trash: Kari and Ola after one
    # hand of four
    trashed = store.start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    older = tmp_path / "kari-ola.json"
    for left in (5, 7, 11, 3):
        store.record_hand(
            engine=engine,
            session_id=trashed.id,
            hand=Hand("Kari", {"Ola": left}),
            confirm_warnings=True,
        )
        if not older.exists():
            older.write_text(store.export_session(engine=engine, session_id=trashed.id), "utf-8")
    store.delete_session(engine=engine, session_id=trashed.id)
    server = flet_app(APP, lang="en", env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    wait_for(page, "import-session")
    settle(page, 0.5)
    h.screenshot(page, "import-action-en-phone")
    words = WORDS["en"]

    # a file that is not a session: refused in words, nothing stored
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    pick(page, "import-session", broken)
    wait_for(page, "import-refused")
    wait_says(page, "import-refused", words["refused"])
    settle(page, 0.3)
    h.screenshot(page, "import-refused-en-phone")
    assert store.list_sessions(engine=engine).total == 1

    # the older export: refused on the list with Keep both in its notice;
    # the tap stores it as a second session and opens it
    pick(page, "import-session", older)
    wait_says(
        page,
        "import-refused",
        f"kari-ola.json was not imported: Session {trashed.id} in the trash has 4 hands, "
        "this file 1: importing the file would lose hands 2–4",
    )
    wait_says(page, "notice-undo", "Keep both")
    settle(page, 0.3)
    h.screenshot(page, "import-older-refused-en-phone")
    assert store.list_sessions(engine=engine).total == 1
    h.tap(page, "notice-undo")  # Keep both
    wait_says(page, "session-imported", "Imported from kari-ola.json: 1 hand")
    wait_for(page, "hand-row-1")
    settle(page, 0.3)
    h.screenshot(page, "import-older-kept-both-en-phone")
    (second,) = [s for s in store.list_sessions(engine=engine).items if s.id != old.id]
    assert second.id != trashed.id and second.hand_count == 1
    (kept,) = store.list_trash(engine=engine).sessions
    assert (kept.id, kept.hand_count) == (trashed.id, 4)

    # the sample file: stored with its hands, and opened
    h.tap(page, "nav-back")
    wait_for(page, "import-session")
    pick(page, "import-session", SAMPLE)
    wait_says(page, "session-imported", words["imported"])
    wait_for(page, "hand-row-1")
    settle(page, 0.3)
    h.screenshot(page, "import-opened-en-phone")
    stored = [
        s for s in store.list_sessions(engine=engine).items if s.id not in (old.id, second.id)
    ]
    assert [s.players for s in stored] == [("Ingrid", "Åse", "Øystein", "Per")]
    assert stored[0].hand_count > 0

    # the rematch form, filled from the finished session; Start starts it
    page.goto(server.url.rstrip("/") + f"/session/{old.id}")
    h.enable_semantics(page)
    wait_for(page, "rematch")
    h.tap(page, "rematch")
    wait_for(page, "rematch-intro")
    wait_says(page, "rematch-intro", words["intro"])
    wait_for(page, "preset-100n")
    settle(page, 0.5)
    h.screenshot(page, "rematch-form-en-phone")
    h.tap(page, "start-session")
    wait_for(page, "new-hand")
    listed = store.list_sessions(engine=engine).items
    (new,) = [s for s in listed if s.id not in (old.id, stored[0].id, second.id)]
    view = store.open_session(engine=engine, session_id=new.id)
    assert view.rematch_of == old.id and view.players == ("Bo", "Cato", "Anna")
    assert view.options_dict == {"draw_two": True, "target": 300}
    engine.dispose()
