"""A custom game end to end without a browser (issue 14), on real SQLite
files through the real use cases and the screens' models: made in the
editor's draft (names, an own card, a flag, the target; the live preview
scores it) and saved, a session of it played to its end, the game shared by
its link — added on another family's database, already there on this one —
and hostile games refused in words (naming the field) with nothing stored.
Also the editor's save refused for a fault, the list's delete, and the
question when another game has the id. (The browser keeps the typing, the
preview's keys under the finger and the link opened on another phone:
tests/e2e/test_ui_custom_game.py.)"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import json
import sqlite3
import zlib
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from app import storage
from app.game_link import IMPORT_PATH, MAX_LINK, link_for
from app.i18n import set_language, use_language
from app.ui.common import TypedTexts, describe_problem
from app.ui.game_editor import PreviewHand, _Form
from app.ui.games import GamePreviewCard
from app.ui.state import AppState
from app.ui.state.editor_screen import EditorScreen, load_source, new_draft
from app.ui.state.game_draft import GameDraft
from app.ui.state.games_screen import AddGame, GamesScreen, load_games, outcome_text, share_file
from app.ui.state.new_session import load_custom_games
from models import services
from scoring import Face, Hand, builtin_definition, parse_card, write_definition

WORDS = {
    "en": {"name": "Family Eights", "worth": "These cards would score 75", "added": "was added"},
    "nb": {"name": "Familieåttere", "worth": "Disse kortene gir 75 poeng", "added": "ble lagt til"},
}
EDITOR_FAULT = {
    "en": "Key 1 › points must be a whole number from 0 to 1,000, not -5",
    "nb": "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -5",
}
REFUSED = {
    "en": {
        "field": "Key 1 › points must be a whole number from 0 to 1,000, not -5",
        "cut": "This link holds no game",
        "twice": "“Format” is in the file twice",
    },
    "nb": {
        "field": "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -5",
        "cut": "Denne lenken har ikke noe spill",
        "twice": "«Format» står to ganger i filen",
    },
}
ORIGIN = "http://192.168.1.20:8550"


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def controls_in(control: Any) -> Iterator[Any]:
    yield control
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                yield from controls_in(child)


def said(control: Any, identifier: str) -> str:
    """The text of the node ``identifier`` in a component's controls."""
    for node in controls_in(control):
        if isinstance(node, ft.Semantics) and node.identifier == identifier:
            texts = [c.value for c in controls_in(node.content) if isinstance(c, ft.Text)]
            return " ".join(str(t) for t in texts if t)
    raise AssertionError(f"no {identifier}")


def family_eights() -> GameDraft:
    """The game as a family makes it in the editor: eights count 50, an own
    card "Wild" worth 25, a flag (went out in one go doubles), first to 60."""
    draft = GameDraft.new()
    draft.set(("name", "nb"), "Familieåttere")
    draft.set(("name", "en"), "Family Eights")
    assert draft.form["keys"][7]["rank"] == "8"
    draft.set(("keys", 7, "points"), "50")
    draft.add(("keys",), "face")
    draft.set(("keys", 13, "name", "nb"), "Villkort")
    draft.set(("keys", 13, "name", "en"), "Wild")
    draft.set(("keys", 13, "face"), "wild")
    draft.set(("keys", 13, "points"), "25")
    draft.add(("flags",))
    draft.set(("flags", 0, "name", "nb"), "Alt på én gang")
    draft.set(("flags", 0, "name", "en"), "Out in one go")
    draft.set(("target",), "60")
    return draft


def play_to_the_end(players: tuple[str, str]) -> Any:
    """Hand 1: the first goes out, the second holds a king: 10. Hand 2: the
    second goes out in one go, the first holds an 8 and a Wild: 75 doubled,
    150 — past 60: the session ends, the second wins."""
    engine = storage.engine()
    first, second = players
    view = services.start_session(engine=engine, game_id="family_eights", players=list(players))
    view = services.record_hand(
        engine=engine, session_id=view.id, hand=Hand(first, {second: (parse_card("K"),)})
    )
    assert [view.standings.totals[p] for p in players] == [10, 0]
    view = services.record_hand(
        engine=engine,
        session_id=view.id,
        hand=Hand(second, {first: (parse_card("8"), Face("wild"))}, flags={"flag_1": second}),
    )
    assert [view.standings.totals[p] for p in players] == [10, 150]
    assert view.finished and view.standings.winners == (second,)
    return view


