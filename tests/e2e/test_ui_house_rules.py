"""Issue 26, item 4, in Chromium at phone size: the reported session file —
``"game": "swedish_rummy"`` carrying rules where a king is 100 and every other
card 0 — imported in the app is a game of its own, and its rematch says which
rules it plays: the form's intro names "Swedish Rummy (house rules)" ("Vri
åtter (husregler)"), and Start starts a session of those rules. The flows
without a browser: tests/app/test_house_rules_import.py.
Screenshots: ``house-rules-rematch-*``."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_says
from rigged_files import rigged_file
from test_ui_import_and_rematch import pick  # the file picker, tapped as a finger

from models import services as store
from models.db import init_db, make_engine

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {
        "imported": "Imported from rigged.json",
        "intro": "Swedish Rummy (house rules) again, after session 1",
    },
    "nb": {
        "imported": "Importert fra rigged.json",
        "intro": "Vri åtter (husregler) igjen, etter parti 1",
    },
}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_rematch_of_a_rigged_file_names_its_house_rules(
    flet_app, open_page, tmp_path: Path, lang
) -> None:
    url = f"sqlite:///{tmp_path / 'house.sqlite3'}"
    engine = make_engine(url)
    init_db(engine)
    rigged = tmp_path / "rigged.json"
    rigged.write_text(rigged_file(), encoding="utf-8")
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    wait_for(page, "import-session")
    pick(page, "import-session", rigged)
    wait_for(page, "session-imported")
    wait_says(page, "session-imported", WORDS[lang]["imported"])
    (imported,) = store.list_sessions(engine=engine).items
    assert imported.game.startswith("swedish_rummy_house_")

    page.goto(server.url.rstrip("/") + f"/session/{imported.id}")
    h.enable_semantics(page)
    wait_for(page, "rematch")
    h.tap(page, "rematch")
    wait_for(page, "rematch-intro")
    wait_says(page, "rematch-intro", WORDS[lang]["intro"])
    settle(page, 0.5)
    h.screenshot(page, f"house-rules-rematch-{lang}-phone")
    h.tap(page, "start-session")
    wait_for(page, "new-hand")
    (new,) = [s for s in store.list_sessions(engine=engine).items if s.id != imported.id]
    view = store.open_session(engine=engine, session_id=new.id)
    assert view.rematch_of == imported.id and view.game == imported.game
    assert view.game_rules.definition.key("K").points == 100
    engine.dispose()
