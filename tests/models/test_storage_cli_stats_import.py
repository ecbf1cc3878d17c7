"""``kortpoeng stats`` (the statistics screen's figures as a table, both
languages), ``kortpoeng import FILE...`` (many files or a folder, each stored
or refused on its own, a summary line and the exit status) and the quick read
path of ``list``/``show``/``export``/``stats`` (no SQLAlchemy)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.i18n import use_language

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "assets" / "samples"
GAMES = ("rummy", "swedish_rummy", "four_suit_rummy")  # the last one is not finished


@pytest.fixture
def db(db_url, monkeypatch):
    """``--db``: a SQLite file, or a PostgreSQL database's URL (both backends)."""
    monkeypatch.delenv("KORTPOENG_DB", raising=False)
    return db_url


def run(capsys, *argv, language="en"):
    with use_language(language):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _samples(db, capsys):
    for game in GAMES:
        assert run(capsys, "--db", db, "import", str(SAMPLES / f"{game}.json"))[0] == 0


def test_stats_prints_the_screens_figures(db, capsys):
    """Worked out in tests/app/test_statistics.py: Lise won Swedish Rummy with
    hands 105, 0, 0, 117 (55.5 a hand, best 117); Åse won Rummy (penalty) with
    44 points over 5 hands (8.8), her best hand 0. Ingrid, Øystein and Per
    tie: in English alphabetical order (Ø with O), as the screen lists them."""
    _samples(db, capsys)
    status, out, err = run(capsys, "stats", "--db", db)
    assert status == 0, err
    assert out.splitlines() == [
        "Swedish Rummy — 1 finished session · highest total wins",
        "Player  Sessions  Wins  Win rate  Average hand  Best hand  Streak",
        "------  --------  ----  --------  ------------  ---------  ------",
        "Lise           1     1      100%          55.5        117       1",
        "Jonas          1     0        0%          28.5        114       0",
        "Mormor         1     0        0%             0          0       0",
        "",
        "Rummy — 1 finished session · lowest total wins",
        "Player   Sessions  Wins  Win rate  Average hand  Best hand  Streak",
        "-------  --------  ----  --------  ------------  ---------  ------",
        "Åse             1     1      100%           8.8          0       1",
        "Ingrid          1     0        0%             9          0       0",
        "Øystein         1     0        0%          10.2          0       0",
        "Per             1     0        0%          11.2          0       0",
        "",
        "Best hand is the fewest points in one hand when the lowest total wins. "
        "Streak: wins in a row up to the latest session.",
    ]


def test_stats_in_norwegian_and_for_one_game(db, capsys):
    _samples(db, capsys)
    status, out, _ = run(capsys, "stats", "--game", "rummy", "--db", db, language="nb")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Rummy — 1 ferdig parti · lavest sum vinner"
    assert lines[1].split() == [
        "Spiller",
        "Partier",
        "Seire",
        "Vinnerandel",
        "Snitt",
        "per",
        "runde",
        "Beste",
        "runde",
        "Seiersrekke",
    ]
    assert (
        lines[3]
        == "Åse            1      1        100\xa0%              8,8            0            1"
    )
    assert "Swedish Rummy" not in out and "Svensk" not in out
    status, out, _ = run(capsys, "stats", "--game", "four_suit_rummy", "--db", db)
    assert (status, out) == (0, "No finished sessions of Four Suit Rummy yet\n")


def test_stats_note_on_best_hand_only_when_a_lowest_wins_game_is_shown(db, capsys):
    """The note that the best hand is the fewest points is printed only when a
    game shown is lowest-wins (Rummy); with highest-wins games alone (Swedish
    Rummy) only the streak's note is printed, in either language."""
    _samples(db, capsys)
    status, out, _ = run(capsys, "stats", "--game", "swedish_rummy", "--db", db)
    assert status == 0
    assert out.splitlines()[0] == "Swedish Rummy — 1 finished session · highest total wins"
    assert out.splitlines()[-1] == "Streak: wins in a row up to the latest session."
    assert "fewest" not in out
    status, out, _ = run(capsys, "stats", "--game", "swedish_rummy", "--db", db, language="nb")
    assert out.splitlines()[-1] == "Seiersrekke: seire på rad fram til siste parti."
    assert "færrest" not in out
    status, out, _ = run(capsys, "stats", "--game", "rummy", "--db", db)
    assert out.splitlines()[-1] == (
        "Best hand is the fewest points in one hand when the lowest total wins. "
        "Streak: wins in a row up to the latest session."
    )


