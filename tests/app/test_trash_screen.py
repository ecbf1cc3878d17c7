"""The trash screen's model (issue 9, item 6) without a browser, on a real
SQLite file through the real use cases: a deleted hand and a deleted session
are listed and named; Restore puts the hand back where it was played (it
counts again); Delete for good asks first, and Cancel keeps it; a hand whose
session has ended since is refused in words naming the hand by its number,
and nothing changes. (The browser keeps the taps: tests/e2e/test_ui_trash.py.)"""

from __future__ import annotations

import asyncio

import pytest

from app import storage
from app.i18n import set_language, use_language
from app.ui.state import AppState
from app.ui.state.trash_screen import (
    KEEP_DAYS,
    MESSAGE,
    TrashScreen,
    describe,
    keep_days_text,
    load_trash,
)
from models import services
from scoring import Hand

PLAYERS = ["Anna", "Bo", "Cato"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def seed() -> tuple[int, int]:
    """A Swedish Rummy session to 100 with three hands (Anna scores 5, 7,
    11) and a Rummy session; their ids."""
    engine = storage.engine()
    swedish = services.start_session(
        engine=engine, game_id="swedish_rummy", players=PLAYERS, options={"target": 100}
    )
    for left in (5, 7, 11):
        services.record_hand(
            confirm_warnings=True,
            engine=engine,
            session_id=swedish.id,
            hand=Hand("Anna", {"Bo": left}),
        )
    rummy = services.start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    return swedish.id, rummy.id


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_trash_restores_and_deletes_for_good(table, lang) -> None:
    engine = storage.engine()
    swedish, rummy = seed()
    services.delete_hand(engine=engine, session_id=swedish, number=2)  # the hand screen's delete
    services.delete_session(engine=engine, session_id=rummy)  # the list's delete
    assert services.open_session(engine=engine, session_id=swedish).standings.totals["Anna"] == 16
    trash = load_trash(engine)
    (gone,) = trash.hands
    (trashed,) = trash.sessions
    assert gone.number == 2 and gone.session_id == swedish and trashed.id == rummy

    app = AppState()
    model = TrashScreen(app=app, ports=table.ports)
    with use_language(lang):
        title, subtitle = describe(gone)
        assert (
            title
            == {"en": f"Hand 2 of session {swedish}", "nb": f"Runde 2 i parti {swedish}"}[lang]
        )
        assert {"en": "Anna went out", "nb": "Anna gikk ut"}[lang] in subtitle
        assert str(KEEP_DAYS) in keep_days_text()

        # Restore: the hand goes back as hand 2, and counts again
        revision = app.revision
        assert asyncio.run(model.restore(gone)) is True
        back = {
            "en": f"Hand 2 is back in session {swedish}",
            "nb": f"Runde 2 er tilbake i parti {swedish}",
        }[lang]
        assert model.said is not None and model.said.text == back and not model.said.problem
        assert model.said.identifier == MESSAGE
        assert table.told == [swedish] and app.revision == revision + 1  # the trash reloads
    view = services.open_session(engine=engine, session_id=swedish)
    assert [dict(line.points)["Anna"] for line in view.hands] == [5, 7, 11]
    assert view.standings.totals["Anna"] == 23
    assert [h.key for h in load_trash(engine).hands] == []

    # Delete for good asks first; Cancel keeps it
    with use_language(lang):
        model.ask_forget(trashed)
        question = model.asking
        assert question is not None
        assert (question.yes_id, question.no_id) == ("trash-confirm-forget", "trash-keep")
        assert question.title == {"en": "Delete for good?", "nb": "Slette for godt?"}[lang]
        assert describe(trashed)[0] in question.text
        assert asyncio.run(model.answer(False)) is False
    assert model.asking is None and model.forgetting is None
    assert services.list_trash(engine=engine).total == 1
    with use_language(lang):
        model.ask_forget(trashed)
        assert asyncio.run(model.answer(True)) is True
        assert model.said is not None
        assert model.said.text == {"en": "Deleted for good", "nb": "Slettet for godt"}[lang]
    assert services.list_trash(engine=engine).total == 0
    assert services.list_sessions(engine=engine, limit=10).total == 1
    assert table.told == [swedish, rummy]


def test_a_session_is_put_back_into_the_list(table) -> None:
    engine = storage.engine()
    _swedish, rummy = seed()
    services.delete_session(engine=engine, session_id=rummy)
    (trashed,) = load_trash(engine).sessions
    model = TrashScreen(app=AppState(), ports=table.ports)
    assert asyncio.run(model.restore(trashed)) is True
    assert model.said is not None and model.said.text == f"Session {rummy} is back"
    assert rummy in [s.id for s in services.list_sessions(engine=engine).items]
    assert table.told == [rummy]


def test_a_hand_is_not_restored_into_a_session_that_ended_since(table) -> None:
    engine = storage.engine()
    swedish, _ = seed()
    gone = services.delete_hand(engine=engine, session_id=swedish, number=1).hand.hand_id
    services.record_hand(
        confirm_warnings=True, engine=engine, session_id=swedish, hand=Hand("Anna", {"Bo": 90})
    )  # ends it
    (item,) = load_trash(engine).hands
    assert item.id == gone
    app = AppState()
    model = TrashScreen(app=app, ports=table.ports)
    with use_language("nb"):
        assert asyncio.run(model.restore(item)) is False
    said = model.said
    assert said is not None and said.problem and said.identifier == MESSAGE
    # the hand named by its number, not by the id the command line takes
    assert f"Parti {swedish} er avsluttet siden runde 1 ble slettet" in said.text
    assert f"H{gone}" not in said.text
    assert [h.id for h in load_trash(engine).hands] == [gone]  # still in the trash
    assert services.open_session(engine=engine, session_id=swedish).standings.totals["Anna"] == 108
    assert table.told == [] and app.revision == 1  # the trash shown as it is now


def test_a_second_restore_while_the_first_runs_does_nothing(table) -> None:
    engine = storage.engine()
    swedish, _ = seed()
    services.delete_hand(engine=engine, session_id=swedish, number=3)
    (item,) = load_trash(engine).hands
    model = TrashScreen(app=AppState(), ports=table.ports)
    model.busy = True  # the first tap's restore is running
    assert asyncio.run(model.restore(item)) is False
    assert [h.id for h in load_trash(engine).hands] == [item.id] and table.told == []
