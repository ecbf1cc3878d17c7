"""Importing a session file in the app, and the rematch form (issue 25, items
6 and 7), in Chromium at phone size: what only a browser shows — the file
picker the browser opens inside the tap (Flet's ``PickFiles`` action, the
file's bytes sent with the result in web mode), the refusal in words, the
form filled for a rematch that one tap on Start starts. The flows themselves
are tested without a browser in tests/app/test_session_flows.py.
Screenshots: ``import-*``, ``rematch-form-*``."""

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


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_session_file_is_imported_in_the_app_and_a_rematch_is_set_up(
    flet_app, open_page, tmp_path: Path, lang
) -> None:
    url = f"sqlite:///{tmp_path / 'import.sqlite3'}"
    engine = _engine(url)
    old = store.start_session(
        engine=engine,
        game="swedish_rummy",
        players=["Anna", "Bo", "Cato"],
        options={"draw_two": True, "target": 300},
    )
    store.record_hand(
        engine=engine, session_id=old.id, hand=Hand("Anna", {"Bo": 300}), confirm_warnings=True
    )
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    wait_for(page, "import-session")
    settle(page, 0.5)
    h.screenshot(page, f"import-action-{lang}-phone")

    # a file that is not a session: refused in words, nothing stored
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    pick(page, "import-session", broken)
    wait_for(page, "import-refused")
    words = WORDS[lang]
    wait_says(page, "import-refused", words["refused"])
    settle(page, 0.3)
    h.screenshot(page, f"import-refused-{lang}-phone")
    assert store.list_sessions(engine=engine).total == 1

    # the sample file: stored with its hands, and opened
    pick(page, "import-session", SAMPLE)
    wait_for(page, "session-imported")
    wait_says(page, "session-imported", words["imported"])
    wait_for(page, "hand-row-1")
    settle(page, 0.3)
    h.screenshot(page, f"import-opened-{lang}-phone")
    stored = [s for s in store.list_sessions(engine=engine).items if s.id != old.id]
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
    h.screenshot(page, f"rematch-form-{lang}-phone")
    h.tap(page, "start-session")
    wait_for(page, "new-hand")
    listed = store.list_sessions(engine=engine).items
    (new,) = [s for s in listed if s.id not in (old.id, stored[0].id)]
    view = store.open_session(engine=engine, session_id=new.id)
    assert view.rematch_of == old.id and view.players == ("Bo", "Cato", "Anna")
    assert view.options_dict == {"draw_two": True, "target": 300}
    engine.dispose()