def test_stats_show_what_the_statistics_screen_shows(db, capsys):
    """The command and the screen read the same use case."""
    from app.reports.statistics import game_statistics
    from models.db import init_db, make_engine

    _samples(db, capsys)
    engine = make_engine(db)
    init_db(engine)
    try:
        games = game_statistics(engine=engine)
    finally:
        engine.dispose()
    _, out, _ = run(capsys, "stats", "--db", db)
    for game in games:
        for player in game.players:
            assert any(line.split()[0] == player.player for line in out.splitlines() if line)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_stats_order_names_that_tie_as_the_screen_does(db, capsys, language):
    """The sample Rummy session's three losers tie on every figure: the
    command lists them in the language's alphabetical order, as the screen
    does (in Norwegian Ø comes after P; in English with O)."""
    from app.reports.statistics import game_statistics
    from models.db import init_db, make_engine

    _samples(db, capsys)
    engine = make_engine(db)
    init_db(engine)
    try:
        with use_language(language):
            [screen] = [g for g in game_statistics(engine=engine) if g.game_id == "rummy"]
    finally:
        engine.dispose()
    _, out, _ = run(capsys, "stats", "--game", "rummy", "--db", db, language=language)
    names = [p.player for p in screen.players]
    printed = [
        line.split()[0] for line in out.splitlines() if line.split()[:1] in [[n] for n in names]
    ]
    assert printed == names
    losers = {"en": ["Ingrid", "Øystein", "Per"], "nb": ["Ingrid", "Per", "Øystein"]}[language]
    assert names[1:] == losers


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "backups"
    folder.mkdir()
    for game in GAMES:
        shutil.copy(SAMPLES / f"{game}.json", folder / f"{game}.JSON")
    (folder / "notes.txt").write_text("not a session file", encoding="utf-8")
    (folder / "sub.json").mkdir()  # a folder is not a file
    return folder


def test_import_a_folder_and_files_each_on_its_own(db, capsys, tmp_path):
    folder = _folder(tmp_path)
    bad = folder / "broken.json"
    bad.write_text('{"format": "kortpoeng-session", "version": 1, "game"', encoding="utf-8")
    status, out, err = run(capsys, "--db", db, "import", str(folder))
    assert status == 2  # one refused: the others are stored all the same
    assert out.splitlines()[-1] == "4 files: 3 stored, 0 stored already, 1 refused"
    assert sum(line.startswith(str(folder)) for line in out.splitlines()) == 3
    # the refusal in one line, then the stored four-suit sample's one warning
    # (as `kortpoeng score` says it), named by its file
    refusal, warning = err.splitlines()
    assert refusal.startswith(f"{bad}: ") and "not valid JSON" in refusal
    assert warning == (
        f"{folder / 'four_suit_rummy.JSON'}: Hand 2: 9 of diamonds entered 2 times,"
        " but only 1 deck is in play"
    )
    _, listed, _ = run(capsys, "list", "--db", db)
    assert len(listed.splitlines()) == 2 + 3  # header, rule, three sessions

    bad.unlink()
    status, out, err = run(capsys, "--db", db, "import", str(folder))
    assert status == 1  # nothing new
    assert out.splitlines() == ["3 files: 0 stored, 3 stored already, 0 refused"]
    assert len(err.splitlines()) == 3 and "already stored as number" in err

    doc = json.loads((SAMPLES / "rummy.json").read_text(encoding="utf-8"))
    doc["id"] = "0b7c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4"
    extra = tmp_path / "extra.json"
    extra.write_text(json.dumps(doc), encoding="utf-8")
    status, out, _ = run(capsys, "--db", db, "import", str(extra), str(folder))
    assert status == 0  # every file is stored now, one of them just now
    assert out.splitlines()[-1] == "4 files: 1 stored, 3 stored already, 0 refused"