def db_dump() -> list[str]:
    url = storage.engine().url.render_as_string(hide_password=False)
    with sqlite3.connect(url.removeprefix("sqlite:///")) as con:
        return list(con.iterdump())


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_custom_game_made_played_and_shared(table, tmp_path, lang) -> None:
    set_language(lang)
    draft = family_eights()
    form = _Form(draft, TypedTexts())
    assert form.error is None  # nothing to put right: Save can be tapped
    # the live preview: an 8 and a Wild would score 75
    draft.add_preview_card(parse_card("8"))
    draft.add_preview_card(Face("wild"))
    assert said(PreviewHand.__wrapped__(draft), "ge-preview-worth") == WORDS[lang]["worth"]

    app = AppState()
    app.memory.games["new"] = draft
    editor = EditorScreen(app=app, ports=table.ports, key_name="new")
    assert asyncio.run(editor.save(draft)) is True
    assert table.routes == ["/games"] and table.told == [0]
    assert "new" not in app.memory.games and app.revision == 1
    (entry,) = [g for g in load_games(storage.engine()) if g.game_id == "family_eights"]
    assert entry.definition is not None and not entry.builtin
    assert entry.definition.target == 60

    # a session of it, played to its end
    play_to_the_end(("Kari", "Ola"))

    # share it: the link carries the whole game; this database has it already
    link = link_for(ORIGIN, entry.definition)
    payload = link.split(IMPORT_PATH, 1)[1]
    here = AddGame(app=app, ports=table.ports)
    here.read_link(payload)
    assert here.read is not None and here.problem is None
    assert WORDS[lang]["name"] in said(
        GamePreviewCard.__wrapped__(here.read.definition), "game-preview"
    )
    added = asyncio.run(here.add())
    assert added is not None and added.outcome == "unchanged"  # nothing is added twice
    here.start(added.entry.game_id)
    assert table.routes[-1] == "/new" and app.new_session.wanted == "family_eights"
    app.new_session.set_custom_games(load_custom_games(storage.engine()))
    assert app.new_session.game_id == "family_eights"
    assert next(iter(app.new_session.games())) == "family_eights"  # offered first
    name, data = share_file(entry)
    assert name == "family_eights.kortpoeng-game.json"
    assert json.loads(data)["name"]["en"] == "Family Eights"

    # another family's database: the same link's game is added there, and played
    storage.use_database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    guest_app = AppState()
    guest = AddGame(app=guest_app, ports=table.ports)
    guest.read_link(payload)
    added = asyncio.run(guest.add())
    assert added is not None and added.outcome == "added"
    assert WORDS[lang]["added"] in outcome_text(added)  # what "import-done" says
    assert guest_app.revision == 1
    play_to_the_end(("Anna", "Bo"))


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_hostile_games_are_refused_in_words_and_nothing_is_stored(table, lang) -> None:
    """A link carrying a bad definition, a cut link, the longest link and a
    pasted document with a key given twice: each is refused in words
    (naming the field), nothing can be added, the database is unchanged."""
    before = db_dump()
    good = json.loads(
        write_definition(dataclasses.replace(builtin_definition("colour_cards"), id="family_uno"))
    )
    bad = {**good, "keys": [{**good["keys"][0], "points": -5}, *good["keys"][1:]]}
    packed = zlib.compress(json.dumps(bad).encode("utf-8"), 9)
    payload = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    model = AddGame(app=AppState(), ports=table.ports)
    with use_language(lang):
        for path, words in (
            (payload, REFUSED[lang]["field"]),
            (payload[: len(payload) // 2], REFUSED[lang]["cut"]),
            ("A" * (MAX_LINK - len(ORIGIN) - len(IMPORT_PATH)), REFUSED[lang]["cut"]),
        ):
            model.read_link(path)
            assert model.read is None and model.problem is not None
            assert words in describe_problem(model.problem)
            assert asyncio.run(model.add()) is None  # nothing to add
        model.read_text('{"format": "kortpoeng-game", "format": "x"}')
        assert model.read is None and model.problem is not None
        assert REFUSED[lang]["twice"] in describe_problem(model.problem)
    assert db_dump() == before


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_editor_says_a_bad_number_at_once_and_saves_nothing_until_it_is_put_right(
    table, lang
) -> None:
    engine = storage.engine()
    entry, free_id = load_source("colour_cards")(engine)
    draft = new_draft(entry, free_id)
    assert draft.problem() is None  # a copy of a built-in game has no fault to show
    draft.set(("keys", 0, "points"), "-5")
    with use_language(lang):
        form = _Form(draft, TypedTexts())
        assert form.error is not None and form.error_text == EDITOR_FAULT[lang]  # Save disabled
    editor = EditorScreen(app=AppState(), ports=table.ports, key_name="copy:colour_cards")
    games = len(load_games(engine))
    assert asyncio.run(editor.save(draft)) is False
    assert draft.save_error is not None and table.routes == [] and table.told == []
    assert len(load_games(engine)) == games
    draft.set(("keys", 0, "points"), "0")  # put right
    assert _Form(draft, TypedTexts()).error is None and draft.save_error is None
    assert asyncio.run(editor.save(draft)) is True
    assert len(load_games(engine)) == games + 1


def test_a_copy_is_named_as_a_copy_under_a_free_id(db) -> None:
    engine = storage.engine()
    entry, free_id = load_source("hearts")(engine)
    draft = new_draft(entry, free_id)
    assert draft.form["name"] == {"nb": "Hjerter (kopi)", "en": "Hearts (copy)"}
    assert draft.form["id"] == free_id == "hearts_copy"
    assert load_source(None)(engine) == (None, None)


def test_a_game_is_deleted_after_asking_and_a_stale_delete_is_refused(table) -> None:
    engine = storage.engine()
    draft = family_eights()
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(draft))
    (entry,) = [g for g in load_games(engine) if g.game_id == "family_eights"]
    app = AppState()
    model = GamesScreen(app=app, ports=table.ports)
    model.ask_delete("family_eights")
    assert model.confirming == "family_eights"
    model.cancel_delete()
    assert model.confirming == ""
    stale = dataclasses.replace(entry, text=(entry.text or "") + " ")  # changed on another phone
    assert asyncio.run(model.delete(stale)) is False
    assert model.said is not None and model.said.problem and model.said.identifier == "games-notice"
    assert any(g.game_id == "family_eights" for g in load_games(engine))
    model.ask_delete("family_eights")
    assert asyncio.run(model.delete(entry)) is True
    assert model.confirming == "" and model.said is not None and model.said.text == "Game deleted"
    assert not any(g.game_id == "family_eights" for g in load_games(engine))
    assert table.told == [0, 0] and app.revision == 1


def test_another_game_with_the_id_asks_keep_both_or_replace(table) -> None:
    engine = storage.engine()
    assert asyncio.run(EditorScreen(app=AppState(), ports=table.ports).save(family_eights()))
    other = family_eights()
    other.set(("keys", 7, "points"), "80")
    other_text = write_definition(other.definition())
    model = AddGame(app=AppState(), ports=table.ports)
    model.read_text(other_text)
    assert asyncio.run(model.add()) is None
    assert model.conflict and not model.conflict_builtin
    kept = asyncio.run(model.add("keep_both"))
    assert kept is not None and kept.outcome == "kept_both"
    assert len([g for g in load_games(engine) if not g.builtin]) == 2
    model.read_text(other_text)
    replaced = asyncio.run(model.add("replace"))
    assert replaced is not None and replaced.outcome == "replaced"
    (stored,) = [g for g in load_games(engine) if g.game_id == "family_eights"]
    assert stored.definition is not None and stored.definition.key("8").points == 80


def test_the_editor_save_refused_by_the_use_case_keeps_the_draft_and_says_why(table) -> None:
    """A game named like a built-in one is refused when it is saved (the
    game-name check), in words above the button; nothing is stored and the
    editor stays open with the draft."""
    engine = storage.engine()
    draft = family_eights()
    draft.set(("name", "en"), "Hearts")
    draft.set(("id",), "our_eights")
    assert draft.problem() is None  # a game scoring reads: only the save refuses it
    app = AppState()
    app.memory.games["new"] = draft
    games = len(load_games(engine))
    assert asyncio.run(EditorScreen(app=app, ports=table.ports).save(draft)) is False
    assert draft.save_error is not None
    assert "Hearts" in describe_problem(draft.save_error)
    assert len(load_games(engine)) == games and table.routes == [] and table.told == []
    assert app.memory.games["new"] is draft and app.revision == 0
