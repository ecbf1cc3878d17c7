"""``kortpoeng games``, ``game show|export|import``, and a session of a custom
game on the command line (issue 14): lists, shows, exports and scores like any
other; a hostile game file is one translated line and changes nothing."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from models.db import init_db, make_engine
from models.services import export_session, record_hand, save_game, start_session
from scoring import (
    BUILTIN_GAME_IDS,
    Face,
    Hand,
    builtin_definition,
    read_definition,
    write_definition,
)

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as con:
        return list(con.iterdump())


def _uno():
    """The Colour Cards rules as a family's own game (a name of its own: one
    that looks like Colour Cards is refused, app.game_names)."""
    colour = builtin_definition("colour_cards")
    return dataclasses.replace(
        colour,
        id="family_uno",
        name=dataclasses.replace(colour.name, nb="Familie-UNO", en="Family UNO"),
    )


@pytest.fixture
def db_file(tmp_path) -> Path:
    path = tmp_path / "kp.db"
    engine = make_engine(path)
    init_db(engine)
    engine.dispose()
    return path


def test_games_json_lists_every_game_with_its_names(capsys, db_file):
    engine = make_engine(db_file)
    save_game(engine=engine, definition=_uno())
    engine.dispose()
    status, out, _err = run(capsys, "--db", str(db_file), "games", "--json")
    assert status == 0
    games = json.loads(out)
    assert [g["id"] for g in games] == [*BUILTIN_GAME_IDS, "family_uno"]
    assert games[0]["name"] == {"nb": "Vri åtter", "en": "Swedish Rummy"}
    assert games[-1] == {
        "id": "family_uno",
        "name": {"nb": "Familie-UNO", "en": "Family UNO"},
        "builtin": False,
        "players": {"min": 2, "max": 10},
        "defined": True,
    }
    status, out, _err = run(capsys, "--db", str(db_file), "games", lang="nb")
    assert "Hjerter" in out and "eget" in out and "innebygd" in out


def test_game_show_prints_the_rules_in_the_language(capsys, db_file):
    status, out, _err = run(capsys, "--db", str(db_file), "game", "show", "hearts", lang="nb")
    assert status == 0
    assert out.startswith("Hjerter (hearts, innebygd)")
    assert "D♠ = 13" in out and "Skjøt månen" in out
    status, out, _err = run(capsys, "--db", str(db_file), "game", "show", "swedish_rummy")
    assert status == 0 and "Swedish Rummy" in out
    status, _out, err = run(capsys, "--db", str(db_file), "game", "show", "nothing")
    assert status == 2 and err.startswith("There is no game “nothing”. The games: Swedish Rummy")


def test_export_then_import_on_another_database(capsys, db_file, tmp_path):
    engine = make_engine(db_file)
    save_game(engine=engine, definition=_uno())
    engine.dispose()
    out_file = tmp_path / "uno.json"
    status, _out, _err = run(
        capsys, "--db", str(db_file), "game", "export", "family_uno", "--output", str(out_file)
    )
    assert status == 0 and read_definition(out_file.read_bytes()) == _uno()
    assert not list(tmp_path.glob(".uno.json-*"))  # no temporary file left behind
    other = tmp_path / "other.db"
    status, out, _err = run(capsys, "--db", str(other), "game", "import", str(out_file))
    assert status == 0 and out.strip() == "Added Family UNO (family_uno)"
    status, out, _err = run(capsys, "--db", str(other), "game", "import", str(out_file))
    assert status == 1 and "already here" in out


def test_a_conflict_says_how_to_keep_both_or_replace(capsys, db_file, tmp_path):
    engine = make_engine(db_file)
    save_game(engine=engine, definition=_uno())
    engine.dispose()
    changed = tmp_path / "changed.json"
    changed.write_text(write_definition(dataclasses.replace(_uno(), target=250)), encoding="utf-8")
    before = dump(db_file)
    status, _out, err = run(capsys, "--db", str(db_file), "game", "import", str(changed))
    assert status == 2 and len(err.splitlines()) == 1 and "--keep-both" in err
    assert dump(db_file) == before
    status, out, _err = run(
        capsys, "--db", str(db_file), "game", "import", "--keep-both", str(changed)
    )
    assert status == 0 and "family_uno_2" in out
    status, out, _err = run(
        capsys, "--db", str(db_file), "game", "import", "--replace", str(changed)
    )
    assert status == 0 and out.strip() == "Replaced Family UNO (family_uno)"


@pytest.mark.parametrize(
    ("wanted", "lang", "first"),
    [
        ("Hearts", "en", "Hearts (hearts, built in)"),
        ("hjerter", "nb", "Hjerter (hearts, innebygd)"),
        ("colour cards", "en", "Colour Cards (colour_cards, built in)"),
        ("Family UNO", "en", "Family UNO (family_uno, custom)"),
    ],
)
def test_game_show_takes_every_game_by_name_as_stats_does(capsys, db_file, wanted, lang, first):
    """``game show Hearts`` said "There is no game “Hearts”" (ids only)."""
    engine = make_engine(db_file)
    save_game(engine=engine, definition=_uno())
    engine.dispose()
    status, out, err = run(capsys, "--db", str(db_file), "game", "show", wanted, lang=lang)
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == first
    status, out, err = run(capsys, "--db", str(db_file), "game", "export", wanted)
    assert status == 0 and json.loads(out)["id"] == first.split("(")[1].split(",")[0]


def test_game_show_of_no_game_names_the_games(capsys, db_file):
    status, out, err = run(capsys, "--db", str(db_file), "game", "show", "poker")
    assert (status, out) == (2, "")
    assert err == (
        "There is no game “poker”. The games: Swedish Rummy, Rummy, Four Suit Rummy, "
        "Crazy Eights, Hearts, Colour Cards, Five Crowns, Kasino, Plump, Phase 10\n"
    )


def test_a_built_in_id_suggests_only_what_works(capsys, db_file, tmp_path):
    """``--replace`` was suggested for a built-in game's id, then refused."""
    changed = tmp_path / "hearts.json"
    rigged = dataclasses.replace(builtin_definition("colour_cards"), target=250)
    changed.write_text(write_definition(rigged), encoding="utf-8")
    before = dump(db_file)
    said = (
        "“colour_cards” is the id of a built-in game, which cannot be replaced: "
        "add --keep-both to add this one as a custom game with a new id\n"
    )
    for given in ((), ("--replace",)):
        status, out, err = run(capsys, "--db", str(db_file), "game", "import", *given, str(changed))
        assert (status, out, err) == (2, "", said)
        assert dump(db_file) == before
    status, _out, err = run(capsys, "--db", str(db_file), "game", "import", str(changed), lang="nb")
    assert err == (
        "«colour_cards» er id-en til et innebygd spill, som ikke kan erstattes: "
        "legg til --keep-both for å legge til dette som et eget spill med ny id\n"
    )
    status, out, err = run(  # what it suggests works
        capsys, "--db", str(db_file), "game", "import", "--keep-both", str(changed)
    )
    assert (status, err) == (0, "")
    assert out == "Added Colour Cards (2) as colour_cards_2, next to the game of the same id\n"


