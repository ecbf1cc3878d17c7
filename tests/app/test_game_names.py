"""Game and player names that only look alike are refused (issue 26, item 9:
"He\\u200barts" and a Cyrillic "Hеarts" both showed as Hearts in the picker).

Every way a game arrives is tried on a real SQLite file: the editor's save, a
game file (``kortpoeng game import``), a game's link, and a session file
carrying its game (``kortpoeng import``); all go through
:func:`app.game_names.check_game_name`."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from app.cli import main
from app.game_link import encode_game
from app.i18n import use_language
from app.messages import describe_error
from app.ui.state import game_actions
from models.db import init_db, make_engine
from models.services import export_session, list_games, save_game, start_session
from scoring import OptionError, builtin_definition, check_name, read_definition, write_definition

CYRILLIC_HEARTS = "H\u0435arts"  # е: CYRILLIC SMALL LETTER IE
ZERO_WIDTH_HEARTS = "He\u200barts"


def _named(en: str, nb: str = "Familiehjerter", game_id: str = "family_hearts"):
    hearts = builtin_definition("hearts")
    return dataclasses.replace(
        hearts, id=game_id, name=dataclasses.replace(hearts.name, en=en, nb=nb)
    )


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = tmp_path / "kp.db"
    engine = make_engine(str(path))
    init_db(engine)
    engine.dispose()
    return path


@pytest.fixture
def engine(db):
    engine = make_engine(str(db))
    yield engine
    engine.dispose()


def run(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _custom_ids(engine) -> list[str]:
    return [g.game_id for g in list_games(engine=engine) if not g.builtin]


# -- a game file ---------------------------------------------------------------


def test_a_game_file_named_like_a_built_in_game_is_refused_in_words(db, capsys, tmp_path):
    game = tmp_path / "hearts.json"
    game.write_text(write_definition(_named(CYRILLIC_HEARTS)), encoding="utf-8")
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game))
    assert (status, out) == (2, "")
    assert err == (
        "Name › English looks just like Hearts, a game already here: "
        "give it a name that tells the two apart\n"
    )
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game), lang="nb")
    assert err == (
        "Navn › engelsk ligner helt på Hearts, et spill som allerede er her: "
        "gi det et navn som skiller de to\n"
    )
    status, out, _ = run(capsys, "--db", str(db), "games")
    assert "family_hearts" not in out


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (ZERO_WIDTH_HEARTS, "U+200B"),  # the code point only: no English Unicode name
        ("Hearts\u2060", "U+2060"),
        ("\ufeffHearts", "U+FEFF"),
        ("Hea\u200erts", "U+200E"),
    ],
)
def test_a_game_file_with_an_invisible_character_in_its_name_is_refused(
    db, capsys, tmp_path, name, shown
):
    game = tmp_path / "hearts.json"
    game.write_text(write_definition(_named("Family Hearts")).replace("Familiehjerter", name))
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game))
    assert (status, out) == (2, "")
    assert err == (
        f"Name › Norwegian has an invisible character ({shown}): leave it out, "
        "or the text looks like another\n"
    )


def test_a_stored_custom_games_lookalike_is_refused_and_its_own_copy_is_not(
    db, engine, capsys, tmp_path
):
    save_game(engine=engine, definition=_named("Family Hearts"))
    other = tmp_path / "other.json"  # another game, a name that looks the same
    other.write_text(
        write_definition(_named("FAMILY  HEARTS", nb="Andre hjerter", game_id="fam")),
        encoding="utf-8",
    )
    status, _, err = run(capsys, "--db", str(db), "game", "import", str(other))
    assert status == 2 and err.startswith("Name › English looks just like Family Hearts,")
    same = tmp_path / "same.json"  # the same game again: already here, not refused
    same.write_text(write_definition(_named("Family Hearts")), encoding="utf-8")
    status, out, _ = run(capsys, "--db", str(db), "game", "import", str(same))
    assert (status, out) == (
        1,
        "Family Hearts (family_hearts) is already here: nothing was added\n",
    )
    changed = tmp_path / "changed.json"  # the same id, other rules: keep both still works
    changed.write_text(
        write_definition(dataclasses.replace(_named("Family Hearts"), target=50)), encoding="utf-8"
    )
    status, out, _ = run(capsys, "--db", str(db), "game", "import", "--keep-both", str(changed))
    assert status == 0 and "family_hearts_2" in out
    assert _custom_ids(engine) == ["family_hearts", "family_hearts_2"]


# -- the editor and a link -------------------------------------------------------


def test_the_editor_refuses_a_lookalike_and_saves_a_changed_game_under_its_own_name(engine):
    refused = game_actions.save(
        engine=engine, definition=_named(CYRILLIC_HEARTS), replaces=None, expected=None
    )
    assert isinstance(refused, game_actions.Refused)
    with use_language("en"):
        assert describe_error(refused.error) == (
            "Name › English looks just like Hearts, a game already here: "
            "give it a name that tells the two apart"
        )
    assert _custom_ids(engine) == []
    saved = game_actions.save(
        engine=engine, definition=_named("Family Hearts"), replaces=None, expected=None
    )
    assert isinstance(saved, game_actions.Saved)
    again = game_actions.save(  # its own change keeps its name: not its own lookalike
        engine=engine,
        definition=dataclasses.replace(_named("Family Hearts"), target=50),
        replaces="family_hearts",
        expected=saved.entry.text,
    )
    assert isinstance(again, game_actions.Saved)


def test_a_link_to_a_lookalike_is_refused_when_added(engine):
    loaded = game_actions.load_link(encode_game(_named(CYRILLIC_HEARTS)))
    assert isinstance(loaded, game_actions.Loaded)
    added = game_actions.import_text(engine=engine, data=loaded.text)
    assert isinstance(added, game_actions.Refused)
    assert added.error.params == {"game": "Hearts", "id": "hearts"}
    assert _custom_ids(engine) == []


def test_a_link_carrying_an_invisible_character_does_not_load():
    text = write_definition(_named("Family Hearts")).replace("Familiehjerter", ZERO_WIDTH_HEARTS)
    with pytest.raises(Exception) as caught:
        read_definition(text)
    assert caught.value.code == "definition_invisible"


# -- a session file carrying its game -----------------------------------------------


def test_a_session_file_carrying_a_lookalike_game_is_refused(tmp_path, capsys, db):
    """A game stored before this rule (by an older Kortpoeng) travels in its
    session's file: the import refuses it where Hearts is offered."""
    old = make_engine(str(tmp_path / "old.db"))
    init_db(old)
    save_game(engine=old, definition=_named(CYRILLIC_HEARTS))  # the service alone does not check
    view = start_session(engine=old, game_id="family_hearts", players=["Kari", "Ola", "Per"])
    session_file = tmp_path / "session.json"
    session_file.write_text(export_session(engine=old, session_id=view.id), encoding="utf-8")
    old.dispose()
    status, out, err = run(capsys, "--db", str(db), "import", str(session_file))
    assert (status, out) == (2, "")
    assert err == (
        "Name › English looks just like Hearts, a game already here: "
        "give it a name that tells the two apart\n"
    )
    status, out, _ = run(capsys, "--db", str(db), "list")
    assert "Kari" not in out


