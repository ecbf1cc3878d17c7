"""The flows of the session list and the rematch form without a browser (issue
25, items 6, 7 and 11): the screen state and its flows against the real use
cases on a SQLite file.

* a rematch opens the new-session form filled from the finished session; one
  tap on Start starts that rematch, and its target (or anything else) can be
  changed first;
* a session file is imported from the list with the checks of ``kortpoeng
  import``; a refusal is said in words and changes nothing;
* a session deleted from the list is said in its place there, with an undo
  that puts it back from the trash;
* a variant switch never moves a target the players chose: the form names
  the suggestion instead.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from app import storage
from app.i18n import set_language
from app.ui.state import AppState, NewSessionDraft
from app.ui.state.ports import Ports
from app.ui.state.session_list import (
    DELETED,
    IMPORT_REFUSED,
    IMPORTED,
    PutBack,
    delete_session,
    import_file,
    list_entries,
    open_rematch,
)
from models import services
from scoring import Hand

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "samples"


class Table:
    """Ports for a test: use cases on the test's database, the routes gone
    to and the sessions told about, recorded."""

    def __init__(self) -> None:
        self.routes: list[str] = []
        self.told: list[int] = []

        async def run(use_case, **arguments):
            return use_case(engine=storage.engine(), **arguments)

        self.ports = Ports(
            run, self.routes.append, lambda r: self.routes.append(f"replace:{r}"), self.told.append
        )


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def finished_swedish(**options):
    """A finished Swedish Rummy session of Anna, Bo and Cato (Anna scores 300)."""
    engine = storage.engine()
    view = services.start_session(
        engine=engine, game_id="swedish_rummy", players=["Anna", "Bo", "Cato"], options=options
    )
    view = services.record_hand(
        engine=engine, session_id=view.id, hand=Hand("Anna", {"Bo": 300}), confirm_warnings=True
    )
    assert view.finished
    return view


# -- 6. rematch with other options ---------------------------------------------------


def test_rematch_opens_the_form_filled_and_start_starts_the_same_rematch(db) -> None:
    old = finished_swedish(draw_two=True, target=300)  # 100 × players, as suggested
    app, table = AppState(), Table()
    open_rematch(app, table.ports, old)
    form = app.new_session
    assert table.routes == ["/new"]
    assert form.rematch_of == old.id and form.game_id == "swedish_rummy"
    assert form.players == ("Bo", "Cato", "Anna")  # the next seat order, as before
    assert form.option("draw_two") is True and form.preset == "100n" and not form.picked
    assert form.start_args()[2] == {"draw_two": True, "target": 300}

    new = asyncio.run(form.start(table.ports))  # one tap on Start
    assert new is not None and new.rematch_of == old.id
    assert new.players == ("Bo", "Cato", "Anna")
    assert new.options_dict == {"draw_two": True, "target": 300}
    assert table.told == [new.id]
    # what services.rematch alone would have started: the same session
    assert services.rematch(engine=storage.engine(), session_id=old.id).id == new.id
    assert form.rematch is None and form.players == ()  # the form is emptied


def test_a_rematch_can_change_the_target_and_the_seats(db) -> None:
    old = finished_swedish(target=250)
    app, table = AppState(), Table()
    open_rematch(app, table.ports, old)
    form = app.new_session
    assert (form.preset, form.custom, form.picked) == ("custom", "250", True)
    form.choose_preset("50n")
    form.move_player(2, -1)
    form.move_player(1, -1)  # Anna deals first
    new = asyncio.run(form.start(table.ports))
    assert new is not None and new.rematch_of == old.id
    assert new.players == ("Anna", "Bo", "Cato")
    assert new.standings.target == 150 and new.options_dict == {"target": 150}


def test_a_rematch_of_another_game_is_a_new_session_and_a_refusal_stores_nothing(db) -> None:
    old = finished_swedish()
    app, table = AppState(), Table()
    open_rematch(app, table.ports, old)
    form = app.new_session
    form.select_game("four_suit_rummy")  # two players only
    assert form.rematch_of is None
    assert asyncio.run(form.start(table.ports)) is None
    assert form.error is not None and form.error.code == "player_count"
    assert services.list_sessions(engine=storage.engine()).total == 1
    form.remove_player(2)
    new = asyncio.run(form.start(table.ports))
    assert new is not None and new.game_id == "four_suit_rummy" and new.rematch_of is None


@pytest.mark.parametrize(
    ("game", "players", "options", "preset"),
    [
        ("rummy", ["Kari", "Ola"], {"rounds": 7}, "custom"),
        ("rummy", ["Kari", "Ola"], {"rounds": 10}, "r10"),
        ("rummy", ["Kari", "Ola"], {"scoring": "winner_collects"}, "100"),
        ("four_suit_rummy", ["Kari", "Ola"], {"target": 1500}, "1500"),
        ("hearts", ["Kari", "Ola", "Per"], {}, "100"),  # the game's own end
    ],
)
def test_the_rematch_form_starts_with_the_options_played(db, game, players, options, preset):
    old = services.start_session(
        engine=storage.engine(), game_id=game, players=players, options=options
    )
    form = NewSessionDraft()
    form.prefill_rematch(old)
    assert form.preset == preset and form.players == (*players[1:], players[0])
    assert form.start_args() == (game, form.players, options)


def test_a_new_session_from_the_list_forgets_a_rematch_form(db) -> None:
    old = finished_swedish()
    app, table = AppState(), Table()
    open_rematch(app, table.ports, old)
    app.new_session.forget_rematch()
    assert app.new_session.rematch is None and app.new_session.players == ()
    app.new_session.add_player("Kari")
    app.new_session.forget_rematch()  # not a rematch: what was typed stays
    assert app.new_session.players == ("Kari",)


def test_rematch_of_a_custom_game_keeps_the_rules_it_was_played_by(db) -> None:
    from scoring import read_definition, write_definition

    engine = storage.engine()
    base = services.find_game(engine=engine, game_id="crazy_eights").definition
    text = json.loads(write_definition(base))
    text["id"] = "family_eights"
    saved = services.save_game(engine=engine, definition=read_definition(json.dumps(text)))
    view = services.start_session(engine=engine, game_id=saved.game_id, players=["Kari", "Ola"])
    view = services.record_hand(
        engine=engine, session_id=view.id, hand=Hand("Kari", {"Ola": 100}), confirm_warnings=True
    )
    services.delete_game(engine=engine, game_id=saved.game_id)  # gone since
    app, table = AppState(), Table()
    open_rematch(app, table.ports, view)
    form = app.new_session
    form.set_custom_games({})  # the list as loaded: the game is gone
    assert form.game_id == "family_eights" and form.rules is view.game_rules
    new = asyncio.run(form.start(table.ports))
    assert new is not None and new.game_id == "family_eights" and new.rematch_of == view.id


# -- 7. importing a session file -----------------------------------------------------


def test_a_session_file_is_imported_and_opened(db) -> None:
    app, table = AppState(), Table()
    data = (SAMPLES / "rummy.json").read_bytes()
    view = asyncio.run(import_file(app, table.ports, name="rummy.json", data=data))
    assert view is not None and view.players == ("Ingrid", "Åse", "Øystein", "Per")
    assert table.routes == [f"/session/{view.id}"] and table.told == [view.id]
    assert app.notice is not None and app.notice.identifier == IMPORTED
    assert app.notice.session_id == view.id
    assert app.notice.text == f"Imported from rummy.json: {len(view.hands)} hands"
    assert app.take_view(view.id) is view  # shown at once, not loaded again


def test_an_imported_file_with_hands_no_table_deals_says_so(db) -> None:
    """Five Crowns, round 1 (3 cards dealt): Bo left with 14 cards and 8
    jokers. The file's hands are stored as it has them; the notice says the
    first warning and how many more (it said only "1 hand", and the sheet
    showed Bo +570 without a word)."""
    app, table = AppState(), Table()
    data = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "five_crowns",
        "options": {},
        "players": ["Ada", "Bo", "Cy"],
        "hands": [{"went_out": "Ada", "left": {"Bo": ["K"] * 6 + ["JKR"] * 8, "Cy": ["5"]}}],
    }
    raw = json.dumps(data).encode()
    view = asyncio.run(import_file(app, table.ports, name="crowns.json", data=raw))
    assert view is not None and dict(view.standings.totals) == {"Ada": 0, "Bo": 478, "Cy": 5}
    assert app.notice is not None and app.notice.identifier == IMPORTED
    assert app.notice.text == (
        "Imported from crowns.json: 1 hand. Hand 1: joker entered 8 times, but the cards"
        " in play hold only 6 (and 1 more warning)"
    )


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"{", "rummy.json was not imported: The file is not valid JSON (line 1, column 2)"),
        (b"\xff\xfe", "rummy.json was not imported: This is not a session file: it is not UTF-8"),
        (None, "rummy.json could not be read; nothing was imported"),
    ],
)
def test_a_file_that_is_not_a_session_is_refused_in_words(db, data, says) -> None:
    app, table = AppState(), Table()
    assert asyncio.run(import_file(app, table.ports, name="rummy.json", data=data)) is None
    assert app.notice is not None and app.notice.identifier == IMPORT_REFUSED
    assert app.notice.session_id is None and app.notice.text.startswith(says)
    assert table.routes == [] and services.list_sessions(engine=storage.engine()).total == 0


def test_bad_cards_and_a_session_stored_already_are_refused_as_the_command_line_does(db) -> None:
    from app.messages import describe_error

    app, table = AppState(), Table()
    doc = json.loads((SAMPLES / "rummy.json").read_text(encoding="utf-8"))
    doc["hands"][0]["left"]["Åse"] = ["K", "ZZ"]
    bad = json.dumps(doc).encode()
    assert asyncio.run(import_file(app, table.ports, name="bad.json", data=bad)) is None
    assert app.notice.text == "bad.json was not imported: Hand 1, Åse: “ZZ” (card 2) is not a card"
    try:  # the very words `kortpoeng import` prints
        services.import_session(engine=storage.engine(), data=bad)
    except Exception as error:
        assert app.notice.text.endswith(describe_error(error))
    good = (SAMPLES / "rummy.json").read_bytes()
    first = asyncio.run(import_file(app, table.ports, name="rummy.json", data=good))
    assert first is not None
    before = services.open_session(engine=storage.engine(), session_id=first.id)
    assert asyncio.run(import_file(app, table.ports, name="rummy.json", data=good)) is None
    assert app.notice.text == (
        f"rummy.json was not imported: This session is already stored as number {first.id}"
    )
    after = services.open_session(engine=storage.engine(), session_id=first.id)
    assert services.list_sessions(engine=storage.engine()).total == 1
    assert after.standings == before.standings and after.uuid == before.uuid


# -- 11. a session's delete is undone from the list, in its place --------------------


def test_a_deleted_session_is_said_in_its_place_and_put_back_from_there(db) -> None:
    engine = storage.engine()
    for players in (["Kari", "Ola"], ["Per", "Pål"], ["Ask", "Embla"]):
        services.start_session(engine=engine, game_id="rummy", players=players)
    done = finished_swedish()
    app, table = AppState(), Table()
    listed = services.list_sessions(engine=engine).items
    middle = listed[1]
    assert [i.players for i in listed[:3]] == [("Ask", "Embla"), ("Per", "Pål"), ("Kari", "Ola")]

    assert asyncio.run(delete_session(app, table.ports, middle, listed))
    assert app.notice.identifier == DELETED and app.notice.session_id is None
    assert app.notice.text == "Rummy with Per and Pål moved to the trash"
    now = services.list_sessions(engine=engine).items
    assert middle.id not in [i.id for i in now]
    assert [i.id for i in services.list_sessions(engine=engine, trash=True).items] == [middle.id]
    shown = [(e.kind, e.item.players if e.item else None) for e in list_entries(now, app)]
    assert shown == [
        ("title", None),
        ("session", ("Ask", "Embla")),
        ("deleted", None),  # where Per and Pål were
        ("session", ("Kari", "Ola")),
        ("title", None),
        ("session", ("Anna", "Bo", "Cato")),
    ]
    undo = app.notice.undo
    assert isinstance(undo, PutBack)
    assert asyncio.run(undo()) == ""
    assert table.told == [middle.id, middle.id]
    assert [i.id for i in services.list_sessions(engine=engine).items] == [i.id for i in listed]
    assert services.list_sessions(engine=engine, trash=True).total == 0

    # the last of its section: said at the end of it, under its title
    asyncio.run(delete_session(app, table.ports, listed[-1], listed))
    assert listed[-1].id == done.id
    entries = list_entries(services.list_sessions(engine=engine).items, app)
    assert [e.kind for e in entries][-2:] == ["title", "deleted"] and entries[-2].finished


def test_an_undo_that_cannot_put_it_back_says_why(db) -> None:
    engine = storage.engine()
    view = services.start_session(engine=engine, game_id="rummy", players=["Kari", "Ola"])
    app, table = AppState(), Table()
    listed = services.list_sessions(engine=engine).items
    asyncio.run(delete_session(app, table.ports, listed[0], listed))
    services.delete_session_for_good(engine=engine, session_id=view.id)  # on another phone
    assert asyncio.run(app.notice.undo()) == f"There is no session “{view.id}”"
    assert services.list_sessions(engine=engine).total == 0


# -- 11. a variant never moves a target the players chose ----------------------------


def test_a_chosen_target_stays_and_the_suggestion_is_named() -> None:
    form = NewSessionDraft()
    for name in ("Anna", "Bo", "Cato"):
        form.add_player(name)
    form.choose_preset("custom")
    form.custom = "250"
    form.set_option("draw_two", True)  # moved the typed 250 to 100 × players before
    assert (form.preset, form.all_options()["target"]) == ("custom", 250)
    assert not form.followed and form.hinted and form.suggestion().key == "100n"
    form.set_option("reverse_queens", True)  # the suggestion is the same: nothing new to say
    assert not form.hinted
    form.choose_preset("100")  # a tap on the default is a choice too
    form.set_option("reverse_queens", False)
    form.set_option("draw_two", False)
    assert form.preset == "100" and not form.followed and form.hinted is False
    form.set_option("skip_aces", True)
    assert form.preset == "100" and form.hinted and not form.followed
    untouched = NewSessionDraft()
    untouched.set_option("skip_aces", True)  # not chosen: it follows, and says so
    assert untouched.preset == "100n" and untouched.followed and not untouched.hinted