def _plump_text(rounds) -> bytes:
    """Plump as a custom game whose schedule has ``rounds``."""
    data = json.loads(write_definition(builtin_definition("plump")))
    data.update(id="family_plump", schedule={"rounds": rounds})
    return json.dumps(data).encode()


def _phase_text(stages) -> bytes:
    """Phase 10 as a custom game whose progress has ``stages``."""
    data = json.loads(write_definition(builtin_definition("phase_10")))
    data.update(id="family_phases", progress={"stages": stages})
    return json.dumps(data).encode()


HOSTILE = {
    "10 MB": b"{" + b" " * (10 * 1024 * 1024) + b"}",
    "NaN": write_definition(_uno()).replace('"target": 500', '"target": NaN').encode(),
    "negative points": write_definition(_uno()).replace('"points": 0', '"points": -3', 1).encode(),
    "unknown field": write_definition(_uno()).replace('"format"', '"cheat": 1, "format"').encode(),
    "wrong version": write_definition(_uno()).replace('"version": 1', '"version": 7').encode(),
    "duplicate key": write_definition(_uno())
    .replace('"target": 500', '"target": 500, "target": 1')
    .encode(),
    # issue 28's hostile bids games: a schedule of 10**6 rounds (over the
    # document's limit), of 101 rounds (over the rows' limit), and a deal of
    # more cards than five players can be dealt from one deck
    "a million rounds": _plump_text(rounds=[{"cards": 1}] * 10**6),
    "101 rounds": _plump_text(rounds=[{"cards": 1}] * 101),
    "bids above the hand size": _plump_text(rounds=[{"cards": 11}, {"cards": 1}]),
    # ... and a phase count of 0
    "no phases": _phase_text(stages=[]),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_hostile_game_file_is_one_line_and_changes_nothing(case, lang, db_file, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(HOSTILE[case])
    before = dump(db_file)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "--db", str(db_file), "game", "import", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": lang, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert dump(db_file) == before


def test_a_session_of_a_custom_game_lists_shows_exports_and_scores(capsys, db_file, tmp_path):
    engine = make_engine(db_file)
    save_game(engine=engine, definition=_uno())
    view = start_session(engine=engine, game_id="family_uno", players=["Kari", "Ola"])
    record_hand(
        engine=engine,
        session_id=view.id,
        hand=Hand("Kari", {"Ola": (Face("wild"), Face("skip"))}),
    )
    text = export_session(engine=engine, session_id=view.id)
    engine.dispose()
    status, out, _err = run(capsys, "--db", str(db_file), "list", lang="nb")
    assert status == 0 and "Familie-UNO" in out
    status, out, _err = run(capsys, "--db", str(db_file), "show", "1")
    assert status == 0 and out.startswith("Family UNO — session 1") and "70" in out
    status, out, _err = run(capsys, "--db", str(db_file), "export", "1", "--format", "txt")
    assert status == 0 and "Family UNO" in out
    session_file = tmp_path / "s.json"
    session_file.write_text(text, encoding="utf-8")
    status, out, _err = run(capsys, "score", str(session_file))
    assert status == 0 and json.loads(out)["totals"] == {"Kari": 70, "Ola": 0}
    status, out, _err = run(capsys, "--db", str(tmp_path / "fresh.db"), "import", str(session_file))
    assert status == 0 and "Family UNO" in out


def test_version_and_score_stay_quick_to_import():
    """The game commands load nothing heavy until they run (lazy imports)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, app.cli; app.cli.build_parser(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('sqlalchemy', 'sqlmodel', 'flet', 'segno')))",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_import_from_standard_input_and_export_to_standard_output(capsys, db_file, monkeypatch):
    import io

    text = write_definition(_uno())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    status, out, _err = run(capsys, "--db", str(db_file), "game", "import", "-")
    assert status == 0 and out.strip() == "Added Family UNO (family_uno)"
    status, out, _err = run(capsys, "--db", str(db_file), "game", "export", "family_uno")
    assert status == 0 and out == text


def test_export_never_writes_over_a_file_without_force_nor_over_a_database(
    capsys, db_file, tmp_path
):
    existing = tmp_path / "kept.json"
    existing.write_text("mine", encoding="utf-8")
    status, _out, err = run(
        capsys, "--db", str(db_file), "game", "export", "hearts", "-o", str(existing)
    )
    assert status == 2 and "--force" in err and len(err.splitlines()) == 1
    assert existing.read_text(encoding="utf-8") == "mine"
    before = dump(db_file)
    status, _out, err = run(
        capsys, "--db", str(db_file), "game", "export", "hearts", "-o", str(db_file), "--force"
    )
    assert status == 2 and "is a database" in err
    assert dump(db_file) == before
    status, _out, _err = run(
        capsys, "--db", str(db_file), "game", "export", "hearts", "-o", str(existing), "--force"
    )
    assert status == 0 and read_definition(existing.read_bytes()) == builtin_definition("hearts")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_10_mb_game_on_standard_input_is_one_line(lang, db_file):
    before = dump(db_file)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "--db", str(db_file), "game", "import", "-"],
        input=b"{" + b" " * (10 * 1024 * 1024) + b"}",
        capture_output=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "KORTPOENG_LANG": lang, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    err = done.stderr.decode("utf-8")
    assert done.returncode == 2 and len(err.splitlines()) == 1, err
    assert "100" in err and "Traceback" not in err
    assert dump(db_file) == before
