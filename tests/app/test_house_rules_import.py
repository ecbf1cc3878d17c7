"""Issue 26, item 4: a session file cannot relabel other rules as a built-in
game. The reported file — ``"game": "swedish_rummy"`` carrying a definition
where a king is 100 and every other card 0 — is stored as a game of its own,
"Swedish Rummy (house rules)": imported, listed, shown, exported and counted
under that name, apart from Swedish Rummy, and its rematch names it. A
genuine Swedish Rummy (or Hearts) export still imports as the built-in game,
byte for byte. Everything on real SQLite files, through ``kortpoeng`` and the
app's own import and rematch flows."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path

import pytest
from rigged_files import UUID, rigged_file

from app import storage
from app.cli import main
from app.i18n import set_language, use_language
from app.messages import game_name
from app.ui.state import AppState
from app.ui.state.session_list import import_file, open_rematch
from models import services
from models.db import init_db, make_engine
from scoring import Hand, builtin_definition, parse_cards
from scoring.definition import Words


def run(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def db_file(tmp_path) -> Path:
    path = tmp_path / "kp.db"
    engine = make_engine(path)
    init_db(engine)
    engine.dispose()
    return path


def finished_swedish(engine, players=("Anna", "Bjørn")):
    """A genuine Swedish Rummy session, finished: Anna goes out over 8 8 (100)."""
    view = services.start_session(engine=engine, game_id="swedish_rummy", players=list(players))
    return services.record_hand(
        engine=engine,
        session_id=view.id,
        hand=Hand("Anna", {players[1]: parse_cards(["8", "8"])}),
        confirm_warnings=True,
    )


def test_the_rigged_file_is_stored_listed_shown_exported_and_counted_as_house_rules(
    capsys, db_file, tmp_path
):
    engine = make_engine(db_file)
    finished_swedish(engine)  # session 1: real Swedish Rummy
    engine.dispose()
    rigged = tmp_path / "rigged.json"
    rigged.write_text(rigged_file(), encoding="utf-8")
    db = ("--db", str(db_file))

    status, out, err = run(capsys, *db, "import", str(rigged))
    assert (status, err) == (0, "")
    assert out == (
        f"Imported session 2 ({UUID}): Swedish Rummy (house rules), Anna, Bjørn, 1 hand\n"
    )

    _status, out, _err = run(capsys, *db, "list")
    rows = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert "Swedish Rummy (house rules)" in rows["2"]
    assert "Swedish Rummy" in rows["1"] and "house" not in rows["1"]
    _status, out, _err = run(capsys, *db, "list", lang="nb")
    assert "Vri åtter (husregler)" in out

    _status, out, _err = run(capsys, *db, "show", "2")
    assert out.splitlines()[0] == f"Swedish Rummy (house rules) — session 2 ({UUID})"
    # scored by the file's rules (K 100), said as the exports' summary says it
    assert "Target: 100 points; finished after 1 hand" in out.splitlines()
    assert "Winner: Anna" in out.splitlines()

    _status, out, _err = run(capsys, *db, "export", "2", "--format", "json")
    exported = json.loads(out)
    house = exported["game"]
    assert house.startswith("swedish_rummy_house_") and exported["definition"]["id"] == house
    assert exported["definition"]["name"] == {
        "nb": "Vri åtter (husregler)",
        "en": "Swedish Rummy (house rules)",
    }
    assert "source" not in exported["definition"]
    king = next(k for k in exported["definition"]["keys"] if k.get("rank") == "K")
    assert king["points"] == 100  # the rules are kept, under their own name
    _status, out, _err = run(capsys, *db, "export", "2", "--format", "md")
    assert "Swedish Rummy (house rules)" in out.splitlines()[0]

    # statistics keep them apart: one session each
    _status, out, _err = run(capsys, *db, "stats")
    titles = [line for line in out.splitlines() if "finished session" in line]
    assert titles == [
        "Swedish Rummy — 1 finished session · highest total wins",
        "Swedish Rummy (house rules) — 1 finished session · highest total wins",
    ]
    _status, out, _err = run(capsys, *db, "stats", "--game", "swedish_rummy")
    assert "house rules" not in out and "Swedish Rummy — 1 finished session" in out
    status, out, _err = run(capsys, *db, "stats", "--game", house)
    assert status == 0 and out.startswith("Swedish Rummy (house rules) — 1 finished session")

    # the custom games are the family's own: a session file adds none
    _status, out, _err = run(capsys, *db, "games")
    assert "house" not in out

    # the same file again is the session stored already; the rules are one game
    status, _out, err = run(capsys, *db, "import", str(rigged))
    assert status == 1 and "already" in err
    again = tmp_path / "again.json"
    again.write_text(rigged_file("4a1d0b63-7b8f-4d66-8e2f-3c9f5a8f2b21"))
    assert run(capsys, *db, "import", str(again))[0] == 0
    _status, out, _err = run(capsys, *db, "stats", "--game", house)
    assert out.startswith("Swedish Rummy (house rules) — 2 finished sessions")


def test_the_rematch_of_the_rigged_file_names_the_house_rules(db) -> None:
    set_language("en")
    app = AppState()
    routes: list[str] = []

    async def use_case(case, **arguments):
        return case(engine=storage.engine(), **arguments)

    from app.ui.state.ports import Ports

    ports = Ports(use_case, routes.append, routes.append, lambda _id: None)
    view = asyncio.run(import_file(app, ports, name="rigged.json", data=rigged_file().encode()))
    assert view is not None and view.finished
    assert game_name(view.game_rules) == "Swedish Rummy (house rules)"

    open_rematch(app, ports, view)
    form = app.new_session
    assert form.rematch_of == view.id and form.game_id.startswith("swedish_rummy_house_")
    assert game_name(form.rules) == "Swedish Rummy (house rules)"  # the intro's {game}
    with use_language("nb"):
        assert game_name(form.rules) == "Vri åtter (husregler)"
    house = form.game_id
    new = asyncio.run(form.start(ports))
    assert new is not None and new.rematch_of == view.id and new.game_id == house
    assert new.game_rules.definition.key("K").points == 100  # the rules it says it plays
    assert game_name(new.game_rules) == "Swedish Rummy (house rules)"


@pytest.mark.parametrize("game", ["swedish_rummy", "hearts"])
def test_a_genuine_built_in_export_imports_unchanged_as_the_built_in(
    capsys, db_file, tmp_path, game
):
    source = make_engine(tmp_path / "source.db")
    init_db(source)
    if game == "swedish_rummy":
        view = finished_swedish(source)
    else:
        view = services.start_session(
            engine=source, game_id="hearts", players=["Anna", "Bjørn", "Cato"]
        )
        view = services.record_hand(
            engine=source,
            session_id=view.id,
            hand=Hand(None, {"Anna": parse_cards(["QS", "2H"])}, flags={"moon": "Bjørn"}),
            confirm_warnings=True,
        )
    text = services.export_session(engine=source, session_id=view.id)
    source.dispose()
    assert ("definition" in json.loads(text)) == (game == "hearts")
    path = tmp_path / "genuine.json"
    path.write_text(text, encoding="utf-8")
    db = ("--db", str(db_file))
    status, out, _err = run(capsys, *db, "import", str(path))
    name = {"swedish_rummy": "Swedish Rummy", "hearts": "Hearts"}[game]
    assert status == 0 and f": {name}, Anna, Bjørn" in out
    _status, out, _err = run(capsys, *db, "export", "1", "--format", "json")
    assert out == text
    engine = make_engine(db_file)
    try:
        (stored,) = services.list_sessions(engine=engine).items
        assert stored.game_id == game
    finally:
        engine.dispose()


def test_a_coded_game_s_house_name_is_the_catalogs_name():
    from scoring.house_rules import house_rules

    with use_language("nb"):
        nb = game_name("four_suit_rummy")
    with use_language("en"):
        en = game_name("four_suit_rummy")
    four_suit = dataclasses.replace(builtin_definition("swedish_rummy"), id="four_suit_rummy")
    assert house_rules(four_suit).name == Words(f"{nb} (husregler)", f"{en} (house rules)")
