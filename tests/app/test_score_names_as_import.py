"""``kortpoeng score`` refuses the names ``kortpoeng import`` refuses, with
the same check and the same line (issue 28): two seats whose names look alike
("Anna" and a Cyrillic "Аnna"), a custom game whose name looks like a
built-in game's ("Hеarts" with a Cyrillic е). Before, ``score`` scored both
files (exit 0) while the import refused them (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language
from models.db import init_db, make_engine
from scoring import builtin_definition
from scoring.definition import definition_to_dict

CYRILLIC_ANNA = "\u0410nna"  # А: CYRILLIC CAPITAL LETTER A
CYRILLIC_HEARTS = "H\u0435arts"  # е: CYRILLIC SMALL LETTER IE


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    path = tmp_path / "kp.db"
    engine = make_engine(str(path))
    init_db(engine)
    engine.dispose()
    return path


def _write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def _players_file(tmp_path: Path) -> Path:
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "rummy",
        "players": ["Anna", "Bo", CYRILLIC_ANNA],
        "hands": [],
    }
    return _write(tmp_path, doc)


def _game_file(tmp_path: Path) -> Path:
    definition = definition_to_dict(builtin_definition("hearts"))
    definition["id"] = "our_hearts"
    definition["name"] = {"nb": CYRILLIC_HEARTS, "en": CYRILLIC_HEARTS}
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "our_hearts",
        "definition": definition,
        "players": ["Kari", "Ola", "Per"],
        "hands": [],
    }
    return _write(tmp_path, doc)


def run(capsys, *argv: str, lang: str) -> tuple[int, str, str]:
    with use_language(lang):
        status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("made", [_players_file, _game_file])
def test_score_refuses_what_import_refuses_in_the_same_words(tmp_path, capsys, db, made, lang):
    session = made(tmp_path)
    imported = run(capsys, "--db", str(db), "import", str(session), lang=lang)
    scored = run(capsys, "score", str(session), lang=lang)
    assert imported[0] == scored[0] == 2  # score: was 0
    assert scored[1] == ""
    assert scored[2] == imported[2] and scored[2].strip(), scored
    looks = "looks just like" if lang == "en" else "ligner"
    assert looks in scored[2]


def test_a_file_without_lookalikes_is_still_scored(tmp_path, capsys):
    doc = {
        "format": "kortpoeng-session",
        "version": 2,
        "game": "rummy",
        "players": ["Anna", "Bo"],
        "hands": [{"went_out": "Anna", "left": {"Bo": ["K", "7"]}}],
    }
    status, out, _err = run(capsys, "score", str(_write(tmp_path, doc)), lang="en")
    assert status == 0 and json.loads(out)["totals"] == {"Anna": 0, "Bo": 17}