# -- players' names ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Ka\u200bri", "Kari\u2060", "\ufeffKari", "K\u200dari", "Kari\u00ad"]
)
def test_a_player_name_with_an_invisible_character_is_refused(name):
    with pytest.raises(OptionError) as caught:
        check_name(name)
    assert caught.value.code == "player_name_invisible"
    with use_language("en"):
        assert "has an invisible character (U+" in describe_error(caught.value)


@pytest.mark.parametrize(
    "name",
    [
        "Ola 👩\u200d👩\u200d👧",
        "می\u200cخواهم",
        "Zoë",
        "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    ],
)
def test_a_name_that_needs_a_joiner_is_kept(name):
    assert check_name(name) == name


def test_session_import_of_a_player_with_a_zero_width_space_is_refused(capsys, db, tmp_path):
    sample = Path(__file__).resolve().parents[2] / "assets" / "samples" / "rummy.json"
    text = sample.read_text(encoding="utf-8")
    import json

    doc = json.loads(text)
    first = doc["players"][0]
    doc_text = text.replace(f'"{first}"', f'"{first[:1]}\\u200b{first[1:]}"')
    session_file = tmp_path / "s.json"
    session_file.write_text(doc_text, encoding="utf-8")
    status, out, err = run(capsys, "--db", str(db), "import", str(session_file))
    assert (status, out) == (2, "")
    assert "has an invisible character (U+200B): leave it out" in err


# -- names that come from a built-in game: its house-rules games' -----------------


@pytest.mark.parametrize(
    ("en", "nb", "shown"),
    [
        ("Swedish Rummy (house rules)", "Mitt spill", "Swedish Rummy (house rules)"),
        ("SWEDISH RUMMY  (HOUSE RULES)", "Mitt spill", "Swedish Rummy (house rules)"),
        ("Sw\u0435dish Rummy (house rules)", "Mitt spill", "Swedish Rummy (house rules)"),
        ("My game", "Vri åtter (husregler)", "Vri åtter (husregler)"),
    ],
)
def test_a_custom_game_named_like_a_house_rules_game_is_refused(
    tmp_path, capsys, db, en, nb, shown
):
    game = tmp_path / "my_y.json"
    game.write_text(write_definition(_named(en, nb, game_id="my_y")), encoding="utf-8")
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game))
    assert (status, out) == (2, "")  # was: stored, a third "Swedish Rummy (house rules)"
    assert f"looks just like {shown}, a game already here" in err
    assert "my_y" not in _custom_ids(make_engine(str(db)))


