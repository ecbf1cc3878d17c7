"""The new-session form's model and the list's import without a browser, on
a real SQLite file through the real use cases (issue 25, items 6 and 7;
issue 26, item 4; issue 11): a session file imported from the list (a file
that is not one refused in words), the rematch form filled from a finished
session and started by Start (its first line naming the game, house rules
included), a variant that moves the target saying so, the recent players in
the language's alphabetical order, and Start: one session for two taps, a
refusal kept under the form with nothing stored. (The browser keeps the
file picker and the taps: tests/e2e/test_ui_import_and_rematch.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rigged_files import rigged_file

from app import storage
from app.i18n import set_language, use_language
from app.ui.state import AppState, NewSessionDraft
from app.ui.state.new_session import load_custom_games, load_recent
from app.ui.state.session_list import (
    IMPORT_REFUSED,
    IMPORTED,
    import_file,
    load_sessions,
    open_rematch,
    start_new,
)
from models import services
from scoring import Hand

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "samples" / "rummy.json"

WORDS = {
    "en": {
        "imported": "Imported from rummy.json",
        "refused": "broken.json was not imported: The file is not valid JSON",
        "intro": "Swedish Rummy again, after session 1",
        "house": "Imported from rigged.json",
        "house intro": "Swedish Rummy (house rules) again, after session 1",
        "followed": "Target score is now 100 × players",
    },
    "nb": {
        "imported": "Importert fra rummy.json",
        "refused": "broken.json ble ikke importert: ",
        "intro": "Vri åtter igjen, etter parti 1",
        "house": "Importert fra rigged.json",
        "house intro": "Vri åtter (husregler) igjen, etter parti 1",
        "followed": "Poengmål er nå 100 × spillere",
    },
}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def finished_swedish():
    """Session 1: Swedish Rummy with draw two to 300, Anna goes out over 300."""
    engine = storage.engine()
    old = services.start_session(
        engine=engine,
        game_id="swedish_rummy",
        players=["Anna", "Bo", "Cato"],
        options={"draw_two": True, "target": 300},
    )
    services.record_hand(
        engine=engine, session_id=old.id, hand=Hand("Anna", {"Bo": 300}), confirm_warnings=True
    )
    return old


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_session_file_is_imported_from_the_list_and_a_rematch_is_set_up(table, lang) -> None:
    engine = storage.engine()
    old = finished_swedish()
    app = AppState()
    words = WORDS[lang]
    set_language(lang)

    # a file that is not a session: refused in words, nothing stored
    assert asyncio.run(import_file(app, table.ports, name="broken.json", data=b"{")) is None
    assert app.notice is not None and app.notice.identifier == IMPORT_REFUSED
    assert app.notice.text.startswith(words["refused"]), app.notice.text
    assert services.list_sessions(engine=engine).total == 1 and table.routes == []

    # the sample file: stored with its hands, and opened
    view = asyncio.run(import_file(app, table.ports, name="rummy.json", data=SAMPLE.read_bytes()))
    assert view is not None and app.notice is not None and app.notice.identifier == IMPORTED
    assert app.notice.text.startswith(words["imported"])
    assert table.routes == [f"/session/{view.id}"] and table.told == [view.id]
    assert app.take_view(view.id) == view  # shown without loading it again
    stored = [s for s in load_sessions(engine) if s.id != old.id]
    assert [s.players for s in stored] == [("Ingrid", "Åse", "Øystein", "Per")]
    assert stored[0].hand_count > 0

    # the rematch form, filled from the finished session; Start starts it
    open_rematch(app, table.ports, services.open_session(engine=engine, session_id=old.id))
    form = app.new_session
    assert form.intro().startswith(words["intro"])
    assert form.preset == "100n"
    assert form.back() == f"/session/{old.id}"
    new = asyncio.run(form.start(table.ports, app))
    assert new is not None
    assert table.routes[-1] == f"replace:/session/{new.id}"
    (listed,) = [s for s in load_sessions(engine) if s.id not in (old.id, stored[0].id)]
    view = services.open_session(engine=engine, session_id=listed.id)
    assert view.rematch_of == old.id and view.players == ("Bo", "Cato", "Anna")
    assert view.options_dict == {"draw_two": True, "target": 300}
    assert form.intro() == "" and form.back() == "/"  # emptied: a new session next


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_rematch_of_a_rigged_file_names_its_house_rules(table, lang) -> None:
    """The reported session file (a king 100, every other card 0, as
    "swedish_rummy") imported from the list is a game of its own, and its
    rematch says which rules it plays."""
    engine = storage.engine()
    app = AppState()
    set_language(lang)
    view = asyncio.run(
        import_file(app, table.ports, name="rigged.json", data=rigged_file().encode())
    )
    assert view is not None and app.notice is not None
    assert app.notice.text.startswith(WORDS[lang]["house"])
    (imported,) = load_sessions(engine)
    assert imported.game_id.startswith("swedish_rummy_house_")

    open_rematch(app, table.ports, view)
    assert app.new_session.intro().startswith(WORDS[lang]["house intro"])
    new = asyncio.run(app.new_session.start(table.ports, app))
    assert new is not None
    (listed,) = [s for s in load_sessions(engine) if s.id != imported.id]
    stored = services.open_session(engine=engine, session_id=listed.id)
    assert stored.rematch_of == imported.id and stored.game_id == imported.game_id
    assert stored.game_rules.definition.key("K").points == 100


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_a_variant_that_moves_the_target_says_so(lang) -> None:
    """With Swedish Rummy's action cards the rule book suggests 100 ×
    players, and an untouched target follows it; the form says so (in the
    words the screen shows, :func:`app.ui.new_session.followed_text`)
    rather than change it silently. A tap on a preset is the players' own
    choice: the note goes."""
    from app.ui.new_session import followed_text

    draft = NewSessionDraft()
    assert not draft.followed
    draft.toggle_option("draw_two")
    assert draft.followed and draft.preset == "100n"
    with use_language(lang):
        assert followed_text(draft).startswith(WORDS[lang]["followed"])
    draft.choose_preset("100")
    assert not draft.followed and draft.picked


@pytest.mark.parametrize(
    ("lang", "order"),
    [
        ("nb", ["Zara", "Ærlig", "Øystein", "Åsmund"]),
        ("en", ["Ærlig", "Åsmund", "Øystein", "Zara"]),
    ],
)
def test_recent_players_are_offered_in_the_languages_alphabetical_order(db, lang, order) -> None:
    """Æ Ø Å come after Z in Norwegian; in English Æ is "ae"."""
    services.start_session(
        engine=storage.engine(), game_id="rummy", players=["Øystein", "Zara", "Åsmund", "Ærlig"]
    )
    assert list(load_recent(lang)(storage.engine())) == order


def test_start_starts_one_session_for_two_taps_and_a_refusal_stores_nothing(table) -> None:
    engine = storage.engine()
    app = AppState()
    draft = app.new_session
    draft.select_game("rummy")
    draft.add_player("Kari")
    assert asyncio.run(draft.start(table.ports, app)) is None  # one player: refused
    assert draft.error is not None and draft.error.code == "player_count"
    assert services.list_sessions(engine=engine).total == 0 and table.routes == []

    draft.add_player("Ola")

    async def two_taps():
        return await asyncio.gather(draft.start(table.ports, app), draft.start(table.ports, app))

    first, second = asyncio.run(two_taps())
    assert first is not None and second is None and not draft.busy
    assert services.list_sessions(engine=engine).total == 1
    assert table.routes == [f"replace:/session/{first.id}"] and table.told == [first.id]
    assert draft.players == () and draft.error is None


def test_the_form_offers_the_custom_games_and_the_list_forgets_a_rematch(table) -> None:
    from scoring import builtin_definition

    engine = storage.engine()
    hearts = builtin_definition("hearts")
    assert hearts is not None
    import dataclasses

    services.save_game(engine=engine, definition=dataclasses.replace(hearts, id="our_hearts"))
    assert list(load_custom_games(engine)) == ["our_hearts"]
    app = AppState()
    old = finished_swedish()
    open_rematch(app, table.ports, old)
    assert app.new_session.rematch_of == old.id
    start_new(app, table.ports)
    assert app.new_session.rematch_of is None and table.routes == ["/new", "/new"]