def test_import_with_nothing_to_read(db, capsys, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    status, out, err = run(capsys, "--db", db, "import", str(empty), str(tmp_path / "gone.json"))
    assert status == 2
    assert f"{empty}: no session files (*.json) in it" in err
    assert "Cannot read" in err and "gone.json" in err
    assert out.splitlines()[-1] == "2 files: 0 stored, 0 stored already, 2 refused"
    status, out, err = run(capsys, "--db", db, "import", str(empty), language="nb")
    assert status == 2 and "ingen partifiler (*.json) i den" in err
    assert out.splitlines()[-1] == "1 fil: 0 lagret, 0 lagret fra før, 1 avvist"


def loaded_after(db: str, commands: list[list[str]], names: list[str]) -> str:
    """Run ``commands`` in one fresh process on ``db``: their exit statuses and
    which of ``names`` were loaded, as ``"[0, 0] ['a.b']"``."""
    code = (
        "import contextlib, io, sys\n"
        "from app.cli import main\n"
        "out = io.TextIOWrapper(io.BytesIO())\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    statuses = [main(c) for c in {commands!r}]\n"
        f"print(statuses, sorted(m for m in {names!r} if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"KORTPOENG_DB": db, "KORTPOENG_LANG": "en", "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.stdout


def test_read_commands_load_no_sqlalchemy(db, capsys):
    """``list``, ``show``, ``export`` (not PDF) and ``stats`` read a SQLite
    file at the newest schema with the standard library alone, and a
    PostgreSQL database with psycopg alone."""
    _samples(db, capsys)
    commands = [
        ["list"],
        ["show", "1"],
        ["stats"],
        ["export", "1", "--format", "txt", "--output", "-"],
    ]
    loaded = loaded_after(db, commands, ["flet", "sqlalchemy", "sqlmodel"])
    assert loaded == "[0, 0, 0, 0] []", loaded


def test_list_loads_only_what_it_prints(db, capsys):
    """``list`` names built-in games by their ids and prints names: it loads no
    game-definition code (not even for a session with a snapshot of its built-in
    game's rules), no rules, none of the error words and no zip reader (each was
    a share of its time above twice ``--version``'s; psycopg loads zipfile
    itself). The registry's id list costs nothing: it loads no game."""
    _samples(db, capsys)
    names = ["app.messages.app_errors", "app.messages.scoring_errors", "scoring.definition"]
    names += ["scoring.rules", "scoring.data_game", "scoring.four_suit_rummy", "sqlalchemy"] + (
        [] if db.startswith("postgresql") else ["zipfile"]
    )
    loaded = loaded_after(db, [["list"]], names)
    assert loaded == "[0] []", loaded


def test_show_stats_and_text_export_load_only_what_they_print(db, capsys):
    """The coded game's session (Four Suit Rummy, number 3) shown and exported
    as text, and the statistics: no game-definition code is loaded, and names
    in Latin letters are measured without wcwidth (each was a share of the
    time above twice ``--version``'s). A game defined as data is scored by its
    definition: showing one reads it."""
    _samples(db, capsys)
    commands = [["show", "3"], ["stats"], ["export", "3", "--format", "txt", "--output", "-"]]
    names = ["scoring.data_game", "scoring.definition", "sqlalchemy", "wcwidth"]
    loaded = loaded_after(db, commands, names)
    assert loaded == "[0, 0, 0] []", loaded


@pytest.mark.sqlite_only
def test_show_rescores_what_other_scoring_code_stored(db, capsys):
    """The quick read path finds a session scored by other code and writes it
    again (through SQLAlchemy) before showing it: the figures follow the
    running rules."""
    _samples(db, capsys)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE game_session SET scored_with = 'older', totals = '[1, 2, 3, 4]'")
        raw.execute("DELETE FROM score_sheet_chunk")
    status, out, _ = run(capsys, "show", "1", "--db", db)
    assert status == 0
    assert ["1", "Åse", "44", "0"] in [line.split() for line in out.splitlines()]
    with sqlite3.connect(db) as raw:
        tags = {tag for (tag,) in raw.execute("SELECT scored_with FROM game_session")}
        pieces = raw.execute("SELECT COUNT(*) FROM score_sheet_chunk").fetchone()[0]
    assert "older" in tags and len(tags) == 2  # the session shown only
    assert pieces == 1
    status, out, _ = run(capsys, "stats", "--db", db)  # rescores the others
    assert status == 0 and "Lise" in out
    with sqlite3.connect(db) as raw:
        assert {tag for (tag,) in raw.execute("SELECT scored_with FROM game_session")} != tags
        assert "older" not in {t for (t,) in raw.execute("SELECT scored_with FROM game_session")}