def test_a_session_file_of_a_custom_game_named_like_a_house_rules_game_is_refused(
    tmp_path, capsys, db
):
    old = make_engine(str(tmp_path / "old.db"))
    init_db(old)
    save_game(engine=old, definition=_named("Swedish Rummy (house rules)", game_id="my_y"))
    view = start_session(engine=old, game_id="my_y", players=["Kari", "Ola", "Per"])
    session_file = tmp_path / "session.json"
    session_file.write_text(export_session(engine=old, session_id=view.id), encoding="utf-8")
    old.dispose()
    status, out, err = run(capsys, "--db", str(db), "import", str(session_file))
    assert (status, out) == (2, "")
    assert "looks just like Swedish Rummy (house rules), a game already here" in err


def test_a_real_house_rules_session_keeps_its_name(tmp_path, capsys, db):
    swedish = builtin_definition("swedish_rummy")
    kings = tuple(dataclasses.replace(k, points=100 if k.id == "K" else 0) for k in swedish.keys)
    import json

    from scoring.definition import definition_to_dict

    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "swedish_rummy",
        "definition": definition_to_dict(dataclasses.replace(swedish, keys=kings)),
        "players": ["Anna", "Bjørn"],
        "hands": [{"went_out": "Anna", "left": {"Bjørn": ["K", "8", "5"]}}],
    }
    session_file = tmp_path / "house.json"
    session_file.write_text(json.dumps(doc), encoding="utf-8")
    status, _, err = run(capsys, "--db", str(db), "import", str(session_file))
    assert (status, err) == (0, "")
    status, out, _ = run(capsys, "--db", str(db), "list")
    assert "Swedish Rummy (house rules)" in out


def test_a_game_file_claiming_a_house_rules_id_with_other_rules_is_refused(tmp_path, capsys, db):
    # The king-100 house game's id carrying king = 1000: was "Added Kings (swedish_rummy_house_…)".
    swedish = builtin_definition("swedish_rummy")
    kings = tuple(dataclasses.replace(k, points=1000 if k.id == "K" else 0) for k in swedish.keys)
    forged = dataclasses.replace(
        swedish,
        keys=kings,
        id="swedish_rummy_house_f5969de8",
        name=dataclasses.replace(swedish.name, en="Kings", nb="Konger"),
    )
    game = tmp_path / "kings.json"
    game.write_text(write_definition(forged), encoding="utf-8")
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game))
    assert (status, out) == (2, "")
    assert err == (
        "The id swedish_rummy_house_f5969de8 is kept for the house rules of a built-in game "
        "whose rules give it: give this game an id of its own\n"
    )
    status, out, err = run(capsys, "--db", str(db), "game", "import", str(game), lang="nb")
    assert status == 2 and err.startswith("Id-en swedish_rummy_house_f5969de8 er holdt av")
    assert "swedish_rummy_house_f5969de8" not in _custom_ids(make_engine(str(db)))
