"""The trash in the real app (issue 9, item 6), in Chromium, what only a
browser shows: a hand deleted on the session screen (the undo bar still
shows) and a session deleted from the list are on the Trash screen, reached
from the list; Restore's tap puts the hand back where it was played; Delete
for good asks in a dialog, whose Cancel keeps it. Screenshots at 390×844 and
desktop size. The rules and the words (a hand whose session has ended since
refused, in both languages) are tested without a browser in
tests/app/test_trash_screen.py."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, open_hand, settle, wait_for, wait_gone, wait_says, wait_text

from models import services as store
from models.db import init_db, make_engine
from scoring import Hand

pytestmark = pytest.mark.e2e

PLAYERS = ["Anna", "Bo", "Cato"]


def seed(url: str) -> tuple[int, int]:
    """A Swedish Rummy session to 100 with three hands (Anna scores 5, 7, 11)
    and a Rummy session; their ids."""
    engine = make_engine(url)
    init_db(engine)
    swedish = store.start_session(
        engine=engine, game_id="swedish_rummy", players=PLAYERS, options={"target": 100}
    )
    for left in (5, 7, 11):
        store.record_hand(
            confirm_warnings=True,
            engine=engine,
            session_id=swedish.id,
            hand=Hand("Anna", {"Bo": left}),
        )
    rummy = store.start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    engine.dispose()
    return swedish.id, rummy.id


def _engine(url: str):
    engine = make_engine(url)
    init_db(engine)
    return engine


def delete_in_the_app(page, swedish: int, rummy: int) -> None:
    """Delete hand 2 of ``swedish`` and the session ``rummy`` as a player would."""
    wait_for(page, "screen-sessions")
    h.tap(page, f"session-{swedish}")
    wait_for(page, "hand-row-3")
    open_hand(page, "hand-row-2")
    h.tap(page, "hand-delete")
    wait_for(page, "screen-session")
    wait_gone(page, "hand-row-3")
    wait_text(page, "total-0", "16")
    wait_for(page, "hand-deleted")  # the undo bar stays
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")
    h.tap(page, f"session-delete-{rummy}")
    wait_gone(page, f"session-{rummy}")


def test_the_trash_restores_and_deletes_for_good(flet_app, open_page, tmp_path: Path) -> None:
    lang = "en"
    url = f"sqlite:///{tmp_path / 'trash.sqlite3'}"
    swedish, rummy = seed(url)
    server = flet_app(APP, lang=lang, env={"KORTPOENG_DB": url})
    page = open_page(server, viewport=h.PHONE)
    delete_in_the_app(page, swedish, rummy)
    engine = _engine(url)
    (gone,) = store.list_trash(engine=engine).hands
    assert gone.number == 2 and gone.session_id == swedish

    settle(page, 0.5)
    h.screenshot(page, f"sessions-trash-button-{lang}-phone")
    h.tap(page, "nav-trash")
    wait_text(page, "screen-trash", {"en": "Trash", "nb": "Papirkurv"}[lang])
    wait_for(page, f"trash-s{rummy}")
    wait_for(page, f"trash-{gone.key.lower()}")
    hand_words = {"en": f"Hand 2 of session {swedish}", "nb": f"Runde 2 i parti {swedish}"}[lang]
    wait_says(page, f"trash-{gone.key.lower()}", hand_words)
    wait_says(
        page, f"trash-{gone.key.lower()}", {"en": "Anna went out", "nb": "Anna gikk ut"}[lang]
    )
    settle(page, 0.5)
    h.screenshot(page, f"trash-{lang}-phone")
    desktop = open_page(server, viewport=h.DESKTOP, path="/trash")
    wait_for(desktop, f"trash-s{rummy}")
    settle(desktop, 0.5)
    h.screenshot(desktop, f"trash-{lang}-desktop")

    # Restore: the hand goes back as hand 2, and counts again
    h.tap(page, f"trash-restore-{gone.key.lower()}")
    wait_gone(page, f"trash-{gone.key.lower()}")
    back = {
        "en": f"Hand 2 is back in session {swedish}",
        "nb": f"Runde 2 er tilbake i parti {swedish}",
    }
    wait_says(page, "trash-message", back[lang])
    view = store.open_session(engine=engine, session_id=swedish)
    assert [dict(line.points)["Anna"] for line in view.hands] == [5, 7, 11]

    # Delete for good asks first; Cancel keeps it
    h.tap(page, f"trash-forget-s{rummy}")
    wait_for(page, "trash-keep")
    settle(page, 0.3)
    h.screenshot(page, f"trash-confirm-{lang}-phone")
    h.tap(page, "trash-keep")
    wait_gone(page, "trash-keep")
    assert store.list_trash(engine=engine).total == 1
    h.tap(page, f"trash-forget-s{rummy}")
    h.tap(page, "trash-confirm-forget")
    wait_for(page, "trash-empty")
    assert store.list_trash(engine=engine).total == 0
    assert store.list_sessions(engine=engine, limit=10).total == 1
    engine.dispose()

    # The session screen shows the restored hand
    h.tap(page, "nav-back")
    wait_for(page, "screen-sessions")
    h.tap(page, f"session-{swedish}")
    wait_for(page, "hand-row-3")
    wait_text(page, "total-0", "23")
